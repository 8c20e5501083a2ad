// Admin routes that drive the checks engine in tests: engine stats and ticks, a check run now or a forced outcome,
// the domain-expiry source, and the simulated email/SMS provider's answer per destination.
import { z } from 'zod';
import { CHECK_STATUSES, FAILURE_CATEGORIES, hasRecord } from '../../api/index.js';
import type { ProbeOutcome } from '../engine/checker.js';
import { ApiError, notFound, validation } from '../errors.js';
import type { MonitorRecord } from '../store.js';
import { monitorOf, ok, parse, type AdminRoutes } from './common.js';

const ForceOutcome = z
  .object({
    status: z.enum(CHECK_STATUSES),
    httpStatus: z.number().int().min(100).max(599).nullable().optional(),
    responseTimeMs: z.number().int().min(0).max(120_000).nullable().optional(),
    failureCategory: z.enum(FAILURE_CATEGORIES).nullable().optional(),
    failureReason: z.string().max(500).nullable().optional(),
    /** How many of the next checks get this outcome (default 1). */
    times: z.number().int().min(1).max(1000).optional(),
    /** Run the check now instead of waiting for its schedule. */
    runNow: z.boolean().optional(),
  })
  .strict();
const DomainExpiryPut = z.object({ expiresAt: z.iso.datetime({ offset: true }).nullable() }).strict();
const DestinationPatch = z
  .object({
    simulate: z
      .enum(['delivered', 'delayed', 'failed', 'bounced', 'complaint', 'rejected'])
      .nullable()
      .optional(),
    /** false: take the destination off the provider's suppression list. */
    suppressed: z.literal(false).optional(),
  })
  .strict();

export const engineRoutes: AdminRoutes = (admin, svc) => {
  const { store } = svc;
  // ----- checks engine controls -----
  admin.get('/engine', async (req, reply) =>
    ok(reply, svc.engine.stats((req.query as { reset?: string }).reset === 'true')),
  );
  admin.post('/engine/tick', async (_req, reply) => {
    await svc.engine.runDue();
    return ok(reply, svc.engine.stats());
  });
  const checkable = (m: MonitorRecord) => {
    if (!m.enabled || m.archived)
      throw new ApiError(
        'invalid_state',
        `monitor ${m.id} is ${m.status}: paused and archived monitors are not checked`,
      );
  };
  const lastCheck = (id: string) => {
    const list = store.state.checks[id];
    return list?.[list.length - 1] ?? null;
  };
  admin.post('/monitors/:monitorId/check', async (req, reply) => {
    const m = monitorOf(store, (req.params as { monitorId: string }).monitorId);
    checkable(m);
    await svc.engine.checkNow(m);
    return ok(reply, { check: lastCheck(m.id), monitor: { id: m.id, status: m.status } });
  });
  admin.post('/monitors/:monitorId/force', async (req, reply) => {
    const m = monitorOf(store, (req.params as { monitorId: string }).monitorId);
    const b = parse(ForceOutcome, req.body);
    checkable(m);
    const outcome: ProbeOutcome = {
      status: b.status,
      httpStatus: b.httpStatus ?? (b.status === 'up' ? 200 : null),
      responseTimeMs: b.responseTimeMs ?? (b.status === 'up' ? 50 : null),
      failureCategory: b.failureCategory ?? (b.status === 'down' ? 'connection' : null),
      failureReason: b.failureReason ?? (b.status === 'down' ? 'forced outcome (admin API)' : null),
    };
    const queued = svc.engine.force(m, outcome, b.times ?? 1);
    if (b.runNow) {
      await svc.engine.checkNow(m);
      return ok(reply, { queued: svc.engine.forcedCount(m.id), check: lastCheck(m.id) });
    }
    return ok(reply, { queued });
  });
  admin.delete('/monitors/:monitorId/force', async (req, reply) => {
    svc.engine.clearForced(monitorOf(store, (req.params as { monitorId: string }).monitorId).id);
    return reply.code(204).send();
  });

  // ----- domain-expiry source (stands in for the registry lookup) -----
  admin.get('/domain-expiry', async (_req, reply) => ok(reply, store.state.domainExpiry));
  admin.put('/domain-expiry/:domain', async (req, reply) => {
    const domain = (req.params as { domain: string }).domain.toLowerCase();
    if (!/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/.test(domain) && domain !== 'localhost')
      throw validation([
        { field: 'domain', rule: 'format', message: 'domain must be a host name like example.com' },
      ]);
    const b = parse(DomainExpiryPut, req.body);
    store.state.domainExpiry[domain] = b.expiresAt;
    svc.engine.refreshDomainExpiry();
    store.persist();
    if (svc.engineRunning) await svc.engine.runDue();
    return ok(reply, { domain, expiresAt: b.expiresAt });
  });
  admin.delete('/domain-expiry/:domain', async (req, reply) => {
    const domain = (req.params as { domain: string }).domain.toLowerCase();
    if (!hasRecord(store.state.domainExpiry, domain)) throw notFound('domain');
    delete store.state.domainExpiry[domain];
    svc.engine.refreshDomainExpiry();
    store.persist();
    return reply.code(204).send();
  });

  // ----- simulated alert provider -----
  admin.patch('/destinations/:id', async (req, reply) => {
    const d = store.state.destinations[(req.params as { id: string }).id];
    if (!d) throw notFound('destination');
    const b = parse(DestinationPatch, req.body);
    if (b.simulate !== undefined) {
      if (b.simulate === null) delete d.simulate;
      else d.simulate = b.simulate;
    }
    if (b.suppressed === false) d.suppressedAt = null;
    store.persist();
    return ok(reply, d);
  });
};
