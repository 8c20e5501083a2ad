import type { ErrorDetail } from '../api/index.js';
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
