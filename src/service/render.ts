// The local service's views: API representations derived from the records (secrets hidden), cached per version.
import type { ExportJob, Monitor, MonitorAlertSettings, StatusPage } from '../api/index.js';
import { hideSecrets } from './secret-blocks.js';
import type { ExportRecord, MonitorRecord, Store } from './store.js';

/** The API representation of an export job (the tenant is bookkeeping). */
export function exportView(e: ExportRecord): ExportJob {
  const { tenantId: _t, ...rest } = e;
  return rest;
}

/** A record's fields as they are, nested objects and arrays copied (a view never shares state with the store). */
function detached<T extends object>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      Array.isArray(v) ? [...v] : v !== null && typeof v === 'object' ? { ...v } : v,
    ]),
  ) as T;
}

/** The API representation of a monitor: the record's API fields as they are, the blocks holding secrets with the
 *  secrets hidden (secret-blocks.ts), the observation blocks under their API names. */
export function monitorView(m: MonitorRecord): Monitor {
  const {
    tenantId: _tenant,
    counter: _counter,
    alert: _alert,
    page: _page,
    checkQueuedAt: _queued,
    requestHeaders,
    auth,
    ssl,
    domain,
    slow,
    ...fields
  } = m;
  return {
    ...detached(fields),
    requestHeaders: requestHeaders.map(hideSecrets) as Monitor['requestHeaders'],
    authConfig: hideSecrets(auth) as Monitor['authConfig'],
    expiryMonitoring: { ssl: { ...ssl }, domain: { ...domain } },
    slowResponse: { ...slow },
  };
}

/** JSON of the monitor, cached per version (every content change makes a new version). */
export function monitorJson(store: Store, m: MonitorRecord): string {
  const hit = store.renderCache.get(m.id);
  if (hit && hit.version === m.version) return hit.json;
  const json = JSON.stringify(monitorView(m));
  store.renderCache.set(m.id, { version: m.version, json });
  return json;
}

/** The API representation of the alert settings: the record's API fields, the slow-response alerts from the
 *  monitor's `slow` (without its incident bookkeeping). */
export function alertSettingsView(m: MonitorRecord): MonitorAlertSettings {
  const { counter: _counter, ...fields } = m.alert;
  const { enabled, thresholdMs, consecutiveLimit, state } = m.slow;
  return {
    monitorId: m.id,
    ...detached(fields),
    slowResponseAlerts: { enabled, thresholdMs, consecutiveLimit, state },
  };
}

/** The API representation of the status page: the record's API fields and the URL made from the slug.
 *  `origin`: where the public pages are served (`http://host:port`). */
export function statusPageView(m: MonitorRecord, origin: string): StatusPage {
  const { setUp: _setUp, counter: _counter, snapshot: _snapshot, ...fields } = m.page;
  return {
    monitorId: m.id,
    ...detached(fields),
    url: fields.slug ? `${origin}/public/status-pages/${fields.slug}` : null,
  };
}

/** What the public page shows; refreshed on PATCH. */
export function publicSnapshot(m: MonitorRecord, at: string): Record<string, unknown> {
  const p = m.page;
  return {
    slug: p.slug,
    title: p.title ?? m.name,
    description: p.description,
    noindex: p.noindex,
    displayOptions: { ...p.displayOptions },
    monitor: { name: m.name, status: m.status },
    publishedAt: at,
  };
}

export function fingerprints(m: MonitorRecord): { monitor: string; alert: string; page: string } {
  const mv = monitorView(m) as Record<string, unknown>;
  delete mv.version;
  delete mv.updatedAt;
  // Secrets are part of the monitor's content: changing a password makes a new version.
  const secrets = [m.requestHeaders.map((h) => h.value), m.auth.password];
  const av = alertSettingsView(m) as Partial<MonitorAlertSettings>;
  delete av.version;
  const pv = statusPageView(m, '') as Partial<StatusPage>;
  delete pv.version;
  delete pv.updatedAt;
  return {
    monitor: JSON.stringify([mv, secrets]),
    alert: JSON.stringify(av),
    page: JSON.stringify([pv, m.page.setUp]),
  };
}
