// uptime_status_page: Terraform model ↔ API body/record (pure).
//
// The plain fields (content, the read-only setup fields, and the blocks `display_options` and `custom_domain`)
// are declared in src/provider/fields/status-page.ts and mapped by src/provider/fields/mapping.ts. Every write
// sends the whole content (create takes the monitor's existing page over): an omitted field is sent as its
// default, an omitted `description` as null (cleared), an omitted `title` not at all (not managed: the API cannot
// clear a title). Mapped here by hand: `monitor_id` (also the `id`), kept as configured; and the blocks as a
// whole (a record without `displayOptions` reads as the defaults, without `customDomain` as null).
import {
  DECIDED,
  StatusPageUpdate,
  type StatusPage,
  type StatusPageUpdate as UpdateBody,
} from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';
import { bodyFields, draftFields, stateFields } from '../fields/mapping.js';
import type { PlainModel } from '../fields/schema.js';
import { customDomainFields, displayOptionsFields, statusPageFields } from '../fields/status-page.js';
import { newDraft, validateDraft, type BodyDraft } from '../validation.js';

export type DisplayOptionsModel = PlainModel<typeof displayOptionsFields>;

/** Resource values: the declared fields and blocks, and `id`/`monitor_id`. */
export type StatusPageModel = PlainModel<typeof statusPageFields> & {
  id: string | null;
  monitor_id: string;
  display_options: DisplayOptionsModel | null;
  custom_domain: PlainModel<typeof customDomainFields> | null;
};

export function statusPageDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  draftFields(d, d.body, '', statusPageFields, config);
  const o = config.display_options;
  if (isUnknown(o)) d.unknownPaths.push('displayOptions');
  else if (o !== null && o !== undefined) {
    const out: Record<string, unknown> = {};
    draftFields(d, out, 'displayOptions', displayOptionsFields, o as Record<string, unknown>);
    d.body.displayOptions = out;
  }
  return d;
}

export function validateStatusPageConfig(config: Record<string, unknown>): Diagnostic[] {
  return validateDraft(StatusPageUpdate, statusPageDraft(config), { skipRules: ['at_least_one'] });
}

/** PATCH body from planned values (wholly known at apply). */
export function statusPageBody(plan: StatusPageModel): UpdateBody {
  return {
    ...bodyFields(statusPageFields, plan),
    displayOptions: bodyFields(displayOptionsFields, plan.display_options ?? {}),
  } as UpdateBody;
}

export function statusPageToModel(p: StatusPage, prior: StatusPageModel | null): StatusPageModel {
  const record = p as unknown as Record<string, unknown>;
  return {
    ...(stateFields(statusPageFields, record, prior) as PlainModel<typeof statusPageFields>),
    id: p.monitorId,
    monitor_id: prior?.monitor_id ?? p.monitorId,
    display_options: stateFields(
      displayOptionsFields,
      p.displayOptions ?? DECIDED.statusPageDefaults.displayOptions,
      null,
    ) as DisplayOptionsModel,
    custom_domain: p.customDomain
      ? (stateFields(customDomainFields, p.customDomain, null) as StatusPageModel['custom_domain'])
      : null,
  };
}
