// UptimeClient: one method per row of the spec's endpoint table (ENDPOINTS), typed by the v1 model.
// - A method is named by its row's `operation` and takes the path parameters first, then the body (writes), then
//   `{ idempotencyKey?, ifMatch?, signal?, timeoutMs? }` (`ifMatch` required by the types where the row needs it).
//   It resolves to `ApiResult<T>` (data, the unquoted etag, request id, status, rate-limit headers, replayed); a list
//   to `ApiResult<Page<T>>`, and `client.paginate.<listOperation>(…)` iterates over every page (`collect` gathers it).
// - Before sending, it checks only what it must (the page size against PAGE_SIZE, the Idempotency-Key's length, a
//   version where the row needs If-Match) and leaves every other rule to the service.
// - Every answer is parsed with the model's response schemas (unknown fields dropped; a contract break is an
//   UnexpectedResponseError naming the field). What the spec does not show is read tolerantly: a write's answer is
//   used only when it is the whole record, else one GET reads it (completion.ts); the ETag header wins over a body's
//   `version`; capabilities and usage are facts that may be missing (CapabilityFacts, UsageFacts), never an error.
import { z } from 'zod';
import {
  Alert,
  AlertDestinationList,
  CapabilityFacts,
  ExpiryBody,
  Health,
  PAGE_SIZE,
  SummaryQuery,
  Incident,
  IncidentDetail,
  Monitor,
  MonitorAlertSettings,
  Pagination,
  StatusPage,
  UsageFacts,
  endpoint,
  type AlertDestination,
  type ExportCreate,
  type MonitorAlertSettingsUpdate,
  type IncidentListQuery,
  type MonitorCreate,
  type MonitorListQuery,
  type StatusPageListQuery,
  type MonitorUpdate,
  type OperationName,
  type ReactivateBody,
  type StatusPageUpdate,
} from '../api/index.js';
import { fileMemory } from './allowance-memory.js';
import { createdId, READ_AFTER_WRITE, unwrap, wholeRecord, withEtag } from './completion.js';
import { checkBaseUrl } from '../api/base-url.js';
import { DEFAULT_IN_DOUBT_MAX_WAIT_MS } from './in-doubt.js';
import { parse, read } from './readers.js';
import { realClock, sharedLimiter, type Clock, type RateLimitInfo, type RateLimiter } from './limiter.js';
import { SecretSet } from './redact.js';
import {
  Transport,
  type CallOptions,
  type LogEvent,
  type RawResult,
  type RetryOptions,
} from './transport.js';
// undici is imported on the first request: a plugin launch that never calls the API does not load it.
import type { Agent, Dispatcher } from 'undici';

export interface ClientOptions {
  /** `{base_url}` including `/v1`; the base-URL rule (src/api/base-url.ts) applies. */
  baseUrl: string;
  token: string;
  /** Default 5000. */
  connectTimeoutMs?: number;
  /** Whole-request deadline for reads, default 15000. */
  readTimeoutMs?: number;
  /** Whole-request deadline for writes, default 30000. */
  writeTimeoutMs?: number;
  /** The largest answer read, in bytes (default 64 MiB, far above any answer of the API); a larger one fails the
   *  call with an UnexpectedResponseError. */
  maxResponseBytes?: number;
  retry?: RetryOptions;
  userAgent?: string;
  /** An undici dispatcher (tests use MockAgent). */
  dispatcher?: Dispatcher;
  /** Structured events; never carry header values or bodies. */
  logger?: (e: LogEvent) => void;
  /** Default: the process-wide limiter of this token and base URL (made with `rateLimitShare` by its first client). */
  limiter?: RateLimiter;
  /**
   * The share of the token's per-minute allowance this process may count on when other processes use the same
   * token at the same time, (0, 1]; default: estimated from what the others use (`LimiterOptions.share`).
   */
  rateLimitShare?: number | null;
  /**
   * A directory (e.g. the system's temporary directory) where processes of this machine leave each other what
   * they learned of the token's current rate-limit window, so that a new process does not open with a 429.
   * Default: none.
   */
  rateLimitMemoryDir?: string | null;
  /** Time source for backoff, Retry-After and the limiter (tests). `now`/`sleep` set parts of it. */
  clock?: Clock;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Source of randomness in [0, 1) for backoff jitter (tests). */
  random?: () => number;
}

export interface ApiResult<T> {
  data: T;
  /** The new version token (ETag without quotes), when the response carried one. */
  etag: string | null;
  requestId: string | null;
  status: number;
  rateLimit: RateLimitInfo | null;
  /** The service replayed a stored answer for this Idempotency-Key. */
  replayed: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  limit: number;
}

type PageQuery = { limit?: number; cursor?: string };
/**
 * Query filters of the list operations, derived from the model's query schemas (booleans as booleans; the
 * page fields are separate).
 */
type Filters<Q> = Omit<Q, 'limit' | 'cursor' | 'enabled'> &
  ('enabled' extends keyof Q ? { enabled?: boolean } : unknown);
export type MonitorFilters = Filters<MonitorListQuery>;
export type IncidentFilters = Filters<IncidentListQuery>;
export type StatusPageFilters = Filters<StatusPageListQuery>;
type ListOperation<Q, T> = (query?: Q & PageQuery, options?: CallOptions) => Promise<ApiResult<Page<T>>>;
export type WriteOptions = Omit<CallOptions, 'ifMatch'>;
export type MatchOptions = WriteOptions & { ifMatch: string };

/** How long the calls of a process may wait for the API's allowance in all, by default: 15 minutes. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 15 * 60_000;

export { checkBaseUrl, isLoopback } from '../api/base-url.js';

export class UptimeClient {
  readonly baseUrl: string;
  readonly limiter: RateLimiter;
  #transport: Transport;
  /** The keep-alive agent this client made (none when a dispatcher was given). */
  #agent: Promise<Agent> | null = null;

  constructor(options: ClientOptions) {
    const url = checkBaseUrl(options.baseUrl);
    if (!options.token) throw new TypeError('an API token is required');
    this.baseUrl = url.toString().replace(/\/$/, '');
    const token = options.token;
    const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    const clock: Clock | undefined =
      options.clock ??
      (options.now || options.sleep
        ? { now: options.now ?? realClock.now, sleep: options.sleep ?? realClock.sleep }
        : undefined);
    const secrets = new SecretSet();
    secrets.add(token);
    this.limiter =
      options.limiter ??
      sharedLimiter(this.baseUrl, token, {
        clock,
        random: options.random,
        share: options.rateLimitShare ?? null,
        memory: options.rateLimitMemoryDir
          ? fileMemory(options.rateLimitMemoryDir, this.baseUrl, token)
          : null,
      });
    this.#transport = new Transport({
      baseUrl: this.baseUrl,
      userAgent: options.userAgent ?? 'terraform-provider-uptime',
      connectTimeoutMs,
      readTimeoutMs: options.readTimeoutMs ?? 15000,
      writeTimeoutMs: options.writeTimeoutMs ?? 30000,
      retry: {
        maxAttempts: options.retry?.maxAttempts ?? 3,
        baseDelayMs: options.retry?.baseDelayMs ?? 500,
        maxDelayMs: options.retry?.maxDelayMs ?? 8000,
        maxRetryAfterMs: options.retry?.maxRetryAfterMs ?? Infinity,
        maxRateLimitWaitMs: options.retry?.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
        inDoubtMaxWaitMs: options.retry?.inDoubtMaxWaitMs ?? DEFAULT_IN_DOUBT_MAX_WAIT_MS,
      },
      dispatcher: options.dispatcher ?? (() => (this.#agent ??= newAgent(connectTimeoutMs))),
      limiter: this.limiter,
      clock,
      random: options.random,
      logger: options.logger,
      secrets,
      authorization: () => `Bearer ${token}`,
      maxResponseBytes: options.maxResponseBytes,
    });
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }

  /** Closes the client's own keep-alive connections (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    if (this.#agent) await (await this.#agent).close();
  }

  // ---- account ----
  getHealth(o?: CallOptions) {
    return this.single('getHealth', {}, undefined, undefined, Health, o, false);
  }
  /** The usage facts the service reported (fields not shown in the spec: any it leaves out are undefined). */
  getUsage(o?: CallOptions) {
    return this.single('getUsage', {}, undefined, undefined, UsageFacts, o);
  }
  /** The capability facts the service reported (fields not shown in the spec: any it leaves out are undefined). */
  getCapabilities(o?: CallOptions) {
    return this.single('getCapabilities', {}, undefined, undefined, CapabilityFacts, o);
  }

  // ---- monitors ----
  listMonitors: ListOperation<MonitorFilters, Monitor> = (q, o) =>
    this.list('listMonitors', {}, q, Monitor, o);
  createMonitor(body: MonitorCreate, o?: WriteOptions) {
    return this.single('createMonitor', {}, undefined, body, Monitor, o);
  }
  getMonitor(monitorId: string, o?: CallOptions) {
    return this.single('getMonitor', { monitorId }, undefined, undefined, Monitor, o);
  }
  updateMonitor(monitorId: string, body: MonitorUpdate, o: MatchOptions) {
    return this.single('updateMonitor', { monitorId }, undefined, body, Monitor, o);
  }
  // Summary, check results, export jobs and download links: their fields are not shown in the spec, so they are read
  // leniently (src/api/lenient.ts): what is there with our model's type, nothing required but the spec's own.
  getMonitorSummary(monitorId: string, query?: z.input<typeof SummaryQuery>, o?: CallOptions) {
    return this.single('getMonitorSummary', { monitorId }, query, undefined, read.summary(), o);
  }
  listMonitorChecks(monitorId: string, q?: PageQuery, o?: CallOptions) {
    return this.list('listMonitorChecks', { monitorId }, q, read.check(), o);
  }
  listMonitorIncidents(monitorId: string, q?: PageQuery, o?: CallOptions) {
    return this.list('listMonitorIncidents', { monitorId }, q, Incident, o);
  }
  listMonitorAlerts(monitorId: string, q?: PageQuery, o?: CallOptions) {
    return this.list('listMonitorAlerts', { monitorId }, q, Alert, o);
  }
  getAlertSettings(monitorId: string, o?: CallOptions) {
    return this.single('getAlertSettings', { monitorId }, undefined, undefined, MonitorAlertSettings, o);
  }
  updateAlertSettings(monitorId: string, body: MonitorAlertSettingsUpdate, o: MatchOptions) {
    return this.single('updateAlertSettings', { monitorId }, undefined, body, MonitorAlertSettings, o);
  }
  getMonitorExpiry(monitorId: string, o?: CallOptions) {
    return this.single('getMonitorExpiry', { monitorId }, undefined, undefined, ExpiryBody, o);
  }
  getMonitorStatusPage(monitorId: string, o?: CallOptions) {
    return this.single('getMonitorStatusPage', { monitorId }, undefined, undefined, StatusPage, o);
  }
  updateStatusPage(monitorId: string, body: StatusPageUpdate, o: MatchOptions) {
    return this.single('updateStatusPage', { monitorId }, undefined, body, StatusPage, o);
  }
  pauseMonitor(monitorId: string, o?: WriteOptions) {
    return this.single('pauseMonitor', { monitorId }, undefined, undefined, Monitor, o);
  }
  activateMonitor(monitorId: string, o?: WriteOptions) {
    return this.single('activateMonitor', { monitorId }, undefined, undefined, Monitor, o);
  }
  archiveMonitor(monitorId: string, o: MatchOptions) {
    return this.single('archiveMonitor', { monitorId }, undefined, undefined, Monitor, o);
  }
  reactivateMonitor(monitorId: string, body: ReactivateBody | undefined, o: MatchOptions) {
    const b = body && Object.keys(body).length ? body : undefined;
    return this.single('reactivateMonitor', { monitorId }, undefined, b, Monitor, o);
  }

  // ---- exports ----
  createExport(body: ExportCreate, o?: WriteOptions) {
    return this.single('createExport', {}, undefined, body, read.exportJob(), o);
  }
  getExport(exportId: string, o?: CallOptions) {
    return this.single('getExport', { exportId }, undefined, undefined, read.exportJob(), o);
  }
  getExportDownload(exportId: string, o?: CallOptions) {
    return this.single('getExportDownload', { exportId }, undefined, undefined, read.download(), o);
  }

  // ---- alerts, incidents, status pages ----
  listAlerts(q?: PageQuery, o?: CallOptions) {
    return this.list('listAlerts', {}, q, Alert, o);
  }
  getAlert(alertId: string, o?: CallOptions) {
    return this.single('getAlert', { alertId }, undefined, undefined, Alert, o);
  }
  async listAlertDestinations(o?: CallOptions): Promise<ApiResult<AlertDestination[]>> {
    const raw = await this.#transport.call(endpoint('listAlertDestinations'), {}, undefined, undefined, o);
    return this.result(raw, parse('listAlertDestinations', AlertDestinationList, raw.body).data);
  }
  listIncidents: ListOperation<IncidentFilters, Incident> = (q, o) =>
    this.list('listIncidents', {}, q, Incident, o);
  getIncident(incidentId: string, o?: CallOptions) {
    return this.single('getIncident', { incidentId }, undefined, undefined, IncidentDetail, o);
  }
  listStatusPages: ListOperation<StatusPageFilters, StatusPage> = (q, o) =>
    this.list('listStatusPages', {}, q, StatusPage, o);
  getStatusPage(monitorId: string, o?: CallOptions) {
    return this.single('getStatusPage', { monitorId }, undefined, undefined, StatusPage, o);
  }

  /** Async iterators over every page of each list operation. */
  readonly paginate = {
    listMonitors: (q?: MonitorFilters & { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listMonitors({ ...q, cursor }, o)),
    listIncidents: (q?: IncidentFilters & { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listIncidents({ ...q, cursor }, o)),
    listStatusPages: (q?: StatusPageFilters & { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listStatusPages({ ...q, cursor }, o)),
    listAlerts: (q?: { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listAlerts({ ...q, cursor }, o)),
    listMonitorChecks: (monitorId: string, q?: { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listMonitorChecks(monitorId, { ...q, cursor }, o)),
    listMonitorIncidents: (monitorId: string, q?: { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listMonitorIncidents(monitorId, { ...q, cursor }, o)),
    listMonitorAlerts: (monitorId: string, q?: { limit?: number }, o?: CallOptions) =>
      this.iterate((cursor) => this.listMonitorAlerts(monitorId, { ...q, cursor }, o)),
  };

  private async *iterate<T>(
    page: (cursor: string | undefined) => Promise<ApiResult<Page<T>>>,
  ): AsyncGenerator<T> {
    let cursor: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const { data } = await page(cursor);
      yield* data.items;
      if (!data.nextCursor) return;
      if (seen.has(data.nextCursor))
        throw new Error(`pagination loop: cursor ${data.nextCursor} was returned twice`);
      seen.add(data.nextCursor);
      cursor = data.nextCursor;
    }
  }

  private async single<T extends z.ZodType>(
    op: OperationName,
    params: Record<string, string>,
    query: object | undefined,
    body: unknown,
    schema: T,
    o: CallOptions | undefined,
    enveloped = true,
  ): Promise<ApiResult<z.infer<T>>> {
    const raw = await this.#transport.call(
      endpoint(op),
      params,
      query as Record<string, unknown> | undefined,
      body,
      o,
    );
    const reread = READ_AFTER_WRITE[op];
    if (reread) return this.completed(op, reread, params, schema, raw, o);
    const payload = enveloped ? unwrap(raw.body) : raw.body;
    return this.result(raw, withEtag(schema, parse(op, schema, payload, raw), raw.etag));
  }

  /** A write's answer when it is the whole record, else the record read with one GET (completion.ts). */
  private async completed<T extends z.ZodType>(
    op: OperationName,
    reread: OperationName,
    params: Record<string, string>,
    schema: T,
    raw: RawResult,
    o: CallOptions | undefined,
  ): Promise<ApiResult<z.infer<T>>> {
    const whole = wholeRecord(schema, unwrap(raw.body), raw.etag !== null);
    if (whole !== undefined) return this.result(raw, withEtag(schema, whole, raw.etag));
    const monitorId = op === 'createMonitor' ? createdId(raw.body, raw.location) : params.monitorId;
    if (!monitorId) parse(op, schema, unwrap(raw.body), raw); // nothing to read it by: the answer is all there is
    const fresh = await this.single(reread, { monitorId: monitorId! }, undefined, undefined, schema, {
      signal: o?.signal,
    });
    // The read's own ETag describes the record it returned; the write's is the fallback.
    const etag = fresh.etag ?? raw.etag;
    return {
      ...fresh,
      data: withEtag(schema, fresh.data, etag),
      etag,
      status: raw.status,
      replayed: raw.replayed,
    };
  }

  private async list<T extends z.ZodType>(
    op: OperationName,
    params: Record<string, string>,
    query: object | undefined,
    schema: T,
    o: CallOptions | undefined,
  ): Promise<ApiResult<Page<z.infer<T>>>> {
    const limit = (query as { limit?: unknown } | undefined)?.limit;
    if (
      limit !== undefined &&
      (typeof limit !== 'number' ||
        !Number.isInteger(limit) ||
        limit < PAGE_SIZE.min ||
        limit > PAGE_SIZE.max)
    )
      throw new TypeError(
        `${op}: limit (page size) must be an integer from ${PAGE_SIZE.min} to ${PAGE_SIZE.max}`,
      );
    const raw = await this.#transport.call(
      endpoint(op),
      params,
      query as Record<string, unknown> | undefined,
      undefined,
      o,
    );
    const env = parse(
      op,
      z.object({ data: z.array(schema), pagination: Pagination.partial().optional() }),
      raw.body,
      raw,
    );
    return this.result(raw, {
      items: env.data,
      nextCursor: env.pagination?.nextCursor ?? null,
      limit: env.pagination?.limit ?? env.data.length,
    });
  }

  private result<T>(raw: RawResult, data: T): ApiResult<T> {
    const version = (data as { version?: unknown } | null)?.version;
    return {
      data,
      etag: raw.etag ?? (typeof version === 'string' ? version : null),
      requestId: raw.requestId,
      status: raw.status,
      rateLimit: raw.rateLimit,
      replayed: raw.replayed,
    };
  }
}

/**
 * Keep-alive agent with the connect deadline. TCP keep-alive (undici's own 60 s probe delay) is switched on once a
 * socket has connected rather than before `connect`, as undici does: Wine's sockets refuse it before connect (the
 * Windows executable's every request failed with `connect UNKNOWN`), and it means the same on every OS after.
 */
async function newAgent(connectTimeoutMs: number): Promise<Agent> {
  const { Agent, buildConnector } = await import('undici');
  const connect = buildConnector({ timeout: connectTimeoutMs, keepAlive: false });
  return new Agent({
    keepAliveTimeout: 10_000,
    connect: (options, callback) =>
      connect(options, (...result) => {
        result[1]?.setKeepAlive(true, 60_000);
        callback(...result);
      }),
  });
}

/** Every item of an async iterable (e.g. `client.paginate.listMonitors()`), at most `max` of them. */
export async function collect<T>(items: AsyncIterable<T>, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
