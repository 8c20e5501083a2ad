// examples/ci/drift-detect.sh end to end: real Terraform against the local service, GitHub's issues API played by a
// local mock (test/post/github-mock.ts). No drift → no issue; a change made through the API → one issue with the
// marker, naming what changed, the service's updatedAt and the version tokens; someone removes its label, another
// change → the same issue updated (found by its marker, not its label); a change reverted by hand → gone from it;
// `terraform apply` → the issue closed with a comment. Every run counts the API requests it made; 1,000 monitors are
// measured in the last test (the number in the drift guide). (GitLab: gitlab-ci-e2e.test.ts.)
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { GitHubMock } from '../post/github-mock.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const SCRIPT = join(REPO_ROOT, 'examples', 'ci', 'drift-detect.sh');
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const MARKER = '<!-- uptimectl:drift -->';
const GH_TOKEN = 'ghs_mock_token_for_the_drift_test';

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;
let gh: GitHubMock;
let requests: string[] = [];

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 2000, perMinuteLimit: 100_000 }),
    logErrors: false,
    engine: false,
    onResponse: (r) => requests.push(`${r.method} ${r.route ?? r.url}`),
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  gh = await GitHubMock.start(GH_TOKEN);
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
  });
}, HANG_GUARD_MS);
afterAll(async () => {
  ws?.dispose();
  await gh?.close();
  await svc?.close();
});

/** One run of the script; the API requests it made to the service are in `requests`. */
function drift(
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stderr: string; requests: string[]; report: string }> {
  requests = [];
  const report = join(ws.dir, 'drift-report.md');
  return new Promise((resolve) =>
    execFile(
      'bash',
      [SCRIPT, env.PROJECT_DIR ?? ws.workdir],
      {
        cwd: ws.dir,
        env: {
          ...ws.env,
          UPTIMECTL: `${process.execPath} ${TSX} ${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}`,
          GITHUB_TOKEN: GH_TOKEN,
          GITHUB_REPOSITORY: gh.repo,
          GITHUB_API_URL: gh.url,
          DRIFT_FILE: report,
          ...env,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, _out, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stderr,
          requests: [...requests],
          report: readFileSync(report, 'utf8'),
        }),
    ),
  );
}

function expectExit(r: { code: number; stderr: string }, code: number): void {
  expect({ code: r.code, stderr: r.code === code ? '' : r.stderr.slice(-3000) }).toEqual({
    code,
    stderr: '',
  });
}

async function monitorByName(name: string): Promise<{ id: string; version: string; updatedAt: string }> {
  type M = { id: string; name: string; version: string; updatedAt: string; archived: boolean };
  let cursor = '';
  for (;;) {
    const r = (await api.call('GET', `/monitors?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json;
    const m = (r.data as M[]).find((x) => x.name === name && !x.archived);
    if (m) return m;
    if (!r.pagination?.nextCursor) throw new Error(`no monitor named ${name}`);
    cursor = encodeURIComponent(r.pagination.nextCursor as string);
  }
}

async function change(name: string, path: string, body?: unknown, method = 'POST') {
  const m = await monitorByName(name);
  const r = await api.call(method, `/monitors/${m.id}${path}`, body, { 'if-match': `"${m.version}"` });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data as { version: string; updatedAt: string };
}

const config = `${requiredProviders()}
resource "uptime_monitor" "site" {
  name             = "Site"
  url              = "https://site.drift.example.com/"
  interval_seconds = 300
}
resource "uptime_monitor" "api" {
  name = "API"
  url  = "https://api.drift.example.com/"
}
`;

describeTf('examples/ci/drift-detect.sh', () => {
  test(
    'API change → one issue (who/what/when); another → updated; revert and apply → closed',
    async () => {
      ws.write({ 'main.tf': config });
      await ws.init();
      await ws.apply();
      // Someone else's issue with the same label, and a pull request: never touched.
      const other = gh.seed({ title: 'Unrelated', body: 'not ours', labels: ['monitors-drift'] });
      gh.seed({
        title: 'A PR',
        body: `${MARKER} looks like ours`,
        labels: ['monitors-drift'],
        pull_request: true,
      });

      let r = await drift();
      expectExit(r, 0);
      expect(r.stderr).toContain('no open issue with this marker: nothing to close');
      expect(r.report).toContain('No drift: the service matches the code.');
      expect(gh.issues).toHaveLength(2);
      const quiet = r.requests.length;

      // A change made through the API (the dashboard): renamed, and paused.
      const before = await monitorByName('Site');
      const renamed = await change('Site', '', { name: 'Site (renamed in dashboard)' }, 'PATCH');
      await change('API', '/pause');
      r = await drift();
      expectExit(r, 0);
      expect(r.stderr).toMatch(/opened the issue #3/);
      const issue = gh.issues[2]!;
      expect(issue).toMatchObject({
        title: 'Monitors changed outside Terraform',
        labels: ['monitors-drift'],
        state: 'open',
      });
      expect(issue.body.startsWith(MARKER)).toBe(true);
      expect(issue.body).toBe(r.report);
      expect(issue.body).toContain('2 resources differ from the code');
      expect(issue.body).toContain('name `Site` → `Site (renamed in dashboard)`');
      expect(issue.body).toContain('paused outside Terraform');
      // When and which version: the service's own updatedAt and version tokens (state's → now).
      expect(issue.body).toContain(
        `**Site** \`uptime_monitor.site\` — updated \`${renamed.updatedAt}\` · version \`${before.version}\` → \`${renamed.version}\``,
      );
      // The same reads, at most plus the listing of paused monitors the provider may need once one is paused
      // (docs/index.md; whether it does depends on which monitor Terraform refreshes first).
      expect(r.requests.length).toBeGreaterThanOrEqual(quiet);
      expect(r.requests.length).toBeLessThanOrEqual(quiet + 1);
      expect(await drift({ DRIFT_FAIL: '1' })).toMatchObject({ code: 3 });

      // Someone takes the label off; another change: the same issue is updated, no second one.
      issue.labels = ['triaged'];
      await change('Site (renamed in dashboard)', '', { intervalSeconds: 60 }, 'PATCH');
      r = await drift();
      expectExit(r, 0);
      expect(r.stderr).toContain('updated the issue #3');
      expect(issue.labels).toEqual(['triaged']);
      expect(gh.issues.filter((i) => i.body.startsWith(MARKER) && !i.pull_request)).toHaveLength(1);
      expect(gh.issues[2]!.body).toContain('interval 5 min → 1 min');

      // Reverted by hand: the pause is gone from the issue; the rename is still there.
      await change('API', '/activate');
      r = await drift();
      expect(gh.issues[2]!.body).not.toContain('paused outside Terraform');
      expect(gh.issues[2]!.body).toContain('1 resource differs from the code');

      // `terraform apply` puts the code's values back: the issue is closed with a comment.
      await ws.apply();
      r = await drift();
      expectExit(r, 0);
      expect(r.stderr).toContain('closed the issue #3');
      expect(gh.issues[2]).toMatchObject({ state: 'closed', state_reason: 'completed' });
      expect(gh.issues[2]!.comments.at(-1)!.body).toMatch(/^No drift left at \d{4}-.*Closing\.$/);
      expect(other).toMatchObject({ state: 'open', body: 'not ours', comments: [] });
      const callsBefore = gh.calls.length;
      r = await drift();
      expect(r.stderr).toContain('nothing to close');
      // GitHub calls of a quiet run: one listing of the open issues (100 a page; whatever their labels).
      expect(gh.calls.slice(callsBefore)).toEqual([
        'GET /repos/acme/monitors/issues?state=open&per_page=100',
      ]);
    },
    HANG_GUARD_MS,
  );

  test(
    'without a GitHub token the report is only written; a wrong token fails the run',
    async () => {
      let r = await drift({ GITHUB_TOKEN: '' });
      expectExit(r, 0);
      expect(r.stderr).toContain('nothing posted; the report is in');
      await change('Site', '', { name: 'Site again' }, 'PATCH');
      const calls = gh.calls.length;
      r = await drift({ GITHUB_TOKEN: 'wrong' });
      expect(r.code).not.toBe(0);
      expect(
        gh.issues.filter((i) => i.state === 'open' && i.body.startsWith(MARKER) && !i.pull_request),
      ).toEqual([]);
      expect(gh.calls.length).toBe(calls + 1);
      await ws.apply();
    },
    HANG_GUARD_MS,
  );

  test(
    'CDKTF: synth, one refresh-only plan per stack, one issue naming the stack',
    async () => {
      const dir = join(ws.dir, 'cdktf');
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'cdktf.json'),
        JSON.stringify({ language: 'typescript', app: 'see CDKTF_SYNTH' }),
      );
      const synth = `${process.execPath} ${TSX} ${join(REPO_ROOT, 'test', 'plan-report', 'ci-app', 'main.ts')}`;
      const apply = await new Promise<number>((resolve) =>
        execFile(
          'bash',
          [join(REPO_ROOT, 'examples', 'ci', 'plan-and-report.sh'), dir, 'apply'],
          { cwd: dir, env: { ...ws.env, CDKTF_SYNTH: synth } },
          (err) => resolve(err ? 1 : 0),
        ),
      );
      expect(apply).toBe(0);
      const open = () =>
        gh.issues.filter((i) => i.state === 'open' && i.body.startsWith(MARKER) && !i.pull_request);
      let r = await drift({ CDKTF_SYNTH: synth, PROJECT_DIR: dir });
      expectExit(r, 0);
      expect(open()).toEqual([]);
      await change('Home', '/pause');
      r = await drift({ CDKTF_SYNTH: synth, PROJECT_DIR: dir });
      expectExit(r, 0);
      expect(open()).toHaveLength(1);
      expect(open()[0]!.body).toContain('1 resource in 1 stack differs from the code');
      expect(open()[0]!.body).toMatch(/- web: \*\*Home\*\* `uptime_monitor\.home_[^`]+` — updated/);
      expect(open()[0]!.body).toContain('paused outside Terraform');
      await change('Home', '/activate');
      r = await drift({ CDKTF_SYNTH: synth, PROJECT_DIR: dir });
      expect(r.stderr).toMatch(/closed the issue #\d+/);
      expect(open()).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  test(
    'cost of one run for 1,000 monitors: about 14 API requests (provider refresh, plan-report labels)',
    async () => {
      const many = `${requiredProviders()}
resource "uptime_monitor" "m" {
  count = 1000
  name  = "Monitor \${count.index}"
  url   = "https://m\${count.index}.drift.example.com/"
}
`;
      ws.write({ 'main.tf': many });
      await ws.init();
      await ws.apply('-parallelism=20');
      await change('Monitor 7', '', { name: 'Monitor 7 (dashboard)' }, 'PATCH');
      const r = await drift();
      expectExit(r, 0);
      expect(r.report).toContain('Monitor 7 (dashboard)');
      const byRoute = new Map<string, number>();
      for (const x of r.requests) byRoute.set(x, (byRoute.get(x) ?? 0) + 1);
      // Provider start-up, one GET of the first monitor, ⌈account/100⌉ listing pages (1,000 monitors here plus the
      // few the account already had: 11); plan-report's destination labels. A second GET happens when the first
      // listing page came back before Terraform had asked for a second read it holds (the listing never fetches more
      // pages than reads were asked of it): the documented bound is ⌈M/100⌉ + at most 2.
      const pages = byRoute.get('GET /v1/monitors') ?? 0;
      expect(pages).toBeGreaterThanOrEqual(10);
      expect(pages).toBeLessThanOrEqual(11);
      const gets = byRoute.get('GET /v1/monitors/{monitorId}') ?? 0;
      expect(gets).toBeGreaterThanOrEqual(1);
      expect(gets).toBeLessThanOrEqual(2);
      expect(Object.fromEntries(byRoute)).toEqual({
        'GET /v1/capabilities': 1,
        'GET /v1/monitors/{monitorId}': gets,
        'GET /v1/monitors': pages,
        'GET /v1/alert-destinations': 1,
      });
      expect(r.requests.length).toBe(pages + gets + 2);
      expect(r.requests.length).toBeLessThanOrEqual(15);
      process.stderr.write(`drift run for 1,000 monitors: ${r.requests.length} API requests\n`);
    },
    HANG_GUARD_MS,
  );
});
