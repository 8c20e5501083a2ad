// In-doubt writes: a write that was sent and then lost its answer (connection dropped, timeout, a 5xx that may come
// from a proxy in front of the service) may have happened. Like a 429, that is not a failure: the write is replayed
// with its own Idempotency-Key until the service says what happened (the stored answer, or the operation run once),
// or until a deadline much longer than the ordinary retry budget. Only then does the call fail, with
// `OutcomeUnknownError`. The transport (transport.ts) asks this module after the retry budget is spent. The replays
// back off by the outbound HTTP policy (src/http/policy.ts), with equal jitter: every wait makes progress.
import { backoffMs, mayHaveHappened, type Backoff } from '../http/policy.js';
import { ApiError, keepClassNames, NetworkError } from './errors.js';
import { formatDuration } from './duration.js';

/**
 * How long a write whose outcome is unknown is replayed, by default: 10 minutes. Long enough to ride out what
 * usually loses answers (a proxy or load balancer restarting, a network partition, a service deploy or failover,
 * all minutes at most) and far inside the 24 hours the service keeps an Idempotency-Key (docs/api-decisions.md);
 * short enough that a CI job whose service is really down stops within its usual timeout instead of hanging.
 */
export const DEFAULT_IN_DOUBT_MAX_WAIT_MS = 10 * 60_000;
/** Replays back off from 1 s, doubling, to 10 s (with jitter in the upper half: always some progress). */
const REPLAY_BACKOFF: Backoff = { baseMs: 1000, maxMs: 10_000, jitter: 'equal' };

/** A failure after which a write may have happened: no answer after sending, or a 5xx. */
export function leavesInDoubt(failure: ApiError): boolean {
  if (failure instanceof NetworkError) return failure.outcomeUnknown;
  return mayHaveHappened(failure);
}

/** One write's resolution: whether it is in doubt, and how long to wait before the next replay. */
export class InDoubt {
  #since: number | null = null;
  #replays = 0;
  #doubted = false;

  constructor(
    private readonly maxWaitMs: number,
    private readonly random: () => number,
  ) {}

  /** Notes an attempt's failure; true when the write is in doubt (this or an earlier attempt may have run it). */
  note(failure: ApiError): boolean {
    // A refused connection after a lost answer says nothing about the earlier attempt: still in doubt.
    if (leavesInDoubt(failure)) this.#doubted = true;
    return this.#doubted && failure.retryable;
  }

  /** The wait before the next replay, or null when the deadline has passed. `hintMs`: a Retry-After. */
  next(now: number, hintMs: number | null): number | null {
    if (this.maxWaitMs <= 0) return null;
    this.#since ??= now;
    const left = this.#since + this.maxWaitMs - now;
    if (left <= 0) return null;
    const wait = Math.max(hintMs ?? 0, backoffMs(++this.#replays, REPLAY_BACKOFF, this.random));
    return Math.min(wait, left);
  }

  /** The error at the deadline: what was tried, for how long, and the last thing that went wrong (with no
   *  in-doubt phase at all, `maxWaitMs` 0: the last failure as it is). */
  failure(last: ApiError, now: number): ApiError {
    if (this.#since === null) return last;
    return new OutcomeUnknownError(last, now - this.#since, this.#replays);
  }
}

/**
 * A write whose outcome stayed unknown until the deadline: the service may or may not have performed it. Says no
 * more than that; the caller (the provider) tells its user what may exist and how to find it.
 */
export class OutcomeUnknownError extends ApiError {
  readonly outcomeUnknown = true;
  constructor(
    readonly last: ApiError,
    readonly waitedMs: number,
    readonly replays: number,
  ) {
    super({
      method: last.method,
      pathTemplate: last.pathTemplate,
      path: last.path,
      status: last.status,
      requestId: last.requestId,
      body: last.body,
      retryable: false,
      message: `${last.method} ${last.pathTemplate}: the service did not say whether the write happened, after ${replays} more attempt${replays === 1 ? '' : 's'} over ${formatDuration(waitedMs)} (last: ${lastCause(last)})`,
    });
  }
}

function lastCause(e: ApiError): string {
  const head = `${e.method} ${e.pathTemplate} failed: `;
  return e.message.startsWith(head) ? e.message.slice(head.length) : e.message;
}

keepClassNames({ OutcomeUnknownError });
