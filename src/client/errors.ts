import { ErrorBody, type ErrorDetail } from '../api/index.js';

export type ConflictReason =
  | 'duplicate_monitor'
  | 'plan_capacity'
  | 'idempotency_conflict'
  | 'export_not_ready'
  | 'dashboard_setup_required'
  | 'invalid_state'
  | 'unknown';

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
    const parsed = ErrorBody.safeParse(init.body);
    const code = parsed.success ? parsed.data.error.code : null;
    const serverMessage = parsed.success ? parsed.data.error.message : null;
    const details = parsed.success ? (parsed.data.error.details ?? []) : [];
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
    const head = `${init.method} ${init.pathTemplate} failed: ${init.status}`;
    const what =
      serverMessage ?? (typeof init.body === 'string' && init.body.trim() ? init.body.trim() : null);
    const detail = details.length ? ` (${details.map((d) => d.message).join('; ')})` : '';
    // The service's own words when it gave some; otherwise what the status means for the caller.
    const advice = what ? '' : (STATUS_ADVICE[init.status] ?? (init.status >= 500 ? STATUS_ADVICE[500] : ''));
    const rid = init.requestId ? ` [request id ${init.requestId}]` : '';
    return `${head}${what ? ` ${what}` : ''}${detail}${advice ? ` — ${advice}` : ''}${rid}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      status: this.status,
      requestId: this.requestId,
      code: this.code,
      details: this.details,
      retryable: this.retryable,
    };
  }
}

const STATUS_ADVICE: Record<number, string> = {
  400: 'correct the request',
  401: 'the API token is missing, invalid or expired; check the token',
  403: 'the token lacks a scope, the plan does not include this, or the monitor is outside the token’s selection',
  404: 'the record does not exist or this token cannot see it; check the id',
  409: 'inspect the conflict',
  410: 'the export artifact expired; create a new export',
  412: 'the record changed since that version was read; fetch it again before deciding to retry',
  422: 'correct the request',
  428: 'this operation needs If-Match with the current version',
  429: 'rate limited; wait for the allowance to reset',
  500: 'the service had a transient failure; retry later',
};

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
    const parsed = ErrorBody.safeParse(init.body);
    const known: ConflictReason[] = [
      'duplicate_monitor',
      'plan_capacity',
      'idempotency_conflict',
      'export_not_ready',
      'dashboard_setup_required',
      'invalid_state',
    ];
    this.reason = known.includes(this.code as ConflictReason) ? (this.code as ConflictReason) : 'unknown';
    let existing = parsed.success ? (parsed.data.error.existingMonitorId ?? null) : null;
    if (!existing && this.reason === 'duplicate_monitor') {
      existing =
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(this.message)?.[0] ?? null;
    }
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
        init.outcomeUnknown ? ' — the write may have happened; retry with the same Idempotency-Key' : ''
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
