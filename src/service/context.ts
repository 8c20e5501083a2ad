// What the route handlers share: the service context, the request context, result helpers, parsing, pagination.
import type { z } from 'zod';
import type { Endpoint } from '../api/index.js';
import { describeIssues, quoteEtag } from '../api/index.js';
import type { AuthContext } from './auth.js';
import { monitorVisibleTo } from './auth.js';
import type { Clock } from './clock.js';
import type { Engine } from './engine/index.js';
import { ApiError, validation } from './errors.js';
import type { Faults } from './faults.js';
import type { Idempotency } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import type { MonitorRecord, Store } from './store.js';
import type { PageStats } from './web/page-stats.js';
import type { RequestLog } from './web/request-log.js';

/** Everything the route modules share. */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  limiter: RateLimiter;
  idempotency: Idempotency;
  faults: Faults;
  adminKey: string;
  /** Secret for signing download links. */
  linkSecret: string;
  /** `http://host:port`, known once listening. */
  origin: string;
  /** Checks engine and background work (src/service/engine). */
  engine: Engine;
  /** Whether the engine runs due work when the clock moves and on its own timer. */
  engineRunning: boolean;
  /** What the HTML status pages need from the checks, kept up to date incrementally (src/service/web). */
  pageStats: PageStats;
  /** The dashboard's request log: the last calls answered (a bounded ring buffer). */
  requestLog: RequestLog;
}

export interface Ctx {
  svc: ServiceContext;
  row: Endpoint;
  auth: AuthContext;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** If-Match entity tags unquoted (`parseIfMatch`, src/api/etag.ts); null when the header is absent. */
  ifMatch: string[] | null;
}

export interface Result {
  status?: number;
  /** Serialized JSON body. */
  json: string;
  headers?: Record<string, string>;
}

export type Handler = (c: Ctx) => Result;

export const single = (json: string, headers?: Record<string, string>, status?: number): Result => ({
  json: `{"data":${json}}`,
  ...(headers ? { headers } : {}),
  ...(status ? { status } : {}),
});

export const etag = (version: string): Record<string, string> => ({ etag: quoteEtag(version) });

// `reportInput` lets describeIssues tell a missing field ("required") from a wrong type ("type").
// The input is never copied into the error body.
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw validation(describeIssues(r.error.issues));
  return r.data;
}

/** Query strings: as parsed by fastify; repeated parameters are rejected by the schemas. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const r = schema.safeParse(query ?? {}, { reportInput: true });
  if (!r.success) throw validation(describeIssues(r.error.issues));
  return r.data;
}

/** A monitor of the token's tenant and selection, else 404 (a malformed id is 404 too). */
export function loadMonitor(c: Ctx, id: string | undefined = c.params.monitorId): MonitorRecord {
  return monitorVisibleTo(c.svc.store, c.auth, id);
}

/** IM: the If-Match header must name the current version (presence is checked earlier: 428). */
export function checkVersion(c: Ctx, current: string): void {
  if (c.ifMatch === null) {
    throw new ApiError(
      'precondition_required',
      'this operation needs an If-Match header with the current ETag',
    );
  }
  if (!c.ifMatch.includes(current)) {
    throw new ApiError(
      'precondition_failed',
      'If-Match does not match the current version; fetch the record again',
      {
        headers: etag(current),
      },
    );
  }
}

// ----- cursor pagination -----

const encode = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export const encodeCursor = (key: string): string => encode(`c1:${key}`);

export function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const s = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!s.startsWith('c1:') || encode(s) !== cursor) {
    throw validation([
      { field: 'cursor', rule: 'format', message: 'cursor is not a cursor from a previous page' },
    ]);
  }
  return s.slice(3);
}

/**
 * One page of `items` (already in list order; `key` strictly increases along it when `dir` is 1,
 * decreases when -1). The cursor encodes the last key returned, so pages stay stable while
 * records are added.
 */
export function page<T>(
  items: readonly T[],
  key: (t: T) => string,
  dir: 1 | -1,
  limit: number,
  cursor: string | undefined,
  keep: (t: T) => boolean,
): { items: T[]; nextCursor: string | null } {
  const after = decodeCursor(cursor);
  const out: T[] = [];
  let i = 0;
  if (after !== null) {
    // Items are sorted by key: binary search for the first position strictly after the cursor.
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const k = key(items[mid]!);
      if (dir === 1 ? k <= after : k >= after) lo = mid + 1;
      else hi = mid;
    }
    i = lo;
  }
  let more = false;
  for (; i < items.length; i++) {
    const t = items[i]!;
    if (!keep(t)) continue;
    if (out.length === limit) {
      more = true;
      break;
    }
    out.push(t);
  }
  const last = out[out.length - 1];
  return { items: out, nextCursor: more && last ? encode(`c1:${key(last)}`) : null };
}

export function listJson(items: string[], limit: number, nextCursor: string | null): Result {
  return {
    json: `{"data":[${items.join(',')}],"pagination":{"limit":${limit},"nextCursor":${JSON.stringify(nextCursor)}}}`,
  };
}
