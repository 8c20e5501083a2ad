// The local service's records: plain JSON, one interface per collection of the state (tenants, tokens, destinations,
// monitors with their alert settings and status page, exports, incidents, alerts, checks, idempotency keys, webhook
// endpoints and deliveries), so the whole state can be written to --data-dir.
import type {
  Alert,
  Monitor,
  MonitorAlertSettings,
  CheckResult,
  ExpiryState,
  ExportJob,
  IncidentDetail,
  MonitorSecretBlock,
  Scope,
  SlowResponse,
  StatusPage,
} from '../api/index.js';
import { DECIDED, dict, type AlertChannel, type Dict } from '../api/index.js';

export interface PlanConfig {
  name: string;
  pro: boolean;
  monitorCapacity: number;
  minIntervalSeconds: number;
  /** Default per-token per-minute allowance. */
  perMinuteLimit: number;
  /** Per-account monthly allowance; null: none (no monthly headers). */
  monthlyLimit: number | null;
  smsAlerts: boolean;
}

export type AccountState = 'active' | 'suspended';

export interface TenantRecord {
  id: string;
  name: string;
  plan: PlanConfig;
  accountState: AccountState;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  tenantId: string;
  name: string;
  /** Kept so a restarted local service can print it again; never returned by the v1 API. */
  value: string;
  scopes: Scope[];
  /** null: all monitors (unrestricted). */
  monitorIds: string[] | null;
  expiresAt: string | null;
  /** Overrides the plan's per-minute allowance for this token (admin API; the bench raises it). */
  perMinuteLimit: number | null;
  revoked: boolean;
  createdAt: string;
}

export interface DestinationRecord {
  id: string;
  tenantId: string;
  channel: AlertChannel;
  value: string;
  label: string | null;
  isDefault: boolean;
  /**
   * Test control (admin API): the outcome the simulated email/SMS provider reports for alerts sent
   * to this destination. Absent: `delivered`. After `bounced` or `complaint` the destination is on
   * the suppression list and later alerts to it are `suppressed`.
   */
  simulate?: 'delivered' | 'delayed' | 'failed' | 'bounced' | 'complaint' | 'rejected';
  /** Set once a bounce or complaint was reported (the provider's suppression list). */
  suppressedAt?: string | null;
}

/**
 * A monitor's alert settings as stored: the API model's fields (`MonitorAlertSettings`; its slow-response alerts
 * live in the monitor's `slow`), both destinations present (null: none), and bookkeeping. Created from
 * `DECIDED.alertSettingsDefaults`; render.ts derives the view.
 */
export interface AlertSettingsRecord extends Omit<
  MonitorAlertSettings,
  'monitorId' | 'slowResponseAlerts' | 'destinationIds'
> {
  destinationIds: Required<MonitorAlertSettings['destinationIds']>;
  counter: number;
}

/**
 * A monitor's status page as stored: the API model's fields (`StatusPage`, every one present; the URL is derived
 * from the slug when rendered), and bookkeeping. Created from `DECIDED.statusPageDefaults`; render.ts derives the
 * view.
 */
export interface StatusPageRecord extends Required<Omit<StatusPage, 'monitorId' | 'url' | 'version'>> {
  /** Initial setup done in the "dashboard" (admin API). Until then PATCH answers 409. */
  setUp: boolean;
  version: string;
  counter: number;
  /** Public snapshot, refreshed on every PATCH (served at /public/status-pages/{slug}). */
  snapshot: Record<string, unknown> | null;
}

/** The API fields the record keeps in its own shape: the blocks holding secrets (kept in clear), observation
 *  blocks, and stricter types. */
type OwnShape =
  | 'version'
  | 'acceptedStatusCodes'
  | MonitorSecretBlock
  | 'expiryMonitoring'
  | 'slowResponse'
  | 'lastCheckAt'
  | 'lastStatusAt'
  | 'responseTimeMs'
  | 'httpStatus'
  | 'createdAt'
  | 'updatedAt';

/**
 * A monitor as stored: the API model's fields (a field added to `Monitor` in src/api is a field here, with its
 * default from `DECIDED.monitorDefaults`), secrets in clear (never rendered: render.ts turns `value` and
 * `password` into `valueSet` / `passwordSet`), and the service's bookkeeping.
 */
export interface MonitorRecord extends Omit<Monitor, OwnShape> {
  tenantId: string;
  acceptedStatusCodes: number[];
  /** value null: none saved. Values are secrets: never rendered. */
  requestHeaders: { name: string; value: string | null }[];
  auth: { type: 'none' | 'basic'; username: string | null; password: string | null };
  ssl: ExpiryState;
  domain: ExpiryState;
  slow: Required<SlowResponse>;
  lastCheckAt: string | null;
  lastStatusAt: string | null;
  responseTimeMs: number | null;
  httpStatus: number | null;
  /** Set when a check is queued (create, activate, reactivate); the part-2 engine consumes it. */
  checkQueuedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: string;
  counter: number;
  alert: AlertSettingsRecord;
  page: StatusPageRecord;
}

export interface ExportRecord extends ExportJob {
  tenantId: string;
}

/** An alert-delivery record with the engine's bookkeeping (never rendered). */
export type AlertRecord = Alert & {
  tenantId: string;
  /** The destination it was sent to (its value is never copied into the record). */
  destinationId?: string | null;
  /** When the simulated provider moves it to its next delivery status; null: final. */
  nextStepAt?: string | null;
};

export interface IdempotencyRecord {
  fingerprint: string;
  createdAt: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookEndpointRecord {
  id: string;
  tenantId: string;
  url: string;
  monitorIds: string[];
  events: string[];
  secret: string;
  previousSecret: string | null;
  rotatedAt: string | null;
  createdAt: string;
}

/** One attempt of a webhook delivery. The receiver's response body is never stored. */
export interface WebhookAttempt {
  deliveryId: string;
  attemptedAt: string;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One event to one endpoint: up to 5 attempts with the same body and `Service-Event-Id`. */
export interface WebhookDeliveryRecord {
  id: string;
  tenantId: string;
  endpointId: string;
  eventId: string;
  type: string;
  /** The exact envelope JSON sent on every attempt (no secrets: built from API views). */
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: WebhookAttempt[];
  nextAttemptAt: string | null;
  createdAt: string;
}

/** Every collection is a record map keyed by id (`dict()`: ids such as `__proto__` are just keys). */
export interface State {
  schema: 1;
  tenants: Dict<TenantRecord>;
  tokens: Dict<TokenRecord>;
  destinations: Dict<DestinationRecord>;
  monitors: Dict<MonitorRecord>;
  exports: Dict<ExportRecord>;
  incidents: Dict<IncidentDetail & { tenantId: string }>;
  alerts: Dict<AlertRecord>;
  /** Oldest first (appended), per monitor; kept 30 days (raw-check retention). */
  checks: Dict<CheckResult[]>;
  /** key: tenantId + "\n" + Idempotency-Key */
  idempotency: Dict<IdempotencyRecord>;
  webhookEndpoints: Dict<WebhookEndpointRecord>;
  /** Webhook delivery history (30 days). */
  webhookDeliveries: Dict<WebhookDeliveryRecord>;
  /** Domain-expiry source (admin API): registrable domain → expiry date-time (null: lookup fails). */
  domainExpiry: Dict<string | null>;
  /** Monthly request counters per tenant (UTC month "YYYY-MM"). */
  usage: Dict<{ month: string; used: number }>;
}

export function emptyState(): State {
  return {
    schema: 1,
    tenants: dict(),
    tokens: dict(),
    destinations: dict(),
    monitors: dict(),
    exports: dict(),
    incidents: dict(),
    alerts: dict(),
    checks: dict(),
    idempotency: dict(),
    webhookEndpoints: dict(),
    webhookDeliveries: dict(),
    domainExpiry: dict(),
    usage: dict(),
  };
}

export function defaultExpiry(): ExpiryState {
  return {
    enabled: false,
    warnDays: DECIDED.expiryWarnDays.default,
    status: 'unknown',
    lastCheckedAt: null,
    expiresAt: null,
    daysRemaining: null,
  };
}
