// Ids are data, never object members: every admin route with an id in its path, and the v1 API after it, with
// member names (`__proto__`, `constructor`, `toString`, …) among the ids, in path segments, bodies and seed files.
// A property test (fast-check) sends random admin requests over every admin route; whatever arrives: no 5xx, the
// prototype every object shares is untouched, and the service stays correct (a normal v1 create and update work).
// ADMIN_FUZZ_RUNS raises the number of cases (default 600).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Harness, testSeed } from './helpers.js';

const RUNS = Number(process.env.ADMIN_FUZZ_RUNS ?? 600);

/** Ids that are members of every plain object (or of Object.prototype's accessors). */
const MEMBER_IDS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupSetter__',
  'propertyIsEnumerable',
  'toLocaleString',
];
/** The same names as tenant ids may spell them (lower case). */
const MEMBER_TENANT_IDS = ['__proto__', 'constructor', 'prototype', 'hasownproperty', 'tostring', 'valueof'];

const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const PROTO_BEFORE = protoNames();

/** The v1 API still creates and updates a monitor of the seeded tenant "acme". */
async function v1StillWorks(h: Harness): Promise<void> {
  const m = await h.createMonitor({ name: 'after the admin requests' });
  const r = await h.call('PATCH', `/monitors/${m.id}`, {
    ik: true,
    ifMatch: m.version,
    body: { name: 'renamed' },
  });
  expect(r.status).toBe(200);
  expect(r.json.data.name).toBe('renamed');
  const list = await h.call('GET', '/monitors?limit=100');
  expect(list.status).toBe(200);
}

describe('member-name ids are records or clean 404s', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start(testSeed());
  });
  afterAll(() => h.close());
  afterEach(() => expect(protoNames()).toEqual(PROTO_BEFORE));

  test.each(MEMBER_IDS)('admin lookups by the id %s answer 404 and change nothing', async (id) => {
    const e = encodeURIComponent(id);
    const calls: [string, string, unknown?][] = [
      ['GET', `/tenants/${e}`],
      ['PATCH', `/tenants/${e}`, { name: 'x', plan: { preset: 'pro' }, accountState: 'suspended' }],
      ['GET', `/tenants/${e}/tokens`],
      ['POST', `/tenants/${e}/tokens`, { name: 'x' }],
      ['GET', `/tenants/${e}/destinations`],
      ['POST', `/tenants/${e}/destinations`, { channel: 'email', value: 'x@x.test' }],
      ['GET', `/tenants/${e}/webhook-endpoints`],
      ['PATCH', `/tokens/${e}`, { revoked: true }],
      ['DELETE', `/tokens/${e}`],
      ['PATCH', `/exports/${e}`, { status: 'failed' }],
      ['PATCH', `/destinations/${e}`, { simulate: 'bounced' }],
      ['GET', `/webhook-endpoints/${e}`],
      ['GET', `/webhook-endpoints/${e}/deliveries`],
      ['POST', `/webhook-endpoints/${e}/rotate-secret`],
      ['POST', `/webhook-endpoints/${e}/test`],
      ['DELETE', `/webhook-endpoints/${e}`],
      ['POST', `/monitors/${e}/check`],
      ['POST', `/monitors/${e}/force`, { status: 'down' }],
      ['DELETE', `/monitors/${e}/force`],
      ['POST', `/monitors/${e}/status-page/setup`, {}],
      ['PATCH', `/monitors/${e}/status-page/custom-domain`, { enabled: true }],
      ['DELETE', `/domain-expiry/${e}`],
      ['DELETE', `/faults/${e}`],
    ];
    for (const [method, path, body] of calls) {
      const r = await h.admin(method, path, body);
      expect({ call: `${method} ${path}`, status: r.status }).toEqual({
        call: `${method} ${path}`,
        status: 404,
      });
    }
    for (const path of [`/monitors/${e}`, `/monitors/${e}/alert-settings`, `/monitors/${e}/status-page`]) {
      const r = await h.call('GET', path);
      expect({ path, status: r.status }).toEqual({ path, status: 404 });
    }
    await v1StillWorks(h);
  });

  test.each(MEMBER_TENANT_IDS)('a tenant with the id %s is a tenant like any other', async (id) => {
    const created = await h.admin('POST', '/tenants', { id, plan: { preset: 'pro' } });
    expect(created.status).toBe(201);
    expect(created.json.data.id).toBe(id);
    const patched = await h.admin('PATCH', `/tenants/${id}`, { name: `tenant ${id}` });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ id, name: `tenant ${id}` });
    const token = await h.admin('POST', `/tenants/${id}/tokens`, { name: `${id}-full` });
    expect(token.status).toBe(201);
    const v = token.json.data.value as string;
    const m = await h.call('POST', '/monitors', {
      token: v,
      ik: true,
      body: { url: `https://${id.replace(/_/g, 'u')}.example.com/` },
    });
    expect(m.status).toBe(201);
    expect(
      (await h.call('GET', '/monitors', { token: v })).json.data.map((x: { id: string }) => x.id),
    ).toEqual([m.json.data.id]);
    const list = (await h.admin('GET', '/tenants')).json.data.map((t: { id: string }) => t.id);
    expect(list).toContain(id);
    expect((await h.admin('GET', `/tenants/${id}/tokens`)).json.data).toHaveLength(1);
    // The seeded tenants are unaffected.
    expect((await h.admin('GET', '/tenants/acme')).json.data).toMatchObject({
      id: 'acme',
      accountState: 'active',
    });
    await v1StillWorks(h);
  });
});

test('a tenant called __proto__ survives a restart with --data-dir', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uptime-proto-'));
  let h: Harness | undefined;
  try {
    h = await Harness.start(testSeed(), { dataDir: dir });
    expect((await h.admin('POST', '/tenants', { id: '__proto__', name: 'proto' })).status).toBe(201);
    expect((await h.admin('POST', '/tenants', { id: 'constructor', name: 'ctor' })).status).toBe(201);
    const adminKey = h.svc.adminKey;
    await h.close();
    h = await Harness.start(undefined, { dataDir: dir, adminKey });
    expect((await h.admin('GET', '/tenants/__proto__')).json.data).toMatchObject({
      id: '__proto__',
      name: 'proto',
    });
    expect((await h.admin('GET', '/tenants/constructor')).json.data).toMatchObject({ id: 'constructor' });
    const ids = (await h.admin('GET', '/tenants')).json.data.map((t: { id: string }) => t.id).sort();
    expect(ids).toEqual(['__proto__', 'acme', 'beta', 'constructor']);
    await v1StillWorks(h);
  } finally {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  expect(protoNames()).toEqual(PROTO_BEFORE);
});

// --- property test over every admin route -----------------------------------------------------------------

/** Every admin route: method and path, `:x` for a path parameter. Clock and faults are left out on purpose: they
 * exist to change how the v1 API answers (a fault injects a 5xx), so "v1 still works" does not hold after them. */
const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/tenants'],
  ['POST', '/tenants'],
  ['GET', '/tenants/:tenant'],
  ['PATCH', '/tenants/:tenant'],
  ['GET', '/tenants/:tenant/tokens'],
  ['POST', '/tenants/:tenant/tokens'],
  ['PATCH', '/tokens/:token'],
  ['DELETE', '/tokens/:token'],
  ['GET', '/tenants/:tenant/destinations'],
  ['POST', '/tenants/:tenant/destinations'],
  ['PATCH', '/destinations/:id'],
  ['POST', '/monitors/:monitor/status-page/setup'],
  ['PATCH', '/monitors/:monitor/status-page/custom-domain'],
  ['PATCH', '/exports/:id'],
  ['GET', '/tenants/:tenant/webhook-endpoints'],
  ['POST', '/tenants/:tenant/webhook-endpoints'],
  ['GET', '/webhook-endpoints/:id'],
  ['DELETE', '/webhook-endpoints/:id'],
  ['POST', '/webhook-endpoints/:id/rotate-secret'],
  ['POST', '/webhook-endpoints/:id/test'],
  ['GET', '/webhook-endpoints/:id/deliveries'],
  ['GET', '/engine'],
  ['POST', '/engine/tick'],
  ['POST', '/monitors/:monitor/check'],
  ['POST', '/monitors/:monitor/force'],
  ['DELETE', '/monitors/:monitor/force'],
  ['GET', '/domain-expiry'],
  ['PUT', '/domain-expiry/:id'],
  ['DELETE', '/domain-expiry/:id'],
];

describe('random admin requests', () => {
  let h: Harness;
  /** Ids of a tenant "fuzz" the property may change in any way (acme, used to check v1, is never named). */
  const own = { tenant: 'fuzz', monitor: '', token: '' };
  beforeAll(async () => {
    h = await Harness.start(testSeed());
    await h.admin('POST', '/tenants', { id: 'fuzz', plan: { preset: 'pro' } });
    const t = await h.admin('POST', '/tenants/fuzz/tokens', { name: 'fuzz' });
    own.token = t.json.data.id;
    const m = await h.call('POST', '/monitors', {
      token: t.json.data.value,
      ik: true,
      body: { url: 'https://fuzz.example.com/' },
    });
    own.monitor = m.json.data.id;
  });
  afterAll(() => h.close());

  const memberId = fc.constantFrom(...MEMBER_IDS, ...MEMBER_TENANT_IDS);
  const id = (mine: () => string) =>
    fc.oneof(
      { weight: 4, arbitrary: memberId },
      { weight: 1, arbitrary: fc.constant(null).map(() => mine()) },
      { weight: 2, arbitrary: fc.string({ maxLength: 20 }).filter((s) => s !== 'acme' && s !== 'beta') },
    );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue(),
    fc.record(
      {
        id: memberId,
        name: fc.oneof(memberId, fc.string()),
        plan: fc.constantFrom({ preset: 'pro' }, { preset: 'free' }, { __proto__: { pro: true } }),
        accountState: fc.constantFrom('active', 'suspended'),
        revoked: fc.boolean(),
        monitors: fc.oneof(fc.constant('all'), fc.array(memberId, { maxLength: 2 })),
        monitorIds: fc.array(memberId, { maxLength: 2 }),
        channel: fc.constantFrom('email', 'sms'),
        value: fc.constantFrom('ops@fuzz.test', '+15550002222'),
        simulate: fc.constantFrom('bounced', 'failed'),
        status: fc.constantFrom('up', 'down', 'ready', 'failed'),
        enabled: fc.boolean(),
        expiresAt: fc.constant('2030-01-01T00:00:00Z'),
        url: fc.constant('http://127.0.0.1:9/hook'),
        events: fc.constant(['monitor.down']),
      },
      { requiredKeys: [] },
    ),
  );
  const request = fc.record({
    route: fc.constantFrom(...ADMIN_ROUTES),
    tenant: id(() => own.tenant),
    monitor: id(() => own.monitor),
    token: id(() => own.token),
    other: id(() => 'dest_email_dddddddddddddddddddddddd'),
    body,
  });

  test(`${RUNS} random admin requests with member-name ids: no 5xx, no prototype change, v1 still works`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const [method, template] = r.route;
        const path = template.replace(/:(\w+)/g, (_m, p: string) =>
          encodeURIComponent(
            p === 'tenant' ? r.tenant : p === 'monitor' ? r.monitor : p === 'token' ? r.token : r.other,
          ),
        );
        const res = await h.admin(method, path, r.body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
        expect(protoNames()).toEqual(PROTO_BEFORE);
        // An empty object literal has no members the requests could have put there.
        expect(Object.keys(Object.getPrototypeOf({}))).toEqual([]);
        expect(({} as Record<string, unknown>).name).toBeUndefined();
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    await v1StillWorks(h);
    expect((await h.admin('GET', '/tenants/acme')).json.data).toMatchObject({
      id: 'acme',
      accountState: 'active',
    });
    console.log(
      `admin fuzz: ${RUNS} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  }, 120_000);
});
