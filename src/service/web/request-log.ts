// The request log the dashboard shows: the last API and admin calls the service answered (method, path without
// its query, status, time taken, the token's name — never its value —, Idempotency-Key use and If-Match results).
// A fixed-size ring buffer filled by an onResponse hook, so memory stays bounded however long the service runs.

export interface RequestLogEntry {
  seq: number;
  /** Wall-clock time the request arrived (epoch milliseconds). */
  at: number;
  method: string;
  /** The path as sent, without the query string (export download links carry a signature there). */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  tenantId: string | null;
  /** The API token's name; `admin` for the admin API; null when unauthenticated. */
  token: string | null;
  /** `sent`: the request had an Idempotency-Key and ran; `replayed`: the stored answer was replayed. */
  idempotency: 'sent' | 'replayed' | null;
  /** `matched`: the If-Match precondition held; `failed`: 412. null: no If-Match header. */
  ifMatch: 'matched' | 'failed' | null;
}

export const REQUEST_LOG_SIZE = 500;

export class RequestLog {
  private readonly ring: (RequestLogEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(readonly size = REQUEST_LOG_SIZE) {
    this.ring = new Array(size);
  }

  add(e: Omit<RequestLogEntry, 'seq'>): void {
    this.ring[this.next] = { seq: ++this.seq, ...e };
    this.next = (this.next + 1) % this.size;
  }

  /** Entries newest first, at most `limit`, optionally only one tenant's. */
  recent(limit: number, tenantId?: string): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    for (let i = 1; i <= this.size && out.length < limit; i++) {
      const e = this.ring[(this.next - i + this.size) % this.size];
      if (!e) break;
      if (tenantId === undefined || e.tenantId === tenantId) out.push(e);
    }
    return out;
  }

  /** Sequence number of the newest entry (0: none yet). */
  get latest(): number {
    return this.seq;
  }
}
