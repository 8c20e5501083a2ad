// `uptimectl plan-report`: reads one or more Terraform plans and writes a pull-request comment about monitors.
// plan.ts loads plans, options.ts holds the one rule of the options, review.ts turns plans into the typed review
// (changes.ts, preflight.ts, probe.ts, backtest.ts, gates.ts, secrets.ts), and render-review.ts writes it as
// Markdown within GitHub's limit, text or JSON. `run-task serve` builds the same review (src/run-task/run.ts).
import { writeFileSync } from 'node:fs';
import type { Backtest } from './backtest.js';
import { GATE_EXIT, type Gate } from './gates.js';
import { reportFormat, resolveReviewOptions, type ReportFormat, type ReviewOptions } from './options.js';
import { loadPlan } from './plan.js';
import type { ProbeResult } from './probe.js';
import { renderReview } from './render-review.js';
import { review, type Review } from './review.js';

export { GATE_EXIT, GATES, gateList, parseGates, type Gate } from './gates.js';
export {
  REPORT_FORMATS,
  resolveReviewOptions,
  type ReportFormat,
  type ResolvedReviewOptions,
  type ReviewOptions,
} from './options.js';
export { renderReview } from './render-review.js';
export { review, type Review } from './review.js';

export interface PlanReportOptions extends ReviewOptions {
  inputs: string[];
  fullOut?: string | undefined;
  budget?: number;
  readStdin?: () => string;
  /** Only the drift part (`--drift`), for the scheduled drift issue: its own marker, no changes, no preflight. */
  drift?: boolean;
  /** `markdown` (default: a pull-request comment) or `text` (for a code block, e.g. Atlantis' plan comment). */
  format?: ReportFormat;
}

export interface PlanReport {
  /** The report in the chosen format (Markdown, text or one JSON document). */
  markdown: string;
  full: string;
  matched: Gate[];
  /** Gates matched, but `approved` was given: reported, not failed. */
  approved: boolean;
  exitCode: 0 | typeof GATE_EXIT;
  probes: ProbeResult[];
  backtests: Backtest[];
  /** The review the report renders. */
  review: Review;
}

export async function planReport(o: PlanReportOptions): Promise<PlanReport> {
  if (!o.inputs.length)
    throw new Error(
      'give at least one plan: a saved plan file, `terraform show -json` output, or - for stdin',
    );
  const options = resolveReviewOptions(o);
  const format = reportFormat(o.format);
  const r = await review(
    o.inputs.map((i) => loadPlan(i, o.readStdin)),
    options,
  );
  const rendered = (budget: number | undefined, fullReportPath: string | undefined) =>
    renderReview(r, { format, drift: !!o.drift, budget, fullReportPath });
  const full = rendered(Infinity, undefined);
  if (o.fullOut) writeFileSync(o.fullOut, full);
  return {
    markdown: rendered(o.budget, o.fullOut),
    full,
    matched: r.gates.matched,
    approved: r.gates.matched.length > 0 && r.gates.approved !== null,
    exitCode: r.gates.failed ? GATE_EXIT : 0,
    probes: r.probe?.results ?? [],
    backtests: r.probe?.backtests ?? [],
    review: r,
  };
}
