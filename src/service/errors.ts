// The local service's errors: ApiError (a code from src/api's error table, its status, details) and its JSON body.
import type { ErrorCode, ErrorDetail } from '../api/index.js';
import { statusOfCode } from '../api/index.js';

/** A failure answered with the documented error body. Never put secret values in a message or detail. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      status?: number;
      details?: ErrorDetail[];
      existingMonitorId?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = extra.status ?? statusOfCode(code);
  }
}

export function errorBody(err: ApiError, requestId: string): string {
  const e: Record<string, unknown> = { code: err.code, message: err.message, requestId };
  if (err.extra.details) e.details = err.extra.details;
  if (err.extra.existingMonitorId) e.existingMonitorId = err.extra.existingMonitorId;
  return JSON.stringify({ error: e });
}

export const notFound = (what = 'record'): ApiError =>
  new ApiError('not_found', `${what} not found or not accessible to this token`);

export function validation(details: ErrorDetail[], message?: string): ApiError {
  return new ApiError('validation_failed', message ?? details.map((d) => d.message).join('; '), { details });
}

export function forbidden(rule: 'scope' | 'plan' | 'selection' | 'account_state', message: string): ApiError {
  return new ApiError('forbidden', message, { details: [{ field: 'token', rule, message }] });
}

/** Maps fastify's own errors (malformed JSON, bad content type, body too large) to our error body. */
export function fromFrameworkError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const rule =
      e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'content_type'
        : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'max_size'
          : 'json';
    const message =
      rule === 'content_type'
        ? 'request bodies must be application/json'
        : rule === 'max_size'
          ? 'request body is too large'
          : 'request body is not valid JSON';
    return new ApiError('validation_failed', message, {
      status: rule === 'max_size' ? 413 : 400,
      details: [{ field: 'body', rule, message }],
    });
  }
  return new ApiError('internal', 'internal error');
}
