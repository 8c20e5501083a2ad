import { INTERVAL_SECONDS, MONITOR_NAME_MAX, REQUEST_HEADERS_MAX, TIMEOUT_MS } from '../../src/api/index.js';
import { Harness, testSeed } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed({ capacity: 40 }));
});
afterAll(() => h.close());

const create = (body: unknown, o: { as?: string; key?: string } = {}) =>
  h.call('POST', '/monitors', {
    ...(o.as ? { as: o.as } : {}),
    body,
    ...(o.key ? { headers: { 'idempotency-key': o.key } } : { ik: true }),
  });

describe('POST /monitors', () => {
  test('creates a pending monitor with the documented defaults, ETag = version, absolute Location', async () => {
    const r = await create({ url: 'https://defaults.test/ping' });
    expect(r.status).toBe(201);
    const m = r.json.data;
    expect(m).toMatchObject({
      name: 'defaults.test',
      url: 'https://defaults.test/ping',
      type: 'http',
      enabled: true,
      archived: false,
      status: 'pending',
      requestMethod: 'GET',
      intervalSeconds: 300,
      timeoutMs: 10000,
      followRedirects: true,
      acceptedStatusCodes: [],
      requestHeaders: [],
      authConfig: { type: 'none' },
      lastCheckAt: null,
      slowResponse: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' },
      expiryMonitoring: { ssl: { enabled: false, warnDays: 14, status: 'unknown' } },
    });
    expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.etag).toBe(`"${m.version}"`);
    expect(m.version).toMatch(/^v\d+-[0-9a-f]{8}$/);
    expect(r.headers.location).toBe(`${h.svc.baseUrl}/monitors/${m.id}`);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    // the first check is queued (the part-2 engine consumes it)
    expect(h.svc.store.monitor(m.id)!.checkQueuedAt).not.toBeNull();
    const get = await h.call('GET', `/monitors/${m.id}`);
    expect(get.json.data).toEqual(m);
    expect(get.headers.etag).toBe(r.headers.etag);
  });

  test('lower-case method is stored upper case; enabled=false creates a paused monitor', async () => {
    const r = await create({ url: 'https://lower.test/', requestMethod: 'head', enabled: false });
    expect(r.json.data.requestMethod).toBe('HEAD');
    expect(r.json.data.status).toBe('paused');
    expect(r.json.data.enabled).toBe(false);
  });

  test('secrets are stored but never returned (valueSet, passwordSet), and a header without value keeps it', async () => {
    const r = await create({
      url: 'https://secret.test/',
      requestHeaders: [{ name: 'X-Api-Key', value: 'sup3r-s3cret-header' }, { name: 'X-Empty' }],
      authConfig: { type: 'basic', username: 'bob', password: 'hunter2-pass' },
    });
    expect(r.status).toBe(201);
    expect(r.text).not.toContain('sup3r-s3cret-header');
    expect(r.text).not.toContain('hunter2-pass');
    expect(r.json.data.requestHeaders).toEqual([
      { name: 'X-Api-Key', valueSet: true },
      { name: 'X-Empty', valueSet: false },
    ]);
    expect(r.json.data.authConfig).toEqual({ type: 'basic', username: 'bob', passwordSet: true });
    // read-modify-write round trip: headers without value, auth without password
    const u = await h.call('PATCH', `/monitors/${r.json.data.id}`, {
      ik: true,
      ifMatch: r.headers.etag,
      body: {
        requestHeaders: [{ name: 'x-api-key' }],
        authConfig: { type: 'basic', username: 'bob2' },
        name: 'renamed',
      },
    });
    expect(u.status).toBe(200);
    expect(u.json.data.requestHeaders).toEqual([{ name: 'x-api-key', valueSet: true }]);
    expect(u.json.data.authConfig).toEqual({ type: 'basic', username: 'bob2', passwordSet: true });
    const rec = h.svc.store.monitor(r.json.data.id)!;
    expect(rec.requestHeaders[0]!.value).toBe('sup3r-s3cret-header');
    expect(rec.auth.password).toBe('hunter2-pass');
    const list = await h.call('GET', '/monitors?limit=100');
    expect(list.text).not.toContain('sup3r-s3cret-header');
    expect(list.text).not.toContain('hunter2');
    const none = await h.call('PATCH', `/monitors/${r.json.data.id}`, {
      ik: true,
      ifMatch: u.headers.etag,
      body: { authConfig: { type: 'none' } },
    });
    expect(none.json.data.authConfig).toEqual({ type: 'none', passwordSet: false });
  });

  test('headers whose names differ only in case each keep their own value through read-modify-write, reorder, removal and a change of case', async () => {
    const r = await create({
      url: 'https://secret-case.test/',
      requestHeaders: [
        { name: 'X-Api-Key', value: 'value-a' },
        { name: 'x-api-key', value: 'value-b' },
        { name: 'Accept', value: 'value-c' },
      ],
    });
    expect(r.status).toBe(201);
    const id = r.json.data.id;
    let etag = r.headers.etag;
    const write = async (names: string[]) => {
      const u = await h.call('PATCH', `/monitors/${id}`, {
        ik: true,
        ifMatch: etag,
        body: { requestHeaders: names.map((name) => ({ name })) },
      });
      expect(u.status).toBe(200);
      etag = u.headers.etag;
      return h.svc.store.monitor(id)!.requestHeaders.map((x) => [x.name, x.value]);
    };
    expect(await write(['X-Api-Key', 'x-api-key', 'Accept'])).toEqual([
      ['X-Api-Key', 'value-a'],
      ['x-api-key', 'value-b'],
      ['Accept', 'value-c'],
    ]);
    expect(await write(['x-api-key', 'Accept', 'X-Api-Key'])).toEqual([
      ['x-api-key', 'value-b'],
      ['Accept', 'value-c'],
      ['X-Api-Key', 'value-a'],
    ]);
    expect(await write(['Accept', 'X-API-KEY', 'X-Api-Key'])).toEqual([
      ['Accept', 'value-c'],
      ['X-API-KEY', 'value-b'],
      ['X-Api-Key', 'value-a'],
    ]);
    expect(await write(['X-Api-Key'])).toEqual([['X-Api-Key', 'value-a']]);
  });

  test('basic auth without a username → 400 naming authConfig.username', async () => {
    const r = await create({ url: 'https://nouser.test/', authConfig: { type: 'basic', password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.json.error.details).toEqual([
      expect.objectContaining({ field: 'authConfig.username', rule: 'required' }),
    ]);
    expect(r.text).not.toContain('"x"');
  });

  test('secret values never appear in error bodies', async () => {
    const password = `pw-${'p'.repeat(2000)}`;
    const value = `hv-${'v'.repeat(5000)}`;
    const r = await create({
      url: 'https://leak.test/',
      authConfig: { type: 'basic', username: 'u', password },
      requestHeaders: [{ name: 'X-Key', value }],
    });
    expect(r.status).toBe(400);
    expect(r.json.error.details.map((d: any) => [d.field, d.rule])).toEqual([
      ['requestHeaders[0].value', 'max_length'],
      ['authConfig.password', 'max_length'],
    ]);
    expect(r.text).not.toContain('pw-');
    expect(r.text).not.toContain('hv-');
  });

  test('duplicate URL and method → 409 duplicate_monitor naming the existing id; other method is fine', async () => {
    const first = await create({ url: 'https://dup.test/a' });
    const dup = await create({ url: 'https://DUP.test/a' });
    expect(dup.status).toBe(409);
    expect(dup.json.error.code).toBe('duplicate_monitor');
    expect(dup.json.error.existingMonitorId).toBe(first.json.data.id);
    expect(dup.json.error.message).toContain(first.json.data.id);
    expect((await create({ url: 'https://dup.test/a', requestMethod: 'HEAD' })).status).toBe(201);
  });
});

describe('validation (400, every limit of the model)', () => {
  const cases: [string, Record<string, unknown>, string, string, unknown[] | undefined][] = [
    ['interval', { intervalSeconds: 120 }, 'intervalSeconds', 'one_of', [...INTERVAL_SECONDS]],
    ['timeout low', { timeoutMs: TIMEOUT_MS.min - 1 }, 'timeoutMs', 'minimum', undefined],
    ['timeout high', { timeoutMs: TIMEOUT_MS.max + 1 }, 'timeoutMs', 'maximum', undefined],
    ['name', { name: 'n'.repeat(MONITOR_NAME_MAX + 1) }, 'name', 'max_length', undefined],
    ['method', { requestMethod: 'POST' }, 'requestMethod', 'one_of', ['GET', 'HEAD', 'get', 'head']],
    ['status code', { acceptedStatusCodes: [200, 600] }, 'acceptedStatusCodes[1]', 'maximum', undefined],
    ['status code low', { acceptedStatusCodes: [99] }, 'acceptedStatusCodes[0]', 'minimum', undefined],
    [
      'headers',
      {
        requestHeaders: Array.from({ length: REQUEST_HEADERS_MAX + 1 }, (_, i) => ({
          name: `X-${i}`,
          value: 'v',
        })),
      },
      'requestHeaders',
      'max_items',
      undefined,
    ],
    [
      'header name',
      { requestHeaders: [{ name: 'bad header', value: 'v' }] },
      'requestHeaders[0].name',
      'format',
      undefined,
    ],
    ['url', { url: 'ftp://x.test/' }, 'url', 'format', undefined],
    [
      'slow threshold',
      { slowResponseAlerts: { thresholdMs: 1500 } },
      'slowResponseAlerts.thresholdMs',
      'one_of',
      [1000, 2000, 3000, 5000, 10000],
    ],
    [
      'slow limit',
      { slowResponseAlerts: { consecutiveLimit: 9 } },
      'slowResponseAlerts.consecutiveLimit',
      'one_of',
      [2, 3, 4, 5],
    ],
    [
      'dest pattern',
      { alertDestinationIds: { email: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb' } },
      'alertDestinationIds.email',
      'format',
      undefined,
    ],
    [
      'alert channels',
      { alertChannels: { email: true, pager: true } },
      'alertChannels.pager',
      'unknown_field',
      undefined,
    ],
    [
      'nested unknown',
      { authConfig: { type: 'none', token: 'x' } },
      'authConfig.token',
      'unknown_field',
      undefined,
    ],
    [
      'contacts email',
      { alertContacts: { email: 'not-an-email' } },
      'alertContacts.email',
      'format',
      undefined,
    ],
    ['type', { followRedirects: 'yes' }, 'followRedirects', 'type', undefined],
  ];
  test.each(cases)('%s', async (_n, extra, field, rule, allowed) => {
    const r = await create({ url: 'https://valid.test/', ...extra });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('validation_failed');
    const d = r.json.error.details.find((x: any) => x.field === field);
    expect(d).toMatchObject({ field, rule });
    if (allowed) expect(d.allowed).toEqual(allowed);
  });

  test('unknown fields are rejected, each named', async () => {
    const r = await create({ url: 'https://u.test/', foo: 1, bar: 2 });
    expect(r.status).toBe(400);
    expect(r.json.error.details.map((d: any) => [d.field, d.rule])).toEqual([
      ['foo', 'unknown_field'],
      ['bar', 'unknown_field'],
    ]);
    const m = await h.createMonitor();
    const u = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: m.version,
      body: { id: 'x', status: 'up' },
    });
    expect(u.status).toBe(400);
    expect(u.json.error.details.map((d: any) => d.field).sort()).toEqual(['id', 'status']);
    const re = await h.call('POST', `/monitors/${m.id}/pause`, { ik: true, body: { now: true } });
    expect(re.status).toBe(400);
    expect(re.json.error.details[0]).toMatchObject({ field: 'now', rule: 'unknown_field' });
  });

  test('missing url and malformed JSON → 400', async () => {
    const r = await create({ name: 'x' });
    expect(r.json.error.details).toEqual([expect.objectContaining({ field: 'url', rule: 'required' })]);
    const bad = await h.call('POST', '/monitors', { ik: true, raw: '{"url":' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].rule).toBe('json');
    expect(bad.headers['x-request-id']).toMatch(/^req_/);
  });

  test("an interval below the plan's minimum → 400 plan_minimum with the allowed intervals", async () => {
    const r = await h.call('POST', '/monitors', {
      as: 'beta',
      ik: true,
      body: { url: 'https://fast.beta.test/', intervalSeconds: 60 },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({
      field: 'intervalSeconds',
      rule: 'plan_minimum',
      allowed: [300, 900, 1800, 3600],
    });
  });

  test('alert destinations must exist in the tenant and match their channel; contacts must be verified', async () => {
    const other = await create({
      url: 'https://d.test/',
      alertDestinationIds: { email: 'dest_email_cccccccccccccccccccccccc' },
    });
    expect(other.status).toBe(400);
    expect(other.json.error.details[0]).toMatchObject({
      field: 'alertDestinationIds.email',
      rule: 'unknown_destination',
    });
    const ok = await create({
      url: 'https://d2.test/',
      alertDestinationIds: { sms: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb' },
      alertChannels: { email: false, sms: true },
    });
    expect(ok.status).toBe(201);
    const s = await h.call('GET', `/monitors/${ok.json.data.id}/alert-settings`);
    expect(s.json.data).toMatchObject({
      channels: { email: false, sms: true },
      destinationIds: {
        email: 'dest_email_aaaaaaaaaaaaaaaaaaaaaaaa',
        sms: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb',
      },
    });
    const c = await create({ url: 'https://d3.test/', alertContacts: { email: 'nobody@acme.test' } });
    expect(c.status).toBe(400);
    expect(c.json.error.details[0]).toMatchObject({ field: 'alertContacts.email', rule: 'not_verified' });
    const c2 = await create({ url: 'https://d4.test/', alertContacts: { phone: '+15550001111' } });
    expect(c2.status).toBe(201);
  });
});

describe('transitions', () => {
  test('pause, activate, archive, reactivate with the decided source states', async () => {
    const m = await h.createMonitor();
    const p = await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    expect(p.status).toBe(200);
    expect(p.json.data).toMatchObject({ enabled: false, status: 'paused' });
    expect(p.headers.etag).toBe(`"${p.json.data.version}"`);
    expect(p.json.data.version).not.toBe(m.version);
    const p2 = await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    expect(p2.status).toBe(200);
    expect(p2.json.data.version).toBe(p.json.data.version); // no change, same version
    const a = await h.call('POST', `/monitors/${m.id}/activate`, { ik: true });
    expect(a.json.data).toMatchObject({ enabled: true, status: 'pending' });
    const ar = await h.call('POST', `/monitors/${m.id}/archive`, { ik: true, ifMatch: a.headers.etag });
    expect(ar.status).toBe(200);
    expect(ar.json.data).toMatchObject({ archived: true, enabled: false, status: 'archived' });
    expect(ar.headers.etag).toBe(`"${ar.json.data.version}"`);
    // history kept: still readable, still listed
    expect((await h.call('GET', `/monitors/${m.id}`)).json.data.status).toBe('archived');
    for (const op of ['pause', 'activate']) {
      const r = await h.call('POST', `/monitors/${m.id}/${op}`, { ik: true });
      expect([op, r.status, r.json.error.code]).toEqual([op, 409, 'invalid_state']);
    }
    const again = await h.call('POST', `/monitors/${m.id}/archive`, { ik: true, ifMatch: ar.headers.etag });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(ar.headers.etag);
    const re = await h.call('POST', `/monitors/${m.id}/reactivate`, {
      ik: true,
      ifMatch: ar.headers.etag,
      body: { intervalSeconds: 900 },
    });
    expect(re.status).toBe(200);
    expect(re.json.data).toMatchObject({
      archived: false,
      enabled: true,
      status: 'pending',
      intervalSeconds: 900,
    });
    const notArchived = await h.call('POST', `/monitors/${m.id}/reactivate`, {
      ik: true,
      ifMatch: re.headers.etag,
    });
    expect(notArchived.status).toBe(409);
    expect(notArchived.json.error.code).toBe('invalid_state');
    const badBody = await h.call('POST', `/monitors/${m.id}/reactivate`, {
      ik: true,
      ifMatch: re.headers.etag,
      body: { intervalSeconds: 61 },
    });
    expect(badBody.status).toBe(400);
  });

  test('PATCH works on an archived monitor and does not change archived/enabled', async () => {
    const m = await h.createMonitor();
    const ar = await h.call('POST', `/monitors/${m.id}/archive`, { ik: true, ifMatch: m.version });
    const u = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: ar.headers.etag,
      body: { name: 'archived rename' },
    });
    expect(u.status).toBe(200);
    expect(u.json.data).toMatchObject({ name: 'archived rename', archived: true, status: 'archived' });
  });

  test('PATCH to a URL already used by another monitor → 409 duplicate', async () => {
    const a = await h.createMonitor({ url: 'https://patchdup.test/a' });
    const b = await h.createMonitor({ url: 'https://patchdup.test/b' });
    const r = await h.call('PATCH', `/monitors/${b.id}`, {
      ik: true,
      ifMatch: b.version,
      body: { url: 'https://patchdup.test/a' },
    });
    expect(r.status).toBe(409);
    expect(r.json.error.existingMonitorId).toBe(a.id);
  });
});

describe('plan capacity and reactivation rules', () => {
  let c: Harness;
  beforeAll(async () => {
    c = await Harness.start({
      tenants: [
        {
          id: 't',
          plan: { preset: 'free', monitorCapacity: 2, perMinuteLimit: 10000 },
          tokens: [{ name: 'full' }],
        },
      ],
    });
  });
  afterAll(() => c.close());

  test('capacity 409 on create and reactivate; archived monitors do not count; interval revalidated', async () => {
    const a = await c.createMonitor({ url: 'https://cap.test/a' });
    await c.createMonitor({ url: 'https://cap.test/b' });
    const full = await c.call('POST', '/monitors', { ik: true, body: { url: 'https://cap.test/c' } });
    expect(full.status).toBe(409);
    expect(full.json.error.code).toBe('plan_capacity');
    const ar = await c.call('POST', `/monitors/${a.id}/archive`, { ik: true, ifMatch: a.version });
    expect(ar.status).toBe(200);
    const cm = await c.call('POST', '/monitors', { ik: true, body: { url: 'https://cap.test/c' } });
    expect(cm.status).toBe(201);
    const re = await c.call('POST', `/monitors/${a.id}/reactivate`, { ik: true, ifMatch: ar.headers.etag });
    expect(re.status).toBe(409);
    expect(re.json.error.code).toBe('plan_capacity');
    // make room, then the interval is checked against the plan minimum (300 on free)
    await c.call('POST', `/monitors/${cm.json.data.id}/archive`, { ik: true, ifMatch: cm.headers.etag });
    const low = await c.call('POST', `/monitors/${a.id}/reactivate`, {
      ik: true,
      ifMatch: ar.headers.etag,
      body: { intervalSeconds: 60 },
    });
    expect(low.status).toBe(400);
    expect(low.json.error.details[0].rule).toBe('plan_minimum');
    const ok = await c.call('POST', `/monitors/${a.id}/reactivate`, {
      ik: true,
      ifMatch: ar.headers.etag,
      body: { intervalSeconds: 3600 },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.intervalSeconds).toBe(3600);
  });

  test('reactivating into a duplicate → 409 duplicate_monitor', async () => {
    const c2 = await Harness.start({
      tenants: [{ id: 't', plan: { preset: 'pro', perMinuteLimit: 10000 }, tokens: [{ name: 'full' }] }],
    });
    try {
      const a = await c2.createMonitor({ url: 'https://re.test/' });
      const ar = await c2.call('POST', `/monitors/${a.id}/archive`, { ik: true, ifMatch: a.version });
      const b = await c2.createMonitor({ url: 'https://re.test/' });
      const r = await c2.call('POST', `/monitors/${a.id}/reactivate`, { ik: true, ifMatch: ar.headers.etag });
      expect(r.status).toBe(409);
      expect(r.json.error).toMatchObject({ code: 'duplicate_monitor', existingMonitorId: b.id });
    } finally {
      await c2.close();
    }
  });
});

describe('GET /monitors', () => {
  let l: Harness;
  const ids: string[] = [];
  beforeAll(async () => {
    l = await Harness.start({
      tenants: [
        {
          id: 't',
          plan: { preset: 'pro', perMinuteLimit: 10000, monitorCapacity: 100 },
          tokens: [{ name: 'full' }],
        },
      ],
    });
    await l.admin('POST', '/clock', { frozen: true });
    for (let i = 0; i < 7; i++) {
      ids.push((await l.createMonitor({ url: `https://list.test/${i}` })).id);
      await l.advance(1);
    }
  });
  afterAll(() => l.close());

  async function all(query: string, limit: number): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await l.call(
        'GET',
        `/monitors?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(r.status).toBe(200);
      expect(r.json.pagination.limit).toBe(limit);
      expect(r.json.data.length).toBeLessThanOrEqual(limit);
      out.push(...r.json.data.map((m: any) => m.id));
      cursor = r.json.pagination.nextCursor;
    } while (cursor);
    return out;
  }

  test('cursor pagination in createdAt order, stable while records are added', async () => {
    expect(await all('', 3)).toEqual(ids);
    const first = await l.call('GET', '/monitors?limit=3');
    const extra = await l.createMonitor({ url: 'https://list.test/new' });
    const second = await l.call('GET', `/monitors?limit=3&cursor=${first.json.pagination.nextCursor}`);
    expect(second.json.data.map((m: any) => m.id)).toEqual(ids.slice(3, 6));
    expect(await all('', 100)).toEqual([...ids, extra.id]);
    const def = await l.call('GET', '/monitors');
    expect(def.json.pagination.limit).toBe(25);
  });

  test('filters: status, enabled, type, updated_after, updated_before', async () => {
    await l.call('POST', `/monitors/${ids[1]}/pause`, { ik: true });
    await l.call('POST', `/monitors/${ids[2]}/pause`, { ik: true });
    expect(await all('&status=paused', 1)).toEqual([ids[1], ids[2]]);
    expect(await all('&enabled=false', 10)).toEqual([ids[1], ids[2]]);
    expect((await all('&enabled=true&type=http', 10)).length).toBe(6);
    expect(await all('&status=pending', 10)).not.toContain(ids[1]);
    const at = new Date(l.svc.clock.now()).toISOString();
    await l.advance(5);
    await l.call('PATCH', `/monitors/${ids[4]}`, {
      ik: true,
      ifMatch: (await l.call('GET', `/monitors/${ids[4]}`)).json.data.version,
      body: { name: 'touched' },
    });
    expect(await all(`&updated_after=${encodeURIComponent(at)}`, 10)).toEqual([ids[4]]);
    expect(await all(`&updated_before=${encodeURIComponent(at)}`, 10)).not.toContain(ids[4]);
  });

  test.each([
    ['limit=0', 'limit', 'minimum'],
    ['limit=101', 'limit', 'maximum'],
    ['status=archived', 'status', 'one_of'],
    ['enabled=yes', 'enabled', 'one_of'],
    ['type=tcp', 'type', 'one_of'],
    ['updated_after=yesterday', 'updated_after', 'format'],
    ['cursor=bogus', 'cursor', 'format'],
    ['sort=name', 'sort', 'unknown_field'],
  ])('bad query %s → 400', async (q, field, rule) => {
    const r = await l.call('GET', `/monitors?${q}`);
    expect(r.status).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({ field, rule });
  });
});
