import { inspect } from 'node:util';
import {
  ApiError,
  NetworkError,
  UptimeClient,
  WebhookVerificationError,
  redact,
  signWebhook,
  verifyWebhook,
} from '../../src/client/index.js';
import { harness, reply, TOKEN, MONITOR_ID } from './helpers.js';

const HEADER_SECRET = 'hdr-SENTINEL-5b1e9c';
const PASSWORD = 'pw-SENTINEL-77aa01';
// Characters JSON escapes: the echo arrives as "pw\"SENTINEL\\q" in the body text.
const QUOTED_PASSWORD = 'pw"SENTINEL\\q-31';
const WEBHOOK_SECRET = 'whsec_SENTINEL_9f8e7d';
const SECRETS = [TOKEN, HEADER_SECRET, PASSWORD, QUOTED_PASSWORD, WEBHOOK_SECRET];

function expectNoSecret(text: string) {
  for (const s of SECRETS) expect(text).not.toContain(s);
}

/** Every way an error can be turned into text. */
function renderings(e: unknown): string[] {
  const err = e as Error;
  return [
    err.message,
    String(err),
    JSON.stringify(err),
    inspect(err, { depth: 10, showHidden: true }),
    err.stack ?? '',
    JSON.stringify((err as { body?: unknown }).body ?? null),
  ];
}

describe('secret redaction', () => {
  test('errors never carry the token, header values or passwords, even when the server echoes them', async () => {
    const h = harness({ retry: { maxAttempts: 2 }, random: () => 0 });
    const echo = {
      error: {
        code: 'validation_failed',
        message: `bad header value ${HEADER_SECRET} with token ${TOKEN}`,
        details: [
          { field: 'authConfig.password', rule: 'max_length', message: `password ${PASSWORD} too long` },
        ],
      },
    };
    reply(h, 'POST', '/monitors', 400, echo);
    const e = (await h.client
      .createMonitor({
        url: 'https://example.com',
        requestHeaders: [{ name: 'X-Key', value: HEADER_SECRET }],
        authConfig: { type: 'basic', username: 'u', password: PASSWORD },
      })
      .catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    for (const text of [
      e.message,
      String(e),
      JSON.stringify(e),
      inspect(e, { depth: 10 }),
      e.stack ?? '',
      JSON.stringify(e.body),
    ])
      expectNoSecret(text);
    expect(e.message).toContain('[REDACTED]');
    for (const l of h.logs) expectNoSecret(JSON.stringify(l));
  });

  test('a secret with characters JSON escapes is still redacted from an echoed body', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    reply(h, 'PATCH', `/monitors/${MONITOR_ID}`, 400, {
      error: {
        code: 'validation_failed',
        message: `password ${QUOTED_PASSWORD} rejected`,
        [QUOTED_PASSWORD]: 1,
      },
    });
    const e = await h.client
      .updateMonitor(
        MONITOR_ID,
        { authConfig: { type: 'basic', username: 'u', password: QUOTED_PASSWORD } },
        { ifMatch: 'v1' },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    for (const text of renderings(e)) expectNoSecret(text);
  });

  test('retries and their log events carry no secret (echo on every attempt)', async () => {
    const h = harness({ random: () => 0, retry: { inDoubtMaxWaitMs: 0 } });
    const echo = { error: { code: 'unavailable', message: `cannot use ${HEADER_SECRET}, token ${TOKEN}` } };
    for (let i = 0; i < 3; i++) reply(h, 'POST', '/monitors', 503, echo);
    const e = await h.client
      .createMonitor({
        url: 'https://example.com',
        requestHeaders: [{ name: 'X-Api-Key', value: HEADER_SECRET }],
      })
      .catch((x: unknown) => x);
    expect(h.logs.map((l) => l.event)).toEqual([
      'request',
      'response',
      'retry',
      'request',
      'response',
      'retry',
      'request',
      'response',
    ]);
    for (const l of h.logs) expectNoSecret(JSON.stringify(l));
    for (const l of h.logs)
      expect(Object.keys(l).sort()).toEqual(expect.arrayContaining(['method', 'path', 'attempt']));
    for (const text of renderings(e)) expectNoSecret(text);
  });

  test('a connection error whose text holds the token is redacted', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    h.pool
      .intercept({ path: '/v1/usage', method: 'GET' })
      .replyWithError(new Error(`proxy refused Authorization: Bearer ${TOKEN}`));
    const e = await h.client.getUsage().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    for (const text of renderings(e)) expectNoSecret(text);
  });

  test('webhook verification failures never carry the signing secrets', () => {
    const body = JSON.stringify({ schemaVersion: 1, eventId: 'e', type: 'test', createdAt: 'x', data: {} });
    const sig = signWebhook(body, [WEBHOOK_SECRET], 1_800_000_000);
    const failures = [
      () =>
        verifyWebhook({
          rawBody: body + ' ',
          headers: { 'service-signature': sig },
          secrets: [WEBHOOK_SECRET],
          now: 1_800_000_000_000,
        }),
      () =>
        verifyWebhook({
          rawBody: body,
          headers: { 'service-signature': sig },
          secrets: [WEBHOOK_SECRET],
          now: 0,
        }),
      () => verifyWebhook({ rawBody: body, headers: {}, secrets: [WEBHOOK_SECRET] }),
      () =>
        verifyWebhook({
          rawBody: '{',
          headers: { 'service-signature': signWebhook('{', [WEBHOOK_SECRET], 1_800_000_000) },
          secrets: [WEBHOOK_SECRET],
          now: 1_800_000_000_000,
        }),
    ];
    for (const f of failures) {
      let caught: unknown;
      try {
        f();
      } catch (x) {
        caught = x;
      }
      expect(caught).toBeInstanceOf(WebhookVerificationError);
      for (const text of renderings(caught)) expectNoSecret(text);
    }
  });

  test('redact replaces every occurrence of each secret', () => {
    expect(redact(`a ${TOKEN} b ${TOKEN}`, [TOKEN])).toBe('a [REDACTED] b [REDACTED]');
    expect(redact('abc', ['ab'])).toBe('abc'); // too short to be a secret
  });

  test('a non-JSON error body echoing a secret is redacted too', async () => {
    const h = harness({ retry: { maxAttempts: 1 } });
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 500, `upstream said Authorization: Bearer ${TOKEN}`, {
      'content-type': 'text/plain',
    });
    const e = (await h.client.getMonitor(MONITOR_ID).catch((x: unknown) => x)) as ApiError;
    expectNoSecret(e.message);
    expectNoSecret(inspect(e, { depth: 10 }));
  });

  test('the client itself does not expose its token', () => {
    const c = new UptimeClient({ baseUrl: 'https://api.uptime.test/v1', token: TOKEN });
    expectNoSecret(JSON.stringify(c));
    expectNoSecret(inspect(c, { depth: 10, showHidden: true }));
    expectNoSecret(Object.keys(c).join(','));
  });

  test('the token is sent only in the Authorization header', async () => {
    const h = harness();
    reply(h, 'GET', `/monitors/${MONITOR_ID}`, 404, { error: { code: 'not_found', message: 'no' } });
    await h.client.getMonitor(MONITOR_ID).catch(() => undefined);
    expect(h.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(h.requests[0]!.path).not.toContain(TOKEN);
  });
});
