export {
  UptimeClient,
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
  type RateLimitInfo,
  type LimiterUsage,
  type Clock,
} from './limiter.js';
export { unquoteEtag, quoteEtag } from '../api/etag.js';
export { newIdempotencyKey, type CallOptions, type RetryOptions, type LogEvent } from './transport.js';
export { REDACTED, redactBody, redact, SecretSet } from './redact.js';
export * from './webhooks.js';
