// What one process knows of a token's per-minute allowance, from the X-RateLimit-* headers of its own answers, and
// when it may send next. Pure bookkeeping on times passed in (the limiter owns the clock, the queue and the waits).
//
// Several processes may share the token (stacks applied at once); none of them knows the others, only the
// window's `remaining` count in its answers. From that count and its own requests a process estimates what the
// others use (`othersPerOwn`: their requests per request of its own), takes its portion of what remains
// (about 1 / (1 + othersPerOwn), or the configured share) and spreads it over the rest of the window
// (a token bucket over what remains). Processes that all do this use the window evenly and fairly, and mostly
// never meet a 429. A process that has seen nobody else for a while may use what remains at once.
import type { WindowNote } from './allowance-memory.js';
import type { RateLimitInfo } from './rate-limit-info.js';

/** The spec's allowance is per minute; a different window is learned from consecutive reset times. */
export const DEFAULT_WINDOW_MS = 60_000;
/** Memory of the others-per-own estimate, per own answer (about the last 20 answers count). */
const FORGET = 0.95;
/** A process counts as alone on its token after this many own answers in a row without anybody else's request. */
const ALONE_AFTER_ANSWERS = 3;
/**
 * What a process that looks alone may send at once: a quarter of what remains, growing to all of it after a
 * twelfth of the window (5 s of a minute) without anybody else's request, long enough for runs pacing beside it
 * to show. A small run alone on its token is not slowed; one that starts beside pacing runs takes little more
 * than its share before it sees them.
 */
const ALONE_BURST = { first: 0.25, fullAfterWindowShare: 1 / 12 };
/**
 * Requests by others in the window before a process's first answer that show somebody is using the token now:
 * a tenth of the limit, at least 5 (fewer may be the plan that ran before this apply).
 */
const BUSY_AT_START = { share: 0.1, min: 5 };
/**
 * With n processes sharing a token, each takes (1/n)^FAIRNESS of what remains: together n^(1−FAIRNESS) times
 * the even pace (the window is used a little earlier than evenly), in exchange for portions that even out within a
 * few windows (measured with test/client/sharing-sim.ts: 6 runs of 52 requests at 60/min, -parallelism=20, finish
 * within 1.05× of each other, none answered 429; with FAIRNESS 1 the portions keep how they started, 1.2–1.35×).
 */
const FAIRNESS = 0.75;
/** Requests a process may send before its first answers tell whether anybody else uses the token. */
const INITIAL_BURST = 3;
/** Pacing waits vary by ±10% so that processes sharing a token do not fall into step. */
const PACE_JITTER = 0.1;

export interface AllowanceOptions {
  /** Requests left to other users of the token in every window. */
  reserve: number;
  /** The share of the token this process may count on (0–1], or null to estimate it from what others use. */
  share: number | null;
}

export class Allowance {
  limit: number | null = null;
  windowMs = DEFAULT_WINDOW_MS;
  private windowLearned = false;
  /** Local time of the current window's reset (the service's time corrected by `offsetMs`). */
  resetAt: number | null = null;
  /** The smallest remaining count read in the current window. */
  remaining: number | null = null;
  /** Requests sent since `remaining` was read (including those in flight then). */
  private sentSinceRead = 0;
  private readAt = 0;
  /** The window the counts below belong to (the service's reset time, as read). */
  private windowKey: number | null = null;
  /** Own answers counted by the service in this window. */
  private ownCounted = 0;
  /** A lower bound of the others' requests in this window. */
  private others = 0;
  /** Decaying sums behind `othersPerOwn`. */
  private othersSum = 0;
  private ownSum = 0;
  private seenFirstAnswer = false;
  /** An HTTP answer arrived (with or without rate-limit headers). */
  private answered = false;
  /** Own answers since the others' count last grew, and since when (or since the first answer). */
  private answersSinceOthers = 0;
  private quietSince = 0;
  /** Requests sent since `quietSince`. */
  private sentSinceQuiet = 0;
  /** Requests by others seen in all (a lower bound), for the report. */
  othersTotal = 0;
  /** Service clock minus local clock, learned from 429 answers (their reset and Retry-After must agree). */
  offsetMs = 0;
  private tokens = 1;
  private refilledAt = 0;

  constructor(private readonly opts: AllowanceOptions) {}

  /** Others' requests per request of this process, as recently seen. */
  get othersPerOwn(): number {
    return this.ownSum > 0 ? this.othersSum / this.ownSum : 0;
  }

  /** Nobody else used the token in the last answers (and this process has had some). */
  get alone(): boolean {
    return this.seenFirstAnswer && this.answersSinceOthers >= ALONE_AFTER_ANSWERS && this.othersPerOwn < 0.05;
  }

  /** A process alone on the token may send at once while this is true (ALONE_BURST). */
  private mayBurst(now: number, available: number): boolean {
    if (!this.alone) return false;
    const grown = (now - this.quietSince) / (this.windowMs * ALONE_BURST.fullAfterWindowShare);
    if (grown >= 1) return true;
    return this.sentSinceQuiet < (available + this.sentSinceQuiet) * (ALONE_BURST.first + grown);
  }

  /**
   * The part of what remains this process takes: the configured share, else 1/(1 + othersPerOwn) raised to
   * FAIRNESS (< 1), which gives a process that has had less than the others relatively more, so their portions
   * converge instead of staying as they started.
   */
  portion(): number {
    return this.opts.share ?? (1 / (1 + this.othersPerOwn)) ** FAIRNESS;
  }

  /**
   * Starts from what another process left (allowance-memory.ts) when it is about the current window: a window
   * already used up is waited for instead of being met with a blind request and a 429.
   */
  seed(note: WindowNote | null, now: number): void {
    if (!note || this.answered || now - note.at > note.windowMs) return;
    const r = note.resetAt + this.offsetMs;
    if (r <= now) return;
    this.limit = note.limit;
    this.windowMs = note.windowMs;
    this.windowKey = note.resetAt;
    this.resetAt = r;
    this.remaining = note.remaining;
    this.sentSinceRead = 0;
    this.readAt = Math.min(now, note.at);
    this.othersSum = 2 * note.othersPerOwn;
    this.ownSum = 2;
    this.answered = true;
  }

  /** What the next process should know of the current window, when it is worth knowing (a fifth or 10 left). */
  note(): WindowNote | null {
    if (this.windowKey === null || this.limit === null || this.remaining === null) return null;
    if (this.remaining > Math.max(10, this.limit / 5)) return null;
    return {
      resetAt: this.windowKey,
      limit: this.limit,
      remaining: this.remaining,
      windowMs: this.windowMs,
      othersPerOwn: this.othersPerOwn,
      at: this.readAt,
    };
  }

  /** A request was sent now. */
  sent(now: number): void {
    this.sentSinceRead++;
    this.sentSinceQuiet++;
    this.refill(now);
    this.tokens = Math.max(0, this.tokens - 1);
  }

  /**
   * An answer arrived. 429 answers are not counted by the service; for them `retryAfterSeconds` (whole seconds,
   * rounded up) checks the announced reset and the result is when to send again. `inFlight` is what this
   * process still has in flight after this answer.
   */
  observe(
    info: RateLimitInfo | null,
    status: number,
    retryAfterSeconds: number | null,
    inFlight: number,
    now: number,
  ): number | null {
    if (status > 0) this.answered = true;
    const resumeAt = status === 429 ? this.exhausted(info, retryAfterSeconds, now) : null;
    if (!info) return resumeAt;
    if (info.limit !== null) {
      if (this.limit === null)
        this.tokens = Math.min(INITIAL_BURST, Math.max(1, Math.floor(info.limit / 20)));
      this.limit = info.limit;
    }
    const key = info.resetAt;
    let r = key === null ? null : key + this.offsetMs;
    // An answer about a window that has already ended, or (late) about an earlier one than we know: its
    // remaining count says nothing about now.
    if (r !== null && (r <= now || (this.windowKey !== null && key! < this.windowKey))) return resumeAt;
    if (key !== null && key !== this.windowKey) {
      // The service has moved on to a later window while the local clock says the earlier one has not ended:
      // the local clock is behind the service's by at least that much.
      if (this.windowKey !== null && key > this.windowKey && this.windowKey + this.offsetMs > now) {
        const behind = this.windowKey + this.offsetMs - now;
        this.offsetMs -= behind;
        r! -= behind;
      }
      this.startWindow(key, r!);
    }
    if (status !== 429) this.ownCounted++;
    if (info.remaining === null) return resumeAt;
    if (this.remaining === null || info.remaining <= this.remaining) {
      this.remaining = info.remaining;
      this.sentSinceRead = inFlight;
      this.readAt = now;
    }
    this.countOthers(info.remaining, inFlight, now);
    return resumeAt;
  }

  private startWindow(key: number, r: number): void {
    if (this.windowKey !== null && key > this.windowKey) {
      const step = key - this.windowKey;
      if (step >= 1000 && (!this.windowLearned || step < this.windowMs)) this.windowMs = step;
      this.windowLearned = true;
    }
    this.windowKey = key;
    this.resetAt = r;
    this.remaining = null;
    this.ownCounted = 0;
    this.others = 0;
  }

  /** Requests in this window beyond this process's own: the others (counted once each, as a lower bound). */
  private countOthers(remaining: number, inFlight: number, now: number): void {
    if (this.limit === null) return;
    const others = this.limit - remaining - this.ownCounted - inFlight;
    if (!this.seenFirstAnswer) {
      // A little used before this process's first answer (the plan before this apply, an earlier run) is not
      // evidence of anybody using the token now; much is: until it knows better, it counts on one other run.
      this.seenFirstAnswer = true;
      this.others = Math.max(0, others);
      this.quietSince = now;
      this.sentSinceQuiet = 0;
      this.ownSum = 1;
      if (others >= Math.max(BUSY_AT_START.min, this.limit * BUSY_AT_START.share)) this.othersSum = 1;
      return;
    }
    const grew = Math.max(0, others - this.others);
    if (grew > 0) {
      this.others = others;
      this.othersTotal += grew;
      this.answersSinceOthers = 0;
      this.quietSince = now;
      this.sentSinceQuiet = 0;
    } else this.answersSinceOthers++;
    this.othersSum = this.othersSum * FORGET + grew;
    this.ownSum = this.ownSum * FORGET + 1;
  }

  /**
   * A 429 of a used-up window: send again at the announced reset (X-RateLimit-Reset: whole seconds, exact), kept
   * within what the Retry-After (whole seconds, rounded up) allows, which also learns how far the local clock is
   * from the service's. A 429 while the window still has requests left, or asking for longer than a window (another
   * limit of the service, the monthly allowance), says nothing about the window: its Retry-After alone is the wait.
   */
  private exhausted(
    info: RateLimitInfo | null,
    retryAfterSeconds: number | null,
    now: number,
  ): number | null {
    const aboutWindow =
      info?.remaining === 0 &&
      (retryAfterSeconds === null || retryAfterSeconds * 1000 <= this.windowMs + 1000);
    const key = aboutWindow ? info!.resetAt : null;
    if (key !== null && retryAfterSeconds !== null) {
      const latest = now + retryAfterSeconds * 1000;
      const earliest = latest - 1000;
      const local = key + this.offsetMs;
      const shift = local < earliest ? earliest - local : local > latest ? latest - local : 0;
      this.offsetMs += shift;
      if (this.resetAt !== null) this.resetAt += shift;
    }
    if (key !== null && key + this.offsetMs > now) return key + this.offsetMs;
    return retryAfterSeconds !== null ? now + retryAfterSeconds * 1000 : null;
  }

  /** When the next request could be sent at the earliest, pacing aside: at once while the last count read
   *  leaves one, else at the window's reset. */
  earliestSendAt(now: number, inFlight: number, random: () => number): number {
    if (!this.answered) return inFlight > 0 ? Infinity : now;
    if (this.limit === null || this.remaining === null || this.resetAt === null) return now;
    if (now >= this.resetAt) this.rollOver(now, inFlight);
    return this.remaining - this.sentSinceRead - this.opts.reserve >= 1
      ? now
      : this.resetAt + this.resetJitter(random);
  }

  /** When the next request may be sent (≤ now: at once). `random` in [0, 1) adds the jitter. */
  nextSendAt(now: number, inFlight: number, random: () => number): number {
    // Until the first answer tells the allowance, one request at a time (Infinity: when an answer arrives).
    if (!this.answered) return inFlight > 0 ? Infinity : now;
    if (this.limit === null || this.remaining === null || this.resetAt === null) return now;
    if (now >= this.resetAt) this.rollOver(now, inFlight);
    const resetAt = this.resetAt;
    const left = resetAt - now;
    const available = this.available(now);
    if (available < 1) return resetAt + this.resetJitter(random);
    if (this.mayBurst(now, available)) return now;
    // Token bucket: this process's portion of what remains, spread over the rest of the window.
    const rate = (this.portion() * available) / left;
    this.refill(now, rate);
    if (this.tokens >= 1) return now;
    const wait = ((1 - this.tokens) / rate) * (1 + PACE_JITTER * (2 * random() - 1));
    const at = now + Math.max(1, Math.ceil(wait));
    if (at < resetAt) return at;
    // The last of the window goes just before its end rather than into the next window.
    const lastCall = resetAt - Math.min(1000, this.windowMs / 60);
    return lastCall > now ? lastCall : resetAt + this.resetJitter(random);
  }

  /**
   * What remains for everyone, as far as this process can tell: the last count read, less what it sent since,
   * less what the others have probably used since (they use `othersPerOwn` times what this process does).
   */
  private available(now: number): number {
    const read = this.remaining! - this.sentSinceRead - this.opts.reserve;
    if (read <= 0) return read;
    const resetAt = this.resetAt!;
    const others = this.othersPerOwn;
    if (others === 0 || now <= this.readAt || this.readAt >= resetAt) return read;
    // While this process takes portion·x/(T−t) per unit of time, the others take othersPerOwn times that:
    // x(t) = x0·((T−t)/(T−t0))^(othersPerOwn·portion).
    const decay = ((resetAt - now) / (resetAt - this.readAt)) ** (others * this.portion());
    return read * decay;
  }

  private refill(now: number, rate?: number): void {
    // Holds one request at most, beyond the initial burst.
    if (rate !== undefined)
      this.tokens = Math.max(
        this.tokens,
        Math.min(1, this.tokens + rate * Math.max(0, now - this.refilledAt)),
      );
    this.refilledAt = now;
  }

  /** A new window began and no answer of it has arrived yet: the allowance is back. */
  private rollOver(now: number, inFlight: number): void {
    // Until an answer of this window tells the truth, everything sent (including calls still in flight) counts
    // against the limit. The next reset is estimated one window later.
    this.resetAt! += Math.ceil((now - this.resetAt! + 1) / this.windowMs) * this.windowMs;
    this.remaining = this.limit;
    this.sentSinceRead = inFlight;
    this.readAt = now;
    this.tokens = 1;
    this.refilledAt = now;
  }

  /** Waiters released by a reset spread over its first moments (at most 1% of the window, 250 ms). */
  private resetJitter(random: () => number): number {
    return 1 + Math.floor(random() * Math.min(250, this.windowMs / 100));
  }
}
