// The v1 API's routes, one per `ENDPOINTS` row, and the pipeline each request runs after its gate (authentication,
// allowance and authorization in app.ts): injected faults → body checks → Idempotency-Key replay or conflict →
// If-Match presence → the operation's handler, its writes and idempotency record in one transaction → the answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../api/index.js';
import { codeOfStatus, ENDPOINTS, parseIfMatch } from '../api/index.js';
import type { AuthContext } from './auth.js';
import type { Ctx, Handler, Result, ServiceContext } from './context.js';
import { loadMonitor } from './context.js';
import { ApiError, errorBody, fromFrameworkError, validation } from './errors.js';
import type { Fault } from './faults.js';
import { MAX_JSON_DEPTH } from './http-guards.js';
import { fingerprint, readKey } from './idempotency.js';
import { send } from './reply.js';
import { HANDLERS } from './routes/index.js';

/** Bodies the JSON parser refused, answered 400 by the pipeline after authentication (401 comes first). */
export const MALFORMED_JSON = Symbol('malformed JSON');
export const TOO_DEEP = Symbol('too deeply nested JSON');

/** What the onRequest gate established for an API request: who asked, and the rate-limit headers to send. */
export interface Gate {
  auth: AuthContext;
  rl: Record<string, string>;
}
export type Gates = WeakMap<FastifyRequest, Gate>;

function injected(f: Fault): ApiError | null {
  if (f.validation) return validation(f.validation);
  if (f.rateLimit) {
    return new ApiError('rate_limited', 'rate limited (injected fault)', {
      headers: { 'retry-after': String(f.rateLimit.retryAfterSeconds) },
    });
  }
  if (f.status) {
    return new ApiError(codeOfStatus(f.status), `injected fault (${f.status})`, {
      status: f.status,
    });
  }
  return null;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function drop(req: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  req.raw.socket.destroy();
}

/** Registers every v1 route; `gates` holds what the onRequest hook established per request. */
export function registerApi(
  app: FastifyInstance,
  svc: ServiceContext,
  gates: Gates,
  logErrors: boolean,
): void {
  const { store } = svc;

  async function run(
    req: FastifyRequest,
    reply: FastifyReply,
    row: Endpoint,
    handler: Handler,
    fault?: Fault,
  ) {
    let rl: Record<string, string> | undefined;
    let idem: { scope: string; key: string; fp: string } | undefined;
    try {
      if (fault) {
        if (fault.latencyMs) await delay(fault.latencyMs);
        if (fault.drop === 'before') return drop(req, reply);
        const e = injected(fault);
        if (e) throw e;
      }
      let res: Result;
      if (row.scopes === 'none') {
        res = handler({
          svc,
          row,
          auth: undefined as never,
          params: {},
          query: {},
          body: undefined,
          ifMatch: null,
        });
      } else {
        const gate = gates.get(req);
        if (!gate) throw new ApiError('internal', 'request reached its handler without authentication');
        const { auth } = gate;
        rl = gate.rl;
        if (req.body === MALFORMED_JSON) {
          throw validation([{ field: 'body', rule: 'json', message: 'request body is not valid JSON' }]);
        }
        if (req.body === TOO_DEEP) {
          const message = `request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;
          throw validation([{ field: 'body', rule: 'max_depth', message }]);
        }
        const ifMatch = parseIfMatch(req.headers['if-match']);
        const ctx: Ctx = {
          svc,
          row,
          auth,
          params: req.params as Record<string, string>,
          query: req.query as Record<string, unknown>,
          body: req.body,
          ifMatch,
        };
        if (row.idempotencyKey) {
          const key = readKey(req.headers['idempotency-key']);
          // Access before replay: a stored answer about a monitor is only ever served to a token that can see it.
          if (row.path.includes('{monitorId}')) loadMonitor(ctx);
          idem = {
            scope: `${auth.tenant.id}\n${auth.token.id}`,
            key,
            fp: fingerprint(row.method, req.url, req.body),
          };
          const replay = svc.idempotency.lookup(idem.scope, key, idem.fp);
          if (replay) {
            if (fault?.drop === 'after') return drop(req, reply);
            return send(reply, replay.status, replay.body, {
              ...rl,
              ...replay.headers,
              'idempotent-replayed': 'true',
            });
          }
        }
        if (row.ifMatch && ifMatch === null) {
          throw new ApiError(
            'precondition_required',
            'this operation needs an If-Match header with the current ETag',
          );
        }
        // The operation's writes and its idempotency record are one transaction.
        const saveAs = idem;
        res = store.batch(() => {
          const r = handler(ctx);
          if (saveAs)
            svc.idempotency.save(saveAs.scope, saveAs.key, saveAs.fp, {
              status: r.status ?? row.successStatus,
              headers: r.headers ?? {},
              body: r.json,
            });
          return r;
        });
      }
      const status = res.status ?? row.successStatus;
      // Stored and committed, not answered: the process dies here (a crash test of --data-dir durability).
      if (fault?.drop === 'kill') process.kill(process.pid, 'SIGKILL');
      if (fault?.drop === 'after') return drop(req, reply);
      return send(reply, status, res.json, rl ? { ...rl, ...res.headers } : res.headers);
    } catch (err) {
      const e = err instanceof ApiError ? err : fromFrameworkError(err);
      if (!(err instanceof ApiError) && logErrors)
        process.stderr.write(`service error: ${(err as Error).stack}\n`);
      const body = errorBody(e, req.id);
      // Business-rule conflicts are the operation's answer: a retry with the same key replays them.
      if (idem && e.status === 409 && e.code !== 'idempotency_conflict') {
        svc.idempotency.save(idem.scope, idem.key, idem.fp, { status: e.status, headers: {}, body });
      }
      if (fault?.drop === 'after') return drop(req, reply);
      return send(reply, e.status, body, { ...rl, ...e.extra.headers });
    }
  }

  for (const row of ENDPOINTS) {
    const handler = HANDLERS[row.operation];
    const routeName = `${row.method} ${row.path}`;
    app.route({
      method: row.method,
      url: `/v1${row.path.replace(/\{(\w+)\}/g, ':$1')}`,
      config: { row },
      handler: (req, reply) => {
        const fault = svc.faults.size > 0 ? svc.faults.pick(row.operation, routeName) : undefined;
        return run(req, reply, row, handler, fault);
      },
    });
  }
}
