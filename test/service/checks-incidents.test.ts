// Checks engine through HTTP with the controllable clock: real checks against local servers, statuses,
// incidents, alert records, slow responses, expiry, summary and the checks list.
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateServerCertificate } from '../../src/protocol/tls.js';
import { Alert, CheckResult, IncidentDetail, listEnvelope, MonitorSummary } from '../../src/api/index.js';
import type { Harness } from './helpers.js';
import { engineHarness, LocalServer, monitor, tick } from './engine-helpers.js';

const EMAIL = 'dest_email_aaaaaaaaaaaaaaaaaaaaaaaa';
const SMS = 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb';
const HEADER_SECRET = 'hdr-secret-7f3a9c';
const PASSWORD = 'pw-secret-0d5e21';

let h: Harness;
let target: LocalServer;
beforeAll(async () => {
  h = await engineHarness();
  target = await LocalServer.start();
});
afterAll(async () => {
  await h.close();
  await target.close();
});

const incidentsOf = async (id: string) =>
  listEnvelope(IncidentDetail).parse((await h.call('GET', `/monitors/${id}/incidents?limit=100`)).json).data;
const alertsOf = async (id: string) =>
  listEnvelope(Alert).parse((await h.call('GET', `/monitors/${id}/alerts?limit=100`)).json).data;

describe('a monitor pointed at a local server that goes down and up', () => {
  let id: string;
  let version: string;
  const path = '/health';

  test('the first check moves it out of pending; a real request with headers and basic auth', async () => {
    target.answer(200);
    const m = await h.createMonitor({
      url: `${target.url}${path}`,
      intervalSeconds: 60,
      timeoutMs: 2000,
      requestHeaders: [{ name: 'X-Api-Key', value: HEADER_SECRET }],
      authConfig: { type: 'basic', username: 'probe', password: PASSWORD },
      alertChannels: { email: true, sms: true },
      alertDestinationIds: { email: EMAIL, sms: SMS },
    });
    id = m.id;
    version = m.version;
    expect(m.status).toBe('pending');
    await tick(h);
    const req = target.seen.find((s) => s.url === path)!;
    expect(req.method).toBe('GET');
    expect(req.headers['x-api-key']).toBe(HEADER_SECRET);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`probe:${PASSWORD}`).toString('base64')}`);
    const now = await monitor(h, id);
    expect(now).toMatchObject({ status: 'up', httpStatus: 200, lastCheckAt: h.svc.clock.iso() });
    expect(now.lastStatusAt).toBe(now.lastCheckAt);
    expect(now.responseTimeMs).toEqual(expect.any(Number));
    // observation fields are not configuration: the version (ETag) and updatedAt stay
    expect(now.version).toBe(version);
    expect(now.etag).toBe(`"${version}"`);
    expect(now.updatedAt).toBe(m.updatedAt);
  });

  test('not due before its interval; down opens an availability incident with alert records', async () => {
    const before = target.seen.length;
    await h.advance(59);
    expect(target.seen.length).toBe(before);
    target.answer(503);
    await h.advance(1);
    const m = await monitor(h, id);
    expect(m).toMatchObject({ status: 'down', httpStatus: 503, version });
    const [inc] = await incidentsOf(id);
    expect(inc).toMatchObject({
      monitorId: id,
      status: 'open',
      type: 'availability',
      httpStatus: 503,
      failureCategory: 'http_status',
      startedAt: m.lastCheckAt,
      resolvedAt: null,
      durationMinutes: null,
    });
    expect(inc!.failureReason).toMatch(/503/);
    const detail = IncidentDetail.parse((await h.call('GET', `/incidents/${inc!.id}`)).json.data);
    expect(detail.activity![0]).toMatchObject({ kind: 'opened' });
    expect(detail.diagnostics).toMatchObject({ httpStatus: 503, consecutiveFailures: 1 });
    const alerts = await alertsOf(id);
    expect(alerts.map((a) => [a.channel, a.type, a.status, a.previousStatus, a.deliveryStatus])).toEqual(
      expect.arrayContaining([
        ['email', 'availability', 'down', 'up', 'queued'],
        ['sms', 'availability', 'down', 'up', 'queued'],
      ]),
    );
    expect(alerts).toHaveLength(2);
  });

  test('alert delivery status moves queued → sending → sent → delivered on the service clock', async () => {
    await h.advance(1);
    expect((await alertsOf(id)).map((a) => a.deliveryStatus)).toEqual(['sending', 'sending']);
    await h.advance(1);
    expect((await alertsOf(id)).map((a) => a.deliveryStatus)).toEqual(['sent', 'sent']);
    await h.advance(3);
    const done = await alertsOf(id);
    expect(done.map((a) => [a.deliveryStatus, a.delivered, a.suppressed])).toEqual([
      ['delivered', true, false],
      ['delivered', true, false],
    ]);
  });

  test('still down: one incident, more activity; up again: resolved with its duration and recovery alerts', async () => {
    await h.advance(55); // t = 120 s
    await h.advance(60); // t = 180 s
    let incs = await incidentsOf(id);
    expect(incs).toHaveLength(1);
    const detail = IncidentDetail.parse((await h.call('GET', `/incidents/${incs[0]!.id}`)).json.data);
    expect(detail.activity).toHaveLength(3);
    expect(detail.diagnostics).toMatchObject({ consecutiveFailures: 3 });
    target.answer(200);
    await h.advance(60); // t = 240 s: down at 60 s → up at 240 s
    const m = await monitor(h, id);
    expect(m).toMatchObject({ status: 'up', httpStatus: 200, version });
    incs = await incidentsOf(id);
    expect(incs[0]).toMatchObject({ status: 'resolved', durationMinutes: 3, resolvedAt: m.lastCheckAt });
    const recovery = (await alertsOf(id)).filter((a) => a.status === 'up');
    expect(recovery.map((a) => [a.channel, a.previousStatus])).toEqual(
      expect.arrayContaining([
        ['email', 'down'],
        ['sms', 'down'],
      ]),
    );
    expect((await h.call('GET', '/incidents?status=resolved&type=availability')).json.data[0].id).toBe(
      incs[0]!.id,
    );
  });

  test('summary and the checks list (Pro plan and checks:read, else 403)', async () => {
    const s = MonitorSummary.parse((await h.call('GET', `/monitors/${id}/summary?range=24h`)).json.data);
    expect(s.checks).toEqual({ total: 5, up: 2, down: 3 });
    expect(s.uptimePercent).toBe(40);
    expect(s.incidents).toBe(1);
    expect(s.timeline).toHaveLength(24);
    expect(s.timeline.reduce((n, b) => n + b.checks, 0)).toBe(5);
    expect(s.responseTimeMs.max).toEqual(expect.any(Number));

    const p1 = await h.call('GET', `/monitors/${id}/checks?limit=2`);
    expect(p1.status).toBe(200);
    const page1 = listEnvelope(CheckResult).parse(p1.json);
    expect(page1.data.map((c) => c.status)).toEqual(['up', 'down']);
    expect(page1.data[0]!.checkedAt > page1.data[1]!.checkedAt).toBe(true);
    const all: string[] = page1.data.map((c) => c.id);
    let cursor = page1.pagination.nextCursor;
    while (cursor) {
      const r = await h.call('GET', `/monitors/${id}/checks?limit=2&cursor=${cursor}`);
      all.push(...r.json.data.map((c: any) => c.id));
      cursor = r.json.pagination.nextCursor;
    }
    expect(new Set(all).size).toBe(5);
    const reader = await h.call('GET', `/monitors/${id}/checks`, { as: 'reader' });
    expect(reader.status).toBe(403);
    expect(reader.json.error.details[0].rule).toBe('scope');
    const beta = (await h.call('GET', '/monitors', { as: 'beta' })).json.data[0].id;
    const free = await h.call('GET', `/monitors/${beta}/checks`, { as: 'beta' });
    expect(free.status).toBe(403);
    expect(free.json.error.details[0].rule).toBe('plan');
  });

  test('secrets never appear in checks, incidents, alerts or summaries', async () => {
    const bodies = await Promise.all(
      [
        `/monitors/${id}/checks?limit=100`,
        `/monitors/${id}/incidents`,
        `/monitors/${id}/alerts?limit=100`,
        `/monitors/${id}/summary`,
        '/incidents',
        '/alerts?limit=100',
      ].map((p) => h.call('GET', p)),
    );
    const inc = (await incidentsOf(id))[0]!;
    bodies.push(await h.call('GET', `/incidents/${inc.id}`));
    for (const b of bodies) {
      expect(b.text).not.toContain(HEADER_SECRET);
      expect(b.text).not.toContain(PASSWORD);
    }
  });

  test('paused monitors are not checked; activate queues a check', async () => {
    await h.call('POST', `/monitors/${id}/pause`, { ik: true });
    const seen = target.seen.length;
    await h.advance(180);
    expect(target.seen.length).toBe(seen);
    expect((await monitor(h, id)).status).toBe('paused');
    await h.call('POST', `/monitors/${id}/activate`, { ik: true });
    expect((await monitor(h, id)).status).toBe('pending');
    await tick(h);
    expect(target.seen.length).toBe(seen + 1);
    expect((await monitor(h, id)).status).toBe('up');
  });
});

describe('probe rules', () => {
  test('redirects followed or not, accepted status codes, HEAD', async () => {
    const srv = await LocalServer.start();
    try {
      srv.fallback = (req, res) => {
        if (req.url?.startsWith('/moved')) {
          res.writeHead(302, { location: '/final' });
          return res.end();
        }
        res.writeHead(req.url === '/final' ? 204 : 418);
        res.end();
      };
      const follow = await h.createMonitor({ url: `${srv.url}/moved`, intervalSeconds: 60 });
      const stay = await h.createMonitor({
        url: `${srv.url}/moved?x`,
        followRedirects: false,
        intervalSeconds: 60,
      });
      const teapot = await h.createMonitor({
        url: `${srv.url}/tea`,
        requestMethod: 'head',
        acceptedStatusCodes: [418],
        intervalSeconds: 60,
      });
      await tick(h);
      expect(await monitor(h, follow.id)).toMatchObject({ status: 'up', httpStatus: 204 });
      expect(await monitor(h, stay.id)).toMatchObject({ status: 'down', httpStatus: 302 });
      expect((await incidentsOf(stay.id))[0]).toMatchObject({ failureCategory: 'http_status' });
      expect(await monitor(h, teapot.id)).toMatchObject({ status: 'up', httpStatus: 418 });
      expect(srv.seen.find((s) => s.url === '/tea')!.method).toBe('HEAD');
      for (const m of [follow, stay, teapot]) await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    } finally {
      await srv.close();
    }
  });

  test('timeout, refused connection and an unresolvable host are down with their failure category', async () => {
    const srv = await LocalServer.start();
    srv.fallback = () => undefined; // never answers
    const closed = await LocalServer.start();
    const closedUrl = closed.url;
    await closed.close();
    try {
      const slow = await h.createMonitor({ url: `${srv.url}/hang`, timeoutMs: 1000, intervalSeconds: 60 });
      const refused = await h.createMonitor({ url: `${closedUrl}/`, intervalSeconds: 60 });
      const dns = await h.createMonitor({ url: 'https://no-such-host.invalid/', intervalSeconds: 60 });
      // The hanging target is given up after its timeoutMs (a check that waited for it would not end within the
      // test's timeout); its category says so below. How long the tick took on this machine is not asserted.
      await tick(h);
      const cat = async (id: string) => (await h.call('GET', `/monitors/${id}/checks`)).json.data[0];
      expect(await cat(slow.id)).toMatchObject({
        status: 'down',
        failureCategory: 'timeout',
        httpStatus: null,
      });
      expect(await cat(refused.id)).toMatchObject({ status: 'down', failureCategory: 'connection' });
      expect(['dns', 'connection']).toContain((await cat(dns.id)).failureCategory);
      for (const m of [slow, refused, dns]) await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    } finally {
      await srv.close();
    }
  });
});

describe('admin controls, slow responses and alert delivery cases', () => {
  test('forced outcomes drive the slow-response state and performance incidents; run-now checks at once', async () => {
    target.answer(200);
    const m = await h.createMonitor({
      url: `${target.url}/slow`,
      intervalSeconds: 300,
      slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 2 },
    });
    await tick(h);
    const slow = { status: 'up', responseTimeMs: 2500, times: 2 };
    expect((await h.admin('POST', `/monitors/${m.id}/force`, slow)).json.data).toEqual({ queued: 2 });
    const run = await h.admin('POST', `/monitors/${m.id}/check`);
    expect(run.status).toBe(200);
    expect(run.json.data.check).toMatchObject({ status: 'up', responseTimeMs: 2500 });
    expect((await monitor(h, m.id)).slowResponse.state).toBe('healthy'); // 1 of 2
    await h.advance(300);
    const now = await monitor(h, m.id);
    expect(now.slowResponse).toMatchObject({ state: 'slow', lastAlertedAt: now.lastCheckAt });
    const [perf] = (await incidentsOf(m.id)).filter((i) => i.type === 'performance');
    expect(perf).toMatchObject({ status: 'open', thresholdMs: 2000, responseTimeMs: 2500 });
    expect((await alertsOf(m.id)).map((a) => [a.type, a.status])).toEqual([['performance', 'slow']]);
    // back to normal (the real local server answers fast)
    await h.admin('POST', `/monitors/${m.id}/check`);
    const healed = await monitor(h, m.id);
    expect(healed.slowResponse).toMatchObject({ state: 'healthy', lastRecoveredAt: healed.lastCheckAt });
    expect((await incidentsOf(m.id)).find((i) => i.id === perf!.id)).toMatchObject({ status: 'resolved' });
    expect(healed.version).toBe(m.version);

    const bad = await h.admin('POST', `/monitors/${m.id}/force`, { status: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0]).toMatchObject({
      field: 'status',
      rule: 'one_of',
      allowed: ['up', 'down'],
    });
    await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    expect((await h.admin('POST', `/monitors/${m.id}/check`)).status).toBe(409);
  });

  test('bounced, then suppressed; sms_disabled when the plan has no SMS; pausing resolves the incident', async () => {
    target.answer(200);
    const m = await h.createMonitor({
      url: `${target.url}/cases`,
      intervalSeconds: 300,
      alertChannels: { email: true, sms: true },
      alertDestinationIds: { email: EMAIL, sms: SMS },
    });
    await tick(h);
    expect((await h.admin('PATCH', `/destinations/${EMAIL}`, { simulate: 'bounced' })).status).toBe(200);
    await h.admin('POST', `/monitors/${m.id}/force`, {
      status: 'down',
      failureCategory: 'timeout',
      runNow: true,
    });
    await h.advance(10);
    expect((await alertsOf(m.id)).map((a) => [a.channel, a.deliveryStatus, a.delivered])).toEqual(
      expect.arrayContaining([
        ['email', 'bounced', false],
        ['sms', 'delivered', true],
      ]),
    );
    await h.admin('PATCH', '/tenants/acme', { plan: { smsAlerts: false } });
    await h.admin('POST', `/monitors/${m.id}/check`); // up: recovery alerts
    const recovery = (await alertsOf(m.id)).filter((a) => a.status === 'up');
    expect(recovery.map((a) => [a.channel, a.deliveryStatus, a.suppressed, a.delivered])).toEqual(
      expect.arrayContaining([
        ['email', 'suppressed', true, false],
        ['sms', 'sms_disabled', true, false],
      ]),
    );
    await h.admin('PATCH', '/tenants/acme', { plan: { smsAlerts: true } });
    await h.admin('PATCH', `/destinations/${EMAIL}`, { simulate: null, suppressed: false });

    await h.admin('POST', `/monitors/${m.id}/force`, { status: 'down', runNow: true });
    expect((await incidentsOf(m.id))[0]!.status).toBe('open');
    await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
    const closed = IncidentDetail.parse(
      (await h.call('GET', `/incidents/${(await incidentsOf(m.id))[0]!.id}`)).json.data,
    );
    expect(closed.status).toBe('resolved');
    expect(closed.activity!.at(-1)).toMatchObject({ kind: 'monitoring_stopped' });
  });
});

describe('expiry', () => {
  let tls: Server;
  let port: number;
  beforeAll(async () => {
    // self-signed for localhost, valid for 20 more days (made in-process: a year's validity that began 345 days ago)
    const cert = generateServerCertificate(new Date(Date.now() - 345 * 86400_000));
    tls = createHttpsServer({ key: cert.keyPem, cert: cert.certPem }, (_req, res) => res.end('ok'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    port = (tls.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise((r) => tls.close(r));
  });

  test('SSL expiry comes from the certificate the https target presents; warnDays drives warning', async () => {
    // the service clock is in 2030 here: bring it back to real time so the 20-day certificate is current
    await h.admin('POST', '/clock', { set: new Date().toISOString() });
    const m = await h.createMonitor({
      url: `https://127.0.0.1:${port}/`,
      intervalSeconds: 300,
      sslMonitoring: { enabled: true, warnDays: 30 },
    });
    await tick(h);
    const e = (await h.call('GET', `/monitors/${m.id}/expiry`)).json.data;
    expect(e.ssl).toMatchObject({
      enabled: true,
      warnDays: 30,
      status: 'warning',
      lastCheckedAt: h.svc.clock.iso(),
    });
    expect(e.ssl.daysRemaining).toBeGreaterThanOrEqual(18);
    expect(e.ssl.daysRemaining).toBeLessThanOrEqual(20);
    // the certificate is self-signed: the check itself fails on TLS, the expiry is still read
    expect((await monitor(h, m.id)).status).toBe('down');
    expect((await h.call('GET', `/monitors/${m.id}/checks`)).json.data[0].failureCategory).toBe('tls');
    expect((await alertsOf(m.id)).map((a) => a.type)).toContain('ssl_expiry');
    // 21 days later the certificate has expired
    await h.admin('POST', `/monitors/${m.id}/force`, { status: 'up', times: 1 });
    await h.advance(21 * 86400);
    expect((await h.call('GET', `/monitors/${m.id}/expiry`)).json.data.ssl.status).toBe('expired');
    await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
  });

  test('domain expiry from the admin-configured source: ok, warning, expired, error', async () => {
    target.answer(200);
    const m = await h.createMonitor({
      url: `${target.url}/domain`,
      intervalSeconds: 300,
      domainMonitoring: { enabled: true, warnDays: 14 },
    });
    await tick(h);
    expect((await h.call('GET', `/monitors/${m.id}/expiry`)).json.data.domain.status).toBe('error');
    const at = (days: number) => new Date(h.svc.clock.now() + days * 86400_000).toISOString();
    const put = async (days: number) => h.admin('PUT', '/domain-expiry/127.0.0.1', { expiresAt: at(days) });
    expect((await put(100)).status).toBe(200);
    let d = (await h.call('GET', `/monitors/${m.id}/expiry`)).json.data.domain;
    expect(d).toMatchObject({ status: 'ok', daysRemaining: 100, expiresAt: at(100) });
    await put(10);
    d = (await h.call('GET', `/monitors/${m.id}/expiry`)).json.data.domain;
    expect(d).toMatchObject({ status: 'warning', daysRemaining: 10 });
    await put(-1);
    expect((await h.call('GET', `/monitors/${m.id}/expiry`)).json.data.domain.status).toBe('expired');
    const alerts = (await alertsOf(m.id)).filter((a) => a.type === 'domain_expiry');
    expect(alerts.map((a) => a.status)).toEqual(expect.arrayContaining(['warning', 'expired']));
    const bad = await h.admin('PUT', '/domain-expiry/127.0.0.1', { expiresAt: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0]).toMatchObject({ field: 'expiresAt' });
    expect((await monitor(h, m.id)).version).toBe(m.version);
  });
});

describe('a changed monitor is checked at once (docs/api-decisions.md: fresh facts after a change)', () => {
  test('a PATCH that makes a new version queues a check; one that changes nothing does not', async () => {
    target.answer(200);
    const m = await h.createMonitor({ url: `${target.url}/changed`, intervalSeconds: 300 });
    await tick(h);
    expect((await monitor(h, m.id)).status).toBe('up');
    await h.advance(10);
    const cur = await monitor(h, m.id);
    const before = target.seen.length;
    const same = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: cur.etag,
      body: { intervalSeconds: 300 },
    });
    expect(same.status).toBe(200);
    await tick(h);
    expect(target.seen.length).toBe(before); // no new version: the schedule stays (next slot in 290 s)
    const changed = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: cur.etag,
      body: { url: `${target.url}/changed-503` },
    });
    expect(changed.status).toBe(200);
    target.answer(503);
    await h.advance(1);
    await tick(h);
    expect(target.seen.slice(before).map((s) => s.url)).toEqual(['/changed-503']);
    const after = await monitor(h, m.id);
    expect(after).toMatchObject({ status: 'down', httpStatus: 503 });
    expect(Date.parse(after.lastCheckAt)).toBeGreaterThan(Date.parse(after.updatedAt));
    await h.call('POST', `/monitors/${m.id}/pause`, { ik: true });
  });
});
