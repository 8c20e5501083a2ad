import { inspect } from 'node:util';
import { ApiError, UptimeClient } from '../../src/client/index.js';
import { harness, reply, TOKEN, MONITOR_ID } from './helpers.js';

const HEADER_SECRET = 'hdr-SENTINEL-5b1e9c';
const PASSWORD = 'pw-SENTINEL-77aa01';
const SECRETS = [TOKEN, HEADER_SECRET, PASSWORD];

function expectNoSecret(text: string) {
  for (const s of SECRETS) expect(text).not.toContain(s);
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
