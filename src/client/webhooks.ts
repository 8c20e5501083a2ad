// Receiving signed webhook events: signature verification (HMAC-SHA256 over `t + "." + raw body`, constant-time
// compare, timestamp tolerance, current and previous secret) and de-duplication by event id.
import { createHmac } from 'node:crypto';
import { sameSecret, secretProblem, WEBHOOK_HEADERS, WebhookEnvelope } from '../api/index.js';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason:
      | 'missing_signature'
      | 'malformed_signature'
      | 'timestamp_out_of_tolerance'
      | 'signature_mismatch'
      | 'invalid_envelope',
  ) {
    super(`webhook rejected: ${reason.replace(/_/g, ' ')}`);
    this.name = 'WebhookVerificationError';
  }
}

// Signing is part of the contract (src/api/webhook.ts); re-exported so receivers' tests can sign what they verify.
export { signWebhook } from '../api/index.js';

export interface VerifyOptions {
  rawBody: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The current secret first, then the previous one while a rotation is under way. */
  secrets: string[];
  toleranceSeconds?: number;
  /** Unix ms (tests). */
  now?: number;
}

export function verifyWebhook(opts: VerifyOptions): WebhookEnvelope & { deliveryId: string | null } {
  // A receiver whose secret variable is unset must fail loudly, not accept what anyone can sign with ''.
  if (opts.secrets.length === 0) throw new TypeError('verifyWebhook needs at least one signing secret');
  opts.secrets.forEach((s, i) => {
    const problem = secretProblem(`secrets[${i}]`, s);
    if (problem) throw new TypeError(`verifyWebhook: ${problem}`);
  });
  const header = pick(opts.headers, WEBHOOK_HEADERS.signature);
  if (!header) throw new WebhookVerificationError('missing_signature');
  let tRaw: string | null = null;
  const digests: Buffer[] = [];
  for (const part of header.split(',')) {
    const [k, ...rest] = part.trim().split('=');
    const v = rest.join('=').trim();
    if (k?.trim() === 't' && /^\d+$/.test(v)) tRaw = v;
    else if (k?.trim() === 'v1' && v) digests.push(decodeDigest(v));
  }
  if (tRaw === null || digests.length === 0) throw new WebhookVerificationError('malformed_signature');
  const t = Number(tRaw);
  const seconds = t > 1e12 ? Math.floor(t / 1000) : t;
  const now = (opts.now ?? Date.now()) / 1000;
  if (Math.abs(now - seconds) > (opts.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('timestamp_out_of_tolerance');
  const ok = opts.secrets.some((secret) => {
    const expected = hmacRaw(secret, tRaw, opts.rawBody);
    return digests.some((d) => sameSecret(d, expected));
  });
  if (!ok) throw new WebhookVerificationError('signature_mismatch');
  let parsed: unknown;
  try {
    parsed = JSON.parse(opts.rawBody.toString());
  } catch {
    throw new WebhookVerificationError('invalid_envelope');
  }
  const env = WebhookEnvelope.safeParse(parsed);
  if (!env.success) throw new WebhookVerificationError('invalid_envelope');
  return { ...env.data, deliveryId: pick(opts.headers, WEBHOOK_HEADERS.delivery) };
}

function hmacRaw(secret: string, t: string, body: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest();
}

/** Hex (ours) or base64 (tolerated). */
function decodeDigest(v: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
}

function pick(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return (Array.isArray(v) ? v[0] : v) ?? null;
  }
  return null;
}

/** Remembers event ids for `ttlMs` (bounded to `max` entries) so redeliveries are processed once. */
export function createWebhookDeduper(opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const ttl = opts.ttlMs ?? 24 * 3600_000;
  const max = opts.max ?? 10_000;
  const now = opts.now ?? Date.now;
  const seenAt = new Map<string, number>();
  return {
    /** True when this event id was seen before (a redelivery); records it otherwise. */
    seen(eventId: string): boolean {
      const t = now();
      // Oldest first (insertion order): drop what expired, and the oldest beyond `max`.
      for (const [id, at] of seenAt) {
        if (t - at <= ttl && seenAt.size < max) break;
        seenAt.delete(id);
      }
      const at = seenAt.get(eventId);
      if (at !== undefined && t - at <= ttl) return true;
      seenAt.delete(eventId);
      seenAt.set(eventId, t);
      return false;
    },
    get size() {
      return seenAt.size;
    },
  };
}
