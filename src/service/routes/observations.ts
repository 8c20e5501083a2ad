import type { CheckResult } from '../../api/index.js';
import { CHECK_RETENTION_DAYS, IncidentListQuery, PageQuery, SummaryQuery } from '../../api/index.js';
import { canSee } from '../auth.js';
import type { Ctx, Handler } from '../context.js';
import { decodeCursor, encodeCursor, listJson, loadMonitor, page, parseQuery, single } from '../context.js';
import { summarize } from '../engine/summary.js';
import { notFound } from '../errors.js';
import type { State } from '../store.js';

type IncidentRow = State['incidents'][string];

export const getMonitorSummary: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(SummaryQuery, c.query);
  const checks = c.svc.store.state.checks[m.id] ?? [];
  return single(
    JSON.stringify(summarize(m.id, q.range, c.svc.clock.now(), checks, c.svc.store.state.incidents)),
  );
};

const checkKey = (k: CheckResult) => `${k.checkedAt}|${k.id}`;

/** Newest first. Results are stored oldest first, so the page walks the list backwards. */
export const listMonitorChecks: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(PageQuery, c.query);
  const list = c.svc.store.state.checks[m.id] ?? [];
  const cutoff = new Date(c.svc.clock.now() - CHECK_RETENTION_DAYS * 86_400_000).toISOString();
  let i = list.length - 1;
  if (q.cursor !== undefined) {
    const after = decodeCursor(q.cursor) ?? '';
    // first position (from the end) whose key is strictly below the cursor
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (checkKey(list[mid]!) < after) lo = mid + 1;
      else hi = mid;
    }
    i = lo - 1;
  }
  const out: CheckResult[] = [];
  for (; i >= 0 && out.length < q.limit; i--) {
    const k = list[i]!;
    if (k.checkedAt < cutoff) break;
    out.push(k);
  }
  const more = i >= 0 && list[i]!.checkedAt >= cutoff;
  const last = out[out.length - 1];
  return listJson(
    out.map((k) => JSON.stringify(k)),
    q.limit,
    more && last ? encodeCursor(checkKey(last)) : null,
  );
};

export const getMonitorExpiry: Handler = (c) => {
  const m = loadMonitor(c);
  return single(JSON.stringify({ monitorId: m.id, ssl: m.ssl, domain: m.domain }));
};

// ----- incidents (filled by the engine) -----

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
