// The `--fail-on` gates, declared once: each gate's name (in the order help texts and errors list them), what it
// matches in a review, and the option it needs. `plan-report` and `run-task serve` parse `--fail-on` with
// `parseGates`, check what a gate needs in the one option rule (options.ts), and write their help from `gateList`.
// A matched gate fails the run (exit GATE_EXIT, or a `failed` run task) unless the change was approved.
import { hasUncovered, type CoverageReview } from '../coverage/index.js';
import type { Risk, StackReport } from './changes.js';
import type { ProbeResult } from './probe.js';

/** Exit code when a `--fail-on` gate matched (1 stays "the command failed"). */
export const GATE_EXIT = 3;

/** What gates read of a review (the review satisfies it; a section with a gate adds its field here). */
export interface GateInput {
  stacks: readonly StackReport[];
  preflight: { ok: boolean } | null;
  probe: { results: readonly ProbeResult[] } | null;
  coverage: CoverageReview | null;
}

/** An option of the review a gate cannot match without. */
export type GateNeed = 'check' | 'probe';
/** A section of the review a gate turns on by itself. */
export type GateEnables = 'coverage';

interface GateDeclaration {
  /** The option that must be on, and why (the error names both). */
  needs?: { option: GateNeed; why: string };
  /** The section asking for the gate turns on (help: "turns --coverage on"). */
  enables?: GateEnables;
  matches: (r: GateInput) => boolean;
}

const risk =
  (kind: Risk) =>
  (r: GateInput): boolean =>
    r.stacks.some((s) => s.monitors.some((m) => m.risks.some((x) => x.kind === kind)));

const TABLE = {
  archive: { matches: risk('archive') },
  replace: { matches: risk('replace') },
  pause: { matches: risk('pause') },
  'no-alerts': { matches: risk('no-alerts') },
  unpublish: { matches: risk('unpublish') },
  'slower-interval': { matches: risk('slower-interval') },
  drift: { matches: (r) => r.stacks.some((s) => s.drift.length > 0) },
  preflight: {
    needs: { option: 'check', why: 'it fails when the plan does not fit the account' },
    matches: (r) => r.preflight?.ok === false,
  },
  duplicate: {
    needs: { option: 'check', why: "it compares the plan's creates with the account's monitors" },
    matches: risk('duplicate'),
  },
  'probe-down': {
    needs: { option: 'probe', why: 'it requests the monitors the plan creates or changes' },
    matches: (r) => !!r.probe?.results.some((p) => p.verdict === 'down'),
  },
  uncovered: {
    enables: 'coverage',
    matches: (r) => !!r.coverage && hasUncovered(r.coverage),
  },
} satisfies Record<string, GateDeclaration>;

export type Gate = keyof typeof TABLE;
export const GATES = Object.keys(TABLE) as readonly Gate[];

export function gateNeeds(g: Gate): GateDeclaration['needs'] {
  return (TABLE[g] as GateDeclaration).needs;
}

export function gateEnables(g: Gate): GateEnables | undefined {
  return (TABLE[g] as GateDeclaration).enables;
}

/** `--fail-on` values (repeatable, comma-separated) as gates; an unknown one is an error naming the allowed values. */
export function parseGates(values: readonly string[]): Gate[] {
  const out: Gate[] = [];
  for (const v of values
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (!(GATES as readonly string[]).includes(v))
      throw new Error(`--fail-on: unknown gate "${v}"; allowed values: ${GATES.join(', ')}`);
    out.push(v as Gate);
  }
  return out;
}

/** The gates among `requested` that the review matches, in the order requested. */
export function matchGates(requested: readonly Gate[], r: GateInput): Gate[] {
  return requested.filter((g) => TABLE[g].matches(r));
}

/** The gate list for a help text: `archive, …, duplicate (needs --check), probe-down (needs --probe), uncovered
 *  (turns --coverage on)`, each need in the command's own words. */
export function gateList(needWords: Record<GateNeed, string>): string {
  return GATES.map((g) => {
    const n = gateNeeds(g);
    const e = gateEnables(g);
    return n ? `${g} (needs ${needWords[n.option]})` : e ? `${g} (turns --${e} on)` : g;
  }).join(', ');
}

/** The gates of one review: what was asked, what matched, who approved it, and whether the run fails. */
export interface GateState {
  requested: readonly Gate[];
  matched: Gate[];
  /** Who approved the matched gates (`--approved`), or null (nothing matched, or not approved). */
  approved: string | null;
  failed: boolean;
}

export function decideGates(
  requested: readonly Gate[],
  approval: string | undefined,
  r: GateInput,
): GateState {
  const matched = matchGates(requested, r);
  return {
    requested,
    matched,
    approved: matched.length > 0 ? (approval ?? null) : null,
    failed: matched.length > 0 && !approval,
  };
}
