// The service's state before it listens: the store (a data directory's, else a new one filled from the seed), the
// clock, the engine and the per-request helpers every part shares (ServiceContext).
import { randomBytes } from 'node:crypto';
import { isLoopback, requireSecret } from '../api/index.js';
import { Clock } from './clock.js';
import type { ServiceContext } from './context.js';
import { Engine } from './engine/index.js';
import { Faults } from './faults.js';
import { Idempotency } from './idempotency.js';
import { SqliteState } from './persistence/sqlite.js';
import { RateLimiter, rateLimitWindowMs } from './rate-limit.js';
import { fingerprints } from './render.js';
import { applySeed, DEFAULT_SEED, readSeedFile, type Seed } from './seed.js';
import { Store } from './store.js';
import { PageStats } from './web/page-stats.js';
import { RequestLog } from './web/request-log.js';

export interface ContextOptions {
  host: string;
  seed?: Seed | string;
  dataDir?: string | null;
  adminKey?: string;
  engine?: boolean;
  checks?: boolean;
  localMode?: boolean;
  checkConcurrency?: number;
  rateLimitWindowSeconds?: number;
}

/** Loads or seeds the state and builds the context; `origin` is set once the service listens. */
export async function openContext(o: ContextOptions): Promise<ServiceContext> {
  // Options are checked before anything is opened.
  if (o.adminKey !== undefined) requireSecret('adminKey', o.adminKey);
  const windowMs = rateLimitWindowMs(o.rateLimitWindowSeconds);
  const clock = new Clock();
  // libsql is imported only here, when there is a data directory.
  const db = o.dataDir ? await SqliteState.open(o.dataDir) : null;
  const store = new Store(clock, db, fingerprints);
  const engineRunning = o.engine ?? true;
  const loaded = store.load();
  const svc: ServiceContext = {
    store,
    clock,
    limiter: new RateLimiter(store, windowMs),
    idempotency: new Idempotency(store),
    faults: new Faults(),
    adminKey: '',
    linkSecret: randomBytes(32).toString('hex'),
    origin: '',
    // Created once the persisted state is loaded: it indexes open incidents, moving alerts and pending
    // deliveries. The seed's monitors then queue their first checks like API-created ones.
    engine: new Engine(store, clock, {
      checks: o.checks ?? true,
      background: engineRunning,
      localMode: o.localMode ?? isLoopback(o.host),
      ...(o.checkConcurrency ? { concurrency: o.checkConcurrency } : {}),
    }),
    engineRunning,
    pageStats: new PageStats(),
    requestLog: new RequestLog(),
  };
  let seedAdminKey: string | undefined;
  if (!loaded) {
    try {
      const seed = typeof o.seed === 'string' ? readSeedFile(o.seed) : (o.seed ?? DEFAULT_SEED);
      // One transaction: a seed that fails leaves the data directory as new as it was.
      seedAdminKey = store.batch(() => applySeed(svc, seed), false).adminKey;
    } catch (err) {
      db?.close();
      throw err;
    }
  }
  svc.adminKey = o.adminKey ?? seedAdminKey ?? `adm_${randomBytes(20).toString('hex')}`;
  return svc;
}
