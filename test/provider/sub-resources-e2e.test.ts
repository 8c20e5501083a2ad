// uptime_monitor_alert_settings and uptime_status_page end to end, plus the data sources and plan-time
// capability/destination checks, with real Terraform and the local service.
import { terraformAvailable } from '../helpers/terraform.js';
import { EMAIL_DEST, EMAIL_DEST_2, SMS_DEST, startE2E, testSeed, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const flat = (s: string) => s.replace(/\s+/g, ' ');

describeTf('alert settings, status page and data sources with real terraform', () => {
  let e: E2E;
  let mon: string;
  /** Answers of the service while `recording` is set: method, route and status. */
  let recording: { method: string; route: string | null; status: number }[] | null = null;
  beforeAll(async () => {
    e = await startE2E(
      testSeed(),
      'full',
      {},
      {
        onResponse: (r) => recording?.push({ method: r.method, route: r.route, status: r.status }),
      },
    );
    const r = await e.api.call('POST', '/monitors', {
      name: 'Shop',
      url: 'https://shop.example.com/',
      intervalSeconds: 60,
    });
    mon = r.json.data.id;
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  const alertTf = (o: { sms?: boolean; email?: string; threshold?: number } = {}) => `
resource "uptime_monitor_alert_settings" "shop" {
  monitor_id = "${mon}"
  channels   = { sms = ${o.sms ?? true} }
  destination_ids = {
    email = "${o.email ?? EMAIL_DEST_2}"
    sms   = "${SMS_DEST}"
  }
  slow_response_alerts = { enabled = true, threshold_ms = ${o.threshold ?? 2000} }
}
`;

  it(
    'alert settings: create, no-op, update, drift, 412, import, destroy restores defaults',
    async () => {
      const { ws, api } = e;
      ws.write({ 'main.tf': alertTf() });
      await ws.apply();
      let remote = (await api.call('GET', `/monitors/${mon}/alert-settings`)).json.data;
      expect(remote).toMatchObject({
        channels: { email: true, sms: true },
        destinationIds: { email: EMAIL_DEST_2, sms: SMS_DEST },
        slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 3 },
      });
      expect((await ws.planHasChanges()).changes).toBe(false);

      ws.write({ 'main.tf': alertTf({ threshold: 5000 }) });
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      // Drift.
      const cur = await api.call('GET', `/monitors/${mon}/alert-settings`);
      await api.call(
        'PATCH',
        `/monitors/${mon}/alert-settings`,
        { channels: { sms: false } },
        { 'if-match': `"${cur.etag}"` },
      );
      const drift = await ws.planHasChanges();
      expect(drift.output).toMatch(/~ sms += false -> true/);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      // 412 between plan and apply.
      ws.write({ 'main.tf': alertTf({ threshold: 10000 }) });
      await ws.must(['plan', '-out=tfplan', '-no-color']);
      const c2 = await api.call('GET', `/monitors/${mon}/alert-settings`);
      await api.call(
        'PATCH',
        `/monitors/${mon}/alert-settings`,
        { channels: { email: false } },
        { 'if-match': `"${c2.etag}"` },
      );
      const stale = await ws.run(['apply', '-no-color', 'tfplan']);
      expect(stale.code).toBe(1);
      expect(flat(stale.stderr)).toContain(
        `alert settings of monitor ${mon} were changed outside Terraform after this plan was made; run plan again`,
      );
      await ws.apply();

      // Import by monitor id.
      await ws.must(['state', 'rm', 'uptime_monitor_alert_settings.shop']);
      await ws.must(['import', '-no-color', 'uptime_monitor_alert_settings.shop', mon]);
      expect((await ws.planHasChanges()).changes).toBe(false);

      // Unknown destination: plan-time error naming the allowed ids; nothing sent.
      ws.write({ 'main.tf': alertTf({ email: `dest_email_${'f'.repeat(24)}` }) });
      const bad = await ws.run(['plan', '-no-color']);
      expect(bad.code).toBe(1);
      expect(flat(bad.stderr)).toContain(
        `destination_ids.email is not among the account's verified email destinations (rule: unknown_destination; allowed values: ${EMAIL_DEST}, ${EMAIL_DEST_2})`,
      );

      ws.write({ 'main.tf': alertTf() });
      await ws.destroy();
      remote = (await api.call('GET', `/monitors/${mon}/alert-settings`)).json.data;
      expect(remote).toMatchObject({
        channels: { email: true, sms: false },
        destinationIds: { email: EMAIL_DEST, sms: null },
        slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3 },
      });
    },
    HANG_GUARD_MS,
  );

  const pageTf = (id: string, title = 'Shop status') => `
resource "uptime_status_page" "p" {
  monitor_id      = "${id}"
  title           = "${title}"
  description     = "Public status of the shop"
  display_options = { response_time = false }
}
`;

  it(
    'status page: dashboard-setup error, then create, update, drift, import, destroy disables',
    async () => {
      const { ws, api } = e;
      ws.write({ 'main.tf': pageTf(mon) });
      const notSetUp = await ws.run(['apply', '-auto-approve', '-no-color']);
      expect(notSetUp.code).toBe(1);
      expect(flat(notSetUp.stderr)).toMatch(/Status page needs dashboard setup.*Status page → Set up/);
      expect((await api.admin('POST', `/monitors/${mon}/status-page/setup`, { slug: 'shop' })).status).toBe(
        200,
      );

      await ws.apply();
      let v = (await ws.resourceValues('uptime_status_page.p'))!;
      expect(v).toMatchObject({
        enabled: true,
        slug: 'shop',
        title: 'Shop status',
        display_options: {
          uptime_timeline: true,
          response_time: false,
          incidents: true,
          recent_history: true,
        },
        custom_domain: { configured: false, status: 'none' },
      });
      expect(v.url).toMatch(/\/public\/status-pages\/shop$/);
      expect((await ws.planHasChanges()).changes).toBe(false);

      ws.write({ 'main.tf': pageTf(mon, 'Shop status v2') });
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      const cur = await api.call('GET', `/monitors/${mon}/status-page`);
      await api.call(
        'PATCH',
        `/monitors/${mon}/status-page`,
        { noindex: true },
        { 'if-match': `"${cur.etag}"` },
      );
      expect((await ws.planHasChanges()).output).toMatch(/~ noindex += true -> false/);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);

      await ws.must(['state', 'rm', 'uptime_status_page.p']);
      await ws.must(['import', '-no-color', 'uptime_status_page.p', mon]);
      expect((await ws.planHasChanges()).changes).toBe(false);

      await ws.destroy();
      v = (await api.call('GET', `/monitors/${mon}/status-page`)).json.data;
      expect(v).toMatchObject({ enabled: false, title: 'Shop status v2' });
    },
    HANG_GUARD_MS,
  );

  it(
    'import blocks + -generate-config-out for alert settings and status page: valid config, no changes',
    async () => {
      const { ws } = e;
      ws.write({
        'main.tf': `import {\n  to = uptime_monitor_alert_settings.g\n  id = "${mon}"\n}\nimport {\n  to = uptime_status_page.g\n  id = "${mon}"\n}\n`,
      });
      await ws.must(['plan', '-no-color', '-generate-config-out=generated.tf'], [0, 2]);
      expect((await ws.run(['validate', '-no-color'])).code).toBe(0);
      const plan = await ws.planHasChanges();
      expect(plan.output).toMatch(/2 to import, 0 to add, 0 to change, 0 to destroy/);
      await ws.apply();
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.must(['state', 'rm', 'uptime_monitor_alert_settings.g', 'uptime_status_page.g']);
      ws.write({ 'generated.tf': '' });
    },
    HANG_GUARD_MS,
  );

  it(
    'data sources read monitors, destinations, capabilities, status pages and incidents',
    async () => {
      const { ws } = e;
      ws.write({
        'main.tf': `
data "uptime_monitor" "shop" { id = "${mon}" }
data "uptime_monitors" "all" {}
data "uptime_monitors" "paused" { enabled = false }
data "uptime_alert_destinations" "email" { channel = "email" }
data "uptime_alert_destinations" "oncall" { label = "On-call" }
data "uptime_capabilities" "c" {}
data "uptime_status_page" "p" { monitor_id = "${mon}" }
data "uptime_incidents" "open" { status = "open" }
output "shop" { value = data.uptime_monitor.shop }
output "count" { value = length(data.uptime_monitors.all.ids) }
output "paused" { value = length(data.uptime_monitors.paused.ids) }
output "emails" { value = data.uptime_alert_destinations.email.ids }
output "oncall" { value = data.uptime_alert_destinations.oncall.ids }
output "caps" { value = data.uptime_capabilities.c }
output "page" { value = data.uptime_status_page.p.slug }
output "incidents" { value = data.uptime_incidents.open.incidents }
`,
      });
      await ws.apply();
      const out = JSON.parse((await ws.must(['output', '-json'])).stdout);
      expect(out.shop.value).toMatchObject({
        id: mon,
        name: 'Shop',
        status: 'pending',
        interval_seconds: 60,
        ssl_expiry: { status: 'unknown' },
      });
      expect(out.count.value).toBeGreaterThanOrEqual(2);
      expect(out.paused.value).toBe(0);
      expect(out.emails.value).toEqual([EMAIL_DEST, EMAIL_DEST_2]);
      expect(out.oncall.value).toEqual([SMS_DEST]);
      expect(out.caps.value.plan).toMatchObject({
        name: 'pro',
        min_interval_seconds: 60,
        allowed_intervals: [60, 300, 900, 1800, 3600],
      });
      expect(out.page.value).toBe('shop');
      expect(out.incidents.value).toEqual([]);

      ws.write({ 'main.tf': `data "uptime_monitors" "bad" { status = "archived" }\n` });
      const bad = await ws.run(['plan', '-no-color']);
      expect(bad.code).toBe(1);
      expect(flat(bad.stderr)).toContain(
        'status must be one of "up", "down", "pending", "paused" (rule: one_of; allowed values: up, down, pending, paused)',
      );
      ws.write({ 'main.tf': '' });
    },
    HANG_GUARD_MS,
  );
  // Last: it leaves archived monitors in the account, which the data-source counts above do not expect.
  it(
    'destroying monitors with slow-response alert settings: no 412 and no second archive',
    async () => {
      const { ws, api } = e;
      const tf = [0, 1, 2]
        .map(
          (i) => `
resource "uptime_monitor" "slow${i}" {
  url = "https://slow-destroy.example.com/${i}"
}
resource "uptime_monitor_alert_settings" "slow${i}" {
  monitor_id           = uptime_monitor.slow${i}.id
  slow_response_alerts = { enabled = true, threshold_ms = 2000 }
}
`,
        )
        .join('');
      ws.write({ 'main.tf': tf });
      await ws.apply();
      const ids = (await api.listMonitors())
        .filter((m) => m.url.startsWith('https://slow-destroy.example.com/'))
        .map((m) => m.id as string);
      expect(ids).toHaveLength(3);
      recording = [];
      try {
        await ws.destroy();
      } finally {
        const seen = recording;
        recording = null;
        // Restoring the alert settings gave each monitor a new version: its archive reads it first instead of
        // being refused with the version in state.
        expect(seen.filter((r) => r.status === 412)).toEqual([]);
        expect(seen.filter((r) => r.route === '/v1/monitors/{monitorId}/archive')).toHaveLength(3);
      }
      for (const id of ids) expect((await api.monitor(id)).archived).toBe(true);
      ws.write({ 'main.tf': '' });
    },
    HANG_GUARD_MS,
  );
});
