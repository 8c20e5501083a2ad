import { RateLimiter, sharedLimiter } from '../../src/client/index.js';
import { harness, reply, MONITOR_ID, monitor, TOKEN } from './helpers.js';

function fakeClock(start = 1_000_000) {
  let now = start;
  const waiters: { at: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((resolve) => waiters.push({ at: now + ms, resolve })),
    /** Advance time, waking sleepers in order. */
    async advance(ms: number) {
      now += ms;
      for (const w of waiters.splice(0).sort((a, b) => a.at - b.at)) {
        if (w.at <= now) w.resolve();
        else waiters.push(w);
      }
      await new Promise((r) => setImmediate(r));
    },
    get sleeping() {
      return waiters.length;
    },
  };
}

const headers = (remaining: number, resetAt: number, limit = 10) => ({
  limit,
  remaining,
  resetAt,
  monthlyLimit: null,
  monthlyRemaining: null,
  monthlyResetAt: null,
});

describe('rate limiter', () => {
  test('concurrent callers never exceed what remains in the window; the rest wait for the reset', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const resetAt = clock.now() + 30_000;
    await limiter.acquire();
    limiter.release(headers(3, resetAt));
    let passed = 0;
    const calls = Array.from({ length: 8 }, () => limiter.acquire().then(() => passed++));
    await new Promise((r) => setImmediate(r));
    expect(passed).toBe(3);
    await clock.advance(29_000);
    expect(passed).toBe(3);
    await clock.advance(1_001);
    await Promise.all(calls);
    expect(passed).toBe(8);
  });

  test('responses arriving out of order do not raise the remaining count within a window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const resetAt = clock.now() + 60_000;
    for (let i = 0; i < 3; i++) await limiter.acquire();
    limiter.release(headers(2, resetAt));
    limiter.release(headers(4, resetAt)); // older answer, arrived late
    limiter.release(headers(3, resetAt));
    expect(limiter.snapshot().remaining).toBe(2);
  });

  test('below a tenth of the limit, calls are spread over the rest of the window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const resetAt = clock.now() + 40_000;
    await limiter.acquire();
    limiter.release(headers(3, resetAt, 100));
    // 3 left of 100 for the next 40 s: one call every 40 s / 4
    expect(limiter.delay()).toBe(10_000);
    let sent = 0;
    const next = limiter.acquire().then(() => sent++);
    await clock.advance(9_999);
    expect(sent).toBe(0);
    await clock.advance(1);
    await next;
    expect(sent).toBe(1);
    // 2 left for 30 s
    expect(limiter.delay()).toBe(10_000);
  });

  test('a 429 pauses every caller of the same token until Retry-After has passed', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    limiter.pause(5000);
    expect(limiter.delay()).toBe(5000);
    await clock.advance(5000);
    expect(limiter.delay()).toBe(0);
  });

  test('one limiter per base URL and token in the process, keyed without the token', () => {
    const a = sharedLimiter('https://x.test/v1', TOKEN);
    expect(sharedLimiter('https://x.test/v1', TOKEN)).toBe(a);
    expect(sharedLimiter('https://x.test/v1', TOKEN + 'b')).not.toBe(a);
    expect(sharedLimiter('https://y.test/v1', TOKEN)).not.toBe(a);
  });

  test('the client reads X-RateLimit-* and the monthly headers into results and the limiter', async () => {
    const h = harness();
    reply(
      h,
      'GET',
      `/monitors/${MONITOR_ID}`,
      200,
      { data: monitor() },
      {
        'x-ratelimit-limit': '120',
        'x-ratelimit-remaining': '99',
        'x-ratelimit-reset': '1700000060',
        'x-ratelimit-monthly-limit': '100000',
        'x-ratelimit-monthly-remaining': '5000',
        'x-ratelimit-monthly-reset': '1701000000',
      },
    );
    const r = await h.client.getMonitor(MONITOR_ID);
    expect(r.rateLimit).toEqual({
      limit: 120,
      remaining: 99,
      resetAt: 1_700_000_060_000,
      monthlyLimit: 100000,
      monthlyRemaining: 5000,
      monthlyResetAt: 1_701_000_000_000,
    });
    expect(h.client.limiter.snapshot()).toMatchObject({ remaining: 99, monthlyRemaining: 5000, inFlight: 0 });
  });
});
