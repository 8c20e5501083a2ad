// The API client as the provider's handlers get it (from the run session, session.ts), and API errors turned into
// diagnostics whose text never holds a secret (the client's messages name status, method, path and the service's
// message only).
import { OutcomeUnknownError, type UptimeClient } from '../client/index.js';
import { IN_DOUBT_ENV } from './in-doubt-settings.js';
import { DiagnosticError } from '../protocol/diagnostics.js';
import { MAX_WAIT_ENV, SHARE_ENV } from './rate-limit-settings.js';

export type Client = UptimeClient;

/** The client, or an error saying why there is none (`pd`: the run session, session.ts). */
export function requireClient(pd: { client: Client | null } | undefined): Client {
  if (!pd?.client)
    throw new DiagnosticError(
      'Provider not configured',
      'The uptime provider configuration was not known when this operation ran (for example base_url or token depend on a value known only after apply). Set them from known values.',
    );
  return pd.client;
}

// ---------------------------------------------------------------------------------------------------------
// Error inspection (duck-typed on the client's ApiError fields: status, code, details, existingMonitorId).

export interface ApiErrorLike {
  status?: number;
  code?: string | null;
  message: string;
  requestId?: string | null;
  details?: { field: string; rule: string; message: string; allowed?: (string | number | boolean)[] }[];
  existingMonitorId?: string | null;
  reason?: string;
}

export function asApiError(e: unknown): ApiErrorLike | null {
  if (e && typeof e === 'object' && typeof (e as { status?: unknown }).status === 'number')
    return e as ApiErrorLike;
  return null;
}
export const statusOf = (e: unknown): number | undefined => asApiError(e)?.status;
export const codeOf = (e: unknown): string | undefined => {
  const a = asApiError(e);
  return a?.code ?? a?.reason;
};

/** A generic diagnostic for an API failure: what we tried, the status, the service's message, the request id. */
export function apiFailure(what: string, e: unknown): DiagnosticError {
  if (e instanceof DiagnosticError) return e;
  const a = asApiError(e);
  if (!a) return new DiagnosticError(what, e instanceof Error ? e.message : String(e));
  const hint =
    a.status === 401
      ? ' Check the token (provider argument `token` or UPTIME_API_TOKEN): the service did not accept it.'
      : a.status === 403
        ? ' The token, plan or account does not allow this call; see the `uptime_capabilities` data source.'
        : a.status === 429
          ? ` Requests answered 429 wait for the token's allowance; this run waited as long as it may in all. What helps: a longer \`rate_limit_max_wait\` (or ${MAX_WAIT_ENV}); a token for each stack or pipeline when several runs share one, or \`rate_limit_share\` (${SHARE_ENV}) per run; a plan with a larger allowance. What was not applied stays in the plan: run apply again.`
          : a instanceof OutcomeUnknownError
            ? ` The service may or may not have made this change: its answer was lost each time it was asked, for as long as \`in_doubt_max_wait\` allows (or ${IN_DOUBT_ENV}). Run \`terraform plan\` once the service is reachable: it reads what the service holds and shows what is still to do.`
            : '';
  const rid = a.requestId && !a.message.includes(a.requestId) ? ` (request id ${a.requestId})` : '';
  return new DiagnosticError(what, `${a.message}${rid}.${hint}`);
}
