// Service profiles on the wire: each answers what it says (and only where the spec leaves the choice open), against
// the same service without it; every answer still carries X-Request-Id and no profile yields a 5xx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { z } from 'zod';
import { Monitor, StatusPage } from '../../src/api/index.js';
import { requiredPart } from '../../src/service/profiles.js';
import { REPO_ROOT } from '../helpers/build.js';
import { PROFILES, profilesNamed } from '../../src/service/index.js';
import { Harness, testSeed, type Res } from './helpers.js';

const started: Harness[] = [];
async function start(profiles: string): Promise<Harness> {
  const h = await Harness.start(testSeed(), profiles ? { profiles } : {});
  started.push(h);
  return h;
}
afterAll(() => Promise.all(started.map((h) => h.close())));

async function monitorOf(h: Harness): Promise<{ id: string; etag: string }> {
  const m = await h.createMonitor({ name: 'probe' });
  const r = await h.call('GET', `/monitors/${m.id}`);
  return { id: m.id, etag: r.headers.etag! };
}

const patch = (h: Harness, id: string, etag: string) =>
  h.call('PATCH', `/monitors/${id}`, { ik: true, ifMatch: etag, body: { name: 'renamed' } });

test('every profile is named once and documented with the spec gap it takes', () => {
  const names = PROFILES.map((p) => p.name);
  const docs = readFileSync(join(REPO_ROOT, 'docs', 'local-service.md'), 'utf8');
  expect(names.filter((n) => !docs.includes(`| \`${n}\``))).toEqual([]);
  expect(new Set(names).size).toBe(names.length);
  for (const p of PROFILES) {
    expect(p.name).toMatch(/^[a-z0-9-]+$/);
    expect(p.gap.length).toBeGreaterThan(20);
    expect(p.does.length).toBeGreaterThan(20);
  }
  expect(() => profilesNamed('write-no-content, nope')).toThrow(
    /unknown service profile "nope"; profiles: write-no-content/,
  );
});

describe('writes whose answers the spec does not show', () => {
  const cases: [string, (r: Res) => void][] = [
    ['write-no-content', (r) => expect([r.status, r.text]).toEqual([204, ''])],
    ['write-empty-body', (r) => expect([r.status, r.text]).toEqual([200, ''])],
    ['write-empty-object', (r) => expect([r.status, r.json]).toEqual([200, {}])],
    ['write-id-only', (r) => expect(Object.keys(r.json.data)).toEqual(['id'])],
    [
      'write-required-fields',
      (r) =>
        expect(Object.keys(r.json.data).sort()).toEqual(
          [
            'archived',
            'enabled',
            'followRedirects',
            'id',
            'intervalSeconds',
            'name',
            'requestMethod',
            'status',
            'timeoutMs',
            'type',
            'url',
          ].sort(),
        ),
    ],
  ];
  test.each(cases)(
    '%s: PATCH, pause and archive answer so; the ETag header stays; the change is made',
    async (name, check) => {
      const h = await start(name);
      const { id, etag } = await monitorOf(h);
      const r = await patch(h, id, etag);
      check(r);
      expect(r.headers.etag).toMatch(/^"v/);
      check(await h.call('POST', `/monitors/${id}/pause`, { ik: true }));
      expect((await h.call('GET', `/monitors/${id}`)).json.data).toMatchObject({
        name: 'renamed',
        enabled: false,
      });
      // Creates and reads are shown in the spec: whole records as always.
      expect((await h.call('GET', `/monitors/${id}`)).json.data.requestHeaders).toEqual([]);
    },
  );

  test('write-id-only: alert settings and status page answer their monitor id', async () => {
    const h = await start('write-id-only');
    const { id } = await monitorOf(h);
    const s = await h.call('GET', `/monitors/${id}/alert-settings`);
    const r = await h.call('PATCH', `/monitors/${id}/alert-settings`, {
      ik: true,
      ifMatch: s.headers.etag!,
      body: { channels: { sms: false } },
    });
    expect(r.json).toEqual({ data: { monitorId: id } });
  });

  test('write-required-fields reads the required fields from the model: a field added to a copy of it is kept', async () => {
    const h = await start('');
    const { id } = await monitorOf(h);
    const whole = (await h.call('GET', `/monitors/${id}`)).json.data;
    const record = { ...whole, probeRegion: 'eu-1', probeNote: 'x' };
    const models = { monitor: Monitor, statusPage: StatusPage };
    // the model as it is: the fields the spec marks required, nothing else (the list in the test above)
    expect(Object.keys(requiredPart(record, models)!)).toEqual(
      expect.arrayContaining(['id', 'name', 'url', 'timeoutMs', 'followRedirects']),
    );
    expect(requiredPart(record, models)).not.toHaveProperty('probeRegion');
    expect(requiredPart(record, models)).not.toHaveProperty('version');
    // a copy with one more required field (and one more optional one): the profile keeps the required one
    const grown = z.object({ ...Monitor.shape, probeRegion: z.string(), probeNote: z.string().optional() });
    const part = requiredPart(record, { ...models, monitor: grown })!;
    expect(part).toMatchObject({ id, probeRegion: 'eu-1' });
    expect(part).not.toHaveProperty('probeNote');
    expect(Object.keys(part).sort()).toEqual(
      [...Object.keys(requiredPart(record, models)!), 'probeRegion'].sort(),
    );
    // the status page's model likewise; a record of neither model (alert settings) is left whole
    const page = { monitorId: id, enabled: true, verificationStatus: 'verified', slug: 's', pageTier: 'pro' };
    const grownPage = z.object({ ...StatusPage.shape, pageTier: z.string() });
    expect(requiredPart(page, models)).toEqual({
      monitorId: id,
      enabled: true,
      verificationStatus: 'verified',
    });
    expect(requiredPart(page, { ...models, statusPage: grownPage })).toMatchObject({ pageTier: 'pro' });
    expect(requiredPart({ monitorId: id, channels: {} }, models)).toBeNull();
  });
});

describe('lists', () => {
  test('list-reverse-order: each page in the reverse of our order (createdAt, then id)', async () => {
    const h = await start('list-reverse-order');
    for (let i = 0; i < 3; i++) await h.createMonitor({ name: `m${i}` });
    const got = (await h.call('GET', '/monitors?limit=100')).json.data as { createdAt: string; id: string }[];
    const ours = [...got].sort((x, y) => `${x.createdAt}|${x.id}`.localeCompare(`${y.createdAt}|${y.id}`));
    expect(got.map((m) => m.id)).toEqual(ours.reverse().map((m) => m.id));
    expect(got).toHaveLength(5);
  });

  test('page-cap-10: at most 10 a page whatever is asked; following nextCursor still yields every record', async () => {
    const h = await start('page-cap-10');
    for (let i = 0; i < 23; i++) await h.createMonitor({ name: `m${i}` });
    const first = await h.call('GET', '/monitors?limit=100');
    expect([first.json.data.length, first.json.pagination.limit]).toEqual([10, 10]);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const r: Res = await h.call(
        'GET',
        `/monitors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      names.push(...r.json.data.map((m: any) => m.name));
      cursor = r.json.pagination.nextCursor;
    } while (cursor);
    expect(names).toHaveLength(25);
    expect((await h.call('GET', '/monitors?limit=0')).status).toBe(400);
  });
});

test('extra-fields: records, nested objects, envelopes and errors carry fields the spec does not name', async () => {
  const h = await start('extra-fields');
  const list = await h.call('GET', '/monitors');
  expect(list.json).toMatchObject({ meta: expect.any(Object), pagination: { total: -1 } });
  expect(list.json.data[0]).toMatchObject({
    _links: expect.any(Object),
    tags: ['extra'],
    authConfig: { vendorField: 1 },
  });
  expect((await h.call('GET', '/capabilities')).json.data.token.vendorField).toBe(1);
  expect(
    (await h.call('GET', '/monitors/00000000-0000-4000-8000-000000000000')).json.error.docs,
  ).toBeDefined();
});

describe('error bodies: the status kept, the shape another service might choose', () => {
  const missing = '/monitors/00000000-0000-4000-8000-000000000000';
  test.each([
    ['message-errors', (r: Res) => expect(r.json).toEqual({ message: expect.stringContaining('not found') })],
    [
      'error-string-errors',
      (r: Res) => expect(r.json).toEqual({ error: expect.stringContaining('not found') }),
    ],
    [
      'text-errors',
      (r: Res) =>
        expect([r.headers['content-type'], r.text]).toEqual([
          'text/plain; charset=utf-8',
          expect.stringContaining('not found'),
        ]),
    ],
    ['empty-errors', (r: Res) => expect(r.text).toBe('')],
    [
      'problem-json-errors',
      (r: Res) => {
        expect(r.headers['content-type']).toBe('application/problem+json');
        expect(r.json).toEqual({
          type: 'about:blank',
          title: 'not found',
          status: 404,
          detail: expect.stringContaining('not found'),
          instance: `/v1${missing}`,
        });
      },
    ],
  ])('%s', async (name, check) => {
    const h = await start(name);
    const r = await h.call('GET', missing);
    expect(r.status).toBe(404);
    expect(r.headers['x-request-id']).toBeTruthy();
    check(r);
    expect((await h.call('GET', '/monitors', { token: 'upt_bad' })).status).toBe(401);
  });

  test('problem-json-errors: field problems as invalid-params, no code; a duplicate names no monitor', async () => {
    const h = await start('problem-json-errors');
    const bad = await h.call('POST', '/monitors', {
      ik: true,
      body: { url: 'https://x.example/', timeoutMs: 1 },
    });
    expect(bad.json['invalid-params']).toEqual([
      { name: 'timeoutMs', reason: expect.stringContaining('timeoutMs') },
    ]);
    await h.createMonitor({ url: 'https://dup.example/' });
    const dup = await h.call('POST', '/monitors', { ik: true, body: { url: 'https://dup.example/' } });
    expect(dup.status).toBe(409);
    expect(Object.keys(dup.json).sort()).toEqual(['detail', 'instance', 'status', 'title', 'type']);
  });

  test('validation-422: validation failures are 422, other errors keep their status', async () => {
    const h = await start('validation-422');
    expect((await h.call('POST', '/monitors', { ik: true, body: { url: 'nope' } })).status).toBe(422);
    expect((await h.call('GET', '/monitors?limit=1000')).status).toBe(422);
    expect((await h.call('GET', '/monitors/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

test('activate-status-up: activate answers status up; a read says what the service holds', async () => {
  const h = await start('activate-status-up');
  const { id } = await monitorOf(h);
  await h.call('POST', `/monitors/${id}/pause`, { ik: true });
  expect((await h.call('POST', `/monitors/${id}/activate`, { ik: true })).json.data.status).toBe('up');
  expect((await h.call('GET', `/monitors/${id}`)).json.data.status).toBe('pending');
});

test('observations-per-read: observation fields change on every read, the version does not', async () => {
  const h = await start('observations-per-read');
  const { id } = await monitorOf(h);
  const a = await h.call('GET', `/monitors/${id}`);
  const b = await h.call('GET', `/monitors/${id}`);
  expect(a.headers.etag).toBe(b.headers.etag);
  expect(a.json.data.version).toBe(b.json.data.version);
  expect(a.json.data.status).not.toBe(b.json.data.status);
  expect(a.json.data.responseTimeMs).not.toBe(b.json.data.responseTimeMs);
});

describe('headers', () => {
  test('no-monthly-headers: the per-minute trio only', async () => {
    const ours = await start('');
    const theirs = await start('no-monthly-headers');
    expect((await ours.call('GET', '/monitors')).headers['x-ratelimit-monthly-limit']).toBeDefined();
    const h = (await theirs.call('GET', '/monitors')).headers;
    expect(Object.keys(h).filter((k) => k.startsWith('x-ratelimit'))).toEqual([
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
  });

  test('header-case: names in upper case on the wire', async () => {
    const h = await start('header-case');
    const { id } = await monitorOf(h);
    const r = await request(`${h.svc.baseUrl}/monitors/${id}`, {
      headers: { authorization: `Bearer ${h.token('full')}` },
    });
    await r.body.text();
    const raw = (r as unknown as { rawHeaders?: Buffer[] }).rawHeaders;
    const names = raw ? raw.filter((_, i) => i % 2 === 0).map(String) : Object.keys(r.headers);
    if (raw) expect(names).toEqual(expect.arrayContaining(['ETAG', 'X-REQUEST-ID', 'X-RATELIMIT-LIMIT']));
    expect(r.headers.etag).toMatch(/^"v/);
  });

  test.each([
    ['bare-etags', /^v\d+-[0-9a-f]+$/],
    ['weak-etags', /^W\/"v\d+-[0-9a-f]+"$/],
  ])('%s: the ETag form, and If-Match with it still matches', async (name, form) => {
    const h = await start(name);
    const { id, etag } = await monitorOf(h);
    expect(etag).toMatch(form);
    expect((await patch(h, id, etag)).status).toBe(200);
  });
});

describe('account records', () => {
  test('account-records-minimal: capabilities with token name and scopes, usage with the per-minute limit', async () => {
    const h = await start('account-records-minimal');
    expect((await h.call('GET', '/capabilities')).json).toEqual({
      data: { token: { name: 'full', scopes: expect.any(Array) } },
    });
    expect((await h.call('GET', '/usage')).json).toEqual({ data: { perMinute: { limit: 10_000 } } });
  });

  test('account-records-other-shape: other names and shapes', async () => {
    const h = await start('account-records-other-shape');
    const c = (await h.call('GET', '/capabilities')).json;
    expect(typeof c.token.scopes).toBe('string');
    expect(Array.isArray(c.features)).toBe(true);
    expect(c.plan.min_interval_minutes).toBe(1);
    expect((await h.call('GET', '/usage')).json.monitor_count).toBe(2);
  });
});

describe('versions', () => {
  test('list-null-version: null in lists, single records and ETags as always', async () => {
    const h = await start('list-null-version');
    const { id, etag } = await monitorOf(h);
    expect((await h.call('GET', '/monitors')).json.data.map((m: any) => m.version)).toEqual([
      null,
      null,
      null,
    ]);
    expect((await h.call('GET', '/status-pages')).json.data.every((p: any) => p.version === null)).toBe(true);
    expect((await h.call('GET', `/monitors/${id}`)).json.data.version).toBe(etag.replace(/"/g, ''));
  });

  test('null-versions: null in every monitor and status-page body; the ETag header carries it', async () => {
    const h = await start('null-versions');
    const { id, etag } = await monitorOf(h);
    const r = await patch(h, id, etag);
    expect([r.json.data.version, r.headers.etag]).toEqual([null, expect.stringMatching(/^"v/)]);
    expect((await h.call('GET', `/monitors/${id}/alert-settings`)).json.data.version).toMatch(/^v/);
  });
});
