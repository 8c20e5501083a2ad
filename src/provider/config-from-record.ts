// What configuration reproduces a record the service holds: per resource, the attributes whose value is not what
// omitting them means, read from the resource's table (src/provider/fields), so that a plan of that configuration
// against the record is empty:
// - a plain field: written when set and not its declared default (`always`: written anyway, what a reader needs to
//   recognise the object);
// - a list of blocks: each item with its required fields and its other set, non-default ones;
// - a single block: left out when it is what null means (its null equivalent or its fields' defaults); otherwise a
//   block with a null equivalent is written with what differs from it, a block with defaults whole;
// - secrets are never read: a saved header value or password is left out, which keeps it (docs/resources/monitor.md,
//   Import), and the output says how to manage it instead, in its own language (`savedSecretAdvice`);
// - fields that need more than the record (the monitor a sub-object belongs to, destination lookups) are written by
//   the resource's own rule (`own`).
// Shared by `uptimectl import` (src/import/model.ts) and GenerateResourceConfig (generate-config.ts), below both:
// neither imports the other.
import type {
  AlertDestination,
  Monitor,
  MonitorAlertSettings,
  StatusPage,
  WriteOnlyField,
} from '../api/index.js';
import { isSaved } from '../api/index.js';
import { alertSettingsTable } from './fields/alert-settings.js';
import {
  apiDefaultsOf,
  at,
  attributeName,
  camel,
  emptyOf,
  isBlock,
  isSecret,
  recordPath,
  secretNames,
  type BlockDecl,
  type Table,
} from './fields/field.js';
import { monitorTable } from './fields/monitor.js';
import { statusPageTable } from './fields/status-page.js';

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
  /** Saved secrets the value leaves out: the output writes how to manage them above it (`savedSecretAdvice`). */
  saved?: SavedSecret;
}

/** A block's saved secrets, never read and left out of its configuration. */
export interface SavedSecret {
  /** The secret's attribute in the block (`password`, `value`). */
  attribute: string;
  /** What it is, in words (`password`). */
  noun: string;
  /** A list's items that hold one, by their key (header names); absent for a single block. */
  items?: string[];
}

/** The languages configuration is generated in: Terraform HCL, and TypeScript on the CDKTF constructs. */
export type ConfigLanguage = 'hcl' | 'cdktf';

/** A sensitive variable's token, in the CDKTF code `uptimectl import` writes (its function's `scope`). */
const CDKTF_SECRET =
  'new TerraformVariable(scope, "<name>", { type: "string", sensitive: true }).stringValue';

/**
 * How to manage saved secrets here instead, as comment lines in the output's language: in HCL the write-only
 * attribute from a sensitive variable and its version; on the constructs, the block item's prop (the camelCase
 * attribute, `password`) from a sensitive variable's token. Names from the service are data: each output writes
 * the lines as comment text.
 */
export function savedSecretAdvice(s: SavedSecret, language: ConfigLanguage): string[] {
  const n = secretNames(s.attribute);
  if (s.items === undefined)
    return language === 'hcl'
      ? [`The saved ${s.noun} is kept. To manage it here: ${n.writeOnly} = var.<name>, ${n.version} = 1.`]
      : [`The saved ${s.noun} is kept. To manage it here, set`, `${camel(s.attribute)}: ${CDKTF_SECRET}.`];
  return [
    `Saved ${s.noun}s of ${s.items.join(', ')} are kept (the API never returns them). To manage a ${s.noun} here, set`,
    language === 'hcl'
      ? `${n.writeOnly} = var.<name> (a sensitive variable) and ${n.version} = 1.`
      : `${camel(s.attribute)}: ${CDKTF_SECRET} in its item.`,
  ];
}

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isObject = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The saved secrets of a block's records, for the advice above it. */
function savedSecret(d: BlockDecl, items: Values[]): SavedSecret | undefined {
  for (const [api, f] of Object.entries(d.fields)) {
    if (!isSecret(f)) continue;
    const saved = items.filter((item) => isSaved(item, api as WriteOnlyField));
    if (!saved.length) continue;
    const secret = { attribute: attributeName(api, f), noun: f.noun };
    if (d.nesting === 'single') return secret;
    return { ...secret, items: saved.map((item) => String(d.key === undefined ? '' : item[d.key])) };
  }
  return undefined;
}

/** A block's (or list item's) fields to write: required ones, and the others that are set and not their default
 *  (`whole`: every field, with its default when the record leaves it out); secrets never. */
function blockValue(table: Table, record: Values, whole: boolean): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime || d.presence === 'computed' || isSecret(d) || isBlock(d)) continue;
    const dflt = d.default;
    const v = record[api] ?? (whole ? (dflt ?? null) : undefined);
    if (whole || d.presence === 'required') out[attributeName(api, d)] = (v ?? null) as Value;
    else if (v !== undefined && v !== null && !same(v, dflt)) out[attributeName(api, d)] = v as Value;
  }
  return out;
}

/** The configuration of a record of `table` (see the module header), in the table's order. */
export function configAttrs(
  table: Table,
  record: object,
  opts: { always?: ReadonlySet<string>; own?: Record<string, () => Attr | null> } = {},
): Attr[] {
  const rec = record as Values;
  const attrs: Attr[] = [];
  for (const [api, d] of Object.entries(table)) {
    const name = attributeName(api, d);
    const own = opts.own?.[api];
    if (own) {
      const a = own();
      if (a) attrs.push(a);
      continue;
    }
    if (d.runtime || d.presence === 'computed' || d.copyOf !== undefined || isSecret(d)) continue;
    const v = at(rec, recordPath(api, d));
    if (isBlock(d)) {
      if (d.nesting === 'list') {
        const items = (Array.isArray(v) ? v : []).filter(isObject);
        if (!items.length) continue;
        const saved = savedSecret(d, items);
        attrs.push({
          name,
          value: items.map((item) => blockValue(d.fields, item, false)),
          ...(saved ? { saved } : {}),
        });
        continue;
      }
      if (!isObject(v)) continue;
      const empty = emptyOf(d);
      if (empty) {
        if (Object.entries(empty).every(([k, e]) => same(v[k], e))) continue;
        const saved = savedSecret(d, [v]);
        attrs.push({ name, value: blockValue(d.fields, v, false), ...(saved ? { saved } : {}) });
      } else {
        const value = blockValue(d.fields, v, true);
        if (!same(value, blockValue(d.fields, apiDefaultsOf(d.fields), true))) attrs.push({ name, value });
      }
      continue;
    }
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (!opts.always?.has(name) && d.default !== undefined && same(v, d.default)) continue;
    attrs.push({ name, value: v as Value });
  }
  return attrs;
}

/** Always written, whatever the default: what a reader needs to recognise the monitor. */
const ALWAYS = new Set(['name', 'url', 'interval_seconds']);

const MONITOR_BLOCKS = new Set(
  Object.entries(monitorTable)
    .filter(([, d]) => isBlock(d))
    .map(([api, d]) => attributeName(api, d)),
);

export function monitorAttrs(m: Monitor): Attr[] {
  const attrs = configAttrs(monitorTable, m, { always: ALWAYS });
  // An archived monitor is imported paused (`enabled` holds what to restore when it is reactivated), also from a
  // service that reports it enabled: after the plain fields.
  if (m.archived && !attrs.some((a) => a.name === 'enabled')) {
    const blocks = attrs.findIndex((a) => MONITOR_BLOCKS.has(a.name));
    attrs.splice(blocks < 0 ? attrs.length : blocks, 0, { name: 'enabled', value: false });
  }
  return attrs;
}

export function alertAttrs(
  s: MonitorAlertSettings,
  monitor: string,
  destinations: AlertDestination[],
  lookup: (d: string) => Value,
): Attr[] | null {
  const defaultEmail = destinations.find((d) => d.channel === 'email' && d.isDefault)?.id ?? null;
  const ids = { email: s.destinationIds.email ?? null, sms: s.destinationIds.sms ?? null };
  const attrs = configAttrs(alertSettingsTable, s, {
    own: {
      monitorId: () => ({ name: 'monitor_id', value: { ref: monitor } }),
      // The service's own choice (the account's default email destination, no SMS) is left out: not managed.
      destinationIds: () => {
        if (same(ids, { email: defaultEmail, sms: null })) return null;
        const v: Record<string, Value> = {};
        if (ids.email) v.email = lookup(ids.email);
        if (ids.sms) v.sms = lookup(ids.sms);
        return { name: 'destination_ids', value: v };
      },
    },
  });
  return attrs.length > 1 ? attrs : null;
}

export function pageAttrs(p: StatusPage, monitor: string): Attr[] {
  return configAttrs(statusPageTable, p, {
    own: { monitorId: () => ({ name: 'monitor_id', value: { ref: monitor } }) },
  });
}
