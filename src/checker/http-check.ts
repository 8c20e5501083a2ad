// The HTTP check of one monitor, the one rule the local service's engine and `plan-report --probe` both run: a real
// request (method, headers, basic auth, timeout, redirects followed up to MAX_REDIRECTS or not) whose answer is
// judged against the accepted status codes. Never throws; every failure is a `down` outcome with a category and a
// reason that carries no secret (no header values, no credentials, no URL userinfo). Depends on node and undici only.
//
// Redirects are followed here, hop by hop, rather than by undici's interceptor, so that an address guard sees
// every hop (an IP literal in a Location is checked before anything connects) and credentials are dropped when a
// redirect leaves the origin, as browsers and undici do.
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { AddressGuard, AddressRefusedError } from './address-guard.js';

export type CheckFailure = 'dns' | 'connection' | 'timeout' | 'tls' | 'http_status' | 'redirect';

export interface HttpCheckRequest {
  url: string;
  method: string;
  /** Header values that are null (not known) are not sent. */
  headers: readonly { name: string; value: string | null }[];
  basicAuth: { username: string; password: string | null } | null;
  timeoutMs: number;
  followRedirects: boolean;
  /** Empty: any 2xx. */
  acceptedStatusCodes: readonly number[];
}

export interface CheckOutcome {
  status: 'up' | 'down';
  httpStatus: number | null;
  responseTimeMs: number | null;
  failureCategory: CheckFailure | null;
  failureReason: string | null;
}

export interface DetailedOutcome extends CheckOutcome {
  /** Days until the https certificate of the last hop expires (negative: expired); null when not https. */
  certificateDaysLeft: number | null;
  /** Set when the guard refused an address: the check never connected to it. */
  refused: string | null;
}

export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'uptime-local-checker/1 (+Monitoring Service API v1 local service)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DAY = 86_400_000;

export function accepted(codes: readonly number[], code: number): boolean {
  return codes.length === 0 ? code >= 200 && code < 300 : codes.includes(code);
}

export function acceptedText(codes: readonly number[]): string {
  return codes.length ? codes.join(', ') : 'any 2xx';
}

export interface CheckerOptions {
  /** Refuse addresses that are not public (the probe); none for the local service's own checks. */
  guard?: AddressGuard;
  /** Extra certificate authorities to trust (PEM), besides Node's. */
  ca?: readonly string[];
  /** Bytes of body read (and dropped) at most. */
  maxBodyBytes?: number;
  /** One connection pool per check, which also reads the certificate (the probe); else a shared keep-alive pool. */
  isolated?: boolean;
  /** Connections kept per origin in the shared pool. */
  connections?: number;
}

/** Shared connection pools: keep-alive connections make 10,000 monitors at 60 s cheap on loopback. */
export class HttpChecker {
  private readonly shared: Agent | null;
  private readonly maxBody: number;

  constructor(private readonly o: CheckerOptions = {}) {
    this.maxBody = o.maxBodyBytes ?? 1024 * 1024;
    this.shared = o.isolated
      ? null
      : new Agent({
          keepAliveTimeout: 4_000,
          keepAliveMaxTimeout: 10_000,
          connections: o.connections ?? 64,
          connect: { timeout: 10_000, ...this.connectOptions() },
        });
  }

  private connectOptions() {
    return {
      ...(this.o.guard ? { lookup: this.o.guard.lookup } : {}),
      ...(this.o.ca?.length ? { ca: [...this.o.ca] } : {}),
    };
  }

  /** An agent for one check that remembers the certificate of each TLS connection it makes. */
  private isolatedAgent(timeoutMs: number, seen: { validTo: string | null }): Agent {
    const base = buildConnector({ timeout: timeoutMs, ...this.connectOptions(), rejectUnauthorized: false });
    return new Agent({
      connections: 1,
      pipelining: 1,
      connect: (opts, cb) =>
        base(opts, (err, socket) => {
          if (err || !socket || !('getPeerCertificate' in socket)) return cb(err, socket as never);
          const tls = socket as TLSSocket;
          seen.validTo = tls.getPeerCertificate()?.valid_to ?? null;
          // Verified here, before a byte of the request is written, so the days left are known even for a
          // certificate the check refuses.
          if (!tls.authorized) {
            const why = String(tls.authorizationError ?? 'unverified certificate');
            tls.destroy();
            return cb(Object.assign(new Error(why), { code: why }), null);
          }
          cb(null, socket);
        }),
    });
  }

  async check(r: HttpCheckRequest): Promise<DetailedOutcome> {
    const seen = { validTo: null as string | null };
    const agent = this.shared ?? this.isolatedAgent(r.timeoutMs, seen);
    try {
      const outcome = await this.run(r, agent);
      const t = seen.validTo ? Date.parse(seen.validTo) : NaN;
      return {
        ...outcome,
        certificateDaysLeft: Number.isFinite(t) ? Math.floor((t - Date.now()) / DAY) : null,
      };
    } finally {
      // not awaited: closing the check's own connection is no part of its time or result
      if (!this.shared) void agent.destroy().catch(() => undefined);
    }
  }

  private async run(
    r: HttpCheckRequest,
    agent: Dispatcher,
  ): Promise<Omit<DetailedOutcome, 'certificateDaysLeft'>> {
    let headers: Record<string, string> = { 'user-agent': USER_AGENT };
    for (const h of r.headers) if (h.value !== null) headers[h.name.toLowerCase()] = h.value;
    if (r.basicAuth && r.basicAuth.username !== null) {
      headers.authorization = `Basic ${Buffer.from(`${r.basicAuth.username}:${r.basicAuth.password ?? ''}`).toString('base64')}`;
    }
    let url: URL;
    try {
      url = new URL(r.url);
    } catch {
      return down(null, null, 'connection', 'the URL cannot be parsed');
    }
    const started = performance.now();
    const signal = AbortSignal.timeout(r.timeoutMs);
    let method = r.method;
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          return down(null, null, 'connection', `the URL's scheme ${url.protocol} is not http or https`);
        this.o.guard?.checkLiteral(url.hostname);
        const res = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          signal,
          headersTimeout: r.timeoutMs,
          bodyTimeout: r.timeoutMs,
        });
        // The body is read (and dropped) so the timing covers the whole answer; nothing is kept.
        await res.body.dump({ limit: this.maxBody, signal });
        const code = res.statusCode;
        const location = res.headers.location;
        const redirect = r.followRedirects && REDIRECTS.has(code) && typeof location === 'string';
        if (redirect && hop < MAX_REDIRECTS) {
          const next = new URL(location, url);
          if (next.origin !== url.origin) headers = withoutCredentials(headers);
          if (code === 303 && method !== 'HEAD') method = 'GET';
          url = next;
          continue;
        }
        const ms = Math.round(performance.now() - started);
        if (accepted(r.acceptedStatusCodes, code))
          return {
            status: 'up',
            httpStatus: code,
            responseTimeMs: ms,
            failureCategory: null,
            failureReason: null,
            refused: null,
          };
        if (redirect)
          return { ...down(code, ms, 'redirect', `more than ${MAX_REDIRECTS} redirects`), refused: null };
        const via = hop ? ` after ${hop} redirect${hop === 1 ? '' : 's'}` : '';
        return {
          ...down(
            code,
            ms,
            code >= 300 && code < 400 && r.followRedirects ? 'redirect' : 'http_status',
            `HTTP ${code}${via} is not an accepted status (${acceptedText(r.acceptedStatusCodes)})`,
          ),
          refused: null,
        };
      }
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      const refused = refusedIn(err);
      if (refused) return { ...down(null, null, 'connection', refused.message), refused: refused.message };
      return { ...classify(err, ms, r.timeoutMs, signal.aborted), refused: null };
    }
  }

  async close(): Promise<void> {
    await this.shared?.close().catch(() => undefined);
  }
}

function withoutCredentials(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (k !== 'authorization' && k !== 'cookie' && k !== 'proxy-authorization') out[k] = v;
  return out;
}

function refusedIn(err: unknown): AddressRefusedError | null {
  for (let e = err as { cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e instanceof AddressRefusedError) return e;
  return null;
}

function down(
  httpStatus: number | null,
  responseTimeMs: number | null,
  failureCategory: CheckFailure,
  failureReason: string,
): CheckOutcome & { refused: null } {
  return { status: 'down', httpStatus, responseTimeMs, failureCategory, failureReason, refused: null };
}

function classify(err: unknown, ms: number, timeoutMs: number, aborted: boolean): CheckOutcome {
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (
    aborted ||
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  ) {
    return down(null, null, 'timeout', `no complete answer within ${timeoutMs} ms`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return down(null, null, 'dns', `the host name could not be resolved (${code})`);
  }
  if (
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code.startsWith('ERR_SSL') ||
    code === 'EPROTO'
  ) {
    return down(null, null, 'tls', `TLS handshake failed (${code})`);
  }
  if (code === 'UND_ERR_REDIRECT' || /redirect/i.test(e.message ?? '')) {
    return down(null, ms, 'redirect', `more than ${MAX_REDIRECTS} redirects`);
  }
  return down(null, null, 'connection', `connection failed (${code || e.name || 'error'})`);
}
