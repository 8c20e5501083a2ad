import { MockAgent } from 'undici';
import { RateLimiter, UptimeClient, type ClientOptions, type LogEvent } from '../../src/client/index.js';
import { WaitBoundExceeded, type LimiterUsage } from '../../src/client/limiter.js';
import { RateLimitWaitError } from '../../src/client/rate-limit-error.js';
import { DECIDED } from '../../src/api/index.js';

export const ORIGIN = 'https://api.uptime.test';
export const BASE = `${ORIGIN}/v1`;
export const TOKEN = 'upt_SENTINEL_TOKEN_0123456789abcdef0123456789abcdef';

export interface Harness {
  agent: MockAgent;
  pool: ReturnType<MockAgent['get']>;
  client: UptimeClient;
  sleeps: number[];
  logs: LogEvent[];
  requests: { method: string; path: string; headers: Record<string, string>; body: string | null }[];
}

/** A client on a MockAgent with recorded sleeps (no real waiting; the clock jumps) and a private limiter (no jitter). */
export function harness(overrides: Partial<ClientOptions> & { start?: number } = {}): Harness {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const sleeps: number[] = [];
  const logs: LogEvent[] = [];
  const { start, ...options } = overrides;
  let now = start ?? 1_700_000_000_000;
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  const client = new UptimeClient({
    baseUrl: BASE,
    token: TOKEN,
    dispatcher: agent,
    clock,
    limiter: new RateLimiter({ clock, random: () => 0 }),
    logger: (e) => logs.push(e),
    ...options,
  });
  return { agent, pool, client, sleeps, logs, requests: [] };
}

/** Intercepts one request and records what was sent. */
export function reply(
  h: Harness,
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  h.pool.intercept({ path: (p: string) => p.split('?')[0] === `/v1${path}`, method }).reply((opts) => {
    h.requests.push({
      method: opts.method,
      path: opts.path,
      headers: normalize(opts.headers),
      body: typeof opts.body === 'string' ? opts.body : null,
    });
    return {
      statusCode: status,
      data: typeof body === 'string' ? body : JSON.stringify(body),
      responseOptions: {
        headers: {
          'content-type': 'application/json',
          'x-request-id': `req_${h.requests.length}`,
          ...headers,
        },
      },
    };
  });
}

function normalize(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2)
      out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  } else if (headers && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  }
  return out;
}

export const MONITOR_ID = '0b6f4f2e-9a55-4d43-8d5e-0a1c1d2e3f40';
const expiry = {
  enabled: false,
  warnDays: 14,
  status: 'unknown',
  lastCheckedAt: null,
  expiresAt: null,
  daysRemaining: null,
};
/** A whole monitor record, every field of the model present (as the local service answers). */
export function monitor(overrides: Record<string, unknown> = {}) {
  return {
    id: MONITOR_ID,
    name: 'home',
    url: 'https://example.com',
    type: 'http',
    enabled: true,
    archived: false,
    status: 'pending',
    ...DECIDED.monitorDefaults,
    acceptedStatusCodes: [],
    requestHeaders: [],
    authConfig: { type: 'none' },
    lastCheckAt: null,
    lastStatusAt: null,
    responseTimeMs: null,
    httpStatus: null,
    expiryMonitoring: { ssl: expiry, domain: expiry },
    slowResponse: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    version: 'v1-aaaa',
    ...overrides,
  };
}

/** A limiter's usage: nothing sent, a 60-per-minute allowance, but for `overrides`. */
export function limiterUsage(overrides: Partial<LimiterUsage> = {}): LimiterUsage {
  return {
    requests: 0,
    waitedCalls: 0,
    throttledMs: 0,
    longestWaitMs: 0,
    rateLimited: 0,
    limit: 60,
    windowMs: 60_000,
    othersRequests: 0,
    share: null,
    waiting: 0,
    inFlight: 0,
    ...overrides,
  };
}

/** The error of a `POST /monitors` not sent because waiting would have gone beyond `maxWaitMs` in all. */
export function createNotSent(
  waitedMs: number,
  neededMs: number,
  maxWaitMs: number,
  usage: Partial<LimiterUsage>,
): RateLimitWaitError {
  return new RateLimitWaitError(
    { method: 'POST', pathTemplate: '/monitors', path: '/monitors' },
    new WaitBoundExceeded(waitedMs, neededMs, maxWaitMs, limiterUsage(usage)),
    null,
  );
}
