// The engine's side of the HTTP check: a monitor record as the shared checker's request (src/checker, the rule the
// probe of `plan-report --probe` runs too). No address guard: the local service checks whatever its monitors name.
import type { FailureCategory } from '../../api/index.js';
import { HttpChecker, type CheckOutcome, type HttpCheckRequest } from '../../checker/index.js';
import type { MonitorRecord } from '../store.js';

/** A check's outcome as the engine records it (a forced outcome may also say `slow_response`). */
export type ProbeOutcome = Omit<CheckOutcome, 'failureCategory'> & {
  failureCategory: FailureCategory | null;
};

export function checkRequest(m: MonitorRecord): HttpCheckRequest {
  return {
    url: m.url,
    method: m.requestMethod,
    headers: m.requestHeaders,
    basicAuth:
      m.auth.type === 'basic' && m.auth.username !== null
        ? { username: m.auth.username, password: m.auth.password ?? null }
        : null,
    timeoutMs: m.timeoutMs,
    followRedirects: m.followRedirects,
    acceptedStatusCodes: m.acceptedStatusCodes,
  };
}

/** Shared connection pools: keep-alive connections make 10,000 monitors at 60 s cheap on loopback. */
export class Checker {
  private readonly http = new HttpChecker();

  async probe(m: MonitorRecord): Promise<ProbeOutcome> {
    const { status, httpStatus, responseTimeMs, failureCategory, failureReason } = await this.http.check(
      checkRequest(m),
    );
    return { status, httpStatus, responseTimeMs, failureCategory, failureReason };
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
