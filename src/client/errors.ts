// The client's typed errors: one class per kind of failure, with a message built from the status's meaning and
// advice in src/api's error table when the service gave no words of its own.
import {
  CONFLICT_CODES,
  describeStatus,
  ErrorBody,
  ErrorDetail,
  findMonitorId,
  unquoteEtag,
  type ConflictCode,
} from '../api/index.js';

/** A 409's code (`CONFLICT_CODES`, src/api/errors.ts), or `unknown` for one another implementation made up. */
export type ConflictReason = ConflictCode | 'unknown';

export interface ApiErrorInit {
  method: string;
  /** Path template, e.g. /monitors/{monitorId}. */
  pathTemplate: string;
  /** Concrete path without query string. */
  path: string;
  status: number;
  requestId: string | null;
  /** Parsed error body, or the (redacted, truncated) raw text when it was not our JSON shape. */
  body: unknown;
  retryable: boolean;
  /** The version token sent in If-Match, if any (not a secret; named in 412 messages). */
  ifMatch?: string | null;
  message?: string;
}

/** Base class of every failure the client reports. Holds no token and no secret value. */
export class ApiError extends Error {
  readonly method: string;
  readonly pathTemplate: string;
  readonly path: string;
  readonly status: number;
  readonly requestId: string | null;
  readonly body: unknown;
  readonly retryable: boolean;
  readonly code: string | null;
  readonly details: ErrorDetail[];

  constructor(init: ApiErrorInit) {
    const { code, message: serverMessage, details } = readErrorBody(init.body);
    super(init.message ?? ApiError.describe(init, serverMessage, details));
    this.name = new.target.name;
    this.method = init.method;
    this.pathTemplate = init.pathTemplate;
    this.path = init.path;
    this.status = init.status;
    this.requestId = init.requestId;
    this.body = init.body;
    this.retryable = init.retryable;
    this.code = code;
    this.details = details;
  }

  private static describe(init: ApiErrorInit, serverMessage: string | null, details: ErrorDetail[]): string {
    const { meaning: phrase, advice: statusAdvice } = describeStatus(init.status);
    const head = `${init.method} ${init.pathTemplate} failed: ${init.status}${phrase ? ` ${phrase}` : ''}`;
    const text = typeof init.body === 'string' ? init.body.trim() : '';
    // A raw body is only worth quoting when it is short plain text (not an HTML error page).
    const said = serverMessage ?? (text && text.length <= 300 && !text.startsWith('<') ? text : null);
    const what = said === null ? null : oneLine(said);
    const named = details.map((d) =>
      oneLine(d.message.startsWith(d.field) ? d.message : `${d.field}: ${d.message}`),
    );
    const detail = named.length && named.join('; ') !== what ? ` (${named.join('; ')})` : '';
    const version = unquoteEtag(init.ifMatch);
    // The service's own words when it gave some; otherwise what the status means for the caller.
    let advice = what ? '' : (statusAdvice ?? (init.status >= 500 ? describeStatus(500).advice! : ''));
    let note = '';
    if (init.status === 412 && version) {
      if (what) note = ` (If-Match named version ${version})`;
      else
        advice = `the record changed since version ${version} was read; fetch it again before deciding to retry`;
    }
    const rid = init.requestId ? ` [request id ${init.requestId}]` : '';
    return `${head}${what ? ` — ${what}` : ''}${detail}${note}${advice ? ` — ${advice}` : ''}${rid}`;
  }

  /** Everything but the stack; the body is already redacted and truncated. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) out[k] = v;
    return out;
  }
}

/**
 * What an error body says. Our shape (`src/api/errors.ts`) first; else the common shapes of other services (the
 * spec shows none, docs/api-decisions.md, "Errors"): `{error: {code, message}}`, `{code, message}`, `{message}`,
 * `{error: "text"}`, RFC 9457 problem details (`application/problem+json`: `detail`, else `title`; field problems
 * from `invalid-params` or `errors`), and `{errors: [{detail|message|title, source: {pointer}}]}`. Plain text is read
 * by `ApiError`. The status is the contract: a code or message is a bonus, never required.
 */
export function readErrorBody(body: unknown): {
  code: string | null;
  message: string | null;
  details: ErrorDetail[];
  existingMonitorId: string | null;
} {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success)
    return {
      code: parsed.data.error.code,
      message: parsed.data.error.message,
      details: parsed.data.error.details ?? [],
      existingMonitorId: parsed.data.error.existingMonitorId ?? null,
    };
  const outer = asObject(body);
  const inner = asObject(outer.error);
  const details = ErrorDetail.array().safeParse(inner.details ?? outer.details);
  return {
    code: str(inner.code) ?? str(outer.code),
    message:
      str(inner.message) ??
      str(inner.detail) ??
      str(outer.detail) ??
      str(outer.message) ??
      str(outer.error) ??
      str(outer.title) ??
      listedMessages(outer.errors),
    details: details.success
      ? details.data
      : [...fieldProblems(outer['invalid-params']), ...fieldProblems(outer.errors)],
    existingMonitorId: str(inner.existingMonitorId) ?? str(outer.existingMonitorId),
  };
}

/** The service's words on one line, without control characters (a message must not drive the reader's terminal). */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** `errors: ["text", {detail|message|title}, …]` → one line. */
function listedMessages(v: unknown): string | null {
  if (!Array.isArray(v)) return null;
  const texts = v
    .map((e) => str(e) ?? str(asObject(e).detail) ?? str(asObject(e).message) ?? str(asObject(e).title))
    .filter((t): t is string => t !== null);
  return texts.length ? texts.join('; ') : null;
}

/** Field problems of another shape (`[{name, reason}]`, `[{field|source.pointer, detail|message}]`) as details; the
 *  rule is empty when the service names none. */
function fieldProblems(v: unknown): ErrorDetail[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((e) => {
    const o = asObject(e);
    const pointer = str(asObject(o.source).pointer) ?? str(o.pointer);
    const field =
      str(o.field) ??
      str(o.name) ??
      str(o.path) ??
      (pointer
        ? pointer
            .replace(/^\/(data\/attributes\/)?/, '')
            .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
            .replace(/\//g, '.')
        : null);
    const message = str(o.reason) ?? str(o.detail) ?? str(o.message) ?? str(o.title);
    if (!field || !message) return [];
    return [{ field, rule: str(o.rule) ?? str(o.code) ?? '', message }];
  });
}

export class ValidationError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class GoneError extends ApiError {}
export class PreconditionFailedError extends ApiError {}
export class PreconditionRequiredError extends ApiError {}
export class ServerError extends ApiError {}

export class ConflictError extends ApiError {
  readonly reason: ConflictReason;
  /** For duplicate_monitor: the id of the monitor that already has this URL and method. */
  readonly existingMonitorId: string | null;

  constructor(init: ApiErrorInit) {
    super(init);
    this.reason = CONFLICT_CODES.includes(this.code as ConflictCode)
      ? (this.code as ConflictCode)
      : 'unknown';
    let existing = readErrorBody(init.body).existingMonitorId;
    if (!existing && this.reason === 'duplicate_monitor') existing = findMonitorId(this.message);
    this.existingMonitorId = existing;
  }
}

export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number | null;
  constructor(init: ApiErrorInit & { retryAfterSeconds: number | null }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** No HTTP answer: connection refused/reset, DNS, TLS, or a timeout. */
export class NetworkError extends ApiError {
  /** True for a write whose request may have reached the service: its outcome is unknown. */
  readonly outcomeUnknown: boolean;
  constructor(
    init: Omit<ApiErrorInit, 'status' | 'body' | 'requestId'> & { cause: string; outcomeUnknown: boolean },
  ) {
    super({
      ...init,
      status: 0,
      body: null,
      requestId: null,
      message: `${init.method} ${init.pathTemplate} failed: ${init.cause}${
        init.outcomeUnknown ? ' — the write may have happened' : ''
      }`,
    });
    this.outcomeUnknown = init.outcomeUnknown;
  }
}
export class TimeoutError extends NetworkError {}

/** The service answered 2xx with a body that does not match the v1 model. */
export class UnexpectedResponseError extends ApiError {}

export function errorForStatus(init: ApiErrorInit & { retryAfterSeconds: number | null }): ApiError {
  switch (init.status) {
    case 400:
    case 422:
      return new ValidationError(init);
    case 401:
      return new UnauthorizedError(init);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 410:
      return new GoneError(init);
    case 412:
      return new PreconditionFailedError(init);
    case 428:
      return new PreconditionRequiredError(init);
    case 429:
      return new RateLimitedError(init);
    default:
      return init.status >= 500 ? new ServerError(init) : new ApiError(init);
  }
}

/**
 * Gives classes their source names for good: a minified bundle (the provider's) renames them, and `name`, which
 * ApiError copies from the class, would read `Fu` in messages and retry logs. (esbuild's keepNames would keep
 * every function's name instead, at 2–5% of the provider's start-up: bench/README.md.)
 */
export function keepClassNames(classes: Record<string, abstract new (...args: never[]) => unknown>): void {
  for (const [name, cls] of Object.entries(classes)) Object.defineProperty(cls, 'name', { value: name });
}

keepClassNames({
  ApiError,
  ValidationError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  GoneError,
  PreconditionFailedError,
  PreconditionRequiredError,
  ServerError,
  ConflictError,
  RateLimitedError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
});
