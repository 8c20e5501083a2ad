// ServiceOptions.onResponse: one call per answered request, with the endpoint's path pattern (what
// `npm run bench:scale` counts requests by).
import type { ResponseInfo } from '../../src/service/index.js';
import { Harness, http, testSeed } from './helpers.js';

const seen: ResponseInfo[] = [];
let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed(), { onResponse: (r) => seen.push(r) });
});
afterAll(() => h.close());

test('reports method, url, route pattern, status and arrival time of API, admin and unrouted requests', async () => {
  const m = await h.createMonitor();
  seen.length = 0;
  const before = Date.now();
  expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
  expect((await h.call('GET', '/monitors?limit=100')).status).toBe(200);
  expect((await h.call('GET', `/monitors/${m.id}`, { token: null })).status).toBe(401);
  expect((await h.admin('GET', '/clock')).status).toBe(200);
  expect((await http('GET', `${h.svc.origin}/nowhere`)).status).toBe(404);
  const after = Date.now();
  expect(seen.map(({ receivedAt: _, ...r }) => r)).toEqual([
    { method: 'GET', url: `/v1/monitors/${m.id}`, route: '/v1/monitors/{monitorId}', status: 200 },
    { method: 'GET', url: '/v1/monitors?limit=100', route: '/v1/monitors', status: 200 },
    { method: 'GET', url: `/v1/monitors/${m.id}`, route: '/v1/monitors/{monitorId}', status: 401 },
    { method: 'GET', url: '/admin/clock', route: '/admin/clock', status: 200 },
    { method: 'GET', url: '/nowhere', route: null, status: 404 },
  ]);
  // Arrival times are in order and within the test's window (the requests were made one after another).
  const times = seen.map((r) => r.receivedAt);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times[0]!).toBeGreaterThanOrEqual(before - 1);
  expect(times[times.length - 1]!).toBeLessThanOrEqual(after + 1);
});
