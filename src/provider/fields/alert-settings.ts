// The plain fields of a monitor's alert settings, declared once (see field.ts): the settings' own fields and the
// fields of its two plain blocks, `channels` and `slow_response_alerts`, one table each, keyed by API name and
// checked against the model; defaults and value sets come from src/api. Not plain, so mapped by hand in
// src/provider/mapping/alert-settings.ts: `monitor_id` (the identity, replaces the resource) and `destination_ids`
// (null means "not managed"; ids are checked against the account's verified destinations).
import {
  DECIDED,
  SLOW_RESPONSE_CONSECUTIVE_LIMIT,
  SLOW_RESPONSE_THRESHOLD_MS,
  type MonitorAlertSettings,
  type SlowResponseAlertSettings,
} from '../../api/index.js';
import { listed } from './field.js';
import { fieldTable } from './schema.js';

const DEFAULTS = DECIDED.alertSettingsDefaults;

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
