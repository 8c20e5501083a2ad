// Independent checks of the API client's HTTP behaviour (src/client/transport.ts, in-doubt.ts on src/http/policy.ts)
// with the local service behind a hostile proxy on 127.0.0.1, written from RFC 9110 and the provider's documented
// bounds (docs/index.md: max_retries honours Retry-After; rate_limit_max_wait bounds the waiting of a run):
// - a write that may have been processed is only ever sent again under its own Idempotency-Key, so the service makes
//   it once: an answer cut off after the service did the work, a gateway's 503 after it;
// - an announced wait is honoured, but never beyond the run's bound on waiting: a 503 saying "back in a day" fails
//   now (not after a day, and not at once again either: a wait past Node's 32-bit timers would fire immediately);
// - a 429 storm ends at rate_limit_max_wait; an answer has a size limit and each attempt a deadline; no redirect is
//   followed and the token goes nowhere else.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { RateLimiter, UptimeClient } from '../../src/client/index.js';
import { RateLimitWaitError } from '../../src/client/rate-limit-error.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { endlessAnswer, tricklingAnswer } from '../helpers/hostile-answers.js';

/** What the proxy does with one request: pass it on, or answer itself (`forwarded`: the service's answer, if asked). */
type Fault = (
  req: IncomingMessage,
  res: ServerResponse,
  forward: () => Promise<{ status: number; headers: Record<string, string>; body: Buffer }>,
) => void | Promise<void>;

let svc: RunningService;
let api: ServiceApi;
let proxy: Server;
let proxyUrl: string;
let fault: Fault | null = null;
const seen: { method: string; url: string; key: string | undefined; auth: string | undefined }[] = [];

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  const target = new URL(svc.baseUrl);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        key: req.headers['idempotency-key'] as string | undefined,
        auth: req.headers.authorization,
      });
      const forward = () =>
        new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
          const out = httpRequest(
            {
              host: target.hostname,
              port: target.port,
              method: req.method,
              path: req.url,
              headers: { ...req.headers, host: target.host },
            },
            (r) => {
              const body: Buffer[] = [];
              r.on('data', (c: Buffer) => body.push(c));
              r.on('end', () =>
                resolve({
                  status: r.statusCode!,
                  headers: r.headers as Record<string, string>,
                  body: Buffer.concat(body),
                }),
              );
            },
          );
          out.on('error', reject);
          out.end(Buffer.concat(chunks));
        });
      if (fault) return void fault(req, res, forward);
      void forward().then((r) => res.writeHead(r.status, r.headers).end(r.body));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
  await svc.close();
});

beforeEach(() => {
  fault = null;
  seen.length = 0;
});

/** A client through the proxy whose waits are recorded and skipped (the clock jumps), with its own limiter. */
function client(retry: ConstructorParameters<typeof UptimeClient>[0]['retry'] = {}, realTime = false) {
  const sleeps: number[] = [];
  let now = Date.now();
  const clock = realTime
    ? undefined
    : {
        now: () => now,
        sleep: async (ms: number) => {
          sleeps.push(ms);
          now += ms;
        },
      };
  const c = new UptimeClient({
    baseUrl: proxyUrl,
    token: svc.tokens.full!,
    ...(clock ? { clock, limiter: new RateLimiter({ clock, random: () => 0 }) } : {}),
    random: () => 0.5,
    readTimeoutMs: 1000,
    writeTimeoutMs: 1000,
    retry,
  });
  return { c, sleeps };
}

async function failure(p: Promise<unknown>): Promise<Error & Record<string, any>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Error);
  return e as Error & Record<string, any>;
}

const monitorsNamed = async (name: string) => (await api.listMonitors()).filter((m) => m.name === name);

describe('a write that may have been processed', () => {
  test('its answer cut off after the service made it: replayed under its own key, made once', async () => {
    let posts = 0;
    fault = async (req, res, forward) => {
      const r = await forward();
      if (req.method === 'POST' && ++posts === 1) {
        res.writeHead(r.status, { ...r.headers, 'content-length': String(r.body.length) });
        res.write(r.body.subarray(0, 10));
        setTimeout(() => res.socket?.destroy(), 10);
        return;
      }
      res.writeHead(r.status, r.headers).end(r.body);
    };
    const { c } = client();
    const created = await c.createMonitor({ name: 'cut-off answer', url: 'https://cut.example.com/' });
    expect(created.replayed).toBe(true);
    const posted = seen.filter((s) => s.method === 'POST');
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posted.map((p) => p.key)).size).toBe(1);
    expect(posted[0]!.key).toMatch(/\S{8,}/);
    expect(await monitorsNamed('cut-off answer')).toHaveLength(1);
  });

  test("a gateway's 503 after the service made it: replayed under its own key, made once", async () => {
    let posts = 0;
    fault = async (req, res, forward) => {
      const r = await forward();
      if (req.method === 'POST' && ++posts <= 4) return void res.writeHead(503).end('bad gateway');
      res.writeHead(r.status, r.headers).end(r.body);
    };
    const { c } = client();
    await c.createMonitor({ name: 'behind a 503', url: 'https://gw.example.com/' });
    const posted = seen.filter((s) => s.method === 'POST');
    expect(posted).toHaveLength(5);
    expect(new Set(posted.map((p) => p.key)).size).toBe(1);
    expect(await monitorsNamed('behind a 503')).toHaveLength(1);
  });
});

describe('announced waits', () => {
  test.each([
    ['a day', '86400'],
    ['an HTTP-date years ahead', 'Fri, 01 Jan 2100 00:00:00 GMT'],
  ])(
    'a GET answered 503 announcing %s fails at once, without waiting, saying when to try again',
    async (_what, value) => {
      fault = (_req, res) => void res.writeHead(503, { 'retry-after': value }).end();
      const { c, sleeps } = client({ maxRateLimitWaitMs: 15 * 60_000 });
      const e = await failure(c.getUsage());
      expect(e.status).toBe(503);
      expect(sleeps).toEqual([]);
      expect(seen).toHaveLength(1);
    },
  );

  test('a write answered 503 announcing a day, after the service made it: resolved within in_doubt_max_wait, made once', async () => {
    let posts = 0;
    fault = async (req, res, forward) => {
      const r = await forward();
      if (req.method === 'POST' && ++posts === 1)
        return void res.writeHead(503, { 'retry-after': '86400' }).end();
      res.writeHead(r.status, r.headers).end(r.body);
    };
    const { c, sleeps } = client({ inDoubtMaxWaitMs: 10 * 60_000 });
    const created = await c.createMonitor({ name: 'back in a day', url: 'https://day.example.com/' });
    expect(created.replayed).toBe(true);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10 * 60_000);
    expect(new Set(seen.filter((x) => x.method === 'POST').map((x) => x.key)).size).toBe(1);
    expect(await monitorsNamed('back in a day')).toHaveLength(1);
  });

  test('a wait past 32-bit timers is not turned into an immediate retry (real clock)', async () => {
    fault = (_req, res) => void res.writeHead(503, { 'retry-after': '3000000' }).end(); // 34.7 days
    const { c } = client({}, true);
    const e = await failure(c.getUsage());
    expect(e.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  test('a 503 announcing a short wait is honoured instead of the backoff', async () => {
    fault = (_req, res, forward) => {
      if (seen.length === 1) return void res.writeHead(503, { 'retry-after': '3' }).end();
      void forward().then((r) => res.writeHead(r.status, r.headers).end(r.body));
    };
    const { c, sleeps } = client();
    await c.getUsage();
    expect(sleeps).toEqual([3000]);
  });

  test('a 429 storm ends at the run’s bound on waiting, with the error that says so', async () => {
    fault = (_req, res) =>
      void res
        .writeHead(429, {
          'retry-after': '5',
          'content-type': 'application/json',
        })
        .end(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }));
    const { c, sleeps } = client({ maxRateLimitWaitMs: 60_000 });
    const e = await failure(c.getUsage());
    expect(e).toBeInstanceOf(RateLimitWaitError);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect(seen.length).toBeGreaterThan(1);
  });
});

describe('bounds', () => {
  test('a chunked answer without a length, never ending, is refused at the limit and not read on', async () => {
    let answer: { closed: () => boolean } | undefined;
    fault = (_req, res) => {
      answer = endlessAnswer(res);
    };
    const c = new UptimeClient({ baseUrl: proxyUrl, token: svc.tokens.full!, maxResponseBytes: 512 * 1024 });
    const e = await failure(c.getUsage());
    expect(e.message).toMatch(/more than 524288 bytes/);
    expect(seen).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(answer!.closed()).toBe(true);
  });

  test('a server that trickles its answer cannot hold a read past its attempts’ deadlines', async () => {
    fault = (_req, res) => {
      tricklingAnswer(res);
    };
    const { c } = client({ maxAttempts: 2 });
    const started = Date.now();
    const e = await failure(c.getUsage());
    expect(e.name).toMatch(/Timeout/);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('a redirect is not followed: the other origin never sees the token', async () => {
    const stolen: (string | undefined)[] = [];
    const other = createServer((req, res) => {
      stolen.push(req.headers.authorization);
      res.end('{}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      fault = (req, res) => void res.writeHead(307, { location: `${otherUrl}${req.url}` }).end();
      const { c } = client();
      const e = await failure(c.getUsage());
      expect(e.status).toBe(307);
      expect(e.message).not.toContain(svc.tokens.full!);
      const w = await failure(c.createMonitor({ name: 'redirected', url: 'https://r.example.com/' }));
      expect(w.status).toBe(307);
      expect(stolen).toEqual([]);
      expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    } finally {
      other.closeAllConnections();
      await new Promise((r) => other.close(r));
    }
  });
});
