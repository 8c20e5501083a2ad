// Monitoring coverage: which public HTTP endpoints of other providers a configuration creates or changes, and whether
// a monitor watches each (catalogue.ts: the endpoint types and their public/private rules; coverage.ts: the one
// computation, shared by `plan-report --coverage` and the CDKTF aspect `MonitorPublicEndpoints`).
export {
  CATALOGUE,
  catalogueEntry,
  SUPPRESSION_KEY,
  SUPPRESSION_VALUE,
  type CatalogueEntry,
} from './catalogue.js';
export {
  COVERAGE_STATUSES,
  findCoverage,
  type ChainFinding,
  type CoverageStatus,
  type LiveMonitor,
} from './coverage.js';
export type { Configuration, ConfigResource, Instance, ModuleCall, Value } from './model.js';
export { phraseText, type Phrase } from './phrase.js';
export { planConfiguration, type CoveragePlan } from './plan.js';
export {
  hasUncovered,
  reviewCoverage,
  type CoverageEndpoint,
  type CoverageIgnored,
  type CoverageReview,
  type CoverageReviewOptions,
} from './review.js';
export { suggestMonitor, type Suggestion } from './suggest.js';
