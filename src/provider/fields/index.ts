// The field lookup for tools (uptimectl import, uptimectl plan-report): per resource type and attribute, the
// default, label, unit, kind, description, presence, and whether the value is sensitive or write-only, every one
// from the resource's table (a secret's write-only variant and version included), in schema order.
import type { Attributes } from '../../protocol/framework/index.js';
import { alertSettingsTable } from './alert-settings.js';
import { factsOf, type FieldFacts, type Table } from './field.js';
import { monitorTable } from './monitor.js';
import { resourceAttributes } from './schema.js';
import { statusPageTable } from './status-page.js';

export type {
  BlockDecl,
  Decl,
  FieldDecl,
  FieldFacts,
  FieldKind,
  FieldTable,
  Presence,
  SecretDecl,
  Table,
} from './field.js';
export {
  alertChannelFields,
  alertSettingsFields,
  alertSettingsTable,
  destinationIdFields,
  monitorPartFields,
  slowResponseFields,
} from './alert-settings.js';
export { authFields, monitorFields, monitorTable, requestHeaderFields } from './monitor.js';
export {
  customDomainFields,
  displayOptionsFields,
  statusPageFields,
  statusPageTable,
} from './status-page.js';

/** Each resource type's table. */
export const TABLES: Readonly<Record<string, Table>> = {
  uptime_monitor: monitorTable,
  uptime_monitor_alert_settings: alertSettingsTable,
  uptime_status_page: statusPageTable,
};

/** Resource schema descriptions by dotted attribute path. */
function descriptions(table: Table): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (attrs: Attributes, prefix: string) => {
    for (const [name, a] of Object.entries(attrs)) {
      out.set(prefix + name, a.description ?? '');
      if (a.nested) walk(a.nested.attributes, `${prefix}${name}.`);
    }
  };
  walk(resourceAttributes(table) as Attributes, '');
  return out;
}

const cache = new Map<string, readonly FieldFacts[]>();

/** Every attribute of a resource type (`uptime_monitor`, …), nested ones dotted; [] for an unknown type. */
export function fieldsOf(resourceType: string): readonly FieldFacts[] {
  const hit = cache.get(resourceType);
  if (hit) return hit;
  const table = Object.hasOwn(TABLES, resourceType) ? TABLES[resourceType] : undefined;
  if (!table) return [];
  const described = descriptions(table);
  const all = Object.freeze(factsOf(resourceType, table, (path) => described.get(path) ?? ''));
  cache.set(resourceType, all);
  return all;
}

/** The facts of one attribute (`timeout_ms`, `slow_response_alerts.threshold_ms`), or undefined. */
export function fieldFacts(resourceType: string, attribute: string): FieldFacts | undefined {
  return fieldsOf(resourceType).find((f) => f.attribute === attribute);
}
