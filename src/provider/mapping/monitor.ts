// uptime_monitor: Terraform model ↔ API body/record. Pure functions, unit-tested in test/provider/mapping.test.ts.
//
// Every field is declared in src/provider/fields/monitor.ts (`monitorTable`) and mapped by
// src/provider/fields/mapping.ts: the equivalences that keep plans quiet (null ≡ `[]`, null ≡ `{ type = "none" }`,
// null ≡ disabled expiry monitoring with the default days, the user's spelling of the method and of header names)
// and the secrets' rules are the table's. This module adds the monitor's own rules:
// - create sends `enabled = false` (a monitor can be created paused; afterwards it changes through pause/activate);
// - while archived, `enabled` keeps the value to restore on reactivation (the service reports false);
// - `managedValuesUnchanged`: whether a monitor record still holds, in every attribute the resource manages, what a
//   state holds (what a 412 on an update is judged by, resources/monitor.ts).
import { isDeepStrictEqual } from 'node:util';
import {
  MonitorUpdate,
  type Monitor,
  type MonitorCreate,
  type MonitorUpdate as MonitorUpdateBody,
} from '../../api/index.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { attributeName, isSecret, secretNames } from '../fields/field.js';
import { createFields, draftFields, stateFields, updateFields } from '../fields/mapping.js';
import { monitorTable } from '../fields/monitor.js';
import type { ResourceModel } from '../fields/schema.js';
import { newDraft, validateDraft, type BodyDraft } from '../validation.js';

/** Resource values, as the table declares them. */
export type MonitorModel = ResourceModel<typeof monitorTable>;

/** The write fields of a (possibly partly unknown) config as an API body draft. */
export function monitorDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  draftFields(d, d.body, '', monitorTable, config);
  return d;
}

/** Validation of a monitor config against the model (MonitorUpdate: every write field's limits); `planFields`:
 *  fields left to the plan-time validators. */
export function validateMonitorConfig(
  config: Record<string, unknown>,
  planFields: readonly string[] = [],
): Diagnostic[] {
  return validateDraft(MonitorUpdate, monitorDraft(config), { planFields });
}

/** POST /monitors body from the planned values (wholly known at apply) and the config (write-only values). */
export function monitorCreateBody(plan: MonitorModel, config: MonitorModel): MonitorCreate {
  // The body's values passed the same model's checks at plan time (monitorDraft).
  const body = createFields(monitorTable, plan, config) as MonitorCreate;
  if (plan.enabled === false) body.enabled = false;
  return body;
}

/** PATCH body: only the fields that differ between prior state and plan (see src/provider/fields/mapping.ts for the
 *  secrets). Returns null when no field changes. */
export function monitorUpdateBody(
  plan: MonitorModel,
  prior: MonitorModel,
  config: MonitorModel,
): MonitorUpdateBody | null {
  const body = updateFields(monitorTable, plan, prior, config) as MonitorUpdateBody;
  return Object.keys(body).length ? body : null;
}

/**
 * State from an API record. `prior` is the state being refreshed (null on import): secrets, spellings and
 * null-vs-empty choices are taken from it where the API value is equivalent.
 */
export function monitorToModel(m: Monitor, prior: MonitorModel | null): MonitorModel {
  return {
    ...stateFields(monitorTable, m, prior),
    // While archived, `enabled` keeps the value to restore on reactivation (the service reports false).
    enabled:
      m.archived && prior?.enabled !== null && prior?.enabled !== undefined ? prior.enabled : m.enabled,
  };
}

/** The attributes the resource manages: every one but the computed (id, version, creation and change times, type). */
const MANAGED: readonly string[] = Object.entries(monitorTable)
  .filter(([, d]) => d.presence !== 'computed')
  .flatMap(([api, d]) => {
    const attr = attributeName(api, d);
    if (!isSecret(d)) return [attr];
    const n = secretNames(attr);
    return [n.stored, n.writeOnly, n.version];
  });

/**
 * Whether a plan made from record `m` would be the plan made from `prior`: every attribute the resource manages
 * (secrets as far as the service shows them: saved or not) reads back from `m` as `prior` holds it. Only computed
 * values may differ, such as a version moved by a change the resource does not manage.
 */
export function managedValuesUnchanged(m: Monitor, prior: MonitorModel): boolean {
  const now: Record<string, unknown> = monitorToModel(m, prior);
  const was: Record<string, unknown> = prior;
  return MANAGED.every((a) => isDeepStrictEqual(now[a] ?? null, was[a] ?? null));
}
