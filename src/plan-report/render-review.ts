// The review's text outputs: Markdown (a pull-request comment, or with `drift` the scheduled drift issue), plain
// text (inside a code block) and one JSON document, each rendered from the one Review (review.ts) and scrubbed of its
// secrets last. The layouts are render.ts, render-text.ts, render-drift.ts and render-json.ts; the sections of our own
// (preflight, coverage, gates, probe, backtests, suggested monitors) are listed here, one renderer per format, in the order they appear:
// a new section adds its function to each list (and a field to the JSON document).
import { code } from './format.js';
import type { ReportFormat } from './options.js';
import type { Review } from './review.js';
import { jsonReport } from './render-json.js';
import { render } from './render.js';
import { renderDrift } from './render-drift.js';
import { backtestMarkdown, backtestText, probeMarkdown, probeText } from './render-probe.js';
import { markdownLines, renderDriftText, renderText } from './render-text.js';
import { preflightMarkdown } from './preflight.js';
import { coverageMarkdown, suggestionSections } from './render-coverage.js';
import { coverageTextLines, suggestionTextSections } from './render-coverage-text.js';
import { scrub } from './secrets.js';

/** The gates' verdict: passed, approved by whom, or approval required (null when no gate was asked for). */
export function gatesMarkdown(r: Review): string | null {
  const g = r.gates;
  if (!g.requested.length) return null;
  const contains = `this plan contains ${g.matched.map((x) => `\`${x}\``).join(', ')} (\`--fail-on ${g.requested.join(',')}\`)`;
  if (!g.matched.length) return `Gates passed: none of ${g.requested.map((x) => `\`${x}\``).join(', ')}.`;
  return g.approved
    ? `**Approved** (${code(g.approved)}): ${contains}.`
    : `**Approval required**: ${contains}.`;
}

/** Sections after the risks, in order (Markdown): null when the review has nothing to say there. */
export const MARKDOWN_SECTIONS: ((r: Review) => string | null)[] = [
  (r) => r.preflight && preflightMarkdown(r.preflight),
  (r) => r.coverage && coverageMarkdown(r.coverage, r.plans.length > 1),
  gatesMarkdown,
  (r) => r.probe && probeMarkdown(r.probe.results, r.probe.allow),
];

/** Sections before the monitors' and cut with them (Markdown). */
export const MARKDOWN_LEADS: ((r: Review) => string[])[] = [
  (r) => (r.probe?.backtests ?? []).map(backtestMarkdown),
  (r) => (r.coverage ? suggestionSections(r.coverage, r.plans.length > 1) : []),
];

/** The same sections as text lines (`--format text`). */
export const TEXT_SECTIONS: ((r: Review) => string[] | null)[] = [
  (r) => r.preflight && markdownLines(preflightMarkdown(r.preflight)),
  (r) => {
    const g = gatesMarkdown(r);
    return g === null ? null : markdownLines(g);
  },
  (r) => r.probe && probeText(r.probe.results, r.probe.allow),
  (r) => r.coverage && coverageTextLines(r.coverage, r.plans.length > 1),
];

export const TEXT_LEADS: ((r: Review) => string[][])[] = [
  (r) => (r.probe?.backtests ?? []).map(backtestText),
  (r) => (r.coverage ? suggestionTextSections(r.coverage, r.plans.length > 1) : []),
];

export interface ReviewRenderOptions {
  format: ReportFormat;
  /** Only the drift part (`--drift`), for the scheduled drift issue: its own marker, no changes, no preflight. */
  drift?: boolean;
  /** Characters the report may use (default 60,000); Infinity: no cut. */
  budget?: number | undefined;
  /** Where the full report was written, named in the cut note. */
  fullReportPath?: string | undefined;
}

const present = <T>(x: T | null): x is T => x !== null;

/** How a format lays a review out: its sections and lead sections (lists above), the report, the drift issue. */
interface Layout<Section, Lead> {
  sections: ((r: Review) => Section | null)[];
  leads: ((r: Review) => Lead[])[];
  report(
    stacks: Review['stacks'],
    o: Cut & { sections: Section[]; destinationsResolved: boolean; leadSections: Lead[] },
  ): string;
  drift(stacks: Review['stacks'], o: Cut): string;
}
type Cut = { budget?: number | undefined; fullReportPath?: string | undefined };

const MARKDOWN: Layout<string, string> = {
  sections: MARKDOWN_SECTIONS,
  leads: MARKDOWN_LEADS,
  report: render,
  drift: renderDrift,
};
const TEXT: Layout<string[], string[]> = {
  sections: TEXT_SECTIONS,
  leads: TEXT_LEADS,
  report: renderText,
  drift: renderDriftText,
};

function laidOut<S, L>(r: Review, layout: Layout<S, L>, drift: boolean, cut: Cut): string {
  if (drift) return layout.drift(r.stacks, cut);
  return layout.report(r.stacks, {
    ...cut,
    sections: layout.sections.map((s) => s(r)).filter(present),
    destinationsResolved: r.destinationsResolved,
    leadSections: layout.leads.flatMap((s) => s(r)),
  });
}

/** The review in one format, scrubbed of every secret. */
export function renderReview(r: Review, o: ReviewRenderOptions): string {
  const cut = { budget: o.budget, fullReportPath: o.fullReportPath };
  const drift = !!o.drift;
  const out =
    o.format === 'json'
      ? `${JSON.stringify(jsonReport(r), null, 2)}\n`
      : o.format === 'text'
        ? laidOut(r, TEXT, drift, cut)
        : laidOut(r, MARKDOWN, drift, cut);
  return scrub(out, r.secrets);
}
