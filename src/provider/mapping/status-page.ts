// uptime_status_page: Terraform model ↔ API body/record (pure).
//
// Every field is declared in src/provider/fields/status-page.ts (`statusPageTable`) and mapped by
// src/provider/fields/mapping.ts. Every write sends the whole content (create takes the monitor's existing page
// over): an omitted field is sent as its default, an omitted `description` as null (cleared), an omitted `title` not
// at all (not managed: the API cannot clear a title); `monitor_id` (also the `id`) is kept as configured; a record
// without `displayOptions` reads as the defaults, without `customDomain` as null.
import { StatusPageUpdate, type StatusPage, type StatusPageUpdate as UpdateBody } from '../../api/index.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { bodyFields, draftFields, stateFields } from '../fields/mapping.js';
import type { ResourceModel } from '../fields/schema.js';
import { statusPageTable } from '../fields/status-page.js';
import { newDraft, validateDraft, type BodyDraft } from '../validation.js';

/** Resource values, as the table declares them. */
export type StatusPageModel = ResourceModel<typeof statusPageTable>;
export type DisplayOptionsModel = StatusPageModel['display_options'];

export function statusPageDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  draftFields(d, d.body, '', statusPageTable, config);
  return d;
}

export function validateStatusPageConfig(config: Record<string, unknown>): Diagnostic[] {
  return validateDraft(StatusPageUpdate, statusPageDraft(config), { skipRules: ['at_least_one'] });
}

/** PATCH body from planned values (wholly known at apply). */
export function statusPageBody(plan: StatusPageModel): UpdateBody {
  // The body's values passed the same model's checks at plan time (statusPageDraft).
  return bodyFields(statusPageTable, plan) as UpdateBody;
}

export function statusPageToModel(p: StatusPage, prior: StatusPageModel | null): StatusPageModel {
  return stateFields(statusPageTable, p, prior);
}
