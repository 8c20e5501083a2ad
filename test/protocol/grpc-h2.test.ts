// The plugin's gRPC server on node:http2 (src/protocol/grpc-h2.ts), spoken to over raw HTTP/2 the way a gRPC client
// does: framing, status in trailers, trailers-only errors, streaming with cancellation, and no grpc-js in the process.
import { connect, type ClientHttp2Session } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { Logger } from '../../src/protocol/logging.js';
import { until } from '../helpers/wait.js';

interface Reply {
  headers: Record<string, unknown>;
  trailers: Record<string, unknown>;
  messages: Buffer[];
}

function frame(body: Buffer, flag = 0): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out[0] = flag;
  out.writeUInt32BE(body.length, 1);
  body.copy(out, 5);
  return out;
}

function call(session: ClientHttp2Session, path: string, body: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    const reply: Reply = { headers: {}, trailers: {}, messages: [] };
    const chunks: Buffer[] = [];
    req.on('response', (h) => (reply.headers = h));
    req.on('trailers', (t) => (reply.trailers = t));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      let buf = Buffer.concat(chunks);
      while (buf.length >= 5) {
        const len = buf.readUInt32BE(1);
        reply.messages.push(buf.subarray(5, 5 + len));
        buf = buf.subarray(5 + len);
      }
      resolve(reply);
    });
    req.end(body);
  });
}

describe('gRPC over node:http2', () => {
  let session: ClientHttp2Session;
  let close: () => void;
  let listed: AbortSignal | undefined;
  let encode: (path: string, v: object) => Buffer;
  let decode: (path: string, b: Buffer) => any;

  beforeAll(async () => {
    jest.resetModules();
    // The plugin no longer carries grpc-js: loading it would fail here.
    jest.doMock('@grpc/grpc-js', () => {
      throw new Error('grpc-js loaded by the plugin server');
    });
    const { startPluginServer } = await import('../../src/protocol/server.js');
    const { loadServices } = await import('../../src/protocol/proto/load.js');
    const services = loadServices();
    const byPath = new Map(
      [services.provider, services.health, services.controller]
        .flatMap((s) => Object.values(s))
        .map((m) => [m.path, m]),
    );
    encode = (p, v) => byPath.get(p)!.requestSerialize(v);
    decode = (p, b) => byPath.get(p)!.responseDeserialize(b);
    const running = await startPluginServer({
      logger: new Logger('off', 'test'),
      onShutdown: () => {},
      handlers: {
        GetMetadata: async () => ({ server_capabilities: { plan_destroy: true } }),
        ListResource: async (_req, sink) => {
          listed = sink.signal;
          await sink.write({ display_name: 'one' });
          await new Promise((r) => sink.signal.addEventListener('abort', r));
        },
      },
    });
    close = running.close;
    session = connect('http://localhost', { createConnection: () => netConnect(running.address) });
  });
  afterAll(() => {
    session?.close();
    close?.();
    jest.dontMock('@grpc/grpc-js');
  });

  it('answers a unary call with one framed message and grpc-status 0 in the trailers', async () => {
    const path = '/tfplugin6.Provider/GetMetadata';
    const r = await call(session, path, frame(encode(path, {})));
    expect(r.headers[':status']).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^application\/grpc/);
    expect(r.trailers['grpc-status']).toBe('0');
    expect(r.messages).toHaveLength(1);
    expect(decode(path, r.messages[0]!).server_capabilities.plan_destroy).toBe(true);
  });

  it('answers an RPC the provider does not serve, or an unknown path, with trailers-only UNIMPLEMENTED', async () => {
    const path = '/tfplugin6.Provider/GetFunctions';
    for (const p of [path, '/nope.Service/Method']) {
      const r = await call(session, p, frame(Buffer.alloc(0)));
      expect(r.headers['grpc-status']).toBe('12');
      expect(r.messages).toHaveLength(0);
    }
  });

  it('refuses a compressed message (no encoding was negotiated) and a malformed body, without crashing', async () => {
    const path = '/tfplugin6.Provider/GetMetadata';
    const compressed = await call(session, path, frame(Buffer.from([1, 2, 3]), 1));
    expect(compressed.headers['grpc-status']).toBe('12');
    const truncated = await call(session, path, Buffer.from([0, 0, 0, 0, 9, 1]));
    expect(truncated.headers['grpc-status']).toBe('13');
    const health = '/grpc.health.v1.Health/Check';
    const ok = await call(session, health, frame(encode(health, { service: 'plugin' })));
    expect(decode(health, ok.messages[0]!).status).toBe('SERVING');
  });

  it('streams events and aborts the handler when the client cancels', async () => {
    const path = '/tfplugin6.Provider/ListResource';
    const req = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc' });
    const first = new Promise<Buffer>((resolve) => req.once('data', resolve));
    req.end(frame(encode(path, { type_name: 'x' })));
    const data = await first;
    expect(decode(path, data.subarray(5)).display_name).toBe('one');
    expect(listed?.aborted).toBe(false);
    req.close();
    // the cancellation reaches the handler when the server reads the stream's reset: wait for it, not a fixed time
    await until(() => listed?.aborted, "the handler's signal to abort");
    expect(listed?.aborted).toBe(true);
  });
});
