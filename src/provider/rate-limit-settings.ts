// The provider's rate-limit settings, declared once (schema, docs and CDKTF bindings come from these
// declarations), and how they reach the client: provider arguments win over the environment.
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, parseDuration } from '../client/index.js';
import {
  DiagnosticError,
  errorDiag,
  float64Attr,
  stringAttr,
  type Validator,
} from '../protocol/framework/index.js';

export const MAX_WAIT_ENV = 'UPTIME_RATE_LIMIT_MAX_WAIT';
export const SHARE_ENV = 'UPTIME_RATE_LIMIT_SHARE';
/** rate_limit_max_wait: from one second to a day. */
const MAX_WAIT = { min: 1000, max: 24 * 3_600_000 };
/** The client's default (DEFAULT_MAX_RATE_LIMIT_WAIT_MS), as documented. */
export const DEFAULT_MAX_WAIT = '15m';

export const maxWaitRule = `a duration such as \`30m\`, \`1h\` or \`90s\` (units h, m, s, ms), from 1s to 24h`;
const shareRule = 'a number greater than 0 and at most 1';

/** Milliseconds of a valid rate_limit_max_wait (or in_doubt_max_wait), else null. */
export function maxWaitMs(text: string): number | null {
  const ms = parseDuration(text);
  return ms !== null && ms >= MAX_WAIT.min && ms <= MAX_WAIT.max ? ms : null;
}

const validShare = (n: number): boolean => Number.isFinite(n) && n > 0 && n <= 1;

/** The check of a duration attribute such as rate_limit_max_wait (1s to 24h). */
export const durationValidator = (attribute: string): Validator<string> => ({
  description: `must be ${maxWaitRule}`,
  validate: ({ value, path }) =>
    maxWaitMs(value) === null
      ? [
          errorDiag(
            'Invalid Attribute Value',
            `${attribute} must be ${maxWaitRule} (rule: duration), got: ${JSON.stringify(value)}.`,
            path,
          ),
        ]
      : [],
});

const shareValidator: Validator<number> = {
  description: `must be ${shareRule}`,
  validate: ({ value, path }) =>
    validShare(value)
      ? []
      : [
          errorDiag(
            'Invalid Attribute Value',
            `rate_limit_share must be ${shareRule} (rule: range, allowed values: (0, 1]; for N runs sharing a token, 1/N), got: ${value}.`,
            path,
          ),
        ],
};

export const rateLimitAttributes = {
  rate_limit_max_wait: stringAttr({
    optional: true,
    validators: [durationValidator('rate_limit_max_wait')],
    description: `How long this provider may wait for the API token's per-minute allowance in all before it stops with an error: ${maxWaitRule}. Terraform starts the provider anew for each plan and apply, and the bound applies to each. Requests answered 429 (rate limited) wait for the allowance and are sent again; they never count against \`max_retries\`. Omitted or null: the \`${MAX_WAIT_ENV}\` environment variable, else ${DEFAULT_MAX_WAIT}.`,
  }),
  rate_limit_share: float64Attr({
    optional: true,
    validators: [shareValidator],
    description: `The share of the token's per-minute allowance this run paces itself to while other runs use the same token (stacks planned or applied at once, parallel pipelines): ${shareRule}, e.g. \`0.25\` for one of four runs. A run that finds nobody else using the token still takes what remains. Omitted or null: the \`${SHARE_ENV}\` environment variable (\`0.25\`, \`1/4\` or \`25%\`), else estimated from what the others use.`,
  }),
};

/** The rate-limit settings from the provider configuration, else the environment, else the defaults. */
export function rateLimitSettings(
  config: { rate_limit_max_wait?: string | null; rate_limit_share?: number | null },
  env: NodeJS.ProcessEnv = process.env,
): { maxWaitMs: number; share: number | null } {
  let wait = DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
  if (config.rate_limit_max_wait != null) wait = maxWaitMs(config.rate_limit_max_wait)!;
  else if (env[MAX_WAIT_ENV]) {
    const ms = maxWaitMs(env[MAX_WAIT_ENV]!);
    if (ms === null)
      throw new DiagnosticError(
        `Invalid ${MAX_WAIT_ENV}`,
        `The environment variable ${MAX_WAIT_ENV} must be ${maxWaitRule} (rule: duration), got: ${JSON.stringify(env[MAX_WAIT_ENV])}.`,
        ['rate_limit_max_wait'],
      );
    wait = ms;
  }
  let share: number | null = config.rate_limit_share ?? null;
  if (share === null && env[SHARE_ENV]) {
    share = parseShare(env[SHARE_ENV]!);
    if (share === null)
      throw new DiagnosticError(
        `Invalid ${SHARE_ENV}`,
        `The environment variable ${SHARE_ENV} must be ${shareRule}, written \`0.25\`, \`1/4\` or \`25%\` (rule: range), got: ${JSON.stringify(env[SHARE_ENV])}.`,
        ['rate_limit_share'],
      );
  }
  return { maxWaitMs: wait, share };
}

/** `0.25`, `1/4` or `25%`; null when it is none of these or outside (0, 1]. */
export function parseShare(text: string): number | null {
  const s = text.trim();
  let n: number;
  const frac = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(s);
  if (frac) n = Number(frac[1]) / Number(frac[2]);
  else if (/^\d+(\.\d+)?\s*%$/.test(s)) n = Number(s.replace('%', '')) / 100;
  else if (/^\d*\.?\d+$/.test(s)) n = Number(s);
  else return null;
  return validShare(n) ? n : null;
}
