import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NetworkError,
  NotFoundError,
  PreconditionFailedError,
  PreconditionRequiredError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  UptimeClient,
} from '../../src/client/index.js';
import { BASE, MONITOR_ID, harness, monitor, reply } from './helpers.js';

const err = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message, requestId: 'req_x', ...extra },
});

describe('retries', () => {
  test('5xx then success: three attempts, one Idempotency-Key, full-jitter delays within bounds', async () => {
    const h = harness({ random: () => 0.999, retry: { baseDelayMs: 100, maxDelayMs: 1000 } });
    reply(h, 'POST', '/monitors', 503, err('unavailable', 'try later'));
    reply(h, 'POST', '/monitors', 502, 'bad gateway');
    reply(h, 'POST', '/monitors', 201, { data: monitor() }, { etag: '"v1-aaaa"' });
    const r = await h.client.createMonitor({ url: 'https://example.com' });
    expect(r.status).toBe(201);
    expect(h.requests).toHaveLength(3);
    const keys = h.requests.map((q) => q.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(8);
    // attempt 1 waits in [0, 100), attempt 2 in [0, 200)
    expect(h.sleeps).toEqual([99, 199]);
  });

  test('jitter can be zero: the lower bound of full jitter', async () => {
    const h = harness({ random: () => 0, retry: { baseDelayMs: 100 } });
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 500, err('internal', 'boom'));
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() });
    await h.client.getMonitor(MONITOR_ID);
    expect(h.sleeps).toEqual([0]);
  });

  test('the backoff doubles per attempt up to its cap', async () => {
    const h = harness({
      random: () => 0.9999999,
      retry: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 2000 },
    });
    for (let i = 0; i < 4; i++) reply(h, 'GET', '/usage', 504, err('unavailable', 'slow'));
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(h.sleeps).toEqual([499, 999, 1999, 1999]);
  });

  test('gives up after maxAttempts with a retryable ServerError', async () => {
    const h = harness({ random: () => 0.5 });
    for (let i = 0; i < 3; i++) reply(h, 'GET', '/usage', 503, err('unavailable', 'down'));
    const e = await h.client.getUsage().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServerError);
    expect((e as ServerError).retryable).toBe(true);
    expect(h.requests).toHaveLength(3);
  });

  test('429 honours Retry-After exactly and pauses the shared limiter', async () => {
    const h = harness({ random: () => 0.5 });
    reply(h, 'GET', '/usage', 429, err('rate_limited', 'slow down'), { 'retry-after': '7' });
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(h.sleeps).toEqual([7000]);
  });

  test('a Retry-After beyond the cap is not waited for', async () => {
    const h = harness({ retry: { maxRetryAfterMs: 5000 } });
    reply(h, 'GET', '/usage', 429, err('rate_limited', 'slow down'), { 'retry-after': '3600' });
    const e = await h.client.getUsage().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RateLimitedError);
    expect((e as RateLimitedError).retryAfterSeconds).toBe(3600);
    expect(h.requests).toHaveLength(1);
  });

  test.each([400, 401, 403, 404, 409, 410, 412, 422, 428])('%i is not retried', async (status) => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, status, err('x', 'no'));
    await expect(h.client.getMonitor(MONITOR_ID)).rejects.toBeDefined();
    expect(h.requests).toHaveLength(1);
  });

  test('a dropped connection on a write is retried with the same key; the final error says the outcome is unknown', async () => {
    const h = harness({ random: () => 0 });
    for (let i = 0; i < 3; i++)
      h.pool
        .intercept({ path: `/v1/monitors/${MONITOR_ID}/pause`, method: 'POST' })
        .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    h.logs.length = 0;
    const e = await h.client
      .pauseMonitor(MONITOR_ID, { idempotencyKey: 'my-key-123' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).outcomeUnknown).toBe(true);
    expect((e as Error).message).toContain('same Idempotency-Key');
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(3);
  });

  test('a timed-out write is retried with the same Idempotency-Key and succeeds once', async () => {
    const h = harness({ random: () => 0, writeTimeoutMs: 50 });
    h.pool
      .intercept({ path: '/v1/monitors', method: 'POST' })
      .reply((opts) => {
        h.requests.push({ method: 'POST', path: opts.path, headers: lower(opts.headers), body: null });
        return { statusCode: 201, data: JSON.stringify({ data: monitor() }) };
      })
      .delay(500);
    reply(h, 'POST', '/monitors', 201, { data: monitor() }, { 'idempotent-replayed': 'true' });
    const r = await h.client.createMonitor({ url: 'https://example.com' });
    expect(r.replayed).toBe(true);
    const keys = h.requests.map((q) => q.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('a timeout alone ends in a TimeoutError', async () => {
    const h = harness({ random: () => 0, readTimeoutMs: 30, retry: { maxAttempts: 1 } });
    h.pool.intercept({ path: '/v1/usage', method: 'GET' }).reply(200, { data: usage() }).delay(300);
    await expect(h.client.getUsage()).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('If-Match and ETag', () => {
  test('If-Match is sent quoted, the new version comes back unquoted', async () => {
    const h = harness();
    reply(
      h,
      'PATCH',
      `/monitors/${MONITOR_ID}`,
      200,
      { data: monitor({ version: 'v2-bbbb' }) },
      { etag: '"v2-bbbb"' },
    );
    const r = await h.client.updateMonitor(MONITOR_ID, { name: 'new' }, { ifMatch: 'v1-aaaa' });
    expect(h.requests[0]!.headers['if-match']).toBe('"v1-aaaa"');
    expect(r.etag).toBe('v2-bbbb');
    expect(JSON.parse(h.requests[0]!.body!)).toEqual({ name: 'new' });
  });

  test('a weak ETag is read as its token', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() }, { etag: 'W/"v9-cccc"' });
    expect((await h.client.getMonitor(MONITOR_ID)).etag).toBe('v9-cccc');
  });

  test('an IM operation without a version is refused before any request', async () => {
    const h = harness();
    await expect(h.client.archiveMonitor(MONITOR_ID, { ifMatch: '' } as { ifMatch: string })).rejects.toThrow(
      /needs ifMatch/,
    );
    expect(h.requests).toHaveLength(0);
  });

  test('an empty write response is completed by reading the record', async () => {
    const h = harness();
    reply(h, 'POST', `/monitors/${MONITOR_ID}/archive`, 200, '', { etag: '"v3-dddd"' });
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, {
      data: monitor({ archived: true, status: 'archived' }),
    });
    const r = await h.client.archiveMonitor(MONITOR_ID, { ifMatch: 'v2' });
    expect(r.data.status).toBe('archived');
    expect(r.etag).toBe('v3-dddd');
  });
});

describe('error mapping', () => {
  test.each([
    [400, ValidationError],
    [422, ValidationError],
    [401, UnauthorizedError],
    [403, ForbiddenError],
    [404, NotFoundError],
    [409, ConflictError],
    [410, GoneError],
    [412, PreconditionFailedError],
    [428, PreconditionRequiredError],
  ])('%i → %p with method, path, status and request id', async (status, cls) => {
    const h = harness({ retry: { maxAttempts: 1 } });
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, status, err('some_code', 'server says no'));
    const e = (await h.client.getMonitor(MONITOR_ID).catch((x: unknown) => x)) as InstanceType<typeof cls>;
    expect(e).toBeInstanceOf(cls);
    expect(e).toMatchObject({
      status,
      method: 'GET',
      pathTemplate: '/monitors/{monitorId}',
      requestId: 'req_1',
      retryable: false,
    });
    expect(e.message).toContain('GET /monitors/{monitorId} failed: ' + status);
    expect(e.message).toContain('server says no');
    expect(e.message).toContain('req_1');
  });

  test('409 reasons: duplicate names the existing monitor', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 409, err('duplicate_monitor', 'exists', { existingMonitorId: MONITOR_ID }));
    const e = (await h.client
      .createMonitor({ url: 'https://example.com' })
      .catch((x: unknown) => x)) as ConflictError;
    expect(e.reason).toBe('duplicate_monitor');
    expect(e.existingMonitorId).toBe(MONITOR_ID);
  });

  test.each(['plan_capacity', 'idempotency_conflict', 'export_not_ready', 'dashboard_setup_required'])(
    '409 %s keeps its reason',
    async (code) => {
      const h = harness();
      reply(h, 'POST', '/monitors', 409, err(code, 'conflict'));
      const e = (await h.client
        .createMonitor({ url: 'https://example.com' })
        .catch((x: unknown) => x)) as ConflictError;
      expect(e.reason).toBe(code);
    },
  );

  test('validation details are kept', async () => {
    const h = harness();
    const details = [
      {
        field: 'intervalSeconds',
        rule: 'one_of',
        message: 'intervalSeconds must be one of 60, 300',
        allowed: [60, 300],
      },
    ];
    reply(h, 'POST', '/monitors', 400, err('validation_failed', 'invalid', { details }));
    const e = (await h.client
      .createMonitor({ url: 'https://example.com' })
      .catch((x: unknown) => x)) as ValidationError;
    expect(e.details).toEqual(details);
    expect(e.message).toContain('intervalSeconds must be one of 60, 300');
  });

  test('a non-JSON error body is tolerated', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    reply(h, 'GET', '/usage', 502, '<html>Bad Gateway</html>', { 'content-type': 'text/html' });
    const e = (await h.client.getUsage().catch((x: unknown) => x)) as ServerError;
    expect(e).toBeInstanceOf(ServerError);
    expect(e.body).toBe('<html>Bad Gateway</html>');
    expect(e.code).toBeNull();
  });

  test('a success body that breaks the contract is an UnexpectedResponseError naming the field', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: { ...monitor(), status: 'exploded' } });
    const e = (await h.client.getMonitor(MONITOR_ID).catch((x: unknown) => x)) as Error;
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect(e.message).toContain('status');
  });

  test('unknown response fields are dropped from typed results', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: { ...monitor(), brandNew: 1 }, extra: true });
    const r = await h.client.getMonitor(MONITOR_ID);
    expect(r.data).not.toHaveProperty('brandNew');
  });
});

describe('pagination', () => {
  test('follows nextCursor to the end, with the page size asked for', async () => {
    const h = harness();
    const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    reply(h, 'GET', '/monitors', 200, {
      data: ids.slice(0, 2).map((id) => monitor({ id })),
      pagination: { limit: 2, nextCursor: 'c1' },
    });
    reply(h, 'GET', '/monitors', 200, {
      data: ids.slice(2, 4).map((id) => monitor({ id })),
      pagination: { limit: 2, nextCursor: 'c2' },
    });
    reply(h, 'GET', '/monitors', 200, {
      data: ids.slice(4).map((id) => monitor({ id })),
      pagination: { limit: 2, nextCursor: null },
    });
    const seen: string[] = [];
    for await (const m of h.client.paginate.listMonitors({ limit: 2, enabled: true })) seen.push(m.id);
    expect(seen).toEqual(ids);
    expect(h.requests.map((r) => r.path)).toEqual([
      '/v1/monitors?limit=2&enabled=true',
      '/v1/monitors?limit=2&enabled=true&cursor=c1',
      '/v1/monitors?limit=2&enabled=true&cursor=c2',
    ]);
  });

  test('a cursor that comes back twice is reported, not looped on', async () => {
    const h = harness();
    reply(h, 'GET', '/incidents', 200, { data: [], pagination: { limit: 25, nextCursor: 'same' } });
    reply(h, 'GET', '/incidents', 200, { data: [], pagination: { limit: 25, nextCursor: 'same' } });
    const it = h.client.paginate.listIncidents();
    await expect(
      (async () => {
        for await (const _ of it) void _;
      })(),
    ).rejects.toThrow(/pagination loop/);
  });
});

describe('base URL', () => {
  test.each(['http://api.example.com/v1', 'ftp://127.0.0.1/v1', 'not a url'])('%s is refused', (url) => {
    expect(() => new UptimeClient({ baseUrl: url, token: 't' })).toThrow(/base URL/);
  });
  test.each([
    'https://api.example.com/v1',
    'http://127.0.0.1:8080/v1',
    'http://localhost:1/v1',
    'http://[::1]:9/v1',
  ])('%s is accepted', (url) => {
    expect(new UptimeClient({ baseUrl: url, token: 't' }).baseUrl).toBe(url);
  });
  test('a token is required', () => {
    expect(() => new UptimeClient({ baseUrl: BASE, token: '' })).toThrow(/token/);
  });
});

function usage() {
  const reset = { limit: 10, remaining: 9, resetAt: '2026-01-01T00:00:00Z' };
  return { perMinute: reset, monthly: { ...reset, used: 1 }, monitors: { used: 1, capacity: 10 } };
}

function lower(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers && typeof headers === 'object' && !Array.isArray(headers))
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  return out;
}
