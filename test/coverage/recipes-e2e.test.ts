// The review recipes with coverage, end to end with real Terraform and the cloud-provider stand-ins: off by default,
// one switch (PLAN_REPORT_COVERAGE=1) turns it on in examples/ci/plan-and-report.sh (GitHub Actions, GitLab CI) and
// in the Atlantis workflow's report step (examples/ci/atlantis-repos.yaml, run as Atlantis runs a step: `sh -c` in
// the project, output into the comment); `uncovered` in the gates fails the run, UPTIME_COVERAGE_IGNORE lifts it. The
// GitHub and GitLab files carry the switch, off.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { coverageMirror, CoverageProject, run, type CoverageMirror } from './providers/mirror.js';
import { header } from './scenarios.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
jest.setTimeout(HANG_GUARD_MS);
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const UPTIMECTL = `${process.execPath} ${TSX} ${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}`;
const SCRIPT = join(REPO_ROOT, 'examples', 'ci', 'plan-and-report.sh');

const CONFIG = `${header('aws')}
resource "aws_lb" "public" { name = "public" }
resource "aws_lb" "watched" { name = "watched" }
resource "uptime_monitor" "watched" {
  name = "Watched"
  url  = "https://\${aws_lb.watched.dns_name}/"
}
`;

let mirror: CoverageMirror;
let project: CoverageProject;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  mirror = await coverageMirror();
  project = new CoverageProject(mirror, 'recipes');
  project.write({ 'main.tf': CONFIG });
  // uptimectl on the PATH, as the CI image and the Atlantis image have it.
  const bin = join(mirror.dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'uptimectl'), `#!/bin/sh\nexec ${UPTIMECTL} "$@"\n`);
  chmodSync(join(bin, 'uptimectl'), 0o755);
  env = {
    ...mirror.env,
    PATH: [bin, ...(mirror.env.PATH ?? '').split(delimiter)].join(delimiter),
    UPTIMECTL: 'uptimectl',
    GITHUB_TOKEN: '',
    PLAN_REPORT_PROBE: '0',
  };
}, HANG_GUARD_MS);
afterAll(async () => {
  await mirror?.dispose();
});

describeTf('examples/ci/plan-and-report.sh', () => {
  const comment = () => join(mirror.dir, 'comment.md');
  const script = (extra: NodeJS.ProcessEnv) =>
    run('bash', [SCRIPT, project.dir, 'plan'], project.dir, { ...env, COMMENT_FILE: comment(), ...extra });

  it('leaves coverage out by default', async () => {
    const r = await script({ PLAN_REPORT_FAIL_ON: 'archive' });
    expect([r.code, r.code ? r.stderr.slice(-2000) : '']).toEqual([0, '']);
    expect(readFileSync(comment(), 'utf8')).not.toContain('Monitoring coverage');
  });

  it('PLAN_REPORT_COVERAGE=1 adds the review; uncovered in the gates fails it; UPTIME_COVERAGE_IGNORE lifts it', async () => {
    let r = await script({ PLAN_REPORT_COVERAGE: '1', PLAN_REPORT_FAIL_ON: 'archive,uncovered' });
    expect(r.code).toBe(3);
    const body = readFileSync(comment(), 'utf8');
    expect(body).toContain('### Monitoring coverage');
    expect(body).toContain(
      "- `aws_lb.public` (load balancer): no monitor's url refers to it; suggested monitor below",
    );
    expect(body).toContain('url  = "https://${aws_lb.public.dns_name}/"');
    expect(body).toContain('**Approval required**: this plan contains `uncovered`');
    r = await script({
      PLAN_REPORT_COVERAGE: '1',
      PLAN_REPORT_FAIL_ON: 'archive,uncovered',
      UPTIME_COVERAGE_IGNORE: 'aws_lb.public',
    });
    expect([r.code, r.code ? r.stderr.slice(-2000) : '']).toEqual([0, '']);
    expect(readFileSync(comment(), 'utf8')).toContain(
      '_Left out: `aws_lb.public` (--coverage-ignore `aws_lb.public`)._',
    );
  });
});

describeTf('examples/ci/atlantis-repos.yaml', () => {
  const server = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'atlantis-repos.yaml'), 'utf8')) as {
    workflows: Record<string, { plan: { steps: (string | { run?: string | { command: string } })[] } }>;
  };
  const report = server.workflows['uptime-monitors']!.plan.steps.find(
    (s): s is { run: string } =>
      typeof s === 'object' && typeof s.run === 'string' && s.run.includes('plan-report'),
  )!.run;

  /** The report step as Atlantis runs it: `sh -c` in the project, stdout and stderr into the comment. */
  function step(extra: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const child = spawn('sh', ['-c', report], {
        cwd: project.dir,
        env: {
          ...env,
          PLANFILE: join(project.dir, 'tfplan'),
          SHOWFILE: join(project.dir, 'atlantis.json'),
          UPTIME_APPROVAL: '',
          ...extra,
        },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += String(d)));
      child.stderr.on('data', (d) => (out += String(d)));
      child.on('close', (code) => resolve({ code: code ?? 1, out }));
    });
  }

  beforeAll(async () => {
    writeFileSync(join(project.dir, 'atlantis.json'), await project.plan());
  });

  it('has no coverage unless PLAN_REPORT_COVERAGE=1, which shows it as text in the comment', async () => {
    const off = await step({});
    expect(off.out).not.toContain('Monitoring coverage');
    const on = await step({ PLAN_REPORT_COVERAGE: '1' });
    expect(on.out).toContain('# Monitoring coverage: uncovered 1, covered 1');
    expect(on.out).toContain("!   aws_lb.public (load balancer): no monitor's url refers to it");
    expect(on.out).toContain('+   url  = "https://${aws_lb.public.dns_name}/"');
    expect(on.code).toBe(off.code);
  });
});

test('the GitHub Actions and GitLab CI recipes carry the switch, off', () => {
  const gh = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'github-actions.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { name?: string; env?: Record<string, string> }[] }>;
  };
  const step = gh.jobs.plan!.steps.find((s) => s.name === 'Plan and report')!;
  expect(step.env!.PLAN_REPORT_COVERAGE).toBe('0');
  const gl = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'gitlab-ci.yml'), 'utf8')) as Record<
    string,
    { variables?: Record<string, string> }
  >;
  expect(gl['monitors:plan']!.variables!.PLAN_REPORT_COVERAGE).toBe('0');
  expect(gl['monitors:drift']!.variables).not.toHaveProperty('PLAN_REPORT_COVERAGE');
});
