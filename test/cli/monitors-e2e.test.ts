// `uptimectl monitors pause|activate` end to end: the real CLI (a child process) against the local service, beside
// a real Terraform 1.11 configuration managing the same monitors. Pause then activate leaves the account as it was
// and the next `terraform plan` shows no changes; a pause left behind (a failed deployment) is drift on `enabled`
// until activate; a monitor-scoped token, a 429 from the service, an empty selection and an unknown id.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { runMonitorControl } from '../../src/cli/monitor-control-run.js';
import { monitorsCommand } from '../../src/cli/commands/monitors.js';
import { analyse } from '../../src/plan-report/changes.js';
import { renderDrift } from '../../src/plan-report/render-drift.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CLI = join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts');
const NAMES = ['api-eu', 'api-us', 'api-asia', 'web-shop'];

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;
const id: Record<string, string> = {};

function uptimectl(
  args: string[],
  token = 'full',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, CLI, 'monitors', ...args],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          UPTIME_BASE_URL: svc.baseUrl,
          UPTIME_API_TOKEN: svc.tokens[token],
        },
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The same command in this process (commander parses the arguments; the run writes to buffers): the suite runs
 *  the real executable for the main scenario only, since each tsx start costs seconds on a loaded machine. */
async function inProcess(args: string[], token = 'full') {
  const out: string[] = [];
  const err: string[] = [];
  let code = -1;
  const cmd = monitorsCommand().exitOverride();
  for (const sub of cmd.commands)
    sub.exitOverride().action(async (opts: any) => {
      try {
        code = await runMonitorControl(
          sub.name() as 'pause' | 'activate',
          { ...opts, baseUrl: svc.baseUrl, token: svc.tokens[token] },
          { out: (l) => out.push(l), err: (l) => err.push(l), signal: new AbortController().signal },
        );
      } catch (e) {
        err.push(`uptimectl: ${(e as Error).message}`);
        code = 1;
      }
    });
  await cmd.parseAsync(args, { from: 'user' });
  const join = (ls: string[]) => (ls.length ? `${ls.join('\n')}\n` : '');
  return { code, stdout: join(out), stderr: join(err) };
}

const state = async () =>
  Object.fromEntries(await Promise.all(NAMES.map(async (n) => [n, (await api.monitor(id[n]!)).enabled])));
const ALL_ON = Object.fromEntries(NAMES.map((n) => [n, true]));

describeTf('uptimectl monitors pause|activate', () => {
  beforeAll(async () => {
    const seed = testSeed() as any;
    svc = await createService({ port: 0, seed, logErrors: false, engine: false });
    api = new ServiceApi(svc, svc.tokens.full!);
    ws = TerraformWorkspace.create({
      providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
      env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
    });
    ws.write({
      'versions.tf': requiredProviders(),
      'main.tf': NAMES.map(
        (n) => `resource "uptime_monitor" "${n.replace('-', '_')}" {
  name = "${n}"
  url  = "https://${n}.example.com/health"
}
`,
      ).join('\n'),
    });
    await ws.must(['init', '-no-color']);
    await ws.must(['apply', '-auto-approve', '-no-color']);
    for (const m of await api.listMonitors()) id[m.name] = m.id;
    // A token restricted to two of the monitors (as the dashboard creates them: all scopes, selected monitors).
    const r = await api.admin('POST', '/tenants/acme/tokens', {
      name: 'api-eu-us',
      monitors: [id['api-eu'], id['api-us']],
    });
    if (r.status >= 300) throw new Error(`admin token: ${r.status} ${JSON.stringify(r.json)}`);
    (svc.tokens as Record<string, string>)['api-eu-us'] = r.json.data?.value ?? r.json.value;
  }, HANG_GUARD_MS);

  afterAll(async () => {
    ws?.dispose();
    await svc?.close();
  });

  it(
    "pause --name 'api-*' then activate leaves the account as it was; terraform plan shows no changes",
    async () => {
      const pause = await uptimectl(['pause', '--name', 'api-*']);
      expect(pause).toMatchObject({ code: 0, stderr: '' });
      const lines = pause.stdout.trim().split('\n');
      expect(lines[0]).toBe('3 monitors selected (name "api-*").');
      expect(lines.slice(1, -1).sort()).toEqual(
        ['api-asia', 'api-eu', 'api-us'].map((n) => `Paused "${n}" (${id[n]})`),
      );
      expect(lines.at(-1)).toBe('Paused 3 monitors (3 selected).');
      expect(await state()).toEqual({ ...ALL_ON, 'api-eu': false, 'api-us': false, 'api-asia': false });

      // A deployment that failed before activate: the next plan shows the pause as drift on `enabled`.
      const drift = await ws.run(['plan', '-detailed-exitcode', '-no-color']);
      expect(drift.code).toBe(2);
      expect(drift.stdout).toMatch(/~ enabled\s+= false -> true/);
      // … and the scheduled drift report (a refresh-only plan through plan-report --drift) names the paused monitors.
      await ws.must(['plan', '-refresh-only', '-out=drift.tfplan', '-no-color'], [0, 2]);
      const driftPlan = JSON.parse((await ws.must(['show', '-json', 'drift.tfplan'])).stdout);
      const report = renderDrift([analyse('monitors', driftPlan, new Map())]);
      const items = report.split('\n- ').slice(1);
      expect(items).toHaveLength(3);
      for (const n of ['api-eu', 'api-us', 'api-asia'])
        expect(items.find((i) => i.includes(`**${n}**`))).toContain('paused outside Terraform');
      expect(report).not.toContain('web-shop');

      const again = await inProcess(['pause', '--name', 'api-*']);
      expect(again.stdout).toContain(`Skipped "api-eu" (${id['api-eu']}): already paused`);
      expect(again.stdout.trim().split('\n').at(-1)).toBe(
        'Paused 0 monitors, 3 already paused (3 selected).',
      );

      const activate = await uptimectl(['activate', '--name', 'api-*']);
      expect(activate).toMatchObject({ code: 0, stderr: '' });
      expect(activate.stdout.trim().split('\n').at(-1)).toBe('Activated 3 monitors (3 selected).');
      expect(await state()).toEqual(ALL_ON);
      const plan = await ws.run(['plan', '-detailed-exitcode', '-no-color']);
      expect({ code: plan.code, out: plan.stdout }).toEqual({
        code: 0,
        out: expect.stringContaining('No changes.'),
      });
    },
    HANG_GUARD_MS,
  );

  it(
    'a monitor-scoped token pauses only the monitors it can see; an id outside them fails, nothing changed',
    async () => {
      const r = await inProcess(['pause', '--name', 'api-*'], 'api-eu-us');
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n').at(-1)).toBe('Paused 2 monitors (2 selected).');
      expect(await state()).toEqual({ ...ALL_ON, 'api-eu': false, 'api-us': false });
      const outside = await inProcess(['activate', '--id', `${id['api-eu']},${id['api-asia']}`], 'api-eu-us');
      expect(outside.code).toBe(1);
      expect(outside.stderr).toContain(`monitor "${id['api-asia']}" was not found`);
      expect(outside.stderr).toContain('restricted to selected monitors');
      expect(outside.stderr).toContain('nothing was changed');
      expect(await state()).toEqual({ ...ALL_ON, 'api-eu': false, 'api-us': false });
      expect((await inProcess(['activate', '--name', '*'], 'api-eu-us')).code).toBe(0);
      expect(await state()).toEqual(ALL_ON);
    },
    HANG_GUARD_MS,
  );

  it(
    'waits on 429 like every call and still does every monitor',
    async () => {
      await api.admin('POST', '/faults', {
        route: 'pauseMonitor',
        rateLimit: { retryAfterSeconds: 1 },
        count: 2,
      });
      try {
        const r = await inProcess(['pause', '--id', id['web-shop']!, '--id', id['api-eu']!]);
        expect(r).toMatchObject({ code: 0, stderr: '' });
        expect(r.stdout.trim().split('\n').at(-1)).toBe('Paused 2 monitors (2 selected).');
        expect(await state()).toEqual({ ...ALL_ON, 'web-shop': false, 'api-eu': false });
        // Both 429s were answered (the fault is used up): the command waited them out instead of failing.
        expect((await api.admin('GET', '/faults')).json.data ?? []).toEqual([]);
      } finally {
        await api.admin('DELETE', '/faults');
      }
      expect((await inProcess(['activate', '--name', '*', '--status', 'paused'])).code).toBe(0);
      expect(await state()).toEqual(ALL_ON);
    },
    HANG_GUARD_MS,
  );

  it(
    'an empty selection, no selection and a token without the scope say so and exit 1',
    async () => {
      const none = await inProcess(['pause', '--name', 'nothing-*']);
      expect(none).toMatchObject({ code: 1, stdout: '' });
      expect(none.stderr).toBe('uptimectl: no monitor matches name "nothing-*"; nothing to pause.\n');
      expect((await inProcess(['pause', '--name', 'nothing-*', '--allow-none'])).code).toBe(0);
      const bare = await inProcess(['pause']);
      expect(bare.code).toBe(1);
      expect(bare.stderr).toContain('select monitors with --id, --name, or both');
      const ro = await inProcess(['pause', '--name', 'api-eu'], 'readonly');
      expect(ro.code).toBe(1);
      expect(ro.stderr).toMatch(/^Failed to pause "api-eu" \(.+\): .*403/m);
      expect(ro.stderr).toContain('uptimectl: Not paused (failed): "api-eu"');
      expect(await state()).toEqual(ALL_ON);
    },
    HANG_GUARD_MS,
  );
});
