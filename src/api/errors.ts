// Errors of the v1 API: the one table of statuses and codes (what each means, what a caller does) and the error
// body's shape (not shown in the spec: our decision, docs/api-decisions.md, "Errors").
import { z } from 'zod';
import { lazySchema } from './lazy.js';

/** One HTTP error status of the v1 API: the codes answered with it, what it means, and what a caller does. */
export interface ErrorStatus {
  /** The error codes whose status this is (each code has exactly one). */
  readonly codes: readonly string[];
  /** The code of an answer with this status that names no code of its own (an injected fault): `codes[0]` when
   *  omitted, `internal` when there is neither. */
  readonly bare?: string;
  /** What the status means, as the client's messages name it (`… failed: 404 not found`). */
  readonly meaning: string;
  /** What the caller does about it when the service gave no words of its own (a 5xx without one: the 500 row's). */
  readonly advice?: string;
}

/**
 * The one table of error statuses and codes. The service derives a code's status (`statusOfCode`) and a bare
 * status's code (`codeOfStatus`); the client its messages (`describeStatus`) and its conflict reasons
 * (`CONFLICT_CODES`). The service also answers `validation_failed` with 413 and 431 (body or headers too large).
 */
export const ERROR_STATUSES = {
  400: {
    codes: ['validation_failed'],
    meaning: 'invalid request',
    advice: 'correct the request',
  },
  401: {
    codes: ['unauthorized'],
    meaning: 'unauthorized',
    advice: 'the API token is missing, invalid or expired; check the token',
  },
  403: {
    codes: ['forbidden'],
    meaning: 'forbidden',
    advice:
      'the token lacks a scope, the plan does not include this, or the monitor is outside the token’s selection',
  },
  404: {
    codes: ['not_found'],
    meaning: 'not found',
    advice: 'the record does not exist or this token cannot see it; check the id',
  },
  409: {
    codes: [
      'duplicate_monitor',
      'plan_capacity',
      'idempotency_conflict',
      'export_not_ready',
      'dashboard_setup_required',
      'invalid_state',
    ],
    bare: 'invalid_state',
    meaning: 'conflict',
    advice: 'inspect the conflict',
  },
  410: {
    codes: ['gone'],
    meaning: 'gone',
    advice: 'the export artifact expired; create a new export',
  },
  412: {
    codes: ['precondition_failed'],
    meaning: 'precondition failed',
    advice: 'the record changed since that version was read; fetch it again before deciding to retry',
  },
  413: {
    codes: [],
    bare: 'validation_failed',
    meaning: 'request body too large',
    advice:
      'the request body is over the service’s size limit; send less (fewer or shorter headers, a shorter name)',
  },
  // Never answered by the local service: another implementation's validation failure (client tolerance).
  422: {
    codes: [],
    bare: 'validation_failed',
    meaning: 'invalid request',
    advice: 'correct the request',
  },
  428: {
    codes: ['precondition_required'],
    meaning: 'precondition required',
    advice: 'this operation needs If-Match with the current version',
  },
  429: {
    codes: ['rate_limited'],
    meaning: 'rate limited',
    advice: 'rate limited; wait for the allowance to reset',
  },
  431: {
    codes: [],
    bare: 'validation_failed',
    meaning: 'request headers too large',
    advice: 'the request headers are over the service’s size limit; check for an oversized token or header',
  },
  500: {
    codes: ['internal'],
    meaning: 'server error',
    advice: 'the service had a transient failure; retry later',
  },
  502: { codes: [], bare: 'unavailable', meaning: 'bad gateway' },
  503: { codes: ['unavailable'], meaning: 'service unavailable' },
  504: { codes: [], bare: 'unavailable', meaning: 'gateway timeout' },
} as const satisfies Record<number, ErrorStatus>;

type Table = typeof ERROR_STATUSES;
export type ErrorCode = Table[keyof Table]['codes'][number];
/** Every error code, in the table's order. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_STATUSES).flatMap(
  (row: ErrorStatus) => row.codes as readonly ErrorCode[],
);
/** The codes answered with 409. */
export type ConflictCode = Table[409]['codes'][number];
export const CONFLICT_CODES: readonly ConflictCode[] = ERROR_STATUSES[409].codes;

const ROWS: Record<number, ErrorStatus | undefined> = ERROR_STATUSES;
const STATUS_OF_CODE = new Map<string, number>(
  Object.entries(ROWS).flatMap(([status, row]) => row!.codes.map((c) => [c, Number(status)] as const)),
);

/** The status a code is answered with (unless the answer names another: 413, 431). */
export const statusOfCode = (code: ErrorCode): number => STATUS_OF_CODE.get(code)!;

/** The code of an answer that has only a status (an injected fault): the row's `bare`, else its first code, else
 *  `internal`. */
export function codeOfStatus(status: number): ErrorCode {
  const row = ROWS[status];
  return ((row?.bare ?? row?.codes[0]) as ErrorCode | undefined) ?? 'internal';
}

/** What a status means and what the caller does about it (null where the table has nothing). */
export function describeStatus(status: number): { meaning: string | null; advice: string | null } {
  const row = ROWS[status];
  return { meaning: row?.meaning ?? null, advice: row?.advice ?? null };
}

export const ErrorDetail = lazySchema(() =>
  z.object({
    field: z.string(),
    rule: z.string(),
    message: z.string(),
    allowed: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  }),
);
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = lazySchema(() =>
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      requestId: z.string().optional(),
      details: z.array(ErrorDetail).optional(),
      existingMonitorId: z.string().optional(),
    }),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;
