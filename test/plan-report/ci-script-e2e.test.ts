// examples/ci/plan-and-report.sh end to end with real Terraform against the local service: the HCL project and a
// two-stack CDKTF app (synthesized by the CDK CLI that runs on this Node: `uptimectl cdk synth`), each planned (comment
// written to a file: no GitHub token), gated with PLAN_REPORT_FAIL_ON, applied in `apply` mode, and re-planned with
// no changes. The GitHub API is played by a local mock (github-mock.ts): one comment on the pull request behind more
// than a page of others, updated on the next run; the approval label, read when the script runs, lifts the gates; a
// create that duplicates a monitor made in the dashboard is caught by --check and gated, where the apply after merge
// would fail. (GitLab: gitlab-ci-e2e.test.ts.)
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { GitHubMock } from '../post/github-mock.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const SCRIPT = join(REPO_ROOT, 'examples', 'ci', 'plan-and-report.sh');
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SECRET = `ci-SECRET-SENTINEL-${Math.random().toString(16).slice(2)}`;

let svc: RunningService;
let ws: TerraformWorkspace;
let gh: GitHubMock;

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full, TF_VAR_api_key: SECRET },
  });
  gh = await GitHubMock.start('ghs_ci_script_test');
}, HANG_GUARD_MS);
afterAll(async () => {
  ws?.dispose();
  await gh?.close();
  await svc?.close();
});

function script(
  dir: string,
  mode: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      'bash',
      [SCRIPT, dir, mode],
      {
        cwd: dir,
        env: {
          ...ws.env,
          UPTIMECTL: `${process.execPath} ${TSX} ${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}`,
          GITHUB_TOKEN: '',
          ...env,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, _out, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    ),
  );
}

/** The exit code, with the script's output in the failure message. */
function expectExit(r: { code: number; stderr: string }, code: number): void {
  expect({ code: r.code, stderr: r.code === code ? '' : r.stderr.slice(-3000) }).toEqual({
    code,
    stderr: '',
  });
}

const hcl = (archived: boolean) => `${requiredProviders()}
variable "api_key" {
  type      = string
  sensitive = true
}
resource "uptime_monitor" "site" {
  name             = "Site"
  url              = "https://site.ci.example.com/"
  interval_seconds = 300
  archived         = ${archived}
  request_headers  = [{ name = "X-Api-Key", value = var.api_key }]
}
`;

describeTf('examples/ci/plan-and-report.sh', () => {
  test(
    'HCL: plan → comment file; gate exits 3 on an archive; apply; re-plan empty',
    async () => {
      const dir = join(ws.dir, 'hcl');
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.tf'), hcl(false));
      const comment = join(ws.dir, 'hcl-comment.md');
      let r = await script(dir, 'plan', { COMMENT_FILE: comment });
      expectExit(r, 0);
      let body = readFileSync(comment, 'utf8');
      expect(body.startsWith('<!-- uptimectl:plan-report -->')).toBe(true);
      expect(body).toContain('| created | 1 |');
      expect(body).toContain('header `X-Api-Key` added (value hidden)');
      expect(r.stderr).toContain(`nothing posted; the comment is in ${comment}`);

      expectExit(await script(dir, 'apply'), 0);
      writeFileSync(join(dir, 'main.tf'), hcl(true));
      r = await script(dir, 'plan', { COMMENT_FILE: comment, PLAN_REPORT_FAIL_ON: 'archive,replace' });
      expectExit(r, 3);
      body = readFileSync(comment, 'utf8');
      expect(body).toContain('**Archived** (1)');
      expect(body).toContain('**Approval required**: this plan contains `archive`');
      for (const f of [comment, join(ws.dir, 'hcl-comment-full.md')])
        expect(readFileSync(f, 'utf8')).not.toContain(SECRET);
      expect(r.stderr).not.toContain(SECRET);

      writeFileSync(join(dir, 'main.tf'), hcl(false));
      r = await script(dir, 'plan', { COMMENT_FILE: comment });
      expect(readFileSync(comment, 'utf8')).toContain('No monitor changes.');
    },
    HANG_GUARD_MS,
  );

  test(
    'OpenTofu: with tofu and no terraform on the PATH the script runs tofu (TERRAFORM_BINARY_NAME unset); with neither it says so',
    async () => {
      const dir = join(ws.dir, 'tofu');
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'main.tf'),
        `${requiredProviders()}
resource "uptime_monitor" "tofu" {
  name = "Planned by tofu"
  url  = "https://tofu.ci.example.com/"
}
`,
      );
      // No OpenTofu binary here: a `tofu` that records its arguments and hands them to Terraform.
      const bin = join(ws.dir, 'tofu-bin');
      const log = join(ws.dir, 'tofu.log');
      const terraform = execFileSync('/bin/sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim();
      expect(terraform.startsWith('/usr/bin/') || terraform.startsWith('/bin/')).toBe(false);
      mkdirSync(bin);
      writeFileSync(join(bin, 'tofu'), `#!/bin/sh\necho "tofu $*" >> '${log}'\nexec '${terraform}' "$@"\n`);
      chmodSync(join(bin, 'tofu'), 0o755);
      const comment = join(ws.dir, 'tofu-comment.md');
      const r = await script(dir, 'plan', {
        PATH: `${bin}:/usr/bin:/bin`,
        TERRAFORM_BINARY_NAME: '',
        COMMENT_FILE: comment,
        PLAN_REPORT_PROBE: '0',
      });
      expectExit(r, 0);
      expect(r.stderr).toContain('== tofu plan in .');
      expect(
        readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => l.split(' ').slice(0, 3).join(' ')),
      ).toEqual(['tofu -chdir=. init', 'tofu -chdir=. plan', 'tofu -chdir=. show']);
      expect(readFileSync(comment, 'utf8')).toContain('| created | 1 |');
      const none = await script(dir, 'plan', { PATH: '/usr/bin:/bin', TERRAFORM_BINARY_NAME: '' });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(
        'plan-and-report.sh: neither terraform nor tofu is on the PATH (TERRAFORM_BINARY_NAME names the command)',
      );
    },
    HANG_GUARD_MS,
  );

  test(
    'CDKTF: the CDK CLI for this Node synthesizes → one plan per stack → one comment naming both stacks; apply; re-plan empty',
    async () => {
      const dir = join(ws.dir, 'cdktf');
      mkdirSync(join(dir, 'node_modules'), { recursive: true });
      // The project's CDK CLIs, as `npm install` gives them: uptimectl cdk picks the one that runs here.
      for (const cli of ['cdktf-cli', 'cdktn-cli'])
        symlinkSync(join(REPO_ROOT, 'node_modules', cli), join(dir, 'node_modules', cli));
      const app = `"${process.execPath}" "${TSX}" "${join(REPO_ROOT, 'test', 'plan-report', 'ci-app', 'main.ts')}"`;
      writeFileSync(join(dir, 'cdktf.json'), JSON.stringify({ language: 'typescript', app }));
      const cli =
        spawnSync(process.execPath, ['-e', "require('@cdktf/node-pty-prebuilt-multiarch')"], {
          cwd: REPO_ROOT,
        }).status === 0
          ? 'cdktf-cli'
          : 'cdktn-cli';
      const comment = join(ws.dir, 'cdktf-comment.md');
      let r = await script(dir, 'apply');
      expectExit(r, 0);
      expect(r.stderr).toContain(`uptimectl cdk: ${cli} `);
      r = await script(dir, 'plan', {
        CI_APP_STEP: '2',
        COMMENT_FILE: comment,
        PLAN_REPORT_FAIL_ON: 'pause',
      });
      expectExit(r, 3);
      const body = readFileSync(comment, 'utf8');
      expect(body).toContain('Stacks: `api` (1), `web` (1)');
      expect(body).toContain('| created | 1 |');
      expect(body).toContain('| paused | 1 |');
      expect(body).toContain('api: <b>Payments</b>');
      expectExit(await script(dir, 'apply', { CI_APP_STEP: '2' }), 0);
      await script(dir, 'plan', { CI_APP_STEP: '2', COMMENT_FILE: comment });
      expect(readFileSync(comment, 'utf8')).toContain('No monitor changes.');
    },
    HANG_GUARD_MS,
  );

  test(
    'GitHub: one comment on the pull request, updated on the next run; a duplicate create is gated before merge',
    async () => {
      const dir = join(ws.dir, 'dup');
      mkdirSync(dir);
      const api = new ServiceApi(svc, svc.tokens.full!);
      const made = await api.call('POST', '/monitors', {
        name: 'Shop @ops (made in the dashboard)',
        url: 'https://shop.ci.example.com/',
      });
      expect(made.status).toBe(201);
      const id = made.json.data.id as string;
      writeFileSync(
        join(dir, 'main.tf'),
        `${requiredProviders()}
resource "uptime_monitor" "shop" {
  name = "Shop"
  url  = "https://shop.ci.example.com/"
}
`,
      );
      const pr = gh.seed({ title: 'Add the shop monitor', body: '', labels: [], pull_request: true });
      // More than a page of review comments before ours (GitHub lists 100 per page at most).
      for (let i = 0; i < 130; i++) pr.comments.push({ id: 500_000 + i, body: `Reviewed part ${i}` });
      const github = {
        GITHUB_TOKEN: gh.token,
        GITHUB_REPOSITORY: gh.repo,
        GITHUB_API_URL: gh.url,
        PR_NUMBER: String(pr.number),
        COMMENT_FILE: join(ws.dir, 'dup-comment.md'),
        PLAN_REPORT_CHECK: '1',
        PLAN_REPORT_FAIL_ON: 'archive,replace,no-alerts,unpublish,duplicate',
        PLAN_REPORT_APPROVAL_LABEL: 'monitors-approved',
      };
      const ours = () => pr.comments.filter((c) => c.body.startsWith('<!-- uptimectl:plan-report -->'));
      let r = await script(dir, 'plan', github);
      expectExit(r, 3);
      expect(r.stderr).toMatch(new RegExp(`created the comment (\\d+) on pull request #${pr.number}`));
      expect(ours()).toHaveLength(1);
      const body = ours()[0]!.body;
      expect(body.startsWith('<!-- uptimectl:plan-report -->')).toBe(true);
      expect(body).toContain('**Already exists in the account (the create would fail)** (1)');
      expect(body).toContain(`\`terraform import 'uptime_monitor.shop' ${id}\``);
      expect(body).toContain('**Approval required**: this plan contains `duplicate`');
      expect(body).not.toMatch(/(^|[^\w`])@ops/); // the name is shown, but pings nobody

      // A reviewer adds the approval label; the job re-runs (the labeled event) and reads it: approved, not failed.
      pr.labels = ['monitors-approved'];
      r = await script(dir, 'plan', github);
      expectExit(r, 0);
      expect(ours()).toHaveLength(1);
      expect(ours()[0]!.body).toContain(
        '**Approved** (`label monitors-approved`): this plan contains `duplicate`',
      );
      expect(gh.calls).toContain(`GET /repos/acme/monitors/issues/${pr.number}/labels?per_page=100`);
      pr.labels = [];
      // Merged anyway, the apply fails exactly as the comment said.
      r = await script(dir, 'apply');
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/already exists/i);

      // Following the advice: import it. The next plan passes the gate, and the same comment is updated.
      const imp = await new Promise<number>((resolve) =>
        execFile(
          'terraform',
          ['import', '-no-color', 'uptime_monitor.shop', id],
          { cwd: dir, env: ws.env },
          (err) => resolve(err ? 1 : 0),
        ),
      );
      expect(imp).toBe(0);
      r = await script(dir, 'plan', github);
      expectExit(r, 0);
      expect(r.stderr).toContain(`updated the comment ${ours()[0]!.id} on pull request #${pr.number}`);
      expect(ours()).toHaveLength(1);
      expect(pr.comments).toHaveLength(131);
      expect(ours()[0]!.body).not.toContain('Already exists in the account');
      expect(ours()[0]!.body).toContain('✅ duplicates: no monitor to create');
    },
    HANG_GUARD_MS,
  );
});
