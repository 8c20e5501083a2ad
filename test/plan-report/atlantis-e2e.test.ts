// examples/ci/atlantis.yaml and atlantis-repos.yaml as Atlantis runs them: the repo config's projects choose the server's
// workflows (which the server allows), and each workflow stage's steps run the way Atlantis' step runners do (from
// Atlantis' docs and source): `run` through `sh -c` in the project's DIR with the server's environment plus the step
// environment Atlantis documents (WORKSPACE, ATLANTIS_TERRAFORM_VERSION, DIR, PLANFILE, SHOWFILE, POLICYCHECKFILE,
// BASE_REPO_NAME, BASE_REPO_OWNER, HEAD_REPO_NAME, HEAD_REPO_OWNER, HEAD_BRANCH_NAME, HEAD_COMMIT, BASE_BRANCH_NAME,
// PROJECT_NAME, PULL_NUM, PULL_URL, PULL_AUTHOR, REPO_REL_DIR, USER_NAME, COMMENT_ARGS, ATLANTIS_PR_APPROVED,
// ATLANTIS_PR_MERGEABLE), stdout and stderr together as the step's output, `output: hide` left out of the comment;
// `env` steps set a variable for the steps after them; built-in `init` (output only on failure) and `apply` (of
// $PLANFILE); a non-zero exit stops the stage. Real Terraform against the local service: the plan comment is the
// monitor report; a gated change exits 3 and leaves no plan to apply; an approved pull request plans and applies.
// The CDKTF workflow runs as on a server set up for OpenTofu (TERRAFORM_BINARY_NAME=tofu, a recording `tofu`).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'yaml';
import { planReport } from '../../src/plan-report/index.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const GATES = ['archive,replace,no-alerts,unpublish,duplicate'];

/** A step as the YAML holds it: a built-in's name, or `run` / `env` (built-ins with extra_args are not used). */
type Step =
  | string
  | {
      run?: string | { command: string; output?: string | string[] };
      env?: { name: string; value?: string; command?: string };
    };
interface Workflow {
  plan: { steps: Step[] };
  apply: { steps: Step[] };
}
const server = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'atlantis-repos.yaml'), 'utf8')) as {
  repos: {
    id: string;
    allowed_overrides?: string[];
    allowed_workflows?: string[];
    allow_custom_workflows?: boolean;
  }[];
  workflows: Record<string, Workflow>;
};
const repoConfig = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'atlantis.yaml'), 'utf8')) as {
  version: number;
  projects: { name: string; dir: string; workflow: string; autoplan?: { when_modified?: string[] } }[];
  workflows?: unknown;
};

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;
let repo: string;
let serverEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { FORCE_COLOR: '0' },
  });
  repo = join(ws.dir, 'repo');
  // uptimectl as the Atlantis image has it: a command on the PATH.
  const bin = join(ws.dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'uptimectl'),
    `#!/bin/sh\nexec "${process.execPath}" "${TSX}" "${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}" "$@"\n`,
  );
  chmodSync(join(bin, 'uptimectl'), 0o755);
  serverEnv = {
    ...ws.env,
    PATH: [
      bin,
      ...(ws.env.PATH ?? '').split(delimiter).filter((p) => !p.includes(join('node_modules', '.bin'))),
    ].join(delimiter),
    UPTIME_BASE_URL: svc.baseUrl,
    UPTIME_API_TOKEN: svc.tokens.full!,
  };
}, HANG_GUARD_MS);
afterAll(async () => {
  ws?.dispose();
  await svc?.close();
});

interface StageResult {
  code: number;
  /** What Atlantis puts in the comment: the outputs of the steps that show theirs, joined. */
  comment: string;
  planfile: string;
  showfile: string;
}

/** `sh -c` as Atlantis' run step: stdout and stderr read as they arrive, line by line, into one output. */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => (out += `${line}\n`));
    child.on('close', (code) => setImmediate(() => resolve({ code: code ?? 1, out })));
  });
}

/** One stage of a project's workflow, with the environment Atlantis gives its steps. */
async function stage(
  projectName: string,
  which: 'plan' | 'apply',
  pr: { approved?: boolean } = {},
  environment: NodeJS.ProcessEnv = serverEnv,
): Promise<StageResult> {
  const project = repoConfig.projects.find((p) => p.name === projectName)!;
  const workflow = server.workflows[project.workflow]!;
  const dir = join(repo, project.dir);
  const workspace = 'default';
  const planfile = join(dir, `${projectName}-${workspace}.tfplan`);
  const showfile = join(dir, `${projectName}-${workspace}.json`);
  const env: NodeJS.ProcessEnv = {
    ...environment,
    WORKSPACE: workspace,
    ATLANTIS_TERRAFORM_VERSION: '1.11.4',
    DIR: dir,
    PLANFILE: planfile,
    SHOWFILE: showfile,
    POLICYCHECKFILE: join(dir, `${projectName}-${workspace}-policycheck.json`),
    BASE_REPO_NAME: 'infra',
    BASE_REPO_OWNER: 'acme',
    HEAD_REPO_NAME: 'infra',
    HEAD_REPO_OWNER: 'acme',
    HEAD_BRANCH_NAME: 'change-monitors',
    HEAD_COMMIT: '0123456789abcdef0123456789abcdef01234567',
    BASE_BRANCH_NAME: 'main',
    PROJECT_NAME: projectName,
    PULL_NUM: '42',
    PULL_URL: 'https://github.com/acme/infra/pull/42',
    PULL_AUTHOR: 'dev',
    REPO_REL_DIR: relative(repo, dir),
    USER_NAME: 'reviewer',
    COMMENT_ARGS: '',
    ATLANTIS_PR_APPROVED: String(!!pr.approved),
    ATLANTIS_PR_MERGEABLE: 'true',
  };
  const outputs: string[] = [];
  const done = (code: number, failed?: string): StageResult => ({
    code,
    comment: [...outputs, ...(failed ? [failed] : [])].join('\n'),
    planfile,
    showfile,
  });
  for (const step of workflow[which].steps) {
    if (step === 'init') {
      const lock = existsSync(join(dir, '.terraform.lock.hcl')) ? '' : ' -upgrade';
      const r = await sh(`terraform init -input=false${lock}`, dir, env);
      if (r.code) return done(r.code, r.out);
    } else if (step === 'apply') {
      if (!existsSync(planfile))
        return done(
          1,
          `no plan found at path "${env.REPO_REL_DIR}" and workspace "default"–did you run plan?`,
        );
      const r = await sh(`terraform apply -input=false "${planfile}"`, dir, env);
      if (r.code) return done(r.code, r.out);
      rmSync(planfile);
      outputs.push(r.out);
    } else if (typeof step === 'object' && step.run) {
      const run = typeof step.run === 'string' ? { command: step.run, output: 'show' } : step.run;
      const r = await sh(run.command, dir, env);
      if (r.code) return done(r.code, r.out);
      if ((run.output ?? 'show') !== 'hide' && r.out) outputs.push(r.out);
    } else if (typeof step === 'object' && step.env) {
      const e = step.env;
      env[e.name] = e.command !== undefined ? (await sh(e.command, dir, env)).out.trim() : (e.value ?? '');
    } else throw new Error(`the test does not run step ${JSON.stringify(step)}`);
  }
  return done(0);
}

/** The report the workflow's step is meant to show: plan-report on the same plan, as the step runs it. */
async function expectedReport(showfile: string, approved: string): Promise<string> {
  const r = await planReport({
    inputs: [showfile],
    format: 'text',
    check: true,
    probe: true, // the workflow's report step probes (these hosts do not resolve: the same verdicts each run)
    failOn: GATES,
    approved,
    baseUrl: svc.baseUrl,
    token: svc.tokens.full!,
  });
  return (
    r.markdown +
    (r.matched.length
      ? `plan-report: --fail-on matched: ${r.matched.join(', ')}${r.approved ? ' (approved)' : ''}\n`
      : '')
  );
}

const hcl = (archived: boolean) => `${requiredProviders()}
resource "uptime_monitor" "site" {
  name             = "Site"
  url              = "https://site.atlantis.example.com/"
  interval_seconds = 300
  archived         = ${archived}
}
`;

describe('examples/ci/atlantis.yaml with the server config examples/ci/atlantis-repos.yaml', () => {
  test('every project uses a workflow the server defines and lets repositories choose; no custom workflows needed', () => {
    expect(repoConfig.version).toBe(3);
    expect(repoConfig.workflows).toBeUndefined();
    const rule = server.repos.find((r) => r.id === '/.*/')!;
    expect(rule.allowed_overrides).toContain('workflow');
    expect(rule.allow_custom_workflows).toBeFalsy();
    for (const p of repoConfig.projects) {
      expect(server.workflows).toHaveProperty(p.workflow);
      expect(rule.allowed_workflows).toContain(p.workflow);
    }
    // Both workflows end their plan stage with the same report step (a YAML alias: one definition).
    const last = (w: string) => server.workflows[w]!.plan.steps.at(-1);
    expect(last('uptime-monitors-cdktf')).toEqual(last('uptime-monitors'));
    expect(JSON.stringify(last('uptime-monitors'))).toContain(`--fail-on ${GATES[0]}`);
  });
});

describeTf('Atlantis workflows, step by step with the step environment', () => {
  test(
    'HCL: the plan comment is the report; a gated change exits 3 and leaves nothing to apply; approved, it plans and applies',
    async () => {
      mkdirSync(join(repo, 'monitors'), { recursive: true });
      writeFileSync(join(repo, 'monitors', 'main.tf'), hcl(false));

      let r = await stage('monitors', 'plan');
      expect({ code: r.code, comment: r.code ? r.comment.slice(-3000) : '' }).toEqual({
        code: 0,
        comment: '',
      });
      expect(r.comment).toBe(await expectedReport(r.showfile, ''));
      expect(r.comment).toContain(
        '+ "Site" ("https://site.atlantis.example.com/") uptime_monitor.site: created',
      );
      expect(r.comment).not.toMatch(/Refreshing state|Terraform will perform/);
      expect(r.comment).not.toContain(svc.tokens.full!);
      expect(existsSync(r.planfile)).toBe(true);
      r = await stage('monitors', 'apply');
      expect(r.code).toBe(0);
      expect(r.comment).toMatch(/Apply complete! Resources: 1 added/);

      // A change the gates hold back: exit 3, the report says why, and the plan is gone.
      writeFileSync(join(repo, 'monitors', 'main.tf'), hcl(true));
      r = await stage('monitors', 'plan');
      expect(r.code).toBe(3);
      expect(r.comment).toBe(await expectedReport(r.showfile, ''));
      expect(r.comment).toContain('! Approval required: this plan contains "archive"');
      expect(r.comment.trimEnd().split('\n').at(-1)).toBe('plan-report: --fail-on matched: archive');
      expect(existsSync(r.planfile)).toBe(false);
      r = await stage('monitors', 'apply');
      expect(r.code).not.toBe(0);
      expect(r.comment).toContain('no plan found');
      const site = (await api.listMonitors()).find((m: any) => m.name === 'Site');
      expect(site.archived).toBe(false);

      // The pull request approved and planned again: the gates report it as approved; the apply archives.
      r = await stage('monitors', 'plan', { approved: true });
      expect(r.code).toBe(0);
      expect(r.comment).toBe(await expectedReport(r.showfile, 'the pull request is approved'));
      expect(r.comment).toContain(
        '! Approved ("the pull request is approved"): this plan contains "archive"',
      );
      expect(existsSync(r.planfile)).toBe(true);
      expect((await stage('monitors', 'apply', { approved: true })).code).toBe(0);
      expect((await api.monitor(site.id)).archived).toBe(true);
      r = await stage('monitors', 'plan');
      expect(r.comment).toContain('# No monitor changes.');
    },
    HANG_GUARD_MS,
  );

  test(
    'CDKTF, on the OpenTofu variant of the server: the CDK CLI for this Node synthesizes, the stack named like the project is planned (by tofu) and reported, then applied',
    async () => {
      const dir = join(repo, 'monitors-cdktf');
      mkdirSync(join(dir, 'node_modules'), { recursive: true });
      for (const cli of ['cdktf-cli', 'cdktn-cli'])
        symlinkSync(join(REPO_ROOT, 'node_modules', cli), join(dir, 'node_modules', cli));
      const app = `"${process.execPath}" "${TSX}" "${join(REPO_ROOT, 'test', 'plan-report', 'ci-app', 'main.ts')}"`;
      writeFileSync(join(dir, 'cdktf.json'), JSON.stringify({ language: 'typescript', app }));
      // The OpenTofu variant of the server (TERRAFORM_BINARY_NAME=tofu): this workflow has only `run` steps, and each
      // runs `tofu`, here a recording stand-in that hands to Terraform; a recording `terraform` must stay unused.
      const bin = join(ws.dir, 'tofu-bin');
      const log = join(ws.dir, 'binaries.log');
      const terraform = execFileSync('/bin/sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim();
      mkdirSync(bin);
      for (const name of ['tofu', 'terraform']) {
        writeFileSync(
          join(bin, name),
          `#!/bin/sh\necho "${name} $*" >> '${log}'\nexec '${terraform}' "$@"\n`,
        );
        chmodSync(join(bin, name), 0o755);
      }
      const openTofuServer = {
        ...serverEnv,
        PATH: `${bin}${delimiter}${serverEnv.PATH}`,
        TERRAFORM_BINARY_NAME: 'tofu',
      };

      let r = await stage('web', 'plan', {}, openTofuServer);
      expect({ code: r.code, comment: r.code ? r.comment.slice(-3000) : '' }).toEqual({
        code: 0,
        comment: '',
      });
      expect(existsSync(join(dir, 'cdktf.out', 'stacks', 'web', 'cdk.tf.json'))).toBe(true);
      expect(r.comment).toBe(await expectedReport(r.showfile, ''));
      expect(r.comment).toContain('"Home" ("https://www.ci-app.example.com/")');
      expect(r.comment).toContain('"Blog" ("https://blog.ci-app.example.com/")');
      expect(r.comment).not.toContain('API health'); // the api stack is another project
      r = await stage('web', 'apply', {}, openTofuServer);
      expect(r.code).toBe(0);
      const calls = readFileSync(log, 'utf8').trim().split('\n');
      expect(calls.filter((c) => !c.startsWith('tofu '))).toEqual([]);
      expect(calls.map((c) => c.split(' ').slice(0, 3).join(' '))).toEqual(
        expect.arrayContaining([
          'tofu -chdir=cdktf.out/stacks/web init',
          'tofu -chdir=cdktf.out/stacks/web plan',
          'tofu -chdir=cdktf.out/stacks/web show',
          'tofu -chdir=cdktf.out/stacks/web apply',
        ]),
      );
      const names = (await api.listMonitors()).map((m: any) => m.name);
      expect(names).toEqual(expect.arrayContaining(['Home', 'Blog']));
      expect(names).not.toContain('API health');
    },
    HANG_GUARD_MS,
  );
});
