// `plan-report --coverage`: the coverage review (src/coverage) of the plans, with the account's live monitors when a
// token is given (one listing, at most `maxRequests` pages of 100; archived monitors watch nothing). The review is
// plan-report's in all its forms: a `coverage` object in the JSON (render-coverage-json.ts), a section in Markdown
// (render-coverage.ts) and text (render-coverage-text.ts), the `uncovered` gate, and the run task's outcomes.
import { collect, type UptimeClient } from '../client/index.js';
import { reviewCoverage, type CoverageReview, type LiveMonitor } from '../coverage/index.js';
import type { NamedPlan } from './plan.js';

export interface CoverageRun {
  /** `--coverage-ignore` and UPTIME_COVERAGE_IGNORE. */
  ignore: readonly string[];
  client: UptimeClient | null;
  maxRequests: number;
  warn: (message: string) => void;
}

export async function coverageOf(plans: readonly NamedPlan[], o: CoverageRun): Promise<CoverageReview> {
  let live: LiveMonitor[] | undefined;
  if (o.client) {
    try {
      const monitors = await collect(o.client.paginate.listMonitors({ limit: 100 }), o.maxRequests * 100);
      live = monitors.filter((m) => !m.archived).map((m) => ({ id: m.id, name: m.name, url: m.url }));
    } catch (err) {
      o.warn(
        `plan-report: the account's monitors could not be read (${(err as Error).message}); coverage uses the plan's monitors only`,
      );
    }
  }
  return reviewCoverage(plans, { ignore: o.ignore, ...(live ? { live } : {}) });
}
