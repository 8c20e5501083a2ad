// A discrete-event simulation of processes sharing one token: each has its own RateLimiter (as separate
// `terraform apply` processes do) and a number of workers (Terraform's -parallelism) sending requests to a service
// with fixed per-token windows (X-RateLimit-* and Retry-After as the local service sends them). Time is simulated:
// nothing sleeps for real.
import { RateLimiter, type Clock, type RateLimitInfo } from '../../src/client/index.js';

/** A clock whose time only moves when every promise has settled: the next timer fires then. */
export class SimClock implements Clock {
  private t: number;
  private timers: { at: number; seq: number; fire: () => void }[] = [];
  private seq = 0;
  constructor(start: number) {
    this.t = start;
  }
  now = (): number => this.t;
  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fire: () => resolve() };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.timers.indexOf(timer);
          if (i >= 0) this.timers.splice(i, 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  /** Runs until `done()`; throws when nothing is left to wake or past `limit` (simulated ms). */
  async run(done: () => boolean, limit: number): Promise<void> {
    for (;;) {
      await flush();
      if (done()) return;
      if (this.timers.length === 0) throw new Error('simulation stalled: nothing left to wake');
      if (!this.fireNext(limit)) throw new Error(`simulation ran past ${limit}`);
    }
  }
  /** Moves time to `until`, waking every sleeper due by then in order. */
  async advanceTo(until: number): Promise<void> {
    for (;;) {
      await flush();
      if (!this.fireNext(until)) break;
    }
    this.t = Math.max(this.t, until);
    await flush();
  }
  private fireNext(limit: number): boolean {
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.timers[0];
    if (!next || next.at > limit) return false;
    this.timers.shift();
    this.t = Math.max(this.t, next.at);
    next.fire();
    return true;
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

export interface SimOptions {
  processes: number;
  /** Requests per process. */
  requests: number | number[];
  /** Workers per process (Terraform's -parallelism). */
  parallelism: number;
  /** Allowance per window. */
  limit: number;
  windowMs?: number;
  /** When each process starts, ms after the simulation's start. */
  startAt?: (p: number) => number;
  /** One-way latency, ms (the service counts a request this long after it was sent). */
  latency?: (random: () => number) => number;
  share?: number | null;
  seed?: number;
  /** Local clock minus service clock, per process (ms). */
  skew?: (p: number) => number;
}

export interface SimResult {
  successes: number;
  rateLimited: number;
  attempts: number;
  wallMs: number;
  /** successes / limit windows */
  idealMs: number;
  finishMs: number[];
  /** Per process: time from its start to its last answer. */
  durationMs: number[];
  longestWaitMs: number;
}

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function simulate(o: SimOptions): Promise<SimResult> {
  const W = o.windowMs ?? 60_000;
  const start = 1_700_000_000_000 + 17_300; // not on a window boundary
  const serviceClock = new SimClock(start);
  const random = seeded(o.seed ?? 1);
  const latency = o.latency ?? ((r) => 5 + Math.floor(r() * 40));
  const windows = { start: 0, count: 0 };
  let successes = 0;
  let rateLimited = 0;
  let attempts = 0;

  /** The service: fixed windows aligned to W, counts only what it lets through. */
  function serve(): { status: number; info: RateLimitInfo; retryAfter: number | null } {
    const now = serviceClock.now();
    const ws = now - (now % W);
    if (windows.start !== ws) Object.assign(windows, { start: ws, count: 0 });
    const ok = windows.count < o.limit;
    if (ok) windows.count++;
    attempts++;
    if (ok) successes++;
    else rateLimited++;
    ((globalThis as any).__trace ??= []).push(`${((now % W) / 1000).toFixed(1)}${ok ? '' : 'X'}`);
    const info: RateLimitInfo = {
      limit: o.limit,
      remaining: o.limit - windows.count,
      resetAt: ws + W,
      monthlyLimit: null,
      monthlyRemaining: null,
      monthlyResetAt: null,
    };
    return {
      status: ok ? 200 : 429,
      info,
      retryAfter: ok ? null : Math.max(1, Math.ceil((ws + W - now) / 1000)),
    };
  }

  const finish: number[] = [];
  const begin: number[] = [];
  let longestWaitMs = 0;
  let running = 0;
  const all: Promise<void>[] = [];
  for (let p = 0; p < o.processes; p++) {
    const skew = o.skew?.(p) ?? 0;
    // Each process reads a clock that is `skew` ms off the service's.
    const clock: Clock = {
      now: () => serviceClock.now() + skew,
      sleep: serviceClock.sleep,
    };
    const limiter = new RateLimiter({
      clock,
      random: seeded((o.seed ?? 1) * 1000 + p),
      share: o.share ?? null,
    });
    const n = Array.isArray(o.requests) ? o.requests[p]! : o.requests;
    let next = 0;
    running++;
    all.push(
      (async () => {
        await serviceClock.sleep(o.startAt?.(p) ?? 0);
        begin[p] = serviceClock.now();
        const worker = async () => {
          while (next < n) {
            next++;
            for (let attempt = 1; ; attempt++) {
              await limiter.acquire({ retry: attempt > 1 });
              await serviceClock.sleep(latency(random));
              const a = serve();
              await serviceClock.sleep(latency(random));
              limiter.release(a.info, a.status, a.retryAfter);
              if (a.status !== 429) break;
            }
          }
        };
        await Promise.all(Array.from({ length: o.parallelism }, worker));
        finish[p] = serviceClock.now();
        longestWaitMs = Math.max(longestWaitMs, limiter.usage().longestWaitMs);
        running--;
      })(),
    );
  }
  await serviceClock.run(() => running === 0, start + 3_600_000 * 6);
  await Promise.all(all);
  const first = Math.min(...begin);
  return {
    successes,
    rateLimited,
    attempts,
    wallMs: Math.max(...finish) - first,
    idealMs: (successes / o.limit) * W,
    finishMs: finish.map((f) => f - first),
    durationMs: finish.map((f, p) => f - begin[p]!),
    longestWaitMs,
  };
}
