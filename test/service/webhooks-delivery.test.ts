// Webhook endpoints and deliveries: registration rules, signed envelopes verified by the client helper,
// the retry schedule on the service clock, secret rotation, history through the admin API.
import { verifyWebhook, WebhookVerificationError } from '../../src/client/webhooks.js';
import { Harness, testSeed } from './helpers.js';
import { engineHarness, LocalServer, tick } from './engine-helpers.js';

let h: Harness;
let target: LocalServer;
let receiver: LocalServer;
let monitorId: string;
let endpoint: { id: string; secret: string };

beforeAll(async () => {
  h = await engineHarness();
  target = await LocalServer.start();
  receiver = await LocalServer.start();
  monitorId = (
    await h.createMonitor({
      url: `${target.url}/svc`,
      intervalSeconds: 60,
      requestHeaders: [{ name: 'Authorization', value: 'Bearer monitored-secret' }],
    })
  ).id;
  await tick(h); // up
});
afterAll(async () => {
  await h.close();
  await target.close();
  await receiver.close();
});

const deliveries = async (id = endpoint.id) =>
  (await h.admin('GET', `/webhook-endpoints/${id}/deliveries`)).json.data as any[];
const verify = (s: { body: string; headers: any }, secrets: string[]) =>
  verifyWebhook({ rawBody: s.body, headers: s.headers, secrets, now: h.svc.clock.now() });

describe('endpoint registration', () => {
  test('HTTPS on port 443 only (loopback allowed in local mode); the secret is shown once', async () => {
    const bad = [
      ['http://hooks.example.com/in', 'https_only'],
      ['https://hooks.example.com:8443/in', 'port'],
    ] as const;
    for (const [url, rule] of bad) {
      const r = await h.admin('POST', '/tenants/acme/webhook-endpoints', { url, events: ['monitor.down'] });
      expect([url, r.status, r.json.error.details[0].rule]).toEqual([url, 400, rule]);
    }
    const ev = await h.admin('POST', '/tenants/acme/webhook-endpoints', {
      url: 'https://hooks.example.com/in',
      events: ['monitor.sideways'],
    });
    expect(ev.status).toBe(400);
    expect(ev.json.error.details[0]).toMatchObject({ rule: 'one_of' });
    expect(ev.json.error.details[0].allowed).toContain('export.completed');
    expect(
      (
        await h.admin('POST', '/tenants/acme/webhook-endpoints', {
          url: 'https://hooks.example.com/in',
          events: ['test'],
        })
      ).status,
    ).toBe(201);

    const r = await h.admin('POST', '/tenants/acme/webhook-endpoints', {
      url: `${receiver.url}/hook`,
      monitorIds: [monitorId],
      events: ['monitor.down', 'monitor.up', 'incident.opened', 'incident.resolved', 'export.completed'],
    });
    expect(r.status).toBe(201);
    endpoint = { id: r.json.data.id, secret: r.json.data.secret };
    expect(endpoint.secret).toMatch(/^whsec_/);
    const list = await h.admin('GET', '/tenants/acme/webhook-endpoints');
    expect(list.text).not.toContain(endpoint.secret);
    expect((await h.admin('GET', `/webhook-endpoints/${endpoint.id}`)).text).not.toContain(endpoint.secret);
  });

  test('without local mode a loopback endpoint is refused', async () => {
    const remote = await Harness.start(testSeed(), { engine: true, localMode: false });
    try {
      const r = await remote.admin('POST', '/tenants/acme/webhook-endpoints', {
        url: `${receiver.url}/hook`,
        events: ['monitor.down'],
      });
      expect([r.status, r.json.error.details[0].rule]).toEqual([400, 'https_only']);
    } finally {
      await remote.close();
    }
  });
});

describe('delivery', () => {
  test('monitor down: monitor.down and incident.opened, signed, verified by the client helper', async () => {
    receiver.answer(200, {}, 'RECEIVER-BODY-NOT-STORED');
    target.answer(500);
    await h.advance(60);
    const got = receiver.seen.filter((s) => s.url === '/hook');
    expect(got).toHaveLength(2);
    const events = got.map((s) => verify(s, [endpoint.secret]));
    expect(events.map((e) => e.type).sort()).toEqual(['incident.opened', 'monitor.down']);
    for (const [i, e] of events.entries()) {
      const s = got[i]!;
      expect(e.schemaVersion).toBe(1);
      expect(e.tenantId).toBe('acme');
      expect(s.headers['service-event-id']).toBe(e.eventId);
      expect(e.deliveryId).toBe(s.headers['service-delivery']);
      expect(s.headers['content-type']).toBe('application/json');
      expect(s.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(s.body).not.toContain('monitored-secret');
    }
    const down = events.find((e) => e.type === 'monitor.down')!;
    expect(down.data).toMatchObject({ monitor: { id: monitorId, status: 'down' }, previousStatus: 'up' });
    const opened = events.find((e) => e.type === 'incident.opened')!;
    expect(opened.data).toMatchObject({ incident: { monitorId, status: 'open', type: 'availability' } });
    // a wrong secret or a modified body is rejected by the helper
    expect(() => verify(got[0]!, ['whsec_wrong_0123456789'])).toThrow(WebhookVerificationError);
    expect(() =>
      verify({ ...got[0]!, body: got[0]!.body.replace('acme', 'acmf') }, [endpoint.secret]),
    ).toThrow(/signature mismatch/);
    const hist = await deliveries();
    expect(hist.every((d) => d.status === 'succeeded' && d.attempts[0].httpStatus === 200)).toBe(true);
    expect(JSON.stringify(hist)).not.toContain('RECEIVER-BODY-NOT-STORED');
  });

  test('a failing receiver: 5 attempts 60, 300, 900, 900 s apart, same event id, new delivery id each', async () => {
    receiver.answer(500);
    target.answer(200);
    const from = receiver.seen.length;
    await h.advance(60); // monitor up → monitor.up + incident.resolved, first attempts fail
    const firstAt = h.svc.clock.now();
    const attemptsOf = (type: string) =>
      receiver.seen.slice(from).filter((s) => JSON.parse(s.body).type === type);
    expect(attemptsOf('monitor.up')).toHaveLength(1);
    const schedule: [number, number][] = [
      [59, 1],
      [1, 2],
      [299, 2],
      [1, 3],
      [900, 4],
      [899, 4],
      [1, 5],
      [7200, 5],
    ];
    for (const [seconds, expected] of schedule) {
      await h.advance(seconds);
      expect([h.svc.clock.now() - firstAt, attemptsOf('monitor.up').length]).toEqual([
        h.svc.clock.now() - firstAt,
        expected,
      ]);
    }
    const ups = attemptsOf('monitor.up');
    expect(new Set(ups.map((s) => s.headers['service-event-id'])).size).toBe(1);
    expect(new Set(ups.map((s) => s.headers['service-delivery'])).size).toBe(5);
    expect(new Set(ups.map((s) => s.body)).size).toBe(1);
    const rec = (await deliveries()).find((d) => d.type === 'monitor.up');
    expect(rec).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(rec.attempts.map((a: any) => a.httpStatus)).toEqual([500, 500, 500, 500, 500]);
    const gaps = rec.attempts
      .slice(1)
      .map(
        (a: any, i: number) => (Date.parse(a.attemptedAt) - Date.parse(rec.attempts[i].attemptedAt)) / 1000,
      );
    expect(gaps).toEqual([60, 300, 900, 900]);
  });

  test('a later success stops the retries; redirects are not followed', async () => {
    receiver.queue.push((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    receiver.answer(204);
    const from = receiver.seen.length;
    const test = await h.admin('POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    await h.advance(60);
    const got = receiver.seen.slice(from);
    expect(got.map((s) => s.url)).toEqual(['/hook', '/hook']);
    const rec = (await deliveries()).find((d) => d.id === test.json.data.id);
    expect(rec.status).toBe('succeeded');
    expect(rec.attempts.map((a: any) => [a.httpStatus, a.error])).toEqual([
      [302, 'HTTP 302 (redirects are not followed)'],
      [204, null],
    ]);
  });

  test('secret rotation: the previous secret stays valid 24 h', async () => {
    receiver.answer(200);
    const old = endpoint.secret;
    const rot = await h.admin('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rot.status).toBe(200);
    const fresh = rot.json.data.secret as string;
    expect(fresh).not.toBe(old);
    expect(rot.json.data.previousSecretValidUntil).toBe(
      new Date(h.svc.clock.now() + 86400_000).toISOString(),
    );
    let from = receiver.seen.length;
    await h.admin('POST', `/webhook-endpoints/${endpoint.id}/test`);
    let s = receiver.seen[from]!;
    expect(s.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(s, [old]).type).toBe('test');
    expect(verify(s, [fresh]).type).toBe('test');

    await h.advance(24 * 3600);
    from = receiver.seen.length;
    await h.admin('POST', `/webhook-endpoints/${endpoint.id}/test`);
    s = receiver.seen[from]!;
    expect(verify(s, [fresh]).type).toBe('test');
    expect(() => verify(s, [old])).toThrow(/signature mismatch/);
    const meta = await h.admin('GET', `/webhook-endpoints/${endpoint.id}`);
    expect(meta.json.data.previousSecretValidUntil).toBeNull();
    expect(meta.text).not.toContain(fresh);
    endpoint.secret = fresh;
  });

  test('export completion is an event; history older than 30 days is dropped', async () => {
    receiver.answer(200);
    const from = receiver.seen.length;
    const e = await h.call('POST', '/exports', { ik: true, body: { monitorId } });
    await tick(h);
    await h.advance(5);
    const got = receiver.seen.slice(from).map((s) => verify(s, [endpoint.secret]));
    const done = got.find((x) => x.type === 'export.completed')!;
    expect(done.data).toMatchObject({ export: { id: e.json.data.id, status: 'ready', monitorId } });
    expect(JSON.stringify(done)).not.toMatch(/sig=|files\/exports/);
    const before = (await deliveries()).length;
    expect(before).toBeGreaterThan(3);
    await h.advance(31 * 86400);
    await h.svc.engine.runDue();
    // the housekeeping prune runs at most once a minute of real time: call it directly
    h.svc.engine.webhooks.prune(h.svc.clock.now());
    expect((await deliveries()).length).toBeLessThan(before);
  });
});
