// Export jobs through every state with the controllable clock: queued → processing → ready (signed,
// short-lived download served by the service) → expired, the 2-job cap, failed past 50,000 rows.
import { ExportDownload, ExportJob } from '../../src/api/index.js';
import { http, type Harness } from './helpers.js';
import { engineHarness, LocalServer, tick } from './engine-helpers.js';

let h: Harness;
let target: LocalServer;
let id: string;
beforeAll(async () => {
  h = await engineHarness();
  target = await LocalServer.start();
  const m = await h.createMonitor({
    url: `${target.url}/x`,
    intervalSeconds: 60,
    requestHeaders: [{ name: 'X-Token', value: 'export-secret-42' }],
  });
  id = m.id;
  // 6 checks one minute apart: up (real), down 500 (forced), up, down timeout, up, up
  const plan: (Record<string, unknown> | null)[] = [
    null,
    {
      status: 'down',
      httpStatus: 500,
      responseTimeMs: 40,
      failureCategory: 'http_status',
      failureReason: 'HTTP 500, "bad", gateway',
    },
    null,
    { status: 'down', failureCategory: 'timeout', failureReason: '=HYPERLINK("x")' },
    null,
    null,
  ];
  for (const [i, f] of plan.entries()) {
    if (f) await h.admin('POST', `/monitors/${id}/force`, f);
    if (i === 0) await tick(h);
    else await h.advance(60);
  }
});
afterAll(async () => {
  await h.close();
  await target.close();
});

const create = (body: Record<string, unknown> = {}) =>
  h.call('POST', '/exports', { ik: true, body: { monitorId: id, ...body } });
const get = async (eid: string) => ExportJob.parse((await h.call('GET', `/exports/${eid}`)).json.data);

test('queued → processing → ready; 409 until ready; at most 2 queued or processing', async () => {
  const a = await create({ filters: { status: 'down' } });
  expect(a.status).toBe(202);
  const job = ExportJob.parse(a.json.data);
  expect(job.status).toBe('queued');
  expect((await h.call('GET', `/exports/${job.id}/download`)).status).toBe(409);
  const b = await create({ filters: { minLatencyMs: 0, maxLatencyMs: 60_000, status: 'up' } });
  expect(b.status).toBe(202);
  const third = await create();
  expect(third.status).toBe(429);
  expect(third.json.error.details[0].rule).toBe('concurrent_exports');

  await tick(h); // picked up off the request path
  expect((await get(job.id)).status).toBe('processing');
  const busy = await h.call('GET', `/exports/${job.id}/download`);
  expect([busy.status, busy.json.error.code]).toEqual([409, 'export_not_ready']);
  expect((await create()).status).toBe(429);

  await h.advance(5);
  const ready = await get(job.id);
  expect(ready).toMatchObject({ status: 'ready', rowCount: 2, completedAt: h.svc.clock.iso(), error: null });
  expect(Date.parse(ready.expiresAt!) - h.svc.clock.now()).toBe(6 * 3600_000);
  expect(await get(b.json.data.id)).toMatchObject({ status: 'ready', rowCount: 4 });
  expect((await create()).status).toBe(202); // the cap counts queued and processing only
});

test('download: a signed URL valid 5 minutes served by the service; tampering and expiry refused; 410 after 6 h', async () => {
  const jobs = Object.values(h.svc.store.state.exports).filter((e) => e.status === 'ready');
  const down = jobs.find((e) => e.filters.status === 'down')!;
  const r = await h.call('GET', `/exports/${down.id}/download`);
  expect(r.status).toBe(200);
  const link = ExportDownload.parse(r.json.data);
  expect(Date.parse(link.expiresAt) - h.svc.clock.now()).toBe(300_000);
  expect(link.url.startsWith(h.svc.origin)).toBe(true);
  expect(r.text).not.toContain(h.token('full'));
  expect(r.text).not.toContain(h.svc.adminKey);

  const file = await http('GET', link.url);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toMatch(/^text\/csv/);
  const lines = file.text.trim().split('\n');
  expect(lines[0]).toBe('checkedAt,status,httpStatus,responseTimeMs,failureCategory,failureReason');
  expect(lines).toHaveLength(3);
  // newest first; quoting and formula neutralisation
  expect(lines[1]).toMatch(/,down,,,timeout,"'=HYPERLINK\(""x""\)"$/);
  expect(lines[2]).toMatch(/,down,500,40,http_status,"HTTP 500, ""bad"", gateway"$/);
  expect(file.text).not.toContain('export-secret-42');

  const tampered = link.url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
  expect((await http('GET', tampered)).status).toBe(404);
  const later = link.url.replace(/expires=(\d+)/, (_m, t: string) => `expires=${Number(t) + 3600}`);
  expect((await http('GET', later)).status).toBe(404);

  await h.advance(301);
  expect((await http('GET', link.url)).status).toBe(404);
  const again = await h.call('GET', `/exports/${down.id}/download`);
  expect((await http('GET', again.json.data.url)).status).toBe(200);

  await h.advance(6 * 3600);
  expect((await get(down.id)).status).toBe('expired');
  const gone = await h.call('GET', `/exports/${down.id}/download`);
  expect([gone.status, gone.json.error.code]).toEqual([410, 'gone']);
  expect((await http('GET', again.json.data.url)).status).toBe(404);
});

test('more than 50,000 matching rows: failed (409 on download); filters narrow it to ready', async () => {
  const now = h.svc.clock.now();
  const list = h.svc.store.state.checks[id]!;
  const synthetic = Array.from({ length: 50_001 }, (_, i) => ({
    id: `chk_syn${i}`,
    monitorId: id,
    checkedAt: new Date(now - 3600_000 + i).toISOString(),
    status: 'up' as const,
    httpStatus: 200,
    responseTimeMs: 10,
    failureCategory: null,
    failureReason: null,
  }));
  h.svc.store.state.checks[id] = [...synthetic, ...list].sort((a, b) => (a.checkedAt < b.checkedAt ? -1 : 1));
  for (const e of Object.values(h.svc.store.state.exports)) if (e.status !== 'expired') e.status = 'failed';
  const big = await create({ from: new Date(now - 7200_000).toISOString() });
  const narrow = await create({
    from: new Date(now - 7200_000).toISOString(),
    filters: { statusCode: 201, maxLatencyMs: 5 },
  });
  await tick(h);
  await h.advance(5);
  const failed = await get(big.json.data.id);
  expect(failed.status).toBe('failed');
  expect(failed.error).toMatch(/50000/);
  expect((await h.call('GET', `/exports/${failed.id}/download`)).status).toBe(409);
  expect(await get(narrow.json.data.id)).toMatchObject({ status: 'ready', rowCount: 0 });
}, 30_000);
