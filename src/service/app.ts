// The local service's entry point: createService opens the state (open-context.ts), builds the fastify app from the
// service's plugins and listens. The order of registration is the order of the checks (pipeline.ts).
import Fastify, { type FastifyInstance } from 'fastify';
import { connectionGuard } from '../http-server/connections.js';
import { dict } from '../api/index.js';
import { registerAdmin } from './admin/index.js';
import { responseLogPlugin, type ResponseInfo } from './response-log.js';
import { errorAnswersPlugin, routerErrors } from './error-answers.js';
import { authPlugin } from './auth.js';
import type { Clock } from './clock.js';
import type { ServiceContext } from './context.js';
import { endpointRowPlugin } from './endpoint-row.js';
import type { Engine } from './engine/index.js';
import { faultsPlugin, type Faults } from './faults.js';
import { clientErrorResponse, httpGuardsPlugin } from './http-guards.js';
import { idempotencyPlugin } from './idempotency.js';
import { newRequestId } from './ids.js';
import { jsonBodyPlugin } from './json-body.js';
import { openContext } from './open-context.js';
import { apiRoutesPlugin } from './pipeline.js';
import { profilesNamed, profilesPlugin, type Profile } from './profiles.js';
import { registerPublic } from './public-routes.js';
import { rateLimitPlugin } from './rate-limit.js';
import type { Seed } from './seed.js';
import { fastifyServerOptions, serverLimits, type ServerLimits } from './server-limits.js';
import type { Store } from './store.js';
import { DASHBOARD_PATH, registerDashboard } from './web/dashboard.js';

export type { ResponseInfo } from './response-log.js';

export interface ServiceOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** A seed object, or a path to a seed JSON file. Default: DEFAULT_SEED. Ignored when --data-dir has state. */
  seed?: Seed | string;
  /** Keep state across restarts. */
  dataDir?: string | null;
  /** Default: the seed's adminKey, else random. */
  adminKey?: string;
  /** Print unexpected errors (stack only, never request data) to stderr. Default true. */
  logErrors?: boolean;
  /**
   * Run the engine's background work: a timer drives due checks, alert steps, export jobs and webhook
   * deliveries, and moving the clock through the admin API runs what became due. Default true
   * (`uptimectl service --no-engine` turns it off). `POST /admin/engine/tick` and run-now work either way.
   */
  engine?: boolean;
  /** Scheduled checks (default true). `false` keeps exports, alerts and webhooks running without checks. */
  checks?: boolean;
  /**
   * Local mode: webhook endpoints may be loopback addresses (http or https, any port). Default: true
   * when listening on a loopback address.
   */
  localMode?: boolean;
  /** Checks running at once (default 512). */
  checkConcurrency?: number;
  /**
   * Called after each answered request (fastify's onResponse hook), e.g. to count a client's requests by endpoint
   * (`npm run bench:scale`). `route` is the API endpoint's path pattern (`/v1/monitors/{monitorId}`), fastify's
   * pattern for other routes, null when no route matched; `url` is the path and query as sent. Must not throw.
   */
  onResponse?: (r: ResponseInfo) => void;
  /**
   * Service profiles (profiles.ts): answer as another implementation that keeps the spec might, where it says "not
   * shown" or a field is nullable. Names (`'write-no-content,bare-etags'`) or the profiles themselves. Default: none.
   */
  profiles?: string | readonly string[] | readonly Profile[];
  /**
   * Test only: the per-token rate-limit window in whole seconds (1–60) instead of one minute; each token's
   * per-minute limit then applies per window, so tests of waiting for the allowance run in seconds. Default 60.
   */
  rateLimitWindowSeconds?: number;
  /**
   * Deadlines for slow clients, the bound on connections at once and the lingering close of early answers
   * (server-limits.ts; defaults: headers 10 s, whole request 30 s, keep-alive 5 s, 1,024 connections, linger 2 s
   * and 4 MiB).
   */
  limits?: Partial<ServerLimits>;
}

export interface RunningService {
  baseUrl: string;
  adminUrl: string;
  /** The local service's dashboard (a browser page; sign in with the admin key). */
  dashboardUrl: string;
  adminKey: string;
  /** Token values by name (`tenant:name` when a name is used by several tenants). */
  tokens: Record<string, string>;
  origin: string;
  store: Store;
  clock: Clock;
  faults: Faults;
  engine: Engine;
  app: FastifyInstance;
  /** Stops listening and flushes state. */
  close(): Promise<void>;
}

export function tokenTable(store: Store): Record<string, string> {
  const all = Object.values(store.state.tokens).filter((t) => !t.revoked);
  const out = dict<string>();
  for (const t of all) {
    const shared = all.filter((o) => o.name === t.name).length > 1;
    out[shared ? `${t.tenantId}:${t.name}` : t.name] = t.value;
  }
  return out;
}

function profilesOf(p: ServiceOptions['profiles']): readonly Profile[] {
  if (p === undefined) return [];
  if (typeof p === 'string') return profilesNamed(p);
  return p.map((x) => (typeof x === 'string' ? profilesNamed(x) : [x])).flat();
}

/** The fastify app: the plugins in the order of the checks they make, then the routes. */
function buildApp(svc: ServiceContext, limits: ServerLimits, o: ServiceOptions): FastifyInstance {
  const guard = connectionGuard(limits, (r) => clientErrorResponse(r, newRequestId()));
  const app = Fastify({
    ...fastifyServerOptions(guard),
    logger: false,
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: false,
    frameworkErrors: routerErrors(svc.store, svc.limiter),
  });
  guard.attach(app.server);
  app.register(errorAnswersPlugin, { logErrors: o.logErrors ?? true });
  app.register(endpointRowPlugin);
  app.register(responseLogPlugin, {
    log: svc.requestLog,
    ...(o.onResponse ? { onResponse: o.onResponse } : {}),
  });
  app.register(authPlugin, { store: svc.store });
  app.register(rateLimitPlugin, { limiter: svc.limiter });
  app.register(httpGuardsPlugin);
  app.register(idempotencyPlugin, { store: svc.store, idempotency: svc.idempotency });
  app.register(faultsPlugin, { faults: svc.faults });
  app.register(jsonBodyPlugin);
  app.register(profilesPlugin, { profiles: profilesOf(o.profiles), now: () => svc.clock.now() });
  app.register(apiRoutesPlugin, { svc });
  registerPublic(app, svc);
  registerAdmin(app, svc);
  registerDashboard(app, svc);
  return app;
}

/** Builds the app, loads state (data dir, else seed) and listens. */
export async function createService(options: ServiceOptions = {}): Promise<RunningService> {
  const limits = serverLimits(options.limits);
  const host = options.host ?? '127.0.0.1';
  const svc = await openContext({ ...options, host });
  const app = buildApp(svc, limits, options);
  const address = await app.listen({ port: options.port ?? 0, host });
  svc.engine.start();
  const url = new URL(address);
  const shown = url.hostname.includes(':') ? `[${url.hostname.replace(/^\[|\]$/g, '')}]` : url.hostname;
  svc.origin = `http://${shown}:${url.port}`;

  let closed = false;
  return {
    baseUrl: `${svc.origin}/v1`,
    adminUrl: `${svc.origin}/admin`,
    dashboardUrl: `${svc.origin}${DASHBOARD_PATH}`,
    adminKey: svc.adminKey,
    tokens: tokenTable(svc.store),
    origin: svc.origin,
    store: svc.store,
    clock: svc.clock,
    faults: svc.faults,
    engine: svc.engine,
    app,
    async close() {
      if (closed) return;
      closed = true;
      await svc.engine.close();
      await app.close();
      svc.store.close();
    },
  };
}
