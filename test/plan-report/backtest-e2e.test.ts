// The backtest of `plan-report --probe`: a monitor applied with real Terraform gets a known history in the local
// service (frozen clock advanced a minute at a time; the engine checks a target whose latency and status this test
// sets), then a plan lowers its slow-response threshold, shortens its consecutive limit and accepts 503. The report's
// counts under today's and the planned settings are checked against counts computed here from the sequence itself
// (run lengths, not the alert rule), and today's availability count against the incidents the engine really opened.
// A token without checks:read falls back to the summary and says why. Wall time ≈ 30 s (8 slow checks of 1.15 s).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planReport } from '../../src/plan-report/index.js';
import { artifactsDir } from '../helpers/browser.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
} from '../helpers/terraform.js';
import { engineHarness, tick } from '../service/engine-helpers.js';
import type { Harness } from '../service/helpers.js';
import { Target } from './probe-targets.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = (terraformAvailable() || process.env.CI) && heavyE2eEnabled() ? describe : describe.skip;

/** F fast 200, S 200 after 1,150 ms, D fast 503; one check a minute after the first (fast) one. */
const SEQUENCE = 'FSSFDDFSFSSSFDFSSFFF';

let h: Harness;
let ws: TerraformWorkspace;
let target: Target;
let planPath: string;
let monitorId: string;

const config = (threshold: number, limit: number, codes: string) => `${requiredProviders()}
provider "uptime" {}
resource "uptime_monitor" "api" {
  name                  = "API"
  url                   = "${target.url}/api"
  interval_seconds      = 60
  timeout_ms            = 5000
  accepted_status_codes = ${codes}
}
resource "uptime_monitor_alert_settings" "api" {
  monitor_id           = uptime_monitor.api.id
  slow_response_alerts = { enabled = true, threshold_ms = ${threshold}, consecutive_limit = ${limit} }
}
`;

beforeAll(async () => {
  h = await engineHarness();
  target = await Target.start();
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: h.svc.baseUrl, UPTIME_API_TOKEN: h.token('full') },
  });
  ws.write({ 'main.tf': config(3000, 3, '[]') });
  await ws.init();
  await ws.apply();
  monitorId = (await ws.resourceValues('uptime_monitor.api'))!.id;
  await tick(h); // the first check of a new monitor (fast)
  for (const c of SEQUENCE) {
    target.routes.set('/api', c === 'S' ? { delayMs: 1_150 } : c === 'D' ? { status: 503 } : { status: 200 });
    await h.advance(60);
  }
  ws.write({ 'main.tf': config(1000, 2, '[200, 503]') });
  await ws.must(['plan', '-out=tfplan', '-no-color']);
  planPath = join(ws.dir, 'plan.json');
  writeFileSync(planPath, (await ws.must(['show', '-json', 'tfplan'])).stdout);
}, HANG_GUARD_MS);

afterAll(async () => {
  ws?.dispose();
  await target?.close();
  await h?.close();
});

/** Counted from the sequence: runs of D (each opens one incident), runs of S at least `limit` long (each opens one
 *  slow-response incident), with D read as a fast answer once 503 is accepted. */
function expected() {
  const all = `F${SEQUENCE}`;
  const runs = (re: RegExp) => all.match(re)?.length ?? 0;
  return {
    checks: all.length,
    old: { down: runs(/D/g), slow: 0, availability: runs(/D+/g), performance: 0 },
    new: { down: 0, slow: runs(/S/g), availability: 0, performance: runs(/S{2,}/g) },
  };
}

describeTf('backtest of changed alert settings', () => {
  test('the history the engine recorded is the sequence the test drove', async () => {
    const checks = (await h.call('GET', `/monitors/${monitorId}/checks?limit=100`)).json.data as any[];
    expect(checks).toHaveLength(SEQUENCE.length + 1);
    const incidents = (await h.call('GET', `/monitors/${monitorId}/incidents?limit=100`)).json.data as any[];
    expect(incidents.filter((i) => i.type === 'availability')).toHaveLength(expected().old.availability);
  });

  test(
    'Markdown, text and JSON give the counts computed from the sequence, the period and the chart',
    async () => {
      const base = {
        inputs: [planPath],
        probe: true,
        probeAllow: ['127.0.0.0/8'],
        baseUrl: h.svc.baseUrl,
        token: h.token('full'),
      };
      const json = JSON.parse((await planReport({ ...base, format: 'json' })).markdown);
      const e = expected();
      const [b] = json.backtests;
      expect(b).toMatchObject({
        address: 'uptime_monitor.api',
        monitorId,
        source: 'checks',
        checkCount: e.checks,
        note: null,
      });
      expect(b.old.settings).toEqual({
        slow: { enabled: true, thresholdMs: 3000, consecutiveLimit: 3 },
        acceptedStatusCodes: [],
        timeoutMs: 5000,
      });
      expect(b.new.settings).toEqual({
        slow: { enabled: true, thresholdMs: 1000, consecutiveLimit: 2 },
        acceptedStatusCodes: [200, 503],
        timeoutMs: 5000,
      });
      const counts = (c: any) => ({
        down: c.down,
        slow: c.slow,
        availability: c.availabilityAlerts,
        performance: c.performanceAlerts,
      });
      expect(counts(b.old.counts)).toEqual(e.old);
      expect(counts(b.new.counts)).toEqual(e.new);
      expect(Date.parse(b.period.to) - Date.parse(b.period.from)).toBe(SEQUENCE.length * 60_000);
      // the monitor's request changed (accepted codes): it is probed too, and its probe entry carries the backtest
      const p = json.probes.find((x: any) => x.address === 'uptime_monitor.api');
      expect(p).toMatchObject({ verdict: 'up', backtest: { checkCount: e.checks } });

      const md = (await planReport(base)).markdown;
      writeFileSync(join(artifactsDir('plan-report'), 'backtest-report.md'), md);
      expect(md).toContain(`history: ${e.checks} checks over 20 min`);
      expect(md).toContain(`| slow-response alerts | ${e.old.performance} | ${e.new.performance} |`);
      expect(md).toContain(`| availability alerts | ${e.old.availability} | ${e.new.availability} |`);
      expect(md).toMatch(/```mermaid\n%%\{init: .*\}%%\nxychart-beta\n/);
      expect(md).toContain(
        'slow-response threshold 3000 ms → 1000 ms; consecutive slow checks 3 → 2; accepted status codes any 2xx → 200, 503',
      );

      const text = (await planReport({ ...base, format: 'text' })).markdown;
      expect(text).toContain(
        `~     slow-response alerts: today ${e.old.performance}, planned ${e.new.performance}`,
      );
      expect(text).toContain(
        `~     availability alerts: today ${e.old.availability}, planned ${e.new.availability}`,
      );
      expect(text).toMatch(
        /~ {5}response times \(oldest first, max \d+ ms; thresholds today 3000 ms, planned 1000 ms\): [▁▂▃▄▅▆▇█·]{21}\n/,
      );
    },
    HANG_GUARD_MS,
  );

  test(
    'a token without checks:read: the summary, and the report says why alerts are not counted',
    async () => {
      const r = await planReport({
        inputs: [planPath],
        probe: true,
        baseUrl: h.svc.baseUrl,
        token: h.token('reader'),
        format: 'json',
      });
      const [b] = JSON.parse(r.markdown).backtests;
      expect(b).toMatchObject({ source: 'summary', checkCount: SEQUENCE.length + 1 });
      expect(b.old.counts).toBeNull();
      expect(b.note).toMatch(
        /not readable with this token \(they need a Pro plan and the checks:read scope\).*summary/,
      );
    },
    HANG_GUARD_MS,
  );
});
