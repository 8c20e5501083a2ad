// Guards for what arrives before any handler: JSON nesting depth (checked on the text, so nothing recursive ever
// walks an attacker's structure) and the answer written straight to the socket for requests Node's HTTP parser
// refuses. Both keep the documented error body and an X-Request-Id (docs/api-decisions.md, "Order of checks").
import { STATUS_CODES, type IncomingMessage } from 'node:http';
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

/** Unread request body a connection is kept alive for after an early answer (401, 403, 413 …): Go's net/http
 *  reads up to 256 KB of it; beyond that it answers with `Connection: close` and stops reading. */
export const MAX_UNREAD_BODY = 256 * 1024;

/** Whether the request body was not read and is (or may be) larger than MAX_UNREAD_BODY. */
export function largeUnreadBody(req: IncomingMessage): boolean {
  if (req.complete || req.readableEnded) return false;
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] !== undefined; // chunked: size unknown
  return Number(length) > MAX_UNREAD_BODY;
}

/** fastify onSend hook: an answer that leaves a large body unread closes the connection instead of draining it. */
export function closeOnUnreadBody(
  req: { raw: IncomingMessage },
  reply: { header(name: string, value: string): unknown },
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  if (largeUnreadBody(req.raw)) reply.header('connection', 'close');
  done(null, payload);
}

/**
 * `Expect: 100-continue` (RFC 9110 §10.1.1): "100 Continue" invites the client to send its body, so it is sent only
 * once the request has passed the access checks (this runs as a preParsing hook, after onRequest's gate) and its
 * announced Content-Length is within the route's body limit. Node would send it on arrival, before any check,
 * inviting an unauthenticated or oversized body the service then refuses; the service's server hands
 * `checkContinue` to the ordinary request path instead (`deferExpectations`). Without it, a refused request gets its
 * final answer (401, 403, 413 …) and the client never sends the body.
 */
export function continueWhenReading<P>(
  req: { raw: IncomingMessage; routeOptions: { bodyLimit?: number } },
  reply: { raw: { writeContinue(): void; headersSent: boolean } },
  payload: P,
  done: (err: null, payload: P) => void,
): void {
  const expect = req.raw.headers.expect;
  const members = expect?.split(',').map((m) => m.trim().toLowerCase()) ?? [];
  if (members.includes('100-continue') && !reply.raw.headersSent) {
    const length = req.raw.headers['content-length'];
    const limit = req.routeOptions.bodyLimit ?? Infinity;
    if (length === undefined || Number(length) <= limit) reply.raw.writeContinue();
  }
  done(null, payload);
}

/**
 * Node's server answers `Expect: 100-continue` on arrival unless `checkContinue` has a listener (see above), and any
 * other expectation with a bare 417 (no error body, no X-Request-Id, before authentication) unless
 * `checkExpectation` has one. Both go the ordinary request path: RFC 9110 §10.1.1 lets a server ignore an expectation
 * it does not know ("MAY respond with a 417"), so the request gets the answer it would get without it, access checks
 * first.
 */
export function deferExpectations(server: {
  on(event: 'checkContinue' | 'checkExpectation', l: (req: IncomingMessage, res: unknown) => void): unknown;
  emit(event: 'request', req: IncomingMessage, res: unknown): boolean;
}): void {
  const ordinary = (req: IncomingMessage, res: unknown) => server.emit('request', req, res);
  server.on('checkContinue', ordinary);
  server.on('checkExpectation', ordinary);
}
