// When a run of check results opens an incident: the rule the local service's engine applies to each new result
// (src/service/engine/incidents.ts) and `plan-report`'s backtest replays over a monitor's history with the settings
// a plan would give it. Pure functions over results; no clock, no store.
//
// - Availability: a down result opens an incident when none is open; an up result resolves it.
// - Performance: only up results with a response time count (a down result says nothing about speed and neither
//   breaks nor extends a streak). An up result slower than the threshold (alerts enabled) extends the streak; the
//   streak reaching the consecutive limit opens an incident unless the monitor is already slow; a result at or
//   under the threshold ends the streak and the slow state.

export interface SlowRule {
  enabled: boolean;
  thresholdMs: number;
  consecutiveLimit: number;
}

export interface JudgedCheck {
  status: 'up' | 'down';
  responseTimeMs: number | null;
}

export type SlowStep =
  { kind: 'ignored' } | { kind: 'fast' } | { kind: 'slow'; streak: number; opens: boolean };

/** What one result does to the slow-response state: `streak` is the slow results in a row before it, `slow`
 *  whether the monitor is already in the slow state (an incident open). */
export function slowStep(check: JudgedCheck, rule: SlowRule, streak: number, slow: boolean): SlowStep {
  if (check.status !== 'up' || check.responseTimeMs === null) return { kind: 'ignored' };
  if (!(rule.enabled && check.responseTimeMs > rule.thresholdMs)) return { kind: 'fast' };
  const next = streak + 1;
  return { kind: 'slow', streak: next, opens: !slow && next >= rule.consecutiveLimit };
}

/** Whether a result opens an availability incident (`open`: one is open already). */
export function opensAvailability(check: JudgedCheck, open: boolean): boolean {
  return check.status === 'down' && !open;
}

export interface ReplayCounts {
  checks: number;
  down: number;
  /** Up results over the threshold (alerts enabled or not). */
  slow: number;
  availabilityAlerts: number;
  performanceAlerts: number;
}

/** Replays results (oldest first) from a healthy start and counts what the rule would have raised. */
export function replayAlerts(checks: readonly JudgedCheck[], rule: SlowRule): ReplayCounts {
  const out: ReplayCounts = { checks: 0, down: 0, slow: 0, availabilityAlerts: 0, performanceAlerts: 0 };
  let down = false;
  let streak = 0;
  let slow = false;
  for (const c of checks) {
    out.checks++;
    if (opensAvailability(c, down)) out.availabilityAlerts++;
    down = c.status === 'down';
    if (c.status === 'down') out.down++;
    else if (c.responseTimeMs !== null && c.responseTimeMs > rule.thresholdMs) out.slow++;
    const s = slowStep(c, rule, streak, slow);
    if (s.kind === 'fast') {
      streak = 0;
      slow = false;
    } else if (s.kind === 'slow') {
      streak = s.streak;
      if (s.opens) {
        out.performanceAlerts++;
        slow = true;
      }
    }
  }
  return out;
}
