// Every numeric limit and value set of Monitoring Service API v1 (spec: Limits, Resources, Endpoints).
// The zod schemas, the client, the local service and the provider's plan-time validation all read these;
// nothing else declares a limit.

/** A monitor's `status`. */
export const MONITOR_STATUSES = ['up', 'down', 'pending', 'paused', 'archived'] as const;
export type ListedMonitorStatus = Exclude<(typeof MONITOR_STATUSES)[number], 'archived'>;
/** The statuses `GET /monitors` filters by: all but `archived` (archived monitors are not listed by status). */
export const MONITOR_LIST_STATUSES: readonly ListedMonitorStatus[] = MONITOR_STATUSES.filter(
  (s): s is ListedMonitorStatus => s !== 'archived',
);

export const INTERVAL_SECONDS = [60, 300, 900, 1800, 3600] as const;
export type IntervalSeconds = (typeof INTERVAL_SECONDS)[number];

export const TIMEOUT_MS = { min: 1000, max: 10000 } as const;
export const MONITOR_NAME_MAX = 120;
/** `s` cut to a name the service accepts: at most MONITOR_NAME_MAX UTF-16 code units (what its length check counts),
 *  never half of a surrogate pair. */
export function monitorNameWithin(s: string): string {
  let out = '';
  for (const c of s) {
    if (out.length + c.length > MONITOR_NAME_MAX) break;
    out += c;
  }
  return out;
}
export const REQUEST_HEADERS_MAX = 10;
export const STATUS_CODE = { min: 100, max: 599 } as const;

export const STATUS_PAGE_TITLE_MAX = 120;
export const STATUS_PAGE_DESCRIPTION_MAX = 500;

export const SLOW_RESPONSE_THRESHOLD_MS = [1000, 2000, 3000, 5000, 10000] as const;
export type SlowResponseThresholdMs = (typeof SLOW_RESPONSE_THRESHOLD_MS)[number];
export const SLOW_RESPONSE_CONSECUTIVE_LIMIT = [2, 3, 4, 5] as const;
export type SlowResponseConsecutiveLimit = (typeof SLOW_RESPONSE_CONSECUTIVE_LIMIT)[number];

export const PAGE_SIZE = { min: 1, max: 100, default: 25 } as const;
export const IDEMPOTENCY_KEY_LENGTH = { min: 8, max: 128 } as const;

export const EXPORT_LATENCY_MS = { min: 0, max: 120000 } as const;
export const EXPORT_FAILURE_CATEGORY_MAX = 80;
export const EXPORT_CONCURRENT_MAX = 2;
export const EXPORT_MAX_ROWS = 50000;
export const EXPORT_DEFAULT_RANGE_HOURS = 24;
export const EXPORT_ARTIFACT_TTL_HOURS = 6;
export const EXPORT_DOWNLOAD_URL_TTL_SECONDS = 300;

export const INCIDENT_ACTIVITY_MAX = 100;

/** Raw check results are kept this long (spec: the 30-day raw-check retention window; export ranges lie within it). */
export const CHECK_RETENTION_DAYS = 30;

/** The status of one check result (and of a check-result export's filter, beside `all`). */
export const CHECK_STATUSES = ['up', 'down'] as const;

/** `failureCategory` values of check results and incidents (not shown in the spec: our decision). */
export const FAILURE_CATEGORIES = [
  'dns',
  'connection',
  'timeout',
  'tls',
  'http_status',
  'redirect',
  'slow_response',
] as const;
export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

export const WEBHOOK = {
  attemptTimeoutSeconds: 5,
  maxAttempts: 5,
  retryDelaysSeconds: [60, 300, 900, 900] as const,
  historyDays: 30,
  envelopeSchemaVersion: 1,
  previousSecretValidHours: 24,
} as const;

// Our decisions where the spec is silent (docs/api-decisions.md).
export const DECIDED = {
  monitorUrlMax: 2048,
  headerNameMax: 256,
  headerValueMax: 4096,
  basicAuthUsernameMax: 256,
  basicAuthPasswordMax: 1024,
  expiryWarnDays: { min: 1, max: 90, default: 14 },
  /** A new monitor's values for the fields its create body leaves out. */
  monitorDefaults: {
    intervalSeconds: 300,
    timeoutMs: 10000,
    requestMethod: 'GET',
    followRedirects: true,
  },
  /** A new monitor's alert settings (also what destroying `uptime_monitor_alert_settings` restores); the email
   *  destination is the account's default one. */
  alertSettingsDefaults: {
    channels: { email: true, sms: false },
    slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3 },
  },
  /** A new monitor's status page: unpublished, no content, every section shown (the slug and URL come with its
   *  setup in the dashboard). */
  statusPageDefaults: {
    enabled: false,
    title: null,
    description: null,
    noindex: false,
    displayOptions: { uptimeTimeline: true, responseTime: true, incidents: true, recentHistory: true },
    verificationStatus: 'unverified',
    customDomain: { configured: false, enabled: false, status: 'none' },
  },
} as const;
