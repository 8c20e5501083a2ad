// The run-task endpoint's connections are guarded like the local service's (src/http-server/connections.ts): what
// its HTTP parser refuses and a CONNECT get a JSON refusal of the endpoint's own shape, then the connection ends; an
// early 413 over a body the client is still sending is read whole.
import { connect, type Socket } from 'node:net';
import { startRunTaskServer, type RunTaskServer } from '../../src/run-task/server.js';
import { until } from '../helpers/wait.js';

let server: RunTaskServer;
let port: number;
beforeAll(async () => {
  server = await startRunTaskServer({ hmacKey: 'a-run-task-hmac-key-0123456789' });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

function wire(): { socket: Socket; text(): string; closed(): boolean } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  return { socket, text: () => data, closed: () => closed };
}

test('a malformed request, oversized headers and a CONNECT: one JSON refusal each, then the connection ends', async () => {
  const cases: [string, RegExp][] = [
    ['GARBAGE GARBAGE\r\n\r\n', /^HTTP\/1\.1 400 Bad Request\r\n[^]*\{"error":"malformed HTTP request"\}$/],
    [
      `POST / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
      /^HTTP\/1\.1 431 [^]*\{"error":"request headers are too large \(at most 16 KB in all\)"\}$/,
    ],
    ['CONNECT evil.example:443 HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400 Bad Request\r\n/],
  ];
  for (const [bytes, answer] of cases) {
    const c = wire();
    c.socket.write(bytes);
    await until(() => c.closed(), 'the refused connection to end', { timeoutMs: 10_000 });
    expect(c.text()).toMatch(answer);
    expect(c.text()).toMatch(/\r\nContent-Type: application\/json\r\n/);
    expect(c.text().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  }
}, 30_000);

test('a client still sending an oversized body reads its whole 413', async () => {
  const c = wire();
  c.socket.write(
    'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n',
  );
  for (let i = 0; i < 32 && !c.closed(); i++) c.socket.write(Buffer.alloc(32 * 1024, 'a'));
  await until(() => /\r\n\r\n\{"error":"[^"]*"\}$/.test(c.text()), 'the whole 413', { timeoutMs: 10_000 });
  expect(c.text()).toMatch(/^HTTP\/1\.1 413 /);
  expect(c.text()).toContain('the body is larger than 65536 bytes');
  c.socket.destroy();
}, 30_000);
