// The two calls a run task makes to HCP Terraform with the run's access token: the plan JSON download and the
// result callback. The token goes to the configured HCP Terraform origin and nowhere else:
// - a plan or callback URL on another origin (scheme, host and port) is refused before anything is sent;
// - the plan endpoint answers 307 to "a temporary authenticated URL" (HCP: archivist.terraform.io). Such a redirect
//   is followed only to an allowed origin, and with the token only when it stays on the HCP origin itself: Go's
//   client (go-tfe, HashiCorp's scaffolding), curl and fetch all drop Authorization on a cross-host redirect, and the
//   temporary URL authenticates itself. Any other redirect is refused; the callback follows no redirect at all;
// - no message of this module holds the token or a redirect's URL (it carries its own credential): origins only.
// Retries, waits and deadlines follow the outbound HTTP policy (src/http/policy.ts, equal-jitter backoff); the result
// callback is a PATCH that sets the whole result, so it may be repeated. A plan that is not ready (204) is asked again
// like a failure. An announced wait longer than `maxWaitMs` is cut to it: the run has nobody else to report to, so
// the callback is tried again rather than given up. One plan download, redirects and body included, has its own
// deadline; the plan's size is bounded.
import { Agent, type Dispatcher } from 'undici';
import { isLoopback } from '../api/index.js';
import {
  attemptSignal,
  BodyTooLargeError,
  mayRepeat,
  nextWait,
  readText,
  retryAfterMs,
  worthRetrying,
  type RetryBudget,
} from '../http/policy.js';

/** RFC 6750's b64token, what a bearer token is (HCP's `<id>.atlasv1.<secret>` is one). Anything else (CR LF, NUL,
 *  non-ASCII) is no token: undici refuses such a header value, and a refused request has been seen to leave a pool
 *  connection stuck, so that every later run waited forever. Checked on the payload and again before sending. */
export const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** HCP Terraform's public origin, the default `--tfe-url`. */
export const HCP_ORIGIN = 'https://app.terraform.io';
/** Where HCP Terraform's plan download redirects (its archivist; `log-read-url` in the plans API). */
export const HCP_ARCHIVIST_ORIGIN = 'https://archivist.terraform.io';
/** Largest plan JSON read (a plan of thousands of resources is a few tens of MiB). */
export const PLAN_BYTES_LIMIT = 256 * 1024 * 1024;
/** Redirect hops followed from the plan endpoint (HCP uses one). */
export const MAX_PLAN_REDIRECTS = 3;
/** The default deadline of one plan download (HcpClientOptions.planDownloadMs). */
export const PLAN_DOWNLOAD_MS = 5 * 60_000;

export interface RetryPolicy {
  /** Attempts in all (default 6). */
  attempts: number;
  /** First backoff (with equal jitter: half of it at least); doubled each time (default 1 s). */
  baseMs: number;
  /** Longest single wait, Retry-After included (default 60 s). */
  maxWaitMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 1000, maxWaitMs: 60_000 };

export interface HcpClientOptions {
  /** `--tfe-url`: the HCP Terraform or Terraform Enterprise origin the token may go to. */
  tfeUrl?: string;
  /** Origins the plan download may redirect to, without the token. Default: HCP's archivist for app.terraform.io,
   *  none for another origin (Terraform Enterprise redirects to itself). */
  redirectOrigins?: readonly string[];
  retry?: Partial<RetryPolicy>;
  /** Deadline for each answer's headers and between its body's chunks, and for a callback in all (default 30 s). */
  timeoutMs?: number;
  /** Deadline of one plan download, redirects and body included (default 5 min, half HCP's 10-minute progress limit):
   *  a server that trickles its answer cannot hold a review, and its place among the 4, for ever. */
  planDownloadMs?: number;
  planBytesLimit?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Progress notes (a retry, a wait); never holds the token. */
  note?: (message: string) => void;
}

export class HcpError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'HcpError';
  }
}

/** The origin of a configured URL (`--tfe-url`, `--plan-redirect-origin`), or an error naming the option. https only,
 *  but for loopback addresses (a stand-in in tests). */
export function configuredOrigin(option: string, value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${option}: "${value}" is not a URL (e.g. https://app.terraform.io)`);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopback(u.hostname)))
    throw new Error(
      `${option}: must be an https URL (http only on a loopback host: localhost, 127.0.0.0/8 or ::1): the run's token is sent there`,
    );
  if (u.username || u.password) throw new Error(`${option}: must not hold a user name or password`);
  return u.origin;
}

/** Redirect targets allowed by default for an origin: HCP's archivist for HCP Terraform, none beyond itself. */
export function defaultRedirectOrigins(origin: string): string[] {
  return origin === HCP_ORIGIN ? [HCP_ARCHIVIST_ORIGIN] : [];
}

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class HcpClient {
  readonly origin: string;
  readonly redirectOrigins: ReadonlySet<string>;
  private readonly budget: RetryBudget;
  private readonly timeoutMs: number;
  private readonly planDownloadMs: number;
  private readonly planBytesLimit: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly note: (message: string) => void;
  private readonly agent: Dispatcher;

  constructor(o: HcpClientOptions = {}) {
    this.origin = configuredOrigin('--tfe-url', o.tfeUrl ?? HCP_ORIGIN);
    this.redirectOrigins = new Set([
      this.origin,
      ...(o.redirectOrigins ?? defaultRedirectOrigins(this.origin)).map((r) =>
        configuredOrigin('--plan-redirect-origin', r),
      ),
    ]);
    const retry = { ...DEFAULT_RETRY, ...o.retry };
    this.budget = {
      attempts: retry.attempts,
      backoff: { baseMs: retry.baseMs, maxMs: retry.maxWaitMs, jitter: 'equal' },
      maxWaitMs: retry.maxWaitMs,
      longerWait: 'cap',
    };
    this.timeoutMs = o.timeoutMs ?? 30_000;
    this.planDownloadMs = o.planDownloadMs ?? PLAN_DOWNLOAD_MS;
    this.planBytesLimit = o.planBytesLimit ?? PLAN_BYTES_LIMIT;
    this.sleep = o.sleep ?? sleepFor;
    this.note = o.note ?? (() => {});
    // Our own pool: no proxy from the environment, no connection shared with other work.
    this.agent = new Agent({ connections: 8, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
  }

  /** Why a URL from the payload may not receive the token (another origin, credentials in it), or null. */
  refusal(field: string, value: string | null | undefined): string | null {
    if (!value) return `${field} is missing`;
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      return `${field} is not a URL`;
    }
    if (u.origin !== this.origin)
      return `${field} is on ${u.origin === 'null' ? u.protocol : u.origin}, not on the HCP Terraform origin ${this.origin} (--tfe-url): the run's token is sent nowhere else`;
    if (u.username || u.password) return `${field} holds a user name or password`;
    return null;
  }

  /** The plan JSON of the run (`plan_json_api_url`), as text. */
  async fetchPlan(planUrl: string, token: string): Promise<string> {
    const refused = this.refusal('plan_json_api_url', planUrl) ?? tokenRefusal(token);
    if (refused) throw new HcpError(refused);
    for (let attempt = 1; ; attempt++) {
      let wait: number | null;
      let why: string;
      try {
        const r = await this.download(planUrl, token);
        if (r.text !== null) return r.text;
        why = r.why;
        wait = r.waitMs;
      } catch (err) {
        if (err instanceof HcpError) throw err;
        why = `the plan download failed (${describeNetworkError(err)})`;
        wait = null;
      }
      const ms = nextWait(attempt, wait, this.budget);
      if (ms === null) throw new HcpError(`${why}; gave up after ${attempt} attempts`);
      this.note(`${why}; trying again in ${ms} ms`);
      await this.sleep(ms);
    }
  }

  /** One pass over the plan endpoint and its redirects: the text, or why to try again (and how long to wait). */
  private async download(
    planUrl: string,
    token: string,
  ): Promise<
    { text: string; why?: never; waitMs?: never } | { text: null; why: string; waitMs: number | null }
  > {
    let url = new URL(planUrl);
    const deadline = AbortSignal.timeout(this.planDownloadMs);
    for (let hop = 0; ; hop++) {
      const withToken = url.origin === this.origin;
      const res = await this.agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        signal: deadline,
        headers: {
          accept: 'application/json',
          'user-agent': 'uptimectl-run-task',
          ...(withToken ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      const where = hop === 0 ? 'the plan endpoint' : `the plan download (${url.origin})`;
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = res.headers.location;
        const loc = Array.isArray(location) ? location[0] : location;
        if (!loc)
          throw new HcpError(`${where} answered ${res.statusCode} without a Location`, res.statusCode);
        let next: URL;
        try {
          next = new URL(loc, url);
        } catch {
          throw new HcpError(`${where} redirected to something that is not a URL`, res.statusCode);
        }
        if (!this.redirectOrigins.has(next.origin))
          throw new HcpError(
            `${where} redirected to ${next.origin === 'null' ? next.protocol : next.origin}, which is not an allowed plan download origin (${[...this.redirectOrigins].join(', ')}; --plan-redirect-origin)`,
            res.statusCode,
          );
        if (next.username || next.password)
          throw new HcpError(`${where} redirected to a URL holding a user name or password`, res.statusCode);
        if (hop + 1 > MAX_PLAN_REDIRECTS)
          throw new HcpError(`the plan download redirected more than ${MAX_PLAN_REDIRECTS} times`);
        url = next;
        continue;
      }
      if (res.statusCode === 200) return { text: await this.readLimited(res.body) };
      await res.body.dump();
      if (res.statusCode === 204)
        return { text: null, why: 'the plan is not finished yet (204)', waitMs: null };
      if (worthRetrying({ status: res.statusCode }, mayRepeat('GET')))
        return {
          text: null,
          why: `${where} answered ${res.statusCode}`,
          waitMs: retryAfterMs(res.headers['retry-after'], Date.now()),
        };
      throw new HcpError(`${where} answered ${res.statusCode}${explain(res.statusCode)}`, res.statusCode);
    }
  }

  private async readLimited(body: Dispatcher.ResponseData['body']): Promise<string> {
    try {
      return await readText(body, this.planBytesLimit);
    } catch (err) {
      if (err instanceof BodyTooLargeError)
        throw new HcpError(`the plan JSON is larger than ${this.planBytesLimit} bytes`);
      throw err;
    }
  }

  /**
   * PATCHes the result to `task_result_callback_url` (JSON:API). Returns the final status: 2xx done; a 4xx other than
   * 429 is final (the caller may send a smaller body after a 422). Throws when every attempt failed.
   */
  async sendResult(callbackUrl: string, token: string, body: unknown): Promise<number> {
    const refused = this.refusal('task_result_callback_url', callbackUrl) ?? tokenRefusal(token);
    if (refused) throw new HcpError(refused);
    const url = new URL(callbackUrl);
    const payload = JSON.stringify(body);
    // The callback sets the whole result: sending it again does no more than sending it once.
    const repeatable = mayRepeat('PATCH', true);
    for (let attempt = 1; ; attempt++) {
      let why: string;
      let wait: number | null = null;
      try {
        const res = await this.agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'PATCH',
          signal: attemptSignal(this.timeoutMs),
          headers: {
            'content-type': 'application/vnd.api+json',
            accept: 'application/vnd.api+json',
            'user-agent': 'uptimectl-run-task',
            authorization: `Bearer ${token}`,
          },
          body: payload,
        });
        await res.body.dump();
        if (res.statusCode < 300 || !worthRetrying({ status: res.statusCode }, repeatable))
          return res.statusCode;
        why = `the callback answered ${res.statusCode}`;
        wait = retryAfterMs(res.headers['retry-after'], Date.now());
      } catch (err) {
        why = `the callback failed (${describeNetworkError(err)})`;
      }
      const ms = nextWait(attempt, wait, this.budget);
      if (ms === null) throw new HcpError(`${why}; gave up after ${attempt} attempts`);
      this.note(`${why}; trying again in ${ms} ms`);
      await this.sleep(ms);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function tokenRefusal(token: string): string | null {
  return BEARER_TOKEN.test(token)
    ? null
    : 'the run’s access_token is not a bearer token (RFC 6750 characters)';
}

function explain(status: number): string {
  if (status === 401 || status === 403) return ' (the run’s token was not accepted: has the run moved on?)';
  if (status === 404) return ' (no such plan, or the token may not read it)';
  if (status === 422) return ' (HCP Terraform has no JSON plan for this run: Terraform older than 0.12?)';
  return '';
}

/** A connection error in words: its code and class, never a URL (a redirect's URL carries a credential). */
function describeNetworkError(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const name = err instanceof Error ? err.name : 'error';
  return typeof code === 'string' ? `${name}, ${code}` : name;
}
