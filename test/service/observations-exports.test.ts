import {
  Capabilities,
  ExpiryBody,
  ExportJob,
  IncidentDetail,
  MonitorSummary,
  Usage,
  listEnvelope,
  Incident,
  Alert,
  CheckResult,
} from '../../src/api/index.js';
import { Harness, http, testSeed } from './helpers.js';

let h: Harness;
let m: any;
beforeAll(async () => {
  h = await Harness.start(testSeed());
  m = await h.createMonitor();
});
afterAll(() => h.close());

describe('part-2 reads exist with valid bodies in the model shapes', () => {
  test.each([
    ['24h', 24],
    ['7d', 28],
    ['30d', 30],
  ])('summary %s: zero checks, %i buckets', async (range, buckets) => {
    const r = await h.call('GET', `/monitors/${m.id}/summary?range=${range}`);
    expect(r.status).toBe(200);
    const s = MonitorSummary.parse(r.json.data);
    expect(s).toMatchObject({
      monitorId: m.id,
      range,
      uptimePercent: null,
      checks: { total: 0, up: 0, down: 0 },
      incidents: 0,
    });
    expect(s.timeline).toHaveLength(buckets);
    expect(s.timeline[0]!.start).toBe(s.from);
    expect(s.timeline[buckets - 1]!.end).toBe(s.to);
  });

  test('summary default range and bad range', async () => {
    expect((await h.call('GET', `/monitors/${m.id}/summary`)).json.data.range).toBe('24h');
    const bad = await h.call('GET', `/monitors/${m.id}/summary?range=1y`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0]).toMatchObject({
      field: 'range',
      rule: 'one_of',
      allowed: ['24h', '7d', '30d'],
    });
  });

  test('expiry: unknown status for ssl and domain', async () => {
    const r = await h.call('GET', `/monitors/${m.id}/expiry`);
    const e = ExpiryBody.parse(r.json.data);
    expect(e.monitorId).toBe(m.id);
    expect(e.ssl.status).toBe('unknown');
    expect(e.domain.status).toBe('unknown');
  });

  test.each([
    [`/monitors/{id}/checks`, CheckResult],
    [`/monitors/{id}/incidents`, Incident],
    [`/monitors/{id}/alerts`, Alert],
    ['/incidents', Incident],
    ['/alerts', Alert],
  ])('%s: empty page', async (path, record) => {
    const r = await h.call('GET', `${path.replace('{id}', m.id)}?limit=10`);
    expect(r.status).toBe(200);
    expect(listEnvelope(record).parse(r.json)).toEqual({
      data: [],
      pagination: { limit: 10, nextCursor: null },
    });
  });

  test('incident list filters are validated; unknown incident and alert ids are 404', async () => {
    expect((await h.call('GET', '/incidents?status=open&type=performance')).status).toBe(200);
    expect((await h.call('GET', '/incidents?status=closed')).status).toBe(400);
    expect((await h.call('GET', '/incidents/inc_nope')).status).toBe(404);
    expect((await h.call('GET', '/alerts/alt_nope')).status).toBe(404);
  });

  test('incidents and alerts recorded by the store (part 2) are scoped by tenant and selection', async () => {
    const seeded = (await h.call('GET', '/monitors')).json.data.find((x: any) => x.name === 'Seeded').id;
    const now = h.svc.clock.iso();
    h.svc.store.state.incidents.inc_1 = {
      id: 'inc_1',
      tenantId: 'acme',
      monitorId: m.id,
      startedAt: now,
      status: 'open',
      type: 'availability',
      activity: [],
    };
    h.svc.store.state.alerts.alt_1 = {
      id: 'alt_1',
      tenantId: 'acme',
      monitorId: seeded,
      timestamp: now,
      type: 'test',
      delivered: true,
      suppressed: false,
    };
    const d = await h.call('GET', '/incidents/inc_1');
    expect(IncidentDetail.parse(d.json.data).id).toBe('inc_1');
    expect(d.json.data.tenantId).toBeUndefined();
    expect((await h.call('GET', '/incidents')).json.data.map((i: any) => i.id)).toEqual(['inc_1']);
    expect((await h.call('GET', '/incidents', { as: 'restricted' })).json.data).toEqual([]);
    expect((await h.call('GET', '/incidents/inc_1', { as: 'restricted' })).status).toBe(404);
    expect((await h.call('GET', '/incidents/inc_1', { as: 'beta' })).status).toBe(404);
    expect((await h.call('GET', '/alerts/alt_1', { as: 'restricted' })).status).toBe(200);
    expect((await h.call('GET', `/monitors/${m.id}/summary`)).json.data.incidents).toBe(1);
  });
});

describe('usage and capabilities', () => {
  test('report the token, plan, features and allowances truthfully', async () => {
    const r = await h.call('GET', '/capabilities', { as: 'restricted' });
    const c = Capabilities.parse(r.json.data);
    const seeded = (await h.call('GET', '/monitors', { as: 'restricted' })).json.data[0].id;
    expect(c.token).toMatchObject({
      name: 'restricted',
      restricted: true,
      monitorIds: [seeded],
      expiresAt: null,
    });
    expect(c.token.scopes).toContain('monitors:archive');
    expect(c.plan).toMatchObject({
      name: 'pro',
      pro: true,
      monitorCapacity: 50,
      minIntervalSeconds: 60,
      allowedIntervals: [60, 300, 900, 1800, 3600],
    });
    expect(c.features).toEqual({ checks: true, exports: true, statusPages: true, smsAlerts: true });
    expect(c.allowances).toEqual({ perMinute: 10000, monthly: 1000000 });
    const used = (await h.call('GET', '/monitors?limit=100')).json.data.filter(
      (x: any) => !x.archived,
    ).length;
    expect(c.plan.monitorsUsed).toBe(used);

    const beta = Capabilities.parse((await h.call('GET', '/capabilities', { as: 'beta' })).json.data);
    expect(beta.plan).toMatchObject({
      pro: false,
      minIntervalSeconds: 300,
      allowedIntervals: [300, 900, 1800, 3600],
    });
    expect(beta.features.checks).toBe(false);
    expect(beta.token.restricted).toBe(false);

    const u = await h.call('GET', '/usage');
    const usage = Usage.parse(u.json.data);
    expect(usage.monitors).toEqual({ used, capacity: 50 });
    expect(usage.perMinute.remaining).toBe(Number(u.headers['x-ratelimit-remaining']));
    expect(usage.monthly!.remaining).toBe(Number(u.headers['x-ratelimit-monthly-remaining']));
    expect(Date.parse(usage.perMinute.resetAt) / 1000).toBe(Number(u.headers['x-ratelimit-reset']));
  });
});

describe('exports', () => {
  test('POST /exports → 202 queued job with Location; GET it; download 409 while queued', async () => {
    const r = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    expect(r.status).toBe(202);
    const job = ExportJob.parse(r.json.data);
    expect(job.id).toMatch(/^exp_[a-f0-9]{32}$/);
    expect(job).toMatchObject({
      monitorId: m.id,
      type: 'checks',
      format: 'csv',
      status: 'queued',
      filters: { status: 'all' },
    });
    expect(Date.parse(job.range.to) - Date.parse(job.range.from)).toBe(24 * 3600 * 1000);
    expect(r.headers.location).toBe(`${h.svc.baseUrl}/exports/${job.id}`);
    const g = await h.call('GET', `/exports/${job.id}`);
    expect(g.json.data).toEqual(r.json.data);
    const d = await h.call('GET', `/exports/${job.id}/download`);
    expect(d.status).toBe(409);
    expect(d.json.error.code).toBe('export_not_ready');
  });

  test('ready → short-lived download link; expired artifact → 410; failed → 409', async () => {
    // clear the concurrency budget left by the previous test
    for (const e of Object.values(h.svc.store.state.exports)) e.status = 'failed';
    const r = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    const id = r.json.data.id;
    expect((await h.admin('PATCH', `/exports/${id}`, { status: 'ready', rowCount: 0 })).status).toBe(200);
    const d = await h.call('GET', `/exports/${id}/download`);
    expect(d.status).toBe(200);
    expect(Date.parse(d.json.data.expiresAt) - h.svc.clock.now()).toBeLessThanOrEqual(300_000);
    const file = await http('GET', d.json.data.url);
    expect(file.status).toBe(200);
    expect(file.text).toMatch(/^checkedAt,status/);
    // the link lasts at most 5 minutes
    await h.advance(301);
    expect((await http('GET', d.json.data.url)).status).toBe(404);
    // the artifact lasts 6 hours
    await h.advance(6 * 3600);
    const gone = await h.call('GET', `/exports/${id}/download`);
    expect(gone.status).toBe(410);
    expect(gone.json.error.code).toBe('gone');
    expect((await h.call('GET', `/exports/${id}`)).json.data.status).toBe('expired');
    const f = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    await h.admin('PATCH', `/exports/${f.json.data.id}`, { status: 'failed', error: 'boom' });
    expect((await h.call('GET', `/exports/${f.json.data.id}/download`)).status).toBe(409);
  });

  test('400 for range, filter, type and format; 404 for an inaccessible monitor; 429 past 2 concurrent', async () => {
    for (const e of Object.values(h.svc.store.state.exports)) e.status = 'failed';
    const now = h.svc.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const bad = [
      [{ type: 'incidents' }, 'type', 'one_of'],
      [{ format: 'xlsx' }, 'format', 'one_of'],
      [{ from: iso(now - 1000), to: iso(now - 2000) }, 'from', 'range'],
      [{ from: iso(now - 31 * 86400_000) }, 'from', 'retention'],
      [{ to: iso(now + 3600_000) }, 'to', 'range'],
      [{ from: 'yesterday' }, 'from', 'format'],
      [{ filters: { status: 'slow' } }, 'filters.status', 'one_of'],
      [{ filters: { statusCode: 600 } }, 'filters.statusCode', 'maximum'],
      [{ filters: { minLatencyMs: 120001 } }, 'filters.minLatencyMs', 'maximum'],
      [{ filters: { minLatencyMs: 500, maxLatencyMs: 100 } }, 'filters.minLatencyMs', 'range'],
      [{ filters: { failureCategory: 'x'.repeat(81) } }, 'filters.failureCategory', 'max_length'],
      [{ filters: { region: 'eu' } }, 'filters.region', 'unknown_field'],
    ] as const;
    for (const [extra, field, rule] of bad) {
      const r = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id, ...extra } });
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.json.error.details[0]).toMatchObject({ field, rule });
    }
    expect(
      (
        await h.call('POST', '/exports', {
          ik: true,
          body: { monitorId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
    const beta = (await h.call('GET', '/monitors', { as: 'beta' })).json.data[0].id;
    expect((await h.call('POST', '/exports', { ik: true, body: { monitorId: beta } })).status).toBe(404);
    expect((await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } })).status).toBe(202);
    expect((await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } })).status).toBe(202);
    const third = await h.call('POST', '/exports', { ik: true, body: { monitorId: m.id } });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('60');
    expect(third.json.error.details[0].rule).toBe('concurrent_exports');
  });

  test('processing → download 409; same key with another export body → 409 idempotency_conflict', async () => {
    for (const e of Object.values(h.svc.store.state.exports)) e.status = 'failed';
    const key = 'export-key-123';
    const r = await h.call('POST', '/exports', {
      body: { monitorId: m.id },
      headers: { 'idempotency-key': key },
    });
    expect(r.status).toBe(202);
    const again = await h.call('POST', '/exports', {
      body: { monitorId: m.id },
      headers: { 'idempotency-key': key },
    });
    expect(again.text).toBe(r.text);
    const other = await h.call('POST', '/exports', {
      body: { monitorId: m.id, filters: { status: 'down' } },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('idempotency_conflict');
    await h.admin('PATCH', `/exports/${r.json.data.id}`, { status: 'processing' });
    const d = await h.call('GET', `/exports/${r.json.data.id}/download`);
    expect(d.status).toBe(409);
    expect(d.json.error.code).toBe('export_not_ready');
  });

  test('export reads: 404 for malformed, unknown, other-tenant ids; 403 without exports:read', async () => {
    const id = Object.keys(h.svc.store.state.exports)[0]!;
    expect((await h.call('GET', '/exports/exp_nope')).status).toBe(404);
    expect((await h.call('GET', `/exports/exp_${'f'.repeat(32)}`)).status).toBe(404);
    expect((await h.call('GET', `/exports/${id}`, { as: 'beta' })).status).toBe(404);
    expect((await h.call('GET', `/exports/${id}/download`, { as: 'beta' })).status).toBe(404);
    expect((await h.call('GET', `/exports/${id}`, { as: 'reader' })).status).toBe(403);
  });
});
