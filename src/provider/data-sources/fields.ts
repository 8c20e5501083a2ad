// Computed attribute sets shared by data sources, and record → value mappers.
import type { Incident, Monitor, StatusPage } from '../../api/index.js';
import { ctyNumber, ctyString } from '../../protocol/cty/types.js';
import {
  boolAttr,
  int64Attr,
  listAttr,
  listNestedAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';

const expiry = (what: string) =>
  singleNestedAttr({
    computed: true,
    description: `${what} expiry monitoring and its last observation.`,
    attributes: {
      enabled: boolAttr({ computed: true }),
      warn_days: int64Attr({ computed: true }),
      status: stringAttr({
        computed: true,
        description: '`unknown`, `ok`, `warning`, `expired` or `error`.',
      }),
      last_checked_at: stringAttr({ computed: true }),
      expires_at: stringAttr({ computed: true }),
      days_remaining: int64Attr({ computed: true }),
    },
  });

/** Every readable monitor field, runtime fields included (computed). */
export const monitorComputed = {
  name: stringAttr({ computed: true }),
  url: stringAttr({ computed: true }),
  type: stringAttr({ computed: true }),
  enabled: boolAttr({ computed: true }),
  archived: boolAttr({ computed: true }),
  status: stringAttr({ computed: true, description: '`up`, `down`, `pending`, `paused` or `archived`.' }),
  request_method: stringAttr({ computed: true }),
  interval_seconds: int64Attr({ computed: true }),
  timeout_ms: int64Attr({ computed: true }),
  follow_redirects: boolAttr({ computed: true }),
  accepted_status_codes: listAttr<number>({ computed: true, element: ctyNumber }),
  request_headers: listNestedAttr({
    computed: true,
    description: 'Header names; values are never readable (`value_set` says whether one is saved).',
    attributes: { name: stringAttr({ computed: true }), value_set: boolAttr({ computed: true }) },
  }),
  auth_type: stringAttr({ computed: true, description: '`none` or `basic`.' }),
  auth_username: stringAttr({ computed: true }),
  auth_password_set: boolAttr({ computed: true }),
  last_check_at: stringAttr({ computed: true }),
  last_status_at: stringAttr({ computed: true }),
  response_time_ms: int64Attr({ computed: true }),
  http_status: int64Attr({ computed: true }),
  ssl_expiry: expiry('SSL certificate'),
  domain_expiry: expiry('Domain'),
  version: stringAttr({ computed: true }),
  created_at: stringAttr({ computed: true }),
  updated_at: stringAttr({ computed: true }),
};

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
  return {
    name: m.name,
    url: m.url,
    type: m.type,
    enabled: m.enabled,
    archived: m.archived,
    status: m.status,
    request_method: m.requestMethod,
    interval_seconds: m.intervalSeconds,
    timeout_ms: m.timeoutMs,
    follow_redirects: m.followRedirects,
    accepted_status_codes: m.acceptedStatusCodes ?? [],
    request_headers: (m.requestHeaders ?? []).map((h) => ({ name: h.name, value_set: h.valueSet === true })),
    auth_type: m.authConfig?.type ?? 'none',
    auth_username: m.authConfig?.username ?? null,
    auth_password_set: m.authConfig?.passwordSet === true,
    last_check_at: m.lastCheckAt ?? null,
    last_status_at: m.lastStatusAt ?? null,
    response_time_ms: m.responseTimeMs ?? null,
    http_status: m.httpStatus ?? null,
    ssl_expiry: expiryValue(m.expiryMonitoring?.ssl),
    domain_expiry: expiryValue(m.expiryMonitoring?.domain),
    version: m.version ?? null,
    created_at: m.createdAt ?? null,
    updated_at: m.updatedAt ?? null,
  };
}

export const statusPageComputed = {
  enabled: boolAttr({ computed: true }),
  slug: stringAttr({ computed: true }),
  url: stringAttr({ computed: true }),
  title: stringAttr({ computed: true }),
  description: stringAttr({ computed: true }),
  noindex: boolAttr({ computed: true }),
  display_options: singleNestedAttr({
    computed: true,
    attributes: {
      uptime_timeline: boolAttr({ computed: true }),
      response_time: boolAttr({ computed: true }),
      incidents: boolAttr({ computed: true }),
      recent_history: boolAttr({ computed: true }),
    },
  }),
  verification_status: stringAttr({ computed: true }),
  custom_domain: singleNestedAttr({
    computed: true,
    attributes: {
      configured: boolAttr({ computed: true }),
      enabled: boolAttr({ computed: true }),
      status: stringAttr({ computed: true }),
    },
  }),
  version: stringAttr({ computed: true }),
  updated_at: stringAttr({ computed: true }),
};

export function statusPageValues(p: StatusPage) {
  const o = p.displayOptions;
  return {
    enabled: p.enabled,
    slug: p.slug ?? null,
    url: p.url ?? null,
    title: p.title ?? null,
    description: p.description ?? null,
    noindex: p.noindex ?? false,
    display_options: o
      ? {
          uptime_timeline: o.uptimeTimeline,
          response_time: o.responseTime,
          incidents: o.incidents,
          recent_history: o.recentHistory,
        }
      : null,
    verification_status: p.verificationStatus,
    custom_domain: p.customDomain ?? null,
    version: p.version ?? null,
    updated_at: p.updatedAt ?? null,
  };
}

export const incidentComputed = {
  id: stringAttr({ computed: true }),
  monitor_id: stringAttr({ computed: true }),
  monitor_name: stringAttr({ computed: true }),
  started_at: stringAttr({ computed: true }),
  resolved_at: stringAttr({ computed: true }),
  status: stringAttr({ computed: true }),
  type: stringAttr({ computed: true }),
  threshold_ms: int64Attr({ computed: true }),
  duration_minutes: int64Attr({ computed: true }),
  http_status: int64Attr({ computed: true }),
  response_time_ms: int64Attr({ computed: true }),
  failure_category: stringAttr({ computed: true }),
  failure_reason: stringAttr({ computed: true }),
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
