// How our HTTP servers (the local service, `uptimectl run-task serve`) treat their connections; each passes its own
// numbers. Node leaves a request without a whole-request deadline checked promptly (every 30 s) and connections
// unbounded: a client sending one header line every few seconds holds its connection forever, and hundreds together
// exhaust the process's file descriptors. So:
// - deadlines: the request's headers within `headersTimeoutMs`, the whole request within `requestTimeoutMs`, checked
//   every quarter of the headers timeout (at most every second), so a slow client is dropped within the headers
//   timeout plus that interval; an idle keep-alive connection closes after `keepAliveTimeoutMs`.
// - a bound: at most `maxConnections` open at once; more are closed on arrival.
// - a lingering close for every answer that ends its connection (an early 401/403/413 over a large unread body,
//   408, 400, 431, any `Connection: close`): the answer, then a FIN; what the client still sends is read and
//   discarded (at most `lingerBytes`) and the connection destroyed when the client closes or `lingerMs` later,
//   whatever the client does. A client still sending a large body reads its answer instead of a reset; one that
//   neither reads nor closes is released all the same.
// - requests Node's HTTP parser refuses (malformed, headers over 16 KB, too slow) and CONNECT (a tunnel: these are
//   not proxies) get the server's own raw answer (`refusal`), then a lingering close. Bytes refused after a request
//   the parser took (pipelined) get no answer of their own: that request's answer goes first and whole (RFC 9112
//   §9.3.2: answers in request order), then the connection ends (§9.6).
import {
  createServer,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Time to receive a request's headers, from its first byte (or from the connection, for the first request). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body (not the time to answer it). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed on arrival. */
  maxConnections: number;
  /**
   * Lingering close: how long a connection whose last answer is written stays half-closed (the answer and a FIN
   * sent, the client's bytes read and discarded) before it is destroyed, whatever the client does.
   */
  lingerMs: number;
  /** Bytes read and discarded while lingering; past them reading stops (TCP holds the client) until lingerMs. */
  lingerBytes: number;
}

/** `defaults` with the given overrides, each checked (a RangeError names the option and the allowed values). */
export function connectionLimits(
  defaults: Readonly<ConnectionLimits>,
  overrides: Partial<ConnectionLimits> = {},
): ConnectionLimits {
  const limits = { ...defaults, ...overrides };
  for (const [name, v] of Object.entries(limits))
    if (!Number.isInteger(v) || v < 1)
      throw new RangeError(`${name} must be a whole number of at least 1 (rule: range), got ${String(v)}`);
  if (limits.requestTimeoutMs < limits.headersTimeoutMs)
    throw new RangeError(
      `requestTimeoutMs must be at least headersTimeoutMs (${limits.headersTimeoutMs}) (rule: range), got ${limits.requestTimeoutMs}`,
    );
  return limits;
}

/** Why the parser refused a request, for the server to word its answer: 431, 408 or 400. */
export interface ParserRefusal {
  status: 400 | 408 | 431;
  message: string;
  field: 'headers' | 'request';
  rule: 'max_size' | 'timeout' | 'http';
}

/** The refusal for Node's parser error `code` (undefined: a request this server does not take, e.g. CONNECT). */
export function parserRefusal(code: string | undefined): ParserRefusal {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      message: 'request headers are too large (at most 16 KB in all)',
      field: 'headers',
      rule: 'max_size',
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      message: 'the request was not received in time',
      field: 'request',
      rule: 'timeout',
    };
  return { status: 400, message: 'malformed HTTP request', field: 'request', rule: 'http' };
}

/** A whole HTTP/1.1 answer written straight to a socket, ending the connection. */
export function rawAnswer(
  status: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): string {
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    `Content-Type: ${contentType}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** The server's raw answer to a refused request (a new one each time: it may carry a request id). */
export type Refusal = (r: ParserRefusal) => string;

export interface ConnectionGuard {
  limits: ConnectionLimits;
  /** `http.createServer` options: the deadlines and how often Node checks them. */
  serverOptions: {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
  /** Node's `clientError` listener (fastify: its `clientErrorHandler` option). */
  onClientError(err: Error & { code?: string }, socket: Socket): void;
  /** The bound, the lingering close and the CONNECT refusal, on a server built with `serverOptions`. */
  attach(server: Server): void;
}

export function connectionGuard(l: ConnectionLimits, refusal: Refusal): ConnectionGuard {
  /** Connections whose parser failed while an answer was in flight: they end after that answer. */
  const closingAfter = new WeakSet<Socket>();
  return {
    limits: l,
    serverOptions: {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      keepAliveTimeout: l.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(l.headersTimeoutMs / 4))),
    },
    onClientError(err, socket) {
      if (lingering.has(socket) || closingAfter.has(socket)) return; // already answered; the linger ends it
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      // A request still incomplete is the one the error is about (a body that never ends, a bad chunk); one the
      // parser took whole is answered first (see the header), which a 400 written now would precede or cut short:
      // a client would read it as the answer to its request (a POST that did create its monitor read as refused).
      const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (pending && !pending.writableFinished && pending.req.complete) {
        closingAfter.add(socket);
        if (!pending.headersSent) pending.shouldKeepAlive = false;
        pending.once('finish', () => lingeringClose(socket, l));
        pending.once('close', () => lingeringClose(socket, l));
        return;
      }
      if (pending?.headersSent) {
        socket.destroy();
        return;
      }
      socket.write(refusal(parserRefusal(err.code)));
      lingeringClose(socket, l);
    },
    attach(server) {
      server.maxConnections = l.maxConnections;
      // Node's server ends a connection after its last answer (`Connection: close`) with `socket.destroySoon()`:
      // end, then destroy once the FIN is out, a reset for a client still sending. Pointed at the lingering close.
      server.on('connection', (socket: Socket) => {
        (socket as Socket & { destroySoon(): void }).destroySoon = () => lingeringClose(socket, l);
      });
      // Without a listener Node drops a CONNECT without a word (RFC 9112 §3.2.3: authority-form is for a proxy).
      server.on('connect', (_req: unknown, socket: Socket) => {
        socket.write(refusal(parserRefusal(undefined)));
        lingeringClose(socket, l);
      });
    },
  };
}

/** A node:http server with the whole guard: deadlines, bound, lingering close, raw answers to refused requests. */
export function guardedServer(l: ConnectionLimits, refusal: Refusal, handler: RequestListener): Server {
  const g = connectionGuard(l, refusal);
  const server = createServer(g.serverOptions, handler);
  server.on('clientError', g.onClientError);
  g.attach(server);
  return server;
}

const lingering = new WeakSet<Socket>();

/**
 * Ends a connection whose last answer has been written (or queued): half-closes it (the answer, then a FIN), stops
 * parsing what the client still sends, reads and discards up to `lingerBytes` of it, and destroys the socket when the
 * client closes its side, on an error, or after `lingerMs`, whichever comes first. Idempotent.
 */
export function lingeringClose(socket: Socket, l: Pick<ConnectionLimits, 'lingerMs' | 'lingerBytes'>): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  const release = () => socket.destroy();
  const timer = setTimeout(release, l.lingerMs);
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', release);
  socket.on('error', release);
  // The HTTP parser stops here: what follows the answer is never parsed as a request (nor as a second error).
  socket.removeAllListeners('data');
  let read = 0;
  // Through the HTTP server's wrapper of `on`, this also takes the socket back from the parser that consumed it.
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read >= l.lingerBytes) socket.pause();
  });
  socket.end();
  socket.resume();
}
