// Object identity and lifecycle under real Terraform: one resource, one monitor. Replace with
// create_before_destroy, identical configurations, lost state, write-only secrets, restricted tokens, a minimum
// interval that rises between plan and apply, quiet re-plans, late errors, bad header input and faults on
// destroy. One service and one terraform init for the whole file; each case cleans up after itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { terraformAvailable } from '../helpers/terraform.js';
import { EMAIL_DEST, EMAIL_DEST_2, SMS_DEST, startE2E, testSeed, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const flat = (s: string) => s.replace(/\s+/g, ' ');

describeTf('lifecycle and identity with real terraform: one resource, one monitor', () => {
  let e: E2E;
  beforeAll(async () => {
    // An extra token restricted to the seeded "example" monitor (case 5).
    const seed = testSeed() as any;
    seed.tenants[0].tokens.push({ name: 'example-only', monitors: ['example'] });
    e = await startE2E(seed);
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  // Each case in its own terraform workspace (own state, no extra init): a failing case leaves nothing behind
  // for the next one.
  const fresh = (name: string) => e.ws.must(['workspace', 'new', '-no-color', name]);
  const live = async (url: string) =>
    (await e.api.listMonitors()).filter((m) => m.url === url && !m.archived);

  it(
    '1. -replace with create_before_destroy never archives the live monitor',
    async () => {
      const { ws } = e;
      await fresh('case1');
      const url = 'https://cbd.example.com/';
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {
  url = "${url}"
  lifecycle {
    create_before_destroy = true
  }
}
`,
      });
      await ws.apply();
      const id = (await ws.resourceValues('uptime_monitor.m'))!.id;
      const r = await ws.run(['apply', '-auto-approve', '-no-color', '-replace=uptime_monitor.m']);
      expect(r.code).toBe(1);
      const err = flat(r.stderr);
      expect(err).toContain(`Monitor already exists`);
      expect(err).toContain(`id ${id}`);
      expect(err).toContain('create_before_destroy');
      // The live monitor is untouched, state still holds it, and a plan is empty.
      const now = await live(url);
      expect(now.map((m) => m.id)).toEqual([id]);
      expect((await ws.resourceValues('uptime_monitor.m'))!.id).toBe(id);
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
      expect(await live(url)).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  it(
    '1. -replace with create_before_destroy keeps what the new alert settings and status page wrote',
    async () => {
      const { ws, api } = e;
      await fresh('case1-sub');
      const mon = (await api.call('POST', '/monitors', { url: 'https://cbd-sub.example.com/' })).json.data.id;
      expect((await api.admin('POST', `/monitors/${mon}/status-page/setup`, { slug: 'cbd' })).status).toBe(
        200,
      );
      const cbd = `  lifecycle {\n    create_before_destroy = true\n  }\n`;
      ws.write({
        'main.tf': `resource "uptime_monitor_alert_settings" "a" {
  monitor_id           = "${mon}"
  slow_response_alerts = { enabled = true, threshold_ms = 2000 }
${cbd}}
resource "uptime_status_page" "p" {
  monitor_id = "${mon}"
  title      = "CBD"
${cbd}}
`,
      });
      await ws.apply();
      const r = await ws.apply('-replace=uptime_monitor_alert_settings.a', '-replace=uptime_status_page.p');
      expect(r.stdout).toMatch(/2 added, 0 changed, 2 destroyed/);
      const settings = (await api.call('GET', `/monitors/${mon}/alert-settings`)).json.data;
      expect(settings.slowResponseAlerts).toMatchObject({ enabled: true, thresholdMs: 2000 });
      const page = (await api.call('GET', `/monitors/${mon}/status-page`)).json.data;
      expect(page).toMatchObject({ enabled: true, title: 'CBD' });
      expect(flat(r.stdout)).toContain('Alert settings left as they are');
      expect(flat(r.stdout)).toContain('Status page left as it is');
      const again = await ws.planHasChanges();
      expect(again.output).toContain('No changes');
      // A plain destroy still restores the defaults and disables the page.
      const d = await ws.destroy();
      expect(flat(d.stdout)).not.toContain('left as');
      expect(
        (await api.call('GET', `/monitors/${mon}/alert-settings`)).json.data.slowResponseAlerts.enabled,
      ).toBe(false);
      expect((await api.call('GET', `/monitors/${mon}/status-page`)).json.data.enabled).toBe(false);
    },
    HANG_GUARD_MS,
  );

  it(
    '2. identical configurations never share a monitor (one configuration, two state directories)',
    async () => {
      const { ws } = e;
      await fresh('case2');
      const url = 'https://twins.example.com/';
      const body = `  url = "${url}"\n  interval_seconds = 300\n`;
      ws.write({
        'main.tf': `resource "uptime_monitor" "a" {\n${body}}\nresource "uptime_monitor" "b" {\n${body}}\n`,
      });
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(r.code).toBe(1);
      expect(flat(r.stderr)).toMatch(/Monitor already exists.*run `npx uptimectl adopt`/);
      const made = await live(url);
      expect(made).toHaveLength(1);
      const state = (await ws.show()).values?.root_module?.resources ?? [];
      expect(state.map((x: any) => x.values.id)).toEqual([made[0].id]);
      // Which of the two Terraform created first is up to its walk: keep that one, so the last apply below changes
      // nothing (keeping the other would create it while the first is archived: a 409 by the service's rule).
      const kept: string = state[0].name;

      // The same configuration from a second state directory (a terraform workspace): refused, not merged.
      ws.write({ 'main.tf': `resource "uptime_monitor" "${kept}" {\n${body}}\n` });
      await fresh('case2-other');
      const r2 = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(r2.code).toBe(1);
      expect(flat(r2.stderr)).toContain(`id ${made[0].id}`);
      expect((await ws.show()).values?.root_module?.resources ?? []).toEqual([]);
      await ws.must(['workspace', 'select', '-no-color', 'case2']);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
      expect(await live(url)).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  it(
    '3. lost state never adopts (and hides) a monitor changed outside Terraform',
    async () => {
      const { ws, api } = e;
      await fresh('case3');
      const url = 'https://lost-state.example.com/';
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {\n  name = "Configured"\n  url  = "${url}"\n}\n`,
      });
      await ws.apply();
      const id = (await ws.resourceValues('uptime_monitor.m'))!.id;
      expect((await api.patchMonitor(id, { name: 'Renamed outside' })).status).toBe(200);
      await ws.must(['state', 'rm', '-no-color', 'uptime_monitor.m']);
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(r.code).toBe(1);
      // Named with what the service holds now (the name changed outside Terraform), and the one command.
      expect(flat(r.stderr)).toContain(`(name "Renamed outside", id ${id}, GET "${url}", created `);
      expect(flat(r.stderr)).toContain('run `npx uptimectl adopt` in this configuration');
      expect((await api.monitor(id)).name).toBe('Renamed outside');
      // Importing it as the message says shows the drift, and the apply fixes it.
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {\n  name = "Configured"\n  url  = "${url}"\n}\nimport {\n  to = uptime_monitor.m\n  id = "${id}"\n}\n`,
      });
      const p = await ws.planHasChanges();
      expect(p.output).toMatch(/~ name += "Renamed outside" -> "Configured"/);
      await ws.apply();
      expect((await api.monitor(id)).name).toBe('Configured');
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '7. alert settings: after every apply a re-plan is empty, for each attribute combination',
    async () => {
      const { ws, api } = e;
      await fresh('case7');
      const mon = (await api.call('POST', '/monitors', { url: 'https://quiet.example.com/' })).json.data.id;
      const bodies = [
        '',
        'channels = { sms = true }',
        `destination_ids = { email = "${EMAIL_DEST_2}" }`,
        'slow_response_alerts = { enabled = true }',
        'channels = { email = false }\n  slow_response_alerts = { threshold_ms = 2000, consecutive_limit = 5 }',
        `destination_ids = { email = "${EMAIL_DEST}", sms = "${SMS_DEST}" }\n  channels = { sms = true }`,
        'slow_response_alerts = {}',
        '',
      ];
      for (const b of bodies) {
        ws.write({
          'main.tf': `resource "uptime_monitor_alert_settings" "a" {\n  monitor_id = "${mon}"\n  ${b}\n}\n`,
        });
        await ws.apply();
        const p = await ws.planHasChanges();
        if (p.changes) throw new Error(`re-plan not empty after applying {${b}}:\n${p.output}`);
      }
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '4. a write-only secret without its *_wo_version is refused at plan time, naming the attribute',
    async () => {
      const { ws } = e;
      await fresh('case4');
      const url = 'https://write-only.example.com/';
      ws.write({
        'main.tf': `variable "s" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = "SENTINEL-wo-secret-4"
}
resource "uptime_monitor" "m" {
  url             = "${url}"
  request_headers = [{ name = "X-Key", value_wo = var.s }]
  auth_config     = { type = "basic", username = "probe", password_wo = var.s }
}
`,
      });
      const r = await ws.run(['plan', '-no-color']);
      expect(r.code).toBe(1);
      const err = flat(r.stderr);
      expect(err).toContain(
        'request_headers[0].value_wo_version is required when request_headers[0].value_wo is set',
      );
      expect(err).toContain(
        'auth_config.password_wo_version is required when auth_config.password_wo is set',
      );
      expect(err).not.toContain('SENTINEL-wo-secret-4');
      expect(await live(url)).toEqual([]);
      // With the versions set, apply works and the re-plan is empty.
      ws.write({
        'main.tf': `variable "s" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = "SENTINEL-wo-secret-4"
}
resource "uptime_monitor" "m" {
  url             = "${url}"
  request_headers = [{ name = "X-Key", value_wo = var.s, value_wo_version = 1 }]
  auth_config     = { type = "basic", username = "probe", password_wo = var.s, password_wo_version = 1 }
}
`,
      });
      await ws.apply();
      expect((await live(url))[0].requestHeaders[0]).toMatchObject({ name: 'X-Key', valueSet: true });
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '9. header values with CR/LF and Basic-auth user names with ":" are rejected (service 400, provider plan)',
    async () => {
      const { ws, api } = e;
      await fresh('case9');
      const url = 'https://bad-input.example.com/';
      const secret = 'SENTINEL-crlf-9';
      const bad = await api.call('POST', '/monitors', {
        url,
        requestHeaders: [{ name: 'X-Key', value: `${secret}\r\nX-Injected: 1` }],
      });
      expect(bad.status).toBe(400);
      expect(bad.json.error.details).toEqual([
        expect.objectContaining({
          field: 'requestHeaders[0].value',
          message: expect.stringMatching(/CR, LF/),
        }),
      ]);
      expect(JSON.stringify(bad.json)).not.toContain(secret);
      const user = await api.call('POST', '/monitors', {
        url,
        authConfig: { type: 'basic', username: 'a:b' },
      });
      expect(user.status).toBe(400);
      expect(user.json.error.details).toEqual([expect.objectContaining({ field: 'authConfig.username' })]);
      expect(await live(url)).toEqual([]);

      ws.write({
        'main.tf': `variable "v" {
  type      = string
  sensitive = true
  default   = "${secret}\\r\\nX-Injected: 1"
}
variable "u" {
  default = "probe:admin"
}
resource "uptime_monitor" "m" {
  url             = "${url}"
  request_headers = [{ name = "X-Key", value = var.v }]
  auth_config     = { type = "basic", username = var.u }
}
`,
      });
      const r = await ws.run(['plan', '-no-color']);
      expect(r.code).toBe(1);
      const err = flat(r.stderr);
      expect(err).toMatch(/request_headers\[0\]\.value must be an HTTP header value: no control characters/);
      expect(err).toMatch(/auth_config\.username must not contain ":"/);
      expect(err).not.toContain(secret);
    },
    HANG_GUARD_MS,
  );

  it(
    '10. a destroy whose archive happened before a 503 succeeds; a base_url without /v1 says so',
    async () => {
      const { ws, api, svc } = e;
      await fresh('case10');
      const url = 'https://archive-503.example.com/';
      ws.write({ 'main.tf': `resource "uptime_monitor" "m" {\n  url = "${url}"\n}\n` });
      await ws.apply();
      const id = (await ws.resourceValues('uptime_monitor.m'))!.id;
      // The service archives, the answer is lost, and the retries (same Idempotency-Key) meet 503s beyond the retry
      // budget: the archive is in doubt, replayed until the service answers (its stored answer), not failed.
      await api.admin('POST', '/faults', { route: 'archiveMonitor', drop: 'after', count: 1 });
      await api.admin('POST', '/faults', { route: 'archiveMonitor', status: 503, count: 5 });
      try {
        const d = await ws.run(['destroy', '-auto-approve', '-no-color']);
        expect(d.stderr).toBe('');
        expect(d.code).toBe(0);
      } finally {
        await api.admin('DELETE', '/faults');
      }
      expect((await api.monitor(id)).archived).toBe(true);
      expect((await ws.show()).values?.root_module?.resources ?? []).toEqual([]);

      const origin = svc.baseUrl.replace(/\/v1$/, '');
      ws.write({
        'main.tf': `provider "uptime" {\n  base_url = "${origin}"\n}\nresource "uptime_monitor" "m" {\n  url = "${url}"\n}\n`,
      });
      const r = await ws.run(['plan', '-no-color']);
      expect(r.code).toBe(1);
      expect(flat(r.stderr)).toMatch(/base_url probably lacks the API version prefix \(it must end in \/v1/);
    },
    HANG_GUARD_MS,
  );

  it(
    "5. a monitor outside a restricted token's selection is an error on refresh, never dropped from state",
    async () => {
      const { ws, api, svc } = e;
      await fresh('case5');
      const url = 'https://hidden.example.com/';
      ws.write({ 'main.tf': `resource "uptime_monitor" "m" {\n  url = "${url}"\n}\n` });
      await ws.apply();
      const id = (await ws.resourceValues('uptime_monitor.m'))!.id;
      expect((await api.admin('POST', `/monitors/${id}/status-page/setup`, { slug: 'hidden' })).status).toBe(
        200,
      );
      // The sub-resources name the monitor by id (no dependency), so all three are refreshed.
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {
  url = "${url}"
}
resource "uptime_monitor_alert_settings" "a" {
  monitor_id = "${id}"
}
resource "uptime_status_page" "p" {
  monitor_id = "${id}"
  enabled    = false
}
`,
      });
      await ws.apply();
      const restricted = { UPTIME_API_TOKEN: svc.tokens['example-only']! };
      const r = await ws.run(['plan', '-refresh-only', '-no-color'], restricted);
      expect(r.code).toBe(1);
      const err = flat(r.stderr);
      expect(err).not.toContain('has been deleted');
      for (const what of ['monitor', 'alert settings of monitor', 'status page of monitor'])
        expect(err).toContain(
          `The ${what} ${id} cannot be read: the API token "example-only" is restricted to a selection of monitors that does not include it`,
        );
      const a = await ws.run(['apply', '-refresh-only', '-auto-approve', '-no-color'], restricted);
      expect(a.code).toBe(1);
      // State still holds all three, and with the full token nothing changed.
      const state = (await ws.show()).values?.root_module?.resources ?? [];
      expect(state.map((x: any) => x.address).sort()).toEqual([
        'uptime_monitor.m',
        'uptime_monitor_alert_settings.a',
        'uptime_status_page.p',
      ]);
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '6. the plan minimum rising between plan -out and apply is never a Terraform consistency error',
    async () => {
      const { ws, api } = e;
      await fresh('case6');
      const url = 'https://min-rises.example.com/';
      const setMin = (s: number) => api.admin('PATCH', '/tenants/acme', { plan: { minIntervalSeconds: s } });
      const tf = (name: string) =>
        `resource "uptime_monitor" "m" {\n  name = "${name}"\n  url  = "${url}"\n}\n`;
      try {
        ws.write({ 'main.tf': tf('one') });
        const p = await ws.must(['plan', '-out=case6.plan', '-no-color']);
        expect((await setMin(900)).status).toBe(200);
        const a = await ws.run(['apply', '-no-color', 'case6.plan']);
        expect(a.stderr).toBe('');
        expect(p.stdout).toMatch(/\+ interval_seconds += \(known after apply\)/);
        expect((await live(url))[0].intervalSeconds).toBe(900);
        expect((await ws.resourceValues('uptime_monitor.m'))!.interval_seconds).toBe(900);
        expect((await ws.planHasChanges()).changes).toBe(false);

        // An update planned before the minimum rises again keeps the interval it planned.
        ws.write({ 'main.tf': tf('two') });
        await ws.must(['plan', '-out=case6.plan', '-no-color']);
        expect((await setMin(1800)).status).toBe(200);
        const u = await ws.run(['apply', '-no-color', 'case6.plan']);
        expect(u.stderr).toBe('');
        expect((await live(url))[0]).toMatchObject({ name: 'two', intervalSeconds: 900 });
        expect((await ws.planHasChanges()).changes).toBe(false);
      } finally {
        await setMin(60);
      }
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );

  it(
    '8. a duplicate URL and method: the docs say it is found at apply, and the apply says so before creating',
    async () => {
      const { ws, api } = e;
      await fresh('case8');
      const doc = flat(readFileSync(join(__dirname, '../../docs/resources/monitor.md'), 'utf8'));
      const planChecks = doc.slice(doc.indexOf('## Plan-time checks'));
      expect(planChecks).toContain(
        '**Not checked at plan time:** whether a non-archived monitor with the same URL',
      );
      const url = 'https://dup.example.com/';
      const existing = (await api.call('POST', '/monitors', { url, requestMethod: 'HEAD' })).json.data.id;
      ws.write({
        'main.tf': `resource "uptime_monitor" "m" {\n  url            = "${url}"\n  request_method = "HEAD"\n}\n`,
      });
      expect((await ws.planHasChanges()).output).toMatch(/Plan: 1 to add/);
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(r.code).toBe(1);
      expect(flat(r.stderr)).toContain(`Monitor already exists`);
      expect(flat(r.stderr)).toContain(`id ${existing}, HEAD "${url}"`);
      expect(flat(r.stderr)).toContain('`npx uptimectl adopt`');
      expect((await live(url)).map((m) => m.id)).toEqual([existing]);
    },
    HANG_GUARD_MS,
  );
});
