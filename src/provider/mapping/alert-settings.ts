// uptime_monitor_alert_settings: Terraform model ↔ API body/record (pure).
import {
  MonitorAlertSettingsUpdate,
  type MonitorAlertSettings,
  type MonitorAlertSettingsUpdate as UpdateBody,
} from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { newDraft, put, validateDraft, type BodyDraft } from '../validation.js';

/** The service's defaults for a monitor's alert settings (docs/api-decisions.md, "Alert settings"); destroy
 *  restores them. The default email destination is the tenant's `isDefault` one. */
export const ALERT_SETTINGS_DEFAULTS = {
  channels: { email: true, sms: false },
  slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3 },
} as const;

export interface AlertSettingsModel {
  id: string | null;
  monitor_id: string;
  channels: { email: boolean | null; sms: boolean | null } | null;
  destination_ids: { email: string | null; sms: string | null } | null;
  slow_response_alerts: {
    enabled: boolean | null;
    threshold_ms: number | null;
    consecutive_limit: number | null;
  } | null;
  version: string | null;
}

export function alertSettingsDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  const nested = (attr: string, key: string, fields: [string, string][]) => {
    const v = config[attr];
    if (isUnknown(v)) d.unknownPaths.push(key);
    else if (v !== null && v !== undefined) {
      const out: Record<string, unknown> = {};
      for (const [a, k] of fields) put(d, out, key, k, (v as Record<string, unknown>)[a]);
      d.body[key] = out;
    }
  };
  nested('channels', 'channels', [
    ['email', 'email'],
    ['sms', 'sms'],
  ]);
  nested('destination_ids', 'destinationIds', [
    ['email', 'email'],
    ['sms', 'sms'],
  ]);
  nested('slow_response_alerts', 'slowResponseAlerts', [
    ['enabled', 'enabled'],
    ['threshold_ms', 'thresholdMs'],
    ['consecutive_limit', 'consecutiveLimit'],
  ]);
  return d;
}

export function validateAlertSettingsConfig(config: Record<string, unknown>): Diagnostic[] {
  return validateDraft(MonitorAlertSettingsUpdate, alertSettingsDraft(config), {
    skipRules: ['at_least_one'],
  });
}

/** PATCH body from planned values (wholly known at apply). `destination_ids` null = not managed. */
export function alertSettingsBody(plan: AlertSettingsModel): UpdateBody {
  const c = plan.channels;
  const s = plan.slow_response_alerts;
  const body: UpdateBody = {
    channels: {
      email: c?.email ?? ALERT_SETTINGS_DEFAULTS.channels.email,
      sms: c?.sms ?? ALERT_SETTINGS_DEFAULTS.channels.sms,
    },
    slowResponseAlerts: {
      enabled: s?.enabled ?? ALERT_SETTINGS_DEFAULTS.slowResponseAlerts.enabled,
      thresholdMs: (s?.threshold_ms ?? ALERT_SETTINGS_DEFAULTS.slowResponseAlerts.thresholdMs) as 5000,
      consecutiveLimit: (s?.consecutive_limit ??
        ALERT_SETTINGS_DEFAULTS.slowResponseAlerts.consecutiveLimit) as 3,
    },
  };
  if (plan.destination_ids)
    body.destinationIds = { email: plan.destination_ids.email, sms: plan.destination_ids.sms };
  return body;
}

/** The body that restores the defaults (destroy). */
export function alertSettingsResetBody(defaultEmailDestination: string | null): UpdateBody {
  return {
    channels: { ...ALERT_SETTINGS_DEFAULTS.channels },
    destinationIds: { email: defaultEmailDestination, sms: null },
    slowResponseAlerts: { ...ALERT_SETTINGS_DEFAULTS.slowResponseAlerts },
  };
}

export function alertSettingsToModel(s: MonitorAlertSettings, monitorId: string): AlertSettingsModel {
  return {
    id: monitorId,
    monitor_id: monitorId,
    channels: { email: s.channels.email, sms: s.channels.sms },
    destination_ids: { email: s.destinationIds.email ?? null, sms: s.destinationIds.sms ?? null },
    slow_response_alerts: {
      enabled: s.slowResponseAlerts.enabled,
      threshold_ms: s.slowResponseAlerts.thresholdMs,
      consecutive_limit: s.slowResponseAlerts.consecutiveLimit,
    },
    version: s.version,
  };
}
