export {
  UptimeClient,
  DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
  checkBaseUrl,
  isLoopback,
  collect,
  type MonitorFilters,
  type IncidentFilters,
  type StatusPageFilters,
  type ClientOptions,
  type ApiResult,
  type Page,
  type MatchOptions,
  type WriteOptions,
} from './client.js';
export * from './errors.js';
export {
  RateLimiter,
  sharedLimiter,
  parseRateLimit,
  realClock,
  WaitBoundExceeded,
  type RateLimitInfo,
  type LimiterUsage,
  type LimiterOptions,
  type AcquireOptions,
  type Clock,
} from './limiter.js';
export { RateLimitWaitError, perWindow } from './rate-limit-error.js';
export { DEFAULT_IN_DOUBT_MAX_WAIT_MS, OutcomeUnknownError, leavesInDoubt } from './in-doubt.js';
export { formatDuration, parseDuration } from './duration.js';
export { unquoteEtag, quoteEtag } from '../api/etag.js';
export { newIdempotencyKey, type CallOptions, type RetryOptions, type LogEvent } from './transport.js';
export { REDACTED, redactBody, redact, SecretSet } from './redact.js';
export * from './webhooks.js';
