// The one path from an API failure to a diagnostic. The client's typed errors (src/client/errors.ts) say what went
// wrong; `apiFailure` says what it means for the configuration and what to do, from the error's class and what the
// call was about. Its text never holds a secret: the client's messages name status, method, path and the service's
// words only.
// - The provider's first call (GET /capabilities): 401 is a rejected token, 404 a base_url without the API, 403 a
//   token that may not be used, each on its attribute.
// - A monitor, its alert settings or its status page: 412 means it changed outside Terraform after the plan (nothing
//   was overwritten); 404 that the monitor is gone or outside the token's selection; a write rejected with field
//   details (400, or 422) lists them with their rules.
// - 409 by its reason: another monitor holds the URL and request method (never adopted: the adopt command is named),
//   the plan's capacity, a monitor not in the expected state; on a status page, the dashboard setup it needs (also a
//   409 whose code is not one of ours: the spec gives a status page no other).
// - A create whose outcome stayed unknown: the monitor may exist, and how to find and import it.
// - Anything else: what was tried, the client's message and request id, and advice for 401, 403, 429 and an unknown
//   outcome.
import type { Monitor } from '../api/index.js';
import {
  ApiError,
  ConflictError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PreconditionFailedError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../client/index.js';
import { DiagnosticError } from '../protocol/diagnostics.js';
import { quotedText } from '../protocol/template.js';
import { IN_DOUBT_ENV } from './in-doubt-settings.js';
import { MAX_WAIT_ENV, SHARE_ENV } from './rate-limit-settings.js';
import {
  capitalized,
  changedOutsideTerraform,
  monitorNotFound,
  type VersionedObject,
} from './resources/common.js';
import { serviceDetailsToDiagnostics } from './validation.js';

/** The command that writes import blocks for what an interrupted apply left behind (docs/guides/importing-existing-monitors.md). */
export const ADOPT_COMMAND = 'npx uptimectl adopt';

/** What a monitor create sent, as its diagnostics name it. */
interface CreateFacts {
  url: string;
  requestMethod?: string;
  name?: string;
}

/** What the failed call was about. */
export type ApiSubject =
  /** The provider's first call: the token and base_url are what to check. */
  | { service: true }
  /** A monitor, its alert settings or its status page; `attribute`: the one that named the monitor. */
  | { object: VersionedObject; monitorId: string; attribute?: string }
  /** A monitor create, and the monitor already holding its URL and request method when one was found. */
  | { creating: CreateFacts; existing?: Pick<Monitor, 'id'> & Partial<Monitor> };

/** The diagnostic of an API failure (a DiagnosticError passes as it is): `what` was tried, about `subject`. */
export function apiFailure(what: string, e: unknown, subject?: ApiSubject): DiagnosticError {
  if (e instanceof DiagnosticError) return e;
  if (!(e instanceof ApiError)) return new DiagnosticError(what, e instanceof Error ? e.message : String(e));
  const specific = !subject
    ? null
    : 'service' in subject
      ? serviceFailure(e)
      : 'creating' in subject
        ? createFailure(e, subject.creating, subject.existing)
        : objectFailure(e, subject.object, subject.monitorId, subject.attribute);
  return specific ?? new DiagnosticError(what, failed(e));
}

function serviceFailure(e: ApiError): DiagnosticError | null {
  if (e instanceof UnauthorizedError)
    return new DiagnosticError(
      'API token rejected',
      'The service did not accept the API token (401): it is unknown, malformed, revoked or expired. Create a token in the dashboard (account integrations) and set token or UPTIME_API_TOKEN.',
      ['token'],
    );
  if (e instanceof NotFoundError)
    return new DiagnosticError(
      'Monitoring Service API not found at base_url',
      `${failed(e)} The address answered, but GET /capabilities does not exist there: base_url probably lacks the API version prefix (it must end in /v1, e.g. https://api.example.com/v1).`,
      ['base_url'],
    );
  if (e instanceof ForbiddenError) return new DiagnosticError('API token not usable', failed(e), ['token']);
  if (e instanceof RateLimitedError)
    return new DiagnosticError('Waiting for the API rate limit reached its bound', failed(e));
  return null;
}

function objectFailure(
  e: ApiError,
  object: VersionedObject,
  monitorId: string,
  attribute: string | undefined,
): DiagnosticError | null {
  if (e instanceof PreconditionFailedError) return changedOutsideTerraform(object, monitorId);
  if (e instanceof NotFoundError) return monitorNotFound(monitorId, attribute);
  if (object === 'monitor') return monitorConflict(e, monitorId) ?? rejected(e, object);
  if (
    object === 'status page' &&
    e instanceof ConflictError &&
    (e.reason === 'dashboard_setup_required' || e.reason === 'unknown')
  )
    return new DiagnosticError(
      'Status page needs dashboard setup',
      `The status page of monitor ${monitorId} cannot be changed through the API yet: ${e.message}. Open the monitor in the dashboard, choose Status page → Set up (this assigns the slug and URL and, for a custom domain, finishes the DNS and certificate steps), then run apply again.`,
    );
  return rejected(e, object);
}

function createFailure(
  e: ApiError,
  creating: CreateFacts,
  existing: (Pick<Monitor, 'id'> & Partial<Monitor>) | undefined,
): DiagnosticError | null {
  if (e instanceof ConflictError && existing) return alreadyExists(existing);
  if (outcomeUnknown(e) && e.status !== 409) return createInDoubt(creating, e);
  return monitorConflict(e, null) ?? rejected(e, 'monitor');
}

/** A monitor's 409 by its reason; `monitorId` null for a create. */
function monitorConflict(e: ApiError, monitorId: string | null): DiagnosticError | null {
  if (!(e instanceof ConflictError)) return null;
  if (e.reason === 'duplicate_monitor' || e.existingMonitorId)
    return alreadyExists({ id: e.existingMonitorId ?? '(unknown id)' });
  if (e.reason === 'plan_capacity')
    return new DiagnosticError(
      'Monitor capacity reached',
      'The account plan has no capacity for another monitor (archived monitors do not count). Archive a monitor or upgrade the plan.',
    );
  if (e.reason === 'invalid_state' && monitorId !== null)
    return new DiagnosticError(
      'Monitor in an unexpected state',
      `monitor ${monitorId} is not in the state this plan expected (archived or not); run plan again.`,
    );
  return null;
}

/** A write the service rejected with field details (400, or 422 from a service that chose it): one line per field
 *  with its rule and allowed values. */
function rejected(e: ApiError, object: VersionedObject): DiagnosticError | null {
  if (!(e instanceof ValidationError) || !e.details.length || e.method === 'GET') return null;
  return new DiagnosticError(
    `${capitalized(object)} rejected by the service`,
    serviceDetailsToDiagnostics(e.details)
      .map((d) => d.detail)
      .join('\n'),
  );
}

/** What failed, in the client's words, with the request id and advice for what the user can change. */
function failed(e: ApiError): string {
  const hint =
    e instanceof UnauthorizedError
      ? ' Check the token (provider argument `token` or UPTIME_API_TOKEN): the service did not accept it.'
      : e instanceof ForbiddenError
        ? ' The token, plan or account does not allow this call; see the `uptime_capabilities` data source.'
        : e instanceof RateLimitedError
          ? ` Requests answered 429 wait for the token's allowance; this run waited as long as it may in all. What helps: a longer \`rate_limit_max_wait\` (or ${MAX_WAIT_ENV}); a token for each stack or pipeline when several runs share one, or \`rate_limit_share\` (${SHARE_ENV}) per run; a plan with a larger allowance. What was not applied stays in the plan: run apply again.`
          : e instanceof OutcomeUnknownError
            ? ` The service may or may not have made this change: its answer was lost each time it was asked, for as long as \`in_doubt_max_wait\` allows (or ${IN_DOUBT_ENV}). Run \`terraform plan\` once the service is reachable: it reads what the service holds and shows what is still to do.`
            : '';
  const rid = e.requestId && !e.message.includes(e.requestId) ? ` (request id ${e.requestId})` : '';
  return `${e.message}${rid}.${hint}`;
}

/** A write the service may have performed: its answers were lost until the in-doubt deadline, or no replay ran. */
const outcomeUnknown = (e: ApiError): boolean =>
  e instanceof OutcomeUnknownError || (e instanceof NetworkError && e.outcomeUnknown);

/** The 409 of a create that another monitor holds this URL and request method: which monitor, and what to do. */
function alreadyExists(existing: Pick<Monitor, 'id'> & Partial<Monitor>): DiagnosticError {
  const { id } = existing;
  const facts = [
    existing.name !== undefined ? `name ${quotedText(existing.name)}` : null,
    `id ${id}`,
    existing.url !== undefined ? `${existing.requestMethod ?? 'GET'} ${quotedText(existing.url)}` : null,
    existing.createdAt ? `created ${existing.createdAt}` : null,
  ].filter((f): f is string => f !== null);
  return new DiagnosticError(
    'Monitor already exists',
    `A monitor with this URL and request method already exists (${facts.join(', ')}), and the service allows one non-archived monitor per URL and request method. Terraform never adopts an existing monitor silently. If an interrupted apply (a cancelled CI job, a killed runner) created it, run \`${ADOPT_COMMAND}\` in this configuration's directory: it writes imports.tf with an import block for each such monitor, at its resource address (the one Terraform names above, after "with"), then run \`terraform apply\`. Otherwise change url or request_method. A replacement with create_before_destroy cannot keep the same URL and request method: the new monitor would be created while the old one still exists, so remove create_before_destroy from this resource.`,
  );
}

/** A create whose outcome stayed unknown until in_doubt_max_wait: the monitor may exist. */
function createInDoubt(body: CreateFacts, e: ApiError): DiagnosticError {
  const what = `${body.requestMethod ?? 'GET'} ${quotedText(body.url)}${body.name !== undefined ? ` named ${quotedText(body.name)}` : ''}`;
  return new DiagnosticError(
    'Monitor may have been created',
    `The service did not say whether it created the monitor ${what}: ${e.message}. It may exist now without being in Terraform's state. Once the service is reachable, run \`${ADOPT_COMMAND}\` in this configuration's directory: it finds such monitors (same URL and request method), shows their name, id and creation time, and writes imports.tf with an import block for each; then run \`terraform apply\`. If none is found, the create did not happen and the apply creates it.`,
  );
}
