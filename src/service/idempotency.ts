// Idempotency-Key on the writes that take one (ENDPOINTS `idempotencyKey`): before the operation runs, the key is
// read and checked, the path's monitor must be visible to the token (a stored answer about a monitor is only ever
// served to a token that can see it), and a stored answer to the same key, method, path and body is replayed
// (`Idempotent-Replayed: true`); the same key with another intent is 409 `idempotency_conflict`. Keys are scoped
// per token (docs/api-decisions.md: one token's answers are never another's). The operation's answer is stored in
// the transaction of its writes (pipeline.ts); a business-rule conflict (409) is the operation's answer too and is
// stored as it is sent, so a retry with the same key replays it.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_LENGTH } from '../api/index.js';
import { monitorVisibleTo } from './auth.js';
import { ApiError, validation } from './errors.js';
import { send } from './reply.js';
import type { Store } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the operation's answer is stored; null: the request has no key to keep (or was replayed). */
    idempotency: IdempotencySlot | null;
  }
}

/** One token's key for one request: the slot its answer is stored in, and what it must match to be replayed. */
export interface IdempotencySlot {
  /** The tenant and the token. */
  scope: string;
  key: string;
  /** `fingerprint` of the request. */
  fp: string;
}

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

  private id({ scope, key }: IdempotencySlot): string {
    return `${scope}\n${key}`;
  }

  /** A stored response to replay, or undefined to run the operation; 409 for a different intent. */
  lookup(slot: IdempotencySlot): Replay | undefined {
    if (++this.sweeps % 256 === 0) this.store.sweepIdempotency(IDEMPOTENCY_RETENTION_MS);
    const id = this.id(slot);
    const rec = this.store.idempotency(id);
    if (!rec) return undefined;
    if (rec.createdAt + IDEMPOTENCY_RETENTION_MS <= this.store.clock.now()) {
      this.store.dropIdempotency(id);
      return undefined;
    }
    if (rec.fingerprint !== slot.fp) {
      throw new ApiError(
        'idempotency_conflict',
        'this Idempotency-Key was already used with a different method, path or body',
      );
    }
    return { status: rec.status, headers: rec.headers, body: rec.body };
  }

  save(slot: IdempotencySlot, res: Replay): void {
    this.store.putIdempotency(this.id(slot), {
      fingerprint: slot.fp,
      createdAt: this.store.clock.now(),
      ...res,
    });
  }
}

const idempotencyKeys: FastifyPluginCallback<{ store: Store; idempotency: Idempotency }> = (
  app,
  { store, idempotency },
  done,
) => {
  app.decorateRequest('idempotency', null);
  app.addHook('preHandler', (req, reply, next) => {
    const { row, auth } = req;
    if (!row?.idempotencyKey || !auth) return next();
    try {
      const key = readKey(req.headers['idempotency-key']);
      if (row.path.includes('{monitorId}'))
        monitorVisibleTo(store, auth, (req.params as Record<string, string>).monitorId);
      const slot = {
        scope: `${auth.tenant.id}\n${auth.token.id}`,
        key,
        fp: fingerprint(row.method, req.url, req.body),
      };
      const replay = idempotency.lookup(slot);
      if (!replay) {
        req.idempotency = slot;
        return next();
      }
      send(reply, replay.status, replay.body, { ...replay.headers, 'idempotent-replayed': 'true' });
    } catch (err) {
      next(err as Error);
    }
  });
  app.addHook('onSend', (req, reply, payload, next) => {
    if (req.idempotency && reply.statusCode === 409)
      idempotency.save(req.idempotency, { status: 409, headers: {}, body: payload as string });
    next(null, payload);
  });
  done();
};

export const idempotencyPlugin = fp(idempotencyKeys, { name: 'idempotency', dependencies: ['auth'] });
