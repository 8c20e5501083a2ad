// Computed attribute sets shared by data sources, and record → value mappers.
import type { Incident, Monitor, StatusPage } from '../../api/index.js';
import { isSaved } from '../../api/index.js';
import { ctyString } from '../../protocol/cty/types.js';
import {
  boolAttr,
  int64Attr,
  listAttr,
  listNestedAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';
import { computedValues } from '../fields/mapping.js';
import { monitorFields } from '../fields/monitor.js';
import { customDomainFields, displayOptionsFields, statusPageFields } from '../fields/status-page.js';
import { computedAttributes } from '../fields/schema.js';
import { monitorIdFormat } from '../validation.js';

const expiry = (what: string) =>
  singleNestedAttr({
    computed: true,
    description: `${what} expiry monitoring and its last observation.`,
    attributes: {
      enabled: boolAttr({ computed: true, description: 'Whether expiry is watched.' }),
      warn_days: int64Attr({ computed: true, description: 'Days before expiry at which it warns.' }),
      status: stringAttr({
        computed: true,
        description: '`unknown`, `ok`, `warning`, `expired` or `error`.',
      }),
      last_checked_at: stringAttr({
        computed: true,
        description: 'Time of the last expiry check (RFC 3339); null before the first.',
      }),
      expires_at: stringAttr({ computed: true, description: 'Expiry time (RFC 3339); null when not known.' }),
      days_remaining: int64Attr({ computed: true, description: 'Days until expiry; null when not known.' }),
    },
  });

const { id: _id, ...plainMonitorComputed } = computedAttributes(monitorFields);

/** Every readable monitor field, runtime fields included (computed); the id is declared by each data source. */
export const monitorComputed = {
  ...plainMonitorComputed,
  request_headers: listNestedAttr({
    computed: true,
    description: 'Header names; values are never readable (`value_set` says whether one is saved).',
    attributes: {
      name: stringAttr({ computed: true, description: 'Header name.' }),
      value_set: boolAttr({ computed: true, description: 'Whether a value is saved for the header.' }),
    },
  }),
  auth_type: stringAttr({ computed: true, description: '`none` or `basic`.' }),
  auth_username: stringAttr({
    computed: true,
    description: 'Basic-auth user name; null without basic auth.',
  }),
  auth_password_set: boolAttr({
    computed: true,
    description: 'Whether a basic-auth password is saved (the password itself is never readable).',
  }),
  ssl_expiry: expiry('SSL certificate'),
  domain_expiry: expiry('Domain'),
};

/** The monitor's id as a computed attribute (list entries). */
export const monitorIdComputed = computedAttributes(monitorFields).id;

/** The required argument naming the monitor a data source reads (`id`, `monitor_id`): a UUID, checked before the
 *  read (`monitorIdFormat`: mock_provider validates with random ids). */
export const monitorIdArgument = () =>
  stringAttr({ required: true, planValidators: [monitorIdFormat], description: 'Monitor id (a UUID).' });

const expiryValue = (e: NonNullable<Monitor['expiryMonitoring']>['ssl'] | undefined) =>
  e
    ? {
        enabled: e.enabled,
        warn_days: e.warnDays,
        status: e.status,
        last_checked_at: e.lastCheckedAt,
        expires_at: e.expiresAt,
        days_remaining: e.daysRemaining,
      }
    : null;

export function monitorValues(m: Monitor) {
  const { id: _id, ...plain } = computedValues(monitorFields, m);
  return {
    ...plain,
    request_headers: (m.requestHeaders ?? []).map((h) => ({ name: h.name, value_set: isSaved(h, 'value') })),
    auth_type: m.authConfig?.type ?? 'none',
    auth_username: m.authConfig?.username ?? null,
    auth_password_set: isSaved(m.authConfig, 'password'),
    ssl_expiry: expiryValue(m.expiryMonitoring?.ssl),
    domain_expiry: expiryValue(m.expiryMonitoring?.domain),
  };
}

/** Every readable status-page field (computed); `monitor_id` is the data source's argument. */
export const statusPageComputed = {
  ...computedAttributes(statusPageFields),
  display_options: singleNestedAttr({
    computed: true,
    description: 'Sections shown on the page.',
    attributes: computedAttributes(displayOptionsFields),
  }),
  custom_domain: singleNestedAttr({
    computed: true,
    description: 'Custom-domain state (dashboard-managed).',
    attributes: computedAttributes(customDomainFields),
  }),
};

export function statusPageValues(p: StatusPage) {
  return {
    ...computedValues(statusPageFields, p),
    display_options: p.displayOptions ? computedValues(displayOptionsFields, p.displayOptions) : null,
    custom_domain: p.customDomain ? computedValues(customDomainFields, p.customDomain) : null,
  };
}

export const incidentComputed = {
  id: stringAttr({ computed: true, description: 'Incident id.' }),
  monitor_id: stringAttr({ computed: true, description: 'The monitor (UUID).' }),
  monitor_name: stringAttr({ computed: true, description: "The monitor's name; null when not given." }),
  started_at: stringAttr({ computed: true, description: 'Start time (RFC 3339).' }),
  resolved_at: stringAttr({ computed: true, description: 'Resolution time (RFC 3339); null while open.' }),
  status: stringAttr({ computed: true, description: '`open` or `resolved`.' }),
  type: stringAttr({
    computed: true,
    description: '`availability` (the monitor was down) or `performance` (slow responses).',
  }),
  threshold_ms: int64Attr({
    computed: true,
    description: 'Slow-response threshold of a performance incident; null otherwise.',
  }),
  duration_minutes: int64Attr({ computed: true, description: 'Duration in minutes; null when not given.' }),
  http_status: int64Attr({ computed: true, description: 'HTTP status observed; null when none.' }),
  response_time_ms: int64Attr({
    computed: true,
    description: 'Response time observed in milliseconds; null when none.',
  }),
  failure_category: stringAttr({ computed: true, description: 'Failure category; null when none.' }),
  failure_reason: stringAttr({ computed: true, description: 'Failure reason; null when none.' }),
};

export function incidentValues(i: Incident) {
  return {
    id: i.id,
    monitor_id: i.monitorId,
    monitor_name: i.monitorName ?? null,
    started_at: i.startedAt,
    resolved_at: i.resolvedAt ?? null,
    status: i.status,
    type: i.type,
    threshold_ms: i.thresholdMs ?? null,
    duration_minutes: i.durationMinutes ?? null,
    http_status: i.httpStatus ?? null,
    response_time_ms: i.responseTimeMs ?? null,
    failure_category: i.failureCategory ?? null,
    failure_reason: i.failureReason ?? null,
  };
}

export const stringList = (description: string) =>
  listAttr<string>({ computed: true, element: ctyString, description });
