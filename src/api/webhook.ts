import { z } from 'zod';
import { DateTime } from './common.js';

/** Event kinds (not shown in the spec: our decision). */
export const WEBHOOK_EVENT_TYPES = [
  'monitor.down',
  'monitor.up',
  'monitor.paused',
  'monitor.activated',
  'monitor.archived',
  'monitor.reactivated',
  'incident.opened',
  'incident.resolved',
  'ssl.expiring',
  'domain.expiring',
  'export.completed',
  'test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_HEADERS = {
  signature: 'service-signature',
  eventId: 'service-event-id',
  delivery: 'service-delivery',
} as const;

/** Webhook envelope, schema version 1 (fields not shown in the spec: our decision). */
export const WebhookEnvelope = z.object({
  schemaVersion: z.literal(1),
  eventId: z.string(),
  type: z.string(),
  createdAt: DateTime,
  tenantId: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;
