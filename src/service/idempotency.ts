import { IDEMPOTENCY_KEY_LENGTH } from '../api/index.js';
import { ApiError, validation } from './errors.js';
import type { Store } from './store.js';

/** Keys are kept at least this long (docs/api-decisions.md: 24 h). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The Idempotency-Key header, checked against the model's length limits. */
export function readKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  const { min, max } = IDEMPOTENCY_KEY_LENGTH;
  if (key === undefined || key === '') {
    throw validation([
      { field: 'Idempotency-Key', rule: 'required', message: 'the Idempotency-Key header is required' },
    ]);
  }
  if (key.length < min || key.length > max) {
    throw validation([
      {
        field: 'Idempotency-Key',
        rule: key.length < min ? 'min_length' : 'max_length',
        message: `the Idempotency-Key header must have ${min} to ${max} characters`,
      },
    ]);
  }
  return key;
}

/** Method + path + canonical JSON body (object keys sorted). */
export function fingerprint(method: string, path: string, body: unknown): string {
  return `${method} ${path}\n${body === undefined ? '' : canonical(body)}`;
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export interface Replay {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class Idempotency {
  private sweeps = 0;
  constructor(private readonly store: Store) {}

  /** `scope` is the tenant and the token (docs/api-decisions.md: one token's answers are never another's). */
  private slot(scope: string, key: string): string {
    return `${scope}\n${key}`;
  }

  /** A stored response to replay, or undefined to run the operation; 409 for a different intent. */
  lookup(scope: string, key: string, fp: string): Replay | undefined {
    if (++this.sweeps % 256 === 0) this.store.sweepIdempotency(IDEMPOTENCY_RETENTION_MS);
    const slot = this.slot(scope, key);
    const rec = this.store.idempotency(slot);
    if (!rec) return undefined;
    if (rec.createdAt + IDEMPOTENCY_RETENTION_MS <= this.store.clock.now()) {
      this.store.dropIdempotency(slot);
      return undefined;
    }
    if (rec.fingerprint !== fp) {
      throw new ApiError(
        'idempotency_conflict',
        'this Idempotency-Key was already used with a different method, path or body',
      );
    }
    return { status: rec.status, headers: rec.headers, body: rec.body };
  }

  save(scope: string, key: string, fp: string, res: Replay): void {
    this.store.putIdempotency(this.slot(scope, key), {
      fingerprint: fp,
      createdAt: this.store.clock.now(),
      ...res,
    });
  }
}
