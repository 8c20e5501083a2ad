import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  describeIssues,
  EXPORT_ARTIFACT_TTL_HOURS,
  EXPORT_STATES,
  FAILURE_CATEGORIES,
  PageQuery,
  SCOPES,
  WEBHOOK,
  WEBHOOK_EVENT_TYPES,
} from '../../api/index.js';
import { checkEndpointUrl, deliveryView } from '../engine/webhooks.js';
import type { ProbeOutcome } from '../engine/checker.js';
import type { ServiceContext } from '../context.js';
import { ApiError, errorBody, notFound, validation } from '../errors.js';
import { hex, newTokenValue } from '../ids.js';
import { statusPageView } from '../render.js';
import { exportView } from '../render.js';
import { DestinationInput, PlanInput, resolvePlan, TokenInput } from '../seed.js';
import type { TokenRecord, WebhookEndpointRecord } from '../store.js';
import { newDestinationId } from '../store.js';
import { setUpStatusPage, StatusPageSetupInput } from './status-pages.js';

// The admin API stands in for the dashboard (tenants, tokens, verified destinations, status-page
// setup and custom domains, webhook endpoints, plans) and offers test controls (clock, faults,
// export state). Every route needs `Authorization: Bearer <adminKey>` (or `X-Admin-Key`).

const TenantCreate = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]{1,64}$/),
    name: z.string().optional(),
    plan: PlanInput.optional(),
    accountState: z.enum(['active', 'suspended']).default('active'),
  })
  .strict();
const TenantPatch = z
  .object({
    name: z.string().optional(),
    plan: PlanInput.optional(),
    accountState: z.enum(['active', 'suspended']).optional(),
  })
  .strict();
const TokenPatch = z
  .object({
    scopes: z.union([z.literal('all'), z.array(z.enum(SCOPES))]).optional(),
    monitors: z.union([z.literal('all'), z.array(z.string())]).optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    perMinuteLimit: z.number().int().min(1).nullable().optional(),
    revoked: z.boolean().optional(),
  })
  .strict();
const CustomDomainPatch = z
  .object({
    configured: z.boolean().optional(),
    enabled: z.boolean().optional(),
    status: StatusPageSetupInput.shape.customDomain.unwrap().shape.status,
    verificationStatus: StatusPageSetupInput.shape.verificationStatus,
  })
  .strict();
const WebhookCreate = z
  .object({
    url: z.url({ protocol: /^https?$/ }),
    monitorIds: z.array(z.string()).default([]),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  })
  .strict();
const ForceOutcome = z
  .object({
    status: z.enum(['up', 'down']),
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
    drop: z.enum(['before', 'after']).optional(),
    rateLimit: z
      .object({ retryAfterSeconds: z.number().int().min(0) })
      .strict()
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

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body ?? {}, { reportInput: true });
  if (!r.success) throw validation(describeIssues(r.error.issues));
  return r.data;
}

const ok = (reply: FastifyReply, data: unknown, status = 200) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ data }));

/** Endpoint metadata: never the signing secrets (shown once, at creation and rotation). */
function endpointMeta(w: WebhookEndpointRecord, now: number) {
  const { secret: _s, previousSecret, ...rest } = w;
  const until =
    previousSecret && w.rotatedAt
      ? Date.parse(w.rotatedAt) + WEBHOOK.previousSecretValidHours * 3_600_000
      : null;
  return {
    ...rest,
    previousSecretValidUntil: until !== null && until > now ? new Date(until).toISOString() : null,
  };
}

function tokenMeta(t: TokenRecord) {
  const { value: _secret, ...rest } = t;
  return rest;
}

export function registerAdmin(app: FastifyInstance, svc: ServiceContext): void {
  const { store, clock, faults } = svc;

  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (req: FastifyRequest) => {
        const auth = req.headers.authorization;
        const key = auth?.startsWith('Bearer ') ? auth.slice(7) : req.headers['x-admin-key'];
        if (key !== svc.adminKey) throw new ApiError('unauthorized', 'missing or invalid admin key');
      });
      admin.setErrorHandler((err, req, reply) => {
        const e = err instanceof ApiError ? err : new ApiError('validation_failed', (err as Error).message);
        reply
          .code(e.status)
          .header('x-request-id', req.id)
          .header('content-type', 'application/json; charset=utf-8');
        return reply.send(errorBody(e, req.id));
      });

      const tenantOf = (id: string) => {
        const t = store.tenant(id);
        if (!t) throw notFound('tenant');
        return t;
      };
      const monitorOf = (id: string) => {
        const m = store.monitor(id);
        if (!m) throw notFound('monitor');
        return m;
      };
      const resolveMonitors = (tenantId: string, monitors: 'all' | string[]) =>
        monitors === 'all'
          ? null
          : monitors.map((id) => {
              const m = store.monitor(id);
              if (!m || m.tenantId !== tenantId)
                throw validation([
                  { field: 'monitors', rule: 'unknown_monitor', message: `unknown monitor ${id}` },
                ]);
              return m.id;
            });

      // ----- tenants and plans -----
      admin.get('/tenants', async (_req, reply) => ok(reply, Object.values(store.state.tenants)));
      admin.post('/tenants', async (req, reply) => {
        const b = parse(TenantCreate, req.body);
        if (store.tenant(b.id)) throw new ApiError('invalid_state', `tenant ${b.id} exists`);
        const t = {
          id: b.id,
          name: b.name ?? b.id,
          plan: resolvePlan(b.plan),
          accountState: b.accountState,
          createdAt: clock.iso(),
        };
        store.putTenant(t);
        store.persist();
        return ok(reply, t, 201);
      });
      admin.get('/tenants/:tenantId', async (req, reply) =>
        ok(reply, tenantOf((req.params as { tenantId: string }).tenantId)),
      );
      admin.patch('/tenants/:tenantId', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        const b = parse(TenantPatch, req.body);
        if (b.name !== undefined) t.name = b.name;
        if (b.plan) t.plan = resolvePlan(b.plan, t.plan);
        if (b.accountState) t.accountState = b.accountState;
        store.persist();
        return ok(reply, t);
      });

      // ----- tokens (the value is shown once, in the create response) -----
      admin.get('/tenants/:tenantId/tokens', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        return ok(
          reply,
          Object.values(store.state.tokens)
            .filter((k) => k.tenantId === t.id)
            .map(tokenMeta),
        );
      });
      admin.post('/tenants/:tenantId/tokens', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        const b = parse(TokenInput, req.body);
        const value = b.value ?? newTokenValue();
        if (store.tokenByValue(value)) throw new ApiError('invalid_state', 'token value already in use');
        const token: TokenRecord = {
          id: `tok_${hex(8)}`,
          tenantId: t.id,
          name: b.name,
          value,
          scopes: b.scopes === 'all' ? [...SCOPES] : [...b.scopes],
          monitorIds: resolveMonitors(t.id, b.monitors),
          expiresAt: b.expiresAt,
          perMinuteLimit: b.perMinuteLimit,
          revoked: false,
          createdAt: clock.iso(),
        };
        store.putToken(token);
        store.persist();
        return ok(reply, { ...tokenMeta(token), value }, 201);
      });
      admin.patch('/tokens/:tokenId', async (req, reply) => {
        const token = store.state.tokens[(req.params as { tokenId: string }).tokenId];
        if (!token) throw notFound('token');
        const b = parse(TokenPatch, req.body);
        if (b.scopes !== undefined) token.scopes = b.scopes === 'all' ? [...SCOPES] : [...b.scopes];
        if (b.monitors !== undefined) token.monitorIds = resolveMonitors(token.tenantId, b.monitors);
        if (b.expiresAt !== undefined) token.expiresAt = b.expiresAt;
        if (b.perMinuteLimit !== undefined) token.perMinuteLimit = b.perMinuteLimit;
        if (b.revoked !== undefined) token.revoked = b.revoked;
        store.persist();
        return ok(reply, tokenMeta(token));
      });
      admin.delete('/tokens/:tokenId', async (req, reply) => {
        if (!store.deleteToken((req.params as { tokenId: string }).tokenId)) throw notFound('token');
        store.persist();
        return reply.code(204).send();
      });

      // ----- verified alert destinations -----
      admin.get('/tenants/:tenantId/destinations', async (req, reply) =>
        ok(reply, store.destinations(tenantOf((req.params as { tenantId: string }).tenantId).id)),
      );
      admin.post('/tenants/:tenantId/destinations', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        const b = parse(DestinationInput, req.body);
        const d = {
          id: b.id ?? newDestinationId(b.channel),
          tenantId: t.id,
          channel: b.channel,
          value: b.value,
          label: b.label ?? null,
          isDefault: b.isDefault ?? false,
        };
        store.putDestination(d);
        store.persist();
        return ok(reply, d, 201);
      });

      // ----- status pages: dashboard setup and custom-domain state -----
      admin.post('/monitors/:monitorId/status-page/setup', async (req, reply) => {
        const m = monitorOf((req.params as { monitorId: string }).monitorId);
        setUpStatusPage(svc, m, parse(StatusPageSetupInput, req.body));
        return ok(reply, statusPageView(m, svc.origin));
      });
      admin.patch('/monitors/:monitorId/status-page/custom-domain', async (req, reply) => {
        const m = monitorOf((req.params as { monitorId: string }).monitorId);
        const b = parse(CustomDomainPatch, req.body);
        store.mutateMonitor(m, (m) => {
          const { verificationStatus, ...domain } = b;
          for (const [k, v] of Object.entries(domain))
            if (v !== undefined) Object.assign(m.page.customDomain, { [k]: v });
          if (verificationStatus) m.page.verificationStatus = verificationStatus;
        });
        return ok(reply, statusPageView(m, svc.origin));
      });

      // ----- webhook endpoints and their delivery history -----
      const endpointOf = (id: string) => {
        const w = store.state.webhookEndpoints[id];
        if (!w) throw notFound('webhook endpoint');
        return w;
      };
      admin.get('/tenants/:tenantId/webhook-endpoints', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        return ok(
          reply,
          Object.values(store.state.webhookEndpoints)
            .filter((w) => w.tenantId === t.id)
            .map((w) => endpointMeta(w, clock.now())),
        );
      });
      admin.post('/tenants/:tenantId/webhook-endpoints', async (req, reply) => {
        const t = tenantOf((req.params as { tenantId: string }).tenantId);
        const b = parse(WebhookCreate, req.body);
        const bad = checkEndpointUrl(b.url, svc.engine.options.localMode);
        if (bad) throw validation([bad]);
        const monitorIds = resolveMonitors(t.id, b.monitorIds) ?? [];
        const w: WebhookEndpointRecord = {
          id: `whe_${hex(12)}`,
          tenantId: t.id,
          url: b.url,
          monitorIds,
          events: b.events,
          secret: `whsec_${hex(24)}`,
          previousSecret: null,
          rotatedAt: null,
          createdAt: clock.iso(),
        };
        store.state.webhookEndpoints[w.id] = w;
        store.persist();
        // The signing secret is shown this once.
        return ok(reply, { ...endpointMeta(w, clock.now()), secret: w.secret }, 201);
      });
      admin.get('/webhook-endpoints/:id', async (req, reply) =>
        ok(reply, endpointMeta(endpointOf((req.params as { id: string }).id), clock.now())),
      );
      admin.delete('/webhook-endpoints/:id', async (req, reply) => {
        const w = endpointOf((req.params as { id: string }).id);
        delete store.state.webhookEndpoints[w.id];
        store.persist();
        return reply.code(204).send();
      });
      admin.post('/webhook-endpoints/:id/rotate-secret', async (req, reply) => {
        const w = endpointOf((req.params as { id: string }).id);
        w.previousSecret = w.secret;
        w.secret = `whsec_${hex(24)}`;
        w.rotatedAt = clock.iso();
        store.persist();
        return ok(reply, { ...endpointMeta(w, clock.now()), secret: w.secret });
      });
      admin.post('/webhook-endpoints/:id/test', async (req, reply) => {
        const w = endpointOf((req.params as { id: string }).id);
        const d = svc.engine.webhooks.sendTest(w);
        if (svc.engineRunning) await svc.engine.runDue();
        return ok(reply, deliveryView(d), 202);
      });
      admin.get('/webhook-endpoints/:id/deliveries', async (req, reply) => {
        const w = endpointOf((req.params as { id: string }).id);
        const q = parse(PageQuery.pick({ limit: true }), req.query);
        const list = Object.values(store.state.webhookDeliveries)
          .filter((d) => d.endpointId === w.id)
          .sort((a, b) =>
            a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
          )
          .slice(0, q.limit === 25 ? 100 : q.limit);
        return ok(reply, list.map(deliveryView));
      });

      // ----- checks engine controls -----
      admin.get('/engine', async (req, reply) =>
        ok(reply, svc.engine.stats((req.query as { reset?: string }).reset === 'true')),
      );
      admin.post('/engine/tick', async (_req, reply) => {
        await svc.engine.runDue();
        return ok(reply, svc.engine.stats());
      });
      const checkable = (m: ReturnType<typeof monitorOf>) => {
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
        const m = monitorOf((req.params as { monitorId: string }).monitorId);
        checkable(m);
        await svc.engine.checkNow(m);
        return ok(reply, { check: lastCheck(m.id), monitor: { id: m.id, status: m.status } });
      });
      admin.post('/monitors/:monitorId/force', async (req, reply) => {
        const m = monitorOf((req.params as { monitorId: string }).monitorId);
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
        svc.engine.clearForced(monitorOf((req.params as { monitorId: string }).monitorId).id);
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
        if (!(domain in store.state.domainExpiry)) throw notFound('domain');
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
    },
    { prefix: '/admin' },
  );
}
