// The local service's state in memory (the Store): records by collection, their indexes (tokens by value, monitors
// by tenant, pages by slug, live monitors), version bumps on change, and when changes are written to --data-dir.
import { dict, hasRecord, type AlertChannel, type CheckResult } from '../api/index.js';
import type { Clock } from './clock.js';
import { hex, newVersion } from './ids.js';
import { LiveMonitors } from './live-monitors.js';
import { ChangeTracker, isEmpty } from './persistence/changes.js';
import type { SqliteState } from './persistence/sqlite.js';
import {
  emptyState,
  type DestinationRecord,
  type ExportRecord,
  type IdempotencyRecord,
  type MonitorRecord,
  type State,
  type TenantRecord,
  type TokenRecord,
} from './records.js';

export * from './records.js';

/** Content of each versioned representation, without version and updatedAt. */
type Fingerprints = { monitor: string; alert: string; page: string };

/** Collections whose changes are marked where they happen (`Store.touch`); never scanned per write. */
export type MarkedCollection =
  'monitors' | 'idempotency' | 'incidents' | 'alerts' | 'exports' | 'webhookDeliveries';
const MARKED: readonly MarkedCollection[] = [
  'monitors',
  'idempotency',
  'incidents',
  'alerts',
  'exports',
  'webhookDeliveries',
];
/** Small dashboard-owned collections, compared record by record at each write (changes need no mark). */
const COMPARED: readonly (keyof State)[] = [
  'tenants',
  'tokens',
  'destinations',
  'webhookEndpoints',
  'domainExpiry',
  'usage',
];

export class Store {
  state: State;
  private readonly tokensByValue = new Map<string, TokenRecord>();
  private readonly monitorsByTenant = new Map<string, MonitorRecord[]>();
  private readonly pagesBySlug = new Map<string, MonitorRecord>();
  private readonly live = new LiveMonitors<MonitorRecord>();
  /** Render cache, invalidated by version changes (see render.ts). */
  readonly renderCache = new Map<string, { version: string; json: string }>();
  private dirtyCounters = false;
  /** --data-dir: what changed since the last write. null: state in memory only. */
  private readonly changes: ChangeTracker | null;
  private batchDepth = 0;
  private batchWrite = false;

  constructor(
    readonly clock: Clock,
    private db: SqliteState | null,
    private readonly fingerprint: (m: MonitorRecord) => Fingerprints,
  ) {
    this.state = emptyState();
    this.changes = db ? new ChangeTracker(MARKED, COMPARED) : null;
    if (db) {
      // Every collection is written one way or the other (checks: rows of their own).
      for (const k of Object.keys(this.state) as (keyof State)[]) {
        if (k === 'schema' || k === 'checks') continue;
        if (!(MARKED as readonly string[]).includes(k) && !COMPARED.includes(k))
          throw new Error(`state collection ${k} has no persistence rule (src/service/store.ts)`);
      }
    }
  }

  /** Loads persisted state; false when there is none (a new data directory, or no --data-dir). */
  load(): boolean {
    if (!this.db || !this.changes) return false;
    const loaded = this.db.load();
    if (!loaded.initialized) return false;
    const state = emptyState() as unknown as Record<string, unknown>;
    for (const [k, records] of Object.entries(loaded.collections))
      if (hasRecord(state, k) && k !== 'schema') state[k] = dict(records);
    this.state = state as unknown as State;
    this.state.checks = dict(loaded.checks) as unknown as State['checks'];
    this.changes.loaded(this.state as unknown as Record<string, unknown>);
    this.reindex();
    return true;
  }

  reindex(): void {
    this.tokensByValue.clear();
    this.monitorsByTenant.clear();
    this.pagesBySlug.clear();
    this.renderCache.clear();
    this.live.clear();
    for (const t of Object.values(this.state.tokens)) this.tokensByValue.set(t.value, t);
    // One sort per tenant (inserting one by one would move the list on every insert).
    for (const m of Object.values(this.state.monitors)) {
      let list = this.monitorsByTenant.get(m.tenantId);
      if (!list) this.monitorsByTenant.set(m.tenantId, (list = []));
      list.push(m);
      if (m.page.slug) this.pagesBySlug.set(m.page.slug, m);
      this.live.update(m);
    }
    for (const list of this.monitorsByTenant.values()) list.sort(compareOrder);
  }

  /**
   * With --data-dir, writes every record changed since the last write in one transaction (WAL, fsync at
   * commit) before the write is acknowledged. Inside `batch()`, once at its end.
   */
  persist(): void {
    this.dirtyCounters = false;
    if (!this.db || !this.changes) return;
    if (this.batchDepth > 0) {
      this.batchWrite = true;
      return;
    }
    const c = this.changes.collect(this.state as unknown as Record<string, unknown>);
    if (!isEmpty(c)) this.db.write(c);
    this.changes.committed();
  }

  /**
   * Runs one operation whose writes are one transaction: `persist()` calls inside it write once, at the end.
   * When it throws, what it changed in memory is written all the same, unless `writeOnError` is false (the
   * caller discards the state: a seed that fails stops the start).
   */
  batch<T>(op: () => T, writeOnError = true): T {
    this.batchDepth++;
    let ok = false;
    try {
      const r = op();
      ok = true;
      return r;
    } finally {
      if (--this.batchDepth === 0) {
        const write = this.batchWrite && (ok || writeOnError);
        this.batchWrite = false;
        if (write) this.persist();
      }
    }
  }

  /** Request counters change on every call; they are written with the next write or on close. */
  markCountersDirty(): void {
    this.dirtyCounters = true;
  }

  /** Writes what is pending (counters, observations, engine records): the engine every 10 s, and close. */
  flush(): void {
    if (this.dirtyCounters || this.changes) this.persist();
  }

  /** Flushes and closes the data directory's database. */
  close(): void {
    this.flush();
    this.db?.close();
    this.db = null;
  }

  /** A record of a marked collection was added, changed or removed (removed: it is gone from `state`). */
  touch(collection: MarkedCollection, id: string): void {
    this.changes?.mark(collection, id);
  }

  /** A check result was appended to `state.checks`, and the ones pruned by retention were removed. */
  checkAppended(c: CheckResult, pruned: readonly CheckResult[]): void {
    if (!this.changes) return;
    this.changes.checkAdded(c);
    for (const p of pruned) this.changes.checkRemoved(p);
  }

  // ----- tenants, tokens, destinations -----

  tenant(id: string): TenantRecord | undefined {
    return this.state.tenants[id];
  }

  putTenant(t: TenantRecord): void {
    this.state.tenants[t.id] = t;
  }

  tokenByValue(value: string): TokenRecord | undefined {
    return this.tokensByValue.get(value);
  }

  putToken(t: TokenRecord): void {
    const old = this.state.tokens[t.id];
    if (old) this.tokensByValue.delete(old.value);
    this.state.tokens[t.id] = t;
    this.tokensByValue.set(t.value, t);
  }

  deleteToken(id: string): boolean {
    const t = this.state.tokens[id];
    if (!t) return false;
    this.tokensByValue.delete(t.value);
    delete this.state.tokens[id];
    return true;
  }

  destinations(tenantId: string): DestinationRecord[] {
    return Object.values(this.state.destinations).filter((d) => d.tenantId === tenantId);
  }

  putDestination(d: DestinationRecord): void {
    if (d.isDefault) {
      for (const o of this.destinations(d.tenantId))
        if (o.channel === d.channel && o.id !== d.id) o.isDefault = false;
    }
    this.state.destinations[d.id] = d;
  }

  // ----- monitors -----

  monitor(id: string): MonitorRecord | undefined {
    return this.state.monitors[id];
  }

  /** The tenant's monitors ordered by createdAt, then id (stable list order). */
  monitorsOf(tenantId: string): readonly MonitorRecord[] {
    return this.monitorsByTenant.get(tenantId) ?? [];
  }

  /** The first non-archived monitor of the tenant with the same normalized URL and method, except `self`. */
  liveDuplicate(tenantId: string, url: string, method: string, self?: string): MonitorRecord | undefined {
    return this.live.find(tenantId, url, method, self);
  }

  /** How many of the tenant's monitors are not archived (what the plan's capacity counts). */
  liveCount(tenantId: string): number {
    return this.live.liveCount(tenantId);
  }

  pageBySlug(slug: string): MonitorRecord | undefined {
    return this.pagesBySlug.get(slug);
  }

  insertMonitor(m: MonitorRecord): void {
    this.state.monitors[m.id] = m;
    this.indexMonitor(m);
    this.touch('monitors', m.id);
  }

  private indexMonitor(m: MonitorRecord): void {
    let list = this.monitorsByTenant.get(m.tenantId);
    if (!list) this.monitorsByTenant.set(m.tenantId, (list = []));
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareOrder(list[mid]!, m) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, m);
    if (m.page.slug) this.pagesBySlug.set(m.page.slug, m);
    this.live.update(m);
  }

  /**
   * Runs a change on a monitor and gives a new version (and updatedAt) to each representation
   * whose content changed: the monitor, its alert settings, its status page. A change that
   * changes nothing keeps every version. Persists before returning.
   */
  mutateMonitor(m: MonitorRecord, change: (m: MonitorRecord) => void): { changed: boolean } {
    const before = this.fingerprint(m);
    const oldSlug = m.page.slug;
    change(m);
    const after = this.fingerprint(m);
    const now = this.clock.iso();
    let changed = false;
    if (before.monitor !== after.monitor) {
      m.counter += 1;
      m.version = newVersion(m.counter);
      m.updatedAt = now;
      changed = true;
    }
    if (before.alert !== after.alert) {
      m.alert.counter += 1;
      m.alert.version = newVersion(m.alert.counter);
      changed = true;
    }
    if (before.page !== after.page) {
      m.page.counter += 1;
      m.page.version = newVersion(m.page.counter);
      m.page.updatedAt = now;
      changed = true;
    }
    if (oldSlug !== m.page.slug) {
      if (oldSlug) this.pagesBySlug.delete(oldSlug);
      if (m.page.slug) this.pagesBySlug.set(m.page.slug, m);
    }
    this.live.update(m);
    this.touch('monitors', m.id);
    if (changed) this.persist();
    return { changed };
  }

  /**
   * Runs a change to a monitor's observation fields (status from checks, lastCheckAt, responseTimeMs,
   * httpStatus, expiry observations, slow-response state, checkQueuedAt). These are volatile runtime
   * data: the version tokens and `updatedAt` stay as they are (docs/api-decisions.md, "Checks
   * engine"), the render cache entry is dropped, and the change is written with the next write
   * (or the engine's periodic flush), not synchronously.
   */
  observe(m: MonitorRecord, change: (m: MonitorRecord) => void): void {
    change(m);
    this.renderCache.delete(m.id);
    this.touch('monitors', m.id);
    this.dirtyCounters = true;
  }

  // ----- exports, incidents, alerts, checks (filled by the engine, src/service/engine) -----

  exportsOf(tenantId: string): ExportRecord[] {
    return Object.values(this.state.exports).filter((e) => e.tenantId === tenantId);
  }

  // ----- idempotency -----

  idempotency(key: string): IdempotencyRecord | undefined {
    return this.state.idempotency[key];
  }

  putIdempotency(key: string, rec: IdempotencyRecord): void {
    this.state.idempotency[key] = rec;
    this.touch('idempotency', key);
    this.persist();
  }

  dropIdempotency(key: string): void {
    delete this.state.idempotency[key];
    this.touch('idempotency', key);
  }

  /** Forgets keys older than `retentionMs` (called opportunistically). */
  sweepIdempotency(retentionMs: number): void {
    const cutoff = this.clock.now() - retentionMs;
    for (const [k, r] of Object.entries(this.state.idempotency))
      if (r.createdAt < cutoff) {
        delete this.state.idempotency[k];
        this.touch('idempotency', k);
      }
  }
}

export function compareOrder(a: MonitorRecord, b: MonitorRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const newDestinationId = (channel: AlertChannel): string => `dest_${channel}_${hex(12)}`;
