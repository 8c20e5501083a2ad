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

// ---- Reading what another service may send: the fields of usage and capabilities are not shown in the spec ----

/** Fact groups: per group, per fact, the type this client recognises. */
type FactShape = Record<string, Record<string, z.ZodType>>;
/** What was read: each fact its value, or undefined when the service did not report it (or not in a shape this
 *  client recognises). */
export type Facts<G extends FactShape> = { [g in keyof G]: { [k in keyof G[g]]?: z.infer<G[g][k]> } };

const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A reader that never fails: each fact is taken when it has the recognised type, left out otherwise; unknown fields
 *  are ignored. */
function factReader<G extends FactShape>(groups: G): z.ZodType<Facts<G>> {
  return z.unknown().transform((body) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [group, facts] of Object.entries(groups)) {
      const src = asObject(asObject(body)[group]);
      const read: Record<string, unknown> = {};
      for (const [name, type] of Object.entries(facts)) {
        const r = type.safeParse(src[name]);
        if (name in src && r.success) read[name] = r.data;
      }
      out[group] = read;
    }
    return out as Facts<G>;
  });
}

/** The facts of each group that a reading lacks, as `group.fact` paths. */
function missing<G extends FactShape>(groups: G, read: Facts<G>): string[] {
  return Object.entries(groups).flatMap(([group, facts]) =>
    Object.keys(facts)
      .filter((name) => (read as Record<string, Record<string, unknown>>)[group]?.[name] === undefined)
      .map((name) => `${group}.${name}`),
  );
}

const int = () => z.number().int();
const capabilityFacts = () => ({
  token: {
    name: z.string(),
    scopes: z.array(z.string()),
    restricted: z.boolean(),
    monitorIds: z.array(z.string()).nullable(),
    expiresAt: NullableDateTime,
  },
  plan: {
    name: z.string(),
    pro: z.boolean(),
    monitorCapacity: int(),
    monitorsUsed: int(),
    minIntervalSeconds: int(),
    allowedIntervals: z.array(int()),
  },
  features: { checks: z.boolean(), exports: z.boolean(), statusPages: z.boolean(), smsAlerts: z.boolean() },
  allowances: { perMinute: int(), monthly: int().nullable() },
});
const usageFacts = () => ({
  perMinute: { limit: int(), remaining: int(), resetAt: DateTime },
  monthly: { limit: int(), remaining: int(), resetAt: DateTime, used: int() },
  monitors: { used: int(), capacity: int() },
});

/**
 * GET /capabilities as the client reads it: every fact our local service sends (`Capabilities`) that is there with
 * the recognised type. Another service may send fewer or other fields; a missing fact is undefined, never an error.
 */
export const CapabilityFacts = lazySchema(() => factReader(capabilityFacts()));
export type CapabilityFacts = Facts<ReturnType<typeof capabilityFacts>>;
/** The capability facts a reading lacks (`plan.minIntervalSeconds`, …). */
export const unreportedCapabilities = (c: CapabilityFacts): string[] => missing(capabilityFacts(), c);

/** GET /usage as the client reads it (see `CapabilityFacts`). `monthly` is empty when the account has no monthly
 *  allowance (our service sends null) or the service does not report one. */
export const UsageFacts = lazySchema(() => factReader(usageFacts()));
export type UsageFacts = Facts<ReturnType<typeof usageFacts>>;
export const unreportedUsage = (u: UsageFacts): string[] => missing(usageFacts(), u);
