// Which v1 operation a request is for: the route's ENDPOINTS row (pipeline.ts puts it in the route's `config`),
// read once when the request arrives into `req.row` (null: not a v1 route) for the other plugins' hooks.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Endpoint } from '../api/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The v1 API route's ENDPOINTS row; absent on the service's other routes. */
    row?: Endpoint;
  }
  interface FastifyRequest {
    /** The ENDPOINTS row of the v1 route asked for; null for other routes and unknown paths. */
    row: Endpoint | null;
  }
}

const endpointRow: FastifyPluginCallback = (app, _opts, done) => {
  app.decorateRequest('row', null);
  app.addHook('onRequest', (req, _reply, next) => {
    req.row = req.routeOptions.config.row ?? null;
    next();
  });
  done();
};

export const endpointRowPlugin = fp(endpointRow, { name: 'endpoint-row' });
