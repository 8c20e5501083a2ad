// Builds the API client from the provider configuration, and turns API errors into diagnostics whose text
// never holds a secret (the client's messages name status, method, path and the service's message only).
import { tmpdir } from 'node:os';
import { OutcomeUnknownError, UptimeClient, type LogEvent } from '../client/index.js';
import { IN_DOUBT_ENV } from './in-doubt-settings.js';
import type { AlertDestination } from '../api/index.js';
import type { KnownCapabilities } from './capabilities.js';
import type { BulkReadState } from './resources/bulk-reader.js';
import type { RunReport } from './rate-limit-warning.js';
import { DiagnosticError } from '../protocol/diagnostics.js';
import { MAX_WAIT_ENV, SHARE_ENV } from './rate-limit-settings.js';

export type Client = UptimeClient;

export interface ClientSettings {
  baseUrl: string;
  token: string;
  requestTimeoutMs: number | null;
  maxRetries: number | null;
  /** rate_limit_max_wait, in milliseconds. */
  maxRateLimitWaitMs: number;
  /** in_doubt_max_wait, in milliseconds. */
  inDoubtMaxWaitMs?: number;
  /** rate_limit_share; null: estimated. */
  rateLimitShare: number | null;
}

export function buildClient(s: ClientSettings, log?: (e: LogEvent) => void): Client {
  return new UptimeClient({
    baseUrl: s.baseUrl,
    token: s.token,
    userAgent: 'terraform-provider-uptime',
    ...(log ? { logger: log } : {}),
    ...(s.requestTimeoutMs !== null ? { readTimeoutMs: s.requestTimeoutMs } : {}),
    retry: {
      ...(s.maxRetries !== null ? { maxAttempts: s.maxRetries + 1 } : {}),
      maxRateLimitWaitMs: s.maxRateLimitWaitMs,
      ...(s.inDoubtMaxWaitMs !== undefined ? { inDoubtMaxWaitMs: s.inDoubtMaxWaitMs } : {}),
    },
    rateLimitShare: s.rateLimitShare,
    // The next Terraform command's provider process (and other stacks' on this machine) starts from what this
    // one learned of the token's window.
    rateLimitMemoryDir: tmpdir(),
  });
}

/** What configure() hands to every handler as ctx.providerData. */
export interface UptimeProviderData {
  /** Null when the provider configuration was not known yet (plan with unknown provider arguments). */
  client: Client | null;
  /** GET /capabilities at configure time, the facts the service reported (capabilities.ts); null when unknown. */
  capabilities: KnownCapabilities | null;
  /** Per-process memo (e.g. alert destinations for plan-time checks). */
  memo: Map<string, Promise<unknown>>;
  /** Bulk reads of monitors and status pages during a refresh (resources/bulk-reader.ts). */
  bulk: BulkReadState;
  /**
   * Per-monitor sub-objects (`alert-settings:<id>`, `status-page:<id>`) that a create took over in this process.
   * A destroy of the same sub-object later in the same apply belongs to the replaced instance of a
   * create_before_destroy replacement: it must not undo what the new instance wrote.
   */
  takenOver: Set<string>;
  /**
   * Monitors whose version a write of this process changed on the side (restoring alert settings with other
   * slow-response settings): the version in their state is stale, so their destroy reads the current one first.
   */
  monitorVersionChanged: Set<string>;
  /**
   * Versions that this process's pause/activate actions moved monitors from and to (`movedVersion`): an update
   * planned from the version before the action is this run's own change, not someone else's, so it continues from
   * the version after it instead of failing with "changed outside Terraform".
   */
  actionVersions: Map<string, string>;
  /** The rate-limit warning's bookkeeping (rate-limit-warning.ts). */
  runReport: RunReport;
}

/** The client, or an error saying why there is none. */
export function requireClient(pd: UptimeProviderData | undefined): Client {
  return configured(pd).client;
}

const hasClient = (pd: UptimeProviderData | undefined): pd is UptimeProviderData & { client: Client } =>
  pd?.client !== null && pd?.client !== undefined;

/** The provider data of a configured provider (with its client), or the error `requireClient` gives. */
export function configured(pd: UptimeProviderData | undefined): UptimeProviderData & { client: Client } {
  if (hasClient(pd)) return pd;
  throw new DiagnosticError(
    'Provider not configured',
    'The uptime provider configuration was not known when this operation ran (for example base_url or token depend on a value known only after apply). Set them from known values.',
  );
}

export function memo<T>(pd: UptimeProviderData, key: string, f: () => Promise<T>): Promise<T> {
  let p = pd.memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = f();
    pd.memo.set(key, p);
    p.catch(() => pd.memo.delete(key));
  }
  return p;
}

/** The account's alert destinations, read once per process. */
export function listDestinations(pd: UptimeProviderData): Promise<AlertDestination[]> {
  const client = requireClient(pd);
  return memo(pd, 'alert-destinations', async () => (await client.listAlertDestinations()).data);
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

/** The version a monitor has now if this process's actions moved it on from `version` (else `version` itself). */
export function movedVersion(pd: UptimeProviderData | undefined, id: string, version: string): string {
  let v = version;
  for (let n = 0; n < 16 && pd?.actionVersions.has(`${id} ${v}`); n++)
    v = pd.actionVersions.get(`${id} ${v}`)!;
  return v;
}
