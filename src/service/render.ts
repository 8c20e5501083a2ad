import type { ExportJob, Monitor, MonitorAlertSettings, StatusPage } from '../api/index.js';
import type { ExportRecord, MonitorRecord, Store } from './store.js';

/** The API representation of an export job (the tenant is bookkeeping). */
export function exportView(e: ExportRecord): ExportJob {
  const { tenantId: _t, ...rest } = e;
  return rest;
}

/** The API representation of a monitor. Secret values never leave: `valueSet` / `passwordSet` instead. */
export function monitorView(m: MonitorRecord): Monitor {
  return {
    id: m.id,
    version: m.version,
    name: m.name,
    url: m.url,
    type: m.type,
    enabled: m.enabled,
    archived: m.archived,
    status: m.status,
    requestMethod: m.requestMethod,
    intervalSeconds: m.intervalSeconds,
    timeoutMs: m.timeoutMs,
    followRedirects: m.followRedirects,
    acceptedStatusCodes: [...m.acceptedStatusCodes],
    requestHeaders: m.requestHeaders.map((h) => ({ name: h.name, valueSet: h.value !== null })),
    authConfig:
      m.auth.type === 'basic'
        ? { type: 'basic', username: m.auth.username ?? '', passwordSet: m.auth.password !== null }
        : { type: 'none', passwordSet: false },
    lastCheckAt: m.lastCheckAt,
    lastStatusAt: m.lastStatusAt,
    responseTimeMs: m.responseTimeMs,
    httpStatus: m.httpStatus,
    expiryMonitoring: { ssl: { ...m.ssl }, domain: { ...m.domain } },
    slowResponse: { ...m.slow },
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
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

export function alertSettingsView(m: MonitorRecord): MonitorAlertSettings {
  return {
    monitorId: m.id,
    version: m.alert.version,
    channels: { ...m.alert.channels },
    destinationIds: { ...m.alert.destinationIds },
    slowResponseAlerts: {
      enabled: m.slow.enabled,
      thresholdMs: m.slow.thresholdMs,
      consecutiveLimit: m.slow.consecutiveLimit,
      state: m.slow.state,
    },
  };
}

/** `origin`: where the public pages are served (`http://host:port`). */
export function statusPageView(m: MonitorRecord, origin: string): StatusPage {
  const p = m.page;
  return {
    monitorId: m.id,
    enabled: p.enabled,
    slug: p.slug,
    url: p.slug ? `${origin}/public/status-pages/${p.slug}` : null,
    title: p.title,
    description: p.description,
    noindex: p.noindex,
    displayOptions: { ...p.displayOptions },
    verificationStatus: p.verificationStatus,
    customDomain: { ...p.customDomain },
    version: p.version,
    updatedAt: p.updatedAt,
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
