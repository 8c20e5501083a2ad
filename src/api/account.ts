import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { DateTime, NullableDateTime } from './common.js';

/** Scopes named by the spec's Authentication table. */
export const SCOPES = [
  'monitors:read',
  'monitors:create',
  'monitors:update',
  'monitors:control',
  'monitors:write',
  'monitors:archive',
  'checks:read',
  'alerts:write',
  'status-pages:write',
  'exports:create',
  'exports:read',
] as const;
export const Scope = lazySchema(() => z.enum(SCOPES));
export type Scope = z.infer<typeof Scope>;

const Allowance = lazySchema(() =>
  z.object({
    limit: z.number().int(),
    remaining: z.number().int(),
    resetAt: DateTime,
  }),
);

/** GET /usage body (fields not shown in the spec: our decision). */
export const Usage = lazySchema(() =>
  z.object({
    perMinute: Allowance,
    monthly: Allowance.extend({ used: z.number().int() }).nullable(),
    monitors: z.object({ used: z.number().int(), capacity: z.number().int() }),
  }),
);
export type Usage = z.infer<typeof Usage>;

/** GET /capabilities body (fields not shown in the spec: our decision). */
export const Capabilities = lazySchema(() =>
  z.object({
    token: z.object({
      name: z.string(),
      scopes: z.array(z.string()),
      restricted: z.boolean(),
      monitorIds: z.array(z.string()).nullable(),
      expiresAt: NullableDateTime,
    }),
    plan: z.object({
      name: z.string(),
      pro: z.boolean(),
      monitorCapacity: z.number().int(),
      monitorsUsed: z.number().int(),
      minIntervalSeconds: z.number().int(),
      allowedIntervals: z.array(z.number().int()),
    }),
    features: z.object({
      checks: z.boolean(),
      exports: z.boolean(),
      statusPages: z.boolean(),
      smsAlerts: z.boolean(),
    }),
    allowances: z.object({
      perMinute: z.number().int(),
      monthly: z.number().int().nullable(),
    }),
  }),
);
export type Capabilities = z.infer<typeof Capabilities>;

export const Health = lazySchema(() => z.object({ status: z.string() }));
