// How every request of the service is answered when no operation answers it: an X-Request-Id on every answer, one
// error handler (an ApiError, or fastify's own errors mapped by fromFrameworkError, rendered as the documented error
// body with the error's headers; any other error is a 500 whose stack goes to stderr, never to the client), the
// 404 for unknown routes, and the router's errors (malformed percent-encoding in the path), which for the v1 API
// are authenticated and counted like any other request (docs/api-decisions.md, "Order of checks").
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate } from './auth.js';
import { ApiError, errorBody, fromFrameworkError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';
import { send } from './reply.js';
import type { Store } from './store.js';

const errorAnswers: FastifyPluginCallback<{ logErrors: boolean }> = (app, { logErrors }, done) => {
  app.addHook('onRequest', (req, reply, next) => {
    reply.header('x-request-id', req.id);
    next();
  });
  app.setErrorHandler((err, req, reply) => {
    const e = fromFrameworkError(err);
    const unexpected = !(err instanceof ApiError) && e.code === 'internal';
    if (unexpected && logErrors) process.stderr.write(`service error: ${(err as Error).stack}\n`);
    reply.header('x-request-id', req.id);
    return send(reply, e.status, errorBody(e, req.id), e.extra.headers);
  });
  app.setNotFoundHandler((req, reply) =>
    send(
      reply,
      404,
      errorBody(new ApiError('not_found', `no route ${req.method} ${req.url.split('?')[0]}`), req.id),
    ),
  );
  done();
};

export const errorAnswersPlugin = fp(errorAnswers, { name: 'error-answers' });

/** fastify's `frameworkErrors` option: requests the router cannot take (bad percent-encoding in the path). */
export function routerErrors(store: Store, limiter: RateLimiter) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', req.id);
    let allowance: Record<string, string> | undefined;
    try {
      if (req.url.startsWith('/v1/'))
        allowance = limiter.consume(authenticate(store, req.headers.authorization));
    } catch (err) {
      const e = fromFrameworkError(err);
      return send(reply, e.status, errorBody(e, req.id), e.extra.headers);
    }
    const message =
      error.code === 'FST_ERR_BAD_URL'
        ? 'the request path is not valid: malformed percent-encoding'
        : 'the request could not be routed';
    const e = new ApiError('validation_failed', message, {
      details: [{ field: 'path', rule: 'format', message }],
    });
    return send(reply, 400, errorBody(e, req.id), allowance);
  };
}
