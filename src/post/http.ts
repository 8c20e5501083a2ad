// JSON over HTTP for the code hosts' REST APIs (GitHub, GitLab): one call with its retries, and pagination.
// Retries, waits, deadlines and the answer's size follow the outbound HTTP policy (src/http/policy.ts, equal-jitter
// backoff from 1 s); what is the hosts' own is here:
// - The token rides in one header, set here from a closure; it is never in a URL, and every error message is scrubbed
//   of it (and of whatever the host echoes back) before it leaves this module.
// - Rate limits: GitHub's 403 for a rate limit is a 429: its primary limit (x-ratelimit-remaining 0) or a secondary
//   one (a retry-after, or a message saying "secondary rate limit"); any other 403 is a permission. With no
//   Retry-After, the wait is until the reset of an exhausted window (GitHub's x-ratelimit-reset, GitLab's
//   ratelimit-reset), else GitHub's advice of a minute. A wait longer than `maxWaitMs` is not taken: the call fails
//   at once.
// - The hosts' PATCH calls set whole values (a comment's body, an issue's state) and may be repeated like PUT; a POST
//   that was sent and lost its answer is not: the caller gets a `PostError` with `outcomeUnknown` and decides (the
//   posting layer looks for what it was creating before creating it again).
// - Proxies: HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured (undici's EnvHttpProxyAgent), as runners need.
import { EnvHttpProxyAgent, fetch, type Dispatcher } from 'undici';
import { SECRET_MARKERS } from '../api/secrets.js';
import {
  ANSWER_BYTES_LIMIT,
  attemptSignal,
  BodyTooLargeError,
  connectionFailure,
  mayHaveHappened,
  mayRepeat,
  nextWait,
  RATE_LIMITED,
  readText,
  retryAfterMs,
  worthRetrying,
  type RetryBudget,
} from '../http/policy.js';

export interface HttpOptions {
  /** API root, e.g. https://api.github.com or https://gitlab.example.com/api/v4 (no trailing slash needed). */
  baseUrl: string;
  /** Name of the host for messages: "GitHub", "GitLab". */
  hostName: string;
  /** The auth header, e.g. ['authorization', 'Bearer …'] or ['private-token', '…']. */
  auth: [string, string] | null;
  /** Headers every request carries (Accept, API version). */
  headers?: Record<string, string>;
  /** Longest single wait for a rate limit (default 5 minutes). */
  maxWaitMs?: number;
  /** Per-request deadline (default 30 s). */
  timeoutMs?: number;
  /** Attempts for a retryable failure (default 4). */
  attempts?: number;
  /** The largest answer read (default ANSWER_BYTES_LIMIT, src/http/policy.ts). */
  maxAnswerBytes?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Progress notes (a wait, a retry): stderr in the CLI. */
  note?: (message: string) => void;
}

export class PostError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** A write that may have happened (timeout, connection lost, a 5xx after the request was sent). */
    readonly outcomeUnknown: boolean,
  ) {
    super(message);
    this.name = 'PostError';
  }
}

export interface Response<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** GitHub's advice for a rate limit that announces no wait: "wait for at least one minute". */
const UNANNOUNCED_RATE_LIMIT_WAIT_MS = 60_000;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Milliseconds to wait for a rate limit, from what the host announced; null when it announced nothing. */
export function announcedWaitMs(headers: Headers, now = Date.now()): number | null {
  const retryAfter = retryAfterMs(headers.get('retry-after'), now);
  if (retryAfter !== null) return retryAfter;
  // GitHub: x-ratelimit-reset (epoch seconds); GitLab: ratelimit-reset (epoch seconds). The reset of a window that
  // has allowance left says nothing of this limit (GitHub sends its primary window's on every answer).
  const remaining = headers.get('x-ratelimit-remaining') ?? headers.get('ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset');
  if (reset && /^\d+$/.test(reset) && (remaining === null || remaining.trim() === '0'))
    return Math.max(0, Number(reset) * 1000 - now);
  return null;
}

/**
 * Whether an answer is a rate limit: a 429, or GitHub's 403 for one: its primary limit (no allowance left) or a
 * secondary limit (a retry-after, or the message saying so). Any other 403 is a permission.
 */
export function rateLimited(status: number, headers: Headers, text: string): boolean {
  if (status === RATE_LIMITED) return true;
  return (
    status === 403 &&
    (headers.get('x-ratelimit-remaining') === '0' ||
      headers.has('retry-after') ||
      /secondary rate limit/i.test(text))
  );
}

export class HttpJson {
  private readonly auth: [string, string] | null;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly o: HttpOptions) {
    this.auth = o.auth;
    this.dispatcher = new EnvHttpProxyAgent();
  }

  /** `{ baseUrl, hostName }`: the token is never serialized. */
  toJSON(): Record<string, string> {
    return { baseUrl: this.o.baseUrl, hostName: this.o.hostName };
  }

  /** The message with the token (and its URL-encoded form) replaced. */
  scrub(text: string): string {
    const token = this.auth?.[1];
    if (!token) return text;
    let out = text;
    for (const form of new Set([token, encodeURIComponent(token), token.replace(/^Bearer /, '')]))
      if (form.length >= 4) out = out.split(form).join(SECRET_MARKERS.log);
    return out;
  }

  url(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.o.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<Response<T>> {
    const url = this.url(path);
    const shown = `${method} ${new URL(url).pathname}`;
    const sleep = this.o.sleep ?? defaultSleep;
    const budget: RetryBudget = {
      attempts: this.o.attempts ?? 4,
      backoff: { baseMs: 1000, maxMs: 30_000, jitter: 'equal' },
      maxWaitMs: this.o.maxWaitMs ?? 300_000,
      longerWait: 'give-up',
    };
    // The hosts' PATCH calls set whole values: repeating one does no more than the first.
    const repeatable = mayRepeat(method, method === 'PATCH');
    for (let attempt = 1; ; attempt++) {
      let res: Awaited<ReturnType<typeof fetch>>;
      let text: string;
      try {
        ({ res, text } = await this.exchange(url, method, shown, body));
      } catch (err) {
        if (err instanceof PostError) throw err;
        const why = this.scrub(
          err instanceof Error ? (err.cause as Error | undefined)?.message || err.message : String(err),
        );
        const connection = connectionFailure(err);
        const wait = worthRetrying({ connection }, repeatable) ? this.nextWait(attempt, null, budget) : null;
        if (wait === null)
          throw new PostError(
            `${this.o.hostName}: ${shown} failed: ${why}`,
            null,
            !repeatable && mayHaveHappened({ connection }),
          );
        this.o.note?.(`${this.o.hostName}: ${shown} failed (${why}); trying again`);
        await sleep(wait);
        continue;
      }
      const limited = rateLimited(res.status, res.headers, text);
      if (limited || worthRetrying(res, repeatable)) {
        const wait = this.nextWait(
          attempt,
          limited
            ? (announcedWaitMs(res.headers) ?? UNANNOUNCED_RATE_LIMIT_WAIT_MS)
            : retryAfterMs(res.headers.get('retry-after'), Date.now()),
          budget,
        );
        if (wait !== null) {
          this.o.note?.(
            limited
              ? `${this.o.hostName}: rate limited on ${shown}; waiting ${Math.ceil(wait / 1000)} s as announced`
              : `${this.o.hostName}: ${shown} answered ${res.status}; trying again`,
          );
          await sleep(wait);
          continue;
        }
      }
      if (res.status >= 400) {
        let message = text.slice(0, 500);
        try {
          const j = JSON.parse(text) as { message?: unknown; error?: unknown; error_description?: unknown };
          const m = j.message ?? j.error_description ?? j.error;
          if (m !== undefined) message = typeof m === 'string' ? m : JSON.stringify(m);
        } catch {
          // not JSON: the start of the text
        }
        throw new PostError(
          this.scrub(`${this.o.hostName}: ${shown} failed: ${res.status} ${message}`.trim()),
          res.status,
          !repeatable && mayHaveHappened(res),
        );
      }
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new PostError(
            `${this.o.hostName}: ${shown} answered ${res.status} with a body that is not JSON`,
            res.status,
            false,
          );
        }
      }
      return { status: res.status, body: parsed as T, headers: res.headers };
    }
  }

  private nextWait(attempt: number, announcedMs: number | null, budget: RetryBudget): number | null {
    return nextWait(attempt, announcedMs, budget, this.o.random);
  }

  /** One attempt: the answer and its text, read within the deadline and the size limit. */
  private async exchange(url: string, method: string, shown: string, body: unknown) {
    const res = await fetch(url, {
      method,
      dispatcher: this.dispatcher,
      // An API does not redirect; following one could carry the token to another origin.
      redirect: 'error',
      signal: attemptSignal(this.o.timeoutMs ?? 30_000),
      headers: {
        accept: 'application/json',
        'user-agent': 'uptimectl',
        ...this.o.headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.auth ? { [this.auth[0]]: this.auth[1] } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const limit = this.o.maxAnswerBytes ?? ANSWER_BYTES_LIMIT;
    try {
      return { res, text: await readText(res.body, limit) };
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      throw new PostError(
        `${this.o.hostName}: ${shown} answered ${res.status} with more than ${limit} bytes`,
        res.status,
        false,
      );
    }
  }

  /** Every item of a paginated list, page by page (a consumer that stops early reads no more pages): follows
   *  `Link: <…>; rel="next"` (GitHub, GitLab), else GitLab's `x-next-page`; never to another origin. */
  async *pages<T>(path: string): AsyncGenerator<T> {
    const origin = new URL(this.url(path)).origin;
    let next: string | null = path;
    for (let page = 0; next && page < 1000; page++) {
      const r: Response<T[]> = await this.request<T[]>('GET', next);
      if (!Array.isArray(r.body))
        throw new PostError(`${this.o.hostName}: GET ${path} did not answer a list`, r.status, false);
      yield* r.body;
      next = nextPage(r.headers, this.url(next));
      if (next && new URL(next).origin !== origin)
        throw new PostError(
          `${this.o.hostName}: the next page of ${path} is on another origin`,
          r.status,
          false,
        );
    }
  }
}

/** The next page's URL, or null on the last page. */
export function nextPage(headers: Headers, current: string): string | null {
  const link = headers.get('link');
  if (link)
    for (const part of link.split(',')) {
      const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
      if (m) return m[1]!;
    }
  const page = headers.get('x-next-page');
  if (page && /^\d+$/.test(page)) {
    const u = new URL(current);
    u.searchParams.set('page', page);
    return u.toString();
  }
  return null;
}
