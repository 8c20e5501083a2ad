// Raw HTTP helpers for the local-service tests: header-level rules (If-Match, Idempotency-Key,
// byte-for-byte replays) need to see exactly what goes over the wire.
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { createService, type RunningService, type ServiceOptions } from '../../src/service/index.js';
import type { Seed } from '../../src/service/seed.js';

export interface Res {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as-is (no JSON encoding). */
  raw?: string;
  headers?: Record<string, string>;
  /** Adds a fresh Idempotency-Key unless `headers` has one. */
  ik?: boolean;
  ifMatch?: string;
}

export const newKey = (): string => `key-${randomBytes(8).toString('hex')}`;

export async function http(method: string, url: string, o: CallOptions = {}): Promise<Res> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.ik && !('idempotency-key' in headers)) headers['idempotency-key'] = newKey();
  if (o.ifMatch !== undefined) headers['if-match'] = o.ifMatch;
  let body: string | undefined = o.raw;
  if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
  const r = await request(url, { method: method as 'GET', headers, body });
  const text = await r.body.text();
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) flat[k] = Array.isArray(v) ? v.join(', ') : String(v);
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: r.statusCode, headers: flat, text, json };
}

/** A running service and shorthands bound to it. */
export class Harness {
  constructor(readonly svc: RunningService) {}

  static async start(seed?: Seed, options: Omit<ServiceOptions, 'seed'> = {}): Promise<Harness> {
    return new Harness(
      await createService({ port: 0, logErrors: true, engine: false, ...options, ...(seed ? { seed } : {}) }),
    );
  }

  token(name: string): string {
    const t = this.svc.tokens[name];
    if (!t) throw new Error(`no token ${name}`);
    return t;
  }

  /** A v1 call; `token` is a token name or value (default: "full"). */
  call(method: string, path: string, o: CallOptions & { as?: string } = {}): Promise<Res> {
    const token = o.token === undefined ? this.token(o.as ?? 'full') : o.token;
    return http(method, `${this.svc.baseUrl}${path}`, { ...o, token });
  }

  admin(method: string, path: string, body?: unknown): Promise<Res> {
    return http(method, `${this.svc.adminUrl}${path}`, {
      token: this.svc.adminKey,
      ...(body !== undefined ? { body } : {}),
    });
  }

  async createMonitor(body: Record<string, unknown> = {}, as = 'full'): Promise<any> {
    const r = await this.call('POST', '/monitors', {
      as,
      ik: true,
      body: { url: `https://${randomBytes(4).toString('hex')}.example.com/health`, ...body },
    });
    if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`);
    return r.json.data;
  }

  async advance(seconds: number): Promise<void> {
    const r = await this.admin('POST', '/clock', { advanceSeconds: seconds });
    if (r.status !== 200) throw new Error(r.text);
  }

  close(): Promise<void> {
    return this.svc.close();
  }
}

export const ALL = 'all' as const;

/** A two-tenant seed used by most suites: Pro "acme" and free "beta". */
export function testSeed(overrides: { perMinute?: number; capacity?: number } = {}): Seed {
  return {
    tenants: [
      {
        id: 'acme',
        plan: {
          preset: 'pro',
          perMinuteLimit: overrides.perMinute ?? 10_000,
          monthlyLimit: 1_000_000,
          ...(overrides.capacity !== undefined ? { monitorCapacity: overrides.capacity } : {}),
        },
        destinations: [
          {
            id: 'dest_email_aaaaaaaaaaaaaaaaaaaaaaaa',
            channel: 'email',
            value: 'ops@acme.test',
            isDefault: true,
          },
          { id: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb', channel: 'sms', value: '+15550001111', isDefault: true },
        ],
        monitors: [
          {
            ref: 'seeded',
            body: { name: 'Seeded', url: 'https://seeded.acme.test/' },
            statusPage: { slug: 'acme-seeded' },
          },
          { ref: 'other', body: { name: 'Other', url: 'https://other.acme.test/' } },
        ],
        tokens: [
          { name: 'full' },
          { name: 'reader', scopes: ['monitors:read'] },
          { name: 'none', scopes: [] },
          { name: 'legacy', scopes: ['monitors:read', 'monitors:write'] },
          {
            name: 'restricted',
            scopes: 'all',
            monitors: ['seeded'],
          },
        ],
      },
      {
        id: 'beta',
        plan: { preset: 'free', perMinuteLimit: 10_000 },
        destinations: [{ id: 'dest_email_cccccccccccccccccccccccc', channel: 'email', value: 'b@beta.test' }],
        monitors: [{ ref: 'b1', body: { url: 'https://beta.test/' } }],
        tokens: [{ name: 'beta' }],
      },
    ],
  };
}
