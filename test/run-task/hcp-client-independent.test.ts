// Independent checks of the run task's HCP client (src/run-task/hcp-client.ts) against a hostile stand-in on
// 127.0.0.1, from HCP's run-task docs (../shared/reference/run-tasks.md: the plan endpoint answers 307 to a temporary
// URL; the integration PATCHes the result and retries it itself; nobody else reports the run) and RFC 9110:
// - the callback sets the whole result, so a 5xx or a lost answer is sent again; 501 and other 4xx are the answer;
// - a 429 storm or a Retry-After far away never ends the run early nor holds it for ever: waits are cut to the
//   longest single wait and the attempts are bounded;
// - a plan answer cut off is asked again (a GET); one larger than the limit is refused, not asked again.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HcpClient, HcpError } from '../../src/run-task/hcp-client.js';
import { endlessAnswer } from '../helpers/hostile-answers.js';

const TOKEN = 'abc123.atlasv1.SENTINELsecretSENTINEL';
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function standIn(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void) {
  const seen: { method: string; url: string; auth: string | undefined }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    req.resume();
    handler(req, res, seen.length);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function hcp(origin: string, extra: ConstructorParameters<typeof HcpClient>[0] = {}) {
  const sleeps: number[] = [];
  const client = new HcpClient({
    tfeUrl: origin,
    sleep: async (ms) => void sleeps.push(ms),
    ...extra,
  });
  return { client, sleeps };
}

const CALLBACK = '/api/v2/task-results/5ea8d46c-2ceb-42cd-83f2-82e54697bddd/callback';
const PLAN = '/api/v2/plans/plan-1/json-output';

describe('the result callback', () => {
  test('a 429 storm with a Retry-After of years: every wait cut to the longest, the attempts bounded', async () => {
    const s = await standIn((_q, res) => res.writeHead(429, { 'retry-after': '99999999' }).end());
    const { client, sleeps } = hcp(s.origin, { retry: { attempts: 4, maxWaitMs: 30_000 } });
    await expect(client.sendResult(`${s.origin}${CALLBACK}`, TOKEN, { data: {} })).rejects.toThrow(
      /gave up after 4 attempts/,
    );
    expect(sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(s.seen).toHaveLength(4);
    await client.close();
  });

  test('an asctime Retry-After on a 503 is honoured as UTC', async () => {
    const at = new Date(Date.now() + 20_000);
    const asctime = at
      .toUTCString()
      .replace(
        /^(\w+), (\d+) (\w+) (\d+) (\S+) GMT$/,
        (_m, d, day, mon, y, t) => `${d} ${mon} ${String(Number(day)).padStart(2, ' ')} ${t} ${y}`,
      );
    const s = await standIn((_q, res, n) =>
      n === 1 ? res.writeHead(503, { 'retry-after': asctime }).end() : res.writeHead(200).end(),
    );
    const { client, sleeps } = hcp(s.origin);
    expect(await client.sendResult(`${s.origin}${CALLBACK}`, TOKEN, {})).toBe(200);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(10_000);
    expect(sleeps[0]).toBeLessThanOrEqual(21_000);
    await client.close();
  });

  test.each([500, 502, 503, 504])('answered %i: the same PATCH is sent again', async (status) => {
    const s = await standIn((_q, res, n) => res.writeHead(n === 1 ? status : 200).end());
    const { client } = hcp(s.origin);
    expect(await client.sendResult(`${s.origin}${CALLBACK}`, TOKEN, {})).toBe(200);
    expect(s.seen.map((x) => x.method)).toEqual(['PATCH', 'PATCH']);
    await client.close();
  });

  test('a connection lost after sending: the same PATCH is sent again', async () => {
    const s = await standIn((_q, res, n) => (n === 1 ? res.socket?.destroy() : res.writeHead(200).end()));
    const { client } = hcp(s.origin);
    expect(await client.sendResult(`${s.origin}${CALLBACK}`, TOKEN, {})).toBe(200);
    expect(s.seen).toHaveLength(2);
    await client.close();
  });

  test.each([501, 422, 404])('answered %i: that is the answer, sent once', async (status) => {
    const s = await standIn((_q, res) => res.writeHead(status).end());
    const { client } = hcp(s.origin);
    expect(await client.sendResult(`${s.origin}${CALLBACK}`, TOKEN, {})).toBe(status);
    expect(s.seen).toHaveLength(1);
    await client.close();
  });
});

describe('the plan download', () => {
  test('an answer cut off in the middle is asked again', async () => {
    const s = await standIn((_q, res, n) => {
      if (n > 1) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"ok":');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const { client } = hcp(s.origin);
    expect(await client.fetchPlan(`${s.origin}${PLAN}`, TOKEN)).toBe('{"ok":true}');
    expect(s.seen).toHaveLength(2);
    await client.close();
  });

  test('a chunked plan without a length beyond the limit is refused, not read on and not asked again', async () => {
    let answer: { closed: () => boolean } | undefined;
    const s = await standIn((_q, res) => {
      answer = endlessAnswer(res);
    });
    const { client } = hcp(s.origin, { planBytesLimit: 256 * 1024 });
    const e = await client.fetchPlan(`${s.origin}${PLAN}`, TOKEN).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HcpError);
    expect((e as Error).message).toContain('larger than 262144 bytes');
    expect(s.seen).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(answer!.closed()).toBe(true);
    await client.close();
  });

  test('a redirect to an allowed origin carries no token; the plan comes from there', async () => {
    const archivist = await standIn((_q, res) => res.writeHead(200).end('{"plan":1}'));
    const s = await standIn((_q, res) =>
      res.writeHead(307, { location: `${archivist.origin}/v1/object/opaque` }).end(),
    );
    const { client } = hcp(s.origin, { redirectOrigins: [archivist.origin] });
    expect(await client.fetchPlan(`${s.origin}${PLAN}`, TOKEN)).toBe('{"plan":1}');
    expect(s.seen[0]!.auth).toBe(`Bearer ${TOKEN}`);
    expect(archivist.seen.map((x) => x.auth)).toEqual([undefined]);
    await client.close();
  });
});
