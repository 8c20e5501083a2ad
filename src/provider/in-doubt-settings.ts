// in_doubt_max_wait: how long a write whose answer was lost is replayed with its own Idempotency-Key before the
// apply fails (src/client/in-doubt.ts). Declared once; provider argument, else environment, else the default.
import { DEFAULT_IN_DOUBT_MAX_WAIT_MS } from '../client/index.js';
import { DiagnosticError, stringAttr } from '../protocol/framework/index.js';
import { durationValidator, maxWaitMs, maxWaitRule } from './rate-limit-settings.js';

export const IN_DOUBT_ENV = 'UPTIME_IN_DOUBT_MAX_WAIT';
const ATTR = 'in_doubt_max_wait';

export const inDoubtAttributes = {
  [ATTR]: stringAttr({
    optional: true,
    validators: [durationValidator(ATTR)],
    description: `How long a write whose answer was lost (the connection dropped or timed out after the request was sent, or a \`5xx\` answer) is sent again with its own Idempotency-Key, with backoff, until the service says what happened: ${maxWaitRule}. Such a write is not a failure and does not count against \`max_retries\`; only a write whose outcome is still unknown after this long fails the apply. Omitted or null: the \`${IN_DOUBT_ENV}\` environment variable, else 10m (network and proxy outages and service restarts last minutes; the service keeps a key 24 hours).`,
  }),
} as const;

/** in_doubt_max_wait in milliseconds: the provider argument, else the environment, else the client's default. */
export function inDoubtMaxWaitMs(
  config: string | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): number {
  if (config != null) return maxWaitMs(config)!;
  const raw = env[IN_DOUBT_ENV];
  if (!raw) return DEFAULT_IN_DOUBT_MAX_WAIT_MS;
  const ms = maxWaitMs(raw);
  if (ms === null)
    throw new DiagnosticError(
      `Invalid ${IN_DOUBT_ENV}`,
      `The environment variable ${IN_DOUBT_ENV} must be ${maxWaitRule} (rule: duration), got: ${JSON.stringify(raw)}.`,
      [ATTR],
    );
  return ms;
}
