import { ErrorBody } from '../../src/api/index.js';
import { Harness, http, testSeed } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed());
});
afterAll(() => h.close());

function isError(
  r: { status: number; headers: Record<string, string>; json: any },
  status: number,
  code: string,
) {
  expect([r.status, r.json?.error?.code]).toEqual([status, code]);
  ErrorBody.parse(r.json);
  expect(r.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/);
  expect(r.json.error.requestId).toBe(r.headers['x-request-id']);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
}

describe('X-Request-Id and JSON everywhere', () => {
  test('success, errors, unknown routes, unknown methods, malformed JSON, wrong content type, admin', async () => {
    const ok = await http('GET', `${h.svc.baseUrl}/health`);
    expect(ok.json).toEqual({ status: 'ok' });
    expect(ok.headers['x-request-id']).toMatch(/^req_/);
    isError(await http('GET', `${h.svc.baseUrl}/nope`), 404, 'not_found');
    isError(await http('GET', `${h.svc.origin}/`), 404, 'not_found');
    isError(await h.call('DELETE', '/monitors'), 404, 'not_found');
    isError(await h.call('POST', '/monitors', { ik: true, raw: '{nope' }), 400, 'validation_failed');
    isError(
      await h.call('POST', '/monitors', {
        ik: true,
        raw: 'url=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
      'validation_failed',
    );
    isError(await http('GET', `${h.svc.adminUrl}/clock`), 401, 'unauthorized');
    // malformed JSON without a token: authentication is answered first
    isError(
      await http('POST', `${h.svc.baseUrl}/monitors`, {
        raw: '{nope',
        headers: { 'content-type': 'application/json' },
      }),
      401,
      'unauthorized',
    );
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await h.call('GET', '/usage')).headers['x-request-id']!);
    expect(ids.size).toBe(5);
  });
});

describe("every row of the spec's error table", () => {
  let m: any;
  beforeAll(async () => {
    m = await h.createMonitor();
  });

  test('400 invalid request', async () =>
    isError(await h.call('POST', '/monitors', { ik: true, body: { url: 'x' } }), 400, 'validation_failed'));
  test('401 missing or invalid token', async () =>
    isError(await h.call('GET', '/monitors', { token: null }), 401, 'unauthorized'));
  test('403 scope, plan, selection, account state', async () => {
    isError(
      await h.call('POST', '/monitors', { as: 'reader', ik: true, body: { url: 'https://x.test' } }),
      403,
      'forbidden',
    );
  });
  test('404 record absent or not accessible', async () =>
    isError(await h.call('GET', '/monitors/00000000-0000-4000-8000-000000000000'), 404, 'not_found'));
  test('409 duplicate, capacity, idempotency conflict, export not ready, dashboard setup', async () => {
    isError(await h.call('POST', '/monitors', { ik: true, body: { url: m.url } }), 409, 'duplicate_monitor');
    const key = { 'idempotency-key': 'conflict-key-1' };
    await h.call('POST', `/monitors/${m.id}/pause`, { headers: key });
    isError(
      await h.call('POST', `/monitors/${m.id}/activate`, { headers: key }),
      409,
      'idempotency_conflict',
    );
    const e = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    isError(await h.call('GET', `/exports/${e.json.data.id}/download`), 409, 'export_not_ready');
    const p = await h.call('GET', `/monitors/${m.id}/status-page`);
    isError(
      await h.call('PATCH', `/monitors/${m.id}/status-page`, {
        ik: true,
        ifMatch: p.headers.etag,
        body: { enabled: true },
      }),
      409,
      'dashboard_setup_required',
    );
  });
  test('410 export artifact expired', async () => {
    const e = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    await h.admin('PATCH', `/exports/${e.json.data.id}`, { status: 'expired' });
    isError(await h.call('GET', `/exports/${e.json.data.id}/download`), 410, 'gone');
  });
  test('412 stale If-Match and 428 missing If-Match', async () => {
    isError(
      await h.call('PATCH', `/monitors/${m.id}`, { ik: true, ifMatch: '"stale"', body: { name: 'x' } }),
      412,
      'precondition_failed',
    );
    isError(
      await h.call('PATCH', `/monitors/${m.id}`, { ik: true, body: { name: 'x' } }),
      428,
      'precondition_required',
    );
  });
  test('429 rate limited with Retry-After (forced by a fault)', async () => {
    await h.admin('POST', '/faults', { route: 'getMonitor', rateLimit: { retryAfterSeconds: 7 }, count: 1 });
    const r = await h.call('GET', `/monitors/${m.id}`);
    isError(r, 429, 'rate_limited');
    expect(r.headers['retry-after']).toBe('7');
    expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
  });
  test.each([
    [500, 'internal'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
  ])('%i transient failure (fault injection)', async (status, code) => {
    await h.admin('POST', '/faults', { route: 'GET /monitors/{monitorId}', status, count: 1 });
    isError(await h.call('GET', `/monitors/${m.id}`), status, code);
    expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
  });
});
