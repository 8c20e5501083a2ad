// uptime_monitor_alert_settings: Terraform model ↔ API body/record (pure).
//
// The plain fields (`version` and the blocks `channels` and `slow_response_alerts`) are declared in
// src/provider/fields/alert-settings.ts and mapped by src/provider/fields/mapping.ts. Every write sends the whole
// settings (create takes the monitor's existing settings over): an omitted block or field is sent as its default.
// Mapped here by hand:
// - `monitor_id` (also the `id`): the monitor the settings belong to;
// - `destination_ids`: null means "not managed" (left out of the body, the current selection is read back);
//   when set, a null `email`/`sms` is sent as null (no destination for that channel).
// Destroy restores the service's defaults (DECIDED.alertSettingsDefaults, with the account's default email
// destination).
import {
  ALERT_CHANNELS,
  DECIDED,
  MonitorAlertSettingsUpdate,
  type MonitorAlertSettings,
  type MonitorAlertSettingsUpdate as UpdateBody,
} from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { alertChannelFields, alertSettingsFields, slowResponseFields } from '../fields/alert-settings.js';
import type { FieldTable } from '../fields/field.js';
import { bodyFields, draftFields, stateFields } from '../fields/mapping.js';
import type { PlainModel } from '../fields/schema.js';
import { newDraft, put, validateDraft, type BodyDraft } from '../validation.js';

/** Resource values: the declared fields and blocks, and the ones mapped here. */
export type AlertSettingsModel = PlainModel<typeof alertSettingsFields> & {
  id: string | null;
  monitor_id: string;
  channels: PlainModel<typeof alertChannelFields> | null;
  destination_ids: { email: string | null; sms: string | null } | null;
  slow_response_alerts: PlainModel<typeof slowResponseFields> | null;
};

export function alertSettingsDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  const nested = (
    attr: string,
    key: string,
    fill: (out: Record<string, unknown>, v: Record<string, unknown>) => void,
  ) => {
    const v = config[attr];
    if (isUnknown(v)) d.unknownPaths.push(key);
    else if (v !== null && v !== undefined) {
      const out: Record<string, unknown> = {};
      fill(out, v as Record<string, unknown>);
      d.body[key] = out;
    }
  };
  nested('channels', 'channels', (out, v) => draftFields(d, out, 'channels', alertChannelFields, v));
  nested('destination_ids', 'destinationIds', (out, v) => {
    for (const k of ALERT_CHANNELS) put(d, out, 'destinationIds', k, v[k]);
  });
  nested('slow_response_alerts', 'slowResponseAlerts', (out, v) =>
    draftFields(d, out, 'slowResponseAlerts', slowResponseFields, v),
  );
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
  const body = {
    channels: bodyFields(alertChannelFields, plan.channels ?? {}),
    slowResponseAlerts: bodyFields(slowResponseFields, plan.slow_response_alerts ?? {}),
  } as UpdateBody;
  if (plan.destination_ids)
    body.destinationIds = { email: plan.destination_ids.email, sms: plan.destination_ids.sms };
  return body;
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

export function alertSettingsToModel(s: MonitorAlertSettings, monitorId: string): AlertSettingsModel {
  const plain = <T>(table: FieldTable, record: object) =>
    stateFields(table, record as Record<string, unknown>, null) as T;
  return {
    ...plain<PlainModel<typeof alertSettingsFields>>(alertSettingsFields, s),
    id: monitorId,
    monitor_id: monitorId,
    channels: plain(alertChannelFields, s.channels),
    destination_ids: { email: s.destinationIds.email ?? null, sms: s.destinationIds.sms ?? null },
    slow_response_alerts: plain(slowResponseFields, s.slowResponseAlerts),
  };
}
