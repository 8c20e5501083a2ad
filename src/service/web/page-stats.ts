// What the HTML pages need from a monitor's retained checks, kept up to date incrementally: per-UTC-day check and
// up counts (the status page's 30-day timeline). Each request reads only the checks appended since the last one,
// so a page over 30 days of one-minute checks (43,200) costs the same as one over a handful.
import type { CheckResult } from '../../api/index.js';
import { lowerBound } from '../engine/summary.js';

const DAY = 86_400_000;
/** Days kept per monitor (one more than a page shows, so today's partial day and 30 full ones fit). */
const KEPT_DAYS = 31;

export interface DayBucket {
  /** UTC midnight, epoch milliseconds. */
  start: number;
  checks: number;
  up: number;
  /** null when the day has no checks. */
  uptimePercent: number | null;
}

interface MonitorDays {
  days: Map<number, { checks: number; up: number }>;
  /** checkedAt of the newest check counted, and how many counted checks carry exactly that time. */
  lastAt: string;
  sameAt: number;
}

export class PageStats {
  private readonly monitors = new Map<string, MonitorDays>();

  /** The `count` UTC days ending with today (`now`), oldest first. */
  days(monitorId: string, checks: readonly CheckResult[], now: number, count = 30): DayBucket[] {
    const d = this.update(monitorId, checks);
    const today = Math.floor(now / DAY) * DAY;
    const out: DayBucket[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const start = today - i * DAY;
      const b = d.days.get(start);
      out.push({
        start,
        checks: b?.checks ?? 0,
        up: b?.up ?? 0,
        uptimePercent: b && b.checks > 0 ? Math.round((b.up / b.checks) * 10000) / 100 : null,
      });
    }
    return out;
  }

  private update(monitorId: string, checks: readonly CheckResult[]): MonitorDays {
    let d = this.monitors.get(monitorId);
    if (!d) this.monitors.set(monitorId, (d = { days: new Map(), lastAt: '', sameAt: 0 }));
    // Checks are appended oldest first; retention removes from the front only. Skip the ones already counted.
    let i = d.lastAt === '' ? 0 : lowerBound(checks, d.lastAt);
    for (let seen = 0; seen < d.sameAt && i < checks.length && checks[i]!.checkedAt === d.lastAt; seen++) i++;
    if (i >= checks.length) return d;
    let newest = 0;
    for (; i < checks.length; i++) {
      const k = checks[i]!;
      const t = Date.parse(k.checkedAt);
      const start = Math.floor(t / DAY) * DAY;
      let b = d.days.get(start);
      if (!b) d.days.set(start, (b = { checks: 0, up: 0 }));
      b.checks++;
      if (k.status === 'up') b.up++;
      newest = Math.max(newest, start);
    }
    d.lastAt = checks[checks.length - 1]!.checkedAt;
    d.sameAt = countAt(checks, d.lastAt);
    for (const start of d.days.keys()) if (start < newest - KEPT_DAYS * DAY) d.days.delete(start);
    return d;
  }
}

/** How many of the newest checks carry exactly `at`. */
function countAt(checks: readonly CheckResult[], at: string): number {
  let n = 0;
  for (let i = checks.length - 1; i >= 0 && checks[i]!.checkedAt === at; i--) n++;
  return n;
}
