// The field lookup for tools (uptimectl import, uptimectl plan-report): per resource type and attribute, the
// default, label, unit, kind, description, presence, and whether the value is sensitive or write-only.
// Plain fields come from their declarations; the attributes mapped by hand (headers, basic auth, expiry
// blocks, alert channels and destinations, display options) from the resource schema plus the labels below.
import type { Attr, Attributes } from '../../protocol/framework/index.js';
import { alertSettingsResource } from '../resources/alert-settings.js';
import { monitorResource } from '../resources/monitor.js';
import { statusPageResource } from '../resources/status-page.js';
import { factsOf, type FieldFacts, type FieldTable, type Presence } from './field.js';
import { monitorFields } from './monitor.js';

export type { FieldDecl, FieldFacts, FieldKind, FieldTable, Presence } from './field.js';
export { monitorFields } from './monitor.js';

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
  'channels.email': { label: 'email alerts' },
  'channels.sms': { label: 'SMS alerts' },
  slow_response_alerts: { label: 'slow-response alerts' },
  'slow_response_alerts.enabled': { label: 'slow-response alerts' },
  'slow_response_alerts.threshold_ms': { label: 'slow-response threshold', unit: 'ms' },
  'slow_response_alerts.consecutive_limit': { label: 'slow checks before alerting' },
  display_options: { label: 'sections shown' },
  'display_options.uptime_timeline': { label: 'uptime timeline' },
  'display_options.response_time': { label: 'response-time chart' },
  'display_options.incidents': { label: 'incident list' },
  'display_options.recent_history': { label: 'recent history' },
  noindex: { label: 'no-index' },
  verification_status: { label: 'verification' },
  custom_domain: { label: 'custom domain' },
};

const RESOURCES: Record<string, { attributes: Attributes; tables: PlacedTable[]; extra: Extra }> = {
  uptime_monitor: {
    attributes: monitorResource.attributes,
    tables: [{ table: monitorFields, prefix: '', apiPrefix: '' }],
    extra: MONITOR_EXTRA,
  },
  uptime_monitor_alert_settings: {
    attributes: alertSettingsResource.attributes,
    tables: [],
    extra: SUB_EXTRA,
  },
  uptime_status_page: {
    attributes: statusPageResource.attributes,
    tables: [],
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

/** Facts of schema attributes that no table declares, nested ones dotted. */
function schemaFacts(
  resource: string,
  attrs: Attributes,
  known: Set<string>,
  extra: Extra,
  prefix = '',
): FieldFacts[] {
  const out: FieldFacts[] = [];
  for (const [name, a] of Object.entries(attrs)) {
    const path = prefix + name;
    if (!known.has(path)) {
      const x = extra[path] ?? {};
      out.push({
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
      });
    }
    if (a.nested) out.push(...schemaFacts(resource, a.nested.attributes, known, extra, `${path}.`));
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
  const declared = r.tables.flatMap((t) => factsOf(resourceType, t.table, t.prefix, t.apiPrefix));
  const known = new Set(declared.map((f) => f.attribute));
  const all = Object.freeze([
    ...declared,
    ...schemaFacts(resourceType, r.attributes, known, r.extra),
  ]) as readonly FieldFacts[];
  cache.set(resourceType, all);
  return all;
}

/** The facts of one attribute (`timeout_ms`, `slow_response_alerts.threshold_ms`), or undefined. */
export function fieldFacts(resourceType: string, attribute: string): FieldFacts | undefined {
  return fieldsOf(resourceType).find((f) => f.attribute === attribute);
}
