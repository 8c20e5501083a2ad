// Export jobs off the request path: queued → processing (next engine tick) → ready (the CSV artifact
// is built in slices that yield to the event loop, and is ready no sooner than EXPORT_PROCESSING_MS of
// service time later) or failed (more than 50,000 matching rows); ready → expired 6 h after completion.
import type { CheckResult } from '../../api/index.js';
import { EXPORT_ARTIFACT_TTL_HOURS, EXPORT_MAX_ROWS } from '../../api/index.js';
import type { ExportRecord, Store } from '../store.js';
import { lowerBound } from './summary.js';

/** Service time an export spends in `processing` at least (so the state can be observed). */
export const EXPORT_PROCESSING_MS = 5_000;
const HOUR = 3_600_000;
const SLICE = 5_000;

export const CSV_HEADER = 'checkedAt,status,httpStatus,responseTimeMs,failureCategory,failureReason\n';

/** RFC 4180 quoting; cells that a spreadsheet would run as a formula get a leading apostrophe. */
function cell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function matches(e: ExportRecord, k: CheckResult): boolean {
  const f = e.filters;
  if (f.status !== 'all' && k.status !== f.status) return false;
  if (f.statusCode !== null && f.statusCode !== undefined && k.httpStatus !== f.statusCode) return false;
  if (
    f.failureCategory !== null &&
    f.failureCategory !== undefined &&
    k.failureCategory !== f.failureCategory
  )
    return false;
  if (f.minLatencyMs !== null && f.minLatencyMs !== undefined && (k.responseTimeMs ?? -1) < f.minLatencyMs)
    return false;
  if (
    f.maxLatencyMs !== null &&
    f.maxLatencyMs !== undefined &&
    (k.responseTimeMs === null || k.responseTimeMs > f.maxLatencyMs)
  )
    return false;
  return true;
}

const yieldNow = () => new Promise<void>((r) => setImmediate(r));

export class ExportWorker {
  /** CSV artifacts by export id (kept in memory; rebuilt from retained checks after a restart). */
  readonly artifacts = new Map<string, string>();
  private readonly building = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly onCompleted: (e: ExportRecord) => void,
  ) {}
  /** Starts due work; returns the builds in progress. */
  runDue(now: number): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const e of Object.values(this.store.state.exports)) {
      if (e.status === 'queued') {
        e.status = 'processing';
        e.updatedAt = new Date(now).toISOString();
        this.store.touch('exports', e.id);
        this.store.markCountersDirty();
      } else if (e.status === 'processing' && !this.building.has(e.id)) {
        const started = Date.parse(e.updatedAt ?? e.createdAt);
        if (now < started + EXPORT_PROCESSING_MS) continue;
        const p = this.build(e, now).finally(() => this.building.delete(e.id));
        this.building.set(e.id, p);
        out.push(p);
      } else if (e.status === 'ready' && e.expiresAt && Date.parse(e.expiresAt) <= now) {
        e.status = 'expired';
        e.updatedAt = e.expiresAt;
        this.artifacts.delete(e.id);
        this.store.touch('exports', e.id);
        this.store.markCountersDirty();
      }
    }
    return out;
  }

  get busy(): number {
    return this.building.size;
  }

  private async build(e: ExportRecord, now: number): Promise<void> {
    const r = await this.render(e);
    if (e.status !== 'processing') return; // changed meanwhile (admin override)
    const iso = new Date(now).toISOString();
    e.updatedAt = iso;
    if ('error' in r) {
      e.status = 'failed';
      e.error = r.error;
      e.rowCount = r.rows;
      e.completedAt = iso;
    } else {
      e.status = 'ready';
      e.rowCount = r.rows;
      e.completedAt = iso;
      e.expiresAt = new Date(now + EXPORT_ARTIFACT_TTL_HOURS * HOUR).toISOString();
      this.artifacts.set(e.id, r.csv);
    }
    this.store.touch('exports', e.id);
    this.store.persist();
    this.onCompleted(e);
  }

  /** The CSV of an export's range and filters, built in slices. */
  async render(e: ExportRecord): Promise<{ csv: string; rows: number } | { error: string; rows: number }> {
    const checks = this.store.state.checks[e.monitorId] ?? [];
    const start = lowerBound(checks, e.range.from);
    let end = lowerBound(checks, e.range.to);
    while (end < checks.length && checks[end]!.checkedAt === e.range.to) end++; // `to` is inclusive
    const parts: string[] = [CSV_HEADER];
    let rows = 0;
    // Newest first, like GET /monitors/{id}/checks.
    for (let i = end - 1; i >= start; i--) {
      const k = checks[i]!;
      if (!matches(e, k)) continue;
      rows++;
      if (rows > EXPORT_MAX_ROWS) {
        return {
          error: `more than ${EXPORT_MAX_ROWS} check results match; narrow the range or the filters`,
          rows: EXPORT_MAX_ROWS + 1,
        };
      }
      parts.push(
        `${k.checkedAt},${k.status},${cell(k.httpStatus)},${cell(k.responseTimeMs)},${cell(k.failureCategory)},${cell(k.failureReason)}\n`,
      );
      if (rows % SLICE === 0) await yieldNow();
    }
    return { csv: parts.join(''), rows };
  }
}
