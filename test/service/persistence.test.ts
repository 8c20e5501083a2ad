// --data-dir on SQLite: a restart answers exactly as before it; a write touches only the records it changed;
// a data directory of earlier versions (state.json) is migrated once. SIGKILL: persistence-kill-e2e.test.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenTable } from '../../src/service/app.js';
import { SqliteState, type ChangeSet } from '../../src/service/persistence/sqlite.js';
import { emptyState } from '../../src/service/store.js';
import { LocalServer } from './engine-helpers.js';
import { Harness, newKey, testSeed } from './helpers.js';

const ADMIN = 'persist-admin-key';

let dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'uptime-persist-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** The state as plain JSON (key order aside, what a restart must give back). */
const snapshot = (h: Harness) => JSON.parse(JSON.stringify(h.svc.store.state));

/** What the data directory's database holds now, read through a second connection, in the state's shape. */
async function onDisk(dir: string): Promise<unknown> {
  const db = await SqliteState.open(dir);
  try {
    const loaded = db.load();
    return JSON.parse(JSON.stringify({ ...emptyState(), ...loaded.collections, checks: loaded.checks }));
  } finally {
    db.close();
  }
}

/** What the API answers about the account, with the origin (a new port after a restart) taken out. */
async function apiView(h: Harness): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async (path: string, as = 'full') => {
    const r = await h.call('GET', path, { as });
    expect([path, r.status]).toEqual([path, 200]);
    return JSON.parse(r.text.split(h.svc.origin).join('ORIGIN')).data;
  };
  const admin = async (path: string) => {
    const r = await h.admin('GET', path);
    expect([path, r.status]).toEqual([path, 200]);
    return JSON.parse(r.text.split(h.svc.origin).join('ORIGIN')).data;
  };
  const monitors = (await get('/monitors?limit=100')) as { id: string }[];
  out.monitors = monitors;
  for (const m of monitors) {
    out[`monitor ${m.id}`] = await get(`/monitors/${m.id}`);
    out[`alerts ${m.id}`] = await get(`/monitors/${m.id}/alert-settings`);
    out[`page ${m.id}`] = await get(`/monitors/${m.id}/status-page`);
    out[`checks ${m.id}`] = await get(`/monitors/${m.id}/checks?limit=100`);
  }
  out.incidents = await get('/incidents?limit=100');
  out.alertLog = await get('/alerts?limit=100');
  out.destinations = await get('/alert-destinations');
  out.beta = await get('/monitors?limit=100', 'beta');
  out.tenants = await admin('/tenants');
  out.tokens = await admin('/tenants/acme/tokens');
  out.endpoints = await admin('/tenants/acme/webhook-endpoints');
  for (const w of out.endpoints as { id: string }[])
    out[`deliveries ${w.id}`] = await admin(`/webhook-endpoints/${w.id}/deliveries`);
  out.domainExpiry = await admin('/domain-expiry');
  return out;
}

describe('a restart on the same --data-dir', () => {
  test('after a mixed workload the state and the API answers are the same as before the restart', async () => {
    const dir = tempDir();
    const receiver = await LocalServer.start();
    const target = await LocalServer.start();
    try {
      await workloadAndRestart(dir, receiver, target);
    } finally {
      await receiver.close();
      await target.close();
    }
  }, 60_000);

  async function workloadAndRestart(dir: string, receiver: LocalServer, target: LocalServer) {
    // No scheduled checks (they would probe the .test hosts); forced run-now checks only.
    const a = await Harness.start(testSeed(), { dataDir: dir, adminKey: ADMIN, checks: false });
    let exportId: string;
    const replays: { path: string; key: string; body: unknown; text: string }[] = [];
    try {
      expect(
        (await a.admin('POST', '/clock', { frozen: true, set: '2030-05-01T00:00:00.000Z' })).status,
      ).toBe(200);
      // admin: tenant, plan change, tokens (create, patch, delete), destinations, webhook endpoints, domain expiry
      expect((await a.admin('POST', '/tenants', { id: 'gamma', plan: { preset: 'free' } })).status).toBe(201);
      expect((await a.admin('PATCH', '/tenants/gamma', { name: 'Gamma Ltd' })).status).toBe(200);
      const tok = await a.admin('POST', '/tenants/acme/tokens', { name: 'ci', scopes: ['monitors:read'] });
      expect((await a.admin('PATCH', `/tokens/${tok.json.data.id}`, { perMinuteLimit: 77 })).status).toBe(
        200,
      );
      const gone = await a.admin('POST', '/tenants/acme/tokens', { name: 'temp' });
      expect((await a.admin('DELETE', `/tokens/${gone.json.data.id}`)).status).toBe(204);
      const dest = await a.admin('POST', '/tenants/acme/destinations', {
        channel: 'email',
        value: 'bounce@acme.test',
      });
      expect(
        (await a.admin('PATCH', `/destinations/${dest.json.data.id}`, { simulate: 'bounced' })).status,
      ).toBe(200);
      const hook = await a.admin('POST', '/tenants/acme/webhook-endpoints', {
        url: `${receiver.url}/in`,
        events: ['monitor.down', 'monitor.up', 'incident.opened', 'incident.resolved', 'monitor.archived'],
      });
      expect(hook.status).toBe(201);
      const dropped = await a.admin('POST', '/tenants/acme/webhook-endpoints', {
        url: `${receiver.url}/old`,
        events: ['test'],
      });
      expect((await a.admin('DELETE', `/webhook-endpoints/${dropped.json.data.id}`)).status).toBe(204);
      expect(
        (await a.admin('PUT', '/domain-expiry/acme.test', { expiresAt: '2030-06-01T00:00:00.000Z' })).status,
      ).toBe(200);

      // monitors: creates (one retried with its key, one duplicate refused and replayed), update, pause, archive
      const created: any[] = [];
      for (let i = 0; i < 6; i++) {
        const key = newKey();
        const body = {
          url: i === 0 ? `${target.url}/up` : `https://m${i}.acme.test/health`,
          name: `m${i}`,
          requestHeaders: [{ name: 'X-Key', value: `secret-${i}` }],
          ...(i === 1 ? { authConfig: { type: 'basic', username: 'u', password: 'p' } } : {}),
        };
        const r = await a.call('POST', '/monitors', { headers: { 'idempotency-key': key }, body });
        expect(r.status).toBe(201);
        created.push(r.json.data);
        replays.push({ path: '/monitors', key, body, text: r.text });
      }
      const dupKey = newKey();
      const dupBody = { url: 'https://m2.acme.test/health' };
      const dup = await a.call('POST', '/monitors', {
        headers: { 'idempotency-key': dupKey },
        body: dupBody,
      });
      expect(dup.json.error.code).toBe('duplicate_monitor');
      replays.push({ path: '/monitors', key: dupKey, body: dupBody, text: dup.text });
      const [m0, m1, m2, m3, m4] = created;
      const upd = await a.call('PATCH', `/monitors/${m1.id}`, {
        ik: true,
        ifMatch: `"${m1.version}"`,
        body: { name: 'renamed', intervalSeconds: 300, url: 'https://renamed.acme.test/' },
      });
      expect(upd.status).toBe(200);
      expect((await a.call('POST', `/monitors/${m2.id}/pause`, { ik: true })).status).toBe(200);
      const arch = await a.call('POST', `/monitors/${m3.id}/archive`, {
        ik: true,
        ifMatch: `"${m3.version}"`,
      });
      expect(arch.status).toBe(200);
      // alert settings and status page
      const s = await a.call('GET', `/monitors/${m0.id}/alert-settings`);
      const as = await a.call('PATCH', `/monitors/${m0.id}/alert-settings`, {
        ik: true,
        ifMatch: s.headers.etag,
        body: { destinationIds: { email: dest.json.data.id }, channels: { sms: true } },
      });
      expect(as.status).toBe(200);
      expect(
        (await a.admin('POST', `/monitors/${m4.id}/status-page/setup`, { slug: 'm4-page' })).status,
      ).toBe(200);
      const p = await a.call('GET', `/monitors/${m4.id}/status-page`);
      const pu = await a.call('PATCH', `/monitors/${m4.id}/status-page`, {
        ik: true,
        ifMatch: p.headers.etag,
        body: { enabled: true, title: 'M4 status' },
      });
      expect(pu.status).toBe(200);

      // engine: checks, an incident opened and resolved, alerts through the simulated provider, webhooks, export.
      // After each step and the periodic flush, the database holds exactly the state in memory.
      const step = async (p: Promise<{ status: number }>) => {
        expect((await p).status).toBe(200);
        a.svc.store.flush();
        expect(await onDisk(dir)).toEqual(snapshot(a));
      };
      const force = (status: 'up' | 'down') =>
        step(a.admin('POST', `/monitors/${m0.id}/force`, { status, runNow: true }));
      const tickAfter = async (seconds: number) => {
        await a.advance(seconds);
        await step(a.admin('POST', '/engine/tick'));
      };
      await force('up');
      await force('down');
      await tickAfter(30);
      await force('down');
      await tickAfter(30);
      await force('up');
      await tickAfter(10);
      const ex = await a.call('POST', '/exports', { ik: true, body: { monitorId: m0.id } });
      expect(ex.status).toBe(202);
      exportId = ex.json.data.id;
      expect((await onDisk(dir)) as any).toMatchObject({ exports: { [exportId]: { status: 'queued' } } });
      await tickAfter(0);
      await tickAfter(10);
      await tickAfter(10);

      // what the workload must have produced, so the comparison below is about something
      const st = a.svc.store.state;
      expect(Object.keys(st.incidents).length).toBeGreaterThan(0);
      expect(Object.values(st.alerts).some((x) => x.deliveryStatus === 'bounced')).toBe(true);
      expect(st.destinations[dest.json.data.id]!.suppressedAt).toBeTruthy();
      expect(Object.keys(st.webhookDeliveries).length).toBeGreaterThan(0);
      expect(st.checks[m0.id]!.length).toBe(4);
      expect(st.exports[exportId]!.status).toBe('ready');
      expect(receiver.seen.length).toBeGreaterThan(0);
    } catch (err) {
      await a.close();
      throw err;
    }
    const apiBefore = await apiView(a);
    await a.close();
    const stateBefore = snapshot(a);

    const b = await Harness.start(undefined, { dataDir: dir, adminKey: ADMIN });
    let added: string;
    try {
      expect(snapshot(b)).toEqual(stateBefore); // before any call on b moves a usage counter
      expect(b.svc.tokens).toEqual(tokenTable(a.svc.store));
      expect(b.svc.tokens.ci).toBeDefined();
      expect(await apiView(b)).toEqual(apiBefore);
      const e = await b.call('GET', `/exports/${exportId!}`);
      expect(e.json.data.status).toBe('ready');
      // idempotent retries replay the same answers after the restart (also the refused duplicate)
      for (const r of replays) {
        const again = await b.call('POST', r.path, { headers: { 'idempotency-key': r.key }, body: r.body });
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.text.split(b.svc.origin).join('')).toBe(r.text.split(a.svc.origin).join(''));
      }
      added = (await b.createMonitor({ name: 'after the restart' })).id;
    } finally {
      await b.close();
    }
    // a third start sees what the second one wrote
    const c = await Harness.start(undefined, { dataDir: dir, adminKey: ADMIN });
    try {
      expect(Object.keys(c.svc.store.state.monitors)).toHaveLength(
        Object.keys(stateBefore.monitors).length + 1,
      );
      expect(c.svc.store.monitor(added!)?.name).toBe('after the restart');
    } finally {
      await c.close();
    }
  }

  test('a write stores only the records it changed, in one transaction with its idempotency key', async () => {
    const dir = tempDir();
    const h = await Harness.start(testSeed({ capacity: 1000 }), { dataDir: dir, adminKey: ADMIN });
    const writes: ChangeSet[] = [];
    const realWrite = SqliteState.prototype.write;
    const spy = jest.spyOn(SqliteState.prototype, 'write').mockImplementation(function (
      this: SqliteState,
      c,
    ) {
      writes.push(c);
      realWrite.call(this, c);
    });
    try {
      for (let i = 0; i < 40; i++) await h.createMonitor();
      writes.length = 0;
      const m = await h.createMonitor();
      expect(writes).toHaveLength(1);
      const kinds = writes[0]!.records.map((r) => r.collection).sort();
      // the monitor, its idempotency key, and the account's request counter: not the 42 other monitors
      expect(kinds).toEqual(['idempotency', 'monitors', 'usage']);
      expect(writes[0]!.records.find((r) => r.collection === 'monitors')!.id).toBe(m.id);

      writes.length = 0;
      const r = await h.call('PATCH', `/monitors/${m.id}`, {
        ik: true,
        ifMatch: `"${m.version}"`,
        body: { name: 'x' },
      });
      expect(r.status).toBe(200);
      expect(writes).toHaveLength(1);
      expect(writes[0]!.records.filter((x) => x.collection === 'monitors').map((x) => x.id)).toEqual([m.id]);

      // a read writes nothing; the periodic flush then writes the request counter alone
      writes.length = 0;
      expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
      expect(writes).toHaveLength(0);
      h.svc.store.flush();
      expect(writes.map((w) => w.records.map((x) => x.collection))).toEqual([['usage']]);
    } finally {
      spy.mockRestore();
      await h.close();
    }
  });
});

describe('a data directory of earlier versions (state.json)', () => {
  test('is imported on first start, renamed to state.json.migrated, and not imported again', async () => {
    // The earlier format: JSON.stringify(state), written whole at every write.
    const mem = await Harness.start(testSeed(), { adminKey: ADMIN });
    let legacy: string;
    let monitorId: string;
    try {
      const m = await mem.createMonitor({ name: 'from state.json' });
      monitorId = m.id;
      await mem.admin('POST', `/monitors/${m.id}/force`, { status: 'down', runNow: true });
      await mem.call('POST', `/monitors/${m.id}/pause`, { headers: { 'idempotency-key': 'legacy-key-1' } });
      legacy = JSON.stringify(mem.svc.store.state);
    } finally {
      await mem.close();
    }
    const dir = tempDir();
    writeFileSync(join(dir, 'state.json'), legacy);

    const a = await Harness.start(undefined, { dataDir: dir, adminKey: ADMIN });
    try {
      expect(snapshot(a)).toEqual(JSON.parse(legacy));
      expect(existsSync(join(dir, 'state.json'))).toBe(false);
      expect(readFileSync(join(dir, 'state.json.migrated'), 'utf8')).toBe(legacy);
      // token values and monitor secrets: owner-only, as state.json was
      for (const f of ['state.db', 'state.db-wal'])
        expect([f, statSync(join(dir, f)).mode & 0o777]).toEqual([f, 0o600]);
      const got = await a.call('GET', `/monitors/${monitorId}`);
      expect(got.json.data).toMatchObject({ name: 'from state.json', status: 'paused' });
      const replay = await a.call('POST', `/monitors/${monitorId}/pause`, {
        headers: { 'idempotency-key': 'legacy-key-1' },
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await a.call('GET', `/monitors/${monitorId}/checks`)).json.data).toHaveLength(1);
      await a.call('PATCH', `/monitors/${monitorId}`, {
        ik: true,
        ifMatch: got.headers.etag,
        body: { name: 'changed after the migration' },
      });
    } finally {
      await a.close();
    }
    // A state.json left beside a database that has state (a crash between the import and the rename) is only renamed.
    writeFileSync(join(dir, 'state.json'), legacy);
    const b = await Harness.start(undefined, { dataDir: dir, adminKey: ADMIN });
    try {
      expect((await b.call('GET', `/monitors/${monitorId}`)).json.data.name).toBe(
        'changed after the migration',
      );
      expect(existsSync(join(dir, 'state.json'))).toBe(false);
    } finally {
      await b.close();
    }
  });

  test('a damaged state.json is a clear error naming the file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'state.json'), '{"schema":1,"tenants":');
    await expect(Harness.start(undefined, { dataDir: dir })).rejects.toThrow(
      new RegExp(`cannot migrate ${join(dir, 'state.json')}: it is not valid JSON`),
    );
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
  });
});
