// The connection guard both our servers use (the local service, `uptimectl run-task serve`), on a bare node:http
// server with small numbers: what a client sees on the wire. Nothing asserts a duration beyond "answered or released
// within a generous bound".
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import {
  connectionLimits,
  guardedServer,
  parserRefusal,
  rawAnswer,
  type ConnectionLimits,
} from '../../src/http-server/connections.js';
import { until } from '../helpers/wait.js';

const LIMITS: ConnectionLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  maxConnections: 4,
  lingerMs: 400,
  lingerBytes: 64 * 1024,
};
/** Far above each bound, for a loaded machine. */
const GENEROUS_MS = 10_000;
/** A test's own timeout: above every wait in it. */
const TEST_MS = 3 * GENEROUS_MS;

let server: Server;
let port: number;
beforeAll(async () => {
  server = guardedServer(
    LIMITS,
    (r) => rawAnswer(r.status, JSON.stringify({ refused: r.rule }), 'application/json'),
    (req, res) => {
      if (req.url === '/early') {
        // An early answer that leaves the body unread and ends the connection.
        res.writeHead(413, { connection: 'close', 'content-length': 2 }).end('no');
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-length': 2 }).end('ok'));
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

interface Wire {
  socket: Socket;
  text(): string;
  closed(): boolean;
}
function wire(o: { allowHalfOpen?: boolean; paused?: boolean } = {}): Wire {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: o.allowHalfOpen ?? false });
  let data = '';
  let closed = false;
  if (o.paused) socket.pause();
  socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  return { socket, text: () => data, closed: () => closed };
}
const held = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
const ended = (c: Wire, what: string) => until(() => c.closed(), what, { timeoutMs: GENEROUS_MS });

describe('connectionLimits', () => {
  test('overrides are checked and named; the request deadline is at least the headers deadline', () => {
    expect(connectionLimits(LIMITS, { maxConnections: 9 }).maxConnections).toBe(9);
    expect(() => connectionLimits(LIMITS, { lingerMs: 0 })).toThrow(
      /lingerMs must be a whole number of at least 1/,
    );
    expect(() => connectionLimits(LIMITS, { maxConnections: 1.5 })).toThrow(/maxConnections/);
    expect(() => connectionLimits(LIMITS, { requestTimeoutMs: 100 })).toThrow(
      /requestTimeoutMs must be at least headersTimeoutMs \(300\)/,
    );
  });
});

test('parser refusals: 431 for headers too large, 408 for too slow, 400 otherwise', () => {
  expect(parserRefusal('HPE_HEADER_OVERFLOW')).toMatchObject({
    status: 431,
    field: 'headers',
    rule: 'max_size',
  });
  expect(parserRefusal('ERR_HTTP_REQUEST_TIMEOUT')).toMatchObject({ status: 408, rule: 'timeout' });
  expect(parserRefusal('HPE_INVALID_METHOD')).toMatchObject({ status: 400, rule: 'http' });
  expect(parserRefusal(undefined)).toMatchObject({ status: 400, rule: 'http' });
});

test(
  'a client that never finishes its headers gets the server’s own 408 and loses the connection',
  async () => {
    const c = wire();
    c.socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await ended(c, 'the slow client to be released');
    expect(c.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(c.text()).toContain('\r\nConnection: close\r\n\r\n{"refused":"timeout"}');
  },
  TEST_MS,
);

test(
  'a malformed request and a CONNECT get one raw 400 each, then the connection ends',
  async () => {
    for (const bytes of ['GARBAGE GARBAGE\r\n\r\n', 'CONNECT evil.example:443 HTTP/1.1\r\nHost: x\r\n\r\n']) {
      const c = wire();
      c.socket.write(bytes);
      await ended(c, 'the refused connection to end');
      expect(c.text().match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(c.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*\{"refused":"http"\}$/);
    }
  },
  TEST_MS,
);

test(
  'garbage pipelined after a whole request: that request’s answer comes first and whole, then the end',
  async () => {
    const c = wire();
    c.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiGARBAGE GARBAGE\r\n\r\n');
    await ended(c, 'the connection to end');
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nok/);
    expect(c.text()).not.toContain('HTTP/1.1 400');
  },
  TEST_MS,
);

test(
  'an early answer over a large body still being sent is read whole, not reset',
  async () => {
    const c = wire({ allowHalfOpen: true });
    c.socket.write('POST /early HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n');
    for (let i = 0; i < 16 && !c.closed(); i++) c.socket.write(Buffer.alloc(16 * 1024, 'a'));
    await until(() => c.text().endsWith('no'), 'the whole 413', { timeoutMs: GENEROUS_MS });
    expect(c.text()).toMatch(/^HTTP\/1\.1 413 /);
    c.socket.destroy();
  },
  TEST_MS,
);

test(
  'clients that neither read nor close are released by the linger, and the bound refuses more meanwhile',
  async () => {
    await until(async () => (await held()) === 0, 'earlier connections to go', { timeoutMs: GENEROUS_MS });
    const rude = Array.from({ length: LIMITS.maxConnections }, () => {
      const c = wire({ allowHalfOpen: true, paused: true });
      c.socket.write('POST /early HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n');
      return c;
    });
    try {
      await until(async () => (await held()) === LIMITS.maxConnections, 'the server to hold every client', {
        timeoutMs: GENEROUS_MS,
      });
      const extra = wire();
      extra.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await ended(extra, 'the connection past the bound to be closed');
      expect(extra.text()).toBe('');
      // Answered (never read), then released though they keep their side open: the server serves again.
      await until(async () => (await held()) === 0, 'the linger to release every client', {
        timeoutMs: GENEROUS_MS,
      });
      const after = wire();
      after.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await ended(after, 'the next client to be answered');
      expect(after.text()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    } finally {
      for (const c of rude) c.socket.destroy();
    }
  },
  TEST_MS,
);
