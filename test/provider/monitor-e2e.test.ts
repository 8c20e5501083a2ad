// uptime_monitor end to end with real Terraform and the local service: create → no changes → update in place →
// no changes → drift (including a secret removed outside Terraform) corrected → pause → concurrent change gives
// the 412 message → import (CLI, import block, -generate-config-out) → destroy archives.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { terraformAvailable } from '../helpers/terraform.js';
import { startE2E, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
/** Terraform wraps diagnostic text: compare with whitespace collapsed. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

const HEADER_SECRET = 'SENTINEL-HEADER-7f3a9c';
const WO_SECRET = 'SENTINEL-WO-b41d02';
const PW_WO = 'SENTINEL-PWWO-91ce55';

function config(
  o: { name?: string; timeout?: number; enabled?: boolean; woVersion?: number; extra?: string } = {},
) {
  return `
variable "header_secret" {
  type      = string
  sensitive = true
  default   = "${HEADER_SECRET}"
}
variable "wo_secret" {
  type      = string
  sensitive = true
  default   = "${WO_SECRET}"
}
variable "pw_wo" {
  type      = string
  sensitive = true
  default   = "${PW_WO}"
}

resource "uptime_monitor" "api" {
  name             = "${o.name ?? 'API health'}"
  url              = "https://api.example.com/health"
  interval_seconds = 60
  request_method   = "get"
  ${o.timeout !== undefined ? `timeout_ms = ${o.timeout}` : ''}
  ${o.enabled !== undefined ? `enabled = ${o.enabled}` : ''}
  accepted_status_codes = [200, 204]
  request_headers = [
    { name = "X-Api-Key", value = var.header_secret },
    { name = "X-Wo", value_wo = var.wo_secret, value_wo_version = ${o.woVersion ?? 1} },
  ]
  auth_config = {
    type                = "basic"
    username            = "probe"
    password_wo         = var.pw_wo
    password_wo_version = 1
  }
  ssl_monitoring = { enabled = true }
}
${o.extra ?? ''}
`;
}

describeTf('uptime_monitor with real terraform', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  it(
    'lifecycle: create, no-op, update, drift, pause, 412, import, destroy',
    async () => {
      const { ws, api } = e;
      ws.write({ 'main.tf': config() });
      const created = await ws.apply();
      expect(created.stdout).toMatch(/uptime_monitor\.api: Creation complete/);
      let v = (await ws.resourceValues('uptime_monitor.api'))!;
      const id = v.id as string;
      expect(v).toMatchObject({
        name: 'API health',
        request_method: 'get',
        interval_seconds: 60,
        timeout_ms: 10000,
        follow_redirects: true,
        enabled: true,
        archived: false,
        type: 'http',
        accepted_status_codes: [200, 204],
        ssl_monitoring: { enabled: true, warn_days: 14 },
        domain_monitoring: null,
      });
      expect(v.request_headers[1]).toMatchObject({
        name: 'X-Wo',
        value: null,
        value_wo: null,
        value_wo_version: 1,
      });
      expect(v.auth_config).toMatchObject({ username: 'probe', password: null, password_wo: null });
      let remote = await api.monitor(id);
      expect(remote.requestHeaders).toEqual([
        { name: 'X-Api-Key', valueSet: true },
        { name: 'X-Wo', valueSet: true },
      ]);
      expect(remote.authConfig).toEqual({ type: 'basic', username: 'probe', passwordSet: true });
      expect(remote.version).toBe(v.version);
      const statePath = join(ws.workdir, 'terraform.tfstate');
      expect(readFileSync(statePath, 'utf8')).not.toContain(WO_SECRET);
      expect(readFileSync(statePath, 'utf8')).not.toContain(PW_WO);

      expect((await ws.planHasChanges()).changes).toBe(false);

      // Update in place.
      ws.write({ 'main.tf': config({ name: 'API health v2', timeout: 5000 }) });
      const upd = await ws.planHasChanges();
      expect(upd.output).toMatch(/uptime_monitor\.api will be updated in-place/);
      expect(upd.output).toMatch(/~ name += "API health" -> "API health v2"/);
      expect(upd.output).toMatch(/~ version += "v\d+-[0-9a-f]+" -> \(known after apply\)/);
      await ws.apply();
      remote = await api.monitor(id);
      expect(remote).toMatchObject({ name: 'API health v2', timeoutMs: 5000 });
      expect((await ws.planHasChanges()).changes).toBe(false);

      // Drift through the API: a changed field and a secret removed outside Terraform.
      expect((await api.patchMonitor(id, { intervalSeconds: 300 })).status).toBe(200);
      expect((await api.patchMonitor(id, { requestHeaders: [{ name: 'X-Wo' }] })).status).toBe(200);
      expect(
        (await api.patchMonitor(id, { requestHeaders: [{ name: 'X-Api-Key' }, { name: 'X-Wo' }] })).status,
      ).toBe(200);
      expect((await api.monitor(id)).requestHeaders[0]).toEqual({ name: 'X-Api-Key', valueSet: false });
      const drift = await ws.planHasChanges();
      expect(drift.changes).toBe(true);
      expect(drift.output).toMatch(/~ interval_seconds += 300 -> 60/);
      expect(drift.output).toMatch(/value += \(sensitive value\)/);
      await ws.apply();
      remote = await api.monitor(id);
      expect(remote.intervalSeconds).toBe(60);
      expect(remote.requestHeaders).toEqual([
        { name: 'X-Api-Key', valueSet: true },
        { name: 'X-Wo', valueSet: true },
      ]);
      expect((await ws.planHasChanges()).changes).toBe(false);

      // Write-only secret rotation by version.
      ws.write({ 'main.tf': config({ name: 'API health v2', timeout: 5000, woVersion: 2 }) });
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      // enabled = false pauses.
      ws.write({ 'main.tf': config({ name: 'API health v2', timeout: 5000, woVersion: 2, enabled: false }) });
      await ws.apply();
      expect(await api.monitor(id)).toMatchObject({ enabled: false, status: 'paused' });
      expect((await ws.planHasChanges()).changes).toBe(false);

      // A change between plan and apply: 412 → clear message, nothing overwritten.
      ws.write({ 'main.tf': config({ name: 'API health v3', timeout: 5000, woVersion: 2, enabled: false }) });
      await ws.must(['plan', '-out=tfplan', '-no-color'], [0]);
      expect((await api.patchMonitor(id, { name: 'changed by someone else' })).status).toBe(200);
      const stale = await ws.run(['apply', '-no-color', 'tfplan']);
      expect(stale.code).toBe(1);
      expect(flat(stale.stderr)).toContain(
        `monitor ${id} was changed outside Terraform after this plan was made; run plan again`,
      );
      expect((await api.monitor(id)).name).toBe('changed by someone else');
      await ws.apply();
      expect((await api.monitor(id)).name).toBe('API health v3');

      // Import with the CLI into a fresh state entry: values come back; only the unreadable secrets differ.
      await ws.must(['state', 'rm', 'uptime_monitor.api']);
      await ws.must(['import', '-no-color', 'uptime_monitor.api', id]);
      v = (await ws.resourceValues('uptime_monitor.api'))!;
      expect(v).toMatchObject({
        id,
        name: 'API health v3',
        request_method: 'GET',
        enabled: false,
        archived: false,
      });
      const afterImport = await ws.planHasChanges();
      expect(afterImport.output).toMatch(/value += \(sensitive value\)/);
      expect(afterImport.output).not.toMatch(/~ (name|url|interval_seconds|timeout_ms) /);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      // Destroy archives; history kept; the plan warns.
      const destroyPlan = await ws.must(['plan', '-destroy', '-no-color']);
      expect(destroyPlan.stdout + destroyPlan.stderr).toMatch(/Destroy archives the monitor/);
      await ws.destroy();
      expect(await api.monitor(id)).toMatchObject({ archived: true, status: 'archived' });
    },
    HANG_GUARD_MS,
  );

  it(
    'import blocks and -generate-config-out produce config that validates and plans no changes',
    async () => {
      const { ws, api } = e;
      const created = await api.call('POST', '/monitors', {
        name: 'Made in the dashboard',
        url: 'https://dash.example.com/',
        intervalSeconds: 900,
        requestMethod: 'HEAD',
        requestHeaders: [{ name: 'X-Token', value: 'SENTINEL-DASH-SECRET' }],
        authConfig: { type: 'basic', username: 'dash', password: 'SENTINEL-DASH-PW' },
        domainMonitoring: { enabled: true, warnDays: 30 },
      });
      expect(created.status).toBe(201);
      const id = created.json.data.id as string;
      ws.write({ 'main.tf': `import {\n  to = uptime_monitor.dash\n  id = "${id}"\n}\n` });
      await ws.must(['plan', '-no-color', '-generate-config-out=generated.tf'], [0, 2]);
      const generated = readFileSync(join(ws.workdir, 'generated.tf'), 'utf8');
      expect(generated).not.toContain('SENTINEL');
      expect(generated).toContain('name');
      expect((await ws.run(['validate', '-no-color'])).code).toBe(0);
      const plan = await ws.planHasChanges();
      expect(plan.output).toMatch(/1 to import, 0 to add, 0 to change, 0 to destroy/);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);
      expect(await ws.resourceValues('uptime_monitor.dash')).toMatchObject({
        id,
        request_method: 'HEAD',
        interval_seconds: 900,
        domain_monitoring: { enabled: true, warn_days: 30 },
      });
      // The saved secrets were kept (nothing re-sent them as empty).
      const remote = await api.monitor(id);
      expect(remote.requestHeaders).toEqual([{ name: 'X-Token', valueSet: true }]);
      expect(remote.authConfig.passwordSet).toBe(true);
      await ws.must(['state', 'rm', 'uptime_monitor.dash']);
    },
    HANG_GUARD_MS,
  );

  it(
    'an archived monitor imports as archived = true and applying the config reactivates it',
    async () => {
      const { ws, api } = e;
      const created = await api.call('POST', '/monitors', {
        url: 'https://old.example.com/',
        intervalSeconds: 300,
      });
      const id = created.json.data.id as string;
      const arch = await api.call('POST', `/monitors/${id}/archive`, undefined, {
        'if-match': `"${created.etag}"`,
      });
      expect(arch.status).toBe(200);
      ws.write({
        'main.tf': `resource "uptime_monitor" "old" {\n  url = "https://old.example.com/"\n}\n`,
        'generated.tf': '',
      });
      await ws.must(['import', '-no-color', 'uptime_monitor.old', id]);
      expect(await ws.resourceValues('uptime_monitor.old')).toMatchObject({ archived: true, enabled: false });
      const plan = await ws.planHasChanges();
      expect(plan.output).toMatch(/~ archived += true -> false/);
      await ws.apply();
      expect(await api.monitor(id)).toMatchObject({ archived: false, enabled: true });
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    'a duplicate create names the existing monitor and the import command',
    async () => {
      const { ws, api } = e;
      const existing = await api.call('POST', '/monitors', { url: 'https://dup.example.com/' });
      const id = existing.json.data.id as string;
      ws.write({ 'main.tf': 'resource "uptime_monitor" "dup" {\n  url = "https://dup.example.com/"\n}\n' });
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(r.code).toBe(1);
      expect(flat(r.stderr)).toMatch(/Error: Monitor already exists with uptime_monitor\.dup/);
      const m = existing.json.data;
      expect(flat(r.stderr)).toContain(
        `A monitor with this URL and request method already exists (name ${JSON.stringify(m.name)}, id ${id}, GET "https://dup.example.com/", created ${m.createdAt}), and the service allows one non-archived monitor per URL and request method. Terraform never adopts an existing monitor silently. If an interrupted apply (a cancelled CI job, a killed runner) created it, run \`npx uptimectl adopt\` in this configuration's directory: it writes imports.tf with an import block for each such monitor, at its resource address (the one Terraform names above, after "with"), then run \`terraform apply\`.`,
      );
      expect(r.stderr).not.toMatch(/<address>|Idempotency-Key/);
      expect(await ws.resourceValues('uptime_monitor.dup')).toBeUndefined();
      ws.write({ 'main.tf': '' });
    },
    HANG_GUARD_MS,
  );

  it(
    'rejects invalid values at plan time with the attribute, the rule and the allowed values',
    async () => {
      const { ws, api } = e;
      const before = (await api.listMonitors()).length;
      ws.write({
        'main.tf': `resource "uptime_monitor" "bad" {
  url              = "https://bad.example.com/"
  interval_seconds = 120
  timeout_ms       = 20000
  request_headers  = [{ name = "bad header", value = "x" }]
}
`,
      });
      const r = await ws.run(['plan', '-no-color']);
      expect(r.code).toBe(1);
      const err = flat(r.stderr);
      expect(err).toContain(
        'interval_seconds must be one of 60, 300, 900, 1800, 3600 (rule: one_of; allowed values: 60, 300, 900, 1800, 3600)',
      );
      expect(err).toContain('timeout_ms must be at most 10000 (rule: maximum)');
      expect(err).toMatch(
        /request_headers = \[\{ name = "bad header".*request_headers\[0\]\.name must be an HTTP header name/,
      );
      expect(err).toMatch(/interval_seconds = 120/);
      expect((await api.listMonitors()).length).toBe(before);
    },
    HANG_GUARD_MS,
  );
});
