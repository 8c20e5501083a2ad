// Provider configuration errors, capability checks at plan time, secrets (TF_LOG=trace, plan/state JSON) and an
// apply of 50 monitors while the service injects errors, dropped connections and 429 bursts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Seed } from '../../src/service/seed.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { startE2E, testSeed, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const flat = (s: string) => s.replace(/\s+/g, ' ');

function seedWithFreeTenant(): Seed {
  const s = testSeed() as any;
  s.tenants[0].plan.monthlyLimit = 10_000_000;
  s.tenants.push({
    id: 'small',
    name: 'Small',
    plan: { preset: 'free', perMinuteLimit: 100_000 },
    destinations: [],
    monitors: [],
    tokens: [{ name: 'free-full' }],
  });
  return s as Seed;
}

describeTf('provider robustness with real terraform', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E(seedWithFreeTenant());
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  it(
    'configuration errors: missing token, non-https URL, rejected token',
    async () => {
      const { ws } = e;
      ws.write({ 'main.tf': 'data "uptime_capabilities" "c" {}\n' });
      const missing = await ws.run(['plan', '-no-color'], { UPTIME_API_TOKEN: '' });
      expect(missing.code).toBe(1);
      expect(flat(missing.stderr)).toMatch(/Missing API token.*UPTIME_API_TOKEN/);
      const insecure = await ws.run(['plan', '-no-color'], { UPTIME_BASE_URL: 'http://api.example.com/v1' });
      expect(flat(insecure.stderr)).toMatch(/Insecure base_url.*must use https/);
      const bogus = `upt_${'0'.repeat(40)}`;
      const rejected = await ws.run(['plan', '-no-color'], { UPTIME_API_TOKEN: bogus });
      expect(flat(rejected.stderr)).toMatch(/API token rejected.*did not accept the API token \(401\)/);
      expect(rejected.stderr + rejected.stdout).not.toContain(bogus);
    },
    HANG_GUARD_MS,
  );

  it(
    'capability checks: an interval below the plan minimum fails at plan time',
    async () => {
      const { ws, svc } = e;
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {\n  url              = "https://free.example.com/"\n  interval_seconds = 60\n}\n`,
      });
      const r = await ws.run(['plan', '-no-color'], { UPTIME_API_TOKEN: svc.tokens['free-full'] });
      expect(r.code).toBe(1);
      expect(flat(r.stderr)).toContain(
        'interval_seconds is 60, below the minimum of the "free" plan (300 s) (rule: plan_minimum; allowed values: 300, 900, 1800, 3600)',
      );
      // Omitted, the interval is the service's default, known after apply (the minimum may change before it).
      ws.write({ 'main.tf': `resource "uptime_monitor" "m" {\n  url = "https://free.example.com/"\n}\n` });
      const ok = await ws.run(['plan', '-no-color'], { UPTIME_API_TOKEN: svc.tokens['free-full'] });
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/\+ interval_seconds += \(known after apply\)/);
      expect(ok.stdout).toMatch(/\+ name += "free\.example\.com"/);
      ws.write({ 'main.tf': '' });
    },
    HANG_GUARD_MS,
  );

  it(
    'secrets never reach logs, error text or non-sensitive plan/state values',
    async () => {
      const { ws } = e;
      const S = {
        header: 'SNTL-HDR-51a0e2',
        password: 'SNTL-PW-88b1f3',
        hwo: 'SNTL-HWO-0c9d7a',
        pwo: 'SNTL-PWO-e4f6a1',
      };
      ws.write({
        'main.tf': `
variable "s" {
  type      = map(string)
  sensitive = true
  default   = { header = "${S.header}", password = "${S.password}" }
}
# Ephemeral: usable only in write-only attributes, never stored in plan or state.
variable "wo" {
  type      = map(string)
  sensitive = true
  ephemeral = true
  default   = { hwo = "${S.hwo}", pwo = "${S.pwo}" }
}
resource "uptime_monitor" "plain" {
  url             = "https://secrets.example.com/a"
  request_headers = [{ name = "Authorization", value = var.s.header }]
  auth_config     = { type = "basic", username = "u", password = var.s.password }
}
resource "uptime_monitor" "wo" {
  url             = "https://secrets.example.com/b"
  request_headers = [{ name = "Authorization", value_wo = var.wo.hwo, value_wo_version = 1 }]
  auth_config     = { type = "basic", username = "u", password_wo = var.wo.pwo, password_wo_version = 1 }
}
`,
      });
      const trace = { TF_LOG: 'trace' };
      const plan = await ws.run(['plan', '-no-color', '-out=tfplan'], trace);
      expect(plan.code).toBe(0);
      const apply = await ws.run(['apply', '-no-color', 'tfplan'], trace);
      expect(apply.code).toBe(0);
      const logs = plan.stdout + plan.stderr + apply.stdout + apply.stderr;
      expect(logs.length).toBeGreaterThan(10_000);
      for (const v of Object.values(S)) expect(logs).not.toContain(v);

      // Write-only values: nowhere in state, nor in the plan's resource values (the plan's `variables` and
      // `configuration` sections are Terraform's record of the user's own variables, not provider data).
      const stateText = readFileSync(join(ws.workdir, 'terraform.tfstate'), 'utf8');
      await ws.must(['plan', '-no-color', '-out=tfplan2']);
      const planDoc = JSON.parse((await ws.must(['show', '-json', 'tfplan2'])).stdout);
      const planResources = JSON.stringify([
        planDoc.planned_values,
        planDoc.resource_changes,
        planDoc.prior_state,
      ]);
      for (const v of [S.hwo, S.pwo]) {
        expect(stateText).not.toContain(v);
        expect(planResources).not.toContain(v);
      }
      // The stored secrets appear in the plan only where the plan marks the value sensitive.
      const secretPaths = (v: any, path: (string | number)[] = []): (string | number)[][] =>
        typeof v === 'string'
          ? Object.values(S).includes(v)
            ? [path]
            : []
          : v && typeof v === 'object'
            ? Object.entries(v).flatMap(([k, x]) =>
                secretPaths(x, [...path, Array.isArray(v) ? Number(k) : k]),
              )
            : [];
      const at = (v: any, path: (string | number)[]) => path.reduce((o, k) => (o == null ? o : o[k]), v);
      let checked = 0;
      for (const rc of planDoc.resource_changes)
        for (const [vals, sens] of [
          [rc.change.before, rc.change.before_sensitive],
          [rc.change.after, rc.change.after_sensitive],
        ])
          for (const p of secretPaths(vals)) {
            expect(at(sens, p)).toBe(true);
            checked++;
          }
      expect(checked).toBe(4);
      // Stored secrets only under attributes marked sensitive.
      const show = await ws.show();
      const plain = show.values.root_module.resources.find((r: any) => r.address === 'uptime_monitor.plain');
      expect(plain.sensitive_values).toMatchObject({
        request_headers: [{ value: true }],
        auth_config: { password: true },
      });
      const where: string[] = [];
      const walk = (v: any, path: string) => {
        if (typeof v === 'string' && Object.values(S).includes(v)) where.push(path);
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      };
      walk(show.values, '');
      expect(where.sort()).toEqual([
        '.root_module.resources.0.values.auth_config.password',
        '.root_module.resources.0.values.request_headers.0.value',
      ]);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    'a create whose answer was lost is resolved by its own key; a monitor Terraform lost is named, never adopted silently',
    async () => {
      const { ws, api } = e;
      const url = 'https://interrupted.example.com/';
      const tf = `provider "uptime" {\n  max_retries = 0\n}\nresource "uptime_monitor" "m" {\n  name = "Interrupted \${"$"}{x}"\n  url  = "${url}"\n}\n`;
      ws.write({ 'main.tf': tf });
      // The service creates the monitor, then the connection drops before the answer arrives: not a failure, the
      // create is replayed with its Idempotency-Key and the stored answer is the monitor.
      await api.admin('POST', '/faults', { route: 'createMonitor', drop: 'after', count: 1 });
      const first = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      const made = (await api.listMonitors()).filter((m) => m.url === url && !m.archived);
      expect(made).toHaveLength(1);
      expect((await ws.resourceValues('uptime_monitor.m'))?.id).toBe(made[0].id);
      // State lost (an apply killed before saving it, a state rm): the next apply is refused, naming the monitor.
      await ws.must(['state', 'rm', 'uptime_monitor.m']);
      const second = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(second.code).toBe(1);
      const m = made[0];
      expect(flat(second.stderr)).toContain(
        `A monitor with this URL and request method already exists (name "Interrupted \${x}", id ${m.id}, GET "${url}", created ${m.createdAt})`,
      );
      expect(flat(second.stderr)).toContain('run `npx uptimectl adopt` in this configuration');
      expect(flat(second.stderr)).toContain('with uptime_monitor.m');
      expect(second.stderr).not.toMatch(/<address>|Idempotency-Key/);
      ws.write({ 'main.tf': `${tf}import {\n  to = uptime_monitor.m\n  id = "${m.id}"\n}\n` });
      await ws.apply();
      expect((await ws.resourceValues('uptime_monitor.m'))?.id).toBe(m.id);
      expect((await api.listMonitors()).filter((x) => x.url === url && !x.archived)).toHaveLength(1);
      expect((await ws.planHasChanges()).changes).toBe(false);
      ws.write({ 'main.tf': tf });
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '50 monitors under injected faults: exactly 50 created, clean re-plan; refresh request count',
    async () => {
      const { ws, api } = e;
      const fleet = async () =>
        (await api.listMonitors()).filter(
          (m) => !m.archived && m.url.startsWith('https://fleet.example.com/'),
        );
      expect(await fleet()).toEqual([]);
      const faults = [
        { route: '*', status: 503, rate: 0.1 },
        { route: '*', status: 500, rate: 0.1 },
        { route: '*', drop: 'after', rate: 0.05 },
        { route: '*', drop: 'before', rate: 0.05 },
        { route: '*', rateLimit: { retryAfterSeconds: 1 }, rate: 0.03 },
        { route: '*', rateLimit: { retryAfterSeconds: 1 }, count: 5 },
      ];
      for (const f of faults) expect((await api.admin('POST', '/faults', f)).status).toBeLessThan(300);
      ws.write({
        'main.tf': `
provider "uptime" {
  max_retries = 12
}
resource "uptime_monitor" "fleet" {
  count            = 50
  url              = "https://fleet.example.com/\${count.index}"
  interval_seconds = 300
  enabled          = count.index % 5 != 0
}
`,
      });
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      const injected = (await api.admin('GET', '/faults')).json.data;
      await api.admin('DELETE', '/faults');
      if (r.code !== 0) throw new Error(`apply under faults failed:\n${r.stdout}\n${r.stderr}`);
      expect(injected.reduce((n: number, f: any) => n + (f.fired ?? 0), 0)).toBeGreaterThan(10);
      const live = await fleet();
      expect(live.length).toBe(50);
      expect(new Set(live.map((m) => m.url)).size).toBe(50);
      expect(live.filter((m) => !m.enabled).length).toBe(10);
      expect((await ws.planHasChanges()).changes).toBe(false);

      // API requests of one refresh of N=50 monitors (plan -refresh-only): the monthly counter around it.
      const used = async () => (await api.call('GET', '/usage')).json.data.monthly.used as number;
      const u0 = await used();
      await ws.must(['plan', '-refresh-only', '-no-color']);
      const u1 = await used();
      const requests = u1 - u0 - 1;
      process.stdout.write(`refresh of 50 monitors made ${requests} API requests\n`);
      // GET /capabilities, one GET for the first monitor read, one page of GET /monitors?enabled=true (40 monitors)
      // and one page of GET /monitors?status=paused (the 10 paused ones, which the first listing does not hold).
      expect(requests).toBe(1 + 1 + 1 + 1);
      // The listed values are the same as the GETs': still no changes, and drift is still seen.
      const target = live.find((m) => m.url === 'https://fleet.example.com/42')!;
      expect((await api.patchMonitor(target.id, { timeoutMs: 4000 })).status).toBe(200);
      const drift = await ws.planHasChanges();
      expect(drift.output).toMatch(/uptime_monitor\.fleet\[42\] will be updated in-place/);
      expect(drift.output).toMatch(/~ timeout_ms += 4000 -> 10000/);
      expect(drift.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);

      await ws.destroy();
      expect(await fleet()).toEqual([]);
    },
    HANG_GUARD_MS,
  );
});
