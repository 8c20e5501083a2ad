// Alert-delivery records: one per enabled channel with a selected destination for every incident
// transition, recovery and expiry warning. A simulated email/SMS provider moves each record through
// queued → sending → sent → delivered (or delayed, failed, bounced, complaint, rejected) on the
// service clock. Records never hold the destination's value.
import { ALERT_CHANNELS, type Alert } from '../../api/index.js';
import { hex } from '../ids.js';
import type { AlertRecord, MonitorRecord, Store } from '../store.js';

/** Service-clock delays between the provider's steps. */
export const ALERT_STEP_MS = { sending: 1_000, sent: 1_000, final: 3_000, delayed: 60_000 } as const;

export interface AlertInput {
  type: Alert['type'];
  status: string | null;
  previousStatus: string | null;
  responseTimeMs?: number | null;
  httpStatus?: number | null;
}

export class AlertDesk {
  /** Records whose delivery status still moves. */
  private readonly moving = new Set<string>();

  constructor(private readonly store: Store) {
    for (const a of Object.values(store.state.alerts)) if (a.nextStepAt) this.moving.add(a.id);
  }

  /** Creates the records of one notification; returns them. */
  notify(m: MonitorRecord, input: AlertInput, at: number): AlertRecord[] {
    const tenant = this.store.tenant(m.tenantId);
    const iso = new Date(at).toISOString();
    const out: AlertRecord[] = [];
    for (const channel of ALERT_CHANNELS) {
      if (!m.alert.channels[channel]) continue;
      const destId = m.alert.destinationIds[channel];
      const dest = destId ? this.store.state.destinations[destId] : undefined;
      // Nothing to send to: no record (the dashboard shows the channel as not configured).
      if (!dest || dest.tenantId !== m.tenantId) continue;
      let deliveryStatus: Alert['deliveryStatus'] = 'queued';
      if (channel === 'sms' && !tenant?.plan.smsAlerts) deliveryStatus = 'sms_disabled';
      else if (dest.suppressedAt) deliveryStatus = 'suppressed';
      const a: AlertRecord = {
        id: `alt_${hex(12)}`,
        tenantId: m.tenantId,
        monitorId: m.id,
        monitorName: m.name,
        timestamp: iso,
        type: input.type,
        status: input.status,
        previousStatus: input.previousStatus,
        channel,
        deliveryStatus,
        delivered: false,
        suppressed: deliveryStatus === 'suppressed' || deliveryStatus === 'sms_disabled',
        responseTimeMs: input.responseTimeMs ?? null,
        httpStatus: input.httpStatus ?? null,
        destinationId: dest.id,
        nextStepAt: deliveryStatus === 'queued' ? new Date(at + ALERT_STEP_MS.sending).toISOString() : null,
      };
      this.store.state.alerts[a.id] = a;
      this.store.touch('alerts', a.id);
      if (a.nextStepAt) this.moving.add(a.id);
      out.push(a);
    }
    return out;
  }
  /** Moves every record whose next step is due; several steps at once when the clock jumped. */
  advance(now: number): number {
    let moved = 0;
    for (const id of [...this.moving]) {
      const a = this.store.state.alerts[id];
      if (!a || !a.nextStepAt) {
        this.moving.delete(id);
        continue;
      }
      while (a.nextStepAt && Date.parse(a.nextStepAt) <= now) {
        this.step(a, Date.parse(a.nextStepAt));
        this.store.touch('alerts', a.id);
        moved++;
      }
      if (!a.nextStepAt) this.moving.delete(id);
    }
    if (moved) this.store.markCountersDirty();
    return moved;
  }

  private step(a: AlertRecord, at: number): void {
    const next = (ms: number | null) => {
      a.nextStepAt = ms === null ? null : new Date(at + ms).toISOString();
    };
    switch (a.deliveryStatus) {
      case 'queued':
        a.deliveryStatus = 'sending';
        return next(ALERT_STEP_MS.sent);
      case 'sending':
        a.deliveryStatus = 'sent';
        return next(ALERT_STEP_MS.final);
      case 'delayed':
        a.deliveryStatus = 'delivered';
        a.delivered = true;
        return next(null);
      case 'sent': {
        const dest = a.destinationId ? this.store.state.destinations[a.destinationId] : undefined;
        const outcome = dest?.simulate ?? 'delivered';
        a.deliveryStatus = outcome;
        a.delivered = outcome === 'delivered' || outcome === 'complaint';
        if ((outcome === 'bounced' || outcome === 'complaint') && dest && !dest.suppressedAt) {
          dest.suppressedAt = new Date(at).toISOString();
        }
        return next(outcome === 'delayed' ? ALERT_STEP_MS.delayed : null);
      }
      default:
        return next(null);
    }
  }
}

/** The API view: internal bookkeeping (tenant, destination, next step) stays inside. */
export function alertView(a: AlertRecord): Alert {
  const { tenantId: _t, destinationId: _d, nextStepAt: _n, ...rest } = a;
  return rest;
}
