// The backtest of alert changes: when a plan changes an existing monitor's slow-response rule (threshold,
// consecutive limit, alerts on/off — by changing, creating or removing its alert settings), its accepted status codes
// or its timeout, its recent check results are replayed under today's and the planned settings with the engine's
// own alert rule (src/checker/alert-rule.ts). What is counted is what the rule opens: incidents (one per run of down
// results, one per run of slow results reaching the limit), not the alert records the service then writes per
// channel. Today's rule is the alert settings in the plan's state, else the service's, else the defaults; the
// planned rule is the plan's, the defaults where the plan removes the alert settings. A monitor the plan creates has
// no history and gets no backtest.
// The checks endpoint is read where the token and plan allow it (Pro plan, `checks:read`): the newest
// BACKTEST_MAX_CHECKS results, so the period ends at the newest check. Else the 7-day summary, which has only
// averages per period (ending when the report is made): the report gives what it can say from them and says why it
// cannot count alerts. A period without an answered check has no response time: a gap (null), never 0. Nothing
// here fails the run: what cannot be read is said in the backtest's note.
import { DECIDED, type CheckResult } from '../api/index.js';
import {
  accepted,
  replayAlerts,
  type JudgedCheck,
  type ReplayCounts,
  type SlowRule,
} from '../checker/index.js';
import { ApiError, ForbiddenError, type UptimeClient } from '../client/index.js';
import {
  alertSettingsFromPlan,
  knownFields,
  monitorFromPlan,
  samePlanned,
  type PlannedMonitor,
} from '../provider/mapping/planned.js';
import type { MonitorReport, StackReport } from './changes.js';
import type { Change } from './plan.js';

/** Results read at most per monitor (newest first), and fewer than this is "too short to say much". */
export const BACKTEST_MAX_CHECKS = 2_000;
export const BACKTEST_MIN_CHECKS = 20;
/** The summary read when the checks cannot be: its buckets (28 of 6 h) end when the report is made. */
export const SUMMARY_RANGE = '7d';

export interface Settings {
  slow: SlowRule;
  acceptedStatusCodes: number[];
  timeoutMs: number;
}

export interface Backtest {
  stack: string;
  address: string;
  name: string;
  monitorId: string;
  source: 'checks' | 'summary' | 'none';
  /** First and last result read (ISO), and how many. */
  period: { from: string; to: string } | null;
  checkCount: number;
  old: Settings;
  new: Settings;
  /** Counts under today's and the planned settings (null when the source cannot say). */
  oldCounts: ReplayCounts | null;
  newCounts: ReplayCounts | null;
  /** Response times oldest first, for the chart (backtestChart): per check (down checks null), or the summary's
   *  average per period (null for a period without an answered check). */
  responseTimes: (number | null)[];
  /** Why the counts are missing or thin. */
  note: string | null;
  /** Planned settings known only after apply (Terraform names): shown as such, and the history is not replayed. */
  unknown?: string[];
}

/** Points of the chart: buckets of results, or the summary's periods. */
export const CHART_POINTS = 48;

/** What the chart of a backtest draws. `max`: each point the slowest answered check of a bucket of consecutive checks
 *  (one check per point up to CHART_POINTS, else CHART_POINTS buckets of equal size, oldest first); a gap (null) is
 *  a bucket whose checks were all down. `average`: each point the summary's average response time of one of its
 *  periods; a gap is a period without an answered check. */
export interface BacktestChart {
  point: 'max' | 'average';
  points: (number | null)[];
  /** Checks per point (`max`), or the length of a period in ms (`average`). */
  checksPerPoint: number | null;
  periodMs: number | null;
}

/** Buckets of results, oldest first: the slowest answer of each (null when a bucket has only down results). */
export function chartPoints(times: readonly (number | null)[], points = CHART_POINTS): (number | null)[] {
  if (times.length <= points) return [...times];
  const out: (number | null)[] = [];
  for (let i = 0; i < points; i++) {
    const slice = times.slice(
      Math.floor((i * times.length) / points),
      Math.floor(((i + 1) * times.length) / points),
    );
    const ups = slice.filter((t): t is number => t !== null);
    out.push(ups.length ? Math.max(...ups) : null);
  }
  return out;
}

/** The chart of a backtest, or null when it has no response time to draw (no history, or every check down). */
export function backtestChart(b: Backtest): BacktestChart | null {
  if (!b.responseTimes.some((t) => t !== null)) return null;
  if (b.source === 'summary') {
    const span = b.period ? Date.parse(b.period.to) - Date.parse(b.period.from) : NaN;
    return {
      point: 'average',
      points: [...b.responseTimes],
      checksPerPoint: null,
      periodMs: Number.isFinite(span) ? Math.round(span / b.responseTimes.length) : null,
    };
  }
  const points = chartPoints(b.responseTimes);
  return {
    point: 'max',
    points,
    checksPerPoint: Math.round((b.responseTimes.length / points.length) * 10) / 10,
    periodMs: null,
  };
}

/** The fields of a planned monitor (API names) that judge a result; a change to one is backtested. */
type JudgingField = keyof Omit<Settings, 'slow'>;
const SLOW_FIELDS = ['enabled', 'thresholdMs', 'consecutiveLimit'] as const;

/** The slow rule a monitor has without managed alert settings, and what removing them restores. */
export function defaultSlowRule(): SlowRule {
  return { ...DECIDED.alertSettingsDefaults.slowResponseAlerts };
}

/** The slow rule of alert settings values (plan or state); null when a value is known only after apply. */
function slowOf(values: Record<string, unknown>, unknownMarks?: unknown): SlowRule | null {
  const a = alertSettingsFromPlan(values, unknownMarks);
  const rule = a.value.slowResponseAlerts;
  if (!rule) return null;
  const known = knownFields({ ...a, value: rule }, SLOW_FIELDS);
  return 'value' in known ? known.value : null;
}

/** The judging settings of a planned monitor; fields known only after apply keep `fallback`'s and are listed. */
function settingsOf(
  monitor: PlannedMonitor,
  slow: SlowRule,
  fallback?: Settings,
): { settings: Settings; unknown: string[] } {
  const unknown: string[] = [];
  const v = monitor.value;
  const pick = <K extends JudgingField>(k: K): Settings[K] => {
    const known = knownFields(monitor, [k]);
    if ('value' in known) return known.value[k] as Settings[K];
    unknown.push(known.unknown.attribute);
    return fallback ? fallback[k] : (v[k] as Settings[K]);
  };
  return {
    settings: { slow, acceptedStatusCodes: [...pick('acceptedStatusCodes')], timeoutMs: pick('timeoutMs') },
    unknown,
  };
}

export interface BacktestTarget {
  m: MonitorReport;
  id: string;
  old: Settings;
  new: Settings;
  unknown: string[];
  /** What the plan does not hold of today's settings, read from the service in `backtest` (else the defaults stay
   *  in `old`): the monitor's judging fields (a monitor outside this state; unchanged by the plan, so on both sides)
   *  and the slow rule of alert settings the plan creates. */
  fromService: { monitor: boolean; alerts: boolean };
}

/** Alert settings removed by the plan (destroyed, not replaced): the service's defaults come back. */
const removes = (c: Change | undefined) =>
  !!c && c.actions.includes('delete') && !c.actions.includes('create');

/** Monitors whose alerting may change: existing ones with changed, created or removed alert settings, or a changed
 *  timeout or accepted status codes. Today's rule is the alert settings in the plan's state (refreshed by the plan),
 *  else the service's (read in `backtest`), else the defaults; the planned rule is the plan's, the defaults where
 *  the plan removes the alert settings, else today's. Monitors the plan creates (or replaces) have no history. */
export function backtestTargets(stacks: StackReport[]): BacktestTarget[] {
  const out: BacktestTarget[] = [];
  for (const m of stacks.flatMap((s) => s.monitors)) {
    const mc = m.inputs?.monitor?.change;
    if (mc?.actions.includes('create') || mc?.actions.includes('delete')) continue;
    const known = mc?.before ?? m.inputs?.stateValues;
    const before = monitorFromPlan(known);
    const after = mc?.after ? monitorFromPlan(mc.after, mc.after_unknown, mc.after_sensitive) : before;
    const alerts = m.inputs?.alerts?.change;
    const id =
      before.value.id ??
      (alerts
        ? (alertSettingsFromPlan(alerts.before).value.monitorId ??
          alertSettingsFromPlan(alerts.after, alerts.after_unknown).value.monitorId)
        : undefined);
    if (typeof id !== 'string') continue;
    const todayValues = m.inputs?.alertsInState ?? alerts?.before ?? null;
    const oldSlow = todayValues ? slowOf(todayValues) : defaultSlowRule();
    if (!oldSlow) continue;
    const newSlow = removes(alerts)
      ? defaultSlowRule()
      : alerts?.after
        ? slowOf(alerts.after, alerts.after_unknown)
        : oldSlow;
    const o = settingsOf(before, oldSlow);
    const n = settingsOf(after, newSlow ?? oldSlow, o.settings);
    if (!newSlow) n.unknown.push('slow_response_alerts');
    const fromService = { monitor: !known, alerts: !todayValues && !!alerts?.after };
    if (!fromService.alerts && samePlanned(o.settings, n.settings) && !n.unknown.length) continue;
    out.push({ m, id, old: o.settings, new: n.settings, unknown: n.unknown, fromService });
  }
  return out;
}

/** Reads what `fromService` names into the target; what cannot be read keeps the defaults, and the returned note
 *  says so. */
async function readToday(client: UptimeClient, t: BacktestTarget): Promise<string | null> {
  const missed: string[] = [];
  if (t.fromService.monitor) {
    try {
      const m = (await client.getMonitor(t.id)).data;
      for (const s of [t.old, t.new]) {
        s.acceptedStatusCodes = [...(m.acceptedStatusCodes ?? [])];
        s.timeoutMs = m.timeoutMs;
      }
    } catch (err) {
      missed.push(`the monitor (${(err as Error).message})`);
    }
  }
  if (t.fromService.alerts) {
    try {
      const { enabled, thresholdMs, consecutiveLimit } = (await client.getAlertSettings(t.id)).data
        .slowResponseAlerts;
      t.old.slow = { enabled, thresholdMs, consecutiveLimit };
    } catch (err) {
      missed.push(`its alert settings (${(err as Error).message})`);
    }
  }
  return missed.length
    ? `today's settings taken as the defaults: the service did not give ${missed.join(' or ')}`
    : null;
}

/** A recorded result as it would have been judged under other settings. A result that timed out at the old timeout
 *  stays down under a longer one: what it would have answered is not known. */
export function rejudge(c: CheckResult, s: Settings): JudgedCheck {
  if (c.status === 'up') {
    if (c.httpStatus !== null && !accepted(s.acceptedStatusCodes, c.httpStatus))
      return { status: 'down', responseTimeMs: null };
    if (c.responseTimeMs !== null && c.responseTimeMs > s.timeoutMs)
      return { status: 'down', responseTimeMs: null };
    return { status: 'up', responseTimeMs: c.responseTimeMs };
  }
  if (
    c.failureCategory === 'http_status' &&
    c.httpStatus !== null &&
    accepted(s.acceptedStatusCodes, c.httpStatus) &&
    (c.responseTimeMs ?? 0) <= s.timeoutMs
  )
    return { status: 'up', responseTimeMs: c.responseTimeMs };
  return { status: 'down', responseTimeMs: null };
}

async function readChecks(client: UptimeClient, id: string): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  for await (const c of client.paginate.listMonitorChecks(id, { limit: 100 })) {
    out.push(c);
    if (out.length >= BACKTEST_MAX_CHECKS) break;
  }
  return out.sort((a, b) => (a.checkedAt < b.checkedAt ? -1 : a.checkedAt > b.checkedAt ? 1 : 0));
}

const notes = (...parts: (string | null)[]) => parts.filter(Boolean).join('; ') || null;

export async function backtest(stacks: StackReport[], client: UptimeClient | null): Promise<Backtest[]> {
  const out: Backtest[] = [];
  for (const t of backtestTargets(stacks)) {
    const today = client ? await readToday(client, t) : null;
    if (t.fromService.alerts && samePlanned(t.old, t.new) && !t.unknown.length) continue;
    const b: Backtest = {
      stack: t.m.stack,
      address: t.m.address,
      name: t.m.name,
      monitorId: t.id,
      source: 'none',
      period: null,
      checkCount: 0,
      old: t.old,
      new: t.new,
      oldCounts: null,
      newCounts: null,
      responseTimes: [],
      note: null,
      unknown: t.unknown,
    };
    out.push(b);
    if (t.unknown.length) {
      b.note = `${t.unknown.join(', ')} known only after apply: the history is not replayed`;
      continue;
    }
    if (!client) {
      b.note = 'history not read: no API token (set UPTIME_API_TOKEN and UPTIME_BASE_URL)';
      continue;
    }
    let checks: CheckResult[] | null = null;
    let why = '';
    try {
      checks = await readChecks(client, t.id);
    } catch (err) {
      why =
        err instanceof ForbiddenError || (err instanceof ApiError && err.status === 402)
          ? 'check results are not readable with this token (they need a Pro plan and the checks:read scope)'
          : `check results could not be read (${(err as Error).message})`;
    }
    if (checks) {
      b.source = 'checks';
      b.checkCount = checks.length;
      if (!checks.length) {
        b.note = notes(today, 'no history: the service has no check results of this monitor to replay');
        continue;
      }
      b.period = { from: checks[0]!.checkedAt, to: checks[checks.length - 1]!.checkedAt };
      b.oldCounts = replayAlerts(
        checks.map((c) => rejudge(c, t.old)),
        t.old.slow,
      );
      b.newCounts = replayAlerts(
        checks.map((c) => rejudge(c, t.new)),
        t.new.slow,
      );
      b.responseTimes = checks.map((c) => (c.status === 'up' ? c.responseTimeMs : null));
      b.note = notes(
        today,
        checks.length < BACKTEST_MIN_CHECKS
          ? `history too short to say much: ${checks.length} check${checks.length === 1 ? '' : 's'}`
          : null,
      );
      continue;
    }
    try {
      const s = (await client.getMonitorSummary(t.id, { range: SUMMARY_RANGE })).data;
      b.source = 'summary';
      b.checkCount = s.checks.total;
      b.period = { from: s.from, to: s.to };
      if (!s.checks.total) {
        b.note = notes(today, why, 'no history: the 7-day summary has no checks either');
        continue;
      }
      // a period without an answered check has no average: a gap, never 0
      b.responseTimes = s.timeline.map((x) =>
        (x.checks ?? 0) > 0 && x.upChecks !== 0 ? (x.avgResponseTimeMs ?? null) : null,
      );
      b.note = notes(today, `${why}; from the 7-day summary (averages per period) alerts cannot be counted`);
    } catch (err) {
      b.note = notes(today, `${why}; the summary could not be read either (${(err as Error).message})`);
    }
  }
  return out;
}
