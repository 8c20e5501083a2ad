import { createHmac } from 'node:crypto';
import {
  createWebhookDeduper,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '../../src/client/index.js';

const CURRENT = 'whsec_current_SENTINEL';
const PREVIOUS = 'whsec_previous_SENTINEL';
const body = JSON.stringify({
  schemaVersion: 1,
  eventId: 'evt_1',
  type: 'monitor.down',
  createdAt: '2026-11-22T00:00:00Z',
  data: { monitorId: 'm' },
});
const t = 1_800_000_000;
const now = t * 1000;

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    expect(String(e)).not.toContain('SENTINEL');
    return (e as WebhookVerificationError).reason;
  }
  throw new Error('expected a rejection');
}

describe('webhook verification', () => {
  test('a correctly signed event verifies and yields the envelope and delivery id', () => {
    const sig = signWebhook(body, [CURRENT], t);
    expect(sig).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    const env = verifyWebhook({
      rawBody: Buffer.from(body),
      headers: { 'Service-Signature': sig, 'service-delivery': 'dlv_1' },
      secrets: [CURRENT],
      now,
    });
    expect(env).toMatchObject({ eventId: 'evt_1', type: 'monitor.down', deliveryId: 'dlv_1' });
  });

  test('during rotation an event signed with the previous secret still verifies', () => {
    const sig = signWebhook(body, [PREVIOUS], t);
    expect(
      verifyWebhook({
        rawBody: body,
        headers: { 'service-signature': sig },
        secrets: [CURRENT, PREVIOUS],
        now,
      }).eventId,
    ).toBe('evt_1');
  });

  test('a body changed by one byte is rejected', () => {
    const sig = signWebhook(body, [CURRENT], t);
    expect(
      reason(() =>
        verifyWebhook({
          rawBody: body.replace('down', 'up  '),
          headers: { 'service-signature': sig },
          secrets: [CURRENT],
          now,
        }),
      ),
    ).toBe('signature_mismatch');
  });

  test('a wrong secret is rejected', () => {
    const sig = signWebhook(body, ['whsec_other'], t);
    expect(
      reason(() =>
        verifyWebhook({
          rawBody: body,
          headers: { 'service-signature': sig },
          secrets: [CURRENT, PREVIOUS],
          now,
        }),
      ),
    ).toBe('signature_mismatch');
  });

  test('timestamps outside the tolerance are rejected, inside accepted', () => {
    const sig = signWebhook(body, [CURRENT], t);
    expect(
      reason(() =>
        verifyWebhook({
          rawBody: body,
          headers: { 'service-signature': sig },
          secrets: [CURRENT],
          now: now + 301_000,
        }),
      ),
    ).toBe('timestamp_out_of_tolerance');
    expect(
      verifyWebhook({
        rawBody: body,
        headers: { 'service-signature': sig },
        secrets: [CURRENT],
        now: now + 299_000,
      }).eventId,
    ).toBe('evt_1');
  });

  test('missing or malformed signatures are rejected', () => {
    expect(reason(() => verifyWebhook({ rawBody: body, headers: {}, secrets: [CURRENT], now }))).toBe(
      'missing_signature',
    );
    expect(
      reason(() =>
        verifyWebhook({ rawBody: body, headers: { 'service-signature': 'v1=abc' }, secrets: [CURRENT], now }),
      ),
    ).toBe('malformed_signature');
  });

  test('tolerated: base64 digests and parts in another order', () => {
    const digest = createHmac('sha256', CURRENT).update(`${t}.${body}`).digest('base64');
    expect(
      verifyWebhook({
        rawBody: body,
        headers: { 'service-signature': `v1=${digest}, t=${t}` },
        secrets: [CURRENT],
        now,
      }).eventId,
    ).toBe('evt_1');
  });
});

describe('webhook de-duplication', () => {
  test('an event id is processed once within the TTL, again after it', () => {
    let clock = 0;
    const d = createWebhookDeduper({ ttlMs: 1000, now: () => clock });
    expect(d.seen('evt_1')).toBe(false);
    expect(d.seen('evt_1')).toBe(true);
    expect(d.seen('evt_2')).toBe(false);
    clock = 2000;
    expect(d.seen('evt_1')).toBe(false);
  });

  test('memory stays bounded', () => {
    const d = createWebhookDeduper({ max: 100 });
    for (let i = 0; i < 1000; i++) d.seen(`evt_${i}`);
    expect(d.size).toBeLessThanOrEqual(101);
  });
});
