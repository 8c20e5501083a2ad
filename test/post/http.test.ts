// The code hosts' HTTP layer (src/post/http.ts) on the outbound HTTP policy, where the request's fate is decided by
// the connection: a POST that never left is sent again (it did nothing); an answer beyond the size limit is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpJson, PostError } from '../../src/post/http.js';

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

function listen(server: Server, port = 0): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  servers.splice(servers.indexOf(s), 1);
  return port;
}

test('a POST whose connection was refused never left: it is sent again once the host is up, and made once', async () => {
  const port = await freePort();
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":7}');
  });
  const notes: string[] = [];
  const http = new HttpJson({
    baseUrl: `http://127.0.0.1:${port}`,
    hostName: 'GitHub',
    auth: ['authorization', 'Bearer ghs_refused_SENTINEL'],
    // The host comes up while the client waits to try again.
    sleep: async () => {
      if (!server.listening) await listen(server, port);
    },
    note: (m) => notes.push(m),
  });
  const r = await http.request<{ id: number }>('POST', '/repos/a/b/issues/1/comments', { body: 'hi' });
  expect(r).toMatchObject({ status: 201, body: { id: 7 } });
  expect(seen).toEqual(['POST /repos/a/b/issues/1/comments']);
  expect(notes).toEqual([
    expect.stringMatching(
      /^GitHub: POST \/repos\/a\/b\/issues\/1\/comments failed \(.*ECONNREFUSED.*\); trying again$/,
    ),
  ]);
});

test('a POST refused at every attempt did nothing: the error says its outcome is known', async () => {
  const port = await freePort();
  const http = new HttpJson({
    baseUrl: `http://127.0.0.1:${port}`,
    hostName: 'GitLab',
    auth: null,
    attempts: 2,
    sleep: async () => {},
  });
  const e = await http.request('POST', '/projects/1/notes', { body: 'x' }).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(PostError);
  expect((e as PostError).outcomeUnknown).toBe(false);
  expect((e as PostError).message).toMatch(/^GitLab: POST \/projects\/1\/notes failed: .*ECONNREFUSED/);
});

test('an answer beyond the size limit is refused, not read whole', async () => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`[${'"x",'.repeat(10_000)}"x"]`);
  });
  const port = await listen(server);
  const http = new HttpJson({
    baseUrl: `http://127.0.0.1:${port}`,
    hostName: 'GitHub',
    auth: null,
    maxAnswerBytes: 1024,
  });
  const e = await http.request('GET', '/repos/a/b/issues').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(PostError);
  expect((e as PostError).message).toBe(
    'GitHub: GET /repos/a/b/issues answered 200 with more than 1024 bytes',
  );
});
