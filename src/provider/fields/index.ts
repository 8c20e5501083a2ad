// The field lookup for tools (uptimectl import, uptimectl plan-report): per resource type and attribute, the
// default, label, unit, kind, description, presence, and whether the value is sensitive or write-only.
// Plain fields come from their declarations; the attributes mapped by hand (headers, basic auth, expiry
// blocks, alert channels and destinations, display options) from the resource schema plus the labels below.
import type { Attr, Attributes } from '../../protocol/framework/index.js';
import { alertSettingsResource } from '../resources/alert-settings.js';
import { monitorResource } from '../resources/monitor.js';
import { statusPageResource } from '../resources/status-page.js';
import { alertChannelFields, alertSettingsFields, slowResponseFields } from './alert-settings.js';
import { factsOf, type FieldFacts, type FieldTable, type Presence } from './field.js';
import { monitorFields } from './monitor.js';
import { customDomainFields, displayOptionsFields, statusPageFields } from './status-page.js';

export type { FieldDecl, FieldFacts, FieldKind, FieldTable, Presence } from './field.js';
export { alertChannelFields, alertSettingsFields, slowResponseFields } from './alert-settings.js';
export { monitorFields } from './monitor.js';
export { customDomainFields, displayOptionsFields, statusPageFields } from './status-page.js';

/** A table and where its fields sit: attribute prefix and API prefix (nested blocks). */
export interface PlacedTable {
  table: FieldTable;
  prefix: string;
  apiPrefix: string;
}

/** Labels, units and API names of the attributes that are not in a table (their mapping is hand-written). */
type Extra = Record<string, Partial<Pick<FieldFacts, 'label' | 'unit' | 'apiName'>>>;

const MONITOR_EXTRA: Extra = {
  request_headers: { label: 'request headers' },
  'request_headers.name': { label: 'header name' },
  'request_headers.value': { label: 'header value' },
  'request_headers.value_wo': { label: 'header value (write-only)', apiName: 'requestHeaders.value' },
  'request_headers.value_wo_version': { label: 'header value version', apiName: '' },
  auth_config: { label: 'authentication' },
  'auth_config.type': { label: 'authentication type' },
  'auth_config.username': { label: 'basic-auth user' },
  'auth_config.password': { label: 'basic-auth password' },
  'auth_config.password_wo': { label: 'basic-auth password (write-only)', apiName: 'authConfig.password' },
  'auth_config.password_wo_version': { label: 'basic-auth password version', apiName: '' },
  ssl_monitoring: { label: 'SSL expiry monitoring' },
  'ssl_monitoring.enabled': { label: 'SSL expiry monitoring' },
  'ssl_monitoring.warn_days': { label: 'SSL expiry warning', unit: 'days' },
  domain_monitoring: { label: 'domain expiry monitoring' },
  'domain_monitoring.enabled': { label: 'domain expiry monitoring' },
  'domain_monitoring.warn_days': { label: 'domain expiry warning', unit: 'days' },
};

const SUB_EXTRA: Extra = {
  monitor_id: { label: 'monitor' },
  destination_ids: { label: 'alert destinations', apiName: 'destinationIds' },
  'destination_ids.email': { label: 'email destination' },
  'destination_ids.sms': { label: 'SMS destination' },
  channels: { label: 'alert channels' },
  slow_response_alerts: { label: 'slow-response alerts' },
  display_options: { label: 'sections shown' },
  custom_domain: { label: 'custom domain' },
};

const placed = (table: FieldTable, prefix = '', apiPrefix = ''): PlacedTable => ({
  table,
  prefix,
  apiPrefix,
});

/** Per resource type: its schema, its declared tables (nested ones under their block) and the labels of the rest. */
const RESOURCES: Record<string, { attributes: Attributes; tables: PlacedTable[]; extra: Extra }> = {
  uptime_monitor: {
    attributes: monitorResource.attributes,
    tables: [placed(monitorFields)],
    extra: MONITOR_EXTRA,
  },
  uptime_monitor_alert_settings: {
    attributes: alertSettingsResource.attributes,
    tables: [
      placed(alertSettingsFields),
      placed(alertChannelFields, 'channels.', 'channels.'),
      placed(slowResponseFields, 'slow_response_alerts.', 'slowResponseAlerts.'),
    ],
    extra: SUB_EXTRA,
  },
  uptime_status_page: {
    attributes: statusPageResource.attributes,
    tables: [
      placed(statusPageFields),
      placed(displayOptionsFields, 'display_options.', 'displayOptions.'),
      placed(customDomainFields, 'custom_domain.', 'customDomain.'),
    ],
    extra: SUB_EXTRA,
  },
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function presenceOf(a: Attr): Presence {
  if (a.required) return 'required';
  if (a.optional) return a.computed ? 'optional-computed' : 'optional';
  return 'computed';
}

function kindOf(a: Attr): FieldFacts['kind'] {
  if (a.kind === 'nested') return a.nested?.nesting === 'single' ? 'object' : 'list';
  if (a.kind === 'bool') return 'bool';
  if (a.kind === 'string') return 'string';
  if (a.kind === 'list' || a.kind === 'set' || a.kind === 'map') return 'list';
  return 'number';
}

/** Facts of every schema attribute in schema order, nested ones dotted after their block: a declared field's
 *  from its declaration, the others' from the schema and the labels above. */
function schemaFacts(
  resource: string,
  attrs: Attributes,
  declared: Map<string, FieldFacts>,
  extra: Extra,
  prefix = '',
): FieldFacts[] {
  const out: FieldFacts[] = [];
  for (const [name, a] of Object.entries(attrs)) {
    const path = prefix + name;
    const x = extra[path] ?? {};
    out.push(
      declared.get(path) ?? {
        resource,
        attribute: path,
        apiName: x.apiName ?? path.split('.').map(camel).join('.'),
        label: x.label ?? name.replace(/_/g, ' '),
        ...(x.unit !== undefined ? { unit: x.unit } : {}),
        kind: kindOf(a),
        ...(a.default !== undefined ? { default: a.default } : {}),
        description: a.description ?? '',
        sensitive: a.sensitive === true,
        writeOnly: a.writeOnly === true,
        presence: presenceOf(a),
      },
    );
    if (a.nested) out.push(...schemaFacts(resource, a.nested.attributes, declared, extra, `${path}.`));
  }
  return out;
}

const cache = new Map<string, readonly FieldFacts[]>();

/** Every attribute of a resource type (`uptime_monitor`, …), nested ones dotted; [] for an unknown type. */
export function fieldsOf(resourceType: string): readonly FieldFacts[] {
  const hit = cache.get(resourceType);
  if (hit) return hit;
  const r = RESOURCES[resourceType];
  if (!r) return [];
  const declared = new Map(
    r.tables
      .flatMap((t) => factsOf(resourceType, t.table, t.prefix, t.apiPrefix))
      .map((f) => [f.attribute, f]),
  );
  const all = Object.freeze(schemaFacts(resourceType, r.attributes, declared, r.extra));
  cache.set(resourceType, all);
  return all;
}

/** The facts of one attribute (`timeout_ms`, `slow_response_alerts.threshold_ms`), or undefined. */
export function fieldFacts(resourceType: string, attribute: string): FieldFacts | undefined {
  return fieldsOf(resourceType).find((f) => f.attribute === attribute);
}
