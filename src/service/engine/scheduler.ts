// Which monitors are due for a check on the service clock, and a bounded pool that runs them.
// A monitor is due at its queued time (create, activate, reactivate), else at the slot after its last
// check (slot + interval, so the cadence does not drift with check duration). When the clock jumped
// past several slots (advanced in tests, or an overloaded process), the check runs once and the next
// slot is re-anchored on now: missed slots are skipped, never replayed in a burst.
import type { Clock } from '../clock.js';
import type { MonitorRecord, Store } from '../store.js';

export interface SchedulerStats {
  /** Checks started by the schedule (not by run-now). */
  scheduled: number;
  /** Lag = service time the check started − the time it was due. */
  lagMs: { p50: number; p99: number; max: number };
  inFlight: number;
  /** Monitors due now that wait for a free slot in the pool. */
  backlog: number;
}

const LAG_SAMPLES = 20_000;

export class Scheduler {
  private readonly next = new Map<string, { at: number; interval: number }>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly lags = new Float64Array(LAG_SAMPLES);
  private lagCount = 0;
  private lagMax = 0;
  private started = 0;
  private backlog = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly run: (m: MonitorRecord, at: number) => Promise<void>,
    private readonly concurrency = 512,
  ) {}

  /** When the monitor's next check is due; null when it is not checked (paused, archived). */
  dueAt(m: MonitorRecord): number | null {
    if (!m.enabled || m.archived) return null;
    if (m.checkQueuedAt !== null) return Date.parse(m.checkQueuedAt);
    const n = this.next.get(m.id);
    if (n && n.interval === m.intervalSeconds) return n.at;
    const at = m.lastCheckAt ? Date.parse(m.lastCheckAt) + m.intervalSeconds * 1000 : Date.parse(m.createdAt);
    this.next.set(m.id, { at, interval: m.intervalSeconds });
    return at;
  }

  /** Starts the checks that are due (up to the pool size); returns their promises. */
  startDue(): Promise<void>[] {
    const now = this.clock.now();
    const out: Promise<void>[] = [];
    let waiting = 0;
    const monitors = this.store.state.monitors;
    for (const id in monitors) {
      if (this.running.has(id)) continue;
      const m = monitors[id]!;
      const due = this.dueAt(m);
      if (due === null || due > now) continue;
      if (this.running.size >= this.concurrency) {
        waiting++;
        continue;
      }
      this.recordLag(now - due);
      out.push(this.launch(m, due, now));
    }
    this.backlog = waiting;
    return out;
  }

  /** Runs one check now, outside the schedule (admin run-now); the next slot counts from now. */
  runNow(m: MonitorRecord): Promise<void> {
    const busy = this.running.get(m.id);
    if (busy) return busy;
    const now = this.clock.now();
    return this.launch(m, now, now);
  }

  private launch(m: MonitorRecord, due: number, now: number): Promise<void> {
    this.started++;
    const interval = m.intervalSeconds * 1000;
    const after = due + interval > now ? due + interval : now + interval;
    this.next.set(m.id, { at: after, interval: m.intervalSeconds });
    if (m.checkQueuedAt !== null) {
      m.checkQueuedAt = null;
      this.store.touch('monitors', m.id);
    }
    const p = this.run(m, now)
      .catch((err: unknown) => {
        process.stderr.write(`checks engine: ${(err as Error).stack ?? String(err)}\n`);
      })
      .finally(() => this.running.delete(m.id));
    this.running.set(m.id, p);
    return p;
  }
  /** Forgets the cached slot (lifecycle changes). */
  reset(id: string): void {
    this.next.delete(id);
  }

  inFlight(): Promise<void>[] {
    return [...this.running.values()];
  }

  private recordLag(ms: number): void {
    const v = Math.max(0, ms);
    this.lags[this.lagCount % LAG_SAMPLES] = v;
    this.lagCount++;
    if (v > this.lagMax) this.lagMax = v;
  }

  stats(reset = false): SchedulerStats {
    const n = Math.min(this.lagCount, LAG_SAMPLES);
    const sorted = Array.from(this.lags.subarray(0, n)).sort((a, b) => a - b);
    const q = (p: number) => (n === 0 ? 0 : sorted[Math.min(n - 1, Math.ceil(n * p) - 1)]!);
    const s: SchedulerStats = {
      scheduled: this.started,
      lagMs: { p50: q(0.5), p99: q(0.99), max: this.lagMax },
      inFlight: this.running.size,
      backlog: this.backlog,
    };
    if (reset) {
      this.lagCount = 0;
      this.lagMax = 0;
      this.started = 0;
    }
    return s;
  }
}
