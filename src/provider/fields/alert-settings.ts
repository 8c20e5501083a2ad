// Every field of a monitor's alert settings, declared once (see field.ts): the settings' own plain fields, the
// tables of its blocks `channels`, `destination_ids` and `slow_response_alerts`, and `alertSettingsTable`, the
// resource's whole table. Keyed by API name and checked against the model; defaults and value sets come from
// src/api. `destination_ids` is managed only when set (null: the service keeps its selection); its ids are checked
// against the account's verified destinations at plan time (resources/alert-settings.ts).
import {
  DECIDED,
  SLOW_RESPONSE_CONSECUTIVE_LIMIT,
  SLOW_RESPONSE_THRESHOLD_MS,
  type MonitorAlertSettings,
  type MonitorAlertSettingsUpdate,
  type SlowResponseAlertSettings,
} from '../../api/index.js';
import { monitorIdFormat } from '../validation.js';
import { listed } from './field.js';
import { fieldTable } from './schema.js';

const DEFAULTS = DECIDED.alertSettingsDefaults;
const onOff = (b: boolean) => (b ? 'on' : 'off');

/** `monitor_id` and `id` of a monitor's sub-object (alert settings, status page). */
export const monitorPartFields = fieldTable<{ monitorId: string }>()({
  id: {
    kind: 'string',
    label: 'id',
    presence: 'computed',
    stable: true,
    resourceOnly: true,
    copyOf: 'monitorId',
    record: 'monitorId',
    description: 'Same as `monitor_id`.',
  },
  monitorId: {
    kind: 'string',
    label: 'monitor',
    presence: 'required',
    identity: true,
    resourceOnly: true,
    planValidators: [monitorIdFormat],
    description: 'The monitor (UUID).',
    resourceNote: 'Changing it replaces the resource.',
  },
});

export const alertSettingsFields = fieldTable<MonitorAlertSettings>()({
  version: {
    kind: 'string',
    label: 'version',
    presence: 'computed',
    description:
      'Version token of the alert settings, sent as If-Match on every change: a change made outside Terraform after the plan fails the apply instead of being overwritten.',
  },
});

/** `channels`. */
export const alertChannelFields = fieldTable<MonitorAlertSettings['channels']>()({
  email: {
    kind: 'bool',
    label: 'email alerts',
    presence: 'optional-computed',
    default: DEFAULTS.channels.email,
    description: 'Email alerts.',
  },
  sms: {
    kind: 'bool',
    label: 'SMS alerts',
    presence: 'optional-computed',
    default: DEFAULTS.channels.sms,
    description: 'SMS alerts (needs a plan with SMS alerts; checked at plan time).',
  },
});

/** `slow_response_alerts` (its read-only `state` is not part of the resource). */
export const slowResponseFields = fieldTable<SlowResponseAlertSettings>()({
  enabled: {
    kind: 'bool',
    label: 'slow-response alerts',
    presence: 'optional-computed',
    default: DEFAULTS.slowResponseAlerts.enabled,
    description: 'Whether slow responses raise alerts.',
  },
  thresholdMs: {
    kind: 'number',
    label: 'slow-response threshold',
    unit: 'ms',
    presence: 'optional-computed',
    values: SLOW_RESPONSE_THRESHOLD_MS,
    default: DEFAULTS.slowResponseAlerts.thresholdMs,
    construct: 'own',
    example: '2000',
    description: `Response time in milliseconds above which a check counts as slow: one of ${listed(SLOW_RESPONSE_THRESHOLD_MS)}.`,
  },
  consecutiveLimit: {
    kind: 'number',
    label: 'slow checks before alerting',
    presence: 'optional-computed',
    values: SLOW_RESPONSE_CONSECUTIVE_LIMIT,
    default: DEFAULTS.slowResponseAlerts.consecutiveLimit,
    construct: 'own',
    example: '5',
    description: `Slow checks in a row before alerting: one of ${listed(SLOW_RESPONSE_CONSECUTIVE_LIMIT)}.`,
  },
});

/** `destination_ids`: managed only when set; a null channel then means no destination. */
export const destinationIdFields = fieldTable<MonitorAlertSettingsUpdate['destinationIds'] & object>()({
  email: {
    kind: 'string',
    label: 'email destination',
    presence: 'optional',
    checkedAtPlan: true,
    description: 'Email destination id (`dest_email_<24 hex>`); null: none.',
  },
  sms: {
    kind: 'string',
    label: 'SMS destination',
    presence: 'optional',
    checkedAtPlan: true,
    description: 'SMS destination id (`dest_sms_<24 hex>`); null: none.',
  },
});

/** uptime_monitor_alert_settings. */
export const alertSettingsTable = fieldTable<MonitorAlertSettings, MonitorAlertSettingsUpdate>()({
  ...monitorPartFields,
  channels: {
    kind: 'block',
    nesting: 'single',
    fields: alertChannelFields,
    label: 'alert channels',
    presence: 'optional-computed',
    description: 'Alert channels.',
    omitted: `email ${onOff(DEFAULTS.channels.email)}, SMS ${onOff(DEFAULTS.channels.sms)} (the defaults)`,
  },
  destinationIds: {
    kind: 'block',
    nesting: 'single',
    fields: destinationIdFields,
    label: 'alert destinations',
    presence: 'optional-computed',
    stable: true,
    description: 'Verified destinations to alert (see the `uptime_alert_destinations` data source).',
    omitted:
      "not managed (the current selection is kept and shown). When set, a null `email`/`sms` means no destination for that channel. Ids that are not among the account's verified destinations fail at plan time.",
  },
  slowResponseAlerts: {
    kind: 'block',
    nesting: 'single',
    fields: slowResponseFields,
    label: 'slow-response alerts',
    presence: 'optional-computed',
    description: 'Slow-response alerts.',
    omitted: `${DEFAULTS.slowResponseAlerts.enabled ? 'enabled' : 'disabled'}, ${DEFAULTS.slowResponseAlerts.thresholdMs} ms, ${DEFAULTS.slowResponseAlerts.consecutiveLimit} consecutive checks (the defaults)`,
  },
  ...alertSettingsFields,
});
