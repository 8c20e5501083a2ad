// Plan-time validation derived from the API model (src/api): the provider never re-declares a limit. A resource
// maps its (possibly partly unknown) configuration to the API write body, runs the model's zod schema on it and
// turns `describeIssues` output into diagnostics that name the Terraform attribute path, the rule and the allowed
// values. Fields whose value is still unknown are left out of the body and their issues are dropped.
import type { z } from 'zod';
import { describeIssues, MonitorId, type ErrorDetail } from '../api/index.js';
import type { Attributes, Validator } from '../protocol/framework/index.js';
import {
  errorDiag,
  formatAttributePath,
  type AttributePath,
  type Diagnostic,
} from '../protocol/diagnostics.js';
import { isUnknown, type Unknown } from '../protocol/cty/values.js';

/** camelCase API field → snake_case attribute name. */
export const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `requestHeaders[2].name` → ['requestHeaders', 2, 'name'] */
export function parseApiPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[1] !== undefined) out.push(m[1]);
  }
  return out;
}

/**
 * A body built from configuration for validation: the API-shaped object, the API paths whose value was unknown
 * (skipped), and API paths whose attribute name differs from the snake_case rule (write-only variants).
 */
export interface BodyDraft {
  body: Record<string, unknown>;
  unknownPaths: string[];
  /** API path (formatted, e.g. `requestHeaders[0].value`) → attribute path. */
  renames: Map<string, AttributePath>;
}

export function newDraft(): BodyDraft {
  return { body: {}, unknownPaths: [], renames: new Map() };
}

/** Sets `target[key]` from a config value: unknown values are recorded and left out; null is left out. */
export function put<T>(
  draft: BodyDraft,
  target: Record<string, unknown>,
  apiPath: string,
  key: string,
  value: T | Unknown | null | undefined,
  map: (v: T) => unknown = (v) => v,
): void {
  if (isUnknown(value)) {
    draft.unknownPaths.push(apiPath ? `${apiPath}.${key}` : key);
    return;
  }
  if (value === null || value === undefined) return;
  target[key] = map(value);
}

/** Attribute path for an API path: renames first, then camelCase → snake_case per step. */
export function attributePathFor(draft: BodyDraft, apiField: string): AttributePath {
  const steps = parseApiPath(apiField);
  for (let n = steps.length; n > 0; n--) {
    const key = formatApi(steps.slice(0, n));
    const renamed = draft.renames.get(key);
    if (renamed) return [...renamed, ...steps.slice(n).map((s) => (typeof s === 'number' ? s : snake(s)))];
  }
  return steps.map((s) => (typeof s === 'number' ? s : snake(s)));
}

function formatApi(steps: (string | number)[]): string {
  let s = '';
  for (const p of steps) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}

/**
 * Terraform can underline an attribute, but not an element inside a list expression: the diagnostic path stops
 * before the first list index (the message still names the full path, e.g. `request_headers[2].name`).
 */
export function configPath(path: AttributePath): AttributePath {
  const i = path.findIndex((s) => typeof s === 'number');
  return i < 0 ? path : path.slice(0, i);
}

/** The diagnostic for one model error detail, worded with the attribute path. */
export function detailToDiagnostic(
  d: ErrorDetail,
  path: AttributePath,
  at: AttributePath = path,
): Diagnostic {
  const attr = formatAttributePath(path);
  const message = d.message.startsWith(d.field) ? `${attr}${d.message.slice(d.field.length)}` : d.message;
  const allowed = d.allowed?.length ? `allowed values: ${d.allowed.map((v) => String(v)).join(', ')}` : '';
  // Another service may name no rule for a field it refuses: its message is all there is.
  const why = [d.rule ? `rule: ${d.rule}` : '', allowed].filter(Boolean).join('; ');
  return errorDiag('Invalid Attribute Value', `${message}${why ? ` (${why})` : ''}.`, at);
}

/** Runs `schema` on the draft body and returns one diagnostic per problem on a known value. */
export function validateDraft(
  schema: z.ZodType,
  draft: BodyDraft,
  opts: { skipRules?: string[]; planFields?: readonly string[] } = {},
): Diagnostic[] {
  const r = schema.safeParse(draft.body);
  if (r.success) return [];
  const out: Diagnostic[] = [];
  for (const d of describeIssues(r.error.issues)) {
    if (opts.skipRules?.includes(d.rule)) continue;
    if (opts.planFields?.some((f) => isAtOrUnder(d.field, f))) continue;
    if (draft.unknownPaths.some((u) => isAtOrUnder(d.field, u))) continue;
    // A whole-body rule (e.g. "at least one field") cannot be judged from a partial body.
    if (d.field === 'body' && draft.unknownPaths.length) continue;
    const path = attributePathFor(draft, d.field);
    out.push(detailToDiagnostic(d, path, configPath(path)));
  }
  return out;
}

/** Turns the service's 400 details into diagnostics on the matching attributes (a safety net: plan-time
 *  validation should have caught them). */
export function serviceDetailsToDiagnostics(
  details: readonly ErrorDetail[],
  draft?: BodyDraft,
): Diagnostic[] {
  const d0 = draft ?? newDraft();
  return details.map((d) => detailToDiagnostic(d, attributePathFor(d0, d.field)));
}

/**
 * The one rule for an attribute naming a monitor (`id`, `monitor_id`): a UUID. A plan-time validator
 * (`planValidators`): such ids usually come from another object, and `mock_provider` in `terraform test` and
 * `tofu test` hands the real provider's validation random 8-character ids, but never plans or reads with the real
 * provider. A literal id that is not one is refused at plan time (and before a data source is read), never by
 * `terraform validate`.
 */
export const monitorIdFormat: Validator<string> = {
  description: 'a monitor id (a UUID)',
  validate: ({ value, path }) =>
    MonitorId.safeParse(value).success
      ? []
      : [
          errorDiag(
            'Invalid Attribute Value',
            `${formatAttributePath(path)} must be a monitor id (a UUID) (rule: format).`,
            path,
          ),
        ],
};

/**
 * The model's rules on one API field (`url`, `destinationIds.email`), as a plan-time validator (`planValidators`)
 * of the attribute that holds it, with the message the whole-body check gives. For fields whose value usually
 * comes from another object (a URL built from another resource's attribute, destination ids read from a data source
 * or another resource): `mock_provider` hands the real provider's ValidateResourceConfig random strings for them,
 * as it does for monitor ids. The resource's config check leaves the field out (`validateDraft`'s `planFields`).
 */
export function modelFieldValidator(
  schema: z.ZodType,
  apiField: string,
): Validator<string> & { modelField: string } {
  const keys = apiField.split('.');
  return {
    modelField: apiField,
    description: `the rules of ${apiField}`,
    validate: ({ value, path }) => {
      let body: unknown = value;
      for (const k of [...keys].reverse()) body = { [k]: body };
      const r = schema.safeParse(body);
      if (r.success) return [];
      return describeIssues(r.error.issues)
        .filter((d) => d.field === apiField)
        .map((d) => detailToDiagnostic(d, path));
    },
  };
}

/** The API fields the attributes check at plan time through `modelFieldValidator`, at any depth: the config
 *  check against the whole model leaves them out (`validateDraft`'s `planFields`). */
export function modelFieldsAtPlan(attrs: Attributes): string[] {
  const out: string[] = [];
  for (const a of Object.values(attrs)) {
    for (const v of a.planValidators ?? []) if ('modelField' in v) out.push(String(v.modelField));
    if (a.nested) out.push(...modelFieldsAtPlan(a.nested.attributes));
  }
  return out;
}

/** Whether an API field path (`requestHeaders[0].value`) is `path` itself or inside it. */
export const isAtOrUnder = (field: string, path: string): boolean =>
  field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`);
