// The `coverage` object of `plan-report --format json`: one item per endpoint (`address` with its module path,
// `type` as the plan has it, `status`, `monitors` as `resource_changes` writes their addresses, `suggestion` with
// `hcl` and `cdktf` when uncovered) and the endpoints left out by a suppression. `because` is one line, values quoted
// by the one quoting rule.
import { COVERAGE_STATUSES, phraseText, type CoverageReview } from '../coverage/index.js';
import { quote } from './render-text.js';

export function coverageJson(r: CoverageReview) {
  return {
    counts: Object.fromEntries(
      COVERAGE_STATUSES.map((s) => [s, r.endpoints.filter((e) => e.status === s).length]),
    ) as Record<(typeof COVERAGE_STATUSES)[number], number>,
    endpoints: r.endpoints.map((e) => ({
      stack: e.stack,
      address: e.address,
      type: e.type,
      status: e.status,
      because: phraseText(e.because, quote),
      monitors: e.monitors,
      live: e.live,
      chain: e.chain,
      hostnames: e.hostnames,
      module: e.module,
      ...(e.suggestion ? { suggestion: e.suggestion } : {}),
    })),
    ignored: r.ignored.map((i) => ({
      stack: i.stack,
      address: i.address,
      because: phraseText(i.because, quote),
    })),
  };
}
export type CoverageJson = ReturnType<typeof coverageJson>;
