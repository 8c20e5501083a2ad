import { IDEMPOTENCY_KEY_LENGTH } from '../../src/api/index.js';
import { Harness, newKey, testSeed } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed());
});
afterAll(() => h.close());

const count = async (as = 'full') => (await h.call('GET', '/monitors?limit=100', { as })).json.data.length;

describe('Idempotency-Key', () => {
  test.each([
    ['missing', undefined, 'required'],
    ['too short', 'k'.repeat(IDEMPOTENCY_KEY_LENGTH.min - 1), 'min_length'],
    ['too long', 'k'.repeat(IDEMPOTENCY_KEY_LENGTH.max + 1), 'max_length'],
  ])('%s key → 400 and nothing runs', async (_n, key, rule) => {
    const before = await count();
    const r = await h.call('POST', '/monitors', {
      body: { url: 'https://ik.test/' },
      ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}),
    });
    expect(r.status).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({ field: 'Idempotency-Key', rule });
    expect(await count()).toBe(before);
  });

  test('the boundary lengths are accepted', async () => {
    for (const [i, len] of [IDEMPOTENCY_KEY_LENGTH.min, IDEMPOTENCY_KEY_LENGTH.max].entries()) {
      const r = await h.call('POST', '/monitors', {
        body: { url: `https://ikb.test/${i}` },
        headers: { 'idempotency-key': 'k'.repeat(len - 1) + i },
      });
      expect(r.status).toBe(201);
    }
  });

  test('every IK operation requires the header', async () => {
    const m = await h.createMonitor();
    for (const [method, path] of [
      ['PATCH', `/monitors/${m.id}`],
      ['PATCH', `/monitors/${m.id}/alert-settings`],
      ['PATCH', `/monitors/${m.id}/status-page`],
      ['POST', `/monitors/${m.id}/pause`],
      ['POST', `/monitors/${m.id}/activate`],
      ['POST', `/monitors/${m.id}/archive`],
      ['POST', `/monitors/${m.id}/reactivate`],
      ['POST', '/exports'],
    ] as const) {
      const r = await h.call(method, path, { ifMatch: '"x"', body: {} });
      expect([path, r.status, r.json.error.details[0].field]).toEqual([path, 400, 'Idempotency-Key']);
    }
  });

  test('same key, method, path and body replays the first response byte for byte without running again', async () => {
    const key = newKey();
    const body = { url: 'https://replay.test/', name: 'Replay', intervalSeconds: 60 };
    const before = await count();
    const first = await h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    // key order does not matter (canonical JSON)
    const again = await h.call('POST', '/monitors', {
      body: { intervalSeconds: 60, name: 'Replay', url: 'https://replay.test/' },
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['x-request-id']).toMatch(/^req_/);
    expect(await count()).toBe(before + 1);
  });

  test('a replay does not re-run a transition even when the state moved on', async () => {
    const m = await h.createMonitor();
    const key = newKey();
    const p = await h.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': key } });
    await h.call('POST', `/monitors/${m.id}/activate`, { ik: true });
    const replay = await h.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': key } });
    expect(replay.text).toBe(p.text);
    expect((await h.call('GET', `/monitors/${m.id}`)).json.data.status).toBe('pending');
  });

  test('an IM write replays instead of answering 412 with the now-stale If-Match', async () => {
    const m = await h.createMonitor();
    const key = newKey();
    const o = { ifMatch: `"${m.version}"`, body: { name: 'once' }, headers: { 'idempotency-key': key } };
    const first = await h.call('PATCH', `/monitors/${m.id}`, o);
    expect(first.status).toBe(200);
    const again = await h.call('PATCH', `/monitors/${m.id}`, o);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
  });

  test('same key with a different body, path or method → 409 idempotency_conflict, nothing runs', async () => {
    const key = newKey();
    await h.call('POST', '/monitors', {
      body: { url: 'https://conflict.test/' },
      headers: { 'idempotency-key': key },
    });
    const before = await count();
    const body = await h.call('POST', '/monitors', {
      body: { url: 'https://conflict.test/other' },
      headers: { 'idempotency-key': key },
    });
    expect(body.status).toBe(409);
    expect(body.json.error.code).toBe('idempotency_conflict');
    const m = await h.createMonitor();
    const path = await h.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': key } });
    expect(path.status).toBe(409);
    expect(path.json.error.code).toBe('idempotency_conflict');
    expect((await h.call('GET', `/monitors/${m.id}`)).json.data.status).toBe('pending');
    expect(await count()).toBe(before + 1);
  });

  test('keys are scoped to the tenant', async () => {
    const key = newKey();
    const a = await h.call('POST', '/monitors', {
      body: { url: 'https://scope.test/' },
      headers: { 'idempotency-key': key },
    });
    const b = await h.call('POST', '/monitors', {
      as: 'beta',
      body: { url: 'https://scope.test/' },
      headers: { 'idempotency-key': key },
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.data.id).not.toBe(a.json.data.id);
  });

  test('validation failures are not stored: the key can be reused with a corrected body', async () => {
    const key = newKey();
    const bad = await h.call('POST', '/monitors', {
      body: { url: 'https://fix.test/', timeoutMs: 1 },
      headers: { 'idempotency-key': key },
    });
    expect(bad.status).toBe(400);
    const good = await h.call('POST', '/monitors', {
      body: { url: 'https://fix.test/' },
      headers: { 'idempotency-key': key },
    });
    expect(good.status).toBe(201);
  });

  test('business conflicts are the answer and replay', async () => {
    const existing = await h.createMonitor({ url: 'https://conf-replay.test/' });
    const key = newKey();
    const r1 = await h.call('POST', '/monitors', {
      body: { url: 'https://conf-replay.test/' },
      headers: { 'idempotency-key': key },
    });
    expect(r1.json.error.existingMonitorId).toBe(existing.id);
    const r2 = await h.call('POST', '/monitors', {
      body: { url: 'https://conf-replay.test/' },
      headers: { 'idempotency-key': key },
    });
    expect(r2.text).toBe(r1.text);
    expect(r2.headers['idempotent-replayed']).toBe('true');
  });

  test('keys are kept 24 h, then forgotten (controllable clock)', async () => {
    const key = newKey();
    const body = { url: 'https://expiry.test/' };
    const first = await h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } });
    await h.advance(23 * 3600);
    const replay = await h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    await h.advance(3600 + 1);
    const after = await h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } });
    // the operation runs again: the monitor exists, so this time it is a duplicate
    expect(after.status).toBe(409);
    expect(after.json.error.code).toBe('duplicate_monitor');
  });

  test('a dropped connection after the write: the retry with the same key gets the original response', async () => {
    const f = await h.admin('POST', '/faults', { route: 'createMonitor', drop: 'after', count: 1 });
    expect(f.status).toBe(201);
    const key = newKey();
    const body = { url: 'https://dropped.test/' };
    await expect(
      h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } }),
    ).rejects.toThrow();
    const retry = await h.call('POST', '/monitors', { body, headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});
