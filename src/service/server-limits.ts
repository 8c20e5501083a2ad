// How long the local service waits for a client, and how many it serves at once. Node's and fastify's defaults
// leave a request without a deadline (fastify turns requestTimeout off) and connections unbounded: a client
// sending one header line every few seconds holds its connection forever, and hundreds together exhaust the
// process's file descriptors. With `--host 0.0.0.0` that is a denial of service for a shared team instance.
// An answer that ends a connection (401/403/413 over a large unread body, 408, 400, 431) closes it through
// `lingeringClose`: one rule, so the client reads the answer and the connection goes within a bounded time.
import type { Socket } from 'node:net';

export interface ServerLimits {
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

/**
 * The defaults (docs/local-service.md, docs/security.md):
 * - headers 10 s: a client on loopback or a LAN sends its headers in milliseconds; 10 s leaves room for a loaded CI
 *   machine and is a sixth of Node's 60 s.
 * - whole request 30 s: bodies are at most 1 MiB (bodyLimit), so a client slower than ~35 KB/s is dropped.
 * - keep-alive 5 s: Node's default; undici (the provider's client) reuses connections within it, and closes them
 *   before it from the Keep-Alive hint it gets.
 * - 1,024 connections: far above what the provider (one connection pool per process), the benches and many stacks
 *   at once open; below a typical 1,024-descriptor limit with what the process needs besides.
 * - linger 2 s and 4 MiB: Apache httpd's lingering close reads for 2 s (nginx: lingering_timeout 5 s between reads,
 *   lingering_time 30 s in all; Go's net/http waits 500 ms). On loopback or a LAN a client reads a small answer in
 *   milliseconds; 2 s leaves room for a loaded machine, and bounds what a client that never reads nor closes holds:
 *   a connection for at most the headers (or request) timeout plus 2 s. 4 MiB: a client that writes its whole body
 *   before it reads (Python's http.client does) still gets its 413 for a body up to about 4 MiB (bodies over 1 MiB
 *   are refused); past that the client is held by TCP, not read, and costs nothing more.
 */
export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  lingerMs: 2_000,
  lingerBytes: 4 * 1024 * 1024,
};

/** The limits with the given overrides, each checked (a RangeError names the option and the allowed values). */
export function serverLimits(o: Partial<ServerLimits> = {}): ServerLimits {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...o };
  for (const [name, v] of Object.entries(limits))
    if (!Number.isInteger(v) || v < 1)
      throw new RangeError(`${name} must be a whole number of at least 1 (rule: range), got ${String(v)}`);
  if (limits.requestTimeoutMs < limits.headersTimeoutMs)
    throw new RangeError(
      `requestTimeoutMs must be at least headersTimeoutMs (${limits.headersTimeoutMs}) (rule: range), got ${limits.requestTimeoutMs}`,
    );
  return limits;
}

/**
 * Fastify's server options for the limits. Node checks the header and request deadlines every
 * `connectionsCheckingInterval` (30 s by default): a quarter of the headers timeout, at most 1 s, so a slow client
 * is dropped within the headers timeout plus that interval.
 */
export function fastifyServerOptions(l: ServerLimits) {
  return {
    http: {
      headersTimeout: l.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(l.headersTimeoutMs / 4))),
    },
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
  };
}

const lingering = new WeakSet<Socket>();

/** Whether `lingeringClose` has taken the socket (its answer is written; nothing more is parsed from it). */
export function isLingering(socket: Socket): boolean {
  return lingering.has(socket);
}

/**
 * Ends a connection whose last answer has been written (or queued): half-closes it (the answer, then a FIN), stops
 * parsing what the client still sends, reads and discards up to `lingerBytes` of it, and destroys the socket when the
 * client closes its side, on an error, or after `lingerMs`, whichever comes first. A client still sending a large
 * body reads its answer instead of a reset (the RST a close with unread data sends); a client that neither reads nor
 * closes is released all the same. Idempotent. Node's HTTP server closes a connection after its last response with
 * `socket.destroySoon()` (end, then destroy once the FIN is out: a reset for a client still sending); the service
 * points that at this function for each connection (`lingerOnClose`).
 */
export function lingeringClose(socket: Socket, l: Pick<ServerLimits, 'lingerMs' | 'lingerBytes'>): void {
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

/** Makes Node's HTTP server close each connection after its last response (`Connection: close`) by lingering. */
export function lingerOnClose(socket: Socket, l: Pick<ServerLimits, 'lingerMs' | 'lingerBytes'>): void {
  (socket as Socket & { destroySoon(): void }).destroySoon = () => lingeringClose(socket, l);
}
