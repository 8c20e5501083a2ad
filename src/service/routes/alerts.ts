import type { z } from 'zod';
import type { AlertChannel, AlertDestinationSelection, ErrorDetail } from '../../api/index.js';
import { ALERT_CHANNELS, MonitorAlertSettingsUpdate, PageQuery } from '../../api/index.js';
import { canSee } from '../auth.js';
import type { Ctx, Handler } from '../context.js';
import { checkVersion, etag, listJson, loadMonitor, page, parse, parseQuery, single } from '../context.js';
import { forbidden, notFound, validation } from '../errors.js';
import { alertView } from '../engine/alerts.js';
import { alertSettingsView } from '../render.js';
import type { MonitorRecord, State } from '../store.js';

type AlertRow = State['alerts'][string];

/** Destination ids must exist among the tenant's verified destinations and match their channel. */
export function validateDestinations(
  c: Ctx,
  sel: AlertDestinationSelection | undefined,
  prefix: string,
): ErrorDetail[] {
  if (!sel) return [];
  const out: ErrorDetail[] = [];
  const dests = c.svc.store.destinations(c.auth.tenant.id);
  for (const channel of ALERT_CHANNELS) {
    const id = sel[channel];
    if (id === undefined || id === null) continue;
    if (!dests.some((d) => d.id === id && d.channel === channel)) {
      out.push({
        field: `${prefix}.${channel}`,
        rule: 'unknown_destination',
        message: `${prefix}.${channel} must be the id of a verified ${channel} destination from /alert-destinations`,
        allowed: dests.filter((d) => d.channel === channel).map((d) => d.id),
      });
    }
  }
  return out;
}

export function applyDestinations(m: MonitorRecord, sel: AlertDestinationSelection | undefined): void {
  if (!sel) return;
  if (sel.email !== undefined) m.alert.destinationIds.email = sel.email;
  if (sel.sms !== undefined) m.alert.destinationIds.sms = sel.sms;
}

export const getAlertSettings: Handler = (c) => {
  const m = loadMonitor(c);
  return single(JSON.stringify(alertSettingsView(m)), etag(m.alert.version));
};

export const updateAlertSettings: Handler = (c) => {
  const m = loadMonitor(c);
  checkVersion(c, m.alert.version);
  const b: z.output<typeof MonitorAlertSettingsUpdate> = parse(MonitorAlertSettingsUpdate, c.body);
  const problems = validateDestinations(c, b.destinationIds, 'destinationIds');
  if (problems.length) throw validation(problems);
  if (b.channels?.sms === true && !c.auth.tenant.plan.smsAlerts) {
    throw forbidden('plan', 'SMS alerts are not included in this plan');
  }
  c.svc.store.mutateMonitor(m, (m) => {
    if (b.channels) Object.assign(m.alert.channels, stripUndefined(b.channels));
    applyDestinations(m, b.destinationIds);
    if (b.slowResponseAlerts) {
      const { state: _readOnly, ...rest } = b.slowResponseAlerts;
      Object.assign(m.slow, stripUndefined(rest));
    }
  });
  return single(JSON.stringify(alertSettingsView(m)), etag(m.alert.version));
};

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const listAlertDestinations: Handler = (c) => {
  const data = c.svc.store.destinations(c.auth.tenant.id).map((d) => ({
    id: d.id,
    channel: d.channel,
    value: d.value,
    maskedValue: mask(d.channel, d.value),
    label: d.label,
    isDefault: d.isDefault,
  }));
  return { json: JSON.stringify({ data }) };
};

export function mask(channel: AlertChannel, value: string): string {
  if (channel === 'email') {
    const at = value.indexOf('@');
    return at <= 0 ? '***' : `${value[0]}***${value.slice(at)}`;
  }
  return `${value.slice(0, Math.min(2, value.length))}${'*'.repeat(Math.max(0, value.length - 6))}${value.slice(-4)}`;
}

// ----- alert-delivery history (filled by the engine) -----

const alertKey = (a: AlertRow) => `${a.timestamp}|${a.id}`;

function tenantAlerts(c: Ctx): AlertRow[] {
  return Object.values(c.svc.store.state.alerts)
    .filter((a) => a.tenantId === c.auth.tenant.id)
    .sort((a, b) => (alertKey(a) < alertKey(b) ? 1 : -1));
}

function visible(c: Ctx, a: AlertRow): boolean {
  return a.monitorId ? canSee(c.auth, a.monitorId) : c.auth.selection === null;
}

function alertJson(a: AlertRow): string {
  return JSON.stringify(alertView(a));
}

export const listAlerts: Handler = (c) => {
  const q = parseQuery(PageQuery, c.query);
  const r = page(tenantAlerts(c), alertKey, -1, q.limit, q.cursor, (a) => visible(c, a));
  return listJson(r.items.map(alertJson), q.limit, r.nextCursor);
};

export const listMonitorAlerts: Handler = (c) => {
  const m = loadMonitor(c);
  const q = parseQuery(PageQuery, c.query);
  const r = page(tenantAlerts(c), alertKey, -1, q.limit, q.cursor, (a) => a.monitorId === m.id);
  return listJson(r.items.map(alertJson), q.limit, r.nextCursor);
};

export const getAlert: Handler = (c) => {
  const a = c.svc.store.state.alerts[c.params.alertId ?? ''];
  if (!a || a.tenantId !== c.auth.tenant.id || !visible(c, a)) throw notFound('alert');
  return single(alertJson(a));
};
