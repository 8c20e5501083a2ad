// The HTTP probe of one monitor: a real request (method, headers, basic auth, timeout, redirects
// followed or not) whose answer is judged against the accepted status codes. Never throws; every
// failure becomes a `down` outcome with a failure category and a reason that carries no secret
// (no header values, no credentials, no URL userinfo).
import { performance } from 'node:perf_hooks';
import { Agent, interceptors, type Dispatcher } from 'undici';
import type { FailureCategory } from '../../api/index.js';
import type { MonitorRecord } from '../store.js';

export interface ProbeOutcome {
  status: 'up' | 'down';
  httpStatus: number | null;
  responseTimeMs: number | null;
  failureCategory: FailureCategory | null;
  failureReason: string | null;
}

const MAX_REDIRECTS = 5;
const USER_AGENT = 'uptime-local-checker/1 (+Monitoring Service API v1 local service)';

/** Shared connection pools: keep-alive connections make 10,000 monitors at 60 s cheap on loopback. */
export class Checker {
  private readonly base = new Agent({
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 10_000,
    connections: 64,
    connect: { timeout: 10_000 },
  });
  private readonly following: Dispatcher = this.base.compose(
    interceptors.redirect({ maxRedirections: MAX_REDIRECTS }),
  );

  async probe(m: MonitorRecord): Promise<ProbeOutcome> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    for (const h of m.requestHeaders) if (h.value !== null) headers[h.name.toLowerCase()] = h.value;
    if (m.auth.type === 'basic' && m.auth.username !== null) {
      headers.authorization = `Basic ${Buffer.from(`${m.auth.username}:${m.auth.password ?? ''}`).toString('base64')}`;
    }
    let url: URL;
    try {
      url = new URL(m.url);
    } catch {
      return down(null, null, 'connection', 'the URL cannot be parsed');
    }
    const started = performance.now();
    const signal = AbortSignal.timeout(m.timeoutMs);
    try {
      const res = await (m.followRedirects ? this.following : this.base).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: m.requestMethod,
        headers,
        signal,
        headersTimeout: m.timeoutMs,
        bodyTimeout: m.timeoutMs,
      });
      // The body is read (and dropped) so the timing covers the whole answer; nothing is kept.
      await res.body.dump({ limit: 1024 * 1024, signal });
      const ms = Math.round(performance.now() - started);
      const code = res.statusCode;
      if (accepted(m.acceptedStatusCodes, code)) {
        return {
          status: 'up',
          httpStatus: code,
          responseTimeMs: ms,
          failureCategory: null,
          failureReason: null,
        };
      }
      if (code >= 300 && code < 400 && m.followRedirects) {
        return down(code, ms, 'redirect', `more than ${MAX_REDIRECTS} redirects`);
      }
      const expected = m.acceptedStatusCodes.length ? m.acceptedStatusCodes.join(', ') : 'any 2xx';
      return down(code, ms, 'http_status', `HTTP ${code} is not an accepted status (${expected})`);
    } catch (err) {
      const ms = Math.round(performance.now() - started);
      return classify(err, ms, m.timeoutMs, signal.aborted);
    }
  }

  async close(): Promise<void> {
    await this.base.close().catch(() => undefined);
  }
}

export function accepted(codes: readonly number[], code: number): boolean {
  return codes.length === 0 ? code >= 200 && code < 300 : codes.includes(code);
}

function down(
  httpStatus: number | null,
  responseTimeMs: number | null,
  failureCategory: FailureCategory,
  failureReason: string,
): ProbeOutcome {
  return { status: 'down', httpStatus, responseTimeMs, failureCategory, failureReason };
}

function classify(err: unknown, ms: number, timeoutMs: number, aborted: boolean): ProbeOutcome {
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
