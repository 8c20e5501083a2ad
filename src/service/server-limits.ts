// The local service's connection numbers (how they are applied: src/http-server/connections.ts). With
// `--host 0.0.0.0` a shared team instance must not be held by slow or many clients.
import { connectionLimits, type ConnectionGuard, type ConnectionLimits } from '../http-server/connections.js';

export type ServerLimits = ConnectionLimits;

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
  return connectionLimits(DEFAULT_SERVER_LIMITS, o);
}

/** Fastify's server options for the guard: fastify sets the request and keep-alive deadlines on its server itself. */
export function fastifyServerOptions(g: ConnectionGuard) {
  return {
    http: g.serverOptions,
    requestTimeout: g.limits.requestTimeoutMs,
    keepAliveTimeout: g.limits.keepAliveTimeoutMs,
    clientErrorHandler: g.onClientError,
  };
}
