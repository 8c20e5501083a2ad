// Independent check of the one error path end to end: real client errors, made by a hostile server on 127.0.0.1 that
// echoes the token and the Authorization header in every answer, through `apiFailure` (src/provider/api-errors.ts)
// to the diagnostic a user reads. What a user must see: what to fix (the attribute), what happened (the status, the
// service's words, the request id), what to do (the bound to raise, the command that finds a monitor that may exist),
// and never the token.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RateLimiter, UptimeClient } from '../../src/client/index.js';
import { apiFailure, type ApiSubject } from '../../src/provider/api-errors.js';

const TOKEN = `upt_${'c0ffee'.repeat(6)}abcd`;

let reply: (req: IncomingMessage, res: ServerResponse) => void;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => reply(req, res));
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** An answer that repeats what the request carried: the token in the body, a header and the message. */
const echo =
  (status: number, headers: Record<string, string> = {}) =>
  (req: IncomingMessage, res: ServerResponse) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': 'req_independent_1',
        'x-echo': String(req.headers.authorization),
        ...headers,
      })
      .end(
        JSON.stringify({
          error: {
            code: status === 401 ? 'unauthorized' : 'internal',
            message: `rejected ${req.headers.authorization}; token=${TOKEN}`,
            details: [{ field: 'token', message: `value ${TOKEN} is not valid` }],
          },
        }),
      );

function client(retry: ConstructorParameters<typeof UptimeClient>[0]['retry'] = {}) {
  let now = Date.now();
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
  return new UptimeClient({
    baseUrl: base,
    token: TOKEN,
    clock,
    limiter: new RateLimiter({ clock, random: () => 0 }),
    retry: { maxAttempts: 2, ...retry },
  });
}

async function diagnostic(call: Promise<unknown>, what: string, subject?: ApiSubject) {
  const e = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (err: unknown) => err,
  );
  const d = apiFailure(what, e, subject);
  const text = JSON.stringify({ summary: d.summary, detail: d.detail, path: d.path });
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(TOKEN.slice(4));
  return d;
}

test('401 on the first call: the token attribute, never the token', async () => {
  reply = echo(401);
  const d = await diagnostic(client().getCapabilities(), 'Cannot reach the Monitoring Service API', {
    service: true,
  });
  expect(d.summary).toBe('API token rejected');
  expect(d.path).toEqual(['token']);
});

test("a 500 on a read: what was tried, the service's words scrubbed, the request id", async () => {
  reply = echo(500);
  const d = await diagnostic(client().listAlerts(), 'Listing alerts failed');
  expect(d.summary).toBe('Listing alerts failed');
  expect(d.detail).toMatch(/GET \/alerts failed: 500/);
  expect(d.detail).toContain('req_independent_1');
});

test('a read answered 503 "back in a day": at once, the status said, no secret', async () => {
  reply = echo(503, { 'retry-after': '86400' });
  const d = await diagnostic(client({ maxRateLimitWaitMs: 15 * 60_000 }).getUsage(), 'Reading usage failed');
  expect(d.detail).toMatch(/503/);
});

test('429s past the run’s bound: the bound to raise, by name', async () => {
  reply = echo(429, { 'retry-after': '3600' });
  const d = await diagnostic(
    client({ maxRateLimitWaitMs: 60_000 }).getCapabilities(),
    'Cannot reach the Monitoring Service API',
    { service: true },
  );
  expect(d.summary).toBe('Waiting for the API rate limit reached its bound');
  expect(d.detail).toMatch(/rate_limit_max_wait|UPTIME_RATE_LIMIT_MAX_WAIT/);
});

test('a create whose answers are always lost: the monitor may exist, and how to find it', async () => {
  reply = (_req, res) => {
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': '500' });
    res.write(`{"data":{"id":"`);
    setTimeout(() => res.socket?.destroy(), 5);
  };
  const d = await diagnostic(
    client({ inDoubtMaxWaitMs: 30_000 }).createMonitor({ name: 'lost', url: 'https://lost.example.com/' }),
    'Create failed',
    { creating: { url: 'https://lost.example.com/', requestMethod: 'GET', name: 'lost' } },
  );
  expect(d.summary).toBe('Monitor may have been created');
  expect(d.detail).toContain('"https://lost.example.com/"');
  expect(d.detail).toContain('uptimectl adopt');
});
