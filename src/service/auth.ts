// Who is asking and whether they may: the bearer token of a v1 request is authenticated when the request arrives
// (401), and its scopes, plan, selection and account state checked against the route's ENDPOINTS row before the body
// is read (403); the allowance (rate-limit.ts) is counted between the two, so 401 → 429 → 403
// (docs/api-decisions.md, "Order of checks"). Rows that need no token (GET /health) are not checked.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { ID_PATTERNS, type Endpoint, type Scope } from '../api/index.js';
import { ApiError, forbidden, notFound } from './errors.js';
import type { MonitorRecord, Store, TenantRecord, TokenRecord } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token that asked and its tenant; null until authenticated, and for requests that need no token. */
    auth: AuthContext | null;
  }
}

export interface AuthContext {
  token: TokenRecord;
  tenant: TenantRecord;
  /** null: all monitors. */
  selection: ReadonlySet<string> | null;
}

const selections = new WeakMap<TokenRecord, { ids: string[]; set: Set<string> }>();

/** 401 for a missing, malformed, unknown, revoked or expired bearer token. */
export function authenticate(store: Store, header: string | undefined): AuthContext {
  if (!header) throw unauthorized('missing bearer token');
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') {
    throw unauthorized('the Authorization header must be "Bearer <token>"');
  }
  const value = header.slice(space + 1).trim();
  const token = store.tokenByValue(value);
  if (!token || token.revoked) throw unauthorized('invalid token');
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= store.clock.now()) {
    throw unauthorized('token expired');
  }
  const tenant = store.tenant(token.tenantId);
  if (!tenant) throw unauthorized('invalid token');
  let selection: Set<string> | null = null;
  if (token.monitorIds) {
    let cached = selections.get(token);
    if (!cached || cached.ids !== token.monitorIds) {
      cached = { ids: token.monitorIds, set: new Set(token.monitorIds) };
      selections.set(token, cached);
    }
    selection = cached.set;
  }
  return { token, tenant, selection };
}

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message, { headers: { 'www-authenticate': 'Bearer' } });
}

/** 403 for scope, plan, selection or account state, from the endpoint row of ENDPOINTS. */
export function authorize(row: Endpoint, ctx: AuthContext): void {
  if (ctx.tenant.accountState !== 'active') {
    throw forbidden('account_state', `the account is ${ctx.tenant.accountState}`);
  }
  if (row.scopes !== 'none' && row.scopes.length > 0) {
    const scopes = row.scopes;
    if (!scopes.some((s: Scope) => ctx.token.scopes.includes(s))) {
      throw forbidden('scope', `this operation needs the scope ${scopes.join(' or ')}`);
    }
  }
  if (row.pro && !ctx.tenant.plan.pro) throw forbidden('plan', 'this operation needs a Pro plan');
  if (row.unrestrictedOnly && ctx.selection) {
    throw forbidden('selection', 'this operation needs a token for all monitors (this one is restricted)');
  }
}

/** Selected-monitor tokens only see their monitors; everything else is 404. */
export function canSee(ctx: AuthContext, monitorId: string): boolean {
  return ctx.selection === null || ctx.selection.has(monitorId);
}

/** A monitor of the token's tenant and selection, else 404 (a malformed id is 404 too). */
export function monitorVisibleTo(store: Store, auth: AuthContext, id: string | undefined): MonitorRecord {
  if (!id || !ID_PATTERNS.monitorId.test(id)) throw notFound('monitor');
  const m = store.monitor(id.toLowerCase());
  if (!m || m.tenantId !== auth.tenant.id || !canSee(auth, m.id)) throw notFound('monitor');
  return m;
}

const authentication: FastifyPluginCallback<{ store: Store }> = (app, { store }, done) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (req, _reply, next) => {
    if (!req.row || req.row.scopes === 'none') return next();
    try {
      req.auth = authenticate(store, req.headers.authorization);
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  app.addHook('preParsing', (req, _reply, payload, next) => {
    if (!req.auth) return next(null, payload);
    try {
      authorize(req.row!, req.auth);
      next(null, payload);
    } catch (err) {
      next(err as Error);
    }
  });
  done();
};

export const authPlugin = fp(authentication, { name: 'auth', dependencies: ['endpoint-row'] });
