import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { fileMemory } from '../../src/client/allowance-memory.js';
import {
  RateLimiter,
  UptimeClient,
  WaitBoundExceeded,
  parseRateLimit,
  sharedLimiter,
  type RateLimitInfo,
} from '../../src/client/index.js';
import { BASE, harness, reply, MONITOR_ID, monitor, TOKEN } from './helpers.js';
import { SimClock, simulate } from './sharing-sim.js';

/** Lets promise chains run (the limiter's queue runs on them). */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** A fake clock: sleepers wake in order when time is advanced (aborted sleeps are dropped). */
function fakeClock(start = 1_700_000_000_000) {
  const clock = new SimClock(start);
  return {
    now: clock.now,
    sleep: clock.sleep,
    /** Advance time by `ms`, waking sleepers in order. */
    advance: (ms: number) => clock.advanceTo(clock.now() + ms),
  };
}

const W = 60_000;
/** Headers of an answer: `remaining` of `limit` left in the window that resets at `resetAt` (local ms). */
const info = (remaining: number, resetAt: number, limit = 10): RateLimitInfo => ({
  limit,
  remaining,
  resetAt,
  monthlyLimit: null,
  monthlyRemaining: null,
  monthlyResetAt: null,
});

/** A limiter with no jitter, that has had its first answer: `remaining` of `limit` left until `resetAt`. */
async function primed(clock: ReturnType<typeof fakeClock>, remaining: number, resetAt: number, limit = 10) {
  const limiter = new RateLimiter({ clock, random: () => 0.5 });
  await limiter.acquire();
  limiter.release(info(remaining, resetAt, limit), 200);
  return limiter;
}

/** Starts `n` calls; `sent` counts those let out. */
function calls(limiter: RateLimiter, n: number, opts: { retry?: boolean } = {}) {
  const state = { sent: 0, order: [] as number[] };
  const all = Array.from({ length: n }, (_, i) =>
    limiter.acquire(opts).then(() => {
      state.sent++;
      state.order.push(i);
    }),
  );
  return Object.assign(state, { all });
}

describe('rate limiter: one process', () => {
  test('until the first answer only one call is in flight; an answer without rate-limit headers lets the rest go', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const c = calls(limiter, 5);
    await settle();
    expect(c.sent).toBe(1);
    limiter.release(null, 200);
    await settle();
    expect(c.sent).toBe(5);
  });

  test('a connection error is not an answer: the next call still goes alone', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    const c = calls(limiter, 3);
    await settle();
    limiter.release(null); // no answer at all
    await settle();
    expect(c.sent).toBe(2);
    expect(limiter.usage().inFlight).toBe(1);
  });

  test('never more than what remains before the reset; the rest is spread over the window and waits for the reset', async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + 30_000;
    const limiter = await primed(clock, 3, resetAt, 4);
    // each call is answered (without rate-limit headers) right after it is sent
    const c = { sent: 0, all: [] as Promise<void>[] };
    c.all = Array.from({ length: 8 }, () =>
      limiter.acquire().then(() => {
        c.sent++;
        limiter.release(null, 200);
      }),
    );
    const sentAt: number[] = [];
    for (let t = 0; t < 30_000; t += 500) {
      const before = c.sent;
      await clock.advance(500);
      for (let i = before; i < c.sent; i++) sentAt.push(clock.now());
    }
    expect(c.sent).toBeLessThanOrEqual(3);
    // spread over the window, not all at once at its start
    expect(sentAt[sentAt.length - 1]! - sentAt[0]!).toBeGreaterThanOrEqual(10_000);
    const before = c.sent;
    await clock.advance(1_000); // past the reset: the allowance is back
    expect(c.sent).toBeGreaterThan(before);
    await clock.advance(2 * W);
    await Promise.all(c.all);
    expect(c.sent).toBe(8);
  });

  test('a lone process sends three, then a quarter of what remains once its answers show it is alone, then all', async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + W;
    const limiter = await primed(clock, 59, resetAt, 60);
    const c = calls(limiter, 30);
    await settle();
    // three before its answers tell whether anybody else uses the token
    expect(c.sent).toBe(3);
    // three answers in a row without anybody else's request: alone; a quarter of what remains may go at once
    let remaining = 59;
    for (let i = 0; i < 3; i++) limiter.release(info(--remaining, resetAt, 60), 200);
    await settle();
    expect(c.sent).toBeGreaterThanOrEqual(14);
    expect(c.sent).toBeLessThan(20);
    // and all of it a twelfth of the window (5 s) later
    await clock.advance(5_100);
    await Promise.all(c.all);
    expect(c.sent).toBe(30);
  });

  test('out-of-order answers do not raise the remaining count within a window', async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + W;
    const limiter = new RateLimiter({ clock });
    await limiter.acquire();
    limiter.release(null, 200);
    for (let i = 0; i < 3; i++) await limiter.acquire();
    limiter.release(info(2, resetAt), 200);
    limiter.release(info(4, resetAt), 200); // older answer, arrived late
    limiter.release(info(3, resetAt), 200);
    expect(limiter.snapshot().remaining).toBe(2);
  });

  test('waiters released by a reset do not rush past the limit of the new window', async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + 10_000;
    const limiter = await primed(clock, 0, resetAt, 3);
    let passed = 0;
    // each call is answered (without rate-limit headers) right after it is sent
    const all = Array.from({ length: 7 }, () =>
      limiter.acquire().then(() => {
        passed++;
        limiter.release(null, 200);
      }),
    );
    await settle();
    expect(passed).toBe(0);
    await clock.advance(10_300);
    expect(passed).toBeLessThanOrEqual(3);
    await clock.advance(W - 300); // the estimated next reset
    expect(passed).toBeLessThanOrEqual(6);
    await clock.advance(2 * W);
    await Promise.all(all);
    expect(passed).toBe(7);
  });

  test('a late answer about an ended window does not undo the reset', async () => {
    const clock = fakeClock();
    const first = clock.now() + 5_000;
    const limiter = await primed(clock, 5, first);
    await clock.advance(6_000);
    expect(limiter.delay()).toBe(0); // rolled over: the allowance is back
    await limiter.acquire();
    limiter.release(info(0, first), 200); // stale: about the window that ended
    expect(limiter.snapshot().remaining).toBe(10);
    // paced over the new window (9 left for 59 s), not held until its end
    expect(limiter.delay()).toBeLessThan(7_000);
  });

  test("the window's length is learned from consecutive reset times (a 10-second window)", async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    const limiter = await primed(clock, 0, t0 + 2_000, 5);
    await clock.advance(2_500);
    await limiter.acquire();
    limiter.release(info(0, t0 + 12_000, 5), 200); // the next window ends 10 s after the first
    expect(limiter.usage().windowMs).toBe(10_000);
    const c = calls(limiter, 1);
    await clock.advance(9_000);
    expect(c.sent).toBe(0);
    await clock.advance(600); // the reset at t0 + 12 s (+ jitter of at most 1% of the window)
    expect(c.sent).toBe(1);
    // and the window after it is taken to end 10 s later, not a minute later
    expect(limiter.snapshot()).toMatchObject({ resetAt: t0 + 22_000, remaining: 5 });
  });
});

describe('rate limiter: 429 answers', () => {
  test('a 429 holds every caller until the announced reset (not the rounded Retry-After); its retry goes first', async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    const limiter = await primed(clock, 5, t0 + 20_400, 60);
    await limiter.acquire();
    // The service's window resets in 20.4 s; Retry-After (whole seconds, rounded up) says 21.
    const resumeAt = limiter.release(info(0, t0 + 20_400, 60), 429, 21);
    expect(resumeAt).toBe(t0 + 20_400);
    const fresh = calls(limiter, 3);
    await settle();
    const retry = calls(limiter, 1, { retry: true });
    await clock.advance(20_000);
    expect(fresh.sent + retry.sent).toBe(0);
    await clock.advance(700);
    await retry.all[0];
    expect(retry.sent).toBe(1);
    expect(clock.now()).toBeLessThan(t0 + 21_000);
    // the retry went before the three calls that had been waiting longer
    expect(fresh.sent).toBe(0);
    expect(limiter.usage().rateLimited).toBe(1);
  });

  test('a reset that disagrees with Retry-After (a clock off by 30 s) is corrected by it, for later windows too', async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    // This machine's clock is 30 s behind the service's: the reset reads 30 s later than it is.
    const limiter = await primed(clock, 5, t0 + 32_000, 60);
    await limiter.acquire();
    const resumeAt = limiter.release(info(0, t0 + 32_000, 60), 429, 2);
    expect(resumeAt! - t0).toBeGreaterThanOrEqual(1_000);
    expect(resumeAt! - t0).toBeLessThanOrEqual(2_000);
    // the next window's reset, 60 s later by the service's clock, is read with the same correction
    await clock.advance(2_100);
    await limiter.acquire();
    limiter.release(info(0, t0 + 92_000, 60), 200);
    expect(limiter.snapshot().resetAt! - t0).toBeLessThanOrEqual(62_000);
  });

  test('a 429 without reset or Retry-After waits about a second', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock, random: () => 0 });
    await limiter.acquire();
    const resumeAt = limiter.release(null, 429, null);
    expect(resumeAt! - clock.now()).toBe(1_000);
  });
});

describe('rate limiter: the bound on waiting', () => {
  test('a wait that would take the total beyond maxWaitMs fails at once, naming what was waited and needed', async () => {
    const clock = fakeClock();
    const limiter = await primed(clock, 0, clock.now() + 30_000);
    const e = await limiter.acquire({ maxWaitMs: 5_000 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WaitBoundExceeded);
    expect(e).toMatchObject({ waitedMs: 0, maxWaitMs: 5_000 });
    expect((e as WaitBoundExceeded).neededMs).toBeGreaterThanOrEqual(30_000);
    expect(limiter.usage()).toMatchObject({ waiting: 0, requests: 1 });
  });

  test('the bound is on the waiting of all calls together (overlaps once): waits add up until it is reached', async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    const limiter = await primed(clock, 0, t0 + 20_000, 1);
    // two calls wait for the same reset: 20 s of waiting in all, not 40
    const first = limiter.acquire({ maxWaitMs: 45_000 });
    const second = limiter.acquire({ maxWaitMs: 45_000 }).catch((x: unknown) => x);
    await clock.advance(20_300);
    await first;
    expect(limiter.usage().throttledMs).toBeLessThan(21_000);
    // the second waits for the next window: 20 + 60 s > 45 s of waiting in all
    const e = await second;
    expect(e).toBeInstanceOf(WaitBoundExceeded);
    expect((e as WaitBoundExceeded).waitedMs).toBeGreaterThanOrEqual(20_000);
  });

  test('pacing gives way to the bound: while the window has requests left, calls go instead of failing', async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + 50_000;
    // 10 left for 50 s, somebody else busy: paced about 5 s apart, beyond a 3-second bound on waiting
    const limiter = await primed(clock, 10, resetAt, 60);
    const c = { sent: 0, failed: 0 };
    const all = Array.from({ length: 12 }, () =>
      limiter.acquire({ maxWaitMs: 3_000 }).then(
        () => void c.sent++,
        () => void c.failed++,
      ),
    );
    await clock.advance(3_000);
    await Promise.all(all);
    // the ten the window holds went; the two that would have waited for the reset failed at once
    expect(c).toEqual({ sent: 10, failed: 2 });
  });

  test('an aborted waiting call leaves the queue; the others are not held up by it', async () => {
    const clock = fakeClock();
    const limiter = await primed(clock, 0, clock.now() + 10_000);
    const ac = new AbortController();
    const gone = limiter.acquire({ signal: ac.signal });
    const kept = calls(limiter, 1);
    ac.abort(new Error('stopped'));
    await expect(gone).rejects.toThrow('stopped');
    await clock.advance(10_300);
    await kept.all[0];
    expect(limiter.usage()).toMatchObject({ waiting: 0, requests: 2 });
  });
});

describe('rate limiter: usage', () => {
  test('counts requests, the calls that waited, waiting time (overlaps once), the longest wait and 429s', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock, random: () => 0 });
    expect(limiter.usage()).toMatchObject({
      requests: 0,
      waitedCalls: 0,
      throttledMs: 0,
      longestWaitMs: 0,
      rateLimited: 0,
      limit: null,
      share: null,
    });
    const resetAt = clock.now() + 10_000;
    await limiter.acquire();
    limiter.release(info(0, resetAt, 5), 200);
    const late = [limiter.acquire(), limiter.acquire()]; // both wait for the reset, at the same time
    await settle();
    expect(limiter.usage()).toMatchObject({ requests: 1, waitedCalls: 2, waiting: 2, limit: 5 });
    await clock.advance(4_000);
    expect(limiter.usage().throttledMs).toBe(4_000); // still waiting: counted so far
    await clock.advance(W);
    await Promise.all(late);
    const u = limiter.usage();
    expect(u).toMatchObject({ requests: 3, waitedCalls: 2, waiting: 0 });
    expect(u.throttledMs).toBeGreaterThanOrEqual(10_000);
    expect(u.longestWaitMs).toBeGreaterThanOrEqual(10_000);
    expect(u.longestWaitMs).toBeLessThanOrEqual(u.throttledMs);
  });

  test("other users' requests are counted from the remaining count, beyond what this process sent", async () => {
    const clock = fakeClock();
    const resetAt = clock.now() + W;
    const limiter = await primed(clock, 50, resetAt, 60);
    const c = calls(limiter, 3);
    await clock.advance(10_000);
    await Promise.all(c.all);
    // three own requests, yet the count fell by 10: 7 were somebody else's
    limiter.release(info(48, resetAt, 60), 200);
    limiter.release(info(44, resetAt, 60), 200);
    limiter.release(info(40, resetAt, 60), 200);
    expect(limiter.usage().othersRequests).toBe(7);
  });
});

describe('rate limiter: several processes sharing one token (simulated time)', () => {
  // Many stacks, one token: 6 stacks of 50 monitors (+ start-up requests) at -parallelism=20 on one 60/min token.
  test('6 processes × 52 requests, -parallelism=20, 60/min: no 429, within the ideal time, even finish', async () => {
    for (const seed of [1, 2, 3]) {
      const r = await simulate({ processes: 6, requests: 52, parallelism: 20, limit: 60, seed });
      expect(r.successes).toBe(312);
      expect(r.rateLimited / r.attempts).toBeLessThanOrEqual(0.01);
      expect(r.wallMs / r.idealMs).toBeLessThanOrEqual(1.0);
      expect(Math.max(...r.durationMs) / Math.min(...r.durationMs)).toBeLessThanOrEqual(1.3);
    }
  });

  test('processes starting a little apart, a short window, a slow network: 429s stay rare', async () => {
    const cases = [
      { processes: 6, requests: 52, parallelism: 20, limit: 60, startAt: (p: number) => p * 1_500 },
      { processes: 3, requests: 30, parallelism: 10, limit: 10, windowMs: 5_000 },
      {
        processes: 6,
        requests: 52,
        parallelism: 20,
        limit: 60,
        latency: (r: () => number) => 100 + r() * 300,
      },
      { processes: 12, requests: 30, parallelism: 10, limit: 60 },
      { processes: 6, requests: 52, parallelism: 20, limit: 60, skew: (p: number) => (p % 2 ? 500 : -500) },
    ];
    for (const c of cases) {
      const r = await simulate({ ...c, seed: 7 });
      expect(r.rateLimited / r.attempts).toBeLessThanOrEqual(0.05);
      expect(r.wallMs / r.idealMs).toBeLessThanOrEqual(1.1);
    }
  });

  test('rate_limit_share: each run paces its share; a run left alone still uses what the others leave', async () => {
    const even = await simulate({
      processes: 6,
      requests: 52,
      parallelism: 20,
      limit: 60,
      share: 1 / 6,
      seed: 3,
    });
    expect(even.rateLimited).toBe(0);
    expect(Math.max(...even.durationMs) / Math.min(...even.durationMs)).toBeLessThanOrEqual(1.15);
    // a 200-request run beside small ones ends as soon as the allowance allows, not at 1/4 of the pace
    const mixed = await simulate({
      processes: 4,
      requests: [10, 50, 100, 200],
      parallelism: 10,
      limit: 60,
      share: 0.25,
      seed: 3,
    });
    expect(mixed.rateLimited).toBe(0);
    expect(mixed.wallMs / mixed.idealMs).toBeLessThanOrEqual(1.0);
  });

  test('a run alone on its token is not held to a pace: 20 requests at 60/min in a second, 52 in seconds', async () => {
    const small = await simulate({ processes: 1, requests: 20, parallelism: 10, limit: 60, seed: 1 });
    expect(small.wallMs).toBeLessThan(1_000);
    const large = await simulate({ processes: 1, requests: 52, parallelism: 10, limit: 60, seed: 1 });
    expect(large.wallMs).toBeLessThan(5_000);
    expect(small.rateLimited + large.rateLimited).toBe(0);
  });
});

describe('rate limiter: sharing in one process', () => {
  test('concurrent calls from two clients of one token share the limiter: no 429 collected', async () => {
    const clock = fakeClock(1_700_000_000_000);
    const limiter = new RateLimiter({ clock, random: () => 0.5 });
    const h = harness({ clock, limiter });
    const other = new UptimeClient({ baseUrl: BASE, token: TOKEN, dispatcher: h.agent, clock, limiter });
    // The service's view: 3 per window, 2 left in this one (reset at +30 s), then fresh windows.
    const windowOf = (remaining: number, reset: number) => ({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    });
    await limiter.acquire();
    limiter.release(parseRateLimit(windowOf(2, 1_700_000_030), clock.now()), 200);
    for (const r of [1, 0])
      reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(r, 1_700_000_030));
    for (const r of [2, 1, 0])
      reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(r, 1_700_000_090));
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, windowOf(2, 1_700_000_150));

    const all = Array.from({ length: 6 }, (_, i) => (i % 2 ? other : h.client).getMonitor(MONITOR_ID));
    await clock.advance(29_000);
    expect(h.requests).toHaveLength(2);
    await clock.advance(60_000);
    expect(h.requests).toHaveLength(5);
    expect(limiter.snapshot()).toMatchObject({ remaining: 0, resetAt: 1_700_000_090_000 });
    await clock.advance(60_000);
    const results = await Promise.all(all);
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

  test('a share outside (0, 1] is refused', () => {
    expect(() => new RateLimiter({ share: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ share: 1.5 })).toThrow(RangeError);
    expect(new RateLimiter({ share: 1 }).usage().share).toBe(1);
  });
});

describe('rate-limit headers', () => {
  test('reset headers: Unix seconds, tolerated Unix ms and seconds-from-now', () => {
    const now = 1_700_000_000_000;
    const reset = (v: string) => parseRateLimit({ 'x-ratelimit-reset': v }, now)!.resetAt;
    expect(reset('1700000060')).toBe(1_700_000_060_000);
    expect(reset('1700000060000')).toBe(1_700_000_060_000);
    expect(reset('30')).toBe(now + 30_000);
    expect(parseRateLimit({}, now)).toBeNull();
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

describe('rate limiter: what one process leaves the next (allowance-memory.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'limiter-memory-'));

  test('a new process that finds the window used up waits for its reset instead of opening with a 429', async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    const memory = fileMemory(dir, BASE, TOKEN);
    // the previous process (the plan before this apply, another stack) used the window up
    const before = new RateLimiter({ clock, random: () => 0, memory });
    await before.acquire();
    before.release(info(0, t0 + 4_000, 12), 200);
    const after = new RateLimiter({ clock, random: () => 0, memory });
    const c = calls(after, 1);
    await clock.advance(3_900);
    expect(c.sent).toBe(0);
    await clock.advance(200);
    expect(c.sent).toBe(1);
  });

  test('a note about a window that has ended is not used: the first request goes at once', async () => {
    const clock = fakeClock();
    const memory = fileMemory(dir, `${BASE}/other`, TOKEN);
    const before = new RateLimiter({ clock, memory });
    await before.acquire();
    before.release(info(0, clock.now() + 1_000, 12), 200);
    await clock.advance(1_500);
    const after = new RateLimiter({ clock, memory });
    expect(after.delay()).toBe(0);
    await after.acquire();
  });

  test('the file: only counts and times, mode 0600, named by a hash; the smallest count of a window is kept', () => {
    const memory = fileMemory(dir, BASE, `${TOKEN}x`);
    const note = { resetAt: 2_000, limit: 60, remaining: 3, windowMs: 60_000, othersPerOwn: 2, at: 1_000 };
    memory.write(note);
    memory.write({ ...note, remaining: 9, at: 1_500 }); // a late, larger count of the same window
    expect(memory.read()).toEqual(note);
    memory.write({ ...note, resetAt: 62_000, remaining: 40 }); // the next window replaces it
    expect(memory.read()).toMatchObject({ resetAt: 62_000, remaining: 40 });
    const files = readdirSync(dir);
    for (const f of files) {
      expect(f).not.toContain(TOKEN);
      expect(readFileSync(join(dir, f), 'utf8')).not.toContain(TOKEN);
      expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    }
  });

  test('a window with plenty left is not written down (runs on large allowances never touch the disk)', async () => {
    const clock = fakeClock();
    const writes: unknown[] = [];
    const limiter = new RateLimiter({ clock, memory: { read: () => null, write: (n) => writes.push(n) } });
    await limiter.acquire();
    limiter.release(info(500, clock.now() + W, 1_000), 200);
    expect(writes).toEqual([]);
    await limiter.acquire();
    limiter.release(info(0, clock.now() + W, 1_000), 429, 60);
    expect(writes).toHaveLength(1);
  });
});

describe('rate limiter: a 429 that is not about the window', () => {
  test('with requests left in the window, only its Retry-After is waited, and the clock is not "corrected"', async () => {
    const clock = fakeClock();
    const t0 = clock.now();
    const limiter = await primed(clock, 40, t0 + 45_000, 60);
    await limiter.acquire();
    const resumeAt = limiter.release(info(39, t0 + 45_000, 60), 429, 1);
    expect(resumeAt).toBe(t0 + 1_000);
    expect(limiter.snapshot().resetAt).toBe(t0 + 45_000);
  });
});

test('a 429 of the monthly allowance (Retry-After of days) is waited as such, even when the minute is used up too', async () => {
  const clock = fakeClock();
  const t0 = clock.now();
  const limiter = await primed(clock, 1, t0 + 30_000, 60);
  await limiter.acquire();
  const resumeAt = limiter.release(info(0, t0 + 30_000, 60), 429, 9 * 86_400);
  expect(resumeAt).toBe(t0 + 9 * 86_400_000);
  expect(limiter.snapshot().resetAt).toBe(t0 + 30_000);
});
