// Guards of the service's HTTP exchanges before any handler runs (how connections themselves are bounded and closed:
// src/http-server/connections.ts): the raw answer to a request Node's HTTP parser refuses (the documented error
// body and an X-Request-Id, docs/api-decisions.md "Order of checks"), `Connection: close` on an early answer that
// leaves a large body unread, and `Expect: 100-continue` honoured only after the access checks.
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { rawAnswer, type ParserRefusal } from '../http-server/connections.js';
import { ApiError, errorBody } from './errors.js';
import { JSON_TYPE } from './reply.js';

/** The raw HTTP/1.1 answer for a request the parser refused: 431 for oversized headers, 408 for a timeout, else 400. */
export function clientErrorResponse(r: ParserRefusal, requestId: string): string {
  const e = new ApiError('validation_failed', r.message, {
    status: r.status,
    details: [{ field: r.field, rule: r.rule, message: r.message }],
  });
  return rawAnswer(r.status, errorBody(e, requestId), JSON_TYPE, { 'X-Request-Id': requestId });
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

const httpGuards: FastifyPluginCallback = (app, _opts, done) => {
  deferExpectations(app.server);
  app.addHook('preParsing', continueWhenReading);
  app.addHook('onSend', closeOnUnreadBody);
  done();
};

/** After the access checks (auth), whose refusals must come before any 100 Continue. */
export const httpGuardsPlugin = fp(httpGuards, { name: 'http-guards', dependencies: ['auth'] });
