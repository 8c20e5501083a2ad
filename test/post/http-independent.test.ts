// Independent checks of the code hosts' HTTP layer (src/post/http.ts) against a hostile local server, written from
// the hosts' documents and RFC 9110:
// - GitHub ("Rate limits for the REST API"): a primary limit answers 403 or 429 with x-ratelimit-remaining 0 (wait
//   for x-ratelimit-reset); a secondary limit answers 403 or 429 "and an error message that indicates that you
//   exceeded a secondary rate limit": wait for retry-after when present, else at least one minute. A 403 that is none
//   of these is a permission error: no retry.
// - GitLab: 429 with Retry-After and RateLimit-Reset.
// - RFC 9110 §9.2.2: a POST is not idempotent; one that may have been processed (a 5xx, a connection lost after
//   sending, an answer cut off) is never sent again by this layer, and the caller is told its outcome is unknown.
// - Bounds: an attempt has a deadline (a server that trickles its answer cannot hold the call), an answer a size
//   limit (a chunked answer without a length included), and no redirect is followed (the token stays on the host).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpJson, PostError } from '../../src/post/http.js';
import { endlessAnswer, tricklingAnswer } from '../helpers/hostile-answers.js';

const TOKEN = 'ghs_SENTINEL_independent_0123456789';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server on 127.0.0.1 answering with `handler` (n: the request's number, from 1); records what it was sent. */
async function host(handler: Handler) {
  const seen: { method: string; url: string; auth: string | undefined }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    req.resume();
    handler(req, res, seen.length);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function client(baseUrl: string, extra: Partial<ConstructorParameters<typeof HttpJson>[0]> = {}) {
  const sleeps: number[] = [];
  const http = new HttpJson({
    baseUrl,
    hostName: 'GitHub',
    auth: ['authorization', `Bearer ${TOKEN}`],
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  });
  return { http, sleeps };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

async function failure(p: Promise<unknown>): Promise<PostError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PostError);
  return e as PostError;
}

describe("GitHub's rate limits", () => {
  test('a secondary limit answered 403 with retry-after: the POST waits as announced and is made once', async () => {
    const h = await host((_q, res, n) =>
      n === 1
        ? json(
            res,
            403,
            {
              message:
                'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
            },
            { 'retry-after': '7', 'x-ratelimit-remaining': '4990' },
          )
        : json(res, 201, { id: 1 }),
    );
    const { http, sleeps } = client(h.url);
    const r = await http.request('POST', '/repos/o/r/issues/1/comments', { body: 'x' });
    expect(r.status).toBe(201);
    expect(sleeps).toEqual([7000]);
    expect(h.seen).toHaveLength(2);
  });

  test('a secondary limit answered 403 without retry-after: at least a minute, not the primary window’s reset', async () => {
    // GitHub sends its primary window's headers on every answer: here an hour to its reset, allowance left.
    const primary = {
      'x-ratelimit-remaining': '4990',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    };
    const h = await host((_q, res, n) =>
      n === 1
        ? json(
            res,
            403,
            {
              message:
                'You have exceeded a secondary rate limit and have been temporarily blocked from content creation.',
              documentation_url:
                'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
            },
            primary,
          )
        : json(res, 201, { id: 1 }),
    );
    const { http, sleeps } = client(h.url);
    expect((await http.request('POST', '/repos/o/r/issues/1/comments', { body: 'x' })).status).toBe(201);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(60_000);
    expect(sleeps[0]).toBeLessThanOrEqual(300_000);
  });

  test('a primary limit (403, x-ratelimit-remaining 0): wait for x-ratelimit-reset', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 120;
    const h = await host((_q, res, n) =>
      n === 1
        ? json(
            res,
            403,
            { message: 'API rate limit exceeded for installation ID 1.' },
            { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
          )
        : json(res, 200, []),
    );
    const { http, sleeps } = client(h.url);
    expect((await http.request('GET', '/repos/o/r/issues/1/comments')).status).toBe(200);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(100_000);
    expect(sleeps[0]).toBeLessThanOrEqual(121_000);
  });

  test('a 403 that is no rate limit (a permission) fails at once, made once', async () => {
    const h = await host((_q, res) =>
      json(
        res,
        403,
        { message: 'Resource not accessible by integration' },
        { 'x-ratelimit-remaining': '4999' },
      ),
    );
    const { http, sleeps } = client(h.url);
    const e = await failure(http.request('POST', '/repos/o/r/issues/1/comments', { body: 'x' }));
    expect(e.status).toBe(403);
    expect(e.message).toContain('Resource not accessible by integration');
    expect(e.outcomeUnknown).toBe(false);
    expect(sleeps).toEqual([]);
    expect(h.seen).toHaveLength(1);
  });
});

describe('announced waits', () => {
  test("GitLab's 429 with RateLimit-Reset and no Retry-After: wait for the reset", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 30;
    const h = await host((_q, res, n) =>
      n === 1
        ? json(res, 429, { message: '429 Too Many Requests' }, { 'ratelimit-reset': String(reset) })
        : json(res, 200, { ok: true }),
    );
    const { http, sleeps } = client(h.url, { hostName: 'GitLab', auth: ['private-token', TOKEN] });
    expect((await http.request('GET', '/projects/1/merge_requests/2/notes')).status).toBe(200);
    expect(sleeps[0]).toBeGreaterThan(20_000);
    expect(sleeps[0]).toBeLessThanOrEqual(31_000);
  });

  test.each([
    ['a day', '86400'],
    ['far beyond 32-bit timers', '99999999999'],
    ['an HTTP-date years ahead', 'Fri, 01 Jan 2100 00:00:00 GMT'],
  ])('a 429 announcing %s is not waited for: the call fails at once, saying so', async (_what, value) => {
    const h = await host((_q, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': value }));
    const { http, sleeps } = client(h.url);
    const e = await failure(http.request('GET', '/x'));
    expect(e.status).toBe(429);
    expect(sleeps).toEqual([]);
    expect(h.seen).toHaveLength(1);
  });

  test.each([['-5'], ['soon'], ['Mon 1'], ['3, 9']])(
    'a 429 with Retry-After %j announces nothing: GitHub’s minute',
    async (value) => {
      const h = await host((_q, res, n) =>
        n === 1 ? json(res, 429, {}, { 'retry-after': value }) : json(res, 200, {}),
      );
      const { http, sleeps } = client(h.url);
      await http.request('GET', '/x');
      expect(sleeps).toEqual([60_000]);
    },
  );

  test('a storm of 429s ends after the attempts, each wait as announced', async () => {
    const h = await host((_q, res) => json(res, 429, {}, { 'retry-after': '2' }));
    const { http, sleeps } = client(h.url, { attempts: 4 });
    expect((await failure(http.request('POST', '/x', { a: 1 }))).status).toBe(429);
    expect(sleeps).toEqual([2000, 2000, 2000]);
    expect(h.seen).toHaveLength(4);
  });
});

describe('a POST that may have been processed is never sent again', () => {
  test.each([500, 502, 503, 504])('answered %i', async (status) => {
    const h = await host((_q, res) => json(res, status, { message: 'boom' }, { 'retry-after': '1' }));
    const { http } = client(h.url);
    const e = await failure(http.request('POST', '/repos/o/r/issues/1/comments', { body: 'x' }));
    expect(e).toMatchObject({ status, outcomeUnknown: true });
    expect(h.seen).toHaveLength(1);
  });

  test('the connection dropped in the middle of the answer', async () => {
    const h = await host((_q, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { http } = client(h.url);
    const e = await failure(http.request('POST', '/repos/o/r/issues/1/comments', { body: 'x' }));
    expect(e.outcomeUnknown).toBe(true);
    expect(h.seen).toHaveLength(1);
  });

  test('the same cut-off answer to a GET is asked again; to a PATCH (a whole value) too', async () => {
    for (const method of ['GET', 'PATCH']) {
      const h = await host((_q, res, n) => {
        if (n > 1) return json(res, 200, { ok: true });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 20);
      });
      const { http } = client(h.url);
      expect((await http.request(method, '/x', method === 'PATCH' ? { body: 'y' } : undefined)).body).toEqual(
        {
          ok: true,
        },
      );
      expect(h.seen).toHaveLength(2);
    }
  });
});

describe('bounds', () => {
  test('a chunked answer without a length, never ending, is refused at the limit and not read on', async () => {
    let answer: { closed: () => boolean } | undefined;
    const h = await host((_q, res) => {
      answer = endlessAnswer(res);
    });
    const { http } = client(h.url, { maxAnswerBytes: 256 * 1024 });
    const e = await failure(http.request('GET', '/x'));
    expect(e.message).toContain(`more than ${256 * 1024} bytes`);
    await new Promise((r) => setTimeout(r, 200));
    expect(answer!.closed()).toBe(true);
  });

  test('a server that trickles its answer cannot hold a call past its deadlines', async () => {
    const h = await host((_q, res) => {
      tricklingAnswer(res);
    });
    const { http } = client(h.url, { timeoutMs: 800, attempts: 2 });
    const started = Date.now();
    const e = await failure(http.request('POST', '/x', { a: 1 }));
    expect(e.outcomeUnknown).toBe(true);
    expect(h.seen).toHaveLength(1); // a POST is not repeated
    const g = await failure(http.request('GET', '/x'));
    expect(g.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  test('no redirect is followed: the other origin gets nothing, and the POST is not sent again', async () => {
    const other = await host((_q, res) => json(res, 200, {}));
    const h = await host((_q, res) => res.writeHead(307, { location: `${other.url}/steal` }).end());
    const { http } = client(h.url);
    const e = await failure(http.request('POST', '/x', { a: 1 }));
    expect(e.message).not.toContain(TOKEN);
    expect(other.seen).toEqual([]);
    expect(h.seen).toHaveLength(1);
  });

  test('a redirect loop on a GET ends without following it', async () => {
    const h = await host((req, res) => res.writeHead(302, { location: req.url! }).end());
    const { http } = client(h.url);
    await failure(http.request('GET', '/loop'));
    expect(h.seen.every((s) => s.url === '/loop')).toBe(true);
  });

  test('what the host echoes of the token never reaches a message', async () => {
    const h = await host((req, res) =>
      json(res, 401, { message: `Bad credentials: ${req.headers.authorization}` }),
    );
    const { http } = client(h.url);
    const e = await failure(http.request('GET', '/user'));
    expect(e.message).toContain('Bad credentials');
    expect(e.message).not.toContain(TOKEN);
  });
});
