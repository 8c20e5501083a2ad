// The review of one or more Terraform plans, as data: `review` turns parsed plans and resolved options
// (options.ts) into a `Review` — the monitor changes and their risks, drift and actions per stack (changes.ts), the
// preflight against the account (preflight.ts, duplicates.ts), the coverage of public endpoints (coverage.ts), the probe and the backtests (probe.ts,
// backtest.ts), the gates (gates.ts) and every secret the outputs must never show (secrets.ts). It renders nothing:
// Markdown, text and JSON (render-review.ts) and the run task's result (src/run-task/outcomes.ts) are renderers of
// it, so `plan-report`, its `--drift` form and `run-task serve` share one review.
//
// A section of the review is one typed field here, computed in `review`, plus one renderer per format: Markdown and
// text in render-review.ts (MARKDOWN_SECTIONS / TEXT_SECTIONS, or the lead sections cut with the monitors'), a
// field of the JSON document (render-json.ts), the run task's message parts and outcomes (src/run-task/outcomes.ts),
// and, when it can fail a run, a gate (gates.ts) with what it needs (options.ts).
import { UptimeClient } from '../client/index.js';
import { backtest, type Backtest } from './backtest.js';
import { analyse, type StackReport } from './changes.js';
import type { CoverageReview } from '../coverage/index.js';
import { coverageOf } from './coverage.js';
import { checkDuplicates, DUPLICATE_LIST_MAX_REQUESTS, flagDuplicates } from './duplicates.js';
import { code } from './format.js';
import { decideGates, type GateState } from './gates.js';
import type { ResolvedReviewOptions } from './options.js';
import type { NamedPlan } from './plan.js';
import { preflight, type Preflight } from './preflight.js';
import { probe, type ProbeResult } from './probe.js';
import { sensitiveValues } from './secrets.js';

/** `--probe`: what the probe requested and what the backtests replayed, with the ranges it was allowed. */
export interface ProbeSection {
  allow: readonly string[];
  results: ProbeResult[];
  backtests: Backtest[];
}

export interface Review {
  /** The plans as given (parsed once), each named for its section; names made unique. */
  plans: readonly NamedPlan[];
  /** Per plan: the monitor changes with their risks, the drift and the actions. */
  stacks: StackReport[];
  /** Whether destination labels could be read (else ids are shown, and the report says so). */
  destinationsResolved: boolean;
  /** `--check`: the preflight against the account (null without it). */
  preflight: Preflight | null;
  /** `--probe` (null without it). */
  probe: ProbeSection | null;
  /** `--coverage`: the public endpoints the plans create or change and what watches them (null without it). */
  coverage: CoverageReview | null;
  gates: GateState;
  /** Every value no output may show: the plans' sensitive values and what the probe sent (scrubbed last). */
  secrets: ReadonlySet<string>;
}

/** Stack names made unique (`main`, `main-2`) so each plan's section can be told apart. */
function uniqueNames(plans: readonly NamedPlan[]): NamedPlan[] {
  const names = new Set<string>();
  return plans.map((p) => {
    let n = p.name;
    for (let i = 2; names.has(n); i++) n = `${p.name}-${i}`;
    names.add(n);
    return { ...p, name: n };
  });
}

export async function review(input: readonly NamedPlan[], o: ResolvedReviewOptions): Promise<Review> {
  let requests = 0;
  const client = o.connection
    ? new UptimeClient({
        ...o.connection,
        logger: (e) => {
          if (e.event === 'request') requests++;
        },
      })
    : null;
  try {
    return await reviewWith(client, () => requests, uniqueNames(input), o);
  } finally {
    await client?.close();
  }
}

async function reviewWith(
  client: UptimeClient | null,
  requests: () => number,
  plans: NamedPlan[],
  o: ResolvedReviewOptions,
): Promise<Review> {
  const destinations = new Map<string, string>();
  let resolved = false;
  let defaultEmail: string | null | undefined;
  if (client) {
    try {
      const list = (await client.listAlertDestinations()).data;
      for (const d of list)
        destinations.set(d.id, `${d.label ?? d.channel} (${code(d.maskedValue.replace(/\*+/g, '••'))})`);
      defaultEmail = list.find((d) => d.channel === 'email' && d.isDefault)?.id ?? null;
      resolved = true;
    } catch (err) {
      o.warn(`plan-report: alert destinations could not be read (${(err as Error).message}); showing ids`);
    }
  }
  const stacks = plans.map((p) => analyse(p.name, p.plan, destinations, defaultEmail));

  let checked: Preflight | null = null;
  if (o.check && client) {
    const before = requests();
    const duplicates = await checkDuplicates(client, plans, o.maxListRequests);
    flagDuplicates(stacks, duplicates);
    checked = await preflight(client, plans, duplicates, () => requests() - before);
  }

  const coverage = o.coverage
    ? await coverageOf(plans, {
        ignore: o.coverage.ignore,
        client,
        maxRequests: o.maxListRequests ?? DUPLICATE_LIST_MAX_REQUESTS,
        warn: o.warn,
      })
    : null;

  const secrets = new Set<string>();
  for (const p of plans) for (const s of sensitiveValues(p.plan)) secrets.add(s);
  let probed: ProbeSection | null = null;
  if (o.probe) {
    const { allow, ca, totalMs, env } = o.probe;
    const [results, backtests] = await Promise.all([
      probe(stacks, { allow, ca, env, ...(totalMs ? { totalMs } : {}) }, secrets),
      backtest(stacks, client),
    ]);
    probed = { allow, results, backtests };
  }

  const facts = { stacks, preflight: checked, probe: probed, coverage };
  return {
    plans,
    ...facts,
    destinationsResolved: resolved,
    gates: decideGates(o.gates, o.approval, facts),
    secrets,
  };
}
