// One rate limiter per (base URL, token) in the process, shared by every client and concurrent call: calls queue
// (retries of calls that already waited first, then in order of arrival) and are let out at the pace the allowance
// allows (allowance.ts), so the process, and other processes sharing the token, slow down instead of collecting
// 429s. A 429 is waited for, not failed; only a run that has waited longer in all than its bound fails.
import { createHash } from 'node:crypto';
import { Allowance } from './allowance.js';
import type { AllowanceMemory } from './allowance-memory.js';
import type { RateLimitInfo } from './rate-limit-info.js';

export { parseRateLimit, type RateLimitInfo } from './rate-limit-info.js';

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

/** What the limiter did in this process: how much it slowed the calls sharing it. */
export interface LimiterUsage {
  /** Calls sent. */
  requests: number;
  /** Calls that had to wait before they were sent. */
  waitedCalls: number;
  /** Time during which at least one call was waiting (overlapping waits counted once), in milliseconds. */
  throttledMs: number;
  /** The longest time one call waited before it was sent (a 429's retry included), in milliseconds. */
  longestWaitMs: number;
  /** 429 answers received (each one paused every caller until the window's reset). */
  rateLimited: number;
  /** The allowance last read from the service (requests per window); null when it sent none. */
  limit: number | null;
  /** The allowance's window, in milliseconds (one minute unless the service's reset times say otherwise). */
  windowMs: number;
  /** Requests of other users of the token seen in the windows this process used (a lower bound). */
  othersRequests: number;
  /** The share of the token configured for this process, or null (estimated from what the others use). */
  share: number | null;
  /** Calls waiting now. */
  waiting: number;
  inFlight: number;
}

export interface LimiterOptions {
  clock?: Clock;
  /** Source of randomness in [0, 1) for the jitter (tests). */
  random?: () => number;
  /** Requests held back in every window, for other users of the token. */
  reserve?: number;
  /**
   * The share of the token's allowance this process may count on, (0, 1]: it paces at least that part of what
   * remains over the rest of each window, more when the others leave some unused. Default null: the share is
   * estimated from what the others use.
   */
  share?: number | null;
  /** What other processes on this machine learned of the token's current window (allowance-memory.ts). */
  memory?: AllowanceMemory | null;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** A retry of a call that already waited (after a 429): it goes before calls that have not been sent yet. */
  retry?: boolean;
  /**
   * Bound on the waiting of every call sharing this limiter, in all (`usage().throttledMs`), in milliseconds.
   * A call whose wait would take the total beyond it fails with `WaitBoundExceeded`. Default: no bound.
   */
  maxWaitMs?: number;
}

/** Thrown by `acquire` when waiting for the allowance would take the total waiting beyond `maxWaitMs`. */
export class WaitBoundExceeded extends Error {
  constructor(
    /** Total waiting so far (the limiter's throttledMs), in milliseconds. */
    readonly waitedMs: number,
    /** How much longer the call would have had to wait, in milliseconds. */
    readonly neededMs: number,
    readonly maxWaitMs: number,
    readonly usage: LimiterUsage,
  ) {
    super(
      `waiting for the API rate limit would exceed the bound of ${Math.round(maxWaitMs / 1000)} s in all (waited ${Math.round(waitedMs / 1000)} s, needed ${Math.ceil(neededMs / 1000)} s more)`,
    );
    this.name = 'WaitBoundExceeded';
  }
}

interface Waiter {
  seq: number;
  retry: boolean;
  since: number;
  maxWaitMs: number;
  resolve: () => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class RateLimiter {
  private readonly allowance: Allowance;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly share: number | null;
  private readonly memory: AllowanceMemory | null;
  private notedAt = 0;
  private readonly queue: Waiter[] = [];
  private seq = 0;
  private inFlight = 0;
  /** Nobody sends before this time (after a 429). */
  private pausedUntil = 0;
  private pumping = false;
  private wake: AbortController | null = null;
  private requests = 0;
  private waitedCalls = 0;
  private throttledMs = 0;
  private longestWaitMs = 0;
  private rateLimited = 0;
  private waitingSince = 0;
  private monthly: Pick<RateLimitInfo, 'monthlyLimit' | 'monthlyRemaining' | 'monthlyResetAt'> = {
    monthlyLimit: null,
    monthlyRemaining: null,
    monthlyResetAt: null,
  };

  constructor(opts: LimiterOptions = {}) {
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
    const share = opts.share ?? null;
    if (share !== null && !(share > 0 && share <= 1)) throw new RangeError('share must be in (0, 1]');
    this.share = share;
    this.allowance = new Allowance({ reserve: opts.reserve ?? 0, share });
    this.memory = opts.memory ?? null;
  }

  /**
   * Waits until a call may be sent, then counts it as in flight; resolves to how long it waited. Call `release`
   * with the answer.
   */
  acquire(opts: AcquireOptions | AbortSignal = {}): Promise<number> {
    const o: AcquireOptions = opts instanceof AbortSignal ? { signal: opts } : opts;
    const now = this.clock.now();
    if (this.requests === 0 && this.queue.length === 0) this.allowance.seed(this.memory?.read() ?? null, now);
    if (o.signal?.aborted) return Promise.reject(o.signal.reason);
    if (this.queue.length === 0 && this.grantable(now)) {
      this.sent(now);
      return Promise.resolve(0);
    }
    return new Promise<number>((resolve, reject) => {
      const w: Waiter = {
        seq: this.seq++,
        retry: o.retry === true,
        since: now,
        maxWaitMs: o.maxWaitMs ?? Infinity,
        resolve: () => resolve(this.clock.now() - w.since),
        reject,
        signal: o.signal,
      };
      if (o.signal) {
        w.onAbort = () => {
          this.remove(w);
          reject(o.signal!.reason);
        };
        o.signal.addEventListener('abort', w.onAbort, { once: true });
      }
      // Retries go before every call that has not been sent yet; otherwise in order of arrival.
      const at = w.retry ? this.queue.findIndex((q) => !q.retry) : -1;
      this.queue.splice(at < 0 ? this.queue.length : at, 0, w);
      if (this.queue.length === 1) this.waitingSince = now;
      this.waitedCalls++;
      this.pump();
    });
  }

  /**
   * The answer to a call arrived (`info` from its headers, null when there was no answer). For a 429, returns
   * when calls may be sent again; until then every caller of this token waits.
   */
  release(info: RateLimitInfo | null, status = 0, retryAfterSeconds: number | null = null): number | null {
    this.inFlight = Math.max(0, this.inFlight - 1);
    const now = this.clock.now();
    let resumeAt = this.allowance.observe(info, status, retryAfterSeconds, this.inFlight, now);
    if (status === 429) {
      this.rateLimited++;
      // Neither a reset time nor a Retry-After: try again in about a second.
      resumeAt ??= now + 1000 + Math.floor(this.random() * 250);
      this.pausedUntil = Math.max(this.pausedUntil, resumeAt);
    }
    this.remember(now, status === 429);
    if (info) {
      if (info.monthlyLimit !== null) this.monthly.monthlyLimit = info.monthlyLimit;
      if (info.monthlyRemaining !== null) this.monthly.monthlyRemaining = info.monthlyRemaining;
      if (info.monthlyResetAt !== null) this.monthly.monthlyResetAt = info.monthlyResetAt;
    }
    this.wakeUp();
    return status === 429 ? resumeAt : null;
  }

  /** Milliseconds until the next call could be sent (0 = now), for a call at the head of the queue. */
  delay(): number {
    const now = this.clock.now();
    return Math.max(0, this.nextAt(now) - now);
  }

  usage(): LimiterUsage {
    const now = this.clock.now();
    return {
      requests: this.requests,
      waitedCalls: this.waitedCalls,
      throttledMs: this.throttledMs + (this.queue.length > 0 ? now - this.waitingSince : 0),
      longestWaitMs: Math.max(this.longestWaitMs, ...this.queue.map((w) => now - w.since)),
      rateLimited: this.rateLimited,
      limit: this.allowance.limit,
      windowMs: this.allowance.windowMs,
      othersRequests: this.allowance.othersTotal,
      share: this.share,
      waiting: this.queue.length,
      inFlight: this.inFlight,
    };
  }

  snapshot(): RateLimitInfo & { inFlight: number } {
    return {
      limit: this.allowance.limit,
      remaining: this.allowance.remaining,
      resetAt: this.allowance.resetAt,
      ...this.monthly,
      inFlight: this.inFlight,
    };
  }

  /** Leaves what this process knows of a nearly used-up window for the next one (at most every 100 ms). */
  private remember(now: number, urgent: boolean): void {
    if (!this.memory || (!urgent && now - this.notedAt < 100)) return;
    const note = this.allowance.note();
    if (!note) return;
    this.notedAt = now;
    this.memory.write(note);
  }

  private nextAt(now: number): number {
    return Math.max(this.pausedUntil, this.allowance.nextSendAt(now, this.inFlight, this.random));
  }

  private grantable(now: number): boolean {
    return this.nextAt(now) <= now;
  }

  private sent(now: number): void {
    this.allowance.sent(now);
    this.requests++;
    this.inFlight++;
  }

  /** Lets out the head of the queue whenever the allowance permits, until the queue is empty. */
  private pump(): void {
    if (this.pumping) return this.wakeUp();
    this.pumping = true;
    this.run().catch(() => {
      this.pumping = false;
    });
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.queue.length === 0) {
        // In the same turn as the last grant: a call queued right after finds the pump stopped and starts it.
        this.pumping = false;
        return;
      }
      const now = this.clock.now();
      let at = this.nextAt(now);
      const waited = this.throttledMs + (now - this.waitingSince);
      if (at > now && at !== Infinity && waited + (at - now) > this.queue[0]!.maxWaitMs) {
        // Pacing gives way to the bound: only a wait the allowance itself imposes may end a run.
        at = Math.max(this.pausedUntil, this.allowance.earliestSendAt(now, this.inFlight, this.random));
      }
      if (at <= now) {
        const w = this.queue.shift()!;
        this.sent(now);
        this.longestWaitMs = Math.max(this.longestWaitMs, now - w.since);
        if (this.queue.length === 0) this.throttledMs += now - this.waitingSince;
        w.signal?.removeEventListener('abort', w.onAbort!);
        w.resolve();
        continue;
      }
      for (const w of [...this.queue])
        if (at !== Infinity && waited + (at - now) > w.maxWaitMs) {
          this.remove(w);
          w.reject(new WaitBoundExceeded(waited, at - now, w.maxWaitMs, this.usage()));
        }
      if (this.queue.length === 0) continue;
      const wake = (this.wake = new AbortController());
      try {
        // Infinity: until an answer arrives (it wakes the queue).
        if (at === Infinity) await new Promise((_, reject) => wake.signal.addEventListener('abort', reject));
        else await this.clock.sleep(at - now, wake.signal);
      } catch {
        // woken early: something changed
      }
      this.wake = null;
    }
  }

  private wakeUp(): void {
    this.wake?.abort();
  }

  private remove(w: Waiter): void {
    const i = this.queue.indexOf(w);
    if (i < 0) return;
    this.queue.splice(i, 1);
    w.signal?.removeEventListener('abort', w.onAbort!);
    if (this.queue.length === 0) this.throttledMs += this.clock.now() - this.waitingSince;
    this.wakeUp();
  }
}

const registry = new Map<string, RateLimiter>();

/**
 * The process-wide limiter of a token at a base URL (made with `opts` by the first caller). The key holds a hash of
 * the token, never the token.
 */
export function sharedLimiter(baseUrl: string, token: string, opts?: LimiterOptions): RateLimiter {
  const key = `${baseUrl}#${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
  let limiter = registry.get(key);
  if (!limiter) {
    limiter = new RateLimiter(opts);
    registry.set(key, limiter);
  }
  return limiter;
}
