// Interrupted and unlucky applies recover by themselves, with real Terraform against the local service:
// (1) `terraform apply` of 40 monitors killed (with its provider: a runner that dies) while creates are in flight,
// then the guide's recovery commands as written (docs/guides/importing-existing-monitors.md, "Recovering from an
// interrupted apply"); (2) the same with only the provider process killed; (3) 40 monitors with alert settings under
// 20% dropped answers and 10% 503s on every write route, in one run; (4) the service killed between storing a create
// and answering it, restarted on its data directory: the provider's replay gets that monitor.
// Kills wait for a condition (the service has answered N creates), never a fixed time. Figures go to stdout.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '../../src/api/index.js';
import { REPO_ROOT } from '../helpers/build.js';
import { startServiceProcess } from '../helpers/service-process.js';
import { heavyE2eEnabled, terraformAvailable, type RunResult } from '../helpers/terraform.js';
import { startE2E, testSeed, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const run = terraformAvailable() && heavyE2eEnabled() ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const N = 40;

/** The guide's recovery commands, as written. */
function recoveryCommands(): string {
  const guide = readFileSync(join(REPO_ROOT, 'docs', 'guides', 'importing-existing-monitors.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Recovering from an interrupted apply'));
  return /^```sh\n([\s\S]*?)^```$/m.exec(section)![1]!;
}

/** A bin directory whose `npx uptimectl` is this checkout's CLI (as `npm install terraform-provider-uptime` gives). */
function npxShim(): string {
  const bin = mkdtempSync(join(tmpdir(), 'adopt-bin-'));
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = uptimectl ] || exit 127\nshift\nexec "${process.execPath}" "${TSX}" "${join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts')}" "$@"\n`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  return bin;
}

const fleet = (prefix: string, alerts = false) => `
resource "uptime_monitor" "fleet" {
  for_each         = toset([for i in range(${N}) : format("svc-%02d", i)])
  name             = each.key
  url              = "https://${prefix}.example.com/\${each.key}"
  interval_seconds = 300
}
${
  alerts
    ? `
resource "uptime_monitor_alert_settings" "fleet" {
  for_each             = uptime_monitor.fleet
  monitor_id           = each.value.id
  slow_response_alerts = { enabled = true, threshold_ms = 2000 }
}
`
    : ''
}`;

run('interrupted and unlucky applies, real terraform', () => {
  let e: E2E;
  /** Creates the service answered 201 (not replays), per URL prefix. */
  const creates = new Map<string, number>();
  let onCreate: (() => void) | null = null;
  beforeAll(async () => {
    e = await startE2E(
      testSeed({ monitorCapacity: 1000 }),
      'full',
      {},
      {
        onResponse: (r) => {
          if (r.method === 'POST' && r.route === '/v1/monitors' && r.status === 201) {
            creates.set('all', (creates.get('all') ?? 0) + 1);
            onCreate?.();
          }
        },
      },
    );
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  /** Starts the next case on a clean state (each case has its own URLs; a destroy of 40 would only cost time). */
  const forget = () => {
    for (const f of ['imports.tf', 'terraform.tfstate', 'terraform.tfstate.backup'])
      rmSync(join(e.ws.workdir, f), { force: true });
  };
  const live = async (prefix: string) =>
    (await e.api.listMonitors()).filter(
      (m) => !m.archived && m.url.startsWith(`https://${prefix}.example.com/`),
    );
  const stateIds = async () =>
    ((await e.ws.show()).values?.root_module?.resources ?? [])
      .filter((r: any) => r.type === 'uptime_monitor')
      .map((r: any) => r.values.id as string)
      .sort();
  const untilCreates = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if ((creates.get('all') ?? 0) >= n) {
          onCreate = null;
          resolve();
        }
      };
      onCreate = check;
      check();
    });

  /** `terraform apply` in a process group of its own (terraform and its provider: a CI runner). */
  function startApply(): { child: ChildProcess; done: Promise<RunResult> } {
    const child = spawn('terraform', ['apply', '-auto-approve', '-no-color'], {
      cwd: e.ws.workdir,
      env: e.ws.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const done = new Promise<RunResult>((res) =>
      child.once('close', (code) => res({ code: code ?? -1, stdout, stderr })),
    );
    return { child, done };
  }

  /** The guide's commands, run as a shell script in the working directory. */
  function recover(bin: string): Promise<RunResult & { ms: number }> {
    const t0 = Date.now();
    return new Promise((res) =>
      execFile(
        'bash',
        ['-euo', 'pipefail', '-c', recoveryCommands()],
        { cwd: e.ws.workdir, env: { ...e.ws.env, PATH: `${bin}:${process.env.PATH}` }, maxBuffer: 64 << 20 },
        (err, stdout, stderr) =>
          res({
            code: err ? ((err as { code?: number }).code ?? 1) : 0,
            stdout,
            stderr,
            ms: Date.now() - t0,
          }),
      ),
    );
  }

  async function killAndRecover(prefix: string, afterCreates: number, victim: 'runner' | 'provider') {
    const bin = npxShim();
    e.ws.write({ 'main.tf': fleet(prefix) });
    const before = creates.get('all') ?? 0;
    const apply = startApply();
    await untilCreates(before + afterCreates);
    if (victim === 'runner') process.kill(-apply.child.pid!, 'SIGKILL');
    else {
      const providers = execFileSync('pgrep', ['-P', String(apply.child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean);
      expect(providers.length).toBeGreaterThan(0);
      for (const p of providers) process.kill(Number(p), 'SIGKILL');
    }
    const killed = await apply.done;
    if (victim === 'provider') expect(killed.stderr).toMatch(/Plugin did not respond|plugin/i);
    // what the interrupted apply left: monitors the service has and the state does not
    const inState = new Set(await stateIds());
    const made = await live(prefix);
    const orphans = made.filter((m) => !inState.has(m.id)).length;
    expect(made.length).toBeLessThan(N);

    const r = await recover(bin);
    if (r.code !== 0) throw new Error(`recovery failed:\n${r.stdout}\n${r.stderr}`);
    if (orphans > 0) expect(r.stderr).toMatch(/Wrote imports\.tf: run `terraform apply`/);
    const after = await live(prefix);
    const ids = after.map((m) => m.id).sort();
    expect(after).toHaveLength(N); // nothing missing…
    expect(new Set(after.map((m) => m.url)).size).toBe(N); // …nothing duplicated
    expect(await stateIds()).toEqual(ids); // no orphan: state equals the service
    expect((await e.ws.planHasChanges()).changes).toBe(false);
    process.stdout.write(
      `interrupted-apply kill ${victim} after ${afterCreates} creates: ${made.length} created, ${orphans} orphan(s); recovery (adopt + apply) ${r.ms} ms, 0 manual steps, ${after.length - new Set(after.map((m) => m.url)).size} duplicates\n`,
    );
    forget();
    rmSync(bin, { recursive: true, force: true });
  }

  it.each([
    ['runner', 5],
    ['runner', 20],
    ['provider', 12],
  ] as const)(
    '(1, 2) apply of 40 killed (%s) after %i creates: the documented recovery leaves nothing behind',
    async (victim, n) => {
      await killAndRecover(`killed-${victim}-${n}`, n, victim);
    },
    300_000,
  );

  it(
    '(3) 40 monitors with alert settings under 20% dropped answers and 10% 503s on writes: one run, no duplicate, empty re-plan',
    async () => {
      const { ws, api } = e;
      const prefix = 'unlucky';
      ws.write({ 'main.tf': fleet('lucky', true) }); // the same configuration without faults: the baseline
      const t0 = Date.now();
      await ws.apply();
      const clean = Date.now() - t0;
      forget();
      ws.write({ 'main.tf': fleet(prefix, true) });
      for (const row of ENDPOINTS.filter((x) => x.method !== 'GET')) {
        await api.admin('POST', '/faults', { route: row.operation, status: 503, rate: 0.1 });
        await api.admin('POST', '/faults', { route: row.operation, drop: 'after', rate: 0.2 / 0.9 });
      }
      const t1 = Date.now();
      const r = await ws.run(['apply', '-auto-approve', '-no-color'], { TF_LOG_PROVIDER: 'debug' });
      const faulty = Date.now() - t1;
      const fired = (await api.admin('GET', '/faults')).json.data as {
        route: string;
        drop: string | null;
        fired: number;
      }[];
      await api.admin('DELETE', '/faults');
      if (r.code !== 0) throw new Error(`apply under faults failed:\n${r.stdout}\n${r.stderr.slice(-4000)}`);
      expect(r.stdout).toMatch(new RegExp(`Apply complete! Resources: ${2 * N} added`));
      const made = await live(prefix);
      expect(made).toHaveLength(N);
      expect(new Set(made.map((m) => m.url)).size).toBe(N);
      for (const m of made)
        expect(
          (await api.call('GET', `/monitors/${m.id}/alert-settings`)).json.data.slowResponseAlerts,
        ).toMatchObject({
          enabled: true,
          thresholdMs: 2000,
        });
      expect((await ws.planHasChanges()).changes).toBe(false);
      const inDoubt = (r.stderr.match(/outcome unknown/g) ?? []).length;
      const dropped = fired.filter((f) => f.drop === 'after').reduce((n, f) => n + f.fired, 0);
      const failed = fired.filter((f) => f.drop === null).reduce((n, f) => n + f.fired, 0);
      process.stdout.write(
        `interrupted-apply faults: ${dropped} dropped answers, ${failed} 503s; ${inDoubt} in-doubt replays; apply ${faulty} ms vs ${clean} ms fault-free (uptime ${execFileSync('uptime', { encoding: 'utf8' }).trim()})\n`,
      );
      forget();
    },
    HANG_GUARD_MS,
  );

  it(
    'a create still unanswered at in_doubt_max_wait fails with what may exist and the one command',
    async () => {
      const { ws, api } = e;
      const url = 'https://never-answered.example.com/';
      ws.write({
        'main.tf': `provider "uptime" {\n  max_retries       = 0\n  in_doubt_max_wait = "3s"\n}\nresource "uptime_monitor" "m" {\n  name = "Never answered"\n  url  = "${url}"\n}\n`,
      });
      await api.admin('POST', '/faults', { route: 'createMonitor', drop: 'before' });
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      await api.admin('DELETE', '/faults');
      expect(r.code).toBe(1);
      const text = r.stderr.replace(/\s+/g, ' ');
      process.stdout.write(`interrupted-apply message at the in-doubt deadline:\n${r.stderr}\n`);
      expect(text).toContain('Error: Monitor may have been created');
      expect(text).toContain(
        `The service did not say whether it created the monitor GET "${url}" named "Never answered"`,
      );
      expect(text).toContain('run `npx uptimectl adopt` in this configuration');
      expect(text).not.toMatch(/Idempotency-Key/i);
      expect((await live('never-answered')).length).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it(
    '(4) the service killed between storing a create and answering it: after a restart the replay returns that monitor',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'interrupted-apply-svc-'));
      const seedFile = join(dir, 'seed.json');
      const token = `upt_${'d'.repeat(40)}`;
      const adminKey = 'interrupted-apply-admin-key-0001';
      writeFileSync(
        seedFile,
        JSON.stringify({ adminKey, tenants: [{ id: 'acme', tokens: [{ name: 'full', value: token }] }] }),
      );
      mkdirSync(join(dir, 'data'));
      const start = (port: number) => startServiceProcess(join(dir, 'data'), seedFile, port);
      const first = start(0);
      const info = await first.info;
      const port = Number(new URL(info.baseUrl).port);
      const exited = new Promise<void>((r) => first.child.once('exit', () => r()));
      const f = await fetch(`${info.adminUrl}/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ route: 'createMonitor', drop: 'kill', count: 1 }),
      });
      expect(f.status).toBe(201);
      const url = 'https://crash.example.com/';
      e.ws.write({ 'main.tf': `resource "uptime_monitor" "m" {\n  name = "Crash"\n  url  = "${url}"\n}\n` });
      const env = { UPTIME_BASE_URL: info.baseUrl, UPTIME_API_TOKEN: token };
      const apply = e.ws.run(['apply', '-auto-approve', '-no-color'], env);
      await exited; // killed after committing the create, before answering
      const second = start(port);
      try {
        await second.info;
        const r = await apply;
        if (r.code !== 0) throw new Error(`apply failed:\n${r.stdout}\n${r.stderr}`);
        const list = await fetch(`${info.baseUrl}/monitors?limit=100`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const made = ((await list.json()) as { data: { id: string; url: string }[] }).data.filter(
          (m) => m.url === url,
        );
        expect(made).toHaveLength(1);
        expect((await e.ws.resourceValues('uptime_monitor.m'))?.id).toBe(made[0]!.id);
        expect((await e.ws.run(['plan', '-detailed-exitcode', '-no-color'], env)).code).toBe(0);
        await e.ws.must(['state', 'rm', 'uptime_monitor.m']);
      } finally {
        second.child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
    HANG_GUARD_MS,
  );
});
