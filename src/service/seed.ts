import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  ALERT_CHANNELS,
  destinationIdFormat,
  MonitorCreate,
  SCOPES,
  Scope,
  secretProblem,
  StatusPageUpdate,
} from '../api/index.js';
import type { Ctx, ServiceContext } from './context.js';
import { hex, newTokenValue, TOKEN_FORMAT } from './ids.js';
import { createMonitor } from './routes/monitors.js';
import { applyStatusPageUpdate } from './routes/status-pages.js';
import type { DestinationRecord, PlanConfig, TenantRecord, TokenRecord } from './store.js';
import { newDestinationId } from './store.js';
import { setUpStatusPage, StatusPageSetupInput } from './admin/status-pages.js';

// The seed format (docs/local-service.md). Monitor bodies are the API's MonitorCreate, so every
// limit of the model applies to seeded monitors too.

export const PLAN_PRESETS: Record<'pro' | 'free', PlanConfig> = {
  pro: {
    name: 'pro',
    pro: true,
    monitorCapacity: 50,
    minIntervalSeconds: 60,
    perMinuteLimit: 120,
    monthlyLimit: 100_000,
    smsAlerts: true,
  },
  free: {
    name: 'free',
    pro: false,
    monitorCapacity: 5,
    minIntervalSeconds: 300,
    perMinuteLimit: 60,
    monthlyLimit: 10_000,
    smsAlerts: false,
  },
};

export const PlanInput = z
  .object({
    preset: z.enum(['pro', 'free']).optional(),
    name: z.string().min(1),
    pro: z.boolean(),
    monitorCapacity: z.number().int().min(0),
    minIntervalSeconds: z.number().int().min(1),
    perMinuteLimit: z.number().int().min(1),
    monthlyLimit: z.number().int().min(1).nullable(),
    smsAlerts: z.boolean(),
  })
  .partial()
  .strict();

export function resolvePlan(input: z.output<typeof PlanInput> | undefined, base?: PlanConfig): PlanConfig {
  const { preset, ...rest } = input ?? {};
  const from = preset ? PLAN_PRESETS[preset] : (base ?? PLAN_PRESETS.pro);
  return { ...from, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
}

export const TokenInput = z
  .object({
    name: z.string().min(1),
    /** Fixed value (upt_ + 40 hex) for reproducible scripts; random when omitted. */
    value: z.string().regex(TOKEN_FORMAT, 'must be upt_ followed by 40 lowercase hex characters').optional(),
    scopes: z.union([z.literal('all'), z.array(Scope)]).default('all'),
    /** "all" (unrestricted) or monitor ids / seed refs. */
    monitors: z.union([z.literal('all'), z.array(z.string())]).default('all'),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    perMinuteLimit: z.number().int().min(1).nullable().default(null),
  })
  .strict();

export const DestinationInput = z
  .object({
    id: z.string().optional(),
    channel: z.enum(ALERT_CHANNELS),
    value: z.string().min(1),
    label: z.string().nullable().optional(),
    isDefault: z.boolean().optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    const format = destinationIdFormat(d.channel);
    if (d.id !== undefined && !format.pattern.test(d.id))
      ctx.addIssue({ code: 'custom', path: ['id'], message: format.message });
  });

/** A verified destination from its input (admin API and seed files). */
export function destinationRecord(tenantId: string, d: z.output<typeof DestinationInput>): DestinationRecord {
  return {
    id: d.id ?? newDestinationId(d.channel),
    tenantId,
    channel: d.channel,
    value: d.value,
    label: d.label ?? null,
    isDefault: d.isDefault ?? false,
  };
}

const SeedMonitor = z
  .object({
    ref: z.string().optional(),
    body: z.unknown(),
    /** Status page already set up in the dashboard. */
    statusPage: StatusPageSetupInput.optional(),
  })
  .strict();

/** A tenant as the dashboard creates it (admin API and seed files). */
export const TenantInput = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]{1,64}$/),
    name: z.string().optional(),
    plan: PlanInput.optional(),
    accountState: z.enum(['active', 'suspended']).default('active'),
  })
  .strict();

const SeedTenant = TenantInput.extend({
  destinations: z.array(DestinationInput).default([]),
  monitors: z.array(SeedMonitor).default([]),
  tokens: z.array(TokenInput).default([]),
}).strict();

export const Seed = z
  .object({
    adminKey: z
      .string()
      .superRefine((v, ctx) => {
        const problem = secretProblem('adminKey', v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^adminKey /, '') });
      })
      .optional(),
    tenants: z.array(SeedTenant),
  })
  .strict();
export type Seed = z.input<typeof Seed>;

/** One Pro tenant, a full-scope and a restricted token, verified email and SMS, one monitor with a set-up page. */
export const DEFAULT_SEED: Seed = {
  tenants: [
    {
      id: 'acme',
      name: 'Acme Inc.',
      plan: { preset: 'pro' },
      destinations: [
        { channel: 'email', value: 'ops@example.com', label: 'Ops team', isDefault: true },
        { channel: 'sms', value: '+15555550123', label: 'On-call phone', isDefault: true },
      ],
      monitors: [
        {
          ref: 'example',
          body: { name: 'Example status', url: 'https://status.example.org/healthz', intervalSeconds: 60 },
          statusPage: { slug: 'example-status', verificationStatus: 'verified' },
        },
      ],
      tokens: [
        { name: 'full', scopes: 'all', monitors: 'all' },
        {
          name: 'restricted',
          scopes: [
            'monitors:read',
            'monitors:update',
            'monitors:control',
            'alerts:write',
            'status-pages:write',
          ],
          monitors: ['example'],
        },
      ],
    },
  ],
};

export function readSeedFile(path: string): Seed {
  return JSON.parse(readFileSync(path, 'utf8')) as Seed;
}

export class SeedError extends Error {}

/** Loads a seed into an empty store; returns the token values by name (tenant-qualified when ambiguous). */
export function applySeed(svc: ServiceContext, input: unknown): { adminKey?: string } {
  const r = Seed.safeParse(input);
  if (!r.success) {
    throw new SeedError(
      `invalid seed: ${r.error.issues.map((i) => `${i.path.join('.') || 'seed'}: ${i.message}`).join('; ')}`,
    );
  }
  const seed = r.data;
  const { store, clock } = svc;
  const now = clock.iso();
  for (const t of seed.tenants) {
    if (store.tenant(t.id)) throw new SeedError(`duplicate tenant id ${t.id}`);
    const tenant: TenantRecord = {
      id: t.id,
      name: t.name ?? t.id,
      plan: resolvePlan(t.plan),
      accountState: 'active',
      createdAt: now,
    };
    store.putTenant(tenant);
    for (const d of t.destinations) store.putDestination(destinationRecord(t.id, d));
    const refs = new Map<string, string>();
    const seedToken: TokenRecord = {
      id: 'seed',
      tenantId: t.id,
      name: 'seed',
      value: '',
      scopes: [...SCOPES],
      monitorIds: null,
      expiresAt: null,
      perMinuteLimit: null,
      revoked: false,
      createdAt: now,
    };
    for (const [i, sm] of t.monitors.entries()) {
      const body = MonitorCreate.safeParse(sm.body);
      if (!body.success) {
        throw new SeedError(
          `invalid seed monitor ${t.id}.monitors[${i}]: ${body.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`,
        );
      }
      const ctx = {
        svc,
        row: undefined as never,
        auth: { tenant, token: seedToken, selection: null },
        params: {},
        query: {},
        body: sm.body,
        ifMatch: null,
      } satisfies Ctx;
      let id: string;
      try {
        id = (JSON.parse(createMonitor(ctx).json) as { data: { id: string } }).data.id;
      } catch (err) {
        throw new SeedError(`seed monitor ${t.id}.monitors[${i}]: ${(err as Error).message}`);
      }
      if (sm.ref) refs.set(sm.ref, id);
      if (sm.statusPage) {
        const m = store.monitor(id)!;
        setUpStatusPage(svc, m, sm.statusPage);
        if (sm.statusPage.content !== undefined) {
          const content = StatusPageUpdate.safeParse(sm.statusPage.content);
          if (!content.success) throw new SeedError(`invalid status page content for ${t.id}.monitors[${i}]`);
          applyStatusPageUpdate(store, m, content.data);
        }
      }
    }
    for (const tk of t.tokens) {
      const monitorIds =
        tk.monitors === 'all'
          ? null
          : tk.monitors.map((ref) => {
              const id = refs.get(ref) ?? ref;
              if (!store.monitor(id)) throw new SeedError(`token ${tk.name}: unknown monitor ${ref}`);
              return id;
            });
      store.putToken({
        id: `tok_${hex(8)}`,
        tenantId: t.id,
        name: tk.name,
        value: tk.value ?? newTokenValue(),
        scopes: tk.scopes === 'all' ? [...SCOPES] : [...tk.scopes],
        monitorIds,
        expiresAt: tk.expiresAt,
        perMinuteLimit: tk.perMinuteLimit,
        revoked: false,
        createdAt: now,
      });
    }
    tenant.accountState = t.accountState;
  }
  store.persist();
  return seed.adminKey ? { adminKey: seed.adminKey } : {};
}
