import type { z } from 'zod';
import { StatusPageListQuery, StatusPageUpdate } from '../../api/index.js';
import type { MonitorRecord, Store } from '../store.js';
import { canSee } from '../auth.js';
import type { Handler } from '../context.js';
import { checkVersion, etag, listJson, loadMonitor, page, parse, parseQuery, single } from '../context.js';
import { ApiError } from '../errors.js';
import { publicSnapshot, statusPageView } from '../render.js';
import { orderKey } from './monitors.js';

const PENDING_DOMAIN = new Set(['pending_dns', 'pending_certificate']);

/** Writes the fields a body gives (undefined: left as they are). */
function assignDefined(target: object, fields: object): void {
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined) (target as Record<string, unknown>)[k] = v;
}

/** Applies a validated StatusPageUpdate (stored as written; `displayOptions` merged) and republishes the public
 *  snapshot. */
export function applyStatusPageUpdate(
  store: Store,
  m: MonitorRecord,
  b: z.output<typeof StatusPageUpdate>,
): void {
  store.mutateMonitor(m, (m) => {
    const { displayOptions, ...fields } = b;
    assignDefined(m.page, fields);
    if (displayOptions) assignDefined(m.page.displayOptions, displayOptions);
    m.page.snapshot = publicSnapshot(m, store.clock.iso());
  });
}

export const getMonitorStatusPage: Handler = (c) => {
  const m = loadMonitor(c);
  return single(JSON.stringify(statusPageView(m, c.svc.origin)), etag(m.page.version));
};

export const getStatusPage = getMonitorStatusPage;

export const updateStatusPage: Handler = (c) => {
  const m = loadMonitor(c);
  checkVersion(c, m.page.version);
  const b = parse(StatusPageUpdate, c.body);
  if (!m.page.setUp) {
    throw new ApiError(
      'dashboard_setup_required',
      'the status page has not been set up yet; its initial setup is done in the dashboard',
    );
  }
  if (PENDING_DOMAIN.has(m.page.customDomain.status)) {
    throw new ApiError(
      'dashboard_setup_required',
      `a custom-domain step is pending in the dashboard (${m.page.customDomain.status})`,
    );
  }
  applyStatusPageUpdate(c.svc.store, m, b);
  return single(JSON.stringify(statusPageView(m, c.svc.origin)), etag(m.page.version));
};

export const listStatusPages: Handler = (c) => {
  const q = parseQuery(StatusPageListQuery, c.query);
  const r = page(c.svc.store.monitorsOf(c.auth.tenant.id), orderKey, 1, q.limit, q.cursor, (m) => {
    if (!canSee(c.auth, m.id)) return false;
    return q.enabled === undefined || m.page.enabled === q.enabled;
  });
  return listJson(
    r.items.map((m) => JSON.stringify(statusPageView(m, c.svc.origin))),
    q.limit,
    r.nextCursor,
  );
};
