import { createHmac } from 'node:crypto';
import {
  createWebhookDeduper,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '../../src/client/index.js';
import { MIN_SECRET_LENGTH } from '../../src/api/index.js';

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

describe('webhook signing (what the local service sends)', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t." + raw body>, one v1 per secret in order', () => {
    const v1 = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhook(body, [CURRENT], t)).toBe(`t=${t},v1=${v1(CURRENT)}`);
    expect(signWebhook(Buffer.from(body), [CURRENT, PREVIOUS], t)).toBe(
      `t=${t},v1=${v1(CURRENT)},v1=${v1(PREVIOUS)}`,
    );
  });
});

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
    const sig = signWebhook(body, ['whsec_other_0123456789'], t);
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

  test('a header signed with both secrets verifies for a receiver that only knows one of them', () => {
    const sig = signWebhook(body, [CURRENT, PREVIOUS], t);
    expect(sig.split(',')).toHaveLength(3);
    for (const secrets of [[CURRENT], [PREVIOUS]])
      expect(
        verifyWebhook({ rawBody: body, headers: { 'service-signature': sig }, secrets, now }).eventId,
      ).toBe('evt_1');
  });

  test('tolerated: t in milliseconds (signed as sent); the tolerance applies to it as seconds', () => {
    const tMs = t * 1000;
    const digest = createHmac('sha256', CURRENT).update(`${tMs}.${body}`).digest('hex');
    const headers = { 'service-signature': `t=${tMs},v1=${digest}` };
    expect(verifyWebhook({ rawBody: body, headers, secrets: [CURRENT], now }).eventId).toBe('evt_1');
    expect(
      reason(() => verifyWebhook({ rawBody: body, headers, secrets: [CURRENT], now: now + 600_000 })),
    ).toBe('timestamp_out_of_tolerance');
  });

  test('a custom tolerance is honoured', () => {
    const sig = signWebhook(body, [CURRENT], t);
    const opts = { rawBody: body, headers: { 'service-signature': sig }, secrets: [CURRENT] };
    expect(reason(() => verifyWebhook({ ...opts, toleranceSeconds: 30, now: now + 31_000 }))).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(verifyWebhook({ ...opts, toleranceSeconds: 30, now: now - 29_000 }).eventId).toBe('evt_1');
  });

  test('a valid signature over a body that is not an envelope is rejected as invalid_envelope', () => {
    const raw = JSON.stringify({ hello: 'world' });
    const sig = signWebhook(raw, [CURRENT], t);
    expect(
      reason(() =>
        verifyWebhook({ rawBody: raw, headers: { 'service-signature': sig }, secrets: [CURRENT], now }),
      ),
    ).toBe('invalid_envelope');
  });

  test('no secrets configured is a programming error', () => {
    const sig = signWebhook(body, [CURRENT], t);
    expect(() =>
      verifyWebhook({ rawBody: body, headers: { 'service-signature': sig }, secrets: [], now }),
    ).toThrow(TypeError);
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
    expect(d.size).toBeLessThanOrEqual(100);
    expect(d.seen('evt_999')).toBe(true); // the newest are kept
    expect(d.seen('evt_0')).toBe(false); // the oldest were dropped
  });

  test('an id seen again after expiry is remembered from then on, and old ones still expire', () => {
    let clock = 0;
    const d = createWebhookDeduper({ ttlMs: 1000, now: () => clock });
    d.seen('a');
    clock = 500;
    d.seen('b');
    clock = 1200; // a expired, b not
    expect(d.seen('a')).toBe(false);
    clock = 1600; // b expired now; a (re-seen at 1200) is not
    expect(d.seen('b')).toBe(false);
    expect(d.seen('a')).toBe(true);
  });
});

/** A signature made with the given secret (signWebhook itself refuses short ones). */
const signedWith = (secret: string) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex')}`;

describe('secrets too short (docs/security.md)', () => {
  test("[''] does not verify a signature made with the empty secret: the receiver is told its secret is unset", () => {
    expect(() =>
      verifyWebhook({ rawBody: body, headers: { 'service-signature': signedWith('') }, secrets: [''], now }),
    ).toThrow(
      new TypeError(
        'verifyWebhook: secrets[0] must be at least 16 characters long (rule: min_length, allowed: 16 or more characters); it is empty',
      ),
    );
  });

  test('a short secret, current or previous, is refused before any request is looked at', () => {
    const good = 'whsec_0123456789abcdef';
    for (const secrets of [['short-secret'], [good, 'x'.repeat(MIN_SECRET_LENGTH - 1)]]) {
      const i = secrets.length - 1;
      expect(() => verifyWebhook({ rawBody: body, headers: {}, secrets, now })).toThrow(
        `secrets[${i}] must be at least 16 characters long (rule: min_length, allowed: 16 or more characters); it has ${secrets[i]!.length}`,
      );
    }
    // At the minimum it verifies.
    const sixteen = 'x'.repeat(MIN_SECRET_LENGTH);
    expect(
      verifyWebhook({
        rawBody: body,
        headers: { 'service-signature': signedWith(sixteen) },
        secrets: [sixteen],
        now,
      }).eventId,
    ).toBe('evt_1');
  });

  test('signWebhook refuses to sign with a short secret', () => {
    expect(() => signWebhook(body, [''], t)).toThrow(
      'signWebhook: secrets[0] must be at least 16 characters long',
    );
  });
});
