// Admin test controls: the service clock (freeze, set, advance), injected faults, and an export's state.
import { z } from 'zod';
import { EXPORT_ARTIFACT_TTL_HOURS, EXPORT_STATES } from '../../api/index.js';
import { notFound } from '../errors.js';
import { exportView } from '../render.js';
import { ok, parse, type AdminRoutes } from './common.js';

const ClockPatch = z
  .object({
    set: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z.number().int().optional(),
    advanceSeconds: z.number().optional(),
    frozen: z.boolean().optional(),
  })
  .strict();
const FaultCreate = z
  .object({
    route: z.string().min(1),
    status: z.number().int().min(400).max(599).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    drop: z.enum(['before', 'after', 'kill']).optional(),
    rateLimit: z
      .object({ retryAfterSeconds: z.number().int().min(0) })
      .strict()
      .optional(),
    validation: z
      .array(
        z
          .object({
            field: z.string().min(1),
            rule: z.string().min(1),
            message: z.string().min(1),
            allowed: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
          })
          .strict(),
      )
      .min(1)
      .optional(),
    rate: z.number().min(0).max(1).optional(),
    count: z.number().int().min(1).nullable().optional(),
  })
  .strict();
const ExportPatch = z
  .object({
    status: z.enum(EXPORT_STATES),
    rowCount: z.number().int().min(0).optional(),
    error: z.string().nullable().optional(),
  })
  .strict();

export const controlRoutes: AdminRoutes = (admin, svc) => {
  const { store, clock, faults } = svc;
  // ----- test controls -----
  const clockView = () => ({ now: clock.iso(), frozen: clock.frozen });
  admin.get('/clock', async (_req, reply) => ok(reply, clockView()));
  admin.post('/clock', async (req, reply) => {
    const b = parse(ClockPatch, req.body);
    if (b.frozen === true) clock.freeze();
    if (b.set) clock.set(Date.parse(b.set));
    if (b.advanceMs) clock.advance(b.advanceMs);
    if (b.advanceSeconds) clock.advance(Math.round(b.advanceSeconds * 1000));
    if (b.frozen === false) clock.unfreeze();
    // Work that became due at the new time runs before the answer (deterministic tests).
    if (svc.engineRunning) await svc.engine.runDue();
    return ok(reply, clockView());
  });

  admin.get('/faults', async (_req, reply) => ok(reply, faults.all()));
  admin.post('/faults', async (req, reply) => ok(reply, faults.add(parse(FaultCreate, req.body)), 201));
  admin.delete('/faults', async (_req, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
  admin.delete('/faults/:id', async (req, reply) => {
    if (!faults.remove((req.params as { id: string }).id)) throw notFound('fault');
    return reply.code(204).send();
  });

  admin.patch('/exports/:exportId', async (req, reply) => {
    const e = store.state.exports[(req.params as { exportId: string }).exportId];
    if (!e) throw notFound('export');
    const b = parse(ExportPatch, req.body);
    const now = clock.iso();
    e.status = b.status;
    e.updatedAt = now;
    if (b.status === 'ready') {
      e.completedAt = now;
      e.expiresAt = new Date(clock.now() + EXPORT_ARTIFACT_TTL_HOURS * 3_600_000).toISOString();
      e.rowCount = b.rowCount ?? e.rowCount ?? 0;
    }
    if (b.status === 'failed') e.error = b.error ?? 'export failed';
    if (b.status === 'expired') e.expiresAt = now;
    store.touch('exports', e.id);
    store.persist();
    return ok(reply, exportView(e));
  });
};
