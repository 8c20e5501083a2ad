// The backtest when a plan creates or removes `uptime_monitor_alert_settings` on existing monitors, checked against an
// independent replay of the history the local service recorded. Three monitors are applied with real Terraform:
// `bare` without alert settings (the defaults: slow alerts off), `slow` with slow alerts on at 1 s after 2 in a row
// (and SMS alerts), `quiet` paused (never checked). `bare` and `slow` are driven through one sequence of outcomes
// (forced through the admin API, a minute apart on the frozen clock), so the performance incidents the service opened
// for `slow` are what `bare` would have had under the same rule. Then a plan creates alert settings on `bare` and
// `quiet` (slow alerts on at 1 s, limit 2) and removes those of `slow` (which restores the defaults). The counts
// are replayed here from the recorded checks with the rule as docs/api-decisions.md states it (written anew, not the
// backtest's code), and compared with the incidents the service opened. A token without checks:read falls back to
// the 7-day summary, whose periods without checks are gaps (never 0) in the JSON, the chart and the sparkline.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { planReport } from '../../src/plan-report/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
} from '../helpers/terraform.js';
import { engineHarness, tick } from '../service/engine-helpers.js';
import type { Harness } from '../service/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = (terraformAvailable() || process.env.CI) && heavyE2eEnabled() ? describe : describe.skip;

/** F up in 100 ms, S up in 1,500 ms, D down; one check a minute. `SDS` is one streak of two slow checks: a down
 *  result neither counts nor ends it. */
const SEQUENCE = 'FSSFSSSFDDFSDSFSFFSSSSFDF';
const SMS = 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb';
const ON = { enabled: true, thresholdMs: 1000, consecutiveLimit: 2 };
const DEFAULTS = { enabled: false, thresholdMs: 5000, consecutiveLimit: 3 };

let h: Harness;
let ws: TerraformWorkspace;
let planPath: string;
const ids: Record<'bare' | 'slow' | 'quiet', string> = { bare: '', slow: '', quiet: '' };

const monitors = `${requiredProviders()}
provider "uptime" {}
resource "uptime_monitor" "bare" {
  name             = "Bare"
  url              = "https://bare.example.com/"
  interval_seconds = 60
}
resource "uptime_monitor" "slow" {
  name             = "Slow"
  url              = "https://slow.example.com/"
  interval_seconds = 60
}
resource "uptime_monitor" "quiet" {
  name             = "Quiet"
  url              = "https://quiet.example.com/"
  interval_seconds = 60
  enabled          = false
}
`;
const settings = (name: string, extra = '') => `
resource "uptime_monitor_alert_settings" "${name}" {
  monitor_id           = uptime_monitor.${name}.id${extra}
  slow_response_alerts = { enabled = true, threshold_ms = 1000, consecutive_limit = 2 }
}
`;

/** Every recorded check of a monitor, oldest first. */
async function history(id: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r = await h.call('GET', `/monitors/${id}/checks?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...r.json.data);
    cursor = r.json.pagination.nextCursor;
  } while (cursor);
  return out.sort((a, b) => a.checkedAt.localeCompare(b.checkedAt));
}

/** The rule of docs/api-decisions.md, replayed from a healthy start: an availability incident opens on a down result
 *  when none is open and an up result resolves it; with slow alerts on, an up result slower than the threshold extends
 *  the streak, which opens a performance incident on reaching the limit unless the monitor is already slow; an up
 *  result at or under the threshold ends the streak and the slow state; a down result does neither. */
function replay(checks: any[], rule: typeof ON) {
  let availability = 0;
  let performance = 0;
  let down = 0;
  let open = false;
  let streak = 0;
  let slow = false;
  for (const c of checks) {
    if (c.status === 'down') {
      down++;
      if (!open) availability++;
      open = true;
      continue;
    }
    open = false;
    if (rule.enabled && c.responseTimeMs > rule.thresholdMs) {
      streak++;
      if (streak >= rule.consecutiveLimit && !slow) {
        performance++;
        slow = true;
      }
    } else {
      streak = 0;
      slow = false;
    }
  }
  return { down, availability, performance };
}

/** One monitor's backtest section of the Markdown report. */
const section = (md: string, name: string) =>
  new RegExp(`Backtest: <b>${name}</b>((?:(?!</details>)[\\s\\S])*)</details>`).exec(md)![1]!;

const counts = (c: any) => ({
  down: c.down,
  availability: c.availabilityAlerts,
  performance: c.performanceAlerts,
});

beforeAll(async () => {
  h = await engineHarness();
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: h.svc.baseUrl, UPTIME_API_TOKEN: h.token('full') },
  });
  ws.write({
    'main.tf':
      monitors +
      settings(
        'slow',
        `\n  channels             = { email = true, sms = true }\n  destination_ids      = { sms = "${SMS}" }`,
      ),
  });
  await ws.init();
  await ws.apply();
  for (const name of ['bare', 'slow', 'quiet'] as const)
    ids[name] = (await ws.resourceValues(`uptime_monitor.${name}`))!.id;
  for (const [i, c] of [...SEQUENCE].entries()) {
    const outcome =
      c === 'D'
        ? { status: 'down', failureCategory: 'connection' }
        : { status: 'up', httpStatus: 200, responseTimeMs: c === 'S' ? 1_500 : 100 };
    for (const id of [ids.bare, ids.slow]) {
      const r = await h.admin('POST', `/monitors/${id}/force`, outcome);
      if (r.status !== 200) throw new Error(r.text);
    }
    if (i === 0)
      await tick(h); // a new monitor's first check is due at once
    else await h.advance(60);
  }
  ws.write({ 'main.tf': monitors + settings('bare') + settings('quiet') });
  await ws.must(['plan', '-out=tfplan', '-no-color']);
  planPath = join(ws.dir, 'plan.json');
  writeFileSync(planPath, (await ws.must(['show', '-json', 'tfplan'])).stdout);
}, HANG_GUARD_MS);

afterAll(async () => {
  ws?.dispose();
  await h?.close();
});

const report = (token: string, format: 'json' | 'markdown' | 'text' = 'json') =>
  planReport({ inputs: [planPath], probe: true, baseUrl: h.svc.baseUrl, token: h.token(token), format });

describeTf('backtest of alert settings created and removed on existing monitors', () => {
  test('the recorded history is the sequence, and the service opened the incidents the replay counts', async () => {
    for (const id of [ids.bare, ids.slow]) {
      const checks = await history(id);
      expect(
        checks.map((c) => (c.status === 'down' ? 'D' : c.responseTimeMs > 1000 ? 'S' : 'F')).join(''),
      ).toBe(SEQUENCE);
    }
    expect(await history(ids.quiet)).toEqual([]);
    const incidents = async (id: string) =>
      (await h.call('GET', `/monitors/${id}/incidents?limit=100`)).json.data as any[];
    const opened = (list: any[], type: string) => list.filter((i) => i.type === type).length;
    const slow = await incidents(ids.slow);
    const bare = await incidents(ids.bare);
    const r = replay(await history(ids.slow), ON);
    expect(r.performance).toBeGreaterThan(0);
    expect(opened(slow, 'performance')).toBe(r.performance);
    expect(opened(slow, 'availability')).toBe(r.availability);
    expect(opened(bare, 'performance')).toBe(0); // slow alerts off: the defaults
    expect(opened(bare, 'availability')).toBe(r.availability);
  });

  test(
    'created alert settings: today the defaults, planned the new rule; removed: today the rule in state, planned the defaults',
    async () => {
      const json = JSON.parse((await report('full')).markdown);
      const by = (address: string) => json.backtests.find((b: any) => b.address === address);
      const incidents = (await h.call('GET', `/monitors/${ids.slow}/incidents?limit=100`)).json.data as any[];
      const performanceOpened = incidents.filter((i) => i.type === 'performance').length;

      /** The backtest of a monitor against the replay of its recorded history under today's and the planned rule. */
      const agrees = async (name: 'bare' | 'slow', today: typeof ON, planned: typeof ON) => {
        const b = by(`uptime_monitor.${name}`);
        const checks = await history(ids[name]);
        expect(b).toMatchObject({
          monitorId: ids[name],
          source: 'checks',
          checkCount: SEQUENCE.length,
          note: null,
        });
        expect([b.old.settings.slow, b.new.settings.slow]).toEqual([today, planned]);
        expect([counts(b.old.counts), counts(b.new.counts)]).toEqual([
          replay(checks, today),
          replay(checks, planned),
        ]);
        return b;
      };
      // created: today the defaults (slow alerts off), planned the new rule, which the service really applied to
      // `slow` over the same history
      const bare = await agrees('bare', DEFAULTS, ON);
      expect(bare.new.counts.performanceAlerts).toBe(performanceOpened);
      // removed: today the rule in state (the incidents the service opened), planned the defaults
      const slow = await agrees('slow', ON, DEFAULTS);
      expect(slow.old.counts.performanceAlerts).toBe(performanceOpened);
      expect(slow.new.counts.performanceAlerts).toBe(0);
      const slowChecks = await history(ids.slow);

      // chart points: one per check (25 ≤ 48), the response time of an up check, a gap (null) for a down one
      expect(slow.chart).toMatchObject({ point: 'max', checksPerPoint: 1 });
      expect(slow.chart.points).toEqual(slowChecks.map((c) => (c.status === 'up' ? c.responseTimeMs : null)));

      // a paused monitor has no history, and the report says so instead of counting or drawing zeros
      const quiet = by('uptime_monitor.quiet');
      expect(quiet).toMatchObject({ source: 'checks', checkCount: 0, chart: null });
      expect(quiet.old.counts).toBeNull();
      expect(quiet.note).toMatch(/^no history/);

      const md = (await report('full', 'markdown')).markdown;
      writeFileSync(join(ws.dir, 'report.md'), md);
      expect(md).toContain('slow-response threshold off → 1000 ms (2 slow checks in a row)');
      expect(md).toContain('slow-response threshold 1000 ms (2 slow checks in a row) → off');
      const bareRow = `| slow-response alerts | 0 | ${performanceOpened} |`;
      const slowRow = `| slow-response alerts | ${performanceOpened} | 0 |`;
      expect(md).toContain(bareRow);
      expect(md).toContain(slowRow);
      expect(section(md, 'Quiet')).toContain('no history');
      expect(section(md, 'Quiet')).not.toContain('```mermaid');
    },
    HANG_GUARD_MS,
  );

  test('the removed alert settings are listed as what the removal restores, in the words of any other change', async () => {
    const md = (await report('full', 'markdown')).markdown;
    const part = /\*\*Alert settings\*\* \(`uptime_monitor_alert_settings\.slow`\)\n\n((?:- .*\n)+)/.exec(
      md,
    )?.[1];
    expect(part?.trim().split('\n')).toEqual([
      '- no longer managed: settings reset to the defaults',
      '- SMS alerts on → off',
      // the account's default email destination comes back (its label and masked address: the token reads them)
      '- alert email not set → email (`o••@acme.test`)',
      '- alert sms sms (`+1••1111`) → not set',
      '- slow checks before alerting 2 → 3',
      '- slow-response alerts on → off',
      '- slow-response threshold 1 s → 5 s',
    ]);
    const text = (await report('full', 'text')).markdown;
    expect(text).toContain('~     slow-response alerts on → off');
    const json = JSON.parse((await report('full')).markdown);
    const change = json.changes.find((c: any) => c.address === 'uptime_monitor.slow');
    expect(change.parts[0].lines).toContain('slow-response threshold 1 s → 5 s');
    expect(JSON.stringify(change.parts)).not.toContain('{\\"');
  });

  test(
    'a token without checks:read: the summary, its periods without checks are gaps in the JSON, the chart and the sparkline',
    async () => {
      const summary = (await h.call('GET', `/monitors/${ids.bare}/summary?range=7d`)).json.data;
      const gaps = summary.timeline.map((b: any) => b.checks === 0 || b.upChecks === 0);
      expect(gaps.filter(Boolean).length).toBeGreaterThan(0); // the history is minutes old: most periods are empty

      const json = JSON.parse((await report('reader')).markdown);
      const bare = json.backtests.find((b: any) => b.address === 'uptime_monitor.bare');
      expect(bare).toMatchObject({ source: 'summary', checkCount: SEQUENCE.length });
      expect(bare.old.counts).toBeNull();
      // today's alert settings are not readable with this token either: the defaults, and the note says so
      expect(bare.old.settings.slow).toEqual(DEFAULTS);
      expect(bare.note).toMatch(/defaults/);
      expect(bare.chart.point).toBe('average');
      expect(bare.chart.points).toEqual(
        summary.timeline.map((b: any, i: number) => (gaps[i] ? null : b.avgResponseTimeMs)),
      );
      const quiet = json.backtests.find((b: any) => b.address === 'uptime_monitor.quiet');
      expect(quiet).toMatchObject({ source: 'summary', checkCount: 0, chart: null });
      expect(quiet.note).toMatch(/no history/);

      const md = (await report('reader', 'markdown')).markdown;
      const block = /Backtest: <b>Bare<\/b>[\s\S]*?```mermaid\n([\s\S]*?)\n```\n\n(_.*_)/.exec(md)!;
      const series = [...block[1]!.matchAll(/^ {2}(bar|line) \[(.*)\]$/gm)].map((m) => ({
        kind: m[1],
        values: m[2]!.split(', ').map(Number),
      }));
      // the response-time bars, then the light gap columns: full height exactly over the empty periods
      expect(series.map((s) => s.kind)).toEqual(['bar', 'bar', 'line']);
      const axisMax = Number(/y-axis "ms" 0 --> (\d+)/.exec(block[1]!)![1]);
      expect(series[1]!.values).toEqual(gaps.map((g: boolean) => (g ? axisMax : 0)));
      expect(series[0]!.values.filter((v, i) => !gaps[i])).toEqual(
        bare.chart.points.filter((p: any) => p !== null),
      );
      expect(block[2]).toContain("the summary's average response time of a 6 h period");
      expect(block[2]).toContain('a gap, a period without an answered check');
      expect(block[2]).not.toMatch(/down checks at 0/);
      expect(section(md, 'Quiet')).toContain('no history');
      expect(section(md, 'Quiet')).not.toContain('```mermaid');

      const text = (await report('reader', 'text')).markdown;
      const spark =
        /~ {5}response times \(oldest first, max \d+ ms; thresholds today off, planned 1000 ms\): (\S+)\n/.exec(
          text,
        )![1]!;
      expect([...spark].map((c) => c === '·')).toEqual(gaps);
      expect(text).toContain('· a gap: a period without an answered check');
    },
    HANG_GUARD_MS,
  );
});
