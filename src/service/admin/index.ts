// The admin API: it stands in for the dashboard (tenants, tokens, verified destinations, status-page setup and
// custom domains, webhook endpoints, plans) and offers test controls (clock, faults, engine, export state). Every
// route needs `Authorization: Bearer <adminKey>` (or `X-Admin-Key`); each area's routes live in their own module.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from '../../api/index.js';
import type { ServiceContext } from '../context.js';
import { ApiError, errorBody } from '../errors.js';
import { accountRoutes } from './accounts.js';
import { controlRoutes } from './controls.js';
import { engineRoutes } from './engine.js';
import { statusPageRoutes } from './status-pages.js';
import { webhookRoutes } from './webhook-endpoints.js';

export function registerAdmin(app: FastifyInstance, svc: ServiceContext): void {
  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (req: FastifyRequest) => {
        const auth = req.headers.authorization;
        const key = auth?.startsWith('Bearer ') ? auth.slice(7) : req.headers['x-admin-key'];
        if (typeof key !== 'string' || !sameSecret(key, svc.adminKey))
          throw new ApiError('unauthorized', 'missing or invalid admin key');
      });
      admin.setErrorHandler((err, req, reply) => {
        const e = err instanceof ApiError ? err : new ApiError('validation_failed', (err as Error).message);
        reply
          .code(e.status)
          .header('x-request-id', req.id)
          .header('content-type', 'application/json; charset=utf-8');
        return reply.send(errorBody(e, req.id));
      });

      for (const routes of [accountRoutes, statusPageRoutes, webhookRoutes, engineRoutes, controlRoutes])
        routes(admin, svc);
    },
    { prefix: '/admin' },
  );
}
