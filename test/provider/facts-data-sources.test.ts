// The facts data sources (uptime_monitor_summary, uptime_usage, uptime_monitor_checks, uptime_monitor_alerts,
// uptime_monitors) read through the real client from the local service with its engine on, and from "another service":
// a proxy in front of it that answers the records the spec does not show (summary, usage, check results) in other
// shapes. What a user would notice: figures our service reports, null (never an error) for what another one does not
// report, newest-first lists whatever the service's order, archived monitors only on request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UptimeClient } from '../../src/client/index.js';
import { monitorAlertsDataSource } from '../../src/provider/data-sources/monitor-alerts.js';
import { monitorChecksDataSource } from '../../src/provider/data-sources/monitor-checks.js';
import { monitorSummaryDataSource } from '../../src/provider/data-sources/monitor-summary.js';
import { monitorsDataSource } from '../../src/provider/data-sources/monitors.js';
import { usageDataSource } from '../../src/provider/data-sources/usage.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { until } from '../helpers/wait.js';
import { ServiceApi, testSeed } from './helpers.js';

let svc: RunningService;
let api: ServiceApi;
let target: Server;
let targetUrl: string;
let proxy: Server;
let proxyUrl: string;
/** Bodies "another service" answers, by how the request path ends; unset: the local service's answer. */
const other = new Map<string, unknown>();

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  target = createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/fail') ? 503 : 200);
    res.end('ok');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const replaced = [...other].find(([end]) => path.endsWith(end));
      if (replaced) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(replaced[1]));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      void fetch(`${svc.origin}${req.url}`, {
        method: req.method!,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      }).then(async (r) => {
        const out: Record<string, string> = {};
        r.headers.forEach((v, k) => {
          if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k))
            out[k] = v;
        });
        res.writeHead(r.status, out);
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  for (const s of [target, proxy]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await svc.close();
});
afterEach(() => other.clear());

function ctx(baseUrl: string) {
  const client = new UptimeClient({ baseUrl, token: svc.tokens.full! });
  return { providerData: { client }, signal: new AbortController().signal } as never;
}
const read = (ds: unknown, config: Record<string, unknown>, base = svc.baseUrl): Promise<any> =>
  (ds as { read: (r: unknown) => Promise<unknown> }).read({ config, ctx: ctx(base) });

async function upMonitor(path: string, extra: Record<string, unknown> = {}): Promise<any> {
  const m = await api.data('POST', '/monitors', {
    url: `${targetUrl}${path}`,
    intervalSeconds: 60,
    ...extra,
  });
  return until(async () => {
    const now = await api.monitor(m.id);
    return now.status === 'up' ? now : null;
  }, `the first check of ${m.url}`);
}

const summaryConfig = (monitorId: string, more: Record<string, unknown> = {}) => ({
  monitor_id: monitorId,
  range: null,
  wait_for_check: null,
  ...more,
});

test('summary from our service: the figures of its checks, fresh after the first check', async () => {
  const m = await upMonitor('/summary');
  const s = await read(monitorSummaryDataSource, summaryConfig(m.id, { range: '7d', wait_for_check: '30s' }));
  expect(s).toMatchObject({
    monitor_id: m.id,
    range: '7d',
    checked_since_change: true,
    uptime_percent: 100,
    checks_down: 0,
    incidents: 0,
  });
  expect(s.checks_total).toBeGreaterThanOrEqual(1);
  expect(s.checks_up).toBe(s.checks_total);
  expect(s.response_time_avg_ms).toEqual(expect.any(Number));
  expect(s.response_time_max_ms).toBeGreaterThanOrEqual(s.response_time_avg_ms);
  expect(Date.parse(s.to) - Date.parse(s.from)).toBe(7 * 24 * 3600_000);
  expect(s.timeline.length).toBeGreaterThan(0);
  expect(s.timeline.reduce((n: number, b: any) => n + b.checks, 0)).toBe(s.checks_total);
});

test("another service's summary in other shapes: what is not a figure is null, never an error", async () => {
  const m = await upMonitor('/other-summary');
  other.set('/summary', {
    data: {
      uptime: 0.999, // a fraction under another name: not ours
      uptimePercent: '99.9%', // not a number
      checks: 12, // a count where we have an object
      responseTimeMs: { avg: 120.5, p95: 'fast' },
      timeline: [{ start: 'yesterday', end: 17, checks: 3, upChecks: 3 }, 'junk'],
    },
  });
  const s = await read(monitorSummaryDataSource, summaryConfig(m.id), proxyUrl);
  expect(s).toMatchObject({
    checked_since_change: true,
    from: null,
    to: null,
    uptime_percent: null,
    checks_total: null,
    checks_up: null,
    checks_down: null,
    response_time_avg_ms: 120.5,
    response_time_p95_ms: null,
    response_time_max_ms: null,
    incidents: null,
  });
  expect(s.timeline).toEqual([
    // Text stays text (a time is shown as the service wrote it); a number where text belongs is null.
    {
      start: 'yesterday',
      end: null,
      checks: 3,
      up_checks: 3,
      uptime_percent: null,
      avg_response_time_ms: null,
    },
  ]);
  other.set('/summary', { data: {} });
  const empty = await read(monitorSummaryDataSource, summaryConfig(m.id), proxyUrl);
  expect(empty).toMatchObject({ uptime_percent: null, checks_total: null, timeline: [] });
});

test('usage: per minute, monthly and monitors from our service; null for what another service leaves out', async () => {
  const ours = await read(usageDataSource, {});
  expect(ours.per_minute.limit).toBeGreaterThan(0);
  expect(ours.per_minute.remaining).toBeLessThanOrEqual(ours.per_minute.limit);
  expect(Number.isNaN(Date.parse(ours.per_minute.reset_at))).toBe(false);
  // The test seed's plan has no monthly allowance: our service answers monthly: null.
  expect(ours.monthly).toEqual({ limit: null, used: null, remaining: null, reset_at: null });
  expect(ours.monitors.used).toBeGreaterThanOrEqual(1);
  other.set('/usage', { data: { perMinute: { limit: 60 }, monthly: { used: '12' }, monitors: 'many' } });
  expect(await read(usageDataSource, {}, proxyUrl)).toEqual({
    per_minute: { limit: 60, remaining: null, reset_at: null },
    monthly: { limit: null, used: null, remaining: null, reset_at: null },
    monitors: { used: null, capacity: null },
  });
});

test('recent checks newest first whatever order the service lists them in; limit; wrong fields null', async () => {
  const m = await upMonitor('/checks');
  const ours = await read(monitorChecksDataSource, { monitor_id: m.id, limit: 3, wait_for_check: null });
  expect(ours.checks[0]).toMatchObject({ status: 'up', http_status: 200, failure_reason: null });
  const now = Date.now();
  const at = (d: number) => new Date(now - d * 60_000).toISOString();
  other.set('/checks', {
    data: [
      // Oldest first, unlike ours.
      { id: 'c1', checkedAt: at(3), status: 'up', httpStatus: 200 },
      { id: 'c2', checkedAt: at(2), status: 'down', httpStatus: '503' },
      { id: 'c3', checkedAt: at(1), status: 'degraded', responseTimeMs: 12 },
    ],
    pagination: { limit: 100, nextCursor: null },
  });
  const theirs = await read(
    monitorChecksDataSource,
    { monitor_id: m.id, limit: 2, wait_for_check: null },
    proxyUrl,
  );
  expect(theirs.checks).toEqual([
    {
      id: 'c3',
      checked_at: at(1),
      status: null,
      http_status: null,
      response_time_ms: 12,
      failure_category: null,
      failure_reason: null,
    },
    expect.objectContaining({ id: 'c2', status: 'down', http_status: null }),
  ]);
});

test('alerts: the down alert after a change to a failing URL, filtered by type, newest first', async () => {
  const m = await upMonitor('/alerts');
  const cur = await api.call('GET', `/monitors/${m.id}`);
  const changed = await api.call(
    'PATCH',
    `/monitors/${m.id}`,
    { url: `${targetUrl}/fail/alerts` },
    { 'if-match': `"${cur.etag}"` },
  );
  expect(changed.status).toBe(200);
  const a = await read(monitorAlertsDataSource, {
    monitor_id: m.id,
    limit: null,
    type: 'availability',
    wait_for_check: '30s',
  });
  expect(a.checked_since_change).toBe(true);
  expect(a.alerts[0]).toMatchObject({
    type: 'availability',
    status: 'down',
    previous_status: 'up',
    channel: 'email',
    http_status: 503,
  });
  expect(typeof a.alerts[0].delivered).toBe('boolean');
  const none = await read(monitorAlertsDataSource, {
    monitor_id: m.id,
    limit: null,
    type: 'ssl_expiry',
    wait_for_check: null,
  });
  expect(none.alerts).toEqual([]);
});

test('uptime_monitors leaves archived monitors out unless include_archived = true (as the list resource)', async () => {
  const gone = await api.data('POST', '/monitors', { url: `${targetUrl}/archived`, intervalSeconds: 60 });
  const cur = await api.call('GET', `/monitors/${gone.id}`);
  expect(
    (await api.call('POST', `/monitors/${gone.id}/archive`, undefined, { 'if-match': `"${cur.etag}"` }))
      .status,
  ).toBe(200);
  const config = {
    status: null,
    enabled: null,
    type: null,
    updated_after: null,
    updated_before: null,
    include_archived: null,
  };
  const byDefault = await read(monitorsDataSource, config);
  expect(byDefault.ids).not.toContain(gone.id);
  expect(byDefault.monitors.some((m: any) => m.archived)).toBe(false);
  expect(byDefault.ids.length).toBeGreaterThan(0);
  const all = await read(monitorsDataSource, { ...config, include_archived: true });
  expect(all.ids).toContain(gone.id);
  expect(all.ids.length).toBe(
    byDefault.ids.length + (await api.listMonitors()).filter((m) => m.archived).length,
  );
});
