// Once a request is answered: its entry in the dashboard's request log (web/request-log.ts; the dashboard's own
// polling is left out) and the embedder's `onResponse` callback (ServiceOptions), which also gets the arrival time.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { DASHBOARD_PATH } from './web/dashboard.js';
import type { RequestLog } from './web/request-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived (epoch milliseconds); 0 unless an onResponse callback asks for it. */
    receivedAt: number;
  }
}

export interface ResponseInfo {
  method: string;
  url: string;
  route: string | null;
  status: number;
  /** When the request arrived (epoch milliseconds). */
  receivedAt: number;
}

const responseLog: FastifyPluginCallback<{ log: RequestLog; onResponse?: (r: ResponseInfo) => void }> = (
  app,
  { log, onResponse },
  done,
) => {
  app.decorateRequest('receivedAt', 0);
  // Taken when the request arrives: `Date.now() - reply.elapsedTime` mixes a millisecond wall clock with a
  // sub-millisecond timer, and put two requests of the same millisecond out of order.
  if (onResponse)
    app.addHook('onRequest', (req, _reply, next) => {
      req.receivedAt = Date.now();
      next();
    });
  app.addHook('onResponse', (req, reply, next) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith(DASHBOARD_PATH)) {
      const auth = req.auth;
      const admin = path.startsWith('/admin/') && reply.statusCode !== 401;
      log.add({
        at: Date.now() - reply.elapsedTime,
        method: req.method,
        path,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        requestId: req.id,
        tenantId: auth?.tenant.id ?? null,
        token: auth ? auth.token.name : admin ? 'admin' : null,
        idempotency: req.headers['idempotency-key']
          ? reply.getHeader('idempotent-replayed') === 'true'
            ? 'replayed'
            : 'sent'
          : null,
        ifMatch: req.headers['if-match'] ? (reply.statusCode === 412 ? 'failed' : 'matched') : null,
      });
    }
    if (onResponse) {
      const row = req.row;
      onResponse({
        method: req.method,
        url: req.url,
        route: row ? `/v1${row.path}` : (req.routeOptions.url ?? null),
        status: reply.statusCode,
        receivedAt: req.receivedAt || Date.now() - reply.elapsedTime,
      });
    }
    next();
  });
  done();
};

export const responseLogPlugin = fp(responseLog, { name: 'response-log', dependencies: ['endpoint-row'] });
