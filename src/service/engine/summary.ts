// GET /monitors/{id}/summary: uptime, check counts, response-time statistics and a bounded timeline
// over the retained check results (oldest first), in one pass.
import type { CheckResult, MonitorSummary } from '../../api/index.js';
import type { State } from '../store.js';

const HOUR = 3_600_000;
/** docs/api-decisions.md: 24 buckets for 24h, 28 for 7d, 30 for 30d. */
export const SUMMARY_RANGES = {
  '24h': { ms: 24 * HOUR, buckets: 24 },
  '7d': { ms: 168 * HOUR, buckets: 28 },
  '30d': { ms: 720 * HOUR, buckets: 30 },
} as const;

const pct = (up: number, total: number) => (total === 0 ? null : Math.round((up / total) * 10000) / 100);

/** First index whose checkedAt is ≥ iso (checks are sorted oldest first). */
export function lowerBound(checks: readonly CheckResult[], iso: string): number {
  let lo = 0;
  let hi = checks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (checks[mid]!.checkedAt < iso) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function summarize(
  monitorId: string,
  range: keyof typeof SUMMARY_RANGES,
  now: number,
  checks: readonly CheckResult[],
  incidents: State['incidents'],
): MonitorSummary {
  const { ms, buckets } = SUMMARY_RANGES[range];
  const to = now;
  const from = to - ms;
  const size = ms / buckets;
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  const b = Array.from({ length: buckets }, () => ({ checks: 0, up: 0, timeSum: 0, timeN: 0 }));
  const times: number[] = [];
  let up = 0;
  let total = 0;
  for (let i = lowerBound(checks, fromIso); i < checks.length; i++) {
    const k = checks[i]!;
    if (k.checkedAt > toIso) break;
    const bucket = b[Math.min(buckets - 1, Math.floor((Date.parse(k.checkedAt) - from) / size))]!;
    total++;
    bucket.checks++;
    if (k.status === 'up') {
      up++;
      bucket.up++;
    }
    if (k.responseTimeMs !== null) {
      times.push(k.responseTimeMs);
      bucket.timeSum += k.responseTimeMs;
      bucket.timeN++;
    }
  }
  times.sort((x, y) => x - y);
  let incidentCount = 0;
  for (const i of Object.values(incidents))
    if (i.monitorId === monitorId && i.startedAt >= fromIso) incidentCount++;
  return {
    monitorId,
    range,
    from: fromIso,
    to: toIso,
    uptimePercent: pct(up, total),
    checks: { total, up, down: total - up },
    responseTimeMs: {
      avg: times.length ? Math.round(times.reduce((s, x) => s + x, 0) / times.length) : null,
      p95: times.length ? times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]! : null,
      max: times.length ? times[times.length - 1]! : null,
    },
    incidents: incidentCount,
    timeline: b.map((x, i) => ({
      start: new Date(from + i * size).toISOString(),
      end: new Date(from + (i + 1) * size).toISOString(),
      checks: x.checks,
      upChecks: x.up,
      uptimePercent: pct(x.up, x.checks),
      avgResponseTimeMs: x.timeN ? Math.round(x.timeSum / x.timeN) : null,
    })),
  };
}
