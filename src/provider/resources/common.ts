// Helpers shared by the resources: capability checks at plan time, the diagnostics of a monitor changed or gone,
// value utilities.
import { MonitorId } from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import {
  errorDiag,
  formatAttributePath,
  type AttributePath,
  type Diagnostic,
  type Diagnostics,
} from '../../protocol/diagnostics.js';
import { DiagnosticError, type Planned } from '../../protocol/framework/index.js';
import { capabilityFact, planName, tokenName, type KnownCapabilities } from '../capabilities.js';
import type { UptimeProviderData } from '../session.js';

/** "Interval below the plan's minimum" (and not among the plan's intervals) as a plan-time error, from the facts
 *  the service reports (either one is enough; neither: the check is off, capabilities.ts). */
export function capabilityIntervalCheck(
  caps: KnownCapabilities | null,
  diags: Diagnostics,
  value: unknown,
  path: AttributePath,
): Diagnostic[] {
  if (!caps || typeof value !== 'number') return [];
  const min = caps.facts.plan.minIntervalSeconds;
  const allowed = caps.facts.plan.allowedIntervals;
  if (min === undefined && allowed === undefined) {
    capabilityFact(caps, diags, 'plan', 'minIntervalSeconds');
    return [];
  }
  if ((min === undefined || value >= min) && (!allowed?.length || allowed.includes(value))) return [];
  const below = min !== undefined && value < min;
  return [
    errorDiag(
      'Value not allowed by the account plan',
      `${formatAttributePath(path)} is ${value}, ${below ? `below the minimum of ${planName(caps)} (${min} s)` : `not among the intervals of ${planName(caps)}`} (rule: plan_minimum; allowed values: ${(allowed ?? []).filter((i) => min === undefined || i >= min).join(', ') || `${min} s or more`}).`,
      path,
    ),
  ];
}

/** The planned values with every unknown replaced by null, deeply (apply-time plans only hold unknowns in computed
 *  fields, which the apply's answer fills in). */
export function stripUnknowns<M>(plan: Planned<M>): M {
  return withoutUnknowns(plan) as M;
}

function withoutUnknowns(v: unknown): unknown {
  if (isUnknown(v)) return null;
  if (Array.isArray(v)) return v.map(withoutUnknowns);
  if (v && typeof v === 'object' && v.constructor === Object)
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, withoutUnknowns(e)]));
  return v;
}

/** What a versioned write changes (each sent with If-Match: the version in state), as messages name it. */
export type VersionedObject = 'monitor' | 'alert settings' | 'status page';

/**
 * A 412 on a versioned write: the object changed after this plan was made (a dashboard edit, another run), and
 * nothing was overwritten. `monitorId` is the monitor's id, also for its alert settings and status page.
 */
export function changedOutsideTerraform(what: VersionedObject, monitorId: string): DiagnosticError {
  const subject = what === 'monitor' ? `monitor ${monitorId}` : `the ${what} of monitor ${monitorId}`;
  return new DiagnosticError(
    `${capitalized(what)} changed outside Terraform`,
    `${subject} ${plural(what) ? 'were' : 'was'} changed outside Terraform after this plan was made; run plan again.`,
  );
}

/**
 * The warning of a destroy that leaves a sub-object as it is: another resource instance took it over (the new
 * instance of a create_before_destroy replacement) or it changed since this instance read it (412). `undone` says
 * what the destroy would have done.
 */
export function leftAsItIs(
  what: Exclude<VersionedObject, 'monitor'>,
  monitorId: string,
  undone: string,
): { summary: string; detail: string } {
  const p = plural(what);
  return {
    summary: `${capitalized(what)} left as ${p ? 'they are' : 'it is'}`,
    detail: `The ${what} of monitor ${monitorId} ${p ? 'were' : 'was'} taken over by another resource instance (for example the new instance of a create_before_destroy replacement) or changed after this instance last read ${p ? 'them' : 'it'}, so destroy did not ${undone}.`,
  };
}

const plural = (what: VersionedObject): boolean => what === 'alert settings';
export const capitalized = (s: string): string => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** The monitor a sub-resource or a data source names is gone or outside the token's selection (404); `attr`: the
 *  attribute that named it. */
export const monitorNotFound = (id: string, attr?: string): DiagnosticError =>
  new DiagnosticError(
    'Monitor not found',
    `monitor ${id} does not exist or is not accessible to this token.`,
    attr === undefined ? undefined : [attr],
  );

/** The import ID of all three resources is the monitor id: anything else fails before any API call. */
export function checkImportMonitorId(id: string): string {
  if (!MonitorId.safeParse(id).success)
    throw new DiagnosticError(
      'Invalid import ID',
      `Expected a monitor id (a UUID such as 3f2b8c1e-0000-4000-8000-000000000000), got ${JSON.stringify(id)}.`,
    );
  return id;
}

/**
 * A read answered 404. For a token restricted to a selection of monitors that does not hold this one, the 404
 * says nothing about the monitor (the token cannot see it): an error, never a deletion from state. Otherwise
 * the object is gone: null (Terraform drops it from state and plans a create).
 */
export function goneOrHidden(
  pd: UptimeProviderData | undefined,
  diags: Diagnostics,
  monitorId: string,
  what: 'monitor' | 'alert settings of monitor' | 'status page of monitor',
): null {
  const caps = pd?.capabilities;
  // Not reported: the token is taken as unrestricted (a 404 means deleted), with the warning.
  const restricted = capabilityFact(caps, diags, 'token', 'restricted');
  const selection = restricted ? capabilityFact(caps, diags, 'token', 'monitorIds') : null;
  if (restricted && !(selection ?? []).includes(monitorId))
    throw new DiagnosticError(
      "Monitor outside the token's selection",
      `The ${what} ${monitorId} cannot be read: ${tokenName(caps)} is restricted to a selection of monitors that does not include it, so the service answers 404 whether or not it exists. It is kept in state unchanged. Use a token that can see this monitor (an unrestricted token, or one whose selection includes it).`,
    );
  return null;
}
