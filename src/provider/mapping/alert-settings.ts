// uptime_monitor_alert_settings: Terraform model ↔ API body/record (pure).
//
// Every field is declared in src/provider/fields/alert-settings.ts (`alertSettingsTable`) and mapped by
// src/provider/fields/mapping.ts. Every write sends the whole settings (create takes the monitor's existing settings
// over): an omitted block or field is sent as its default; `destination_ids` only when set (null: not managed, the
// current selection is read back), a null `email`/`sms` in it as null (no destination for that channel).
// Destroy restores the service's defaults (DECIDED.alertSettingsDefaults, with the account's default email
// destination).
import {
  DECIDED,
  MonitorAlertSettingsUpdate,
  type MonitorAlertSettings,
  type MonitorAlertSettingsUpdate as UpdateBody,
} from '../../api/index.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { alertSettingsTable } from '../fields/alert-settings.js';
import { bodyFields, draftFields, stateFields } from '../fields/mapping.js';
import type { ResourceModel } from '../fields/schema.js';
import { newDraft, validateDraft, type BodyDraft } from '../validation.js';

/** Resource values, as the table declares them. */
export type AlertSettingsModel = ResourceModel<typeof alertSettingsTable>;

export function alertSettingsDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  draftFields(d, d.body, '', alertSettingsTable, config);
  return d;
}

/** `planFields`: fields left to the plan-time validators. */
export function validateAlertSettingsConfig(
  config: Record<string, unknown>,
  planFields: readonly string[] = [],
): Diagnostic[] {
  return validateDraft(MonitorAlertSettingsUpdate, alertSettingsDraft(config), {
    skipRules: ['at_least_one'],
    planFields,
  });
}

/** PATCH body from planned values (wholly known at apply). `destination_ids` null = not managed. */
export function alertSettingsBody(plan: AlertSettingsModel): UpdateBody {
  // The body's values passed the same model's checks at plan time (alertSettingsDraft).
  return bodyFields(alertSettingsTable, plan) as UpdateBody;
}

/**
 * Whether writing `next` over alert settings that were `prior` changes the monitor too: the monitor shows the
 * slow-response alert settings (its `slowResponse`), so a change there gives the monitor a new version.
 */
export function changesMonitorVersion(prior: AlertSettingsModel, next: UpdateBody): boolean {
  const before = alertSettingsBody(prior).slowResponseAlerts ?? {};
  const after = next.slowResponseAlerts ?? {};
  return (Object.keys(after) as (keyof typeof after)[]).some((k) => after[k] !== before[k]);
}

/** The body that restores the defaults (destroy). */
export function alertSettingsResetBody(defaultEmailDestination: string | null): UpdateBody {
  const defaults = DECIDED.alertSettingsDefaults;
  return {
    channels: { ...defaults.channels },
    destinationIds: { email: defaultEmailDestination, sms: null },
    slowResponseAlerts: { ...defaults.slowResponseAlerts },
  };
}

/** State from the service's settings; `prior` (the state or plan) keeps `monitor_id` as configured. */
export function alertSettingsToModel(
  s: MonitorAlertSettings,
  prior: AlertSettingsModel | null,
): AlertSettingsModel {
  return stateFields(alertSettingsTable, s, prior);
}
