// Guards for what arrives before any handler: JSON nesting depth (checked on the text, so nothing recursive ever
// walks an attacker's structure) and the answer written straight to the socket for requests Node's HTTP parser
// refuses. Both keep the documented error body and an X-Request-Id (docs/api-decisions.md, "Order of checks").
import { STATUS_CODES } from 'node:http';
import { ApiError, errorBody } from './errors.js';

/** Deepest nesting of objects and arrays a request body may have (no v1 body needs more than 4). */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` nested objects/arrays (brackets inside strings don't count). */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The raw HTTP/1.1 answer for a request the parser refused: 431 for oversized headers, 408 for a timeout, else 400. */
export function clientErrorResponse(code: string | undefined, requestId: string): string {
  let e: ApiError;
  if (code === 'HPE_HEADER_OVERFLOW') {
    const message = 'request headers are too large (at most 16 KB in all)';
    e = new ApiError('validation_failed', message, {
      status: 431,
      details: [{ field: 'headers', rule: 'max_size', message }],
    });
  } else if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = 'the request was not received in time';
    e = new ApiError('validation_failed', message, {
      status: 408,
      details: [{ field: 'request', rule: 'timeout', message }],
    });
  } else {
    const message = 'malformed HTTP request';
    e = new ApiError('validation_failed', message, {
      status: 400,
      details: [{ field: 'request', rule: 'http', message }],
    });
  }
  const body = errorBody(e, requestId);
  return (
    `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}
