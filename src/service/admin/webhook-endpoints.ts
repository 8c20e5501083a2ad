// Admin routes for webhook endpoints (the signing secret shown at creation and rotation only) and their delivery
// history, including a test delivery.
import { z } from 'zod';
import { PageQuery, WEBHOOK, WEBHOOK_EVENT_TYPES } from '../../api/index.js';
import { checkEndpointUrl, deliveryView } from '../engine/webhooks.js';
import { notFound, validation } from '../errors.js';
import { hex } from '../ids.js';
import type { WebhookEndpointRecord } from '../store.js';
import { ok, parse, resolveMonitors, tenantOf, type AdminRoutes } from './common.js';

const WebhookCreate = z
  .object({
    url: z.url({ protocol: /^https?$/ }),
    monitorIds: z.array(z.string()).default([]),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1),
  })
  .strict();

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

export const webhookRoutes: AdminRoutes = (admin, svc) => {
  const { store, clock } = svc;
  // ----- webhook endpoints and their delivery history -----
  const endpointOf = (id: string) => {
    const w = store.state.webhookEndpoints[id];
    if (!w) throw notFound('webhook endpoint');
    return w;
  };
  admin.get('/tenants/:tenantId/webhook-endpoints', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    return ok(
      reply,
      Object.values(store.state.webhookEndpoints)
        .filter((w) => w.tenantId === t.id)
        .map((w) => endpointMeta(w, clock.now())),
    );
  });
  admin.post('/tenants/:tenantId/webhook-endpoints', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    const b = parse(WebhookCreate, req.body);
    const bad = checkEndpointUrl(b.url, svc.engine.options.localMode);
    if (bad) throw validation([bad]);
    const monitorIds = resolveMonitors(store, t.id, b.monitorIds) ?? [];
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
};
