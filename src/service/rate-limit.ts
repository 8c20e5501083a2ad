// The allowances of authenticated v1 requests: counted when the request arrives, after authentication and before
// authorization (401 → 429 → 403), and announced by the X-RateLimit-* headers on every answer to the request (but an
// injected fault's: faults.ts).
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from './auth.js';
import { ApiError } from './errors.js';
import type { Store } from './store.js';

const MINUTE = 60_000;

/** Bounds of the test-only window length (`rateLimitWindowSeconds`): whole seconds, as X-RateLimit-Reset is. */
export const RATE_LIMIT_WINDOW_SECONDS = { min: 1, max: 60 };

/** The per-token window in milliseconds for `rateLimitWindowSeconds` (default: one minute). */
export function rateLimitWindowMs(seconds: number | undefined): number {
  if (seconds === undefined) return MINUTE;
  const { min, max } = RATE_LIMIT_WINDOW_SECONDS;
  if (!Number.isInteger(seconds) || seconds < min || seconds > max)
    throw new RangeError(`rateLimitWindowSeconds must be a whole number of seconds from ${min} to ${max}`);
  return seconds * 1000;
}

export interface Allowances {
  perMinute: { limit: number; remaining: number; resetAt: number };
  monthly: { limit: number; remaining: number; resetAt: number; used: number } | null;
}

/**
 * Per-token fixed one-minute windows and a per-account monthly allowance (UTC calendar month).
 * Only authenticated requests count; a request answered 429 does not count.
 * Tests may shorten the window (`windowMs`, whole seconds): the per-minute limit then applies per window.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly store: Store,
    private readonly windowMs = MINUTE,
  ) {}

  perMinuteLimit(ctx: AuthContext): number {
    return ctx.token.perMinuteLimit ?? ctx.tenant.plan.perMinuteLimit;
  }

  /** Counts the request; throws 429 (with the headers) when an allowance is used up. */
  consume(ctx: AuthContext): Record<string, string> {
    const now = this.store.clock.now();
    const start = now - (now % this.windowMs);
    let w = this.windows.get(ctx.token.id);
    if (!w || w.start !== start) this.windows.set(ctx.token.id, (w = { start, count: 0 }));
    const limit = this.perMinuteLimit(ctx);
    const month = monthWindow(now);
    const mLimit = ctx.tenant.plan.monthlyLimit;
    let usage = this.store.state.usage[ctx.tenant.id];
    if (!usage || usage.month !== month.key)
      usage = this.store.state.usage[ctx.tenant.id] = { month: month.key, used: 0 };

    const minuteOk = w.count < limit;
    const monthOk = mLimit === null || usage.used < mLimit;
    if (minuteOk && monthOk) {
      w.count += 1;
      usage.used += 1;
      this.store.markCountersDirty();
    }
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - w.count)),
      'x-ratelimit-reset': String((start + this.windowMs) / 1000),
    };
    if (mLimit !== null) {
      headers['x-ratelimit-monthly-limit'] = String(mLimit);
      headers['x-ratelimit-monthly-remaining'] = String(Math.max(0, mLimit - usage.used));
      headers['x-ratelimit-monthly-reset'] = String(Math.floor(month.end / 1000));
    }
    if (!minuteOk || !monthOk) {
      const until = !monthOk ? month.end : start + this.windowMs;
      const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
      throw new ApiError(
        'rate_limited',
        !monthOk ? 'monthly request allowance used up' : 'per-minute request allowance used up',
        { headers: { ...headers, 'retry-after': String(retryAfter) } },
      );
    }
    return headers;
  }

  /** Current allowances without counting (GET /usage, /capabilities). */
  peek(ctx: AuthContext): Allowances {
    const now = this.store.clock.now();
    const start = now - (now % this.windowMs);
    const w = this.windows.get(ctx.token.id);
    const count = w && w.start === start ? w.count : 0;
    const limit = this.perMinuteLimit(ctx);
    const month = monthWindow(now);
    const mLimit = ctx.tenant.plan.monthlyLimit;
    const usage = this.store.state.usage[ctx.tenant.id];
    const used = usage && usage.month === month.key ? usage.used : 0;
    return {
      perMinute: { limit, remaining: Math.max(0, limit - count), resetAt: start + this.windowMs },
      monthly:
        mLimit === null
          ? null
          : { limit: mLimit, remaining: Math.max(0, mLimit - used), resetAt: month.end, used },
    };
  }
}

function monthWindow(now: number): { key: string; end: number } {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { key: `${y}-${String(m + 1).padStart(2, '0')}`, end: Date.UTC(y, m + 1, 1) };
}

const allowances: FastifyPluginCallback<{ limiter: RateLimiter }> = (app, { limiter }, done) => {
  app.addHook('onRequest', (req, reply, next) => {
    if (!req.auth) return next();
    try {
      // Set now, so every answer to the request carries them (an error's own headers win).
      reply.headers(limiter.consume(req.auth));
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  done();
};

export const rateLimitPlugin = fp(allowances, { name: 'rate-limit', dependencies: ['auth'] });
