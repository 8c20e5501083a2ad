// What to import, independent of the output format: per object its resource type, a stable name, the import id and
// the configuration that keeps the plan empty (only what differs from the service defaults, which come from the
// field declarations). Secrets are never read: a saved header value or password is left out of the configuration,
// which keeps the saved value (docs/resources/monitor.md, Import).
import type { AlertDestination, Monitor, MonitorAlertSettings, StatusPage } from '../api/index.js';
import { isSaved } from '../api/index.js';
import { fieldsOf } from '../provider/fields/index.js';
import type { Account } from './account.js';

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

export interface ImportObject {
  type: 'uptime_monitor' | 'uptime_monitor_alert_settings' | 'uptime_status_page';
  name: string;
  id: string;
  /** The monitor this object belongs to (its resource name). */
  monitor: string;
  attrs: Attr[];
}

export interface DestinationLookup {
  name: string;
  channel: 'email' | 'sms';
  label: string;
  ids: string[];
}

export interface ImportSet {
  objects: ImportObject[];
  lookups: DestinationLookup[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `Checkout API (EU)` → `checkout_api_eu`; never empty, never starting with a digit. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return !s ? 'monitor' : /^[0-9]/.test(s) ? `m_${s}` : s;
}

export function uniqueName(base: string, taken: Set<string>): string {
  let n = base;
  for (let i = 2; taken.has(n); i++) n = `${base}_${i}`;
  taken.add(n);
  return n;
}

type Resource = ImportObject['type'];

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

export interface Known {
  /** Monitor id → resource name, from earlier runs. */
  names: Record<string, string>;
  /** Import ids (`type/id`) already written by earlier runs. */
  imported: Set<string>;
  /** Destination lookups already written: name → `channel/label`. */
  lookups: Record<string, string>;
}

/** The objects to write: everything selected that earlier runs did not write yet. `reserved`: names the output
 *  already uses for something else (CDKTF: the provider's construct id). */
export function plan(account: Account, known: Known, reserved: readonly string[] = []): ImportSet {
  const taken = new Set([...reserved, ...Object.values(known.names)]);
  const monitors = [...account.monitors].sort(
    (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
  );
  const lookups = new Map<string, DestinationLookup>();
  const lookupTaken = new Set(Object.keys(known.lookups));
  const byKey = new Map(Object.entries(known.lookups).map(([name, key]) => [key, name]));
  const lookup = (destId: string): Value => {
    const d = account.destinations.find((x) => x.id === destId);
    const sameLabel = d?.label
      ? account.destinations.filter((x) => x.channel === d.channel && x.label === d.label)
      : [];
    if (!d || !d.label || sameLabel.length !== 1) return destId; // no unique label: the id itself
    const key = `${d.channel}/${d.label}`;
    let name = byKey.get(key);
    if (!name) {
      name = uniqueName(slug(`${d.label}_${d.channel}`), lookupTaken);
      byKey.set(key, name);
    }
    if (!(name in known.lookups))
      lookups.set(name, { name, channel: d.channel, label: d.label, ids: [d.id] });
    return { destination: name };
  };

  const objects: ImportObject[] = [];
  for (const m of monitors) {
    const name = known.names[m.id] ?? uniqueName(slug(m.name), taken);
    if (!known.imported.has(`uptime_monitor/${m.id}`))
      objects.push({ type: 'uptime_monitor', name, id: m.id, monitor: name, attrs: monitorAttrs(m) });
    const s = account.alertSettings.get(m.id);
    if (s && !known.imported.has(`uptime_monitor_alert_settings/${m.id}`)) {
      const attrs = alertAttrs(s, name, account.destinations, lookup);
      if (attrs)
        objects.push({ type: 'uptime_monitor_alert_settings', name, id: m.id, monitor: name, attrs });
    }
    const p = account.statusPages.get(m.id);
    if (p && !known.imported.has(`uptime_status_page/${m.id}`))
      objects.push({ type: 'uptime_status_page', name, id: m.id, monitor: name, attrs: pageAttrs(p, name) });
  }
  return { objects, lookups: [...lookups.values()] };
}
