// What to import, independent of the output format: per object its resource type, a stable name, the import id and
// the configuration that keeps the plan empty (only what differs from the service defaults, which come from the
// field declarations). Secrets are never read: a saved header value or password is left out of the configuration,
// which keeps the saved value (docs/resources/monitor.md, Import).
import {
  alertAttrs,
  monitorAttrs,
  pageAttrs,
  savedSecretAdvice,
  type Attr,
  type ConfigResource,
  type Value,
} from '../provider/config-from-record.js';
import type { AlertChannel } from '../api/index.js';
import type { Account } from './account.js';

export { savedSecretAdvice };
export type { Attr, Value };

export interface ImportObject {
  type: ConfigResource;
  name: string;
  id: string;
  /** The monitor this object belongs to (its resource name). */
  monitor: string;
  attrs: Attr[];
}

export interface DestinationLookup {
  name: string;
  channel: AlertChannel;
  label: string;
  ids: string[];
}

export interface ImportSet {
  objects: ImportObject[];
  lookups: DestinationLookup[];
}

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
