// examples/ci/gitlab-ci.yml as GitLab CI runs it: the file is parsed, each pipeline's `workflow:rules` and job
// `rules` are evaluated with GitLab's predefined variables for the event (merge request, push to the default
// branch, schedule), and the chosen job's `script` lines run in one bash shell (`set -eo pipefail`, as GitLab
// Runner does) with the job's variables, the CI/CD variables and GitLab's job variables (CI_API_V4_URL,
// CI_PROJECT_ID, CI_MERGE_REQUEST_IID, CI_JOB_TOKEN, …), against a local GitLab API stand-in (gitlab-mock.ts), the
// local service and real Terraform. `before_script` (installing Node, Terraform and the provider) is the only part
// not run: the test environment provides them. Merge request: one note, found behind more than a page of notes and
// updated in place; the approval label, read when the job runs, lifts the gate. Schedule: one drift issue opened,
// updated after its label was removed, closed when the drift is gone. No token in any job log.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import yazl from 'yazl';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { GitLabMock, type GlMergeRequest } from '../post/gitlab-mock.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const GITLAB_TOKEN = `glpat-RECIPE-SENTINEL-${Math.random().toString(16).slice(2)}`;
const JOB_TOKEN = `glcbt-JOB-SENTINEL-${Math.random().toString(16).slice(2)}`;
const MARKER = '<!-- uptimectl:plan-report -->';
const DRIFT_MARKER = '<!-- uptimectl:drift -->';

interface Job {
  extends?: string;
  stage?: string;
  rules?: { if?: string; when?: string; changes?: string[] }[];
  variables?: Record<string, string>;
  script?: string[];
  before_script?: string[];
  resource_group?: string;
  interruptible?: boolean;
  artifacts?: { paths?: string[]; when?: string };
}
const recipe = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', 'gitlab-ci.yml'), 'utf8')) as {
  workflow: { rules: { if?: string; when?: string }[] };
  variables: Record<string, string>;
  [job: string]: unknown;
};
const jobs = Object.fromEntries(
  Object.entries(recipe).filter(
    ([name, v]) => !name.startsWith('.') && v && typeof v === 'object' && 'script' in v,
  ),
) as Record<string, Job>;

/** GitLab's CI/CD expression language, as far as the recipe uses it: $VAR, "strings", ==, !=, &&, ||. */
function gitlabIf(expression: string, vars: Record<string, string | undefined>): boolean {
  const js = expression
    .replace(/\$([A-Za-z_]\w*)/g, (_m, name: string) => `v(${JSON.stringify(name)})`)
    .replace(/==/g, '===')
    .replace(/!===/g, '!==');
  if (/[^\w\s"'().$=!&|,-]/.test(js.replace(/"[^"]*"/g, '""')))
    throw new Error(`unsupported expression ${expression}`);
  const v = (name: string) => vars[name] || null; // an empty variable is null, as GitLab treats it
  return Boolean(new Function('v', `return (${js});`)(v));
}

/** `rules`: the first rule whose `if` matches decides (`when: never` excludes); none matching excludes. */
function ruled(
  rules: { if?: string; when?: string }[] | undefined,
  vars: Record<string, string | undefined>,
): boolean {
  if (!rules) return true;
  const hit = rules.find((r) => !r.if || gitlabIf(r.if, vars));
  return !!hit && hit.when !== 'never';
}

/** The jobs a pipeline with these predefined variables runs (rules: changes are taken as matched). */
function pipeline(vars: Record<string, string | undefined>): string[] {
  if (!ruled(recipe.workflow.rules, vars)) return [];
  return Object.entries(jobs)
    .filter(([, job]) => ruled(job.rules, vars))
    .map(([name]) => name);
}

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;
let gl: GitLabMock;
let project: string;

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { FORCE_COLOR: '0' },
  });
  gl = await GitLabMock.start({ token: GITLAB_TOKEN, jobToken: JOB_TOKEN });
  // The repository as the recipe expects it: ci/*.sh and the project in monitors/.
  project = join(ws.dir, 'repo');
  mkdirSync(join(project, 'ci'), { recursive: true });
  mkdirSync(join(project, 'monitors'));
  for (const f of ['plan-and-report.sh', 'drift-detect.sh'])
    copyFileSync(join(REPO_ROOT, 'examples', 'ci', f), join(project, 'ci', f));
}, HANG_GUARD_MS);
afterAll(async () => {
  ws?.dispose();
  await gl?.close();
  await svc?.close();
});

type Event =
  | { source: 'merge_request_event'; mr: GlMergeRequest }
  | { source: 'push'; branch: string }
  | { source: 'schedule'; variables?: Record<string, string> };

function predefined(e: Event): Record<string, string> {
  const common = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_PIPELINE_SOURCE: e.source,
    CI_API_V4_URL: gl.apiUrl,
    CI_PROJECT_ID: gl.projectId,
    CI_PROJECT_DIR: project,
    CI_DEFAULT_BRANCH: 'main',
    CI_JOB_TOKEN: JOB_TOKEN,
  };
  if (e.source === 'merge_request_event')
    return {
      ...common,
      CI_MERGE_REQUEST_IID: String(e.mr.iid),
      CI_MERGE_REQUEST_LABELS: e.mr.labels.join(','),
    };
  if (e.source === 'push') return { ...common, CI_COMMIT_BRANCH: e.branch };
  return { ...common, CI_COMMIT_BRANCH: 'main', ...e.variables };
}

/** Runs the job's script as GitLab Runner does; `cicd` are the project's CI/CD variables. */
function runJob(
  name: string,
  e: Event,
  cicd: Record<string, string> = { GITLAB_TOKEN },
): Promise<{ code: number; log: string }> {
  const job = jobs[name]!;
  const env: NodeJS.ProcessEnv = {
    ...ws.env,
    UPTIMECTL: `${process.execPath} ${TSX} ${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}`,
    UPTIME_BASE_URL: svc.baseUrl,
    UPTIME_API_TOKEN: svc.tokens.full!,
    ...cicd,
    ...recipe.variables,
    ...job.variables,
    ...predefined(e),
  };
  return new Promise((resolve) =>
    execFile(
      'bash',
      ['-eo', 'pipefail', '-c', job.script!.join('\n')],
      { cwd: project, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, log: `${stdout}${stderr}` }),
    ),
  );
}

function expectExit(r: { code: number; log: string }, code: number): void {
  expect({ code: r.code, log: r.code === code ? '' : r.log.slice(-3000) }).toEqual({ code, log: '' });
}

function expectNoToken(log: string): void {
  for (const t of [GITLAB_TOKEN, JOB_TOKEN, svc.tokens.full!]) expect(log).not.toContain(t);
}

const config = (archived: boolean, apiName = 'API') => `${requiredProviders()}
resource "uptime_monitor" "site" {
  name             = "Site"
  url              = "https://site.gitlab.example.com/"
  interval_seconds = 300
  archived         = ${archived}
}
resource "uptime_monitor" "api" {
  name = "${apiName}"
  url  = "https://api.gitlab.example.com/"
}
`;

const ours = (mr: GlMergeRequest) => mr.notes.filter((n) => !n.system && n.body.startsWith(MARKER));

describe('examples/ci/gitlab-ci.yml pipelines', () => {
  test('which jobs each pipeline runs; applies and drift runs never overlap', () => {
    const mr = { source: 'merge_request_event' as const, mr: { iid: 1, labels: [], notes: [] } };
    expect(pipeline(predefined(mr))).toEqual(['monitors:plan']);
    expect(pipeline(predefined({ source: 'push', branch: 'main' }))).toEqual(['monitors:apply']);
    expect(pipeline(predefined({ source: 'push', branch: 'feature' }))).toEqual([]);
    // A push to a branch with an open merge request: the merge request pipeline runs instead.
    expect(
      pipeline({
        ...predefined({ source: 'push', branch: 'feature' }),
        CI_OPEN_MERGE_REQUESTS: 'acme/infra!1',
      }),
    ).toEqual([]);
    expect(pipeline(predefined({ source: 'schedule', variables: { MONITORS_DRIFT: '1' } }))).toEqual([
      'monitors:drift',
    ]);
    expect(pipeline(predefined({ source: 'schedule' }))).toEqual([]); // another schedule of the project
    expect(jobs['monitors:apply']!.resource_group).toBe('monitors');
    expect(jobs['monitors:drift']!.resource_group).toBe('monitors');
    expect(jobs['monitors:plan']!.interruptible).toBe(true);
    expect(jobs['monitors:apply']!.interruptible).toBeFalsy();
    // Every job gets the tools and the provider mirror the scripts' terraform uses.
    const tools = recipe['.monitors-tools'] as Job;
    for (const job of Object.values(jobs)) expect(job.extends).toBe('.monitors-tools');
    expect(tools.before_script).toContain('npx uptimectl provider install --dir .terraform-uptime');
    expect(tools.before_script).toContain(
      'export TF_CLI_CONFIG_FILE="$CI_PROJECT_DIR/.terraform-uptime/terraform.rc"',
    );
  });
});

describe('examples/ci/gitlab-ci.yml tools: Terraform, or OpenTofu with TERRAFORM_BINARY_NAME=tofu', () => {
  // The download lines of before_script, run with a `curl` that serves release files from a folder and records the
  // URLs, /tmp and /usr/local/bin replaced by folders of the test.
  const tools = (recipe['.monitors-tools'] as Job).before_script!;
  const download = tools.slice(
    tools.findIndex((l) => l.includes('TERRAFORM_BINARY_NAME" = tofu')),
    tools.findIndex((l) => l.startsWith('unzip ')) + 1,
  );

  test.each([
    [
      'tofu',
      `https://github.com/opentofu/opentofu/releases/download/v${recipe.variables.TOFU_VERSION}/tofu_${recipe.variables.TOFU_VERSION}`,
    ],
    [
      'terraform',
      `https://releases.hashicorp.com/terraform/${recipe.variables.TERRAFORM_VERSION}/terraform_${recipe.variables.TERRAFORM_VERSION}`,
    ],
  ])(
    '%s: the release zip and its SHA256SUMS from %s…, checked, and only the binary unpacked',
    async (binary, url) => {
      expect(recipe.variables.TERRAFORM_BINARY_NAME).toBe('terraform');
      const dir = mkdtempSync(join(tmpdir(), 'gitlab-tools-'));
      try {
        const [served, bin, tmp, local] = ['served', 'bin', 'tmp', 'local-bin'].map((d) => join(dir, d));
        for (const d of [served, bin, tmp, local]) mkdirSync(d!);
        const zip = `${url.slice(url.lastIndexOf('/') + 1)}_linux_amd64.zip`;
        await new Promise<void>((resolve, reject) => {
          const z = new yazl.ZipFile();
          z.addBuffer(Buffer.from('#!/bin/sh\n'), binary, { mode: 0o100755 });
          z.addBuffer(Buffer.from('license\n'), 'LICENSE');
          z.end();
          z.outputStream
            .pipe(createWriteStream(join(served!, zip)))
            .on('close', () => resolve())
            .on('error', reject);
        });
        const sha = createHash('sha256')
          .update(readFileSync(join(served!, zip)))
          .digest('hex');
        writeFileSync(
          join(served!, zip.replace('_linux_amd64.zip', '_SHA256SUMS')),
          `${'0'.repeat(64)}  ${zip.replace('linux_amd64', 'darwin_arm64')}\n${sha}  ${zip}\n`,
        );
        writeFileSync(
          join(bin!, 'curl'),
          `#!/bin/sh\nurl=""; out=""\nfor a; do case "$a" in -*O*) out=1 ;; -*) ;; *) url="$a" ;; esac; done\n` +
            `echo "$url" >> '${join(dir, 'urls')}'\nf='${served}'/"\${url##*/}"\n` +
            `if [ -n "$out" ]; then cp "$f" .; else cat "$f"; fi\n`,
        );
        execFileSync('chmod', ['+x', join(bin!, 'curl')]);
        const script = download
          .join('\n')
          .replaceAll('cd /tmp', `cd '${tmp}'`)
          .replaceAll('/usr/local/bin', local!)
          .replaceAll('cd "$CI_PROJECT_DIR"', 'true');
        execFileSync('bash', ['-eo', 'pipefail', '-c', script], {
          env: {
            PATH: `${bin}:${process.env.PATH}`,
            ...recipe.variables,
            TERRAFORM_BINARY_NAME: binary,
          },
          stdio: 'pipe',
        });
        expect(readFileSync(join(dir, 'urls'), 'utf8').trim().split('\n')).toEqual([
          `${url}_linux_amd64.zip`,
          `${url}_SHA256SUMS`,
        ]);
        expect(readdirSync(local!)).toEqual([binary]);
        // A damaged zip fails the job.
        writeFileSync(join(served!, zip), 'damaged');
        rmSync(join(dir, 'urls'));
        expect(() =>
          execFileSync('bash', ['-eo', 'pipefail', '-c', script], {
            env: { PATH: `${bin}:${process.env.PATH}`, ...recipe.variables, TERRAFORM_BINARY_NAME: binary },
            stdio: 'pipe',
          }),
        ).toThrow();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describeTf('examples/ci/gitlab-ci.yml jobs', () => {
  test(
    'merge request: one note behind more than a page of notes; gated; the approval label lifts the gate; the same note updated; apply after merge',
    async () => {
      writeFileSync(join(project, 'monitors', 'main.tf'), config(false));
      expectExit(await runJob('monitors:apply', { source: 'push', branch: 'main' }), 0);

      const mr = gl.mergeRequest(5);
      for (let i = 0; i < 130; i++)
        gl.addNote(mr, i % 9 === 0 ? 'added 1 commit' : `Reviewed ${i}`, {
          system: i % 9 === 0,
          authorId: 7,
        });
      writeFileSync(join(project, 'monitors', 'main.tf'), config(true));
      const event = { source: 'merge_request_event' as const, mr };
      expect(pipeline(predefined(event))).toEqual(['monitors:plan']);

      let r = await runJob('monitors:plan', event);
      expectExit(r, 3);
      expect(ours(mr)).toHaveLength(1);
      const note = ours(mr)[0]!;
      expect(note.authorId).toBe(gl.botUserId);
      expect(note.body).toContain('**Archived** (1)');
      expect(note.body).toContain('**Approval required**: this plan contains `archive`');
      expect(r.log).toContain(`created the comment ${note.id} on merge request !5`);
      expectNoToken(r.log);

      // A reviewer adds the label and re-runs the pipeline: the job reads the labels now.
      mr.labels = ['monitors-approved'];
      r = await runJob('monitors:plan', { source: 'merge_request_event', mr: { ...mr, labels: [] } });
      expectExit(r, 0);
      expect(ours(mr)).toEqual([note]);
      expect(note.body).toContain('**Approved** (`label monitors-approved`): this plan contains `archive`');
      expect(r.log).toContain(`updated the comment ${note.id} on merge request !5`);
      expect(mr.notes).toHaveLength(131);
      expectNoToken(r.log);
      // The job token read the merge request; the project access token wrote the note.
      const calls = gl.calls.filter((c) => c.call.includes('/merge_requests/5'));
      expect(calls.some((c) => c.call.startsWith('POST') || c.call.startsWith('PUT'))).toBe(true);
      expect(calls.filter((c) => /^(POST|PUT)/.test(c.call)).every((c) => c.auth === 'private')).toBe(true);
      expect(gl.calls.every((c) => !c.url.includes('SENTINEL'))).toBe(true);

      // Merged: the push pipeline applies.
      r = await runJob('monitors:apply', { source: 'push', branch: 'main' });
      expectExit(r, 0);
      const site = (await api.listMonitors()).find((m: any) => m.name === 'Site');
      expect(site.archived).toBe(true);
      expectNoToken(r.log);
    },
    HANG_GUARD_MS,
  );

  test(
    'schedule: the drift job opens one issue, updates it after its label was removed, closes it when the drift is gone',
    async () => {
      const schedule = { source: 'schedule' as const, variables: { MONITORS_DRIFT: '1' } };
      const drifting = () => gl.issues.filter((i) => i.description.startsWith(DRIFT_MARKER));
      writeFileSync(join(project, 'monitors', 'main.tf'), config(true));
      expectExit(await runJob('monitors:apply', { source: 'push', branch: 'main' }), 0);
      let r = await runJob('monitors:drift', schedule);
      expectExit(r, 0);
      expect(drifting()).toEqual([]);

      const apiMonitor = (await api.listMonitors()).find((m: any) => m.name === 'API');
      const renamed = await api.call(
        'PATCH',
        `/monitors/${apiMonitor.id}`,
        { name: 'API (renamed in the dashboard)' },
        { 'if-match': `"${apiMonitor.version}"` },
      );
      expect(renamed.status).toBe(200);
      r = await runJob('monitors:drift', schedule);
      expectExit(r, 0);
      expect(drifting()).toHaveLength(1);
      const issue = drifting()[0]!;
      expect(issue).toMatchObject({
        title: 'Monitors changed outside Terraform',
        labels: ['monitors-drift'],
        state: 'opened',
      });
      expect(issue.description).toContain('name `API` → `API (renamed in the dashboard)`');
      expect(r.log).toContain(`opened the issue #${issue.iid}`);

      // Someone takes the label off; another change: the same issue is updated.
      issue.labels = [];
      const now = renamed.json.data as { version: string };
      const slower = await api.call(
        'PATCH',
        `/monitors/${apiMonitor.id}`,
        { intervalSeconds: 900 },
        { 'if-match': `"${now.version}"` },
      );
      expect(slower.status).toBe(200);
      r = await runJob('monitors:drift', schedule);
      expectExit(r, 0);
      expect(drifting()).toEqual([issue]);
      expect(issue.description).toContain('interval 5 min → 15 min');
      expect(r.log).toContain(`updated the issue #${issue.iid}`);

      // The code's values put back (a push pipeline's apply): the next scheduled run closes it with a note.
      expectExit(await runJob('monitors:apply', { source: 'push', branch: 'main' }), 0);
      r = await runJob('monitors:drift', schedule);
      expectExit(r, 0);
      expect(issue.state).toBe('closed');
      expect(issue.notes.at(-1)!.body).toMatch(/^No drift left at \d{4}-.*Closing\.$/);
      expect(r.log).toContain(`closed the issue #${issue.iid}`);
      expectNoToken(r.log);
    },
    HANG_GUARD_MS,
  );

  test(
    'without GITLAB_TOKEN (only CI_JOB_TOKEN) the plan job fails saying which token it needs, and posts nothing',
    async () => {
      const mr = gl.mergeRequest(6);
      writeFileSync(join(project, 'monitors', 'main.tf'), config(true, 'API v2'));
      const r = await runJob('monitors:plan', { source: 'merge_request_event', mr }, {});
      expect(r.code).toBe(1);
      expect(r.log).toContain(
        'CI_JOB_TOKEN cannot create or edit notes and issues: set GITLAB_TOKEN to a project access token with the api scope',
      );
      expect(mr.notes).toEqual([]);
      expectNoToken(r.log);
      writeFileSync(join(project, 'monitors', 'main.tf'), config(true));
    },
    HANG_GUARD_MS,
  );
});
