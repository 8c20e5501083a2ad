// The options of a review and their one rule (`resolveReviewOptions`), the same for `uptimectl plan-report` and
// `uptimectl run-task serve`, in the same words:
// - `--check` is the preflight against the account (capacity, intervals, destinations, the request budget, creates
//   that duplicate a live monitor): it needs the service address and a token.
// - A gate needs the option its declaration names (gates.ts): `duplicate` and `preflight` need `--check`,
//   `probe-down` needs `--probe`. A gate that could never match is an error, not a silent pass.
// - `--coverage` (the public endpoints no monitor watches, src/coverage) is on when asked for or when `--fail-on
//   uncovered` is; it is not part of the drift report (`--drift`).
// - `--probe-timeout` is a number of seconds above 0; `--approved` empty means not approved; `--format` is one of
//   REPORT_FORMATS.
// A command chooses only defaults before the rule runs: plan-report's `--check` is off unless given; run-task serve's
// is on when a service token is given (no one passes a flag per run there), off with `--no-check`.
import { gateEnables, gateNeeds, parseGates, type Gate, type GateNeed } from './gates.js';

export interface ReviewOptions {
  /** `--fail-on` values (repeatable, comma-separated). */
  failOn?: readonly string[];
  /** `--check`: the preflight against the account. */
  check?: boolean;
  /** The service and a token: destination labels, `--check`, the backtest's history. */
  baseUrl?: string | undefined;
  token?: string | undefined;
  /** Who approved what the gates match (a label, a review): the report says so and the gates do not fail it. */
  approved?: string | undefined;
  /** `--probe`: request each created monitor and each whose request changes once (probe.ts), and backtest alert
   *  changes against the monitor's history (backtest.ts). */
  probe?: boolean;
  /** `--probe-allow` / UPTIME_PROBE_ALLOW: CIDR ranges the probe may reach although they are not public. */
  probeAllow?: readonly string[];
  /** `--probe-ca`: extra trusted certificate authorities (PEM text) for the probe. */
  probeCa?: readonly string[];
  /** The probe's total time limit (default 120 s). */
  probeTotalMs?: number;
  /** Where write-only secrets for the probe are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** `--coverage`: which public endpoints the plans create or change that no monitor watches (src/coverage). */
  coverage?: boolean;
  /** `--coverage-ignore` / UPTIME_COVERAGE_IGNORE: address globs left out of the coverage review. */
  coverageIgnore?: readonly string[];
  /** Only the drift report (`plan-report --drift`): coverage is not part of it. */
  drift?: boolean;
  /** Listing requests the duplicate check and the coverage review may make (100 monitors each); default 100. */
  maxListRequests?: number;
  /** Progress and warnings (stderr in the CLI). */
  warn?: (message: string) => void;
}

/** The options after the rule: what the review does, with nothing left to check. */
export interface ResolvedReviewOptions {
  gates: Gate[];
  approval: string | undefined;
  connection: { baseUrl: string; token: string } | null;
  check: boolean;
  probe: { allow: string[]; ca: string[]; totalMs?: number; env: NodeJS.ProcessEnv } | null;
  coverage: { ignore: string[] } | null;
  maxListRequests?: number;
  warn: (message: string) => void;
}

/** The outputs `plan-report --format` writes (render-review.ts). */
export const REPORT_FORMATS = ['markdown', 'text', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** `--format`, checked: the default is Markdown. */
export function reportFormat(format: string | undefined): ReportFormat {
  const f = format ?? 'markdown';
  if (!(REPORT_FORMATS as readonly string[]).includes(f))
    throw new Error(`--format: unknown format "${f}"; allowed values: ${REPORT_FORMATS.join(', ')}`);
  return f as ReportFormat;
}

/** What `--check` does, for both commands' help. */
export const CHECK_DESCRIPTION =
  'preflight against the account: capacity, minimum interval, destinations, request budget, creates that duplicate a live monitor (needs a token)';

const FLAG: Record<GateNeed, string> = { check: '--check', probe: '--probe' };
const CONNECTION =
  '--check needs the service address and a token: set UPTIME_BASE_URL and UPTIME_API_TOKEN (or --base-url/--token)';

/** The one rule of the review's options; throws the first mistake, naming the option and what it needs. */
export function resolveReviewOptions(o: ReviewOptions): ResolvedReviewOptions {
  const gates = parseGates(o.failOn ?? []);
  const connection = o.baseUrl && o.token ? { baseUrl: o.baseUrl, token: o.token } : null;
  const on: Record<GateNeed, boolean> = { check: !!o.check, probe: !!o.probe };
  if (on.check && !connection) throw new Error(CONNECTION);
  for (const g of gates) {
    const need = gateNeeds(g);
    if (need && !on[need.option])
      throw new Error(
        `--fail-on ${g} needs ${FLAG[need.option]} (${need.why})` +
          (need.option === 'check' && !connection ? `; ${CONNECTION}` : ''),
      );
  }
  const coverage = !!o.coverage || gates.some((g) => gateEnables(g) === 'coverage');
  if (coverage && o.drift)
    throw new Error('--coverage and --fail-on uncovered are not part of the drift report (--drift)');
  if (o.probeTotalMs !== undefined && !(o.probeTotalMs > 0))
    throw new Error('--probe-timeout: give the total time in seconds, a number above 0');
  return {
    gates,
    approval: o.approved?.trim() || undefined,
    connection,
    check: on.check,
    probe: on.probe
      ? {
          allow: [...(o.probeAllow ?? [])],
          ca: [...(o.probeCa ?? [])],
          ...(o.probeTotalMs ? { totalMs: o.probeTotalMs } : {}),
          env: o.env ?? process.env,
        }
      : null,
    coverage: coverage ? { ignore: [...(o.coverageIgnore ?? [])] } : null,
    ...(o.maxListRequests !== undefined ? { maxListRequests: o.maxListRequests } : {}),
    warn: o.warn ?? (() => {}),
  };
}
