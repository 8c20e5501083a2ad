// The X-RateLimit-* headers of an answer, as the limiter and the results read them.

export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** Unix ms of the per-minute reset. */
  resetAt: number | null;
  monthlyLimit: number | null;
  monthlyRemaining: number | null;
  monthlyResetAt: number | null;
}

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
