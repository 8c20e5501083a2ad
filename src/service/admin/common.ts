// What every admin route shares: body parsing (400 naming the field), the JSON answer, and the lookups that answer
// 404 or 400 for an unknown tenant or monitor.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { describeIssues } from '../../api/index.js';
import type { ServiceContext } from '../context.js';
import { notFound, validation } from '../errors.js';
import type { MonitorRecord, Store, TenantRecord } from '../store.js';

/** One area of admin routes, registered inside the `/admin` plugin (its key check and error handler apply). */
export type AdminRoutes = (admin: FastifyInstance, svc: ServiceContext) => void;

export function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body ?? {}, { reportInput: true });
  if (!r.success) throw validation(describeIssues(r.error.issues));
  return r.data;
}

export const ok = (reply: FastifyReply, data: unknown, status = 200) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ data }));

export function tenantOf(store: Store, id: string): TenantRecord {
  const t = store.tenant(id);
  if (!t) throw notFound('tenant');
  return t;
}

export function monitorOf(store: Store, id: string): MonitorRecord {
  const m = store.monitor(id);
  if (!m) throw notFound('monitor');
  return m;
}

/** A token's or endpoint's monitor selection: null for `all`, else the ids, each a monitor of the tenant. */
export function resolveMonitors(store: Store, tenantId: string, monitors: 'all' | string[]): string[] | null {
  return monitors === 'all'
    ? null
    : monitors.map((id) => {
        const m = store.monitor(id);
        if (!m || m.tenantId !== tenantId)
          throw validation([
            { field: 'monitors', rule: 'unknown_monitor', message: `unknown monitor ${id}` },
          ]);
        return m.id;
      });
}
