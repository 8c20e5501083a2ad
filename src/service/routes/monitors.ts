import { z } from 'zod';
import type { ErrorDetail } from '../../api/index.js';
import {
  DECIDED,
  INTERVAL_SECONDS,
  MONITOR_SECRET_BLOCKS,
  MonitorCreate,
  MonitorListQuery,
  MonitorUpdate,
  ReactivateBody,
  type MonitorSecretBlock,
} from '../../api/index.js';
import { canSee } from '../auth.js';
import type { Ctx, Handler, Result } from '../context.js';
import { checkVersion, etag, listJson, loadMonitor, page, parse, parseQuery, single } from '../context.js';
import { ApiError, validation } from '../errors.js';
import { newMonitorId, newVersion } from '../ids.js';
import { monitorJson } from '../render.js';
import { mergeSecretBlock } from '../secret-blocks.js';
import type { MonitorRecord, Store, TenantRecord } from '../store.js';
import { defaultExpiry } from '../store.js';
import { applyDestinations, validateDestinations } from './alerts.js';

type CreateBody = z.output<typeof MonitorCreate>;
type UpdateBody = z.output<typeof MonitorUpdate>;

/** Pause, activate and archive take no body; an empty object is tolerated. */
const NoBody = z.object({}).strict().optional();

export const orderKey = (m: MonitorRecord): string => `${m.createdAt}|${m.id}`;

function duplicate(existing: MonitorRecord): ApiError {
  return new ApiError(
    'duplicate_monitor',
    `a monitor with the same URL and method already exists: ${existing.id}`,
    { existingMonitorId: existing.id },
  );
}

function checkCapacity(store: Store, tenant: TenantRecord): void {
  const used = store.liveCount(tenant.id);
  if (used >= tenant.plan.monitorCapacity) {
    throw new ApiError(
      'plan_capacity',
      `the plan "${tenant.plan.name}" allows ${tenant.plan.monitorCapacity} monitors and ${used} are in use`,
    );
  }
}

/** The plan's minimum interval (400, with the intervals this plan allows). */
export function checkInterval(tenant: TenantRecord, interval: number, field = 'intervalSeconds'): void {
  if (interval < tenant.plan.minIntervalSeconds) {
    const allowed = INTERVAL_SECONDS.filter((i) => i >= tenant.plan.minIntervalSeconds);
    throw validation([
      {
        field,
        rule: 'plan_minimum',
        message: `${field} must be at least ${tenant.plan.minIntervalSeconds} on the plan "${tenant.plan.name}"`,
        allowed: [...allowed],
      },
    ]);
  }
}

function writeResult(c: Ctx, m: MonitorRecord, status?: number, extra?: Record<string, string>): Result {
  return single(monitorJson(c.svc.store, m), { ...etag(m.version), ...extra }, status);
}

/** Write fields stored in another shape than they are written (the rest is stored as written): the blocks that
 *  hold a secret (merged with the saved ones, secret-blocks.ts), the method (upper case), and what the alert
 *  settings and the expiry and slow-response blocks keep. */
const OWN_WRITE = new Set<string>([
  ...Object.keys(MONITOR_SECRET_BLOCKS),
  'requestMethod',
  'alertChannels',
  'alertContacts',
  'alertDestinationIds',
  'sslMonitoring',
  'domainMonitoring',
  'slowResponseAlerts',
]);

/** The blocks holding secrets as the record stores them after the write (each merged with the saved one), or the
 *  details of what is missing. */
type SecretBlocks = Pick<MonitorRecord, 'requestHeaders' | 'auth'>;

function storedSecretBlocks(
  m: SecretBlocks,
  b: UpdateBody,
): { stored: Partial<SecretBlocks>; problems: ErrorDetail[] } {
  const stored: Partial<SecretBlocks> = {};
  const problems: ErrorDetail[] = [];
  const merge = (field: MonitorSecretBlock, saved: object, input: object | undefined) => {
    if (!input) return undefined;
    const r = mergeSecretBlock(MONITOR_SECRET_BLOCKS[field], field, saved as never, input as never);
    if ('problem' in r) return void problems.push(r.problem);
    return r.stored;
  };
  const headers = merge('requestHeaders', m.requestHeaders, b.requestHeaders);
  if (headers) stored.requestHeaders = headers as MonitorRecord['requestHeaders'];
  const auth = merge('authConfig', m.auth, b.authConfig);
  if (auth) stored.auth = auth as MonitorRecord['auth'];
  return { stored, problems };
}

/** Applies the write fields shared by create and update (already validated by zod). */
function applyWrite(m: MonitorRecord, b: UpdateBody, secrets: Partial<SecretBlocks>): void {
  const record = m as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(b))
    if (v !== undefined && !OWN_WRITE.has(k)) record[k] = Array.isArray(v) ? [...v] : v;
  if (b.requestMethod !== undefined) m.requestMethod = b.requestMethod.toUpperCase() as 'GET' | 'HEAD';
  Object.assign(m, secrets);
  if (b.sslMonitoring) Object.assign(m.ssl, stripUndefined(b.sslMonitoring));
  if (b.domainMonitoring) Object.assign(m.domain, stripUndefined(b.domainMonitoring));
  if (b.slowResponseAlerts) {
    const { state: _readOnly, ...rest } = b.slowResponseAlerts;
    Object.assign(m.slow, stripUndefined(rest));
  }
  if (b.alertChannels) m.alert.channels = { ...b.alertChannels };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Validates the cross-record rules of a write body; returns the blocks holding secrets as they will be stored. */
function validateWrite(c: Ctx, b: UpdateBody, saved: SecretBlocks): Partial<SecretBlocks> {
  const { stored, problems } = storedSecretBlocks(saved, b);
  problems.push(...validateDestinations(c, b.alertDestinationIds, 'alertDestinationIds'));
  if (b.alertContacts) {
    const dests = c.svc.store.destinations(c.auth.tenant.id);
    for (const [field, channel] of [
      ['email', 'email'],
      ['phone', 'sms'],
    ] as const) {
      const v = b.alertContacts[field];
      if (v === undefined || v === null) continue;
      if (!dests.some((d) => d.channel === channel && d.value.toLowerCase() === v.toLowerCase())) {
        problems.push({
          field: `alertContacts.${field}`,
          rule: 'not_verified',
          message: `alertContacts.${field} must be a destination already verified in the dashboard`,
        });
      }
    }
  }
  if (problems.length) throw validation(problems);
  if (b.intervalSeconds !== undefined) checkInterval(c.auth.tenant, b.intervalSeconds);
  return stored;
}

/** alertContacts (deprecated) selects the verified destinations with those values. */
function applyContacts(c: Ctx, m: MonitorRecord, b: UpdateBody): void {
  if (!b.alertContacts) return;
  const dests = c.svc.store.destinations(c.auth.tenant.id);
  const { email, phone } = b.alertContacts;
  if (email !== undefined) {
    m.alert.destinationIds.email =
      email === null
        ? null
        : (dests.find((d) => d.channel === 'email' && d.value.toLowerCase() === email.toLowerCase())?.id ??
          null);
  }
  if (phone !== undefined) {
    m.alert.destinationIds.sms =
      phone === null ? null : (dests.find((d) => d.channel === 'sms' && d.value === phone)?.id ?? null);
  }
}

export const createMonitor: Handler = (c) => {
  const b: CreateBody = parse(MonitorCreate, c.body);
  const { store } = c.svc;
  const tenant = c.auth.tenant;
  const secrets = validateWrite(c, b, {
    requestHeaders: [],
    auth: { type: 'none', username: null, password: null },
  });
  const method = (b.requestMethod ?? DECIDED.monitorDefaults.requestMethod).toUpperCase();
  const dup = store.liveDuplicate(tenant.id, b.url, method);
  if (dup) throw duplicate(dup);
  checkCapacity(store, tenant);

  const now = c.svc.clock.iso();
  const enabled = b.enabled ?? true;
  const defaultEmail = store.destinations(tenant.id).find((d) => d.channel === 'email' && d.isDefault);
  const m: MonitorRecord = {
    id: newMonitorId(),
    tenantId: tenant.id,
    name: b.name ?? new URL(b.url).host,
    url: b.url,
    type: 'http',
    enabled,
    archived: false,
    status: enabled ? 'pending' : 'paused',
    ...DECIDED.monitorDefaults,
    intervalSeconds: Math.max(DECIDED.monitorDefaults.intervalSeconds, tenant.plan.minIntervalSeconds),
    acceptedStatusCodes: [],
    requestHeaders: [],
    auth: { type: 'none', username: null, password: null },
    ssl: defaultExpiry(),
    domain: defaultExpiry(),
    slow: {
      ...DECIDED.alertSettingsDefaults.slowResponseAlerts,
      state: 'healthy',
      currentIncidentStartedAt: null,
      lastAlertedAt: null,
      lastRecoveredAt: null,
    },
    lastCheckAt: null,
    lastStatusAt: null,
    responseTimeMs: null,
    httpStatus: null,
    checkQueuedAt: enabled ? now : null,
    createdAt: now,
    updatedAt: now,
    version: newVersion(1),
    counter: 1,
    alert: {
      channels: { ...DECIDED.alertSettingsDefaults.channels },
      destinationIds: { email: defaultEmail?.id ?? null, sms: null },
      version: newVersion(1),
      counter: 1,
    },
    page: newStatusPage(),
  };
  applyWrite(m, b, secrets);
  applyContacts(c, m, b);
  applyDestinations(m, b.alertDestinationIds);
  store.insertMonitor(m);
  store.persist();
  return writeResult(c, m, 201, { location: `${c.svc.origin}/v1/monitors/${m.id}` });
};

export function newStatusPage(): MonitorRecord['page'] {
  const defaults = DECIDED.statusPageDefaults;
  return {
    ...defaults,
    displayOptions: { ...defaults.displayOptions },
    customDomain: { ...defaults.customDomain },
    setUp: false,
    slug: null,
    version: newVersion(1),
    counter: 1,
    updatedAt: null,
    snapshot: null,
  };
}

export const getMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  return single(monitorJson(c.svc.store, m), etag(m.version));
};

export const listMonitors: Handler = (c) => {
  const q = parseQuery(MonitorListQuery, c.query);
  const after = q.updated_after ? Date.parse(q.updated_after) : null;
  const before = q.updated_before ? Date.parse(q.updated_before) : null;
  const { store } = c.svc;
  const r = page(store.monitorsOf(c.auth.tenant.id), orderKey, 1, q.limit, q.cursor, (m) => {
    if (!canSee(c.auth, m.id)) return false;
    if (q.status !== undefined && m.status !== q.status) return false;
    if (q.enabled !== undefined && m.enabled !== q.enabled) return false;
    if (q.type !== undefined && m.type !== q.type) return false;
    if (after !== null && !(Date.parse(m.updatedAt) > after)) return false;
    if (before !== null && !(Date.parse(m.updatedAt) < before)) return false;
    return true;
  });
  return listJson(
    r.items.map((m) => monitorJson(store, m)),
    q.limit,
    r.nextCursor,
  );
};

export const updateMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  checkVersion(c, m.version);
  const b = parse(MonitorUpdate, c.body);
  const secrets = validateWrite(c, b, m);
  if (!m.archived && (b.url !== undefined || b.requestMethod !== undefined)) {
    const dup = c.svc.store.liveDuplicate(
      m.tenantId,
      b.url ?? m.url,
      (b.requestMethod ?? m.requestMethod).toUpperCase(),
      m.id,
    );
    if (dup) throw duplicate(dup);
  }
  const before = m.version;
  c.svc.store.mutateMonitor(m, (m) => {
    applyWrite(m, b, secrets);
    applyContacts(c, m, b);
    applyDestinations(m, b.alertDestinationIds);
  });
  // A new configuration is checked at once (docs/api-decisions.md), so facts newer than the change come soon.
  if (m.version !== before && m.enabled && !m.archived) {
    m.checkQueuedAt = c.svc.clock.iso();
    c.svc.store.touch('monitors', m.id);
    c.svc.engine.scheduler.reset(m.id);
  }
  return writeResult(c, m);
};

function invalidState(m: MonitorRecord, op: string): ApiError {
  return new ApiError('invalid_state', `cannot ${op} monitor ${m.id}: it is ${m.status}`);
}

export const pauseMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  parse(NoBody, c.body);
  if (m.archived) throw invalidState(m, 'pause');
  const { changed } = c.svc.store.mutateMonitor(m, (m) => {
    m.enabled = false;
    m.status = 'paused';
    m.checkQueuedAt = null;
  });
  if (changed) c.svc.engine.lifecycle(m, 'paused');
  return writeResult(c, m);
};

export const activateMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  parse(NoBody, c.body);
  if (m.archived) throw invalidState(m, 'activate');
  if (!m.enabled) {
    c.svc.store.mutateMonitor(m, (m) => {
      m.enabled = true;
      m.status = 'pending';
      m.checkQueuedAt = c.svc.clock.iso();
    });
    c.svc.engine.lifecycle(m, 'activated');
  }
  return writeResult(c, m);
};

export const archiveMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  checkVersion(c, m.version);
  parse(NoBody, c.body);
  const { changed } = c.svc.store.mutateMonitor(m, (m) => {
    m.archived = true;
    m.enabled = false;
    m.status = 'archived';
    m.checkQueuedAt = null;
  });
  if (changed) c.svc.engine.lifecycle(m, 'archived');
  return writeResult(c, m);
};

export const reactivateMonitor: Handler = (c) => {
  const m = loadMonitor(c);
  checkVersion(c, m.version);
  const b = parse(ReactivateBody.optional(), c.body) ?? {};
  if (!m.archived) throw invalidState(m, 'reactivate');
  const interval = b.intervalSeconds ?? m.intervalSeconds;
  checkInterval(c.auth.tenant, interval);
  const dup = c.svc.store.liveDuplicate(m.tenantId, m.url, m.requestMethod, m.id);
  if (dup) throw duplicate(dup);
  checkCapacity(c.svc.store, c.auth.tenant);
  c.svc.store.mutateMonitor(m, (m) => {
    m.archived = false;
    m.enabled = true;
    m.status = 'pending';
    m.intervalSeconds = interval;
    m.checkQueuedAt = c.svc.clock.iso();
  });
  c.svc.engine.lifecycle(m, 'reactivated');
  return writeResult(c, m);
};
