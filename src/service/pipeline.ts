// The v1 API's routes, one per `ENDPOINTS` row (the row rides in the route's `config`). What runs before an
// operation is the plugins' hooks, in this order: authentication (auth.ts) → the allowance (rate-limit.ts) →
// authorization (auth.ts) → the body read and parsed (json-body.ts; 413/415 from fastify) → an injected fault
// (faults.ts) → a body that is not JSON refused (json-body.ts) → Idempotency-Key checked, replayed or refused
// (idempotency.ts). Then the route: If-Match present where the row needs it (428), the operation's handler
// (routes/*.ts), its writes and its idempotency record in one transaction, and its answer. Errors are thrown and
// answered by the one error handler (error-answers.ts).
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS, parseIfMatch, type Endpoint } from '../api/index.js';
import type { Ctx, Handler, Result, ServiceContext } from './context.js';
import { ApiError } from './errors.js';
import { send } from './reply.js';
import { HANDLERS } from './routes/index.js';

function operate(svc: ServiceContext, row: Endpoint, handler: Handler, req: FastifyRequest): Result {
  const auth = req.auth;
  // Rows that need no token (GET /health) read nothing from the request.
  if (!auth)
    return handler({
      svc,
      row,
      auth: undefined as never,
      params: {},
      query: {},
      body: undefined,
      ifMatch: null,
    });
  const ctx: Ctx = {
    svc,
    row,
    auth,
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    body: req.body,
    ifMatch: parseIfMatch(req.headers['if-match']),
  };
  if (row.ifMatch && ctx.ifMatch === null) {
    throw new ApiError(
      'precondition_required',
      'this operation needs an If-Match header with the current ETag',
    );
  }
  const slot = req.idempotency;
  return svc.store.batch(() => {
    const r = handler(ctx);
    if (slot)
      svc.idempotency.save(slot, {
        status: r.status ?? row.successStatus,
        headers: r.headers ?? {},
        body: r.json,
      });
    return r;
  });
}

/** The v1 routes; registered after the plugins whose hooks they rely on. */
export const apiRoutesPlugin: FastifyPluginCallback<{ svc: ServiceContext }> = (app, { svc }, done) => {
  for (const row of ENDPOINTS) {
    const handler = HANDLERS[row.operation];
    app.route({
      method: row.method,
      url: `/v1${row.path.replace(/\{(\w+)\}/g, ':$1')}`,
      config: { row },
      handler: (req: FastifyRequest, reply: FastifyReply) => {
        const res = operate(svc, row, handler, req);
        return send(reply, res.status ?? row.successStatus, res.json, res.headers);
      },
    });
  }
  done();
};
