import { createHmac } from 'node:crypto';
import { requireSecret } from './secret-checks.js';
import { z } from 'zod';
import { lazySchema } from './lazy.js';
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
export const WebhookEnvelope = lazySchema(() =>
  z.object({
    schemaVersion: z.literal(1),
    eventId: z.string(),
    type: z.string(),
    createdAt: DateTime,
    tenantId: z.string().optional(),
    data: z.record(z.string(), z.unknown()),
  }),
);
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/**
 * The `Service-Signature` value for a body (docs/api-decisions.md, "Webhooks"): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t." + raw body>`, one `v1` per signing secret (two during a rotation). The local service signs
 * with it; receivers verify with the client's `verifyWebhook`.
 */
export function signWebhook(rawBody: string | Buffer, secrets: string[], timestampSeconds: number): string {
  const parts = [`t=${timestampSeconds}`];
  secrets.forEach((s, i) => requireSecret(`signWebhook: secrets[${i}]`, s));
  for (const s of secrets)
    parts.push(`v1=${createHmac('sha256', s).update(`${timestampSeconds}.`).update(rawBody).digest('hex')}`);
  return parts.join(',');
}
