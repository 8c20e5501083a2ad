// One rate limiter per (base URL, token) in the process, shared by every client and concurrent call, so the
// process slows down before the per-minute allowance runs out instead of collecting 429s.
import { createHash } from 'node:crypto';

export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** Unix ms of the per-minute reset. */
  resetAt: number | null;
  monthlyLimit: number | null;
  monthlyRemaining: number | null;
  monthlyResetAt: number | null;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export function parseRateLimit(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): RateLimitInfo | null {
  const num = (name: string) => {
    const v = headers[name];
    const n = Number(Array.isArray(v) ? v[0] : v);
    return v === undefined || v === '' || !Number.isFinite(n) ? null : n;
  };
  const info: RateLimitInfo = {
    limit: num('x-ratelimit-limit'),
    remaining: num('x-ratelimit-remaining'),
    resetAt: toMs(num('x-ratelimit-reset'), now),
    monthlyLimit: num('x-ratelimit-monthly-limit'),
    monthlyRemaining: num('x-ratelimit-monthly-remaining'),
    monthlyResetAt: toMs(num('x-ratelimit-monthly-reset'), now),
  };
  return Object.values(info).some((v) => v !== null) ? info : null;
}

/** Reset headers are Unix seconds (the spec); tolerate Unix milliseconds and seconds-from-now. */
function toMs(v: number | null, now: number): number | null {
  if (v === null) return null;
  if (v > 1e12) return v;
  if (v < 1e9) return now + v * 1000;
  return v * 1000;
}

/** The spec's allowance is per minute; used to estimate the next reset when a window has ended. */
const WINDOW_MS = 60_000;

/** What the limiter did in this process: how much it slowed the calls sharing it. */
export interface LimiterUsage {
  /** Calls sent. */
  requests: number;
  /** Calls that had to wait before they were sent. */
  waitedCalls: number;
  /** Time during which at least one call was waiting (overlapping waits counted once), in milliseconds. */
  throttledMs: number;
  /** 429 answers received (each paused every caller until its Retry-After passed). */
  rateLimited: number;
  /** The per-minute allowance last read from the service; null when it sent none. */
  limit: number | null;
  /** Calls waiting now. */
  waiting: number;
  inFlight: number;
}

export interface LimiterOptions {
  clock?: Clock;
  /** Requests held back from the allowance, for other processes sharing the token. */
  reserve?: number;
  /** Below this share of the limit, calls are spread evenly over the rest of the window. */
  paceBelow?: number;
}

export class RateLimiter {
  private limit: number | null = null;
  private remaining: number | null = null;
  private resetAt: number | null = null;
  /** `resetAt` was extrapolated after a window ended, not read from a response. */
  private resetEstimated = false;
  /** Calls sent since `remaining` was last read from a response. */
  private sentSinceUpdate = 0;
  private inFlight = 0;
  private pausedUntil = 0;
  private lastSentAt = 0;
  private monthly: Pick<RateLimitInfo, 'monthlyLimit' | 'monthlyRemaining' | 'monthlyResetAt'> = {
    monthlyLimit: null,
    monthlyRemaining: null,
    monthlyResetAt: null,
  };
  private requests = 0;
  private waitedCalls = 0;
  private throttledMs = 0;
  private rateLimited = 0;
  private waiting = 0;
  private waitingSince = 0;
  private readonly clock: Clock;
  private readonly reserve: number;
  private readonly paceBelow: number;

  constructor(opts: LimiterOptions = {}) {
    this.clock = opts.clock ?? realClock;
    this.reserve = opts.reserve ?? 0;
    this.paceBelow = opts.paceBelow ?? 0.1;
  }

  /** Waits until a call may be sent, then counts it as in flight. Call `release` with the response headers. */
  async acquire(signal?: AbortSignal): Promise<void> {
    let waited = false;
    try {
      for (;;) {
        const wait = this.delay();
        if (wait <= 0) break;
        if (!waited) {
          waited = true;
          this.waitedCalls++;
          if (this.waiting++ === 0) this.waitingSince = this.clock.now();
        }
        await this.clock.sleep(wait, signal);
      }
    } finally {
      if (waited && --this.waiting === 0) this.throttledMs += this.clock.now() - this.waitingSince;
    }
    this.requests++;
    this.sentSinceUpdate++;
    this.inFlight++;
    this.lastSentAt = this.clock.now();
  }

  /** Milliseconds to wait before the next call (0 = go now). */
  delay(): number {
    const now = this.clock.now();
    if (this.pausedUntil > now) return this.pausedUntil - now;
    if (this.limit === null || this.remaining === null || this.resetAt === null) return 0;
    if (now >= this.resetAt) {
      // A new window: the allowance is back. Until a response of this window tells the truth, everything
      // sent (including calls still in flight) counts against the limit, so waiters released by the reset
      // do not all rush out at once. The next reset is estimated one window later.
      this.remaining = this.limit;
      this.sentSinceUpdate = this.inFlight;
      this.resetAt += Math.ceil((now - this.resetAt + 1) / WINDOW_MS) * WINDOW_MS;
      this.resetEstimated = true;
    }
    const available = this.remaining - this.sentSinceUpdate - this.reserve;
    if (available <= 0) return this.resetAt - now + 1;
    if (available < this.limit * this.paceBelow) {
      const spacing = (this.resetAt - now) / (available + 1);
      const next = this.lastSentAt + spacing;
      return next > now ? Math.ceil(next - now) : 0;
    }
    return 0;
  }

  release(info: RateLimitInfo | null): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (!info) return;
    const now = this.clock.now();
    if (info.limit !== null) this.limit = info.limit;
    const r = info.resetAt;
    // An answer about a window that has already ended, or (late) about an earlier one than we know: its
    // remaining count says nothing about now.
    const stale =
      r !== null && (r <= now || (this.resetAt !== null && !this.resetEstimated && r < this.resetAt));
    if (info.remaining !== null && !stale) {
      const sameWindow = r === null || (r === this.resetAt && !this.resetEstimated);
      // Responses of concurrent calls arrive in any order: within one window the smallest remaining is the truth.
      if (!sameWindow || this.remaining === null || info.remaining <= this.remaining) {
        this.remaining = info.remaining;
        this.sentSinceUpdate = this.inFlight;
      }
      if (r !== null) {
        this.resetAt = r;
        this.resetEstimated = false;
      }
    }
    if (info.monthlyLimit !== null) this.monthly.monthlyLimit = info.monthlyLimit;
    if (info.monthlyRemaining !== null) this.monthly.monthlyRemaining = info.monthlyRemaining;
    if (info.monthlyResetAt !== null) this.monthly.monthlyResetAt = info.monthlyResetAt;
  }

  /** After a 429: nobody sharing this token sends until the Retry-After has passed. */
  pause(ms: number): void {
    this.rateLimited++;
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  usage(): LimiterUsage {
    const open = this.waiting > 0 ? this.clock.now() - this.waitingSince : 0;
    return {
      requests: this.requests,
      waitedCalls: this.waitedCalls,
      throttledMs: this.throttledMs + open,
      rateLimited: this.rateLimited,
      limit: this.limit,
      waiting: this.waiting,
      inFlight: this.inFlight,
    };
  }

  snapshot(): RateLimitInfo & { inFlight: number } {
    return {
      limit: this.limit,
      remaining: this.remaining,
      resetAt: this.resetAt,
      ...this.monthly,
      inFlight: this.inFlight,
    };
  }
}

const registry = new Map<string, RateLimiter>();

/** The process-wide limiter of a token at a base URL. The key holds a hash of the token, never the token. */
export function sharedLimiter(baseUrl: string, token: string, opts?: LimiterOptions): RateLimiter {
  const key = `${baseUrl}#${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  let limiter = registry.get(key);
  if (!limiter) {
    limiter = new RateLimiter(opts);
    registry.set(key, limiter);
  }
  return limiter;
}
