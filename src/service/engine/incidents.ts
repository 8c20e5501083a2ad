// What a check result does to its monitor: observation fields, the up/down status, availability
// incidents (open on down, resolve on up) and the slow-response state with its performance incidents.
// Returns the transitions so alerts and webhook events can follow.
import type { CheckResult, IncidentDetail } from '../../api/index.js';
import { CHECK_RETENTION_DAYS, INCIDENT_ACTIVITY_MAX } from '../../api/index.js';
import { opensAvailability, slowStep } from '../../checker/index.js';
import { hex } from '../ids.js';
import type { MonitorRecord, State, Store } from '../store.js';
import type { ProbeOutcome } from './checker.js';

export type IncidentRow = State['incidents'][string];

export type Transition =
  | { kind: 'status'; m: MonitorRecord; from: MonitorRecord['status']; to: 'up' | 'down'; check: CheckResult }
  | {
      kind: 'incident.opened' | 'incident.resolved';
      m: MonitorRecord;
      incident: IncidentRow;
      check: CheckResult | null;
    };

const DAY = 86_400_000;

/** Open incidents and slow-response streaks by monitor (rebuilt from the state at start). */
export class IncidentBook {
  private readonly open = new Map<string, { availability?: string; performance?: string }>();
  private readonly slowStreak = new Map<string, { count: number; since: string }>();

  constructor(private readonly store: Store) {
    for (const i of Object.values(store.state.incidents)) if (i.status === 'open') this.index(i);
  }

  private index(i: IncidentRow): void {
    const o = this.open.get(i.monitorId) ?? {};
    o[i.type] = i.id;
    this.open.set(i.monitorId, o);
  }

  openIncident(monitorId: string, type: 'availability' | 'performance'): IncidentRow | undefined {
    const id = this.open.get(monitorId)?.[type];
    return id ? this.store.state.incidents[id] : undefined;
  }

  /** Applies one check result; `at` is the service time of the check. */
  record(m: MonitorRecord, outcome: ProbeOutcome, at: number): Transition[] {
    const iso = new Date(at).toISOString();
    const check: CheckResult = { id: `chk_${hex(10)}`, monitorId: m.id, checkedAt: iso, ...outcome };
    appendCheck(this.store, check, at);
    const out: Transition[] = [];
    const from = m.status;
    this.store.observe(m, (m) => {
      m.lastCheckAt = iso;
      m.responseTimeMs = outcome.responseTimeMs;
      m.httpStatus = outcome.httpStatus;
      if (m.status !== outcome.status) {
        m.status = outcome.status;
        m.lastStatusAt = iso;
      }
    });
    if (from !== outcome.status) out.push({ kind: 'status', m, from, to: outcome.status, check });
    out.push(...this.availability(m, check, at));
    out.push(...this.performance(m, check, at));
    return out;
  }

  private availability(m: MonitorRecord, check: CheckResult, at: number): Transition[] {
    const open = this.openIncident(m.id, 'availability');
    if (check.status === 'down') {
      if (open) {
        open.httpStatus = check.httpStatus;
        open.responseTimeMs = check.responseTimeMs;
        open.failureCategory = check.failureCategory;
        open.failureReason = check.failureReason;
        open.diagnostics = diagnostics(m, check, (open.diagnostics?.consecutiveFailures as number) + 1 || 1);
        open.diagnosticsUpdatedAt = check.checkedAt;
        activity(open, check.checkedAt, 'check_failed', failureText(check));
        this.store.touch('incidents', open.id);
        return [];
      }
    }
    if (opensAvailability(check, !!open)) {
      const inc: IncidentRow = {
        id: `inc_${hex(12)}`,
        tenantId: m.tenantId,
        monitorId: m.id,
        monitorName: m.name,
        startedAt: check.checkedAt,
        resolvedAt: null,
        status: 'open',
        type: 'availability',
        thresholdMs: null,
        durationMinutes: null,
        httpStatus: check.httpStatus,
        responseTimeMs: check.responseTimeMs,
        failureCategory: check.failureCategory,
        failureReason: check.failureReason,
        diagnostics: diagnostics(m, check, 1),
        diagnosticsUpdatedAt: check.checkedAt,
        activity: [
          { at: check.checkedAt, kind: 'opened', message: `Monitor went down: ${failureText(check)}` },
        ],
      };
      this.store.state.incidents[inc.id] = inc;
      this.store.touch('incidents', inc.id);
      this.index(inc);
      return [{ kind: 'incident.opened', m, incident: inc, check }];
    }
    if (!open) return [];
    this.resolve(
      open,
      at,
      'resolved',
      `Monitor is up again (HTTP ${check.httpStatus}, ${check.responseTimeMs} ms)`,
    );
    return [{ kind: 'incident.resolved', m, incident: open, check }];
  }

  private performance(m: MonitorRecord, check: CheckResult, at: number): Transition[] {
    const s = m.slow;
    const open = this.openIncident(m.id, 'performance');
    const step = slowStep(check, s, this.slowStreak.get(m.id)?.count ?? 0, !!open || s.state === 'slow');
    if (step.kind === 'ignored') return []; // down checks say nothing about speed
    if (step.kind === 'fast') {
      this.slowStreak.delete(m.id);
      if (s.state !== 'slow') return [];
      this.store.observe(m, (m) => {
        m.slow.state = 'healthy';
        m.slow.currentIncidentStartedAt = null;
        m.slow.lastRecoveredAt = check.checkedAt;
      });
      if (!open) return [];
      this.resolve(
        open,
        at,
        'resolved',
        s.enabled
          ? `Response time back to ${check.responseTimeMs} ms (threshold ${s.thresholdMs} ms)`
          : 'Slow-response alerts were turned off',
      );
      return [{ kind: 'incident.resolved', m, incident: open, check }];
    }
    const streak = this.slowStreak.get(m.id) ?? { count: 0, since: check.checkedAt };
    streak.count = step.streak;
    this.slowStreak.set(m.id, streak);
    if (open) {
      open.responseTimeMs = check.responseTimeMs;
      open.diagnostics = {
        ...open.diagnostics,
        lastResponseTimeMs: check.responseTimeMs,
        consecutiveSlowChecks: streak.count,
      };
      open.diagnosticsUpdatedAt = check.checkedAt;
      activity(open, check.checkedAt, 'slow_check', `Response time ${check.responseTimeMs} ms`);
      this.store.touch('incidents', open.id);
      return [];
    }
    if (!step.opens) return [];
    const reason = `response time above ${s.thresholdMs} ms on ${streak.count} consecutive checks (last ${check.responseTimeMs} ms)`;
    const inc: IncidentRow = {
      id: `inc_${hex(12)}`,
      tenantId: m.tenantId,
      monitorId: m.id,
      monitorName: m.name,
      startedAt: streak.since,
      resolvedAt: null,
      status: 'open',
      type: 'performance',
      thresholdMs: s.thresholdMs,
      durationMinutes: null,
      httpStatus: check.httpStatus,
      responseTimeMs: check.responseTimeMs,
      failureCategory: 'slow_response',
      failureReason: reason,
      diagnostics: {
        url: m.url,
        thresholdMs: s.thresholdMs,
        consecutiveLimit: s.consecutiveLimit,
        consecutiveSlowChecks: streak.count,
        lastResponseTimeMs: check.responseTimeMs,
      },
      diagnosticsUpdatedAt: check.checkedAt,
      activity: [{ at: check.checkedAt, kind: 'opened', message: `Slow responses: ${reason}` }],
    };
    this.store.state.incidents[inc.id] = inc;
    this.store.touch('incidents', inc.id);
    this.index(inc);
    this.store.observe(m, (m) => {
      m.slow.state = 'slow';
      m.slow.currentIncidentStartedAt = streak.since;
      m.slow.lastAlertedAt = check.checkedAt;
    });
    return [{ kind: 'incident.opened', m, incident: inc, check }];
  }

  /** Resolves every open incident of a monitor that stopped being checked (paused, archived). */
  stop(m: MonitorRecord, at: number, why: string): Transition[] {
    const out: Transition[] = [];
    for (const type of ['availability', 'performance'] as const) {
      const open = this.openIncident(m.id, type);
      if (!open) continue;
      this.resolve(open, at, 'monitoring_stopped', why);
      out.push({ kind: 'incident.resolved', m, incident: open, check: null });
    }
    this.slowStreak.delete(m.id);
    if (m.slow.state === 'slow') {
      this.store.observe(m, (m) => {
        m.slow.state = 'healthy';
        m.slow.currentIncidentStartedAt = null;
      });
    }
    return out;
  }

  private resolve(i: IncidentRow, at: number, kind: string, message: string): void {
    const iso = new Date(at).toISOString();
    i.status = 'resolved';
    i.resolvedAt = iso;
    i.durationMinutes = Math.max(0, Math.round((at - Date.parse(i.startedAt)) / 60_000));
    activity(i, iso, kind, message);
    this.store.touch('incidents', i.id);
    const o = this.open.get(i.monitorId);
    if (o) delete o[i.type];
  }
}

function failureText(c: CheckResult): string {
  return c.failureReason ?? (c.httpStatus !== null ? `HTTP ${c.httpStatus}` : 'check failed');
}

/** What the last failed check saw. No request header values or credentials. */
function diagnostics(m: MonitorRecord, c: CheckResult, consecutiveFailures: number): Record<string, unknown> {
  return {
    url: m.url,
    requestMethod: m.requestMethod,
    timeoutMs: m.timeoutMs,
    followRedirects: m.followRedirects,
    acceptedStatusCodes: m.acceptedStatusCodes.length ? [...m.acceptedStatusCodes] : '2xx',
    checkedAt: c.checkedAt,
    httpStatus: c.httpStatus,
    responseTimeMs: c.responseTimeMs,
    failureCategory: c.failureCategory,
    failureReason: c.failureReason,
    consecutiveFailures,
  };
}

/** At most 100 entries: the first ("opened") stays, the oldest of the rest make room. */
export function activity(i: IncidentDetail, at: string, kind: string, message: string): void {
  const list = (i.activity ??= []);
  list.push({ at, kind, message });
  while (list.length > INCIDENT_ACTIVITY_MAX) list.splice(1, 1);
}

/** Appends a result (oldest first) and drops what is older than the 30-day retention. */
export function appendCheck(store: Store, c: CheckResult, at: number): void {
  const list = (store.state.checks[c.monitorId] ??= []);
  list.push(c);
  // Results arrive in time order except after the clock was set back: keep the list sorted.
  for (let i = list.length - 1; i > 0 && list[i - 1]!.checkedAt > list[i]!.checkedAt; i--) {
    [list[i - 1], list[i]] = [list[i]!, list[i - 1]!];
  }
  store.checkAppended(c, pruneChecks(list, at));
}

/** Drops the results older than the retention from the head of the list; returns them. */
export function pruneChecks(list: CheckResult[], now: number): CheckResult[] {
  const cutoff = new Date(now - CHECK_RETENTION_DAYS * DAY).toISOString();
  if (list.length === 0 || list[0]!.checkedAt >= cutoff) return [];
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.checkedAt < cutoff) lo = mid + 1;
    else hi = mid;
  }
  return list.splice(0, lo);
}
