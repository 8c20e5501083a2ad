// What changed in the in-memory state since the last write, so a write touches only those records.
// Two ways, per collection:
// - marked: the code that changes a record says so (`mark`); the large collections (monitors, idempotency keys,
//   incidents, alerts, exports, webhook deliveries) are never scanned per write.
// - compared: the small dashboard-owned collections (tenants, tokens, destinations, webhook endpoints, the domain
//   expiry source, usage counters) are compared record by record with what was last written, which also catches the
//   changes made in place without a mark.
// A marked id whose record is gone from the state is written as a removal. Check results are rows of their own:
// appends and prunes are kept in order.
import type { ChangeSet, CheckRow } from './sqlite.js';

type Collections = Record<string, unknown>;

export class ChangeTracker {
  private readonly marked = new Map<string, Set<string>>();
  /** Compared collections: id → the JSON last written. */
  private readonly lastWritten = new Map<string, Map<string, string>>();
  /** check id → the check to add, or null to remove it (a check added and removed before a write is neither). */
  private readonly checks = new Map<string, CheckRow | null>();
  /** The compared records of the change set being written, applied to `lastWritten` once it is on disk. */
  private pendingCompared: { collection: string; id: string; json: string | null }[] = [];

  constructor(
    readonly markedCollections: readonly string[],
    readonly comparedCollections: readonly string[],
  ) {
    for (const c of comparedCollections) this.lastWritten.set(c, new Map());
  }

  /** The state as loaded from disk: nothing to write for it. */
  loaded(state: Collections): void {
    for (const [collection, written] of this.lastWritten) {
      written.clear();
      const records = (state[collection] ?? {}) as Record<string, unknown>;
      for (const id of Object.keys(records)) written.set(id, JSON.stringify(records[id]));
    }
  }

  mark(collection: string, id: string): void {
    let ids = this.marked.get(collection);
    if (!ids) this.marked.set(collection, (ids = new Set()));
    ids.add(id);
  }

  checkAdded(c: CheckRow): void {
    this.checks.set(c.id, c);
  }

  checkRemoved(c: CheckRow): void {
    if (this.checks.get(c.id)) this.checks.delete(c.id);
    else this.checks.set(c.id, null);
  }

  /**
   * The change set from the state as it is now. Nothing is forgotten until `committed()` says it is on disk, so a
   * failed write is retried with the next one.
   */
  collect(state: Collections): ChangeSet {
    const records: ChangeSet['records'] = [];
    for (const [collection, ids] of this.marked) {
      const all = state[collection] as Record<string, unknown>;
      for (const id of ids) {
        const rec = Object.prototype.hasOwnProperty.call(all, id) ? all[id] : undefined;
        records.push({ collection, id, json: rec === undefined ? null : JSON.stringify(rec) });
      }
    }
    const compared: typeof this.pendingCompared = [];
    for (const [collection, written] of this.lastWritten) {
      const all = state[collection] as Record<string, unknown>;
      let kept = 0;
      for (const id of Object.keys(all)) {
        const json = JSON.stringify(all[id]);
        const before = written.get(id);
        if (before !== undefined) kept++;
        if (before !== json) compared.push({ collection, id, json });
      }
      if (kept < written.size) {
        for (const id of written.keys())
          if (!Object.prototype.hasOwnProperty.call(all, id)) compared.push({ collection, id, json: null });
      }
    }
    this.pendingCompared = compared;
    records.push(...compared);
    const checks: ChangeSet['checks'] = [];
    for (const [id, c] of this.checks)
      checks.push({ id, monitorId: c?.monitorId ?? '', json: c === null ? null : JSON.stringify(c) });
    return { records, checks };
  }

  /** The change set from the last `collect()` is on disk. */
  committed(): void {
    this.marked.clear();
    this.checks.clear();
    for (const r of this.pendingCompared) {
      const w = this.lastWritten.get(r.collection)!;
      if (r.json === null) w.delete(r.id);
      else w.set(r.id, r.json);
    }
    this.pendingCompared = [];
  }
}

export const isEmpty = (c: ChangeSet): boolean => c.records.length === 0 && c.checks.length === 0;
