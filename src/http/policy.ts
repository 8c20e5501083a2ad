// The one outbound HTTP policy: when a request is sent again, how long to wait first, how long an attempt may take
// and how much of an answer is read. The API client (src/client/transport.ts), the posting layer (src/post/http.ts)
// and the run task's HCP client (src/run-task/hcp-client.ts) follow it; each keeps only what is its own: the API
// client's Idempotency-Key, in-doubt replays and shared rate limiter; the code hosts' rate-limit headers; HCP's
// origin and redirect rules. This module imports nothing (the API client loads undici on its first request).
// - Waiting is not failing: 429 says "not now". The request did nothing, so it is sent again whatever its method,
//   after the wait the server announced.
// - Retried statuses: 500, 502, 503 and 504 (the server, or a proxy in front of it, failing for now). Every other
//   status is the answer; 501 and 505 say the server never will.
// - Lost connections: a request that never left (connection refused, name not resolved, connect timeout) did
//   nothing and is sent again whatever its method. One that was sent and lost its answer (reset, timeout) may have
//   happened, like one answered with a retried status: it is sent again only when repeating it does no more than
//   the first did; otherwise its outcome is unknown and the caller decides.
// - Repeating does no more than the first (RFC 9110 §9.2.2) for GET, HEAD, OPTIONS, PUT and DELETE; for POST and
//   PATCH only when the caller says so: an Idempotency-Key, or a PATCH that sets a whole value (a comment's body, a
//   task result).
// - Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3: any of the three date formats, each in UTC);
//   anything else announces nothing. It is honoured on 429 and on the retried statuses (a 503 saying how long it
//   will be down), instead of the backoff.
// - Backoff: from a base, doubled per failure, up to a cap, with jitter: full, anywhere in [0, cap) (many processes
//   sharing one token spread out), or equal, in [cap/2, cap) (every wait makes progress: polls, in-doubt replays).
// - A wait announced beyond the caller's longest single wait: the caller gives up at once (the API client, the
//   posting layer: the user learns now, not after waiting for nothing), or waits its longest and asks again (the run
//   task's callback, whose run has nobody else to report to).
// - Deadlines: every attempt has its own; the caller's abort ends the whole call and is never retried.
// - Body limits: an answer is read up to the caller's limit (counted after fetch's decompression), then refused and
//   not read further.

/** 429: the allowance is used up; the request was not processed. */
export const RATE_LIMITED = 429;

const RETRY_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** A status that is a failure for now: worth another attempt when the request may be repeated. */
export const isRetryStatus = (status: number): boolean => RETRY_STATUSES.has(status);

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether sending `method` again does no more than sending it once. `idempotent`: the caller knows a repetition of
 * this request is harmless although its method does not say so (an Idempotency-Key; a PATCH setting a whole value).
 */
export function mayRepeat(method: string, idempotent = false): boolean {
  return idempotent || IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** What a request that got no answer tells about itself. */
export interface ConnectionFailure {
  /** The attempt's deadline passed (connect, headers or body). */
  timedOut: boolean;
  /** The request may have reached the server: false only when no connection was made. */
  sent: boolean;
  /** The error's code (ECONNRESET, UND_ERR_HEADERS_TIMEOUT), or null. */
  code: string | null;
}

const NOT_SENT: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMED_OUT: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Reads a connection error of undici's request or fetch (which wraps it: `TypeError('fetch failed', { cause })`). */
export function connectionFailure(err: unknown): ConnectionFailure {
  const outer = (err ?? {}) as { name?: unknown; code?: unknown; cause?: unknown };
  const inner = typeof outer.code !== 'string' && outer.cause ? (outer.cause as typeof outer) : outer;
  const code = typeof inner.code === 'string' ? inner.code : null;
  const timedOut =
    outer.name === 'TimeoutError' || inner.name === 'TimeoutError' || TIMED_OUT.has(code ?? '');
  return { timedOut, sent: !NOT_SENT.has(code ?? ''), code };
}

/**
 * Whether an attempt that failed is worth another: a 429 always; a retried status or a connection lost after sending
 * when the request may be repeated (`mayRepeat`); a request that never left always.
 */
export function worthRetrying(
  failure: { status: number } | { connection: ConnectionFailure },
  repeatable: boolean,
): boolean {
  if ('connection' in failure) return repeatable || !failure.connection.sent;
  return failure.status === RATE_LIMITED || (repeatable && isRetryStatus(failure.status));
}

/**
 * Whether a failed request may still have done its work: it was sent and lost its answer, or a retried status
 * answered it (a proxy in front of the server may answer so after the server did the work).
 */
export function mayHaveHappened(failure: { status: number } | { connection: ConnectionFailure }): boolean {
  return 'connection' in failure ? failure.connection.sent : isRetryStatus(failure.status);
}

/** Retry-After in milliseconds from `now`; null when it announces nothing (absent, or neither form). */
export function retryAfterMs(
  value: string | readonly string[] | null | undefined,
  now: number,
): number | null {
  const s = (typeof value === 'string' ? value : value?.[0])?.trim();
  if (!s) return null;
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const at = httpDate(s, now);
  return at === null ? null : Math.max(0, at - now);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = String.raw`(?<h>\d\d):(?<min>\d\d):(?<s>\d\d)`;
const HTTP_DATES = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  String.raw`[a-z]{3}, (?<d>\d\d) (?<mon>[a-z]{3}) (?<y>\d{4}) ${TIME} GMT`,
  // RFC 850 (obsolete): Sunday, 06-Nov-94 08:49:37 GMT
  String.raw`[a-z]{6,9}, (?<d>\d\d)-(?<mon>[a-z]{3})-(?<yy>\d\d) ${TIME} GMT`,
  // asctime (obsolete): Sun Nov  6 08:49:37 1994
  String.raw`[a-z]{3} (?<mon>[a-z]{3}) (?<d> \d|\d\d) ${TIME} (?<y>\d{4})`,
].map((form) => new RegExp(`^${form}$`, 'i'));

/**
 * An HTTP-date (RFC 9110 §5.6.7) in milliseconds since the epoch, or null. All three formats are read, as a recipient
 * must: IMF-fixdate, and the obsolete RFC 850 (a two-digit year more than 50 years ahead of `now` is the century
 * before) and asctime forms; each is UTC, whatever this machine's time zone. Nothing else is a date.
 */
export function httpDate(s: string, now: number): number | null {
  const g = HTTP_DATES.map((re) => re.exec(s)?.groups).find(Boolean);
  if (!g) return null;
  let year = Number(g.y);
  if (g.yy !== undefined) {
    const thisYear = new Date(now).getUTCFullYear();
    year = thisYear - (thisYear % 100) + Number(g.yy);
    if (year > thisYear + 50) year -= 100;
  }
  const month = MONTHS.indexOf(g.mon!.toLowerCase());
  const [day, h, min, sec] = [g.d, g.h, g.min, g.s].map(Number) as [number, number, number, number];
  if (month < 0 || h > 23 || min > 59 || sec > 60) return null;
  const at = new Date(Date.UTC(year, month, day, h, min, sec));
  // Date.UTC rolls 31 Feb over into March: such a day is no date.
  return at.getUTCMonth() === month && at.getUTCDate() === day ? at.getTime() : null;
}

/** Exponential backoff: `baseMs` doubled per failure up to `maxMs`, with full or equal jitter. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  jitter: 'full' | 'equal';
}

/** The wait after the `failures`-th failure (1-based). */
export function backoffMs(failures: number, b: Backoff, random: () => number = Math.random): number {
  const cap = Math.min(b.maxMs, b.baseMs * 2 ** (failures - 1));
  return b.jitter === 'full' ? Math.floor(random() * cap) : Math.floor(cap / 2 + (random() * cap) / 2);
}

/** How many attempts a request gets and how long it waits between them. */
export interface RetryBudget {
  /** Attempts of one request in all, the first included. */
  attempts: number;
  backoff: Backoff;
  /** The longest single wait a server may announce; a longer one is handled by `longerWait`. */
  maxWaitMs: number;
  longerWait: 'give-up' | 'cap';
}

/** The wait to take for an announced one: itself, the longest allowed (`cap`), or null (give up). */
export function announcedWait(
  ms: number,
  budget: Pick<RetryBudget, 'maxWaitMs' | 'longerWait'>,
): number | null {
  if (ms <= budget.maxWaitMs) return ms;
  return budget.longerWait === 'cap' ? budget.maxWaitMs : null;
}

/**
 * The wait before the next attempt after the `failures`-th failure worth retrying, or null: give up (the attempts
 * are spent, or the server announced a wait longer than allowed). `announcedMs`: its Retry-After, else null.
 */
export function nextWait(
  failures: number,
  announcedMs: number | null,
  budget: RetryBudget,
  random: () => number = Math.random,
): number | null {
  if (failures >= budget.attempts) return null;
  return announcedMs === null
    ? backoffMs(failures, budget.backoff, random)
    : announcedWait(announcedMs, budget);
}

/** The signal of one attempt: its own deadline, and the caller's abort. */
export function attemptSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** The largest answer of a JSON API read by default (a page of the longest list is a small part of it). */
export const ANSWER_BYTES_LIMIT = 64 * 1024 * 1024;

/** An answer larger than its reader's limit; reading stopped there. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * A body as text (UTF-8), read chunk by chunk and refused past `limit` bytes: the stream is then cancelled and
 * nothing more is read. Takes undici's body and fetch's (null: an answer without one).
 */
export async function readText(body: AsyncIterable<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
