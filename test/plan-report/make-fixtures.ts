// Regenerates the plan JSON fixtures of the plan-report golden tests from real Terraform against the local
// service: `npx jest --testMatch '**/make-fixtures.ts'`. Values that change per run (ids, versions, timestamps,
// temp paths, the service address) are replaced by stable placeholders so the goldens stay reviewable.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMAIL_DEST, EMAIL_DEST_2, startE2E, testSeed } from '../provider/helpers.js';

const OUT = join(__dirname, 'fixtures');
export const SECRET_SENTINEL = 'hdr-SECRET-SENTINEL-4711';
export const VAR_SENTINEL = 'var-SECRET-SENTINEL-0815';

const before = `
variable "api_key" {
  type      = string
  sensitive = true
  default   = "${VAR_SENTINEL}"
}

resource "uptime_monitor" "keep" {
  name             = "Checkout API"
  url              = "https://checkout.example.com/health"
  interval_seconds = 60
  timeout_ms       = 10000
}
resource "uptime_monitor" "archive" {
  name = "Legacy site"
  url  = "https://legacy.example.com/"
}
resource "uptime_monitor" "pause" {
  name = "Batch jobs"
  url  = "https://batch.example.com/ping"
}
resource "uptime_monitor" "replace" {
  name = "Search"
  url  = "https://search.example.com/"
}
resource "uptime_monitor" "gone" {
  name = "Old promo"
  url  = "https://promo.example.com/"
}
resource "uptime_monitor" "reactivate" {
  name     = "Docs"
  url      = "https://docs.example.com/"
  archived = true
}
resource "uptime_monitor_alert_settings" "keep" {
  monitor_id      = uptime_monitor.keep.id
  channels        = { email = true, sms = false }
  destination_ids = { email = "${EMAIL_DEST}" }
}
resource "uptime_monitor_alert_settings" "pause" {
  monitor_id = uptime_monitor.pause.id
  channels   = { email = true, sms = false }
}
`;

const after = `
variable "api_key" {
  type      = string
  sensitive = true
  default   = "${VAR_SENTINEL}"
}

resource "uptime_monitor" "keep" {
  name             = "Checkout API"
  url              = "https://checkout.example.com/health"
  interval_seconds = 300
  timeout_ms       = 5000
  request_headers = [
    { name = "X-Api-Key", value = "${SECRET_SENTINEL}" },
    { name = "X-Token", value = var.api_key },
  ]
}
resource "uptime_monitor" "archive" {
  name     = "Legacy site"
  url      = "https://legacy.example.com/"
  archived = true
}
resource "uptime_monitor" "pause" {
  name    = "Batch jobs"
  url     = "https://batch.example.com/ping"
  enabled = false
}
resource "uptime_monitor" "replace" {
  name = "Search"
  url  = "https://search.example.com/"
}
resource "uptime_monitor" "reactivate" {
  name     = "Docs"
  url      = "https://docs.example.com/"
  archived = false
}
resource "uptime_monitor" "new" {
  name             = "Payments"
  url              = "https://payments.example.com/health"
  interval_seconds = 60
}
resource "uptime_monitor_alert_settings" "keep" {
  monitor_id      = uptime_monitor.keep.id
  channels        = { email = true, sms = false }
  destination_ids = { email = "${EMAIL_DEST_2}" }
}
resource "uptime_monitor_alert_settings" "pause" {
  monitor_id = uptime_monitor.pause.id
  channels   = { email = false, sms = false }
}
import {
  to = uptime_monitor.imported
  id = "IMPORT_ID"
}
resource "uptime_monitor" "imported" {
  name             = "Example status"
  url              = "https://status.example.org/healthz"
  interval_seconds = 60
}
import {
  to = uptime_status_page.imported
  id = "IMPORT_ID"
}
resource "uptime_status_page" "imported" {
  monitor_id = uptime_monitor.imported.id
  enabled    = false
}
`;

async function main(): Promise<void> {
  const e = await startE2E(testSeed());
  try {
    e.ws.write({ 'main.tf': before });
    await e.ws.apply();
    // Drift: a rename in the dashboard.
    const state = await e.ws.show();
    const res = state.values.root_module.resources as any[];
    const keep = res.find((r) => r.address === 'uptime_monitor.keep').values;
    const renamed = await e.api.call(
      'PATCH',
      `/monitors/${keep.id}`,
      { name: 'Checkout API (renamed in dashboard)' },
      { 'if-match': `"${keep.version}"` },
    );
    if (renamed.status !== 200) throw new Error(`rename failed: ${renamed.status}`);
    const imported = (await e.api.call('GET', '/monitors')).json.data.find(
      (m: any) => m.name === 'Example status',
    );
    e.ws.write({ 'main.tf': after.replaceAll('IMPORT_ID', imported.id) });
    await e.ws.must(['plan', '-out=tfplan', '-no-color', '-replace=uptime_monitor.replace'], [0]);
    const plan = (await e.ws.must(['show', '-json', 'tfplan'])).stdout;
    writeFileSync(join(OUT, 'mixed.plan.json'), stabilize(plan, e.svc.baseUrl, e.ws.dir));
    // A second, small stack (CDKTF apps have one plan per stack).
    await e.ws.must(['workspace', 'new', 'small']);
    e.ws.write({
      'main.tf': `resource "uptime_monitor" "status" {\n  name = "Status page"\n  url  = "https://status.example.net/"\n}\n`,
    });
    await e.ws.must(['plan', '-out=tfplan2', '-no-color'], [0]);
    writeFileSync(
      join(OUT, 'small.plan.json'),
      stabilize((await e.ws.must(['show', '-json', 'tfplan2'])).stdout, e.svc.baseUrl, e.ws.dir),
    );
  } finally {
    await e.dispose();
  }
}

/** Stable placeholders for run-specific values; the JSON is pretty-printed for review. */
function stabilize(json: string, baseUrl: string, dir: string): string {
  let s = json.replaceAll(new URL(baseUrl).origin, 'http://127.0.0.1:PORT').replaceAll(dir, '/tmp/WORKSPACE');
  const ids = new Map<string, string>();
  s = s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (m) => {
    if (!ids.has(m)) ids.set(m, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`);
    return ids.get(m)!;
  });
  s = s.replace(/"v\d+-[0-9a-f]{8}"/g, '"v1-00000000"');
  s = s.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '2026-11-25T00:00:00Z');
  return `${JSON.stringify(JSON.parse(s), null, 2)}\n`;
}

test('regenerate the plan-report fixtures', main, 300_000);
