// One logical API call: rate limiting, the HTTP exchange, error mapping; retries, deadlines and the answer's size
// follow the outbound HTTP policy (src/http/policy.ts: full-jitter backoff, as many processes may share a token).
// Its own: the Idempotency-Key that lets a write be repeated, the shared rate limiter that turns 429s into waiting,
// and the in-doubt replays of a write whose answer was lost (in-doubt.ts). Knows nothing about individual endpoints.
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { IDEMPOTENCY_KEY_LENGTH, quoteEtag, unquoteEtag, type Endpoint } from '../api/index.js';
import {
  ANSWER_BYTES_LIMIT,
  announcedWait,
  attemptSignal,
  BodyTooLargeError,
  connectionFailure,
  isRetryStatus,
  mayRepeat,
  nextWait,
  readText,
  retryAfterMs,
  worthRetrying,
  type ConnectionFailure,
  type RetryBudget,
} from '../http/policy.js';
import {
  ApiError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnexpectedResponseError,
  errorForStatus,
} from './errors.js';
import { RateLimitWaitError } from './rate-limit-error.js';
import { InDoubt } from './in-doubt.js';
import {
  parseRateLimit,
  realClock,
  WaitBoundExceeded,
  type Clock,
  type RateLimitInfo,
  type RateLimiter,
} from './limiter.js';
import type { SecretSet } from './redact.js';

export interface RetryOptions {
  /**
   * Attempts of a call that fail (connection errors, timeouts, 500/502/503/504), the first included (default 3).
   * 429 answers are not failures: they are waited for (see `maxRateLimitWaitMs`).
   */
  maxAttempts?: number;
  /** Backoff base (default 500 ms): failure n waits a random time in [0, min(maxDelayMs, base·2^(n-1))]. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A single 429 that asks for a longer wait than this is not waited for (default: no limit but the next one). */
  maxRetryAfterMs?: number;
  /**
   * How long the calls sharing the rate limiter (one per process, token and base URL) may wait for the API's
   * allowance in all, 429s included, before a call fails with `RateLimitWaitError` (default 15 minutes).
   */
  maxRateLimitWaitMs?: number;
  /**
   * How long a write whose outcome is unknown (no answer after sending, or a 5xx) is replayed with its own
   * Idempotency-Key once the attempts above are spent, before it fails with `OutcomeUnknownError` (in-doubt.ts;
   * default 10 minutes). 0: not at all.
   */
  inDoubtMaxWaitMs?: number;
}

export interface LogEvent {
  event: 'request' | 'response' | 'retry' | 'throttle';
  method: string;
  path: string;
  attempt: number;
  status?: number;
  delayMs?: number;
  requestId?: string | null;
  reason?: string;
}

export interface TransportOptions {
  baseUrl: string;
  userAgent: string;
  connectTimeoutMs: number;
  readTimeoutMs: number;
  writeTimeoutMs: number;
  retry: Required<RetryOptions>;
  /** The client's keep-alive Agent (made on the first request), or an injected dispatcher (MockAgent in tests). */
  dispatcher: Dispatcher | (() => Promise<Dispatcher>);
  limiter: RateLimiter;
  clock?: Clock;
  random?: () => number;
  logger?: (e: LogEvent) => void;
  secrets: SecretSet;
  authorization: () => string;
  /** The largest answer read (default ANSWER_BYTES_LIMIT, src/http/policy.ts); a larger one fails the call. */
  maxResponseBytes?: number;
}

export interface CallOptions {
  idempotencyKey?: string;
  ifMatch?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface RawResult {
  status: number;
  body: unknown;
  etag: string | null;
  requestId: string | null;
  rateLimit: RateLimitInfo | null;
  replayed: boolean;
  location: string | null;
}

const MAX_KEPT_BODY = 2000;

export function newIdempotencyKey(): string {
  return `tfu-${randomUUID()}`;
}

export class Transport {
  private dispatcher: Dispatcher | (() => Promise<Dispatcher>);
  private readonly clock: Clock;
  private readonly random: () => number;

  constructor(private readonly opts: TransportOptions) {
    this.dispatcher = opts.dispatcher;
    this.clock = opts.clock ?? realClock;
    this.random = opts.random ?? Math.random;
  }

  /** The policy's retry budget: the ordinary attempts with full-jitter backoff; a longer announced wait fails. */
  private get budget(): RetryBudget {
    const r = this.opts.retry;
    return {
      attempts: r.maxAttempts,
      backoff: { baseMs: r.baseDelayMs, maxMs: r.maxDelayMs, jitter: 'full' },
      maxWaitMs: r.maxRetryAfterMs,
      longerWait: 'give-up',
    };
  }

  /**
   * The budget after a failure (a retried status, a lost connection). A 429's wait is bounded by the limiter, which
   * counts the run's waiting in all; a 503's announced wait is not, so it is bounded here by the same run's bound
   * (maxRateLimitWaitMs): a 503 saying "back in a day" fails the call now, not after a day.
   */
  private get failureBudget(): RetryBudget {
    const budget = this.budget;
    return { ...budget, maxWaitMs: Math.min(budget.maxWaitMs, this.opts.retry.maxRateLimitWaitMs) };
  }

  async call(
    ep: Endpoint,
    params: Record<string, string>,
    query: Record<string, unknown> | undefined,
    body: unknown,
    options: CallOptions = {},
  ): Promise<RawResult> {
    const path = ep.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const v = params[name];
      if (v === undefined || v === '' || v === '.' || v === '..')
        throw new TypeError(`${ep.operation}: ${name} is required (a record id)`);
      return encodeURIComponent(v);
    });
    if (ep.ifMatch && !options.ifMatch)
      throw new TypeError(`${ep.operation} needs ifMatch: the version token of the record being changed`);
    let idempotencyKey: string | undefined;
    if (ep.idempotencyKey) {
      idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
      if (
        idempotencyKey.length < IDEMPOTENCY_KEY_LENGTH.min ||
        idempotencyKey.length > IDEMPOTENCY_KEY_LENGTH.max ||
        !/^[\x21-\x7e]+$/.test(idempotencyKey)
      )
        throw new TypeError(
          `idempotencyKey must have ${IDEMPOTENCY_KEY_LENGTH.min} to ${IDEMPOTENCY_KEY_LENGTH.max} visible ASCII characters`,
        );
    }
    // A write is only ever repeated under its Idempotency-Key (every write of v1 has one).
    const repeatable = mayRepeat(ep.method, idempotencyKey !== undefined);
    const url = new URL(this.opts.baseUrl.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.opts.userAgent };
    if (ep.scopes !== 'none') headers.authorization = this.opts.authorization();
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (options.ifMatch) headers['if-match'] = quoteEtag(options.ifMatch);
    let payload: string | undefined;
    if (body !== undefined) {
      this.opts.secrets.addFromBody(body);
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const timeoutMs = options.timeoutMs ?? (ep.write ? this.opts.writeTimeoutMs : this.opts.readTimeoutMs);
    const ctx = { method: ep.method, pathTemplate: ep.path, path, ifMatch: options.ifMatch ?? null };

    let failures = 0;
    const doubt = ep.write ? new InDoubt(this.opts.retry.inDoubtMaxWaitMs, this.random) : null;
    let lastRateLimited: RateLimitedError | null = null;
    for (let attempt = 1; ; attempt++) {
      const waited = await this.acquire(attempt, options.signal, ctx, lastRateLimited);
      if (waited > 0)
        this.log({ event: 'throttle', method: ep.method, path: ep.path, attempt, delayMs: waited });
      this.log({ event: 'request', method: ep.method, path: ep.path, attempt });
      let failure: ApiError;
      let connection: ConnectionFailure | null = null;
      let waitMs: number | null = null;
      try {
        const res = await this.exchange(url, ep.method, headers, payload, timeoutMs, options.signal, ctx);
        const now = this.clock.now();
        const announcedMs = retryAfterMs(res.headers['retry-after'], now);
        const retryAfter = announcedMs === null ? null : Math.ceil(announcedMs / 1000);
        const resumeAt = this.opts.limiter.release(res.rateLimit, res.status, retryAfter);
        this.log({
          event: 'response',
          method: ep.method,
          path: ep.path,
          attempt,
          status: res.status,
          requestId: res.requestId,
        });
        if (res.status >= 200 && res.status < 300) return res;
        if (res.status === 429) {
          // Not a failure: the allowance is used up. The limiter holds every call of this token until the
          // window's reset; this one then goes first. Only the total waiting is bounded (acquire).
          waitMs = Math.max(0, (resumeAt ?? now) - now);
          lastRateLimited = errorForStatus({
            ...ctx,
            status: 429,
            requestId: res.requestId,
            body: res.body,
            retryable: true,
            retryAfterSeconds: retryAfter ?? Math.ceil(waitMs / 1000),
          }) as RateLimitedError;
          if (announcedWait(waitMs, this.budget) === null) throw lastRateLimited;
          this.log({
            event: 'retry',
            method: ep.method,
            path: ep.path,
            attempt,
            status: 429,
            delayMs: waitMs,
            requestId: res.requestId,
            reason: 'rate limited',
          });
          continue;
        }
        if (isRetryStatus(res.status)) waitMs = announcedMs;
        failure = errorForStatus({
          ...ctx,
          status: res.status,
          requestId: res.requestId,
          body: res.body,
          retryable: isRetryStatus(res.status),
          retryAfterSeconds: retryAfter,
        });
      } catch (err) {
        if (err === lastRateLimited) throw err;
        this.opts.limiter.release(null);
        if (options.signal?.aborted || err instanceof UnexpectedResponseError) throw err;
        if (isProgrammingError(err))
          throw new TypeError(
            `${ep.method} ${ep.path}: the request could not be built (${this.opts.secrets.redact(String((err as Error).message))})`,
          );
        connection = connectionFailure(err);
        failure = this.networkError(err, connection, ctx, ep.write);
      }
      failures++;
      const inDoubt = repeatable && doubt !== null && doubt.note(failure);
      if (!worthRetrying(connection ? { connection } : failure, repeatable)) throw failure;
      // The policy's wait, within the attempts and the longest wait. Past them a write that may have happened is not
      // failed but resolved: replayed with its own key until the service says what happened, or the in-doubt
      // deadline passes.
      let delayMs = nextWait(failures, waitMs, this.failureBudget, this.random);
      const resolving = delayMs === null;
      if (delayMs === null) {
        const next = inDoubt ? doubt.next(this.clock.now(), waitMs) : null;
        if (next === null) throw inDoubt ? doubt.failure(failure, this.clock.now()) : failure;
        delayMs = next;
      }
      this.log({
        event: 'retry',
        method: ep.method,
        path: ep.path,
        attempt,
        status: failure.status || undefined,
        delayMs,
        requestId: failure.requestId,
        reason: inDoubt && resolving ? `${failure.name}, outcome unknown` : failure.name,
      });
      await this.clock.sleep(delayMs, options.signal);
    }
  }

  /**
   * Waits for the allowance (a retry after a 429 before calls not sent yet); past the run's bound on waiting, the
   * call fails with a RateLimitWaitError that says how long it waited and what helps.
   */
  private async acquire(
    attempt: number,
    signal: AbortSignal | undefined,
    ctx: { method: string; pathTemplate: string; path: string },
    lastRateLimited: RateLimitedError | null,
  ): Promise<number> {
    try {
      return await this.opts.limiter.acquire({
        signal,
        retry: attempt > 1,
        maxWaitMs: this.opts.retry.maxRateLimitWaitMs,
      });
    } catch (e) {
      if (e instanceof WaitBoundExceeded) throw new RateLimitWaitError(ctx, e, lastRateLimited);
      throw e;
    }
  }

  private async exchange(
    url: URL,
    method: string,
    headers: Record<string, string>,
    payload: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    ctx: { method: string; pathTemplate: string; path: string },
  ) {
    if (typeof this.dispatcher === 'function') this.dispatcher = await this.dispatcher();
    const res = await this.dispatcher.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: method as Dispatcher.HttpMethod,
      headers,
      body: payload,
      signal: attemptSignal(timeoutMs, signal),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const h = res.headers as Record<string, string | string[] | undefined>;
    const first = (name: string) => {
      const v = h[name];
      return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
    };
    const limit = this.opts.maxResponseBytes ?? ANSWER_BYTES_LIMIT;
    let text: string;
    try {
      text = await readText(res.body, limit);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      throw new UnexpectedResponseError({
        ...ctx,
        status: res.statusCode,
        requestId: first('x-request-id'),
        body: null,
        retryable: false,
        message: `${ctx.method} ${ctx.pathTemplate}: the service answered ${res.statusCode} with more than ${limit} bytes, more than any answer of the API; not read`,
      });
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (res.statusCode >= 300) body = this.keepErrorBody(body, text);
    return {
      status: res.statusCode,
      body,
      headers: h,
      etag: unquoteEtag(first('etag')),
      requestId: first('x-request-id'),
      rateLimit: parseRateLimit(h, this.clock.now()),
      replayed: first('idempotent-replayed') === 'true',
      location: first('location'),
    };
  }

  /** What an error keeps of the response body: secrets scrubbed, at most MAX_KEPT_BODY characters. */
  private keepErrorBody(body: unknown, text: string): unknown {
    if (typeof body === 'string') return truncate(this.opts.secrets.redact(body));
    if (text.length > MAX_KEPT_BODY * 4) return truncate(this.opts.secrets.redact(text));
    return this.opts.secrets.redactDeep(body);
  }

  private networkError(
    err: unknown,
    connection: ConnectionFailure,
    ctx: { method: string; pathTemplate: string; path: string },
    write: boolean,
  ): NetworkError {
    const cause = connection.timedOut
      ? 'timed out'
      : `connection error (${this.opts.secrets.redact(String(connection.code ?? (err as Error | null)?.message ?? 'unknown'))})`;
    const init = { ...ctx, retryable: true, cause, outcomeUnknown: write && connection.sent };
    return connection.timedOut ? new TimeoutError(init) : new NetworkError(init);
  }

  private log(e: LogEvent): void {
    try {
      this.opts.logger?.(e);
    } catch {
      // A failing logger must not fail the call.
    }
  }
}

function truncate(text: string): string {
  return text.length > MAX_KEPT_BODY ? `${text.slice(0, MAX_KEPT_BODY)}… (truncated)` : text;
}

/** undici's argument errors (e.g. an invalid header value): a bug in the call, never worth retrying. */
function isProgrammingError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_ARG_TYPE' || code === 'ERR_INVALID_CHAR';
}
