// The warning a user sees when the API rate limit slowed a plan or apply: without it, a refresh that waits minutes
// for the per-minute allowance looks like a hung provider. Reported once the limiter is idle (so the numbers are
// those of the whole burst), and again only if more waiting happened since.
import type { Diagnostic } from '../protocol/diagnostics.js';
import { warningDiag } from '../protocol/diagnostics.js';
import type { RateLimiter } from '../client/index.js';

/** Waits shorter than this in total are not worth a warning. */
const REPORT_AFTER_MS = 1_000;

export interface ThrottleReported {
  throttledMs: number;
  rateLimited: number;
}

export const newThrottleReported = (): ThrottleReported => ({ throttledMs: 0, rateLimited: 0 });

const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000).toString());

/** What the warning needs from the provider data (narrow, so this module does not depend on client.ts). */
interface ThrottleContext {
  client: { limiter: RateLimiter } | null;
  throttleReported: ThrottleReported;
}

export function rateLimitWarning(pd: ThrottleContext | undefined): Diagnostic[] {
  const limiter = pd?.client?.limiter;
  if (!pd || !limiter) return [];
  const u = limiter.usage();
  if (u.waiting > 0 || u.inFlight > 0) return [];
  const seen = pd.throttleReported;
  const waitedMore = u.throttledMs - seen.throttledMs >= REPORT_AFTER_MS;
  if (!waitedMore && u.rateLimited === seen.rateLimited) return [];
  pd.throttleReported = { throttledMs: u.throttledMs, rateLimited: u.rateLimited };
  const allowance = u.limit !== null ? `${u.limit} requests per minute` : 'not announced by the service';
  const refused =
    u.rateLimited > 0
      ? ` The service answered 429 (rate limited) ${u.rateLimited} time${u.rateLimited === 1 ? '' : 's'}; those requests were retried after the time it asked for.`
      : '';
  return [
    warningDiag(
      'API rate limit slowed this run',
      `This provider made ${u.requests} API requests so far; ${u.waitedCalls} of them waited for the token's per-minute allowance (${allowance}), ${seconds(u.throttledMs)} s in all.${refused} ` +
        'What helps: a token with a higher allowance (a plan with a larger per-minute limit); `terraform plan -refresh=false` for previews that need no refresh; fewer monitors per state (split large states); fewer alert settings per state (each is read with its own request). See "API requests and rate limits" in the provider documentation.',
    ),
  ];
}
