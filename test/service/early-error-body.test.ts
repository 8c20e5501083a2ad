// An early answer (401 before the body is read, 413 over the size limit) that leaves more than 256 KB of request
// body unread closes the connection (`Connection: close`) instead of reading the rest, as Go's net/http does; a
// small unread body is still drained and the connection reused. Raw sockets: the test must see the connection.
import { connect, type Socket } from 'node:net';
import { createService, type RunningService } from '../../src/service/index.js';
import { MAX_UNREAD_BODY } from '../../src/service/http-guards.js';
import { testSeed } from '../provider/helpers.js';

let svc: RunningService;
let port: number;
beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  port = Number(new URL(svc.baseUrl).port);
});
afterAll(() => svc.close());

interface Conn {
  socket: Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves with how the connection ended ('closed'), or 'open' when it is still open after `ms`. */
  ended(ms: number): Promise<'closed' | 'open'>;
  /** Resolves when `n` complete responses (headers + Content-Length body) have arrived. */
  responses(n: number): Promise<string[]>;
}

function open(): Conn {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  let closed = false;
  const waiters: (() => void)[] = [];
  const poke = () => waiters.splice(0).forEach((w) => w());
  socket.on('data', (d) => {
    data += d.toString('latin1');
    poke();
  });
  socket.on('error', () => {}); // EPIPE/ECONNRESET while we still write: the close is what is asserted
  socket.on('close', () => {
    closed = true;
    poke();
  });
  const parse = (): string[] => {
    const out: string[] = [];
    let rest = data;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) return out;
      const length = Number(/content-length: (\d+)/i.exec(rest.slice(0, end))?.[1] ?? 0);
      if (rest.length < end + 4 + length) return out;
      out.push(rest.slice(0, end + 4 + length));
      rest = rest.slice(end + 4 + length);
    }
  };
  return {
    socket,
    text: () => data,
    ended: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(closed ? 'closed' : 'open'), ms);
        const check = () => {
          if (closed) {
            clearTimeout(timer);
            resolve('closed');
          } else waiters.push(check);
        };
        check();
      }),
    responses: (n) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${n} responses in: ${data}`)), 20_000);
        const check = () => {
          const r = parse();
          if (r.length >= n) {
            clearTimeout(timer);
            resolve(r);
          } else if (closed) {
            clearTimeout(timer);
            reject(new Error(`closed after: ${data}`));
          } else waiters.push(check);
        };
        check();
      }),
  };
}

const head = (length: number | 'chunked', auth = '') =>
  `POST /v1/monitors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${auth}` +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
  '\r\n';

test('unauthenticated 10 MB POST: 401 with Connection: close, and the rest of the body is not waited for', async () => {
  const c = open();
  // Only the first 64 KB of the announced 10 MB: a service that drains the body would wait for the rest.
  c.socket.write(head(10 * 1024 * 1024) + 'a'.repeat(64 * 1024));
  const [res] = await c.responses(1);
  expect(res).toMatch(/^HTTP\/1\.1 401 /);
  expect(res).toMatch(/\r\nconnection: close\r\n/i);
  expect(res).toContain('"code":"unauthorized"');
  expect(await c.ended(20_000)).toBe('closed');
});

test('over the size limit with a token: 413 with Connection: close, not a drained body', async () => {
  const c = open();
  c.socket.write(head(5 * 1024 * 1024, `Authorization: Bearer ${svc.tokens.full}\r\n`) + '{"name":"');
  const [res] = await c.responses(1);
  expect(res).toMatch(/^HTTP\/1\.1 413 /);
  expect(res).toMatch(/\r\nconnection: close\r\n/i);
  expect(await c.ended(20_000)).toBe('closed');
});

test('a chunked body of unknown size left unread: Connection: close', async () => {
  const c = open();
  c.socket.write(`${head('chunked')}10000\r\n${'a'.repeat(0x10000)}\r\n`);
  const [res] = await c.responses(1);
  expect(res).toMatch(/^HTTP\/1\.1 401 /);
  expect(res).toMatch(/\r\nconnection: close\r\n/i);
  expect(await c.ended(20_000)).toBe('closed');
});

test(`a small unread body (at most ${MAX_UNREAD_BODY / 1024} KB) is drained: the connection is kept and reused`, async () => {
  const c = open();
  const body = 'a'.repeat(MAX_UNREAD_BODY);
  c.socket.write(head(body.length) + body);
  c.socket.write(`GET /v1/monitors HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${svc.tokens.full}\r\n\r\n`);
  const [first, second] = await c.responses(2);
  expect(first).toMatch(/^HTTP\/1\.1 401 /);
  expect(first).not.toMatch(/\r\nconnection: close\r\n/i);
  expect(second).toMatch(/^HTTP\/1\.1 200 /);
  expect(await c.ended(200)).toBe('open');
  c.socket.destroy();
});

test('an HTTP client sending the whole 10 MB gets the 401 (not a connection error)', async () => {
  const r = await fetch(`${svc.baseUrl}/monitors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: Buffer.alloc(10 * 1024 * 1024, 'a'),
  });
  expect(r.status).toBe(401);
  expect(r.headers.get('connection')).toBe('close');
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
});
