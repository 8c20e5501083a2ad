// The one way waiting for the API's allowance ends a call: the run has waited longer in all than its bound.
import type { RateLimitedError } from './errors.js';
import { RateLimitedError as RateLimited, keepClassNames } from './errors.js';
import { formatDuration } from './duration.js';
import type { LimiterUsage, WaitBoundExceeded } from './limiter.js';

/** A call not sent because waiting for the allowance would take the total waiting beyond the bound. */
export class RateLimitWaitError extends RateLimited {
  /** Total waiting of the calls sharing the limiter, in milliseconds. */
  readonly waitedMs: number;
  readonly maxWaitMs: number;
  readonly usage: LimiterUsage;

  constructor(
    ctx: { method: string; pathTemplate: string; path: string },
    cause: WaitBoundExceeded,
    last: RateLimitedError | null,
  ) {
    const u = cause.usage;
    const allowance =
      u.limit !== null ? `${u.limit} requests per ${perWindow(u.windowMs)}` : 'not announced by the service';
    const others =
      u.othersRequests > 0
        ? `; other users of the token sent at least ${u.othersRequests} in the same windows`
        : '';
    const answered = u.rateLimited > 0 ? `, ${u.rateLimited} of them answered 429` : '';
    const service = last ? ` (the last answer: ${last.message})` : '';
    super({
      ...ctx,
      status: 429,
      requestId: last?.requestId ?? null,
      body: last?.body ?? null,
      retryable: false,
      retryAfterSeconds: Math.ceil(cause.neededMs / 1000),
      message:
        `${ctx.method} ${ctx.pathTemplate} not sent: waiting for the API rate limit reached its bound of ` +
        `${formatDuration(cause.maxWaitMs)} in all (waited ${formatDuration(cause.waitedMs)}; the next request ` +
        `could go in ${formatDuration(cause.neededMs)}). The token's allowance: ${allowance}; this process sent ` +
        `${u.requests} request${u.requests === 1 ? '' : 's'}${answered}${others}${service}`,
    });
    this.waitedMs = cause.waitedMs;
    this.maxWaitMs = cause.maxWaitMs;
    this.usage = u;
  }
}

keepClassNames({ RateLimitWaitError });

/** "minute" for the spec's one-minute window, else its length. */
export function perWindow(windowMs: number): string {
  return windowMs === 60_000 ? 'minute' : formatDuration(windowMs);
}
