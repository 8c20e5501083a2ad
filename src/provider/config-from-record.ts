// What configuration reproduces a record the service holds: per resource, the attributes whose value is not the
// declared default (plain fields from the field declarations; headers, basic auth, expiry blocks and destinations by
// hand), so that a plan of that configuration against the record is empty. Secrets are never read: a saved header
// value or password is left out, which keeps it (docs/resources/monitor.md, Import). Shared by `uptimectl import`
// (src/import/model.ts) and GenerateResourceConfig (generate-config.ts), below both: neither imports the other.
import type { AlertDestination, Monitor, MonitorAlertSettings, StatusPage } from '../api/index.js';
import { isSaved } from '../api/index.js';
import { fieldsOf } from './fields/index.js';

export type ConfigResource = 'uptime_monitor' | 'uptime_monitor_alert_settings' | 'uptime_status_page';

/** A configuration value: plain JSON, a reference to another object, or a destination lookup. */
export type Value =
  | string
  | number
  | boolean
  | null
  | Value[]
  | { [key: string]: Value }
  | { ref: string } // another imported resource's id: the monitor's name
  | { destination: string }; // a destination lookup's name

export interface Attr {
  name: string;
  value: Value;
  /** Comment lines written above the attribute. */
  comment?: string[];
}

type Resource = ConfigResource;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Not plain fields: written below by hand (their mapping is hand-written in the provider too). */
const BY_HAND = new Set([
  'monitor_id',
  'request_headers',
  'auth_config',
  'ssl_monitoring',
  'domain_monitoring',
  'destination_ids',
]);

/** Always written, whatever the default: what a reader needs to recognise the monitor. */
const ALWAYS = new Set(['name', 'url', 'interval_seconds']);

/** The declared top-level fields of a record whose value is not the declared default (absent, null and `[]` are
 *  left out: that is what omitting them means). */
function plainAttrs(type: Resource, record: object, always = new Set<string>()): Attr[] {
  const rec = record as Record<string, unknown>;
  const attrs: Attr[] = [];
  for (const f of fieldsOf(type)) {
    if (f.attribute.includes('.') || f.kind === 'object' || f.presence === 'computed') continue;
    if (BY_HAND.has(f.attribute) || !f.apiName || !(f.apiName in rec)) continue;
    const v = rec[f.apiName];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (!always.has(f.attribute) && f.default !== undefined && same(v, f.default)) continue;
    attrs.push({ name: f.attribute, value: v as Value });
  }
  return attrs;
}

/** A nested block of declared fields (`channels`, `display_options`, …), written whole when any of its fields is
 *  not the declared default; null when all are. */
function blockAttr(type: Resource, block: string, record: object | undefined): Attr | null {
  if (!record) return null;
  const rec = record as Record<string, unknown>;
  const fields = fieldsOf(type).filter((f) => f.attribute.startsWith(`${block}.`));
  const value: Record<string, Value> = {};
  let differs = false;
  for (const f of fields) {
    const key = f.apiName.slice(f.apiName.lastIndexOf('.') + 1);
    const v = rec[key] ?? f.default ?? null;
    value[f.attribute.slice(block.length + 1)] = v as Value;
    if (!same(v, f.default)) differs = true;
  }
  return differs ? { name: block, value } : null;
}

export function monitorAttrs(m: Monitor): Attr[] {
  const attrs = plainAttrs('uptime_monitor', m, ALWAYS);
  if (m.archived && !attrs.some((a) => a.name === 'enabled')) attrs.push({ name: 'enabled', value: false });

  const headers = m.requestHeaders ?? [];
  if (headers.length) {
    const saved = headers.filter((h) => isSaved(h, 'value')).map((h) => h.name);
    attrs.push({
      name: 'request_headers',
      value: headers.map((h) => ({ name: h.name })),
      comment: saved.length
        ? [
            `Saved values of ${saved.join(', ')} are kept (the API never returns them). To manage a value here, set`,
            'value_wo = var.<name> (a sensitive variable) and value_wo_version = 1.',
          ]
        : undefined,
    } as Attr);
  }
  const auth = m.authConfig;
  if (auth && auth.type === 'basic') {
    attrs.push({
      name: 'auth_config',
      value: { type: 'basic', ...(auth.username !== undefined ? { username: auth.username } : {}) },
      comment: isSaved(auth, 'password')
        ? [
            'The saved password is kept. To manage it here: password_wo = var.<name>, password_wo_version = 1.',
          ]
        : undefined,
    } as Attr);
  }
  for (const [attr, state] of [
    ['ssl_monitoring', m.expiryMonitoring?.ssl],
    ['domain_monitoring', m.expiryMonitoring?.domain],
  ] as const) {
    if (!state) continue;
    const warnDefault = fieldsOf('uptime_monitor').find((f) => f.attribute === `${attr}.warn_days`)?.default;
    if (!state.enabled && same(state.warnDays, warnDefault)) continue;
    attrs.push({
      name: attr,
      value: {
        enabled: state.enabled,
        ...(same(state.warnDays, warnDefault) ? {} : { warn_days: state.warnDays }),
      },
    });
  }
  return attrs.map((a) => (a.comment === undefined ? { name: a.name, value: a.value } : a));
}

export function alertAttrs(
  s: MonitorAlertSettings,
  monitor: string,
  destinations: AlertDestination[],
  lookup: (d: string) => Value,
): Attr[] | null {
  const type = 'uptime_monitor_alert_settings';
  const defaultEmail = destinations.find((d) => d.channel === 'email' && d.isDefault)?.id ?? null;
  const ids = { email: s.destinationIds.email ?? null, sms: s.destinationIds.sms ?? null };
  const attrs: Attr[] = [{ name: 'monitor_id', value: { ref: monitor } }, ...plainAttrs(type, s)];
  const channels = blockAttr(type, 'channels', s.channels);
  if (channels) attrs.push(channels);
  if (!same(ids, { email: defaultEmail, sms: null })) {
    const v: Record<string, Value> = {};
    if (ids.email) v.email = lookup(ids.email);
    if (ids.sms) v.sms = lookup(ids.sms);
    attrs.push({ name: 'destination_ids', value: v });
  }
  const slow = blockAttr(type, 'slow_response_alerts', s.slowResponseAlerts);
  if (slow) attrs.push(slow);
  return attrs.length > 1 ? attrs : null;
}

export function pageAttrs(p: StatusPage, monitor: string): Attr[] {
  const type = 'uptime_status_page';
  const display = blockAttr(type, 'display_options', p.displayOptions);
  return [
    { name: 'monitor_id', value: { ref: monitor } },
    ...plainAttrs(type, p),
    ...(display ? [display] : []),
  ];
}
