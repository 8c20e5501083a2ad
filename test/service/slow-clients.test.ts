// Slow clients are dropped, connections are bounded: a client trickling one header line at a time is answered 408
// and closed once the headers deadline passes, while normal requests keep being answered; connections beyond
// maxConnections are closed on arrival. Small configured limits keep it fast; nothing asserts a duration.
import { connect, type Socket } from 'node:net';
import { Harness, http, testSeed } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed(), {
    limits: { headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 300, maxConnections: 8 },
  });
});
afterAll(() => h.close());

const port = () => Number(new URL(h.svc.origin).port);

/** A socket and what it received, resolved when the server closes it. */
function open(): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port(), '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (d) => chunks.push(d));
  socket.on('error', () => {});
  const closed = new Promise<string>((res) =>
    socket.on('close', () => res(Buffer.concat(chunks).toString())),
  );
  return { socket, closed };
}

test('a client sending one header line at a time is dropped with 408; normal requests are answered meanwhile', async () => {
  const slow = open();
  let sent = 0;
  const normal: Promise<number>[] = [];
  slow.socket.write('GET /v1/health HTTP/1.1\r\nHost: slow.test\r\n');
  // One header line every 100 ms (the headers deadline is 400 ms), and a normal request each time.
  const trickle = setInterval(() => {
    if (slow.socket.destroyed) return;
    slow.socket.write(`X-Slow-${sent++}: still here\r\n`);
    normal.push(http('GET', `${h.svc.baseUrl}/health`).then((r) => r.status));
  }, 100);
  const answer = await slow.closed;
  clearInterval(trickle);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toContain('"rule":"timeout"');
  // Dropped while it was still sending: its headers never completed.
  expect(sent).toBeGreaterThan(0);
  // Normal requests were answered while the slow client held its connection, and still are.
  const r = await http('GET', `${h.svc.baseUrl}/health`);
  expect(r.status).toBe(200);
  expect(normal.length).toBeGreaterThan(0);
  expect(new Set(await Promise.all(normal))).toEqual(new Set([200]));
}, 30_000);

test('a connection that never sends a byte is closed; so is one whose body never completes', async () => {
  const silent = open();
  const body = open();
  // An authorized request (the admin key), so the body is awaited rather than refused first.
  body.socket.write(
    `POST /admin/tenants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.svc.adminKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
  );
  expect(await silent.closed).toMatch(/^$|^HTTP\/1\.1 408 /);
  expect(await body.closed).toMatch(/^HTTP\/1\.1 408 /);
  expect((await http('GET', `${h.svc.baseUrl}/health`)).status).toBe(200);
}, 30_000);

test('connections beyond maxConnections are closed on arrival; the service answers again once they go', async () => {
  const held = Array.from({ length: 8 }, () => open());
  await Promise.all(held.map((c) => new Promise((res) => c.socket.once('connect', res))));
  // Every slot is taken: the next connection is closed without an answer.
  const extra = open();
  expect(await extra.closed).toBe('');
  for (const c of held) c.socket.destroy();
  await Promise.all(held.map((c) => c.closed));
  expect((await http('GET', `${h.svc.baseUrl}/health`)).status).toBe(200);
}, 30_000);

test('limits are checked: a bad value names the option and the rule', async () => {
  await expect(Harness.start(testSeed(), { limits: { headersTimeoutMs: 0 } })).rejects.toThrow(
    'headersTimeoutMs must be a whole number of at least 1 (rule: range), got 0',
  );
});
