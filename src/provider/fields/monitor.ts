// Every field of a monitor, declared once (see field.ts): `monitorFields`, the plain ones (also the table of the
// monitor's plain construct props), and `monitorTable`, the resource's whole table with the request headers, basic
// auth and expiry blocks. Keys are the API names (checked against the model); limits, defaults and the secret
// blocks' rules (MONITOR_SECRET_BLOCKS) come from src/api.
import {
  AUTH_TYPES,
  DECIDED,
  EXPIRY_STATUSES,
  INTERVAL_SECONDS,
  MONITOR_NAME_MAX,
  MONITOR_SECRET_BLOCKS,
  MONITOR_STATUSES,
  MONITOR_TYPES,
  REQUEST_HEADERS_MAX,
  REQUEST_METHODS,
  STATUS_CODE,
  TIMEOUT_MS,
  type AuthConfigInput,
  type ExpiryState,
  type Monitor,
  type MonitorCreate,
  type RequestHeaderInput,
} from '../../api/index.js';
import { codes, listed } from './field.js';
import { fieldTable } from './schema.js';

export const monitorFields = fieldTable<Monitor>()({
  id: {
    kind: 'string',
    label: 'id',
    presence: 'computed',
    stable: true,
    description: 'Monitor id (a UUID).',
    resourceNote: 'Also the import id.',
  },
  name: {
    kind: 'string',
    label: 'name',
    presence: 'optional-computed',
    construct: 'own',
    example: '"API health"',
    description: `Display name, at most ${MONITOR_NAME_MAX} characters.`,
    omitted: 'the host of `url` (the service default), kept in step when `url` changes.',
  },
  url: {
    kind: 'string',
    label: 'URL',
    presence: 'required',
    construct: 'own',
    example: '"https://api.example.com/health"',
    description: `Absolute http or https URL to check, at most ${DECIDED.monitorUrlMax} characters.`,
    // Often built from another object's attribute: checked at plan time (mock_provider mocks it), as monitor ids are.
    checkedAtPlan: true,
  },
  intervalSeconds: {
    kind: 'number',
    label: 'interval',
    unit: 's',
    presence: 'optional-computed',
    values: INTERVAL_SECONDS,
    construct: 'settings',
    example: '60',
    description: `Seconds between checks: one of ${listed(INTERVAL_SECONDS)}, and not below the account plan's minimum (checked at plan time).`,
    omitted: `the service default when the monitor is created (${DECIDED.monitorDefaults.intervalSeconds}, or the plan's minimum when that is larger; known after apply); afterwards the monitor's current interval is kept, also when the plan's minimum changes or the interval is changed outside Terraform.`,
  },
  timeoutMs: {
    kind: 'number',
    label: 'timeout',
    unit: 'ms',
    presence: 'optional-computed',
    default: DECIDED.monitorDefaults.timeoutMs,
    construct: 'settings',
    example: '5000',
    description: `Request timeout in milliseconds, ${TIMEOUT_MS.min} to ${TIMEOUT_MS.max}.`,
  },
  requestMethod: {
    kind: 'enum',
    label: 'method',
    presence: 'optional-computed',
    values: REQUEST_METHODS,
    caseInsensitive: true,
    default: DECIDED.monitorDefaults.requestMethod,
    construct: 'settings',
    example: "'HEAD'",
    description: `${codes(REQUEST_METHODS)}.`,
    resourceNote: 'Lower case is accepted; your spelling is kept in state.',
  },
  followRedirects: {
    kind: 'bool',
    label: 'follow redirects',
    presence: 'optional-computed',
    default: DECIDED.monitorDefaults.followRedirects,
    construct: 'settings',
    example: 'false',
    description: 'Whether redirects are followed.',
  },
  acceptedStatusCodes: {
    kind: 'list',
    element: 'number',
    label: 'accepted statuses',
    presence: 'optional',
    construct: 'settings',
    example: '[200, 204]',
    description: `HTTP status codes (${STATUS_CODE.min} to ${STATUS_CODE.max}) that count as up.`,
    omitted: 'any 2xx status (the service default)',
    dataSourceNote: '`[]` means any 2xx status.',
  },
  enabled: {
    kind: 'bool',
    label: 'enabled',
    presence: 'optional-computed',
    default: true,
    lifecycle: true,
    construct: 'settings',
    example: 'false',
    description: 'Whether checks run.',
    resourceNote:
      'Changes go through pause/activate. While the monitor is archived this holds the value to restore when it is reactivated.',
    dataSourceNote: 'False when paused or archived.',
  },
  archived: {
    kind: 'bool',
    label: 'archived',
    presence: 'optional-computed',
    default: false,
    lifecycle: true,
    description: 'Whether the monitor is archived (no checks, history kept).',
    omitted: 'false, so applying a config for an archived (e.g. imported) monitor reactivates it.',
  },
  version: {
    kind: 'string',
    label: 'version',
    presence: 'computed',
    description: "The service's version token (ETag).",
    resourceNote:
      'Sent as If-Match on every change, so a change made outside Terraform after the plan fails the apply instead of being overwritten.',
  },
  createdAt: {
    kind: 'string',
    label: 'created',
    presence: 'computed',
    stable: true,
    description: 'Creation time (RFC 3339).',
  },
  updatedAt: {
    kind: 'string',
    label: 'updated',
    presence: 'computed',
    description: 'Time of the last change (RFC 3339).',
  },
  type: {
    kind: 'enum',
    label: 'type',
    presence: 'computed',
    stable: true,
    values: MONITOR_TYPES,
    description: `Monitor type (${codes(MONITOR_TYPES)}).`,
  },
  // Observations: data sources only.
  status: {
    kind: 'enum',
    label: 'status',
    presence: 'computed',
    runtime: true,
    values: MONITOR_STATUSES,
    description: `${codes(MONITOR_STATUSES)}.`,
  },
  lastCheckAt: {
    kind: 'string',
    label: 'last check',
    presence: 'computed',
    runtime: true,
    description: 'Time of the last check (RFC 3339); null before the first.',
  },
  lastStatusAt: {
    kind: 'string',
    label: 'last status change',
    presence: 'computed',
    runtime: true,
    description: 'Time of the last status change (RFC 3339); null before the first check.',
  },
  responseTimeMs: {
    kind: 'number',
    label: 'response time',
    unit: 'ms',
    presence: 'computed',
    runtime: true,
    description: 'Response time of the last check in milliseconds; null before the first.',
  },
  httpStatus: {
    kind: 'number',
    label: 'HTTP status',
    presence: 'computed',
    runtime: true,
    description: 'HTTP status of the last check; null before the first or when no response came.',
  },
});

/** One request header (`request_headers`): its name and its secret value. */
export const requestHeaderFields = fieldTable<RequestHeaderInput>()({
  name: {
    kind: 'string',
    label: 'header name',
    presence: 'required',
    example: '"X-Api-Key"',
    description: `Header name (an HTTP token: letters, digits and \`\`!#$%&'*+.^_\`|~-\`\`, at most ${DECIDED.headerNameMax} characters).`,
  },
  value: {
    kind: 'secret',
    label: 'header value',
    noun: 'value',
    presence: 'optional',
    example: "new TerraformVariable(this, 'api_key', { type: 'string', sensitive: true }).stringValue",
    description: `Header value, at most ${DECIDED.headerValueMax} characters.`,
  },
});

/** Basic auth (`auth_config`): the kind, the user name and the secret password. */
export const authFields = fieldTable<AuthConfigInput>()({
  type: {
    kind: 'enum',
    label: 'authentication type',
    presence: 'required',
    values: AUTH_TYPES,
    description: `${codes(AUTH_TYPES)}.`,
  },
  username: {
    kind: 'string',
    label: 'basic-auth user',
    presence: 'optional',
    constructRequired: true,
    example: '"monitor"',
    description: `Basic-auth user name, at most ${DECIDED.basicAuthUsernameMax} characters.`,
    resourceNote: 'Required when `type = "basic"`.',
    dataSourceNote: 'Null without basic auth.',
  },
  password: {
    kind: 'secret',
    label: 'basic-auth password',
    noun: 'password',
    presence: 'optional',
    example:
      "new TerraformVariable(this, 'monitor_password', { type: 'string', sensitive: true }).stringValue",
    description: `Basic-auth password, at most ${DECIDED.basicAuthPasswordMax} characters.`,
  },
});

/** Certificate or domain expiry monitoring (`ssl_monitoring`, `domain_monitoring`): one wording, each block's
 *  labels. Data sources show the last observation too. */
const expiryFields = (what: 'SSL' | 'domain') =>
  fieldTable<ExpiryState>()({
    enabled: {
      kind: 'bool',
      label: `${what} expiry monitoring`,
      presence: 'required',
      constructDefault: true,
      example: 'true',
      description: 'Whether expiry is watched.',
    },
    warnDays: {
      kind: 'number',
      label: `${what} expiry warning`,
      unit: 'days',
      presence: 'optional-computed',
      default: DECIDED.expiryWarnDays.default,
      example: '30',
      description: `Days before expiry to warn, ${DECIDED.expiryWarnDays.min} to ${DECIDED.expiryWarnDays.max}.`,
    },
    status: {
      kind: 'enum',
      label: `${what} expiry status`,
      presence: 'computed',
      runtime: true,
      values: EXPIRY_STATUSES,
      description: `${codes(EXPIRY_STATUSES)}.`,
    },
    lastCheckedAt: {
      kind: 'string',
      label: `${what} expiry check`,
      presence: 'computed',
      runtime: true,
      description: 'Time of the last expiry check (RFC 3339); null before the first.',
    },
    expiresAt: {
      kind: 'string',
      label: `${what} expiry`,
      presence: 'computed',
      runtime: true,
      description: 'Expiry time (RFC 3339); null when not known.',
    },
    daysRemaining: {
      kind: 'number',
      label: `${what} days remaining`,
      unit: 'days',
      presence: 'computed',
      runtime: true,
      description: 'Days until expiry; null when not known.',
    },
  });

/** `ssl_monitoring` / `domain_monitoring`: shown by the service under `expiryMonitoring`, by data sources as
 *  `ssl_expiry` / `domain_expiry` with the last observation. */
const expiryBlock = <const W extends 'ssl' | 'domain'>(
  which: W,
  fields: ReturnType<typeof expiryFields>,
  label: string,
  description: string,
  example: string,
) =>
  ({
    kind: 'block',
    nesting: 'single',
    record: `expiryMonitoring.${which}`,
    empty: { enabled: false },
    fields,
    label,
    presence: 'optional',
    description,
    omitted: `disabled with \`warn_days = ${DECIDED.expiryWarnDays.default}\` (the service default; equivalent)`,
    dataSource: { attribute: `${which}_expiry` },
    dataSourceNote: 'Includes the last observation.',
    construct: {
      in: 'settings',
      type: 'UptimeExpiryMonitoring',
      typeDoc: 'Certificate or domain expiry monitoring.',
      default: 'off',
      example,
    },
  }) as const;

/** uptime_monitor: the plain fields and the blocks. */
export const monitorTable = fieldTable<Monitor, MonitorCreate>()({
  ...monitorFields,
  requestHeaders: {
    kind: 'block',
    nesting: 'list',
    key: MONITOR_SECRET_BLOCKS.requestHeaders.key,
    fields: requestHeaderFields,
    label: 'request headers',
    presence: 'optional',
    description: `Headers sent with every check, at most ${REQUEST_HEADERS_MAX}.`,
    resourceNote: 'The list replaces the saved list as a whole; every value is sensitive.',
    omitted: 'no headers',
    dataSourceNote: 'Values are never readable (`value_set` says whether one is saved).',
    construct: {
      in: 'settings',
      type: 'UptimeRequestHeader',
      typeDoc: 'One request header sent with every check.',
      note: "A monitor's headers are added to its group's; a header with the same name (ignoring case) replaces the group's.",
      default: 'none',
      example: "[{ name: 'X-Api-Key', value: apiKey.stringValue }]",
    },
  },
  authConfig: {
    kind: 'block',
    nesting: 'single',
    key: MONITOR_SECRET_BLOCKS.authConfig.key,
    kinds: MONITOR_SECRET_BLOCKS.authConfig.kinds,
    empty: { type: 'none' },
    fields: authFields,
    label: 'authentication',
    presence: 'optional',
    description: 'Authentication for the checked URL.',
    omitted: 'none (`type = "none"`, the service default; equivalent)',
    dataSource: { flatten: 'auth_' },
    construct: {
      in: 'settings',
      prop: 'basicAuth',
      type: 'UptimeBasicAuth',
      typeDoc: 'HTTP basic authentication for the checks.',
      fixed: { type: 'basic' },
      default: 'none',
      example: "{ username: 'monitor', password: password.stringValue }",
    },
  },
  sslMonitoring: expiryBlock(
    'ssl',
    expiryFields('SSL'),
    'SSL expiry monitoring',
    'SSL certificate expiry monitoring.',
    '{ warnDays: 21 }',
  ),
  domainMonitoring: expiryBlock(
    'domain',
    expiryFields('domain'),
    'domain expiry monitoring',
    'Domain registration expiry monitoring.',
    '{ enabled: true }',
  ),
});
