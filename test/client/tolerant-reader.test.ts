// The client against another service that keeps the spec but chose differently where it says "not shown" or
// "nullable": write answers that are not the whole record, versions only in the ETag header (which wins over the
// body), capabilities and usage with fewer or other fields, and error bodies of every common shape.
import { DECIDED, ENDPOINTS, unreportedCapabilities, unreportedUsage } from '../../src/api/index.js';
import { ConflictError, ValidationError, type UptimeClient } from '../../src/client/index.js';
import { MONITOR_ID, harness, monitor, reply, type Harness } from './helpers.js';

const settings = (version: string) => ({
  monitorId: MONITOR_ID,
  version,
  channels: { email: true, sms: false },
  destinationIds: { email: null, sms: null },
  slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' },
});
const page = (version: string | null) => ({
  monitorId: MONITOR_ID,
  ...DECIDED.statusPageDefaults,
  slug: 'home',
  url: 'https://status.example.com/home',
  version,
  updatedAt: '2026-01-01T00:00:00Z',
});

/** Each write, the path of its answer, the GET that completes it, a whole record, and the call. */
const WRITES: {
  op: string;
  method: string;
  path: string;
  read: string;
  record: (version: string) => object;
  call: (c: UptimeClient) => Promise<{ data: unknown; etag: string | null; status: number }>;
}[] = [
  {
    op: 'updateMonitor',
    method: 'PATCH',
    path: `/monitors/${MONITOR_ID}`,
    read: `/monitors/${MONITOR_ID}`,
    record: (version) => monitor({ name: 'renamed', version }),
    call: (c) => c.updateMonitor(MONITOR_ID, { name: 'renamed' }, { ifMatch: 'v1' }),
  },
  ...(['pause', 'activate'] as const).map((verb) => ({
    op: `${verb}Monitor`,
    method: 'POST',
    path: `/monitors/${MONITOR_ID}/${verb}`,
    read: `/monitors/${MONITOR_ID}`,
    record: (version: string) => monitor({ enabled: verb === 'activate', version }),
    call: (c: UptimeClient) =>
      verb === 'pause' ? c.pauseMonitor(MONITOR_ID) : c.activateMonitor(MONITOR_ID),
  })),
  ...(['archive', 'reactivate'] as const).map((verb) => ({
    op: `${verb}Monitor`,
    method: 'POST',
    path: `/monitors/${MONITOR_ID}/${verb}`,
    read: `/monitors/${MONITOR_ID}`,
    record: (version: string) => monitor({ archived: verb === 'archive', version }),
    call: (c: UptimeClient) =>
      verb === 'archive'
        ? c.archiveMonitor(MONITOR_ID, { ifMatch: 'v1' })
        : c.reactivateMonitor(MONITOR_ID, undefined, { ifMatch: 'v1' }),
  })),
  {
    op: 'updateAlertSettings',
    method: 'PATCH',
    path: `/monitors/${MONITOR_ID}/alert-settings`,
    read: `/monitors/${MONITOR_ID}/alert-settings`,
    record: settings,
    call: (c) => c.updateAlertSettings(MONITOR_ID, { channels: { sms: false } }, { ifMatch: 'v1' }),
  },
  {
    op: 'updateStatusPage',
    method: 'PATCH',
    path: `/monitors/${MONITOR_ID}/status-page`,
    read: `/monitors/${MONITOR_ID}/status-page`,
    record: page,
    call: (c) => c.updateStatusPage(MONITOR_ID, { title: 'x' }, { ifMatch: 'v1' }),
  },
];

/** Write answers the spec allows (it does not show these bodies) that are not the whole record. */
const PARTIAL: [string, number, (record: object) => unknown][] = [
  ['no content (204)', 204, () => ''],
  ['an empty 200', 200, () => ''],
  ['{}', 200, () => ({})],
  ['{data: {id}}', 200, () => ({ data: { id: MONITOR_ID, monitorId: MONITOR_ID } })],
  ['the record without some of its fields', 200, (r) => ({ data: withoutFirstOptional(r) })],
];

/** The record without the first field a whole one has and a partial one may leave out (not version). */
function withoutFirstOptional(r: object): object {
  const drop = ['requestHeaders', 'channels', 'displayOptions'].find((k) => k in r)!;
  const { [drop]: _dropped, ...rest } = r as Record<string, unknown>;
  return rest;
}

const gets = (h: Harness) => h.requests.filter((r) => r.method === 'GET').length;

test('every write whose answer the spec does not show (the endpoint table) is tried here', () => {
  const unshown = ENDPOINTS.filter((e) => e.bodyNotShown).map((e) => e.operation);
  expect(unshown).toHaveLength(7);
  expect(WRITES.map((w) => w.op)).toEqual(expect.arrayContaining(unshown));
});

describe.each(WRITES)('$op', (w) => {
  test.each(PARTIAL)('answered with %s: one GET, and the record it reads', async (_what, status, body) => {
    const h = harness();
    reply(h, w.method, w.path, status, body(w.record('v2-write')), { etag: '"v2-write"' });
    reply(h, 'GET', w.read, 200, { data: w.record('v2-read') }, { etag: '"v2-read"' });
    const r = await w.call(h.client);
    expect(gets(h)).toBe(1);
    expect(r.data).toEqual(expect.objectContaining({ version: 'v2-read' }));
    expect([r.etag, r.status]).toEqual(['v2-read', status]);
  });

  test('answered with the whole record: used as it is, no GET', async () => {
    const h = harness();
    reply(h, w.method, w.path, 200, { data: w.record('v2-write') }, { etag: '"v2-write"' });
    const r = await w.call(h.client);
    expect(gets(h)).toBe(0);
    expect(r.data).toEqual(w.record('v2-write'));
  });
});

describe('versions: the ETag header wins over the body', () => {
  test('a whole record without its version field, and an ETag: no GET, the version is the ETag', async () => {
    const h = harness();
    const { version: _v, ...rest } = monitor();
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}`, 200, { data: rest }, { etag: 'v7-bare' });
    const r = await h.client.updateMonitor(MONITOR_ID, { name: 'x' }, { ifMatch: 'v6' });
    expect(gets(h)).toBe(0);
    expect([r.etag, r.data.version]).toEqual(['v7-bare', 'v7-bare']);
  });

  test('a body version that differs from the ETag header: the header is the version', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor({ version: '7' }) }, { etag: '"v7-x"' });
    const r = await h.client.getMonitor(MONITOR_ID);
    expect([r.etag, r.data.version]).toEqual(['v7-x', 'v7-x']);
  });

  test('a list item with version null is kept as null (the provider reads it singly before a write)', async () => {
    const h = harness();
    reply(h, 'GET', '/monitors', 200, {
      data: [monitor({ version: null })],
      pagination: { limit: 100, nextCursor: null },
    });
    const r = await h.client.listMonitors({ limit: 100 });
    expect(r.data.items[0]!.version).toBeNull();
  });
});

describe('a create whose answer is not the whole record', () => {
  test('{data: {id}}: the record is read by that id', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 201, { data: { id: MONITOR_ID } });
    reply(
      h,
      'GET',
      `/monitors/${MONITOR_ID}`,
      200,
      { data: monitor({ version: 'v1-new' }) },
      { etag: '"v1-new"' },
    );
    const r = await h.client.createMonitor({ url: 'https://example.com' });
    expect([r.status, r.data.id, r.etag]).toEqual([201, MONITOR_ID, 'v1-new']);
  });

  test('no body, only a (relative) Location: the record is read by the id in it', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 201, '', { location: `/v1/monitors/${MONITOR_ID}` });
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 200, { data: monitor() });
    const r = await h.client.createMonitor({ url: 'https://example.com' });
    expect(r.data.id).toBe(MONITOR_ID);
    expect(gets(h)).toBe(1);
  });

  test('neither a record nor an id: the contract error, no guess', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 201, { ok: true });
    await expect(h.client.createMonitor({ url: 'https://example.com' })).rejects.toThrow(
      /POST \/monitors: the response does not match the v1 contract/,
    );
  });
});

describe('capabilities and usage: the facts that are there', () => {
  test('our shape: every fact, none unreported', async () => {
    const h = harness();
    const caps = {
      token: { name: 't', scopes: ['monitors:read'], restricted: false, monitorIds: null, expiresAt: null },
      plan: {
        name: 'Pro',
        pro: true,
        monitorCapacity: 50,
        monitorsUsed: 3,
        minIntervalSeconds: 60,
        allowedIntervals: [60, 300],
      },
      features: { checks: true, exports: true, statusPages: true, smsAlerts: false },
      allowances: { perMinute: 120, monthly: null },
    };
    reply(h, 'GET', '/capabilities', 200, caps);
    const r = await h.client.getCapabilities();
    expect(r.data).toEqual(caps);
    expect(unreportedCapabilities(r.data)).toEqual([]);
  });

  test('fewer and other fields: what is recognised is used, the rest is named, nothing fails', async () => {
    const h = harness();
    reply(h, 'GET', '/capabilities', 200, {
      token: { name: 't', scopes: 'monitors:read monitors:create', extra: 1 },
      plan: { name: 'Team', minimumInterval: '1m', allowedIntervals: [300, 900] },
      features: ['statusPages'],
      limits: { rpm: 100 },
    });
    const r = await h.client.getCapabilities();
    expect(r.data.token).toEqual({ name: 't' });
    expect(r.data.plan).toEqual({ name: 'Team', allowedIntervals: [300, 900] });
    expect(unreportedCapabilities(r.data)).toEqual([
      'token.scopes',
      'token.restricted',
      'token.monitorIds',
      'token.expiresAt',
      'plan.pro',
      'plan.monitorCapacity',
      'plan.monitorsUsed',
      'plan.minIntervalSeconds',
      'features.checks',
      'features.exports',
      'features.statusPages',
      'features.smsAlerts',
      'allowances.perMinute',
      'allowances.monthly',
    ]);
  });

  test('not even an object (an HTML page): every fact unreported, no error', async () => {
    const h = harness();
    reply(h, 'GET', '/usage', 200, '<html>ok</html>');
    const r = await h.client.getUsage();
    expect(unreportedUsage(r.data)).toHaveLength(9);
    expect(r.data.monitors).toEqual({});
  });
});

describe('errors: the status is the contract, the service text is shown from any common shape', () => {
  const validation: [string, string, unknown, RegExp][] = [
    [
      'RFC 9457 problem details with invalid-params',
      'application/problem+json',
      {
        type: 'https://errors.example/validation',
        title: 'Validation failed',
        status: 422,
        detail: 'The monitor is not valid.',
        'invalid-params': [{ name: 'timeoutMs', reason: 'must be at most 10000' }],
      },
      /422 invalid request — The monitor is not valid\. \(timeoutMs: must be at most 10000\)/,
    ],
    [
      'problem details with a title only',
      'application/problem+json',
      { title: 'Name too long', status: 422 },
      /422 invalid request — Name too long/,
    ],
    ['{message}', 'application/json', { message: 'name is too long' }, /— name is too long/],
    ['{error: "text"}', 'application/json', { error: 'name is too long' }, /— name is too long/],
    [
      '{errors: [{detail, source.pointer}]}',
      'application/json',
      { errors: [{ detail: 'is too long', source: { pointer: '/requestHeaders/2/name' } }] },
      /— is too long \(requestHeaders\[2\]\.name: is too long\)/,
    ],
    ['plain text', 'text/plain', 'name is too long', /— name is too long/],
    ['an empty body', 'text/plain', '', /422 invalid request — correct the request/],
  ];
  test.each(validation)('%s', async (_what, type, body, message) => {
    const h = harness();
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}`, 422, body, { 'content-type': type });
    const e = await h.client
      .updateMonitor(MONITOR_ID, { name: 'x' }, { ifMatch: 'v1' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as Error).message).toMatch(message);
  });

  test('field problems of another shape become details naming the field', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 400, {
      'invalid-params': [{ name: 'url', reason: 'must be https' }],
    });
    const e = (await h.client.createMonitor({ url: 'http://x' }).catch((x: unknown) => x)) as ValidationError;
    expect(e.details).toEqual([{ field: 'url', rule: '', message: 'must be https' }]);
  });

  test('a 409 without a code is a conflict of unknown reason, the service text kept', async () => {
    const h = harness();
    reply(h, 'POST', '/monitors', 409, { title: 'Conflict', detail: 'Monitor exists.' });
    const e = (await h.client
      .createMonitor({ url: 'https://x.example' })
      .catch((x: unknown) => x)) as ConflictError;
    expect(e).toBeInstanceOf(ConflictError);
    expect([e.reason, e.existingMonitorId]).toEqual(['unknown', null]);
    expect(e.message).toContain('409 conflict — Monitor exists.');
  });

  test('the service text never drives the terminal: control characters and line breaks become spaces', async () => {
    const h = harness();
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}`, 400, { message: 'bad\u001b[31m red\nnext\u2028line' });
    const e = (await h.client
      .updateMonitor(MONITOR_ID, { name: 'x' }, { ifMatch: 'v1' })
      .catch((x: unknown) => x)) as Error;
    expect(e.message).toContain('— bad [31m red next line');
    // eslint-disable-next-line no-control-regex -- control characters are what must be gone
    expect(e.message).not.toMatch(/[\u0000-\u001f\u2028]/);
  });
});

describe('records whose fields the spec does not show: summary, checks, exports, downloads', () => {
  test('what is there with our type is kept, the rest left out; nothing fails', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}/summary`, 200, {
      data: {
        uptimePercent: 99.5,
        checks: { total: '12' },
        timeline: [{ start: 'x' }, 'not a bucket'],
        avail: 1,
      },
    });
    const s = (await h.client.getMonitorSummary(MONITOR_ID)).data;
    expect(s).toEqual({ uptimePercent: 99.5, checks: {}, timeline: [{ start: 'x' }] });
    reply(h, 'GET', `/monitors/${MONITOR_ID}/checks`, 200, {
      data: [{ id: 'c1', status: 'degraded', at: 'now' }],
      pagination: { limit: 25, nextCursor: null },
    });
    expect((await h.client.listMonitorChecks(MONITOR_ID)).data.items).toEqual([{ id: 'c1' }]);
    reply(h, 'GET', '/exports/exp_0123456789abcdef0123456789abcdef/download', 200, { data: { link: 'x' } });
    expect((await h.client.getExportDownload('exp_0123456789abcdef0123456789abcdef')).data).toEqual({});
  });

  test('an export job needs what the spec shows as its required strings: id and monitorId', async () => {
    const h = harness();
    const id = 'exp_0123456789abcdef0123456789abcdef';
    reply(h, 'GET', `/exports/${id}`, 200, {
      data: { id, monitorId: MONITOR_ID, status: 'running', type: 1 },
    });
    expect((await h.client.getExport(id)).data).toEqual({ id, monitorId: MONITOR_ID });
    reply(h, 'GET', `/exports/${id}`, 200, { data: { status: 'ready' } });
    await expect(h.client.getExport(id)).rejects.toThrow(/does not match the v1 contract \(id: /);
  });
});
