import type { CheckResult, MonitorSummary } from '../../api/index.js';
import { IncidentListQuery, PageQuery, SummaryQuery } from '../../api/index.js';
import { canSee } from '../auth.js';
import type { Ctx, Handler } from '../context.js';
import { listJson, loadMonitor, page, parseQuery, single } from '../context.js';
import { notFound } from '../errors.js';
import type { State } from '../store.js';

type IncidentRow = State['incidents'][string];

const HOUR = 3_600_000;
/** docs/api-decisions.md: 24 buckets for 24h, 28 for 7d, 30 for 30d. */
const RANGES = {
  '24h': { ms: 24 * HOUR, buckets: 24 },
  '7d': { ms: 168 * HOUR, buckets: 28 },
  '30d': { ms: 720 * HOUR, buckets: 30 },
};

const pct = (up: number, total: number) => (total === 0 ? null : Math.round((up / total) * 10000) / 100);
const avg = (xs: number[]) =>
  xs.length === 0 ? null : Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

export const getMonitorSummary: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(SummaryQuery, c.query);
  const { ms, buckets } = RANGES[q.range];
  const to = c.svc.clock.now();
  const from = to - ms;
  const checks = (c.svc.store.state.checks[m.id] ?? []).filter((k) => {
    const t = Date.parse(k.checkedAt);
    return t >= from && t < to;
  });
  const times = checks.map((k) => k.responseTimeMs).filter((v): v is number => v !== null);
  const sorted = [...times].sort((a, b) => a - b);
  const up = checks.filter((k) => k.status === 'up').length;
  const size = ms / buckets;
  const timeline = Array.from({ length: buckets }, (_, i) => {
    const s = from + i * size;
    const inBucket = checks.filter((k: CheckResult) => {
      const t = Date.parse(k.checkedAt);
      return t >= s && t < s + size;
    });
    const bUp = inBucket.filter((k) => k.status === 'up').length;
    return {
      start: new Date(s).toISOString(),
      end: new Date(s + size).toISOString(),
      checks: inBucket.length,
      upChecks: bUp,
      uptimePercent: pct(bUp, inBucket.length),
      avgResponseTimeMs: avg(inBucket.map((k) => k.responseTimeMs).filter((v): v is number => v !== null)),
    };
  });
  const incidents = Object.values(c.svc.store.state.incidents).filter(
    (i) => i.monitorId === m.id && Date.parse(i.startedAt) >= from,
  ).length;
  const body: MonitorSummary = {
    monitorId: m.id,
    range: q.range,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    uptimePercent: pct(up, checks.length),
    checks: { total: checks.length, up, down: checks.length - up },
    responseTimeMs: {
      avg: avg(times),
      p95: sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]! : null,
      max: sorted.length ? sorted[sorted.length - 1]! : null,
    },
    incidents,
    timeline,
  };
  return single(JSON.stringify(body));
};

const checkKey = (k: CheckResult) => `${k.checkedAt}|${k.id}`;

export const listMonitorChecks: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(PageQuery, c.query);
  const r = page(c.svc.store.state.checks[m.id] ?? [], checkKey, -1, q.limit, q.cursor, () => true);
  return listJson(
    r.items.map((k) => JSON.stringify(k)),
    q.limit,
    r.nextCursor,
  );
};

export const getMonitorExpiry: Handler = (c) => {
  const m = loadMonitor(c);
  return single(JSON.stringify({ monitorId: m.id, ssl: m.ssl, domain: m.domain }));
};

// ----- incidents (filled by part 2) -----

const incidentKey = (i: IncidentRow) => `${i.startedAt}|${i.id}`;

function tenantIncidents(c: Ctx): IncidentRow[] {
  return Object.values(c.svc.store.state.incidents)
    .filter((i) => i.tenantId === c.auth.tenant.id)
    .sort((a, b) => (incidentKey(a) < incidentKey(b) ? 1 : -1));
}

/** List rows leave out the detail-only fields. */
function incidentRow(i: IncidentRow): string {
  const { tenantId: _t, diagnostics: _d, diagnosticsUpdatedAt: _u, activity: _a, ...rest } = i;
  return JSON.stringify(rest);
}

export const listIncidents: Handler = (c) => {
  const q = parseQuery(IncidentListQuery, c.query);
  const r = page(tenantIncidents(c), incidentKey, -1, q.limit, q.cursor, (i) => {
    if (!canSee(c.auth, i.monitorId)) return false;
    if (q.status !== undefined && i.status !== q.status) return false;
    return q.type === undefined || i.type === q.type;
  });
  return listJson(r.items.map(incidentRow), q.limit, r.nextCursor);
};

export const listMonitorIncidents: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(PageQuery, c.query);
  const r = page(tenantIncidents(c), incidentKey, -1, q.limit, q.cursor, (i) => i.monitorId === m.id);
  return listJson(r.items.map(incidentRow), q.limit, r.nextCursor);
};

export const getIncident: Handler = (c) => {
  const i = c.svc.store.state.incidents[c.params.incidentId ?? ''];
  if (!i || i.tenantId !== c.auth.tenant.id || !canSee(c.auth, i.monitorId)) throw notFound('incident');
  const { tenantId: _t, ...rest } = i;
  return single(JSON.stringify(rest));
};
