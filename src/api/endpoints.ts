import type { Scope } from './account.js';

/**
 * The spec's endpoint table as data: one row per operation. The client has one method per row
 * (named by `operation`), the local service routes and authorizes from it, and tests walk it.
 */
export interface Endpoint {
  operation: OperationName;
  method: 'GET' | 'POST' | 'PATCH';
  /** Path relative to {base_url}, with `{param}` placeholders exactly as the spec writes them. */
  path: string;
  /** `none`: no token. `[]`: any valid token. Otherwise the token needs at least one of these scopes. */
  scopes: 'none' | readonly Scope[];
  /** Only tokens for all monitors (POST /monitors). */
  unrestrictedOnly?: boolean;
  /** Needs a Pro plan (GET checks). */
  pro?: boolean;
  /** IK: Idempotency-Key header required. */
  idempotencyKey: boolean;
  /** IM: If-Match header required. */
  ifMatch: boolean;
  successStatus: 200 | 201 | 202;
  /** A write: never retried without an Idempotency-Key. */
  write: boolean;
  paginated?: boolean;
  /** The spec does not show the success body ("Response bodies of PATCH monitor, alert-settings and status-page,
   *  pause, activate, archive and reactivate: not shown"): a service may answer the record, a part of it, or none. */
  bodyNotShown?: boolean;
}

const read: Scope[] = ['monitors:read'];

export const ENDPOINTS = [
  { operation: 'getHealth', method: 'GET', path: '/health', scopes: 'none' },
  { operation: 'getUsage', method: 'GET', path: '/usage', scopes: [] },
  { operation: 'getCapabilities', method: 'GET', path: '/capabilities', scopes: [] },
  { operation: 'listMonitors', method: 'GET', path: '/monitors', scopes: read, paginated: true },
  {
    operation: 'createMonitor',
    method: 'POST',
    path: '/monitors',
    scopes: ['monitors:create'],
    unrestrictedOnly: true,
    idempotencyKey: true,
    successStatus: 201,
  },
  { operation: 'getMonitor', method: 'GET', path: '/monitors/{monitorId}', scopes: read },
  {
    operation: 'updateMonitor',
    method: 'PATCH',
    path: '/monitors/{monitorId}',
    scopes: ['monitors:update'],
    idempotencyKey: true,
    ifMatch: true,
    bodyNotShown: true,
  },
  { operation: 'getMonitorSummary', method: 'GET', path: '/monitors/{monitorId}/summary', scopes: read },
  {
    operation: 'listMonitorChecks',
    method: 'GET',
    path: '/monitors/{monitorId}/checks',
    scopes: ['checks:read'],
    pro: true,
    paginated: true,
  },
  {
    operation: 'listMonitorIncidents',
    method: 'GET',
    path: '/monitors/{monitorId}/incidents',
    scopes: read,
    paginated: true,
  },
  {
    operation: 'listMonitorAlerts',
    method: 'GET',
    path: '/monitors/{monitorId}/alerts',
    scopes: read,
    paginated: true,
  },
  {
    operation: 'getAlertSettings',
    method: 'GET',
    path: '/monitors/{monitorId}/alert-settings',
    scopes: ['alerts:write'],
  },
  {
    operation: 'updateAlertSettings',
    method: 'PATCH',
    path: '/monitors/{monitorId}/alert-settings',
    scopes: ['alerts:write'],
    idempotencyKey: true,
    ifMatch: true,
    bodyNotShown: true,
  },
  { operation: 'getMonitorExpiry', method: 'GET', path: '/monitors/{monitorId}/expiry', scopes: read },
  {
    operation: 'getMonitorStatusPage',
    method: 'GET',
    path: '/monitors/{monitorId}/status-page',
    scopes: read,
  },
  {
    operation: 'updateStatusPage',
    method: 'PATCH',
    path: '/monitors/{monitorId}/status-page',
    scopes: ['status-pages:write'],
    idempotencyKey: true,
    ifMatch: true,
    bodyNotShown: true,
  },
  {
    operation: 'pauseMonitor',
    method: 'POST',
    path: '/monitors/{monitorId}/pause',
    scopes: ['monitors:control', 'monitors:write'],
    idempotencyKey: true,
    bodyNotShown: true,
  },
  {
    operation: 'activateMonitor',
    method: 'POST',
    path: '/monitors/{monitorId}/activate',
    scopes: ['monitors:control', 'monitors:write'],
    idempotencyKey: true,
    bodyNotShown: true,
  },
  {
    operation: 'archiveMonitor',
    method: 'POST',
    path: '/monitors/{monitorId}/archive',
    scopes: ['monitors:archive'],
    idempotencyKey: true,
    ifMatch: true,
    bodyNotShown: true,
  },
  {
    operation: 'reactivateMonitor',
    method: 'POST',
    path: '/monitors/{monitorId}/reactivate',
    scopes: ['monitors:archive'],
    idempotencyKey: true,
    ifMatch: true,
    bodyNotShown: true,
  },
  {
    operation: 'createExport',
    method: 'POST',
    path: '/exports',
    scopes: ['exports:create'],
    idempotencyKey: true,
    successStatus: 202,
  },
  { operation: 'getExport', method: 'GET', path: '/exports/{exportId}', scopes: ['exports:read'] },
  {
    operation: 'getExportDownload',
    method: 'GET',
    path: '/exports/{exportId}/download',
    scopes: ['exports:read'],
  },
  { operation: 'listAlerts', method: 'GET', path: '/alerts', scopes: read, paginated: true },
  { operation: 'getAlert', method: 'GET', path: '/alerts/{alertId}', scopes: read },
  {
    operation: 'listAlertDestinations',
    method: 'GET',
    path: '/alert-destinations',
    scopes: ['alerts:write'],
  },
  { operation: 'listIncidents', method: 'GET', path: '/incidents', scopes: read, paginated: true },
  { operation: 'getIncident', method: 'GET', path: '/incidents/{incidentId}', scopes: read },
  { operation: 'listStatusPages', method: 'GET', path: '/status-pages', scopes: read, paginated: true },
  { operation: 'getStatusPage', method: 'GET', path: '/status-pages/{monitorId}', scopes: read },
].map((row) => ({
  idempotencyKey: false,
  ifMatch: false,
  successStatus: 200,
  ...row,
  write: row.method !== 'GET',
})) as readonly Endpoint[];

export type OperationName =
  | 'getHealth'
  | 'getUsage'
  | 'getCapabilities'
  | 'listMonitors'
  | 'createMonitor'
  | 'getMonitor'
  | 'updateMonitor'
  | 'getMonitorSummary'
  | 'listMonitorChecks'
  | 'listMonitorIncidents'
  | 'listMonitorAlerts'
  | 'getAlertSettings'
  | 'updateAlertSettings'
  | 'getMonitorExpiry'
  | 'getMonitorStatusPage'
  | 'updateStatusPage'
  | 'pauseMonitor'
  | 'activateMonitor'
  | 'archiveMonitor'
  | 'reactivateMonitor'
  | 'createExport'
  | 'getExport'
  | 'getExportDownload'
  | 'listAlerts'
  | 'getAlert'
  | 'listAlertDestinations'
  | 'listIncidents'
  | 'getIncident'
  | 'listStatusPages'
  | 'getStatusPage';

export function endpoint(operation: OperationName): Endpoint {
  const row = ENDPOINTS.find((e) => e.operation === operation);
  if (!row) throw new Error(`unknown operation ${operation}`);
  return row;
}
