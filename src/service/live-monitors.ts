// The tenant's non-archived monitors by normalized URL and request method, and their count: the duplicate and
// plan-capacity checks of create, update and reactivate look them up instead of scanning the tenant's monitors.
import { duplicateKey as keyOf } from '../api/duplicate.js';

/** What the index reads of a monitor record. */
export interface LiveMonitor {
  id: string;
  tenantId: string;
  url: string;
  requestMethod: string;
  archived: boolean;
  createdAt: string;
}

export class LiveMonitors<M extends LiveMonitor> {
  /** tenant → key → monitors (normally one: creates and updates refuse a second). */
  private readonly byKey = new Map<string, Map<string, Set<M>>>();
  private readonly count = new Map<string, number>();
  /** The key each indexed monitor is filed under. */
  private readonly filed = new Map<M, string>();

  clear(): void {
    this.byKey.clear();
    this.count.clear();
    this.filed.clear();
  }

  /** Files, moves or drops the monitor after a change of URL, method or archived state. */
  update(m: M): void {
    const before = this.filed.get(m);
    const after = m.archived ? undefined : keyOf(m.url, m.requestMethod);
    if (before === after) return;
    if (before !== undefined) {
      const keys = this.byKey.get(m.tenantId)!;
      const set = keys.get(before)!;
      set.delete(m);
      if (set.size === 0) keys.delete(before);
      this.filed.delete(m);
      this.count.set(m.tenantId, this.count.get(m.tenantId)! - 1);
    }
    if (after !== undefined) {
      let keys = this.byKey.get(m.tenantId);
      if (!keys) this.byKey.set(m.tenantId, (keys = new Map()));
      let set = keys.get(after);
      if (!set) keys.set(after, (set = new Set()));
      set.add(m);
      this.filed.set(m, after);
      this.count.set(m.tenantId, (this.count.get(m.tenantId) ?? 0) + 1);
    }
  }

  /** The first (by createdAt, then id) non-archived monitor of the tenant with this URL and method, except `self`. */
  find(tenantId: string, url: string, method: string, self?: string): M | undefined {
    const set = this.byKey.get(tenantId)?.get(keyOf(url, method));
    let first: M | undefined;
    for (const m of set ?? []) {
      if (m.id === self) continue;
      if (!first || m.createdAt < first.createdAt || (m.createdAt === first.createdAt && m.id < first.id))
        first = m;
    }
    return first;
  }

  /** The tenant's non-archived monitors. */
  liveCount(tenantId: string): number {
    return this.count.get(tenantId) ?? 0;
  }
}
