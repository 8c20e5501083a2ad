import { createService } from '../../src/service/index.js';
import { Harness, http } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start({
    tenants: [
      {
        id: 't',
        plan: { preset: 'pro', perMinuteLimit: 5, monthlyLimit: 12 },
        tokens: [{ name: 'a' }, { name: 'b' }],
      },
      { id: 'u', plan: { preset: 'pro', perMinuteLimit: 3, monthlyLimit: null }, tokens: [{ name: 'c' }] },
    ],
  });
  // start at the beginning of a minute so a window does not roll over mid-test
  const now = h.svc.clock.now();
  await h.admin('POST', '/clock', {
    frozen: true,
    set: new Date(now - (now % 60_000) + 60_000).toISOString(),
  });
});
afterAll(() => h.close());

test('per-token per-minute allowance with all headers; 429 with Retry-After; window resets', async () => {
  const reset = Math.floor(h.svc.clock.now() / 1000) + 60;
  for (let i = 1; i <= 5; i++) {
    const r = await h.call('GET', '/usage', { as: 'a' });
    expect(r.status).toBe(200);
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    expect(r.headers['x-ratelimit-reset']).toBe(String(reset));
    expect(r.headers['x-ratelimit-monthly-limit']).toBe('12');
    expect(r.headers['x-ratelimit-monthly-remaining']).toBe(String(12 - i));
    expect(Number(r.headers['x-ratelimit-monthly-reset'])).toBeGreaterThan(reset);
  }
  await h.advance(20);
  const limited = await h.call('GET', '/monitors', { as: 'a' });
  expect(limited.status).toBe(429);
  expect(limited.json.error.code).toBe('rate_limited');
  expect(limited.headers['retry-after']).toBe('40');
  expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  expect(limited.headers['x-request-id']).toMatch(/^req_/);
  // per token: the other token of the same account still has its own minute
  expect((await h.call('GET', '/usage', { as: 'b' })).status).toBe(200);
  // 401s do not count
  await http('GET', `${h.svc.baseUrl}/usage`, { token: 'upt_0000000000000000000000000000000000000000' });
  await h.advance(40);
  const next = await h.call('GET', '/usage', { as: 'a' });
  expect(next.status).toBe(200);
  expect(next.headers['x-ratelimit-remaining']).toBe('4');
  // the monthly count reflects the 7 counted requests (the 429 did not count)
  expect(next.headers['x-ratelimit-monthly-remaining']).toBe(String(12 - 7));
  expect(next.json.data.monthly).toMatchObject({ limit: 12, remaining: 5, used: 7 });
  expect(next.json.data.perMinute).toMatchObject({ limit: 5, remaining: 4 });
});

test('per-account monthly allowance → 429 until the next UTC month', async () => {
  for (let i = 0; i < 10; i++) {
    const r = await h.call('GET', '/usage', { as: i % 2 ? 'a' : 'b' });
    if (r.status === 429) {
      expect(r.headers['x-ratelimit-monthly-remaining']).toBe('0');
      const retry = Number(r.headers['retry-after']);
      expect(retry).toBeGreaterThan(60);
      await h.advance(retry);
      const after = await h.call('GET', '/usage', { as: 'a' });
      expect(after.status).toBe(200);
      expect(after.headers['x-ratelimit-monthly-remaining']).toBe('11');
      return;
    }
    if (i % 2 === 1) await h.advance(60);
  }
  throw new Error('monthly limit never reached');
});

test('no monthly allowance → no monthly headers and monthly null in /usage', async () => {
  const r = await h.call('GET', '/usage', { as: 'c' });
  expect(r.headers['x-ratelimit-monthly-limit']).toBeUndefined();
  expect(r.json.data.monthly).toBeNull();
});

test('the admin API raises a token limit', async () => {
  const tokens = await h.admin('GET', '/tenants/u/tokens');
  await h.admin('PATCH', `/tokens/${tokens.json.data[0].id}`, { perMinuteLimit: 1000 });
  const r = await h.call('GET', '/capabilities', { as: 'c' });
  expect(r.headers['x-ratelimit-limit']).toBe('1000');
  expect(r.json.data.allowances.perMinute).toBe(1000);
});

describe('test-only window length (rateLimitWindowSeconds)', () => {
  let s: Harness;
  beforeAll(async () => {
    s = await Harness.start(
      {
        tenants: [
          {
            id: 'w',
            plan: { preset: 'pro', perMinuteLimit: 2, monthlyLimit: null },
            tokens: [{ name: 'w' }],
          },
        ],
      } as never,
      { rateLimitWindowSeconds: 5 },
    );
    const now = s.svc.clock.now();
    await s.admin('POST', '/clock', {
      frozen: true,
      set: new Date(now - (now % 60_000) + 60_000).toISOString(),
    });
  });
  afterAll(() => s.close());

  test('the limit applies per 5-second window: reset 5 s ahead, Retry-After within the window, then a new window', async () => {
    const reset = Math.floor(s.svc.clock.now() / 1000) + 5;
    for (const remaining of ['1', '0']) {
      const r = await s.call('GET', '/usage', { as: 'w' });
      expect(r.status).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe('2');
      expect(r.headers['x-ratelimit-remaining']).toBe(remaining);
      expect(r.headers['x-ratelimit-reset']).toBe(String(reset));
    }
    await s.advance(3);
    const limited = await s.call('GET', '/usage', { as: 'w' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    await s.advance(2);
    const next = await s.call('GET', '/usage', { as: 'w' });
    expect(next.status).toBe(200);
    expect(next.headers['x-ratelimit-reset']).toBe(String(reset + 5));
  });

  test('a window that is not whole seconds from 1 to 60 is refused', async () => {
    for (const bad of [0, 0.5, 61])
      await expect(createService({ port: 0, rateLimitWindowSeconds: bad })).rejects.toThrow(
        /rateLimitWindowSeconds must be a whole number of seconds from 1 to 60/,
      );
  });
});
