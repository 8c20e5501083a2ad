import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { codeOfStatus, type ErrorDetail } from '../api/index.js';
import { ApiError, validation } from './errors.js';
import { hex } from './ids.js';

/**
 * Fault injection per route (admin API `/admin/faults`). A fault matches an operation name from
 * ENDPOINTS (`getMonitor`), a route (`GET /monitors/{monitorId}`) or `*`, fires with probability
 * `rate` and at most `count` times, and then does one of:
 * - `status`: answer that error status (e.g. 500, 503) without running the operation;
 * - `rateLimit`: answer 429 with `Retry-After: retryAfterSeconds`;
 * - `validation`: answer 400 `validation_failed` with these details, as a service whose rules are stricter than the
 *   provider knows would (limits the spec does not give), without running the operation;
 * - `drop: "before"`: destroy the connection without running the operation;
 * - `drop: "after"`: run the operation, then destroy the connection (the outcome is unknown to the client);
 * - `drop: "kill"`: run the operation (its writes and Idempotency-Key record committed), then kill the service's own
 *   process (SIGKILL) before answering: a crash between storing and answering, for `--data-dir` durability tests;
 * - `latencyMs` alone (or with any of the above): wait first.
 * A fault fires once the request has passed its access checks and its body is parsed (so 401, 403, 429, 413 and 415
 * come first), before anything else looks at it. An injected answer stands for a failure in front of the service (a
 * proxy's 503, a throttle's 429): it carries the request id and its own headers, not the service's allowance headers.
 */
export interface FaultSpec {
  route: string;
  status?: number;
  latencyMs?: number;
  drop?: 'before' | 'after' | 'kill';
  rateLimit?: { retryAfterSeconds: number };
  validation?: ErrorDetail[];
  rate?: number;
  count?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The fault that fired for this request (null: none). */
    fault: Fault | null;
  }
}

export interface Fault extends Required<Pick<FaultSpec, 'route' | 'rate'>> {
  id: string;
  status: number | null;
  latencyMs: number;
  drop: 'before' | 'after' | 'kill' | null;
  rateLimit: { retryAfterSeconds: number } | null;
  validation: ErrorDetail[] | null;
  /** Remaining firings; null: unlimited. */
  remaining: number | null;
  fired: number;
}

export class Faults {
  private list: Fault[] = [];

  get size(): number {
    return this.list.length;
  }

  add(spec: FaultSpec): Fault {
    const f: Fault = {
      id: `flt_${hex(8)}`,
      route: spec.route,
      status: spec.status ?? null,
      latencyMs: spec.latencyMs ?? 0,
      drop: spec.drop ?? null,
      rateLimit: spec.rateLimit ?? null,
      validation: spec.validation ?? null,
      rate: spec.rate ?? 1,
      remaining: spec.count ?? null,
      fired: 0,
    };
    this.list.push(f);
    return f;
  }

  all(): Fault[] {
    return [...this.list];
  }

  remove(id: string): boolean {
    const n = this.list.length;
    this.list = this.list.filter((f) => f.id !== id);
    return this.list.length !== n;
  }

  clear(): void {
    this.list = [];
  }

  /** The fault that fires for this request, if any (consumes one firing). */
  pick(operation: string, route: string): Fault | undefined {
    if (this.list.length === 0) return undefined;
    for (const f of this.list) {
      if (f.route !== '*' && f.route !== operation && f.route !== route) continue;
      if (f.rate < 1 && Math.random() >= f.rate) continue;
      f.fired += 1;
      if (f.remaining !== null && --f.remaining <= 0) this.remove(f.id);
      return f;
    }
    return undefined;
  }
}

/** The error a fault answers with, if any. */
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

/** The connection ends without an answer (the reply is never sent). */
function drop(req: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  req.raw.socket.destroy();
}

const faultInjection: FastifyPluginCallback<{ faults: Faults }> = (app, { faults }, done) => {
  app.decorateRequest('fault', null);
  app.addHook('preValidation', (req, reply, next) => {
    const row = req.row;
    if (!row || faults.size === 0) return next();
    const fault = faults.pick(row.operation, `${row.method} ${row.path}`);
    if (!fault) return next();
    req.fault = fault;
    const fire = () => {
      if (fault.drop === 'before') return drop(req, reply);
      const e = injected(fault);
      if (!e) return next();
      for (const name of Object.keys(reply.getHeaders()))
        if (name !== 'x-request-id') reply.removeHeader(name);
      next(e);
    };
    if (fault.latencyMs) setTimeout(fire, fault.latencyMs);
    else fire();
  });
  // After the operation: `after` drops every answer (the outcome is unknown to the client); `kill` dies once the
  // operation's writes are committed (a success that is not a replay), before answering.
  app.addHook('onSend', (req, reply, payload, next) => {
    const when = req.fault?.drop;
    if (when === 'after') return drop(req, reply);
    if (when === 'kill' && reply.statusCode < 400 && reply.getHeader('idempotent-replayed') !== 'true')
      process.kill(process.pid, 'SIGKILL');
    next(null, payload);
  });
  done();
};

export const faultsPlugin = fp(faultInjection, { name: 'faults', dependencies: ['endpoint-row'] });
