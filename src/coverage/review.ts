// The coverage review of one or more plans: a pure function from plan JSON (and, with a token, the account's live
// monitors) to a typed result (`plan-report --coverage` renders it; the run task turns it into outcomes).
// Findings are the chains (coverage.ts) with a member the plan creates, updates or replaces. Suppressions drop a
// finding: `--coverage-ignore` globs matched against the whole address of any member of its chain (`*` any run of
// characters, `?` one character; case-insensitive, as every glob of uptimectl), and the tag, label or annotation
// `uptime-coverage = "ignore"` on a member (catalogue.ts). Each uncovered finding carries a suggested monitor (the
// same one for every instance of a module's endpoint: the block is written for the module).
import { globMatch } from '../provider/monitor-filter.js';
import { findCoverage, type CoverageStatus, type LiveMonitor } from './coverage.js';
import { planConfiguration, MONITOR_TYPE, type CoveragePlan } from './plan.js';
import type { Phrase } from './phrase.js';
import { localReference, suggestMonitor, type Suggestion, type TakenNames } from './suggest.js';

export interface CoverageReviewOptions {
  /** Address globs whose findings are left out (`--coverage-ignore`, UPTIME_COVERAGE_IGNORE). */
  ignore?: readonly string[];
  /** The account's monitors (read with a service token): one with the endpoint's host covers it. */
  live?: readonly LiveMonitor[];
}

export interface CoverageEndpoint {
  /** The plan's name (a CDKTF stack's), as plan-report names its sections. */
  stack: string;
  /** The chain's head, as the plan writes it (module path included). */
  address: string;
  /** The type as the plan has it (`aws_alb` stays `aws_alb`). */
  type: string;
  what: string;
  status: CoverageStatus;
  /** Why it has its status. */
  because: Phrase;
  /** Monitor instances covering it, as `resource_changes` writes their addresses. */
  monitors: string[];
  /** Monitors of the account with one of its hostnames. */
  live: LiveMonitor[];
  /** The head, then what it points at. */
  chain: string[];
  hostnames: string[];
  /** The module instance holding the head (`module.web["x"]`), or null. */
  module: string | null;
  suggestion?: Suggestion;
}

export interface CoverageIgnored {
  stack: string;
  address: string;
  because: Phrase;
}

export interface CoverageReview {
  endpoints: CoverageEndpoint[];
  ignored: CoverageIgnored[];
}

export function reviewCoverage(
  plans: readonly { name: string; plan: CoveragePlan }[],
  o: CoverageReviewOptions = {},
): CoverageReview {
  const out: CoverageReview = { endpoints: [], ignored: [] };
  const globs = (o.ignore ?? []).map((g) => g.trim()).filter(Boolean);
  for (const { name, plan } of plans) {
    const config = planConfiguration(plan);
    const taken: TakenNames = new Map();
    const forModule = new Map<string, Suggestion>();
    for (const r of config.resources)
      if (r.type === MONITOR_TYPE && r.mode === 'managed') {
        const set = taken.get(r.module) ?? new Set<string>();
        set.add(r.name);
        taken.set(r.module, set);
      }
    for (const f of findCoverage(config, o.live ? { live: o.live } : {})) {
      if (!f.changed) continue;
      const chain = f.members.map((m) => m.address);
      const glob = globs.find((g) => chain.some((a) => globMatch(g, a)));
      if (glob || f.suppressed) {
        out.ignored.push({
          stack: name,
          address: f.head.address,
          because: glob ? ['--coverage-ignore ', { code: glob }] : f.suppressed!.because,
        });
        continue;
      }
      // An endpoint in a module: one block for the module makes a monitor for each of its instances, so its instances
      // share one suggestion (two blocks would give each instance two monitors of one URL).
      const shared = f.head.resource.module
        ? `${f.head.resource.module}\u0000${localReference(f.head)}`
        : null;
      const suggestion =
        f.status !== 'uncovered' ? null : ((shared && forModule.get(shared)) ?? suggestMonitor(f, taken));
      if (shared && suggestion) forModule.set(shared, suggestion);
      out.endpoints.push({
        stack: name,
        address: f.head.address,
        type: f.head.resource.type,
        what: f.entry.what,
        status: f.status,
        because: f.because,
        monitors: f.monitors.map((m) => m.address),
        live: f.live,
        chain,
        hostnames: f.hostnames,
        module: f.head.moduleInstance || null,
        ...(suggestion ? { suggestion } : {}),
      });
    }
  }
  return out;
}

/** Coverage's `--fail-on` gate: some endpoint is uncovered (unknown never fails it). */
export function hasUncovered(r: CoverageReview): boolean {
  return r.endpoints.some((e) => e.status === 'uncovered');
}
