import { ENDPOINTS } from '../../src/api/index.js';
import { Harness, http, testSeed } from './helpers.js';

let h: Harness;
let seeded: string;
let other: string;
let betaMonitor: string;

beforeAll(async () => {
  h = await Harness.start(testSeed());
  const list = await h.call('GET', '/monitors');
  seeded = list.json.data.find((m: any) => m.name === 'Seeded').id;
  other = list.json.data.find((m: any) => m.name === 'Other').id;
  betaMonitor = (await h.call('GET', '/monitors', { as: 'beta' })).json.data[0].id;
});
afterAll(() => h.close());

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string, id: string) =>
  path
    .replace('{monitorId}', id)
    .replace('{incidentId}', 'inc_x')
    .replace('{alertId}', 'alt_x')
    .replace('{exportId}', `exp_${'0'.repeat(32)}`);

describe('authentication (401)', () => {
  test.each([
    ['missing', undefined],
    ['not bearer', 'Basic abc'],
    ['unknown', 'Bearer upt_0000000000000000000000000000000000000000'],
    ['malformed', 'Bearer nope'],
  ])('%s token → 401 with the error body and X-Request-Id', async (_n, auth) => {
    const r = await http(
      'GET',
      `${h.svc.baseUrl}/monitors`,
      auth ? { headers: { authorization: auth } } : {},
    );
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('unauthorized');
    expect(r.headers['x-request-id']).toMatch(/^req_/);
    expect(r.json.error.requestId).toBe(r.headers['x-request-id']);
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
  });

  test('every operation except GET /health needs a token', async () => {
    for (const row of ENDPOINTS) {
      const r = await http(row.method, `${h.svc.baseUrl}${concrete(row.path, seeded)}`);
      expect([row.operation, r.status]).toEqual([row.operation, row.scopes === 'none' ? 200 : 401]);
    }
  });

  test('expired and revoked tokens → 401', async () => {
    const exp = new Date(h.svc.clock.now() + 60_000).toISOString();
    const t = await h.admin('POST', '/tenants/acme/tokens', { name: 'short', expiresAt: exp });
    expect(t.status).toBe(201);
    expect((await h.call('GET', '/usage', { token: t.json.data.value })).status).toBe(200);
    await h.advance(61);
    const r = await h.call('GET', '/usage', { token: t.json.data.value });
    expect(r.status).toBe(401);
    expect(r.json.error.message).toMatch(/expired/);
    await h.advance(-61);

    const t2 = await h.admin('POST', '/tenants/acme/tokens', { name: 'revokable' });
    await h.admin('PATCH', `/tokens/${t2.json.data.id}`, { revoked: true });
    expect((await h.call('GET', '/usage', { token: t2.json.data.value })).status).toBe(401);
  });

  test('token values are shown once: the admin token list has no values', async () => {
    const r = await h.admin('GET', '/tenants/acme/tokens');
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('upt_');
  });
});

describe('authorization (403) from ENDPOINTS', () => {
  test('a token without scopes gets 403 scope on every scoped operation, and 200 on the rest', async () => {
    for (const row of ENDPOINTS) {
      if (row.scopes === 'none') continue;
      const r = await h.call(row.method, concrete(row.path, seeded), {
        as: 'none',
        ik: row.idempotencyKey,
        ifMatch: row.ifMatch ? '"x"' : undefined,
        body: row.method === 'GET' ? undefined : {},
      });
      if (row.scopes.length === 0) {
        expect([row.operation, r.status]).toEqual([row.operation, 200]);
      } else {
        expect([row.operation, r.status, r.json.error.details[0].rule]).toEqual([
          row.operation,
          403,
          'scope',
        ]);
        expect(r.json.error.code).toBe('forbidden');
      }
    }
  });

  test('monitors:read reaches every read the spec calls "authenticated"', async () => {
    for (const row of ENDPOINTS.filter((e) => e.method === 'GET' && e.scopes !== 'none')) {
      const r = await h.call('GET', concrete(row.path, seeded), { as: 'reader' });
      const needsMore =
        row.scopes !== 'none' && row.scopes.length > 0 && !row.scopes.includes('monitors:read');
      if (needsMore) expect([row.operation, r.status]).toEqual([row.operation, 403]);
      else expect([row.operation, r.status === 403]).toEqual([row.operation, false]);
    }
  });

  test('legacy monitors:write is accepted for pause and activate, nothing else', async () => {
    const p = await h.call('POST', `/monitors/${other}/pause`, { as: 'legacy', ik: true });
    expect(p.status).toBe(200);
    expect(p.json.data.status).toBe('paused');
    const a = await h.call('POST', `/monitors/${other}/activate`, { as: 'legacy', ik: true });
    expect(a.status).toBe(200);
    const patch = await h.call('PATCH', `/monitors/${other}`, {
      as: 'legacy',
      ik: true,
      ifMatch: a.json.data.version,
      body: { name: 'x' },
    });
    expect(patch.status).toBe(403);
    const create = await h.call('POST', '/monitors', {
      as: 'legacy',
      ik: true,
      body: { url: 'https://l.test' },
    });
    expect(create.status).toBe(403);
  });

  test('checks need a Pro plan (403 plan) and checks:read (403 scope)', async () => {
    const free = await h.call('GET', `/monitors/${betaMonitor}/checks`, { as: 'beta' });
    expect(free.status).toBe(403);
    expect(free.json.error.details[0].rule).toBe('plan');
    const noScope = await h.call('GET', `/monitors/${seeded}/checks`, { as: 'reader' });
    expect(noScope.status).toBe(403);
    expect(noScope.json.error.details[0].rule).toBe('scope');
    const ok = await h.call('GET', `/monitors/${seeded}/checks`);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ data: [], pagination: { limit: 25, nextCursor: null } });
  });

  test('POST /monitors needs an unrestricted token (403 selection)', async () => {
    const r = await h.call('POST', '/monitors', {
      as: 'restricted',
      ik: true,
      body: { url: 'https://sel.test/' },
    });
    expect(r.status).toBe(403);
    expect(r.json.error.details[0].rule).toBe('selection');
  });

  test('a suspended account gets 403 account_state', async () => {
    await h.admin('PATCH', '/tenants/beta', { accountState: 'suspended' });
    try {
      const r = await h.call('GET', '/monitors', { as: 'beta' });
      expect(r.status).toBe(403);
      expect(r.json.error.details[0].rule).toBe('account_state');
    } finally {
      await h.admin('PATCH', '/tenants/beta', { accountState: 'active' });
    }
  });
});

describe('restricted tokens and tenant isolation (404)', () => {
  test('a restricted token sees only its monitors, in single reads and in lists', async () => {
    const list = await h.call('GET', '/monitors', { as: 'restricted' });
    expect(list.json.data.map((m: any) => m.id)).toEqual([seeded]);
    expect((await h.call('GET', `/monitors/${seeded}`, { as: 'restricted' })).status).toBe(200);
    for (const path of [
      `/monitors/${other}`,
      `/monitors/${other}/status-page`,
      `/status-pages/${other}`,
      `/monitors/${other}/expiry`,
      `/monitors/${other}/summary`,
      `/monitors/${other}/incidents`,
      `/monitors/${other}/alerts`,
      `/monitors/${other}/alert-settings`,
    ]) {
      const r = await h.call('GET', path, { as: 'restricted' });
      expect([path, r.status, r.json.error.code]).toEqual([path, 404, 'not_found']);
    }
    const pages = await h.call('GET', '/status-pages', { as: 'restricted' });
    expect(pages.json.data.map((p: any) => p.monitorId)).toEqual([seeded]);
    const pause = await h.call('POST', `/monitors/${other}/pause`, { as: 'restricted', ik: true });
    expect(pause.status).toBe(404);
    const exp = await h.call('POST', '/exports', { as: 'restricted', ik: true, body: { monitorId: other } });
    expect(exp.status).toBe(404);
  });

  test("another tenant's monitors are 404 everywhere and absent from lists", async () => {
    expect((await h.call('GET', `/monitors/${betaMonitor}`)).status).toBe(404);
    expect((await h.call('GET', `/status-pages/${betaMonitor}`)).status).toBe(404);
    expect((await h.call('POST', `/monitors/${betaMonitor}/pause`, { ik: true })).status).toBe(404);
    const ids = (await h.call('GET', '/monitors?limit=100')).json.data.map((m: any) => m.id);
    expect(ids).not.toContain(betaMonitor);
    expect((await h.call('GET', `/monitors/${seeded}`, { as: 'beta' })).status).toBe(404);
  });

  test('a malformed or unknown monitor id is 404', async () => {
    expect((await h.call('GET', '/monitors/not-a-uuid')).status).toBe(404);
    expect((await h.call('GET', `/monitors/${ZERO_UUID}`)).status).toBe(404);
  });
});
