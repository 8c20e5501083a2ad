// Flows through the project's API client (src/client) against the local service.
import { ApiError, UptimeClient } from '../../src/client/index.js';
import { Harness, testSeed } from './helpers.js';

let h: Harness;
let client: UptimeClient;
beforeAll(async () => {
  h = await Harness.start(testSeed());
  client = new UptimeClient({
    baseUrl: h.svc.baseUrl,
    token: h.token('full'),
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
  });
});
afterAll(() => h.close());

test('a monitor lifecycle: create, read, update, stale 412, pause, archive, reactivate', async () => {
  const created = await client.createMonitor({ url: 'https://client.test/', name: 'Client' });
  expect(created.status).toBe(201);
  expect(created.data.status).toBe('pending');
  const id = created.data.id;
  const got = await client.getMonitor(id);
  expect(got.data).toEqual(created.data);
  const updated = await client.updateMonitor(id, { intervalSeconds: 60 }, { ifMatch: created.etag! });
  expect(updated.data.intervalSeconds).toBe(60);
  await expect(client.updateMonitor(id, { name: 'lost' }, { ifMatch: created.etag! })).rejects.toMatchObject({
    status: 412,
    code: 'precondition_failed',
  });
  const paused = await client.pauseMonitor(id);
  expect(paused.data.status).toBe('paused');
  const archived = await client.archiveMonitor(id, { ifMatch: paused.etag! });
  expect(archived.data.status).toBe('archived');
  const re = await client.reactivateMonitor(id, { intervalSeconds: 300 }, { ifMatch: archived.etag! });
  expect(re.data).toMatchObject({ status: 'pending', intervalSeconds: 300 });
});

test('typed errors carry status, code, details and the request id', async () => {
  const err = await client
    .createMonitor({ url: 'https://client.test/bad', timeoutMs: 5 })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ status: 400, code: 'validation_failed' });
  expect((err as ApiError).details?.[0]?.field).toBe('timeoutMs');
  expect((err as ApiError).requestId).toMatch(/^req_/);
});

test('transient 503 and forced 429 are retried; a dropped write is retried with the same key and replayed', async () => {
  const m = await h.createMonitor();
  await h.admin('POST', '/faults', { route: 'getMonitor', status: 503, count: 1 });
  expect((await client.getMonitor(m.id)).status).toBe(200);
  await h.admin('POST', '/faults', { route: 'getMonitor', rateLimit: { retryAfterSeconds: 0 }, count: 1 });
  expect((await client.getMonitor(m.id)).status).toBe(200);
  await h.admin('POST', '/faults', { route: 'createMonitor', drop: 'after', count: 1 });
  const r = await client.createMonitor({ url: 'https://client.test/dropped' });
  expect(r.status).toBe(201);
  expect(r.replayed).toBe(true);
  const all = await h.call('GET', '/monitors?limit=100');
  expect(all.json.data.filter((x: any) => x.url === 'https://client.test/dropped')).toHaveLength(1);
});
