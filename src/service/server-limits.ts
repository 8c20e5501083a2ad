// How long the local service waits for a client, and how many it serves at once. Node's and fastify's defaults
// leave a request without a deadline (fastify turns requestTimeout off) and connections unbounded: a client
// sending one header line every few seconds holds its connection forever, and hundreds together exhaust the
// process's file descriptors. With `--host 0.0.0.0` that is a denial of service for a shared team instance.

export interface ServerLimits {
  /** Time to receive a request's headers, from its first byte (or from the connection, for the first request). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body (not the time to answer it). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed on arrival. */
  maxConnections: number;
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
 */
export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
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
