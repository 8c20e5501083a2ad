// Signed webhook events: the envelope (schema version 1), one delivery per subscribed endpoint, and
// the attempts: POST JSON, 5 s timeout, redirects not followed, at most 5 attempts 60/300/900/900 s
// apart on the service clock, the same Service-Event-Id on each and a new Service-Delivery per attempt.
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import type { WebhookEnvelope, WebhookEventType } from '../../api/index.js';
import { isLoopback, signWebhook, WEBHOOK, WEBHOOK_HEADERS } from '../../api/index.js';
import type { Clock } from '../clock.js';
import type { ErrorDetail } from '../../api/index.js';
import { hex } from '../ids.js';
import type { Store, WebhookDeliveryRecord, WebhookEndpointRecord } from '../store.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Endpoint URL rule: HTTPS on port 443; loopback (src/api/base-url.ts; http or https, any port) in local mode only. */
export function checkEndpointUrl(raw: string, localMode: boolean): ErrorDetail | null {
  const u = new URL(raw);
  if (localMode && isLoopback(u.hostname)) return null;
  if (u.protocol !== 'https:') {
    return {
      field: 'url',
      rule: 'https_only',
      message: localMode
        ? 'webhook endpoints must use https (loopback addresses may use http in local mode)'
        : 'webhook endpoints must use https',
      allowed: ['https'],
    };
  }
  if (u.port !== '' && u.port !== '443') {
    return { field: 'url', rule: 'port', message: 'webhook endpoints must use port 443', allowed: [443] };
  }
  if (u.username || u.password) {
    return { field: 'url', rule: 'format', message: 'webhook endpoint URLs must not contain credentials' };
  }
  return null;
}

export class WebhookDispatcher {
  private readonly agent = new Agent({ keepAliveTimeout: 1_000, connections: 16 });
  private readonly inFlight = new Set<string>();
  private readonly pending = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    for (const d of Object.values(store.state.webhookDeliveries))
      if (d.status === 'pending') this.pending.add(d.id);
  }

  /** Queues an event for every endpoint of the tenant subscribed to it; returns the event id. */
  emit(
    tenantId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    monitorId: string | null,
  ): string {
    const now = this.clock.now();
    const envelope: WebhookEnvelope = {
      schemaVersion: WEBHOOK.envelopeSchemaVersion,
      eventId: `evt_${hex(16)}`,
      type,
      createdAt: new Date(now).toISOString(),
      tenantId,
      data,
    };
    const body = JSON.stringify(envelope);
    for (const w of Object.values(this.store.state.webhookEndpoints)) {
      if (w.tenantId !== tenantId || !w.events.includes(type)) continue;
      if (monitorId !== null && w.monitorIds.length > 0 && !w.monitorIds.includes(monitorId)) continue;
      this.queue(w, envelope.eventId, type, body, now);
    }
    return envelope.eventId;
  }

  /** A `test` event to one endpoint (admin "Send test"). */
  sendTest(w: WebhookEndpointRecord): WebhookDeliveryRecord {
    const now = this.clock.now();
    const envelope: WebhookEnvelope = {
      schemaVersion: WEBHOOK.envelopeSchemaVersion,
      eventId: `evt_${hex(16)}`,
      type: 'test',
      createdAt: new Date(now).toISOString(),
      tenantId: w.tenantId,
      data: { endpointId: w.id, message: 'Test event from the local Monitoring Service' },
    };
    return this.queue(w, envelope.eventId, 'test', JSON.stringify(envelope), now);
  }

  private queue(w: WebhookEndpointRecord, eventId: string, type: string, body: string, now: number) {
    const d: WebhookDeliveryRecord = {
      id: `whd_${hex(12)}`,
      tenantId: w.tenantId,
      endpointId: w.id,
      eventId,
      type,
      body,
      status: 'pending',
      attempts: [],
      nextAttemptAt: new Date(now).toISOString(),
      createdAt: new Date(now).toISOString(),
    };
    this.store.state.webhookDeliveries[d.id] = d;
    this.store.touch('webhookDeliveries', d.id);
    this.pending.add(d.id);
    this.store.markCountersDirty();
    return d;
  }

  /** Starts every attempt that is due; resolves when they are done. */
  runDue(now: number): Promise<void>[] {
    const out: Promise<void>[] = [];
    for (const id of this.pending) {
      if (this.inFlight.has(id)) continue;
      const d = this.store.state.webhookDeliveries[id];
      if (!d || d.status !== 'pending') {
        this.pending.delete(id);
        continue;
      }
      if (!d.nextAttemptAt || Date.parse(d.nextAttemptAt) > now) continue;
      this.inFlight.add(id);
      out.push(this.attempt(d).finally(() => this.inFlight.delete(id)));
    }
    return out;
  }

  get busy(): number {
    return this.inFlight.size;
  }

  /** The secrets that sign now: the current one, and the previous one for 24 h after a rotation. */
  signingSecrets(w: WebhookEndpointRecord, now: number): string[] {
    if (
      w.previousSecret &&
      w.rotatedAt &&
      now - Date.parse(w.rotatedAt) < WEBHOOK.previousSecretValidHours * HOUR
    ) {
      return [w.secret, w.previousSecret];
    }
    if (w.previousSecret) w.previousSecret = null; // the overlap is over
    return [w.secret];
  }

  private async attempt(d: WebhookDeliveryRecord): Promise<void> {
    const w = this.store.state.webhookEndpoints[d.endpointId];
    const startedAt = this.clock.now();
    const deliveryId = `dlv_${hex(12)}`;
    let httpStatus: number | null = null;
    let error: string | null = null;
    const t0 = performance.now();
    if (!w) {
      error = 'the endpoint was removed';
    } else {
      const t = Math.floor(startedAt / 1000);
      try {
        const url = new URL(w.url);
        const res = await this.agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'uptime-local-webhooks/1',
            [WEBHOOK_HEADERS.eventId]: d.eventId,
            [WEBHOOK_HEADERS.delivery]: deliveryId,
            [WEBHOOK_HEADERS.signature]: signWebhook(d.body, this.signingSecrets(w, startedAt), t),
          },
          body: d.body,
          signal: AbortSignal.timeout(WEBHOOK.attemptTimeoutSeconds * 1000),
          headersTimeout: WEBHOOK.attemptTimeoutSeconds * 1000,
          bodyTimeout: WEBHOOK.attemptTimeoutSeconds * 1000,
        });
        httpStatus = res.statusCode;
        // Receiver bodies are not stored (nor read beyond what closing the stream needs).
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        if (httpStatus < 200 || httpStatus >= 300) {
          error =
            httpStatus >= 300 && httpStatus < 400
              ? `HTTP ${httpStatus} (redirects are not followed)`
              : `HTTP ${httpStatus}`;
        }
      } catch (err) {
        const e = err as { name?: string; code?: string; cause?: { code?: string } };
        const code = e.code ?? e.cause?.code ?? e.name ?? 'error';
        error =
          e.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT'
            ? `no answer within ${WEBHOOK.attemptTimeoutSeconds} s`
            : `connection failed (${code})`;
      }
    }
    d.attempts.push({
      deliveryId,
      attemptedAt: new Date(startedAt).toISOString(),
      httpStatus,
      error,
      durationMs: Math.round(performance.now() - t0),
    });
    if (error === null) {
      d.status = 'succeeded';
      d.nextAttemptAt = null;
    } else if (!w || d.attempts.length >= WEBHOOK.maxAttempts) {
      d.status = 'failed';
      d.nextAttemptAt = null;
    } else {
      const delay = WEBHOOK.retryDelaysSeconds[d.attempts.length - 1]!;
      d.nextAttemptAt = new Date(startedAt + delay * 1000).toISOString();
    }
    if (d.status !== 'pending') this.pending.delete(d.id);
    this.store.touch('webhookDeliveries', d.id);
    this.store.markCountersDirty();
  }

  /** Forgets deliveries older than the 30-day history. */
  prune(now: number): void {
    const cutoff = now - WEBHOOK.historyDays * DAY;
    for (const [id, d] of Object.entries(this.store.state.webhookDeliveries)) {
      if (d.status !== 'pending' && Date.parse(d.createdAt) < cutoff) {
        delete this.store.state.webhookDeliveries[id];
        this.store.touch('webhookDeliveries', id);
      }
    }
  }

  async close(): Promise<void> {
    await this.agent.close().catch(() => undefined);
  }
}

/** The admin view of a delivery: what was sent and how each attempt went (never a receiver body). */
export function deliveryView(d: WebhookDeliveryRecord): Record<string, unknown> {
  const { tenantId: _t, body, ...rest } = d;
  return { ...rest, envelope: JSON.parse(body) as unknown };
}
