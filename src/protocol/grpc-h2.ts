// A small gRPC server on node:http2 (unary and server-streaming calls, identity encoding only): what the plugin
// needs of gRPC, without grpc-js's interceptor, metadata and channelz layers (a third of each round trip).
// Wire format per gRPC's PROTOCOL-HTTP2.md: length-prefixed messages, status in trailers (or trailers-only).
// node:http2 is loaded when a server is created, not with this module: the release executable starts from a V8
// startup snapshot holding this module, and node:http2/node:tls cannot be part of a user-land snapshot.
import type { Http2Server, Http2Session, IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';

/** gRPC status codes used here. */
export const GrpcStatus = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  NOT_FOUND: 5,
  RESOURCE_EXHAUSTED: 8,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
} as const;

/** Thrown (or passed to `fail`) to end a call with a gRPC status other than OK. */
export class GrpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** One server-streaming call as a handler sees it. */
export interface ServerStreamCall {
  /** Queues one message; false when the client should be given time to read ('drain' follows). */
  write(message: object): boolean;
  onDrain(fn: () => void): void;
  /** Ends the call with status OK. */
  end(): void;
  fail(err: GrpcError): void;
  /** Aborted when the client cancels (or the connection goes) before the call ended. */
  readonly cancelled: AbortSignal;
}

interface Codec {
  decode(bytes: Buffer): any;
  encode(message: any): Buffer;
}
export type GrpcMethod =
  | (Codec & { kind: 'unary'; handle(request: any): Promise<object> })
  | (Codec & { kind: 'stream'; handle(request: any, call: ServerStreamCall): void });

export interface GrpcServerOptions {
  /** path (/package.Service/Method) -> method */
  methods: Map<string, GrpcMethod>;
  maxMessageBytes: number;
  /** Mutual TLS (client certificate required and checked against `ca`); plaintext (h2c) when absent. */
  tls?: { key: string; cert: string; ca: string };
}

export interface GrpcServer {
  /** Listens on a unix socket path or a TCP host and port (0: any free port); resolves with the TCP port bound (0
   *  for a path), rejects with the listen error (then `listen` may be called again, e.g. with the next port). */
  listen(at: { path: string } | { host: string; port: number }): Promise<number>;
  /** Stops accepting, lets calls in flight finish, calls `done` (forced after `graceMs`). */
  shutdown(graceMs: number, done: () => void): void;
  /** Drops every connection now. */
  forceClose(): void;
}

const RESPONSE_HEADERS = { ':status': 200, 'content-type': 'application/grpc+proto' };

function frame(body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + body.length);
  out[0] = 0;
  out.writeUInt32BE(body.length, 1);
  body.copy(out, 5);
  return out;
}

/** grpc-message is percent-encoded (PROTOCOL-HTTP2.md). */
const trailers = (code: number, message?: string): Record<string, string> =>
  message
    ? { 'grpc-status': String(code), 'grpc-message': encodeURIComponent(message) }
    : { 'grpc-status': String(code) };

/** The one length-prefixed message of a unary or server-streaming request. */
function singleMessage(body: Buffer, max: number): Buffer {
  if (body.length < 5) throw new GrpcError(GrpcStatus.INTERNAL, 'request without a message');
  if (body[0] !== 0) throw new GrpcError(GrpcStatus.UNIMPLEMENTED, 'compressed messages are not supported');
  const len = body.readUInt32BE(1);
  if (len > max) throw new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, `message larger than ${max} bytes`);
  if (body.length !== 5 + len)
    throw new GrpcError(GrpcStatus.INTERNAL, 'expected exactly one request message');
  return body.subarray(5);
}

function serveStream(opts: GrpcServerOptions, stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
  stream.on('error', () => {}); // a reset by the client: the call is simply gone
  const method = opts.methods.get(String(headers[':path']));
  let headersSent = false;
  let finished = false;
  let trailer: Record<string, string> = trailers(GrpcStatus.OK);
  const cancelled = new AbortController();
  const onCancel = () => {
    if (!finished) cancelled.abort(new Error('call cancelled by the client'));
  };
  stream.once('aborted', onCancel);
  stream.once('close', onCancel);
  const sendHeaders = () => {
    if (headersSent) return;
    headersSent = true;
    stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    stream.once('wantTrailers', () => stream.sendTrailers(trailer));
  };
  const finish = (err?: GrpcError) => {
    if (finished || stream.destroyed || stream.closed) return void (finished = true);
    finished = true;
    if (!headersSent) {
      // Trailers-only response.
      stream.respond(
        { ...RESPONSE_HEADERS, ...trailers(err?.code ?? GrpcStatus.OK, err?.message) },
        { endStream: true },
      );
      return;
    }
    if (err) trailer = trailers(err.code, err.message);
    stream.end();
  };
  const write = (message: object): boolean => {
    if (finished || stream.destroyed) return true;
    sendHeaders();
    return stream.write(frame(method!.encode(message)));
  };
  if (!method) {
    stream.resume();
    return finish(new GrpcError(GrpcStatus.UNIMPLEMENTED, `unknown method ${String(headers[':path'])}`));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= opts.maxMessageBytes + 5) chunks.push(c);
  });
  stream.once('end', () => {
    let request: unknown;
    try {
      request = method.decode(singleMessage(Buffer.concat(chunks, size), opts.maxMessageBytes));
    } catch (err) {
      return finish(
        err instanceof GrpcError ? err : new GrpcError(GrpcStatus.INTERNAL, 'undecodable request'),
      );
    }
    const fail = (err: unknown) =>
      finish(err instanceof GrpcError ? err : new GrpcError(GrpcStatus.UNKNOWN, String(err)));
    if (method.kind === 'unary') {
      method.handle(request).then((res) => {
        if (finished || stream.destroyed) return;
        sendHeaders();
        finished = true;
        stream.end(frame(method.encode(res)));
      }, fail);
      return;
    }
    try {
      method.handle(request, {
        write,
        onDrain: (fn) => stream.once('drain', fn),
        end: () => finish(),
        fail: (err) => finish(err),
        cancelled: cancelled.signal,
      });
    } catch (err) {
      fail(err);
    }
  });
}

export function createGrpcServer(opts: GrpcServerOptions): GrpcServer {
  const { createSecureServer, createServer } = process.getBuiltinModule('node:http2');
  const settings = { maxHeaderListSize: 64 * 1024 };
  const server: Http2Server = opts.tls
    ? createSecureServer({
        key: opts.tls.key,
        cert: opts.tls.cert,
        ca: opts.tls.ca,
        requestCert: true,
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
        settings,
        maxSessionMemory: 1024,
      })
    : createServer({ settings, maxSessionMemory: 1024 });
  const sessions = new Set<Http2Session>();
  server.on('session', (s: Http2Session) => {
    sessions.add(s);
    s.on('error', () => {});
    s.once('close', () => sessions.delete(s));
  });
  server.on('stream', (stream, headers) => serveStream(opts, stream, headers));
  server.on('sessionError', () => {});
  server.on('tlsClientError', () => {});
  const forceClose = () => {
    for (const s of sessions) s.destroy();
    sessions.clear();
    server.close();
  };
  return {
    forceClose,
    listen: (at) =>
      new Promise((resolve, reject) => {
        const failed = (err: Error) => {
          server.off('listening', listening);
          reject(err);
        };
        const listening = () => {
          server.off('error', failed);
          const bound = server.address();
          resolve(typeof bound === 'object' && bound ? bound.port : 0);
        };
        server.once('error', failed);
        server.once('listening', listening);
        server.listen(at);
      }),
    shutdown(graceMs, done) {
      let called = false;
      const once = () => {
        if (called) return;
        called = true;
        clearTimeout(force);
        forceClose();
        done();
      };
      const force = setTimeout(once, graceMs);
      server.close();
      if (sessions.size === 0) return once();
      for (const s of sessions) {
        s.once('close', () => sessions.size === 0 && once());
        s.close();
      }
    },
  };
}
