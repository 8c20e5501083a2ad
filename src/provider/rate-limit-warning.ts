// The one warning a user sees when the token's allowance slowed a plan or an apply: without it, a run that waits
// minutes looks like a hung provider. It gives the totals of the provider process (Terraform starts one for the
// plan and one for the apply) and advice that fits: a token shared with other runs, or a run that alone needs
// more than the allowance.
//
// A provider process has no last call of its own (Terraform stops it after the last answer), and a diagnostic is
// only seen when it rides on an answer; Terraform shows them all when the operation ends, and of several warnings
// with one summary only one (with "and N more similar warnings"). So the warning goes out once, on the answer that
// leaves the provider idle (no other call of Terraform's in flight, nothing waiting for the allowance), after a
// moment's grace in which another call would show that the run goes on. Only a run that waits much longer after
// that (a long chain of dependent resources, -parallelism=1) gets an updated one.
import { formatDuration, perWindow, type LimiterUsage, type RateLimiter } from '../client/index.js';
import { warningDiag, type Diagnostic } from '../protocol/diagnostics.js';
import type { RunCall } from '../protocol/framework/index.js';
import { MAX_WAIT_ENV, SHARE_ENV } from './rate-limit-settings.js';

/** A run that waited less than this in all gets no warning. */
const REPORT_AFTER_MS = 5_000;
/** An updated warning needs this much more waiting, and half as much again as reported. */
const REPORT_AGAIN_AFTER_MS = 30_000;
/** Time Terraform gets to send another call before an answer counts as the run's last. */
const LAST_CALL_GRACE_MS = 50;
/** Other users' requests that make the token "shared" in the advice: this share of the run's own, at least 5. */
const SHARED_ABOVE = 0.1;

/** What the warning has reported in this provider process. */
export interface RunReport {
  /** The bound on waiting (rate_limit_max_wait), for the advice. */
  maxWaitMs: number;
  throttledMs: number;
  rateLimited: number;
  /** An ApplyResourceChange was answered: this process applies (its plan answers are re-plans before applies). */
  applying: boolean;
}

export const newRunReport = (maxWaitMs: number): RunReport => ({
  maxWaitMs,
  throttledMs: 0,
  rateLimited: 0,
  applying: false,
});

/** What the warning needs from the provider data (narrow, so this module does not depend on client.ts). */
interface RunContext {
  client: { limiter: RateLimiter } | null;
  runReport: RunReport;
}

/** ProviderDecl.runDiagnostics: the rate-limit warning, on the answer that ends the run. */
export async function rateLimitWarning(pd: RunContext | undefined, call: RunCall): Promise<Diagnostic[]> {
  const limiter = pd?.client?.limiter;
  if (!pd || !limiter) return [];
  if (call.rpc === 'ApplyResourceChange') pd.runReport.applying = true;
  // An apply plans each resource again right before applying it: that answer is never the last.
  if (call.rpc === 'PlanResourceChange' && pd.runReport.applying) return [];
  if (!due(limiter.usage(), pd.runReport) || !call.quiet()) return [];
  await new Promise((r) => setTimeout(r, LAST_CALL_GRACE_MS));
  const u = limiter.usage();
  if (!call.quiet() || u.waiting > 0 || u.inFlight > 0 || !due(u, pd.runReport)) return [];
  Object.assign(pd.runReport, { throttledMs: u.throttledMs, rateLimited: u.rateLimited });
  return [rateLimitDiagnostic(u, pd.runReport)];
}

function due(u: LimiterUsage, r: RunReport): boolean {
  if (u.waiting > 0 || u.inFlight > 0) return false;
  if (r.throttledMs === 0 && r.rateLimited === 0)
    return u.throttledMs >= REPORT_AFTER_MS || u.rateLimited > 0;
  return u.throttledMs - r.throttledMs >= Math.max(REPORT_AGAIN_AFTER_MS, r.throttledMs / 2);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The warning: totals of this provider process and the advice that fits them. */
export function rateLimitDiagnostic(u: LimiterUsage, r: RunReport): Diagnostic {
  const phase = r.applying ? 'apply' : 'plan';
  const allowance = u.limit !== null ? `${u.limit} requests per ${perWindow(u.windowMs)}` : 'not announced';
  const refused =
    u.rateLimited > 0
      ? ` The service answered 429 (rate limited) ${plural(u.rateLimited, 'time')}; those requests waited for the next window and were sent again (waiting never counts against max_retries).`
      : '';
  const shared = u.othersRequests >= Math.max(5, u.requests * SHARED_ABOVE);
  const others = shared
    ? ` Other users of the same token sent at least ${plural(u.othersRequests, 'request')} in the same minutes.`
    : '';
  const least =
    u.limit !== null
      ? ` (${plural(u.requests, 'request')} at ${allowance} are about ${formatDuration((u.requests / u.limit) * u.windowMs)} of allowance)`
      : '';
  const advice = shared
    ? `The allowance belongs to the token, and other runs used it at the same time (stacks planned or applied at once, other pipelines), so splitting states does not help. What helps: a token for each stack or pipeline; \`rate_limit_share\` (or ${SHARE_ENV}) in each run, e.g. 1/4 for four runs started together; fewer runs at once; a plan with a larger allowance.`
    : `Nothing else used the token: this run alone needed more than its allowance${least}. What helps: a token on a plan with a larger allowance; \`terraform plan -refresh=false\` for previews that need no refresh; fewer alert settings per state (each is read with its own request on every plan).`;
  return warningDiag(
    `API rate limit slowed this ${phase}`,
    `This ${phase} sent ${plural(u.requests, 'API request')}; ${u.waitedCalls} of them waited for the token's allowance (${allowance}), ${formatDuration(u.throttledMs)} in all, the longest ${formatDuration(u.longestWaitMs)}.${refused}${others} ${advice} A run stops with an error once it has waited ${formatDuration(r.maxWaitMs)} in all (\`rate_limit_max_wait\` or ${MAX_WAIT_ENV}). See "API requests and rate limits" in the provider documentation.`,
  );
}
