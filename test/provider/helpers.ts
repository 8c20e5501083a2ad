// Shared setup of the provider's end-to-end tests: the local service in-process, the real provider bundle in
// a Terraform workspace, and raw HTTP access to the service (API and admin) for out-of-band changes.
import { createService, type RunningService, type ServiceOptions } from '../../src/service/index.js';
import type { Seed } from '../../src/service/seed.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import { requiredProviders, TerraformWorkspace } from '../helpers/terraform.js';

export const EMAIL_DEST = `dest_email_${'a'.repeat(24)}`;
export const EMAIL_DEST_2 = `dest_email_${'c'.repeat(24)}`;
export const SMS_DEST = `dest_sms_${'b'.repeat(24)}`;

export function testSeed(overrides: { monitorCapacity?: number; perMinuteLimit?: number } = {}): Seed {
  return {
    adminKey: 'test-admin-key-0123456789',
    tenants: [
      {
        id: 'acme',
        name: 'Acme',
        plan: {
          preset: 'pro',
          monitorCapacity: overrides.monitorCapacity ?? 200,
          perMinuteLimit: overrides.perMinuteLimit ?? 100_000,
          monthlyLimit: null,
        },
        destinations: [
          { id: EMAIL_DEST, channel: 'email', value: 'ops@example.com', label: 'Ops', isDefault: true },
          { id: EMAIL_DEST_2, channel: 'email', value: 'dev@example.com', label: 'Dev' },
          { id: SMS_DEST, channel: 'sms', value: '+15555550123', label: 'On-call' },
        ],
        monitors: [
          {
            ref: 'example',
            body: { name: 'Example status', url: 'https://status.example.org/healthz', intervalSeconds: 60 },
            statusPage: { slug: 'example-status' },
          },
        ],
        tokens: [{ name: 'full' }, { name: 'readonly', scopes: ['monitors:read'] }],
      },
    ],
  } as unknown as Seed;
}

export interface Res {
  status: number;
  etag: string | null;
  json: any;
}

/** Raw calls to the service (out-of-band changes and assertions on its state). */
export class ServiceApi {
  constructor(
    readonly svc: RunningService,
    readonly token: string,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res> {
    const h: Record<string, string> = { authorization: `Bearer ${this.token}`, ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (method !== 'GET')
      h['idempotency-key'] ??= `test-${Math.random().toString(16).slice(2)}-${Date.now()}`;
    const r = await fetch(`${this.svc.baseUrl}${path}`, {
      method,
      headers: h,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    return {
      status: r.status,
      etag: r.headers.get('etag')?.replace(/^W\//, '').replace(/"/g, '') ?? null,
      json: text ? JSON.parse(text) : undefined,
    };
  }

  /** The `data` of a call that must succeed. */
  async data(method: string, path: string, body?: unknown): Promise<any> {
    const r = await this.call(method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data;
  }

  async monitor(id: string): Promise<any> {
    const r = await this.call('GET', `/monitors/${id}`);
    if (r.status !== 200) throw new Error(`GET monitor ${id}: ${r.status}`);
    return r.json.data;
  }

  async patchMonitor(id: string, body: unknown): Promise<Res> {
    const cur = await this.call('GET', `/monitors/${id}`);
    return this.call('PATCH', `/monitors/${id}`, body, { 'if-match': `"${cur.etag}"` });
  }

  async listMonitors(): Promise<any[]> {
    const out: any[] = [];
    let cursor: string | null = null;
    do {
      const r: Res = await this.call(
        'GET',
        `/monitors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      out.push(...r.json.data);
      cursor = r.json.pagination.nextCursor;
    } while (cursor);
    return out;
  }

  async admin(method: string, path: string, body?: unknown): Promise<Res> {
    const r = await fetch(`${this.svc.adminUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.svc.adminKey}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    return { status: r.status, etag: null, json: text ? JSON.parse(text) : undefined };
  }
}

export interface E2E {
  svc: RunningService;
  ws: TerraformWorkspace;
  api: ServiceApi;
  dispose(): Promise<void>;
}

export async function startE2E(
  seed: Seed = testSeed(),
  token = 'full',
  env: NodeJS.ProcessEnv = {},
  service: Omit<ServiceOptions, 'seed' | 'port'> = {},
): Promise<E2E> {
  // Engine off: these suites assert the API's own answers (status pending, no incidents), not check results.
  const svc = await createService({ port: 0, seed, logErrors: false, engine: false, ...service });
  const bundle = await buildProvider(REAL_PROVIDER_ENTRY);
  const ws = TerraformWorkspace.create({
    providerBundle: bundle,
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens[token], ...env },
  });
  ws.write({ 'versions.tf': requiredProviders() });
  await ws.init();
  return {
    svc,
    ws,
    api: new ServiceApi(svc, svc.tokens[token]!),
    dispose: async () => {
      ws.dispose();
      await svc.close();
    },
  };
}
