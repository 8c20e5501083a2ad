import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { Harness, http, testSeed } from './helpers.js';

describe('fault injection', () => {
  let h: Harness;
  let m: any;
  beforeAll(async () => {
    h = await Harness.start(testSeed());
    m = await h.createMonitor();
  });
  afterAll(() => h.close());
  afterEach(() => h.admin('DELETE', '/faults'));

  test('latency', async () => {
    await h.admin('POST', '/faults', { route: 'getMonitor', latencyMs: 150, count: 1 });
    const t0 = Date.now();
    expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  test('dropped connection before the operation runs', async () => {
    await h.admin('POST', '/faults', { route: 'pauseMonitor', drop: 'before', count: 1 });
    await expect(h.call('POST', `/monitors/${m.id}/pause`, { ik: true })).rejects.toThrow();
    expect((await h.call('GET', `/monitors/${m.id}`)).json.data.status).toBe('pending');
  });

  test('count limits firings; rate 0 never fires; list and delete', async () => {
    const f = await h.admin('POST', '/faults', { route: 'listMonitors', status: 503, count: 2 });
    expect(f.json.data).toMatchObject({ route: 'listMonitors', status: 503, remaining: 2 });
    expect((await h.call('GET', '/monitors')).status).toBe(503);
    expect((await h.call('GET', '/monitors')).status).toBe(503);
    expect((await h.call('GET', '/monitors')).status).toBe(200);
    await h.admin('POST', '/faults', { route: '*', status: 500, rate: 0 });
    expect((await h.call('GET', '/monitors')).status).toBe(200);
    const list = await h.admin('GET', '/faults');
    expect(list.json.data).toHaveLength(1);
    expect((await h.admin('DELETE', `/faults/${list.json.data[0].id}`)).status).toBe(204);
    expect((await h.admin('GET', '/faults')).json.data).toHaveLength(0);
  });

  test('a validation fault: 400 with the given details, the operation not run (a stricter service)', async () => {
    const detail = {
      field: 'name',
      rule: 'max_length',
      message: 'name must have at most 40 characters',
      allowed: [],
    };
    await h.admin('POST', '/faults', { route: 'updateMonitor', validation: [detail], count: 1 });
    const cur = await h.call('GET', `/monitors/${m.id}`);
    const r = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: cur.headers.etag!,
      body: { name: 'x' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'validation_failed', details: [detail] });
    expect((await h.call('GET', `/monitors/${m.id}`)).headers.etag).toBe(cur.headers.etag);
  });

  test('admin bodies are validated', async () => {
    const r = await h.admin('POST', '/faults', { route: 'x', status: 200 });
    expect(r.status).toBe(400);
    expect((await h.admin('POST', '/faults', { route: 'x', bogus: 1 })).status).toBe(400);
  });
});

describe('admin API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start(testSeed());
  });
  afterAll(() => h.close());

  test('needs the admin key', async () => {
    expect((await http('GET', `${h.svc.adminUrl}/tenants`, { token: h.token('full') })).status).toBe(401);
    expect(
      (await http('GET', `${h.svc.adminUrl}/tenants`, { headers: { 'x-admin-key': h.svc.adminKey } })).status,
    ).toBe(200);
  });

  test('tenants, plan changes and tokens', async () => {
    const t = await h.admin('POST', '/tenants', {
      id: 'gamma',
      plan: { preset: 'free', monitorCapacity: 1 },
    });
    expect(t.status).toBe(201);
    const tok = await h.admin('POST', '/tenants/gamma/tokens', {
      name: 'g',
      scopes: ['monitors:read', 'monitors:create'],
    });
    expect(tok.json.data.value).toMatch(/^upt_[0-9a-f]{40}$/);
    const token = tok.json.data.value;
    const c1 = await h.call('POST', '/monitors', { token, ik: true, body: { url: 'https://g.test/1' } });
    expect(c1.status).toBe(201);
    expect(
      (await h.call('POST', '/monitors', { token, ik: true, body: { url: 'https://g.test/2' } })).status,
    ).toBe(409);
    await h.admin('PATCH', '/tenants/gamma', { plan: { monitorCapacity: 5, pro: true, name: 'pro' } });
    expect(
      (await h.call('POST', '/monitors', { token, ik: true, body: { url: 'https://g.test/2' } })).status,
    ).toBe(201);
    const caps = await h.call('GET', '/capabilities', { token });
    expect(caps.json.data.plan).toMatchObject({
      name: 'pro',
      pro: true,
      monitorCapacity: 5,
      minIntervalSeconds: 300,
    });
    // restricted token to a selection
    const sel = await h.admin('POST', '/tenants/gamma/tokens', {
      name: 'sel',
      scopes: ['monitors:read'],
      monitors: [c1.json.data.id],
    });
    expect((await h.call('GET', '/monitors', { token: sel.json.data.value })).json.data).toHaveLength(1);
    expect(
      (
        await h.admin('POST', '/tenants/gamma/tokens', {
          name: 'x',
          monitors: ['00000000-0000-4000-8000-000000000000'],
        })
      ).status,
    ).toBe(400);
  });

  test('webhook endpoints: the secret is shown once', async () => {
    const w = await h.admin('POST', '/tenants/acme/webhook-endpoints', {
      url: 'https://hooks.test/x',
      events: ['monitor.down'],
    });
    expect(w.status).toBe(201);
    expect(w.json.data.secret).toMatch(/^whsec_/);
    const list = await h.admin('GET', '/tenants/acme/webhook-endpoints');
    expect(list.text).not.toContain(w.json.data.secret);
    const rot = await h.admin('POST', `/webhook-endpoints/${w.json.data.id}/rotate-secret`);
    expect(rot.json.data.secret).not.toBe(w.json.data.secret);
  });

  test('clock: freeze, set, advance', async () => {
    const r = await h.admin('POST', '/clock', { frozen: true, set: '2030-01-01T00:00:00.000Z' });
    expect(r.json.data).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    const a = await h.admin('POST', '/clock', { advanceSeconds: 90 });
    expect(a.json.data.now).toBe('2030-01-01T00:01:30.000Z');
    const m = await h.createMonitor();
    expect(m.createdAt).toBe('2030-01-01T00:01:30.000Z');
  });
});

describe('--data-dir persistence', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uptime-svc-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('acknowledged writes survive a restart (tokens, monitors, versions, idempotency keys, admin changes)', async () => {
    const a = await Harness.start(testSeed(), { dataDir: dir, adminKey: 'admin-key-0123456789' });
    const m = await a.createMonitor({
      url: 'https://persist.test/',
      authConfig: { type: 'basic', username: 'u', password: 'pw' },
    });
    const key = 'persisted-key-1';
    const p = await a.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': key } });
    await a.admin('POST', '/tenants/acme/destinations', { channel: 'email', value: 'later@acme.test' });
    const tokens = a.svc.tokens;
    // the record is committed to the data directory's database before the answer (another connection sees it)
    const db = new Database(join(dir, 'state.db'));
    const row = db
      .prepare("SELECT json FROM records WHERE collection = 'monitors' AND id = ?")
      .raw()
      .get(m.id) as [string];
    db.close();
    expect(JSON.parse(row[0]).status).toBe('paused');
    // simulate a crash: no close(), no flush
    await a.svc.app.close();

    const b = await Harness.start(undefined, { dataDir: dir, adminKey: 'admin-key-0123456789' });
    try {
      expect(b.svc.tokens).toEqual(tokens);
      const got = await b.call('GET', `/monitors/${m.id}`);
      expect(got.json.data).toMatchObject({
        status: 'paused',
        version: p.json.data.version,
        authConfig: { passwordSet: true },
      });
      const replay = await b.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': key } });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.text).toBe(p.text);
      expect((await b.call('GET', '/alert-destinations')).json.data.map((d: any) => d.value)).toContain(
        'later@acme.test',
      );
      const list = await b.call('GET', '/monitors?limit=100');
      expect(list.json.data.map((x: any) => x.id)).toContain(m.id);
    } finally {
      await b.close();
    }
  });
});
