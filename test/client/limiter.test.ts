import { inspect } from 'node:util';
import { RateLimiter, UptimeClient, parseRateLimit, sharedLimiter } from '../../src/client/index.js';
import { BASE, harness, reply, MONITOR_ID, monitor, TOKEN } from './helpers.js';

/** Lets MockAgent, promise chains and timers-free sleeps run. */
async function settle() {
  for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r));
}

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
  test('usage counts requests, the calls that waited, the time they waited (overlaps once) and 429 pauses', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    expect(limiter.usage()).toMatchObject({
      requests: 0,
      waitedCalls: 0,
      throttledMs: 0,
      rateLimited: 0,
      limit: null,
    });
    const resetAt = clock.now() + 10_000;
    await limiter.acquire();
    limiter.release(headers(1, resetAt, 5));
    await limiter.acquire(); // the last one of the window: no wait
    const late = [limiter.acquire(), limiter.acquire()]; // both wait for the reset, at the same time
    await new Promise((r) => setImmediate(r));
    expect(limiter.usage()).toMatchObject({ requests: 2, waitedCalls: 2, waiting: 2, limit: 5 });
    await clock.advance(4_000);
    expect(limiter.usage().throttledMs).toBe(4_000); // still waiting: counted so far
    await clock.advance(6_001);
    await Promise.all(late);
    expect(limiter.usage()).toMatchObject({ requests: 4, waitedCalls: 2, waiting: 0, throttledMs: 10_001 });
    limiter.pause(2_000);
    const paused = limiter.acquire();
    await clock.advance(2_000);
    await paused;
    expect(limiter.usage()).toMatchObject({
      requests: 5,
      waitedCalls: 3,
      throttledMs: 12_001,
      rateLimited: 1,
    });
  });

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

  test('waiters released by a reset do not rush past the limit of the new window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const resetAt = clock.now() + 10_000;
    await limiter.acquire();
    limiter.release(headers(0, resetAt, 3));
    let passed = 0;
    // each call is answered (without rate-limit headers) right after it is sent
    const calls = Array.from({ length: 7 }, () =>
      limiter.acquire().then(() => {
        passed++;
        limiter.release(null);
      }),
    );
    await settle();
    expect(passed).toBe(0);
    await clock.advance(10_001);
    await settle();
    expect(passed).toBe(3); // the new window's limit, not all seven
    await clock.advance(60_000); // the estimated next reset
    await settle();
    expect(passed).toBe(6);
    await clock.advance(60_000);
    await Promise.all(calls);
    expect(passed).toBe(7);
  });

  test('a late answer about an ended window does not undo the reset', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const first = clock.now() + 5_000;
    await limiter.acquire();
    limiter.release(headers(5, first));
    await clock.advance(6_000);
    expect(limiter.delay()).toBe(0); // rolled over: 10 available again
    await limiter.acquire();
    limiter.release(headers(0, first)); // stale: about the window that ended
    expect(limiter.snapshot().remaining).toBe(10);
    expect(limiter.delay()).toBe(0);
  });

  test('reset headers: Unix seconds, tolerated Unix ms and seconds-from-now', () => {
    const now = 1_700_000_000_000;
    const reset = (v: string) => parseRateLimit({ 'x-ratelimit-reset': v }, now)!.resetAt;
    expect(reset('1700000060')).toBe(1_700_000_060_000);
    expect(reset('1700000060000')).toBe(1_700_000_060_000);
    expect(reset('30')).toBe(now + 30_000);
    expect(parseRateLimit({}, now)).toBeNull();
  });

  test('concurrent calls from two clients of one token share the limiter: no 429 collected', async () => {
    const clock = fakeClock(1_700_000_000_000);
    const limiter = new RateLimiter({ clock });
    const h = harness({ clock, limiter });
    const other = new UptimeClient({ baseUrl: BASE, token: TOKEN, dispatcher: h.agent, clock, limiter });
    // The service's view: 3 per window, 2 left in this one (reset at +30 s), then a fresh window.
    const windowOf = (remaining: number, reset: number) => ({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    });
    await limiter.acquire();
    limiter.release(parseRateLimit(windowOf(2, 1_700_000_030), clock.now()));
    for (const r of [1, 0])
      reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(r, 1_700_000_030));
    for (const r of [2, 1, 0])
      reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(r, 1_700_000_090));
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(2, 1_700_000_150));

    const calls = Array.from({ length: 6 }, (_, i) => (i % 2 ? other : h.client).getMonitor(MONITOR_ID));
    await settle();
    expect(h.requests).toHaveLength(2);
    await clock.advance(30_001);
    await settle();
    expect(h.requests).toHaveLength(5);
    expect(limiter.snapshot()).toMatchObject({ remaining: 0, resetAt: 1_700_000_090_000 });
    await clock.advance(60_000);
    await settle();
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(h.requests).toHaveLength(6);
  });

  test('two clients built for the same token and base URL share one limiter', () => {
    const a = new UptimeClient({ baseUrl: 'https://shared.test/v1', token: TOKEN });
    const b = new UptimeClient({ baseUrl: 'https://shared.test/v1', token: TOKEN });
    const c = new UptimeClient({ baseUrl: 'https://shared.test/v1', token: `${TOKEN}-2` });
    expect(a.limiter).toBe(b.limiter);
    expect(a.limiter).not.toBe(c.limiter);
    expect(inspect(a.limiter, { depth: 5, showHidden: true })).not.toContain(TOKEN);
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
