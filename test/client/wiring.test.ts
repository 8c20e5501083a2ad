// Every ENDPOINTS row, called through its client method against MockAgent: the request goes to the row's
// method and path and carries exactly the headers the row asks for (token, Idempotency-Key, If-Match).
import { ENDPOINTS, type OperationName } from '../../src/api/index.js';
import { NotFoundError, type UptimeClient } from '../../src/client/index.js';
import { MONITOR_ID, TOKEN, harness } from './helpers.js';

const EXPORT_ID = `exp_${'a'.repeat(32)}`;
const PARAMS: Record<string, string> = {
  monitorId: MONITOR_ID,
  exportId: EXPORT_ID,
  alertId: 'alt_1',
  incidentId: 'inc_1',
};
const IM = { ifMatch: 'v7-abcd' };

// Typed by operation name: a row without a sample call (or a method) does not compile.
const CALLS: Record<OperationName, (c: UptimeClient) => Promise<unknown>> = {
  getHealth: (c) => c.getHealth(),
  getUsage: (c) => c.getUsage(),
  getCapabilities: (c) => c.getCapabilities(),
  listMonitors: (c) => c.listMonitors({ limit: 5, status: 'down' }),
  createMonitor: (c) => c.createMonitor({ url: 'https://example.com' }),
  getMonitor: (c) => c.getMonitor(MONITOR_ID),
  updateMonitor: (c) => c.updateMonitor(MONITOR_ID, { name: 'x' }, IM),
  getMonitorSummary: (c) => c.getMonitorSummary(MONITOR_ID, { range: '7d' }),
  listMonitorChecks: (c) => c.listMonitorChecks(MONITOR_ID),
  listMonitorIncidents: (c) => c.listMonitorIncidents(MONITOR_ID),
  listMonitorAlerts: (c) => c.listMonitorAlerts(MONITOR_ID),
  getAlertSettings: (c) => c.getAlertSettings(MONITOR_ID),
  updateAlertSettings: (c) =>
    c.updateAlertSettings(MONITOR_ID, { channels: { email: true, sms: false } }, IM),
  getMonitorExpiry: (c) => c.getMonitorExpiry(MONITOR_ID),
  getMonitorStatusPage: (c) => c.getMonitorStatusPage(MONITOR_ID),
  updateStatusPage: (c) => c.updateStatusPage(MONITOR_ID, { title: 'Home' }, IM),
  pauseMonitor: (c) => c.pauseMonitor(MONITOR_ID),
  activateMonitor: (c) => c.activateMonitor(MONITOR_ID),
  archiveMonitor: (c) => c.archiveMonitor(MONITOR_ID, IM),
  reactivateMonitor: (c) => c.reactivateMonitor(MONITOR_ID, { intervalSeconds: 300 }, IM),
  createExport: (c) => c.createExport({ monitorId: MONITOR_ID }),
  getExport: (c) => c.getExport(EXPORT_ID),
  getExportDownload: (c) => c.getExportDownload(EXPORT_ID),
  listAlerts: (c) => c.listAlerts(),
  getAlert: (c) => c.getAlert('alt_1'),
  listAlertDestinations: (c) => c.listAlertDestinations(),
  listIncidents: (c) => c.listIncidents({ status: 'open' }),
  getIncident: (c) => c.getIncident('inc_1'),
  listStatusPages: (c) => c.listStatusPages({ enabled: true }),
  getStatusPage: (c) => c.getStatusPage(MONITOR_ID),
};

describe('every endpoint row through its client method', () => {
  test.each(ENDPOINTS.map((ep) => [ep.operation, ep] as const))('%s', async (_name, ep) => {
    const h = harness({ retry: { maxAttempts: 1 } });
    const seen: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
    h.pool.intercept({ path: () => true, method: () => true }).reply((opts) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(opts.headers as Record<string, string>))
        headers[k.toLowerCase()] = v;
      seen.push({ method: opts.method, path: opts.path, headers, body: opts.body });
      return {
        statusCode: 404,
        data: JSON.stringify({ error: { code: 'not_found', message: 'no such record' } }),
        responseOptions: { headers: { 'x-request-id': 'req_w' } },
      };
    });

    const e = await CALLS[ep.operation](h.client).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e).toMatchObject({ method: ep.method, pathTemplate: ep.path, requestId: 'req_w' });

    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    const path = ep.path.replace(/\{(\w+)\}/g, (_m, p: string) => PARAMS[p]!);
    expect(req.method).toBe(ep.method);
    expect(req.path.split('?')[0]).toBe(`/v1${path}`);
    expect(req.headers.authorization).toBe(ep.scopes === 'none' ? undefined : `Bearer ${TOKEN}`);
    if (ep.idempotencyKey) expect(req.headers['idempotency-key']).toMatch(/^.{8,128}$/);
    else expect(req.headers['idempotency-key']).toBeUndefined();
    expect(req.headers['if-match']).toBe(ep.ifMatch ? '"v7-abcd"' : undefined);
    if (req.body) expect(req.headers['content-type']).toBe('application/json');
    if (ep.method === 'GET') expect(req.body ?? null).toBeNull();
  });

  test('query filters are sent as the spec names them', async () => {
    const h = harness();
    const paths: string[] = [];
    h.pool.intercept({ path: () => true, method: 'GET' }).reply((opts) => {
      paths.push(opts.path);
      return {
        statusCode: 200,
        data: JSON.stringify({ data: [], pagination: { limit: 5, nextCursor: null } }),
      };
    });
    await h.client.listMonitors({
      limit: 5,
      status: 'paused',
      enabled: false,
      type: 'http',
      updated_after: '2026-01-01T00:00:00Z',
    });
    const url = new URL(paths[0]!, 'https://x.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '5',
      status: 'paused',
      enabled: 'false',
      type: 'http',
      updated_after: '2026-01-01T00:00:00Z',
    });
  });
});
