// The checks engine and background work of the local service: scheduled checks, incidents, alerts,
// expiry observations, export jobs and webhook deliveries, all on the service clock.
//
// Time: with a real (unfrozen) clock a timer starts due work every 250 ms. With a frozen clock nothing
// runs in the background; `runDue()` (called by `POST /admin/clock` after moving the clock, and by
// `POST /admin/engine/tick`) runs everything due at the current service time and waits for it, so tests
// are deterministic.
import type { ExportJob, WebhookEventType } from '../../api/index.js';
import type { Clock } from '../clock.js';
import { exportView } from '../render.js';
import type { ExportRecord, MonitorRecord, Store } from '../store.js';
import { AlertDesk } from './alerts.js';
import { Checker, type ProbeOutcome } from './checker.js';
import {
  applyExpiry,
  evaluate,
  expiryDue,
  lookupDomainExpiry,
  readCertificateExpiry,
  type ExpiryChange,
} from './expiry.js';
import { ExportWorker } from './exports-worker.js';
import { IncidentBook, type IncidentRow, type Transition } from './incidents.js';
import { Scheduler, type SchedulerStats } from './scheduler.js';
import { WebhookDispatcher } from './webhooks.js';

export interface EngineOptions {
  /** Run scheduled checks (default true). Run-now and forced outcomes work either way. */
  checks: boolean;
  /** Start the real-time timer (default true). Without it, work runs only through runDue(). */
  background: boolean;
  /** Webhook endpoints on loopback addresses are allowed (the service's local mode). */
  localMode: boolean;
  /** Checks running at once. */
  concurrency?: number;
}

export type Lifecycle = 'paused' | 'activated' | 'archived' | 'reactivated';

export interface EngineStats extends SchedulerStats {
  checksEnabled: boolean;
  background: boolean;
  monitorsChecked: number;
  webhookDeliveriesInFlight: number;
  exportsBuilding: number;
}

const TICK_MS = 250;
const FLUSH_MS = 10_000;

export class Engine {
  readonly checker = new Checker();
  readonly scheduler: Scheduler;
  readonly incidents: IncidentBook;
  readonly alerts: AlertDesk;
  readonly webhooks: WebhookDispatcher;
  readonly exports: ExportWorker;
  /** Forced outcomes (admin API), consumed by the monitor's next checks in order. */
  private readonly forced = new Map<string, ProbeOutcome[]>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private lastPrune = 0;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    readonly options: EngineOptions,
  ) {
    this.scheduler = new Scheduler(store, clock, (m, at) => this.check(m, at), options.concurrency);
    this.incidents = new IncidentBook(store);
    this.alerts = new AlertDesk(store);
    this.webhooks = new WebhookDispatcher(store, clock);
    this.exports = new ExportWorker(store, (e) => this.exportCompleted(e));
  }

  start(): void {
    if (!this.options.background || this.timer) return;
    this.timer = setInterval(() => {
      if (!this.clock.frozen) this.startDue();
      this.housekeeping();
    }, TICK_MS);
    this.timer.unref();
  }

  /** Starts what is due now without waiting for it. */
  private startDue(): Promise<void>[] {
    if (this.closed) return [];
    const now = this.clock.now();
    this.alerts.advance(now);
    const out = [...this.exports.runDue(now), ...this.webhooks.runDue(now)];
    if (this.options.checks) out.push(...this.scheduler.startDue());
    return out;
  }

  /** Runs everything due at the current service time, including what that work makes due, and waits. */
  async runDue(): Promise<void> {
    for (let round = 0; round < 1_000 && !this.closed; round++) {
      const started = this.startDue();
      const pending = [...started, ...this.scheduler.inFlight()];
      if (pending.length === 0) break;
      await Promise.all(pending);
    }
    this.housekeeping();
  }

  private housekeeping(): void {
    const real = Date.now();
    if (real - this.lastPrune > 60_000) {
      this.lastPrune = real;
      this.webhooks.prune(this.clock.now());
    }
    if (real - this.lastFlush > FLUSH_MS) {
      this.lastFlush = real;
      this.store.flush();
    }
  }

  // ----- admin controls -----

  force(m: MonitorRecord, outcome: ProbeOutcome, times = 1): number {
    const q = this.forced.get(m.id) ?? [];
    for (let i = 0; i < times; i++) q.push({ ...outcome });
    this.forced.set(m.id, q);
    return q.length;
  }

  forcedCount(id: string): number {
    return this.forced.get(id)?.length ?? 0;
  }

  clearForced(id: string): void {
    this.forced.delete(id);
  }

  /** Runs the monitor's check now and everything it triggers; returns the stored result. */
  async checkNow(m: MonitorRecord): Promise<void> {
    await this.scheduler.runNow(m);
    await this.runDue();
  }

  /** Re-reads the domain-expiry source for every monitor with domain monitoring on. */
  refreshDomainExpiry(): void {
    const now = this.clock.now();
    for (const m of Object.values(this.store.state.monitors)) {
      if (!m.domain.enabled || m.archived) continue;
      const change = applyExpiry(
        this.store,
        m,
        'domain',
        evaluate(m.domain, lookupDomainExpiry(this.store, m.url), now),
      );
      if (change) this.expiryChanged(m, change, now);
    }
  }

  stats(reset = false): EngineStats {
    return {
      ...this.scheduler.stats(reset),
      checksEnabled: this.options.checks,
      background: this.timer !== null,
      monitorsChecked: Object.values(this.store.state.monitors).filter((m) => m.enabled && !m.archived)
        .length,
      webhookDeliveriesInFlight: this.webhooks.busy,
      exportsBuilding: this.exports.busy,
    };
  }

  // ----- hooks from the API handlers -----

  lifecycle(m: MonitorRecord, what: Lifecycle): void {
    this.scheduler.reset(m.id);
    const now = this.clock.now();
    if (what === 'paused' || what === 'archived') {
      this.clearForced(m.id);
      const why = what === 'paused' ? 'Monitoring was paused' : 'The monitor was archived';
      for (const t of this.incidents.stop(m, now, why)) this.transition(t, now);
    }
    this.emit(m.tenantId, `monitor.${what}`, { monitor: monitorData(m) }, m.id);
  }

  // ----- the check -----

  private async check(m: MonitorRecord, at: number): Promise<void> {
    const q = this.forced.get(m.id);
    const forced = q?.shift();
    if (q && q.length === 0) this.forced.delete(m.id);
    const sslDue = expiryDue(m.ssl, at);
    const [outcome, ssl] = await Promise.all([
      forced ? Promise.resolve(forced) : this.checker.probe(m),
      sslDue ? readCertificateExpiry(m.url, Math.min(m.timeoutMs, 5_000)) : Promise.resolve(null),
    ]);
    // Paused, archived or closed while the request ran: the result is dropped.
    if (this.closed || !m.enabled || m.archived || this.store.monitor(m.id) !== m) return;
    for (const t of this.incidents.record(m, outcome, at)) this.transition(t, at);
    if (ssl) {
      const change = applyExpiry(this.store, m, 'ssl', evaluate(m.ssl, ssl, at));
      if (change) this.expiryChanged(m, change, at);
    }
    if (expiryDue(m.domain, at)) {
      const change = applyExpiry(
        this.store,
        m,
        'domain',
        evaluate(m.domain, lookupDomainExpiry(this.store, m.url), at),
      );
      if (change) this.expiryChanged(m, change, at);
    }
  }

  private transition(t: Transition, at: number): void {
    const { m } = t;
    if (t.kind === 'status') {
      this.emit(
        m.tenantId,
        t.to === 'up' ? 'monitor.up' : 'monitor.down',
        { monitor: monitorData(m), previousStatus: t.from, check: t.check },
        m.id,
      );
      return;
    }
    const i = t.incident;
    if (t.check) {
      const opened = t.kind === 'incident.opened';
      const perf = i.type === 'performance';
      this.alerts.notify(
        m,
        {
          type: i.type,
          status: perf ? (opened ? 'slow' : 'healthy') : opened ? 'down' : 'up',
          previousStatus: perf ? (opened ? 'healthy' : 'slow') : opened ? 'up' : 'down',
          responseTimeMs: t.check.responseTimeMs,
          httpStatus: t.check.httpStatus,
        },
        at,
      );
    }
    this.emit(m.tenantId, t.kind, { incident: incidentData(i), monitor: monitorData(m) }, m.id);
    this.store.persist();
  }

  private expiryChanged(m: MonitorRecord, c: ExpiryChange, at: number): void {
    if (c.state.status !== 'warning' && c.state.status !== 'expired') return;
    this.alerts.notify(
      m,
      {
        type: c.which === 'ssl' ? 'ssl_expiry' : 'domain_expiry',
        status: c.state.status,
        previousStatus: c.from,
      },
      at,
    );
    this.emit(
      m.tenantId,
      c.which === 'ssl' ? 'ssl.expiring' : 'domain.expiring',
      { monitor: monitorData(m), expiry: { kind: c.which, previousStatus: c.from, ...c.state } },
      m.id,
    );
  }

  private exportCompleted(e: ExportRecord): void {
    const view: ExportJob = exportView(e);
    this.emit(e.tenantId, 'export.completed', { export: view }, e.monitorId);
  }

  private emit(
    tenantId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    monitorId: string | null,
  ) {
    this.webhooks.emit(tenantId, type, data, monitorId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled(this.scheduler.inFlight());
    await Promise.all([this.checker.close(), this.webhooks.close()]);
  }
}

/** What events say about a monitor: no configuration secrets (header values, passwords). */
function monitorData(m: MonitorRecord): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    url: m.url,
    status: m.status,
    enabled: m.enabled,
    archived: m.archived,
    lastCheckAt: m.lastCheckAt,
    lastStatusAt: m.lastStatusAt,
    httpStatus: m.httpStatus,
    responseTimeMs: m.responseTimeMs,
  };
}

function incidentData(i: IncidentRow): Record<string, unknown> {
  const { tenantId: _t, activity: _a, diagnostics: _d, diagnosticsUpdatedAt: _u, ...rest } = i;
  return rest;
}
