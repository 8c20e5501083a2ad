// Service profiles: named answers the v1 spec allows where it says "not shown" or marks a field nullable, other than
// the choices the local service makes (docs/api-decisions.md). `uptimectl service --profile <name>[,<name>…]` (and
// `createService({ profiles })`) answers as another implementation that keeps the spec might, so a client, a
// configuration or a pipeline can be tried against those choices; the suite runs the provider's flows against each
// (test/provider/profiles-e2e.test.ts). A profile only rewrites answers on their way out (and, for a page cap, the
// page size asked for): the operations, their checks and the stored state are the service's own.
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Endpoint, OperationName } from '../api/index.js';
import {
  describeStatus,
  ENDPOINTS,
  Monitor,
  requiredFieldsOf,
  StatusPage,
  unquoteEtag,
} from '../api/index.js';

/** An answer on its way out: status, headers (lower-case names) and the body, parsed when it is JSON. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The JSON body; undefined: none. */
  json: unknown;
  /** A body that is not JSON (set by a profile): sent as it is. */
  text?: string;
}

/** What a profile knows about the request an answer is for. */
export interface AnswerContext {
  /** The API operation (null: no route matched). */
  operation: OperationName | null;
  row: Endpoint | null;
  /** The path asked for (without the query). */
  path: string;
  /** Service time (ms), and a counter that grows with every answer. */
  now: number;
  seq: number;
}

export interface Profile {
  name: string;
  /** What the spec leaves open here, in its words. */
  gap: string;
  /** What this profile answers, where the local service decided otherwise. */
  does: string;
  /** The page size the operation gets (a cap). */
  pageSize?(asked: number): number;
  /** Rewrites an answer in place. */
  answer?(a: Answer, c: AnswerContext): void;
}

/** Writes whose answers the spec does not show ("Response bodies of PATCH … not shown"). */
const UNSHOWN_WRITES = new Set<OperationName>(
  ENDPOINTS.filter((e) => e.bodyNotShown).map((e) => e.operation),
);
const MONITOR_RECORDS = new Set<OperationName>([
  'listMonitors',
  'createMonitor',
  'getMonitor',
  'updateMonitor',
  'pauseMonitor',
  'activateMonitor',
  'archiveMonitor',
  'reactivateMonitor',
]);
const STATUS_PAGE_RECORDS = new Set<OperationName>([
  'listStatusPages',
  'getStatusPage',
  'getMonitorStatusPage',
  'updateStatusPage',
]);
/** The models of the records a write answers, each told apart by a field only it has (alert settings: neither). */
export interface WrittenRecordModels {
  /** Has `id`. */
  monitor: z.ZodType;
  /** Has `verificationStatus`. */
  statusPage: z.ZodType;
}

/** A written record with only the fields its model requires ("present in every response of that record"), read
 *  from the model; null for a record of neither model. */
export function requiredPart(
  r: Record<string, unknown>,
  models: WrittenRecordModels = { monitor: Monitor, statusPage: StatusPage },
): Record<string, unknown> | null {
  const model = 'id' in r ? models.monitor : 'verificationStatus' in r ? models.statusPage : null;
  if (!model) return null;
  return Object.fromEntries(
    requiredFieldsOf(model)
      .filter((k) => k in r)
      .map((k) => [k, r[k]]),
  );
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
/** The records of an answer: `data` when it is a record or a list of them. */
function records(a: Answer): Record<string, unknown>[] {
  const data = isObject(a.json) ? a.json.data : undefined;
  if (Array.isArray(data)) return data.filter(isObject);
  return isObject(data) ? [data] : [];
}
const unshownWrite = (a: Answer, c: AnswerContext) =>
  ok(a) && c.operation !== null && UNSHOWN_WRITES.has(c.operation);

/** Our error body's parts (`{error: {code, message, details, existingMonitorId}}`). */
function ourError(a: Answer): { message: string; details: { field: string; message: string }[] } | null {
  if (a.status < 400 || !isObject(a.json) || !isObject(a.json.error)) return null;
  const e = a.json.error;
  const details = Array.isArray(e.details) ? (e.details as { field: string; message: string }[]) : [];
  return { message: typeof e.message === 'string' ? e.message : '', details };
}

/** Replaces our error body (the status is kept: it is the contract). */
function errorProfile(name: string, does: string, body: (a: Answer, c: AnswerContext) => void): Profile {
  return {
    name,
    gap: 'Errors: "Shape of the error response body: not shown"; "Machine-readable error codes or messages: not shown".',
    does,
    answer: (a, c) => {
      if (ourError(a)) body(a, c);
    },
  };
}

export const PROFILES: readonly Profile[] = [
  {
    name: 'write-no-content',
    gap: 'Endpoints: "Response bodies of PATCH monitor, alert-settings and status-page, pause, activate, archive and reactivate: not shown".',
    does: 'Those writes answer 204 No Content without a body (the ETag header stays).',
    answer: (a, c) => {
      if (!unshownWrite(a, c)) return;
      a.status = 204;
      a.json = undefined;
    },
  },
  {
    name: 'write-empty-body',
    gap: 'Endpoints: "Response bodies of PATCH … pause, activate, archive and reactivate: not shown".',
    does: 'Those writes answer 200 with an empty body (the ETag header stays).',
    answer: (a, c) => {
      if (unshownWrite(a, c)) a.json = undefined;
    },
  },
  {
    name: 'write-empty-object',
    gap: 'Endpoints: "Response bodies of PATCH … pause, activate, archive and reactivate: not shown".',
    does: 'Those writes answer 200 `{}`.',
    answer: (a, c) => {
      if (unshownWrite(a, c)) a.json = {};
    },
  },
  {
    name: 'write-id-only',
    gap: 'Endpoints: "Response bodies of PATCH … pause, activate, archive and reactivate: not shown".',
    does: 'Those writes answer 200 `{"data": {"id": …}}` (alert settings and status page: `{"data": {"monitorId": …}}`).',
    answer: (a, c) => {
      if (!unshownWrite(a, c)) return;
      const r = records(a)[0] ?? {};
      a.json = { data: 'id' in r ? { id: r.id } : { monitorId: r.monitorId } };
    },
  },
  {
    name: 'write-required-fields',
    gap: 'Endpoints: "Response bodies of PATCH … not shown"; Monitor and StatusPage: "Required means present in every response of that record".',
    does: 'Those writes answer the record with only the fields the spec marks required (no version: the ETag header carries it); alert settings, whose fields are all required, whole.',
    answer: (a, c) => {
      if (!unshownWrite(a, c)) return;
      const r = records(a)[0];
      if (!r) return;
      const part = requiredPart(r);
      if (part) a.json = { data: part };
    },
  },
  {
    name: 'list-reverse-order',
    gap: 'Endpoints: "ordering of list results: not shown".',
    does: 'Every list page holds its records in the reverse of our order (newest first).',
    answer: (a, c) => {
      if (ok(a) && c.row?.paginated && isObject(a.json) && Array.isArray(a.json.data)) a.json.data.reverse();
    },
  },
  {
    name: 'page-cap-10',
    gap: 'Pagination: "limit: 1 to 100"; "Clients follow nextCursor until it is null".',
    does: 'List operations serve at most 10 records a page, whatever limit is asked (pagination.limit says 10).',
    pageSize: (asked) => Math.min(asked, 10),
  },
  {
    name: 'extra-fields',
    gap: 'Fields of records not listed in the spec, and extensions of envelopes: not excluded.',
    does: 'Every record, nested object, envelope, pagination, capabilities, usage and error body carries fields the spec does not name.',
    answer: (a, c) => {
      if (!isObject(a.json)) return;
      const body = a.json;
      body.meta = { served: c.seq, deprecated: false };
      if (isObject(body.pagination)) body.pagination.total = -1;
      if (isObject(body.error)) body.error.docs = 'https://docs.example/errors';
      for (const r of records(a)) {
        r._links = { self: `${c.path}` };
        r.tags = ['extra'];
        for (const v of Object.values(r)) if (isObject(v)) v.vendorField = 1;
      }
    },
  },
  errorProfile('message-errors', 'Error bodies are `{"message": "…"}`: no code, no field details.', (a) => {
    a.json = { message: ourError(a)!.message };
  }),
  errorProfile(
    'problem-json-errors',
    'Error bodies are RFC 9457 problem details (`application/problem+json`: type, title, status, detail, instance; field problems as `invalid-params`), with no machine-readable code and no id of an existing monitor.',
    (a, c) => {
      const e = ourError(a)!;
      a.headers['content-type'] = 'application/problem+json';
      a.json = {
        type: 'about:blank',
        title: describeStatus(a.status).meaning ?? 'error',
        status: a.status,
        detail: e.message,
        instance: c.path,
        ...(e.details.length
          ? { 'invalid-params': e.details.map((d) => ({ name: d.field, reason: d.message })) }
          : {}),
      };
    },
  ),
  errorProfile('text-errors', 'Error bodies are plain text: the message alone.', (a) => {
    a.text = ourError(a)!.message;
    a.json = undefined;
    a.headers['content-type'] = 'text/plain; charset=utf-8';
  }),
  errorProfile('error-string-errors', 'Error bodies are `{"error": "…"}`.', (a) => {
    a.json = { error: ourError(a)!.message };
  }),
  errorProfile(
    'empty-errors',
    'Errors answer the status alone, with an empty body (the status is the contract).',
    (a) => {
      a.json = undefined;
    },
  ),
  {
    name: 'validation-422',
    gap: 'Errors: "Status codes for unknown-field rejection and other validation failures outside exports: not shown"; Endpoints: "the HTTP status for validation failures on create and update: not shown".',
    does: 'Validation failures answer 422 instead of 400 (same body).',
    answer: (a, c) => {
      if (a.status === 400 && c.row && c.row.path !== '/exports') a.status = 422;
    },
  },
  {
    name: 'activate-status-up',
    gap: 'States: "the status value after activate and reactivate: not shown".',
    does: 'Activate and reactivate answer the monitor with status `up` (a later read may say `pending` until checks run).',
    answer: (a, c) => {
      if (!ok(a) || (c.operation !== 'activateMonitor' && c.operation !== 'reactivateMonitor')) return;
      for (const r of records(a)) r.status = 'up';
    },
  },
  {
    name: 'observations-per-read',
    gap: 'States: "Transitions among up, down and pending caused by check results: not shown" (observation fields change without a new version).',
    does: 'Every answer with monitors shows new observations: status up/down alternating for active monitors, lastCheckAt, lastStatusAt, responseTimeMs, httpStatus and the expiry checks changing on every read; versions unchanged.',
    answer: (a, c) => {
      if (!ok(a) || !c.operation || !MONITOR_RECORDS.has(c.operation)) return;
      const at = new Date(c.now).toISOString();
      for (const r of records(a)) {
        if (r.enabled === true && r.archived === false) r.status = c.seq % 2 ? 'up' : 'down';
        r.lastCheckAt = at;
        r.lastStatusAt = at;
        r.responseTimeMs = 100 + (c.seq % 900);
        r.httpStatus = c.seq % 2 ? 200 : 503;
        const expiry = r.expiryMonitoring;
        if (isObject(expiry)) for (const s of Object.values(expiry)) if (isObject(s)) s.lastCheckedAt = at;
      }
    },
  },
  {
    name: 'no-monthly-headers',
    gap: 'Limits: the monthly allowance headers are sent "when available".',
    does: 'No X-RateLimit-Monthly-* headers.',
    answer: (a) => {
      for (const h of Object.keys(a.headers)) if (h.startsWith('x-ratelimit-monthly-')) delete a.headers[h];
    },
  },
  {
    name: 'header-case',
    gap: 'HTTP: header names are case-insensitive (RFC 9110).',
    does: 'Response header names are sent in upper case (`ETAG`, `X-REQUEST-ID`, `X-RATELIMIT-REMAINING`, …).',
  },
  {
    name: 'bare-etags',
    gap: 'Endpoints: "If-Match: … the ETag from the latest monitor detail or write response" (its syntax is not shown).',
    does: 'ETag headers carry the version token without quotes (`ETag: v12-ab12cd34`); If-Match is accepted quoted or bare, as always.',
    answer: (a) => {
      if (a.headers.etag) a.headers.etag = unquoteEtag(a.headers.etag)!;
    },
  },
  {
    name: 'weak-etags',
    gap: 'Endpoints: the ETag syntax is not shown (RFC 9110 allows weak entity tags).',
    does: 'ETag headers are weak (`W/"v12-ab12cd34"`); If-Match is compared without the `W/`, as always.',
    answer: (a) => {
      if (a.headers.etag && !a.headers.etag.startsWith('W/')) a.headers.etag = `W/${a.headers.etag}`;
    },
  },
  {
    name: 'account-records-minimal',
    gap: 'Resources: "Fields of the usage, capabilities, … records: not shown".',
    does: 'GET /capabilities reports only `token.name` and `token.scopes`; GET /usage only `perMinute.limit`.',
    answer: (a, c) => {
      const b = records(a)[0] as Record<string, Record<string, unknown>> | undefined;
      if (!ok(a) || !b) return;
      if (c.operation === 'getCapabilities')
        a.json = { data: { token: { name: b.token!.name, scopes: b.token!.scopes } } };
      if (c.operation === 'getUsage') a.json = { data: { perMinute: { limit: b.perMinute!.limit } } };
    },
  },
  {
    name: 'account-records-other-shape',
    gap: 'Resources: "Fields of the usage, capabilities, … records: not shown".',
    does: 'GET /capabilities and GET /usage answer without the `data` envelope, with other names and shapes (scopes as one string, features as a list, snake_case plan facts, intervals in minutes): nothing the client recognises but the token and plan names.',
    answer: (a, c) => {
      const b = records(a)[0] as Record<string, Record<string, unknown>> | undefined;
      if (!ok(a) || !b) return;
      if (c.operation === 'getCapabilities')
        a.json = {
          token: {
            name: b.token!.name,
            scopes: (b.token!.scopes as string[]).join(' '),
            is_restricted: b.token!.restricted,
          },
          plan: {
            name: b.plan!.name,
            min_interval_minutes: (b.plan!.minIntervalSeconds as number) / 60,
            monitor_limit: b.plan!.monitorCapacity,
          },
          features: Object.entries(b.features!)
            .filter(([, on]) => on === true)
            .map(([f]) => f),
          rate_limits: { per_minute: (b.allowances as Record<string, unknown>).perMinute },
        };
      if (c.operation === 'getUsage')
        a.json = {
          requests: { this_minute: b.perMinute },
          monitor_count: (b.monitors as Record<string, unknown>).used,
        };
    },
  },
  {
    name: 'list-null-version',
    gap: 'Monitor and StatusPage: `version` is `string?` (nullable).',
    does: 'Records in GET /monitors and GET /status-pages have `version: null`; single records and ETag headers are as always.',
    answer: (a, c) => {
      if (!ok(a) || (c.operation !== 'listMonitors' && c.operation !== 'listStatusPages')) return;
      for (const r of records(a)) r.version = null;
    },
  },
  {
    name: 'null-versions',
    gap: 'Monitor and StatusPage: `version` is `string?` (nullable), "same value as the ETag header".',
    does: 'Every monitor and status-page body has `version: null`: the version is only in the ETag header of single-record answers (alert settings keep theirs: the spec requires it).',
    answer: (a, c) => {
      if (!ok(a) || !c.operation) return;
      if (!MONITOR_RECORDS.has(c.operation) && !STATUS_PAGE_RECORDS.has(c.operation)) return;
      for (const r of records(a)) if ('version' in r) r.version = null;
    },
  },
];

/** The profiles named (comma-separated names or a list), in the order given; an unknown name is an error that lists
 *  the known ones. */
export function profilesNamed(names: string | readonly string[]): Profile[] {
  const list = (typeof names === 'string' ? names.split(',') : names).map((n) => n.trim()).filter(Boolean);
  return list.map((n) => {
    const p = PROFILES.find((x) => x.name === n);
    if (!p)
      throw new Error(`unknown service profile "${n}"; profiles: ${PROFILES.map((x) => x.name).join(', ')}`);
    return p;
  });
}

const answerAs: FastifyPluginCallback<{ profiles: readonly Profile[]; now: () => number }> = (
  app,
  { profiles, now },
  done,
) => {
  if (!profiles.length) return done();
  let seq = 0;
  const capped = profiles.filter((p) => p.pageSize);
  if (capped.length)
    app.addHook('preHandler', (req, _reply, next) => {
      const q = req.query as Record<string, unknown> | undefined;
      if (req.row?.paginated && q) {
        const asked = q.limit === undefined ? 25 : Number(q.limit);
        // A limit that is not a number is left for the service to refuse.
        if (Number.isInteger(asked)) q.limit = String(capped.reduce((n, p) => p.pageSize!(n), asked));
      }
      next();
    });
  const upper = profiles.some((p) => p.name === 'header-case');
  app.addHook('onSend', (req, reply, payload, next) => {
    if (!req.url.startsWith('/v1/')) return next(null, payload);
    const row = req.row ?? null;
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      return next(null, payload);
    }
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    const a: Answer = { status: reply.statusCode, headers, json };
    const c: AnswerContext = {
      operation: row?.operation ?? null,
      row,
      path: req.url.split('?')[0]!,
      now: now(),
      seq: ++seq,
    };
    for (const p of profiles) p.answer?.(a, c);
    next(null, send(reply, a, upper));
  });
  done();
};

/**
 * Applies `profiles` to every answer under /v1: the page size before the handler, then each profile's rewrite of
 * the answer on its way out (status, headers, body), in order, after every other plugin's.
 */
export const profilesPlugin = fp(answerAs, { name: 'profiles', dependencies: ['endpoint-row'] });

/** Puts a rewritten answer on the reply; returns the payload. */
function send(reply: FastifyReply, a: Answer, upperCaseNames: boolean): string {
  reply.code(a.status);
  for (const k of Object.keys(reply.getHeaders())) reply.removeHeader(k);
  const body = a.text ?? (a.json === undefined || a.status === 204 ? '' : JSON.stringify(a.json));
  for (const [k, v] of Object.entries(a.headers)) {
    if (k === 'content-length' || (k === 'content-type' && !body)) continue;
    // Node keeps the case of a name given to setHeader; fastify's own header store would lower-case it.
    if (upperCaseNames) reply.raw.setHeader(k.toUpperCase(), v);
    else reply.header(k, v);
  }
  return body;
}
