import { z } from 'zod';
import { lazySchema, once } from './lazy.js';
import { DateTime, DateTimeInput, NullableDateTime, QueryBoolean, PageQuery, oneOf } from './common.js';
import {
  CHECK_STATUSES,
  DECIDED,
  INTERVAL_SECONDS,
  MONITOR_LIST_STATUSES,
  MONITOR_NAME_MAX,
  MONITOR_STATUSES,
  REQUEST_HEADERS_MAX,
  STATUS_CODE,
  TIMEOUT_MS,
} from './limits.js';
import { AlertChannelSettings, AlertDestinationSelection, SlowResponseAlertSettingsInput } from './alerts.js';
import type { SecretBlock } from './secrets.js';

export const MonitorStatus = lazySchema(() => z.enum(MONITOR_STATUSES));
export type MonitorStatus = z.infer<typeof MonitorStatus>;

export const MONITOR_TYPES = ['http'] as const;
export const REQUEST_METHODS = ['GET', 'HEAD'] as const;
export const RequestMethod = lazySchema(() => z.enum(REQUEST_METHODS));
/** Writes also accept lower case; the service stores upper case. */
export const RequestMethodInput = lazySchema(() => z.enum(['GET', 'HEAD', 'get', 'head']));

export const IntervalSecondsInput = lazySchema(() => oneOf(INTERVAL_SECONDS));

/** RFC 9110 field-name token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 field-value: no control characters but horizontal tab (CR/LF/NUL would split or break the request). */
// eslint-disable-next-line no-control-regex -- the rule is about control characters
const NO_CONTROL_EXCEPT_TAB = /^[^\x00-\x08\x0a-\x1f\x7f]*$/;
/** RFC 7617: the user-id of Basic auth cannot contain a colon, nor control characters. */
// eslint-disable-next-line no-control-regex -- the rule is about control characters
const BASIC_USER_ID = /^[^:\x00-\x1f\x7f]*$/;

export const RequestHeaderInput = lazySchema(() =>
  z
    .object({
      name: z
        .string()
        .min(1)
        .max(DECIDED.headerNameMax)
        .regex(HEADER_NAME, "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)"),
      value: z
        .string()
        .max(DECIDED.headerValueMax)
        .regex(
          NO_CONTROL_EXCEPT_TAB,
          'must be an HTTP header value: no control characters such as CR, LF or NUL',
        )
        .optional(),
    })
    .strict(),
);
export type RequestHeaderInput = z.infer<typeof RequestHeaderInput>;

export const RequestHeader = lazySchema(() =>
  z.object({
    name: z.string(),
    value: z.string().optional(),
    valueSet: z.boolean().optional(),
  }),
);
export type RequestHeader = z.infer<typeof RequestHeader>;

export const AUTH_TYPES = ['none', 'basic'] as const;
export const AuthConfigInput = lazySchema(() =>
  z
    .object({
      type: z.enum(AUTH_TYPES),
      username: z
        .string()
        .max(DECIDED.basicAuthUsernameMax)
        .regex(
          BASIC_USER_ID,
          'must not contain ":" or control characters (Basic auth separates user and password with ":")',
        )
        .optional(),
      password: z
        .string()
        .max(DECIDED.basicAuthPasswordMax)
        .regex(NO_CONTROL_EXCEPT_TAB, 'must not contain control characters such as CR, LF or NUL')
        .optional(),
    })
    .strict(),
);
export type AuthConfigInput = z.infer<typeof AuthConfigInput>;

export const AuthConfigResponse = lazySchema(() =>
  z.object({
    type: z.enum(AUTH_TYPES),
    username: z.string().optional(),
    passwordSet: z.boolean().optional(),
  }),
);
export type AuthConfigResponse = z.infer<typeof AuthConfigResponse>;

/** The monitor's write fields that hold a secret (`SecretBlock`): each request header's value, named by the
 *  header; basic auth's password, with the user name it requires. */
export const MONITOR_SECRET_BLOCKS = {
  requestHeaders: { nesting: 'list', key: 'name', secret: 'value' },
  authConfig: {
    nesting: 'single',
    key: 'type',
    secret: 'password',
    kinds: { none: { uses: [] }, basic: { uses: ['username', 'password'], requires: ['username'] } },
  },
} as const satisfies Record<string, SecretBlock>;
export type MonitorSecretBlock = keyof typeof MONITOR_SECRET_BLOCKS;

export const EXPIRY_STATUSES = ['unknown', 'ok', 'warning', 'expired', 'error'] as const;
export const ExpiryState = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    warnDays: z.number().int(),
    status: z.enum(EXPIRY_STATUSES),
    lastCheckedAt: NullableDateTime,
    expiresAt: NullableDateTime,
    daysRemaining: z.number().int().nullable(),
  }),
);
export type ExpiryState = z.infer<typeof ExpiryState>;

/** Inner fields of sslMonitoring / domainMonitoring on write: our decision (docs/api-decisions.md). */
export const ExpiryMonitoringInput = lazySchema(() =>
  z
    .object({
      enabled: z.boolean().optional(),
      warnDays: z.number().int().min(DECIDED.expiryWarnDays.min).max(DECIDED.expiryWarnDays.max).optional(),
    })
    .strict(),
);
export type ExpiryMonitoringInput = z.infer<typeof ExpiryMonitoringInput>;

export const SLOW_RESPONSE_STATES = ['healthy', 'slow'] as const;

export const SlowResponse = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    thresholdMs: z.number().int(),
    consecutiveLimit: z.number().int(),
    state: z.enum(SLOW_RESPONSE_STATES),
    currentIncidentStartedAt: NullableDateTime.optional(),
    lastAlertedAt: NullableDateTime.optional(),
    lastRecoveredAt: NullableDateTime.optional(),
  }),
);
export type SlowResponse = z.infer<typeof SlowResponse>;

export const Monitor = lazySchema(() =>
  z.object({
    id: z.string(),
    version: z.string().nullable().optional(),
    name: z.string(),
    url: z.string(),
    type: z.enum(MONITOR_TYPES),
    enabled: z.boolean(),
    archived: z.boolean(),
    status: MonitorStatus,
    requestMethod: RequestMethod,
    intervalSeconds: z.number().int(),
    timeoutMs: z.number().int(),
    followRedirects: z.boolean(),
    acceptedStatusCodes: z.array(z.number().int()).optional(),
    requestHeaders: z.array(RequestHeader).optional(),
    authConfig: AuthConfigResponse.optional(),
    lastCheckAt: NullableDateTime.optional(),
    lastStatusAt: NullableDateTime.optional(),
    responseTimeMs: z.number().int().nullable().optional(),
    httpStatus: z.number().int().nullable().optional(),
    expiryMonitoring: z.object({ ssl: ExpiryState, domain: ExpiryState }).optional(),
    slowResponse: SlowResponse.optional(),
    createdAt: NullableDateTime.optional(),
    updatedAt: NullableDateTime.optional(),
  }),
);
export type Monitor = z.infer<typeof Monitor>;

export const AlertContactsInput = lazySchema(() =>
  z
    .object({
      email: z.email().nullable().optional(),
      phone: z.string().min(1).nullable().optional(),
    })
    .strict(),
);

/** True when the URL carries userinfo (`user:password@`), which would be stored and returned in clear. */
function hasUserinfo(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false; // the format check reports it
  }
}

const monitorWriteFields = once(() => ({
  name: z.string().min(1).max(MONITOR_NAME_MAX),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' })
    .max(DECIDED.monitorUrlMax)
    .refine((v) => !hasUserinfo(v), {
      message: 'must not contain credentials (user:password@host); use authConfig (basic auth) instead',
      params: { rule: 'no_credentials' },
    }),
  intervalSeconds: IntervalSecondsInput,
  timeoutMs: z.number().int().min(TIMEOUT_MS.min).max(TIMEOUT_MS.max),
  requestMethod: RequestMethodInput,
  followRedirects: z.boolean(),
  acceptedStatusCodes: z.array(z.number().int().min(STATUS_CODE.min).max(STATUS_CODE.max)),
  requestHeaders: z.array(RequestHeaderInput).max(REQUEST_HEADERS_MAX),
  authConfig: AuthConfigInput,
  alertChannels: AlertChannelSettings,
  /** @deprecated use alertDestinationIds */
  alertContacts: AlertContactsInput,
  alertDestinationIds: AlertDestinationSelection,
  sslMonitoring: ExpiryMonitoringInput,
  domainMonitoring: ExpiryMonitoringInput,
  slowResponseAlerts: SlowResponseAlertSettingsInput,
}));

/** Every write field is optional on create but `url`; `enabled` is create-only (later: pause/activate). */
export const MonitorCreate = lazySchema(() =>
  z
    .object(monitorWriteFields())
    .partial()
    .extend({ url: monitorWriteFields().url, enabled: z.boolean().optional() })
    .strict(),
);
export type MonitorCreate = z.input<typeof MonitorCreate>;

export const MonitorUpdate = lazySchema(() => z.object(monitorWriteFields()).partial().strict());
export type MonitorUpdate = z.input<typeof MonitorUpdate>;

export const ReactivateBody = lazySchema(() =>
  z.object({ intervalSeconds: IntervalSecondsInput.optional() }).strict(),
);
export type ReactivateBody = z.input<typeof ReactivateBody>;

export const MonitorListQuery = lazySchema(() =>
  PageQuery.extend({
    status: z.enum(MONITOR_LIST_STATUSES).optional(),
    enabled: QueryBoolean.optional(),
    type: z.enum(MONITOR_TYPES).optional(),
    updated_after: DateTimeInput.optional(),
    updated_before: DateTimeInput.optional(),
  }).strict(),
);
export type MonitorListQuery = z.input<typeof MonitorListQuery>;

export const ExpiryBody = lazySchema(() =>
  z.object({ monitorId: z.string(), ssl: ExpiryState, domain: ExpiryState }),
);
export type ExpiryBody = z.infer<typeof ExpiryBody>;

export const SUMMARY_RANGES = ['24h', '7d', '30d'] as const;
export const SummaryQuery = lazySchema(() =>
  z.object({ range: z.enum(SUMMARY_RANGES).default('24h') }).strict(),
);

/** Monitor summary (shape not shown in the spec: our decision). */
export const SummaryBucket = lazySchema(() =>
  z.object({
    start: DateTime,
    end: DateTime,
    checks: z.number().int(),
    upChecks: z.number().int(),
    uptimePercent: z.number().nullable(),
    avgResponseTimeMs: z.number().nullable(),
  }),
);
export const MonitorSummary = lazySchema(() =>
  z.object({
    monitorId: z.string(),
    range: z.enum(SUMMARY_RANGES),
    from: DateTime,
    to: DateTime,
    uptimePercent: z.number().nullable(),
    checks: z.object({ total: z.number().int(), up: z.number().int(), down: z.number().int() }),
    responseTimeMs: z.object({
      avg: z.number().nullable(),
      p95: z.number().nullable(),
      max: z.number().nullable(),
    }),
    incidents: z.number().int(),
    timeline: z.array(SummaryBucket),
  }),
);
export type MonitorSummary = z.infer<typeof MonitorSummary>;

/** Retained check result (shape not shown in the spec: our decision). */
export const CheckResult = lazySchema(() =>
  z.object({
    id: z.string(),
    monitorId: z.string(),
    checkedAt: DateTime,
    status: z.enum(CHECK_STATUSES),
    httpStatus: z.number().int().nullable(),
    responseTimeMs: z.number().int().nullable(),
    failureCategory: z.string().nullable(),
    failureReason: z.string().nullable(),
  }),
);
export type CheckResult = z.infer<typeof CheckResult>;
