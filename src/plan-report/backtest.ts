// The backtest of alert changes: when a plan changes an existing monitor's slow-response threshold or consecutive
// limit, its accepted status codes or its timeout, its recent check results are replayed under today's and the
// planned settings with the engine's own alert rule (src/checker/alert-rule.ts). The checks endpoint is read where
// the token and plan allow it (Pro plan, `checks:read`); else the summary, which has only bucket averages, so the
// report gives what it can say from them and says why it cannot count alerts.
import type { CheckResult } from '../api/index.js';
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
import { plannedSlowRule } from './probe.js';

/** Results read at most per monitor (newest first), and fewer than this is "too short to say much". */
export const BACKTEST_MAX_CHECKS = 2_000;
export const BACKTEST_MIN_CHECKS = 20;

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
  /** Response times oldest first (down checks null), for the chart. */
  responseTimes: (number | null)[];
  /** Why the counts are missing or thin. */
  note: string | null;
  /** Planned settings known only after apply (Terraform names): shown as such, and the history is not replayed. */
  unknown?: string[];
}

/** The fields of a planned monitor (API names) that judge a result; a change to one is backtested. */
type JudgingField = keyof Omit<Settings, 'slow'>;
const SLOW_FIELDS = ['enabled', 'thresholdMs', 'consecutiveLimit'] as const;

/** The slow rule of alert settings values (plan or state), else `fallback`; null when a value is unknown. */
function slowOf(
  values: Record<string, unknown> | null | undefined,
  unknownMarks: unknown,
  fallback: SlowRule,
): SlowRule | null {
  if (!values) return fallback;
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

/** Monitors whose alerting changes: existing ones with a changed slow rule, accepted codes or timeout. */
export function backtestTargets(
  stacks: StackReport[],
): { m: MonitorReport; id: string; old: Settings; new: Settings; unknown: string[] }[] {
  const out: { m: MonitorReport; id: string; old: Settings; new: Settings; unknown: string[] }[] = [];
  for (const m of stacks.flatMap((s) => s.monitors)) {
    const mc = m.inputs?.monitor?.change;
    if (mc?.actions.includes('create') || mc?.actions.includes('delete')) continue;
    const before = monitorFromPlan(mc?.before ?? m.inputs?.stateValues);
    const after = mc?.after ? monitorFromPlan(mc.after, mc.after_unknown, mc.after_sensitive) : before;
    const alerts = m.inputs?.alerts?.change;
    const id = before.value.id ?? (alerts ? alertSettingsFromPlan(alerts.before).value.monitorId : undefined);
    if (typeof id !== 'string') continue;
    const defaults = alertSettingsFromPlan(null).value.slowResponseAlerts as SlowRule;
    const oldSlow = slowOf(
      m.inputs?.alertsInState ?? alerts?.before,
      undefined,
      plannedSlowRule(m) ?? defaults,
    );
    if (!oldSlow) continue;
    const newSlow = alerts?.after ? slowOf(alerts.after, alerts.after_unknown, oldSlow) : oldSlow;
    const o = settingsOf(before, oldSlow);
    const n = settingsOf(after, newSlow ?? oldSlow, o.settings);
    if (!newSlow) n.unknown.push('slow_response_alerts');
    if (samePlanned(o.settings, n.settings) && !n.unknown.length) continue;
    out.push({ m, id, old: o.settings, new: n.settings, unknown: n.unknown });
  }
  return out;
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

export async function backtest(stacks: StackReport[], client: UptimeClient | null): Promise<Backtest[]> {
  const out: Backtest[] = [];
  for (const t of backtestTargets(stacks)) {
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
      if (checks.length) b.period = { from: checks[0]!.checkedAt, to: checks[checks.length - 1]!.checkedAt };
      b.oldCounts = replayAlerts(
        checks.map((c) => rejudge(c, t.old)),
        t.old.slow,
      );
      b.newCounts = replayAlerts(
        checks.map((c) => rejudge(c, t.new)),
        t.new.slow,
      );
      b.responseTimes = checks.map((c) => (c.status === 'up' ? c.responseTimeMs : null));
      if (checks.length < BACKTEST_MIN_CHECKS)
        b.note = `history too short to say much: ${checks.length} check${checks.length === 1 ? '' : 's'}`;
      continue;
    }
    try {
      const s = (await client.getMonitorSummary(t.id, { range: '7d' })).data;
      b.source = 'summary';
      b.checkCount = s.checks.total;
      b.period = { from: s.from, to: s.to };
      b.responseTimes = s.timeline.map((x) => ((x.checks ?? 0) > 0 ? (x.avgResponseTimeMs ?? null) : null));
      b.note = `${why}; from the 7-day summary (averages per bucket) alerts cannot be counted`;
    } catch (err) {
      b.note = `${why}; the summary could not be read either (${(err as Error).message})`;
    }
  }
  return out;
}
