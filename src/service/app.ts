// The local service's entry point: createService loads the state (data dir, else seed), builds the fastify app
// (request ids, JSON parsing, the authentication/allowance/authorization gate, error answers) and listens.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { dict, isLoopback, requireSecret, type Endpoint } from '../api/index.js';
import { registerAdmin } from './admin/index.js';
import { authenticate, authorize } from './auth.js';
import { Clock } from './clock.js';
import { Engine } from './engine/index.js';
import type { ServiceContext } from './context.js';
import { ApiError, errorBody, fromFrameworkError } from './errors.js';
import {
  clientErrorResponse,
  closeOnUnreadBody,
  continueWhenReading,
  deferExpectations,
  exceedsDepth,
  MAX_JSON_DEPTH,
} from './http-guards.js';
import { Faults } from './faults.js';
import { Idempotency } from './idempotency.js';
import { newRequestId } from './ids.js';
import { SqliteState } from './persistence/sqlite.js';
import { MALFORMED_JSON, registerApi, TOO_DEEP, type Gate } from './pipeline.js';
import { registerPublic } from './public-routes.js';
import { profilesNamed, registerProfiles, type Profile } from './profiles.js';
import { RATE_LIMIT_WINDOW_SECONDS, RateLimiter } from './rate-limit.js';
import { fingerprints } from './render.js';
import { send } from './reply.js';
import { applySeed, DEFAULT_SEED, readSeedFile, type Seed } from './seed.js';
import {
  fastifyServerOptions,
  isLingering,
  lingeringClose,
  lingerOnClose,
  serverLimits,
  type ServerLimits,
} from './server-limits.js';
import { Store } from './store.js';
import { DASHBOARD_PATH, registerDashboard } from './web/dashboard.js';
import { PageStats } from './web/page-stats.js';
import { RequestLog } from './web/request-log.js';

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

export interface ResponseInfo {
  method: string;
  url: string;
  route: string | null;
  status: number;
  /** When the request arrived (epoch milliseconds). */
  receivedAt: number;
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

function rateLimitWindowMs(seconds: number | undefined): number {
  if (seconds === undefined) return 60_000;
  const { min, max } = RATE_LIMIT_WINDOW_SECONDS;
  if (!Number.isInteger(seconds) || seconds < min || seconds > max)
    throw new RangeError(`rateLimitWindowSeconds must be a whole number of seconds from ${min} to ${max}`);
  return seconds * 1000;
}

/** Builds the app, loads state (data dir, else seed) and listens. */
export async function createService(options: ServiceOptions = {}): Promise<RunningService> {
  // Options are checked before anything is opened.
  const limits = serverLimits(options.limits);
  if (options.adminKey !== undefined) requireSecret('adminKey', options.adminKey);
  const clock = new Clock();
  // libsql is imported only here, when there is a data directory.
  const db = options.dataDir ? await SqliteState.open(options.dataDir) : null;
  const store = new Store(clock, db, fingerprints);
  const logErrors = options.logErrors ?? true;
  const host = options.host ?? '127.0.0.1';
  const engineRunning = options.engine ?? true;
  const svc: ServiceContext = {
    store,
    clock,
    limiter: new RateLimiter(store, rateLimitWindowMs(options.rateLimitWindowSeconds)),
    idempotency: new Idempotency(store),
    faults: new Faults(),
    adminKey: '',
    linkSecret: randomBytes(32).toString('hex'),
    origin: '',
    engine: undefined as unknown as Engine,
    engineRunning,
    pageStats: new PageStats(),
    requestLog: new RequestLog(),
  };

  let seedAdminKey: string | undefined;
  const loaded = store.load();
  // Created once the persisted state is loaded: it indexes open incidents, moving alerts and pending
  // deliveries. The seed's monitors then queue their first checks like API-created ones.
  svc.engine = new Engine(store, clock, {
    checks: options.checks ?? true,
    background: engineRunning,
    localMode: options.localMode ?? isLoopback(host),
    ...(options.checkConcurrency ? { concurrency: options.checkConcurrency } : {}),
  });
  if (!loaded) {
    try {
      const seed =
        typeof options.seed === 'string' ? readSeedFile(options.seed) : (options.seed ?? DEFAULT_SEED);
      // One transaction: a seed that fails leaves the data directory as new as it was.
      seedAdminKey = store.batch(() => applySeed(svc, seed), false).adminKey;
    } catch (err) {
      db?.close();
      throw err;
    }
  }
  svc.adminKey = options.adminKey ?? seedAdminKey ?? `adm_${randomBytes(20).toString('hex')}`;

  const gates = new WeakMap<FastifyRequest, Gate>();
  /** Connections whose parser failed while an answer was in flight: they end after that answer. */
  const closingAfter = new WeakSet<Socket>();

  const app = Fastify({
    ...fastifyServerOptions(limits),
    logger: false,
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: false,
    // Requests the router cannot take (bad percent-encoding in the path): same error body, request id, and for
    // the v1 API the same authentication and rate limiting as any other request.
    frameworkErrors: (error, req, reply) => {
      reply.header('x-request-id', req.id);
      let rl: Record<string, string> | undefined;
      try {
        if (req.url.startsWith('/v1/'))
          rl = svc.limiter.consume(authenticate(store, req.headers.authorization));
      } catch (err) {
        const e = fromFrameworkError(err);
        return send(reply, e.status, errorBody(e, req.id), e.extra.headers);
      }
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'the request path is not valid: malformed percent-encoding'
          : 'the request could not be routed';
      const e = new ApiError('validation_failed', message, {
        details: [{ field: 'path', rule: 'format', message }],
      });
      return send(reply, 400, errorBody(e, req.id), rl);
    },
    // Requests Node's HTTP parser refuses (malformed request line, headers over 16 KB) never reach fastify:
    // they get the documented error body and an X-Request-Id all the same.
    // Answered like any early answer: written, then a lingering close (server-limits.ts), so a client that keeps
    // sending reads it and one that never reads is released all the same.
    clientErrorHandler: (err: Error & { code?: string }, socket: Socket) => {
      if (isLingering(socket) || closingAfter.has(socket)) return; // already answered; the linger ends it
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      // Bytes the parser refuses after a request it took (pipelined): that request's answer goes first and whole
      // (RFC 9112 §9.3.2: answers in request order), then the connection ends; the bad bytes get no answer of their
      // own (§9.6). Writing the 400 now would put it before the answer in flight, which a client reads as the
      // answer to its request (a POST that did create its monitor read as refused), or cut that answer short.
      // (A request still incomplete is the one the error is about: a body that never ends, a bad chunk.)
      const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (pending && !pending.writableFinished && pending.req.complete) {
        closingAfter.add(socket);
        if (!pending.headersSent) pending.shouldKeepAlive = false;
        pending.once('finish', () => lingeringClose(socket, limits));
        pending.once('close', () => lingeringClose(socket, limits));
        return;
      }
      if (pending?.headersSent) {
        socket.destroy();
        return;
      }
      socket.write(clientErrorResponse(err.code, newRequestId()));
      lingeringClose(socket, limits);
    },
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      // Bounded nesting keeps every later walk of the body (fingerprint, validation) shallow.
      if (exceedsDepth(text, MAX_JSON_DEPTH)) return done(null, TOO_DEEP);
      done(null, JSON.parse(text));
    } catch {
      // Answered 400 by the pipeline after authentication (401 comes first).
      done(null, MALFORMED_JSON);
    }
  });

  // Authentication, the allowance and authorization run first, before the body is read or its media type
  // checked: 401 → 429 → 403 come before any 400/413 about the request itself (docs/api-decisions.md).
  // Arrival times for onResponse, taken when the request arrives: `Date.now() - reply.elapsedTime` mixes a
  // millisecond wall clock with a sub-millisecond timer, and put two requests of the same millisecond out of order.
  const arrivals = new WeakMap<object, number>();
  app.addHook('onRequest', (req, reply, done) => {
    if (options.onResponse) arrivals.set(req, Date.now());
    reply.header('x-request-id', req.id);
    const row = (req.routeOptions.config as { row?: Endpoint } | undefined)?.row;
    if (!row || row.scopes === 'none') return done();
    try {
      const auth = authenticate(store, req.headers.authorization);
      gates.set(req, { auth, rl: svc.limiter.consume(auth) });
      authorize(row, auth);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // `100 Continue` only after the gate above and within the body limit; other expectations ignored (http-guards.ts).
  deferExpectations(app.server);
  app.addHook('preParsing', continueWhenReading);
  app.addHook('onSend', closeOnUnreadBody);
  registerProfiles(app, profilesOf(options.profiles), () => clock.now());

  const onResponse = options.onResponse;
  app.addHook('onResponse', (req, reply, done) => {
    const path = req.url.split('?')[0]!;
    // The dashboard's own polling is not what a developer wants to see in the request log.
    if (!path.startsWith(DASHBOARD_PATH)) {
      const auth = gates.get(req)?.auth;
      const admin = path.startsWith('/admin/') && reply.statusCode !== 401;
      svc.requestLog.add({
        at: Date.now() - reply.elapsedTime,
        method: req.method,
        path,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        requestId: req.id,
        tenantId: auth?.tenant.id ?? null,
        token: auth ? auth.token.name : admin ? 'admin' : null,
        idempotency: req.headers['idempotency-key']
          ? reply.getHeader('idempotent-replayed') === 'true'
            ? 'replayed'
            : 'sent'
          : null,
        ifMatch: req.headers['if-match'] ? (reply.statusCode === 412 ? 'failed' : 'matched') : null,
      });
    }
    if (onResponse) {
      const row = (req.routeOptions.config as { row?: Endpoint } | undefined)?.row;
      onResponse({
        method: req.method,
        url: req.url,
        route: row ? `/v1${row.path}` : (req.routeOptions.url ?? null),
        status: reply.statusCode,
        receivedAt: arrivals.get(req) ?? Date.now() - reply.elapsedTime,
      });
    }
    done();
  });

  app.setErrorHandler((err, req, reply) => {
    const e = fromFrameworkError(err);
    if (e.code === 'internal' && logErrors) process.stderr.write(`service error: ${(err as Error).stack}\n`);
    reply.header('x-request-id', req.id);
    return send(reply, e.status, errorBody(e, req.id), { ...gates.get(req)?.rl, ...e.extra.headers });
  });

  app.setNotFoundHandler((req, reply) => {
    return send(
      reply,
      404,
      errorBody(new ApiError('not_found', `no route ${req.method} ${req.url.split('?')[0]}`), req.id),
    );
  });

  registerApi(app, svc, gates, logErrors);
  registerPublic(app, svc);

  registerAdmin(app, svc);
  registerDashboard(app, svc);

  app.server.maxConnections = limits.maxConnections;
  // Every answer that ends its connection (`Connection: close`: a large body left unread, the client's own
  // request) ends it by lingering, like the answers above.
  app.server.on('connection', (socket: Socket) => lingerOnClose(socket, limits));
  // CONNECT asks for a tunnel, which only a proxy opens: without a listener Node drops the connection without a
  // word. Answered as a request the service cannot take (400, rule http; RFC 9112 §3.2.3: authority-form is for a
  // proxy), then closed like any early answer.
  app.server.on('connect', (_req: unknown, socket: Socket) => {
    socket.write(clientErrorResponse(undefined, newRequestId()));
    lingeringClose(socket, limits);
  });
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
    tokens: tokenTable(store),
    origin: svc.origin,
    store,
    clock,
    faults: svc.faults,
    engine: svc.engine,
    app,
    async close() {
      if (closed) return;
      closed = true;
      await svc.engine.close();
      await app.close();
      store.close();
    },
  };
}
