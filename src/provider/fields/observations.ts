// The fields of what data sources read but no resource manages, declared once (see field.ts), keyed by API name and
// checked against the model: an alert record (`uptime_monitor_alerts`), a check result (`uptime_monitor_checks`),
// an alert destination (`uptime_alert_destinations`). Every one is read-only; one the service leaves out is null.
import { ALERT_TYPES, type Alert, type AlertDestination, type CheckResult } from '../../api/index.js';
import { fieldTable } from './schema.js';

export const alertRecordFields = fieldTable<Alert>()({
  id: { kind: 'string', label: 'id', presence: 'computed', description: 'Alert id.' },
  timestamp: {
    kind: 'string',
    label: 'raised',
    presence: 'computed',
    description: 'When the alert was raised (RFC 3339).',
  },
  type: {
    kind: 'enum',
    label: 'type',
    presence: 'computed',
    values: ALERT_TYPES,
    description: `${ALERT_TYPES.map((t) => `\`${t}\``).join(', ')}.`,
  },
  status: {
    kind: 'string',
    label: 'status',
    presence: 'computed',
    description:
      'The state it announces (e.g. `down`, `up`, `slow`, `healthy`, `warning`); null when not given.',
  },
  previousStatus: {
    kind: 'string',
    label: 'previous status',
    presence: 'computed',
    description: 'The state before; null when not given.',
  },
  channel: {
    kind: 'string',
    label: 'channel',
    presence: 'computed',
    description: '`email` or `sms`; null when not given.',
  },
  deliveryStatus: {
    kind: 'string',
    label: 'delivery',
    presence: 'computed',
    description:
      'How delivery went (`queued`, `sending`, `sent`, `delivered`, `delayed`, `failed`, `bounced`, `complaint`, `rejected`, `suppressed`, `sms_disabled`); null when not given.',
  },
  delivered: {
    kind: 'bool',
    label: 'delivered',
    presence: 'computed',
    description: 'Whether the alert reached its destination.',
  },
  suppressed: {
    kind: 'bool',
    label: 'suppressed',
    presence: 'computed',
    description: 'Whether it was not sent (suppressed destination, or SMS not in the plan).',
  },
  responseTimeMs: {
    kind: 'number',
    label: 'response time',
    unit: 'ms',
    presence: 'computed',
    description: 'Response time of the check that raised it; null when none.',
  },
  httpStatus: {
    kind: 'number',
    label: 'HTTP status',
    presence: 'computed',
    description: 'HTTP status of that check; null when none.',
  },
});

export const checkResultFields = fieldTable<CheckResult>()({
  id: { kind: 'string', label: 'id', presence: 'computed', description: 'Check result id.' },
  checkedAt: {
    kind: 'string',
    label: 'checked',
    presence: 'computed',
    description: 'When the check ran (RFC 3339).',
  },
  status: { kind: 'string', label: 'status', presence: 'computed', description: '`up` or `down`.' },
  httpStatus: {
    kind: 'number',
    label: 'HTTP status',
    presence: 'computed',
    description: 'HTTP status answered; null when none.',
  },
  responseTimeMs: {
    kind: 'number',
    label: 'response time',
    unit: 'ms',
    presence: 'computed',
    description: 'Time to the complete answer in milliseconds; null when there was none.',
  },
  failureCategory: {
    kind: 'string',
    label: 'failure category',
    presence: 'computed',
    description:
      'Why a down check failed (our service: `dns`, `connection`, `timeout`, `tls`, `http_status`, `redirect`); null when up.',
  },
  failureReason: {
    kind: 'string',
    label: 'failure reason',
    presence: 'computed',
    description: 'A sentence saying why; null when up.',
  },
});

export const alertDestinationFields = fieldTable<AlertDestination>()({
  id: {
    kind: 'string',
    label: 'id',
    presence: 'computed',
    description: 'Destination id (`dest_email_<24 hex>` or `dest_sms_<24 hex>`).',
  },
  channel: { kind: 'string', label: 'channel', presence: 'computed', description: '`email` or `sms`.' },
  value: {
    kind: 'string',
    label: 'value',
    presence: 'computed',
    description: 'Email address or phone number.',
  },
  maskedValue: {
    kind: 'string',
    label: 'masked value',
    presence: 'computed',
    description: 'The value partly hidden (`o***@example.com`), as the dashboard shows it.',
  },
  label: { kind: 'string', label: 'label', presence: 'computed', description: 'Label; null when none.' },
  isDefault: {
    kind: 'bool',
    label: 'default',
    presence: 'computed',
    description: 'Whether this is the default email destination (preselected on new monitors).',
  },
});
