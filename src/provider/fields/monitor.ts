// The plain fields of a monitor, declared once (see field.ts). Keys are the API names (checked against the
// model), limits and defaults come from src/api. Request headers, basic auth, expiry monitoring and the
// observation blocks are not plain: src/provider/mapping/monitor.ts maps them by hand.
import {
  DECIDED,
  INTERVAL_SECONDS,
  MONITOR_NAME_MAX,
  MONITOR_STATUSES,
  MONITOR_TYPES,
  REQUEST_METHODS,
  STATUS_CODE,
  TIMEOUT_MS,
  type Monitor,
} from '../../api/index.js';
import { fieldTable } from './schema.js';

const list = (vs: readonly number[]) => vs.join(', ');
/** `a`, `b` or `c` */
const codes = (vs: readonly string[]) => {
  const q = vs.map((v) => `\`${v}\``);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}` : q.join('');
};

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
  },
  intervalSeconds: {
    kind: 'number',
    label: 'interval',
    unit: 's',
    presence: 'optional-computed',
    values: INTERVAL_SECONDS,
    construct: 'settings',
    example: '60',
    description: `Seconds between checks: one of ${list(INTERVAL_SECONDS)}, and not below the account plan's minimum (checked at plan time).`,
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
