// Admin routes for what the dashboard owns about an account: tenants and their plans, API tokens (the value shown
// once, at creation), and verified alert destinations.
import { z } from 'zod';
import { SCOPES } from '../../api/index.js';
import { ApiError, notFound } from '../errors.js';
import { hex, newTokenValue } from '../ids.js';
import {
  DestinationInput,
  destinationRecord,
  PlanInput,
  resolvePlan,
  TenantInput,
  TokenInput,
} from '../seed.js';
import type { TokenRecord } from '../store.js';
import { ok, parse, resolveMonitors, tenantOf, type AdminRoutes } from './common.js';

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

function tokenMeta(t: TokenRecord) {
  const { value: _secret, ...rest } = t;
  return rest;
}

export const accountRoutes: AdminRoutes = (admin, svc) => {
  const { store, clock } = svc;
  // ----- tenants and plans -----
  admin.get('/tenants', async (_req, reply) => ok(reply, Object.values(store.state.tenants)));
  admin.post('/tenants', async (req, reply) => {
    const b = parse(TenantInput, req.body);
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
    ok(reply, tenantOf(store, (req.params as { tenantId: string }).tenantId)),
  );
  admin.patch('/tenants/:tenantId', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    const b = parse(TenantPatch, req.body);
    if (b.name !== undefined) t.name = b.name;
    if (b.plan) t.plan = resolvePlan(b.plan, t.plan);
    if (b.accountState) t.accountState = b.accountState;
    store.persist();
    return ok(reply, t);
  });

  // ----- tokens (the value is shown once, in the create response) -----
  admin.get('/tenants/:tenantId/tokens', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    return ok(
      reply,
      Object.values(store.state.tokens)
        .filter((k) => k.tenantId === t.id)
        .map(tokenMeta),
    );
  });
  admin.post('/tenants/:tenantId/tokens', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    const b = parse(TokenInput, req.body);
    const value = b.value ?? newTokenValue();
    if (store.tokenByValue(value)) throw new ApiError('invalid_state', 'token value already in use');
    const token: TokenRecord = {
      id: `tok_${hex(8)}`,
      tenantId: t.id,
      name: b.name,
      value,
      scopes: b.scopes === 'all' ? [...SCOPES] : [...b.scopes],
      monitorIds: resolveMonitors(store, t.id, b.monitors),
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
    if (b.monitors !== undefined) token.monitorIds = resolveMonitors(store, token.tenantId, b.monitors);
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
    ok(reply, store.destinations(tenantOf(store, (req.params as { tenantId: string }).tenantId).id)),
  );
  admin.post('/tenants/:tenantId/destinations', async (req, reply) => {
    const t = tenantOf(store, (req.params as { tenantId: string }).tenantId);
    const d = destinationRecord(t.id, parse(DestinationInput, req.body));
    store.putDestination(d);
    store.persist();
    return ok(reply, d, 201);
  });
};
