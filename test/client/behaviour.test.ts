import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NetworkError,
  NotFoundError,
  PreconditionFailedError,
  PreconditionRequiredError,
  RateLimitedError,
  RateLimitWaitError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  UptimeClient,
  collect,
  RateLimiter,
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
    const h = harness({ random: () => 0, retry: { inDoubtMaxWaitMs: 0 } });
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
    expect((e as Error).message).toContain('the write may have happened');
    expect((e as Error).message).not.toContain('Idempotency-Key');
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

describe('retries: Retry-After, reset headers and idempotency keys', () => {
  test('a 503 with Retry-After waits that long instead of the jittered backoff', async () => {
    const h = harness({ random: () => 0.999 });
    reply(h, 'GET', '/usage', 503, err('unavailable', 'maintenance'), { 'retry-after': '2' });
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(h.sleeps).toEqual([2000]);
  });

  test('a 429 without Retry-After waits for X-RateLimit-Reset', async () => {
    const h = harness({ random: () => 0.5 });
    // harness clock starts at 1_700_000_000_000; the window resets 12 s later
    reply(h, 'GET', '/usage', 429, err('rate_limited', 'slow down'), {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1700000012',
    });
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    // at the reset, plus the limiter's jitter (1 ms with random() = 0)
    expect(h.sleeps).toEqual([12_001]);
    expect(h.logs.find((l) => l.event === 'retry')).toMatchObject({
      status: 429,
      delayMs: 12_000,
      attempt: 1,
    });
  });

  test('a 429 resumes at X-RateLimit-Reset, not at the rounded-up Retry-After', async () => {
    // 11.6 s before the reset: Retry-After (whole seconds, rounded up) says 12
    const h = harness({ start: 1_700_000_000_400 });
    reply(h, 'GET', '/usage', 429, err('rate_limited', 'slow down'), {
      'retry-after': '12',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1700000012',
    });
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(h.sleeps).toEqual([11_601]);
  });

  test('waiting beyond maxRateLimitWaitMs fails with RateLimitWaitError: the allowance, the wait, the service', async () => {
    const h = harness({ retry: { maxRateLimitWaitMs: 10_000 } });
    reply(h, 'GET', '/usage', 429, err('rate_limited', 'per-minute request allowance used up'), {
      'retry-after': '30',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1700000030',
    });
    const e = (await h.client.getUsage().catch((x: unknown) => x)) as RateLimitWaitError;
    expect(e).toBeInstanceOf(RateLimitWaitError);
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e).toMatchObject({ status: 429, retryable: false, maxWaitMs: 10_000, waitedMs: 0 });
    expect(e.message).toBe(
      "GET /usage not sent: waiting for the API rate limit reached its bound of 10 s in all (waited 0 s; the next request could go in 30 s). The token's allowance: 60 requests per minute; this process sent 1 request, 1 of them answered 429 (the last answer: GET /usage failed: 429 rate limited — per-minute request allowance used up [request id req_1])",
    );
    expect(h.requests).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  test("a monthly allowance used up (Retry-After of days) fails at once with the service's words", async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 429, err('rate_limited', 'monthly request allowance used up'), {
      'retry-after': String(9 * 86_400),
      'x-ratelimit-monthly-limit': '100000',
      'x-ratelimit-monthly-remaining': '0',
      'x-ratelimit-monthly-reset': String(1_700_000_000 + 9 * 86_400),
    });
    const e = (await h.client
      .createMonitor({ url: 'https://example.com' })
      .catch((x: unknown) => x)) as Error;
    expect(e).toBeInstanceOf(RateLimitWaitError);
    expect(e.message).toMatch(/bound of 15 min in all .* could go in 216 h\b/);
    expect(e.message).toContain('monthly request allowance used up');
    expect(h.requests).toHaveLength(1);
  });

  test('retry logs name the error class', async () => {
    const h = harness({ random: () => 0 });
    reply(h, 'GET', '/usage', 503, err('unavailable', 'down'));
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(h.logs.find((l) => l.event === 'retry')).toMatchObject({ reason: 'ServerError', status: 503 });
  });

  test('a 429 on a write is retried with the same Idempotency-Key after Retry-After', async () => {
    const h = harness();
    reply(h, 'POST', '/exports', 429, err('rate_limited', 'too many exports'), { 'retry-after': '1' });
    reply(h, 'POST', '/exports', 202, { data: exportJob() });
    const r = await h.client.createExport({ monitorId: MONITOR_ID });
    expect(r.status).toBe(202);
    expect(h.sleeps).toEqual([1000]);
    expect(h.requests[0]!.headers['idempotency-key']).toBe(h.requests[1]!.headers['idempotency-key']);
  });

  test('sleep and random can be injected on their own (no clock object)', async () => {
    const waits: number[] = [];
    const h = harness({
      clock: undefined,
      limiter: new RateLimiter(),
      random: () => 0.5,
      sleep: async (ms) => void waits.push(ms),
      retry: { baseDelayMs: 1000, maxDelayMs: 1000 },
    });
    reply(h, 'GET', '/usage', 502, 'bad gateway');
    reply(h, 'GET', '/usage', 200, { data: usage() });
    await h.client.getUsage();
    expect(waits).toEqual([500]);
  });

  test('a caller-supplied Idempotency-Key is sent as given on every attempt', async () => {
    const h = harness({ random: () => 0 });
    reply(h, 'POST', `/monitors/${MONITOR_ID}/activate`, 500, err('internal', 'boom'));
    reply(h, 'POST', `/monitors/${MONITOR_ID}/activate`, 200, { data: monitor() });
    await h.client.activateMonitor(MONITOR_ID, { idempotencyKey: 'apply-42-activate' });
    expect(h.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'apply-42-activate',
      'apply-42-activate',
    ]);
  });

  test('two logical writes get two different keys', async () => {
    const h = harness();
    reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 200, { data: monitor() });
    reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 200, { data: monitor() });
    await h.client.pauseMonitor(MONITOR_ID);
    await h.client.pauseMonitor(MONITOR_ID);
    const [a, b] = h.requests.map((r) => r.headers['idempotency-key']);
    expect(a).not.toBe(b);
  });

  test.each(['short', 'x'.repeat(129), 'has space in it', 'ümlaut-key-1'])(
    'an invalid Idempotency-Key %p is refused before any request',
    async (key) => {
      const h = harness();
      await expect(h.client.pauseMonitor(MONITOR_ID, { idempotencyKey: key })).rejects.toThrow(
        /idempotencyKey must have 8 to 128/,
      );
      expect(h.requests).toHaveLength(0);
    },
  );

  test('a timed-out read is retried and does not claim an unknown outcome', async () => {
    const h = harness({ random: () => 0, readTimeoutMs: 30, retry: { maxAttempts: 2 } });
    for (let i = 0; i < 2; i++)
      h.pool.intercept({ path: '/v1/usage', method: 'GET' }).reply(200, { data: usage() }).delay(300);
    const e = (await h.client.getUsage().catch((x: unknown) => x)) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.outcomeUnknown).toBe(false);
    expect(e.retryable).toBe(true);
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(2);
  });

  test('a timed-out write that never succeeds ends with outcomeUnknown', async () => {
    const h = harness({
      random: () => 0,
      writeTimeoutMs: 30,
      retry: { maxAttempts: 2, inDoubtMaxWaitMs: 0 },
    });
    for (let i = 0; i < 2; i++)
      h.pool
        .intercept({ path: `/v1/monitors/${MONITOR_ID}`, method: 'PATCH' })
        .reply(200, { data: monitor() })
        .delay(300);
    const e = (await h.client
      .updateMonitor(MONITOR_ID, { name: 'x' }, { ifMatch: 'v1' })
      .catch((x: unknown) => x)) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.outcomeUnknown).toBe(true);
    expect(e.message).toMatch(
      /PATCH \/monitors\/\{monitorId\} failed: timed out — the write may have happened/,
    );
  });

  test('a per-call timeoutMs overrides the default deadline', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    h.pool.intercept({ path: '/v1/usage', method: 'GET' }).reply(200, { data: usage() }).delay(200);
    await expect(h.client.getUsage({ timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  test('a caller abort stops the call without retrying', async () => {
    const h = harness({ random: () => 0 });
    h.pool.intercept({ path: '/v1/usage', method: 'GET' }).reply(200, { data: usage() }).delay(500);
    const ctl = new AbortController();
    const p = h.client.getUsage({ signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error('stop')), 10);
    await expect(p).rejects.toThrow('stop');
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(1);
  });
});

describe('If-Match and ETag', () => {
  test('read → update → archive: each write sends the version the previous answer gave', async () => {
    const h = harness();
    reply(
      h,
      'GET',
      `/monitors/${MONITOR_ID}`,
      200,
      { data: monitor({ version: 'v1-aaaa' }) },
      { etag: '"v1-aaaa"' },
    );
    reply(
      h,
      'PATCH',
      `/monitors/${MONITOR_ID}`,
      200,
      { data: monitor({ version: 'v2-bbbb' }) },
      { etag: '"v2-bbbb"' },
    );
    reply(
      h,
      'POST',
      `/monitors/${MONITOR_ID}/archive`,
      200,
      { data: monitor({ version: 'v3-cccc', archived: true, status: 'archived' }) },
      { etag: '"v3-cccc"' },
    );
    const read = await h.client.getMonitor(MONITOR_ID);
    const updated = await h.client.updateMonitor(
      MONITOR_ID,
      { intervalSeconds: 60 },
      { ifMatch: read.etag! },
    );
    const archived = await h.client.archiveMonitor(MONITOR_ID, { ifMatch: updated.etag! });
    expect(h.requests.map((r) => r.headers['if-match'])).toEqual([undefined, '"v1-aaaa"', '"v2-bbbb"']);
    expect(archived.etag).toBe('v3-cccc');
    expect(archived.data.status).toBe('archived');
  });

  test('without an ETag header the version comes from the record', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}/alert-settings`, 200, { data: alertSettings('v5-eeee') });
    expect((await h.client.getAlertSettings(MONITOR_ID)).etag).toBe('v5-eeee');
  });

  test('a stale version: 412 PreconditionFailedError naming the version, not retried', async () => {
    const h = harness();
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}/status-page`, 412, {
      error: { code: 'precondition_failed', message: 'If-Match does not match the current version' },
    });
    const e = (await h.client
      .updateStatusPage(MONITOR_ID, { title: 'x' }, { ifMatch: 'v1-old' })
      .catch((x: unknown) => x)) as PreconditionFailedError;
    expect(e).toBeInstanceOf(PreconditionFailedError);
    expect(e.retryable).toBe(false);
    expect(e.message).toBe(
      'PATCH /monitors/{monitorId}/status-page failed: 412 precondition failed — If-Match does not match the current version (If-Match named version v1-old) [request id req_1]',
    );
    expect(h.requests).toHaveLength(1);
  });

  test('412 without a service message says what to do', async () => {
    const h = harness();
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}`, 412, '');
    const e = (await h.client
      .updateMonitor(MONITOR_ID, { name: 'x' }, { ifMatch: '"v1-old"' })
      .catch((x: unknown) => x)) as PreconditionFailedError;
    expect(e.message).toBe(
      'PATCH /monitors/{monitorId} failed: 412 precondition failed — the record changed since version v1-old was read; fetch it again before deciding to retry [request id req_1]',
    );
  });

  test('428 from the service is a PreconditionRequiredError', async () => {
    const h = harness();
    reply(
      h,
      'POST',
      `/monitors/${MONITOR_ID}/reactivate`,
      428,
      err('precondition_required', 'needs If-Match'),
    );
    const e = await h.client
      .reactivateMonitor(MONITOR_ID, undefined, { ifMatch: 'v1' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PreconditionRequiredError);
    expect(h.requests[0]!.body ?? null).toBeNull();
  });

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
      data: monitor({ archived: true, status: 'archived', version: null }),
    });
    const r = await h.client.archiveMonitor(MONITOR_ID, { ifMatch: 'v2' });
    expect(r.data.status).toBe('archived');
    // The read names no version: the write's ETag is the record's.
    expect([r.etag, r.data.version]).toEqual(['v3-dddd', 'v3-dddd']);
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

describe('error mapping by operation', () => {
  test('410 on a download: GoneError telling to create a new export', async () => {
    const h = harness();
    const id = `exp_${'b'.repeat(32)}`;
    reply(h, 'GET', `/exports/${id}/download`, 410, '');
    const e = (await h.client.getExportDownload(id).catch((x: unknown) => x)) as GoneError;
    expect(e).toBeInstanceOf(GoneError);
    expect(e.path).toBe(`/exports/${id}/download`);
    expect(e.message).toContain('create a new export');
  });

  test('409 export_not_ready on a download', async () => {
    const h = harness();
    const id = `exp_${'c'.repeat(32)}`;
    reply(
      h,
      'GET',
      `/exports/${id}/download`,
      409,
      err('export_not_ready', 'the export is still processing'),
    );
    const e = (await h.client.getExportDownload(id).catch((x: unknown) => x)) as ConflictError;
    expect(e.reason).toBe('export_not_ready');
    expect(e.retryable).toBe(false);
  });

  test('409 idempotency_conflict on pause; unknown codes keep the status meaning', async () => {
    const h = harness();
    reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 409, err('idempotency_conflict', 'key reused'));
    reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 409, err('something_new', 'hm'));
    const a = (await h.client.pauseMonitor(MONITOR_ID).catch((x: unknown) => x)) as ConflictError;
    const b = (await h.client.pauseMonitor(MONITOR_ID).catch((x: unknown) => x)) as ConflictError;
    expect([a.reason, b.reason]).toEqual(['idempotency_conflict', 'unknown']);
    expect(b.code).toBe('something_new');
  });

  test('duplicate monitor id found in the message when the field is missing', async () => {
    const h = harness();
    reply(
      h,
      'POST',
      '/monitors',
      409,
      err('duplicate_monitor', `monitor ${MONITOR_ID} already checks this URL`),
    );
    const e = (await h.client
      .createMonitor({ url: 'https://example.com' })
      .catch((x: unknown) => x)) as ConflictError;
    expect(e.existingMonitorId).toBe(MONITOR_ID);
  });

  test('429 answers do not spend the attempts: with one attempt allowed, two 429s and then the answer', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    for (let i = 0; i < 2; i++)
      reply(h, 'GET', '/alerts', 429, err('rate_limited', 'slow down'), { 'retry-after': '3' });
    reply(h, 'GET', '/alerts', 200, { data: [], pagination: { nextCursor: null, limit: 25 } });
    const r = await h.client.listAlerts();
    expect(r.status).toBe(200);
    expect(h.requests).toHaveLength(3);
    expect(h.sleeps).toEqual([3000, 3000]);
    expect(h.logs.filter((l) => l.event === 'retry').map((l) => l.reason)).toEqual([
      'rate limited',
      'rate limited',
    ]);
  });

  test('another error body shape is tolerated: code and message still read', async () => {
    const h = harness();
    reply(h, 'GET', `/alerts/alt_9`, 404, { code: 'not_found', message: 'alert alt_9 not found' });
    const e = (await h.client.getAlert('alt_9').catch((x: unknown) => x)) as NotFoundError;
    expect(e.code).toBe('not_found');
    expect(e.message).toBe(
      'GET /alerts/{alertId} failed: 404 not found — alert alt_9 not found [request id req_1]',
    );
  });

  test('an error with an empty body still says what to do', async () => {
    const h = harness();
    reply(h, 'GET', '/capabilities', 401, '');
    const e = (await h.client.getCapabilities().catch((x: unknown) => x)) as UnauthorizedError;
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect(e.message).toBe(
      'GET /capabilities failed: 401 unauthorized — the API token is missing, invalid or expired; check the token [request id req_1]',
    );
  });

  test('errors serialize with their fields (no stack)', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 409, err('plan_capacity', 'plan full'));
    const e = await h.client.createMonitor({ url: 'https://example.com' }).catch((x: unknown) => x);
    const json = JSON.parse(JSON.stringify(e));
    expect(json).toMatchObject({
      name: 'ConflictError',
      status: 409,
      method: 'POST',
      path: '/monitors',
      reason: 'plan_capacity',
      retryable: false,
      requestId: 'req_1',
    });
    expect(json.stack).toBeUndefined();
  });

  test('a huge error body is truncated', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    reply(h, 'GET', '/usage', 500, 'x'.repeat(50_000), { 'content-type': 'text/plain' });
    const e = (await h.client.getUsage().catch((x: unknown) => x)) as ServerError;
    expect(typeof e.body).toBe('string');
    expect((e.body as string).length).toBeLessThan(2100);
    expect(e.message.length).toBeLessThan(300);
  });

  test('an answer beyond maxResponseBytes is not read whole: UnexpectedResponseError, not retried', async () => {
    const h = harness({ maxResponseBytes: 4096 });
    reply(h, 'GET', '/usage', 200, { data: usage(), pad: 'x'.repeat(10_000) });
    reply(h, 'GET', '/usage', 200, { data: usage() });
    const e = await h.client.getUsage().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UnexpectedResponseError);
    expect((e as Error).message).toBe(
      'GET /usage: the service answered 200 with more than 4096 bytes, more than any answer of the API; not read',
    );
    expect(h.requests).toHaveLength(1);
    expect((await h.client.getUsage()).status).toBe(200);
  });
});

describe('pagination', () => {
  test('page size is checked against the model (1 to 100) before any request', async () => {
    const h = harness();
    await expect(h.client.listMonitors({ limit: 101 })).rejects.toThrow(/from 1 to 100/);
    await expect(h.client.listIncidents({ limit: 0 })).rejects.toThrow(/from 1 to 100/);
    expect(h.requests).toHaveLength(0);
  });

  test('collect gathers a monitor-scoped list to the end (or up to a maximum)', async () => {
    const h = harness();
    const incident = (id: string) => ({
      id,
      monitorId: MONITOR_ID,
      startedAt: '2026-01-01T00:00:00Z',
      status: 'resolved',
      type: 'availability',
    });
    reply(h, 'GET', `/monitors/${MONITOR_ID}/incidents`, 200, {
      data: [incident('i1'), incident('i2')],
      pagination: { limit: 100, nextCursor: 'n1' },
    });
    reply(h, 'GET', `/monitors/${MONITOR_ID}/incidents`, 200, {
      data: [incident('i3')],
      pagination: { limit: 100, nextCursor: null },
    });
    const all = await collect(h.client.paginate.listMonitorIncidents(MONITOR_ID, { limit: 100 }));
    expect(all.map((i) => i.id)).toEqual(['i1', 'i2', 'i3']);
    expect(h.requests.map((r) => r.path)).toEqual([
      `/v1/monitors/${MONITOR_ID}/incidents?limit=100`,
      `/v1/monitors/${MONITOR_ID}/incidents?limit=100&cursor=n1`,
    ]);

    reply(h, 'GET', `/monitors/${MONITOR_ID}/incidents`, 200, {
      data: [incident('i1'), incident('i2')],
      pagination: { limit: 2, nextCursor: 'n1' },
    });
    const two = await collect(h.client.paginate.listMonitorIncidents(MONITOR_ID, { limit: 2 }), 2);
    expect(two).toHaveLength(2);
    expect(h.requests).toHaveLength(3); // stopped without fetching the next page
  });

  test('a list page carries items, nextCursor and limit', async () => {
    const h = harness();
    reply(h, 'GET', '/status-pages', 200, { data: [], pagination: { limit: 10, nextCursor: null } });
    const r = await h.client.listStatusPages({ limit: 10 });
    expect(r.data).toEqual({ items: [], nextCursor: null, limit: 10 });
  });

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
  test.each([
    'http://api.example.com/v1',
    'ftp://127.0.0.1/v1',
    'not a url',
    'http://127.0.0.1.evil.test/v1',
    'http://localhost.evil.test/v1',
    'https://user:pw@api.example.com/v1',
  ])('%s is refused', (url) => {
    expect(() => new UptimeClient({ baseUrl: url, token: 't' })).toThrow(/base URL/);
  });
  test.each([
    'https://api.example.com/v1',
    'http://127.0.0.1:8080/v1',
    'http://localhost:1/v1',
    'http://[::1]:9/v1',
    'http://127.8.9.10/v1',
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

function exportJob() {
  return {
    id: `exp_${'d'.repeat(32)}`,
    monitorId: MONITOR_ID,
    type: 'checks',
    format: 'csv',
    status: 'queued',
    range: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    filters: { status: 'all' },
    createdAt: '2026-01-02T00:00:00Z',
  };
}

function alertSettings(version: string) {
  return {
    monitorId: MONITOR_ID,
    version,
    channels: { email: true, sms: false },
    destinationIds: { email: null, sms: null },
    slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' },
  };
}

function lower(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers && typeof headers === 'object' && !Array.isArray(headers))
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  return out;
}
