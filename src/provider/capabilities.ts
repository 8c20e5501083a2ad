// What the provider knows of its token and the account's plan: GET /capabilities, read once at configure time, as
// facts (src/api/account.ts `CapabilityFacts`). The spec does not show that record's fields, so another service may
// report fewer or others. A plan-time check runs on the facts it needs; when one is missing (or not in a shape the
// provider recognises) the check is off — the service still validates every write, so a value it refuses fails at
// apply with its message — and the first check switched off in a provider process says so in one warning naming
// every missing fact and what it turns off.
import { unreportedCapabilities, type CapabilityFacts } from '../api/index.js';
import type { Diagnostics } from '../protocol/diagnostics.js';
import { quotedText } from '../protocol/template.js';

export interface KnownCapabilities {
  facts: CapabilityFacts;
  /** Facts the service did not report, as `group.fact`. */
  unreported: string[];
  /** The warning about checks that are off was given in this process. */
  warned: boolean;
}

export const knownCapabilities = (facts: CapabilityFacts): KnownCapabilities => ({
  facts,
  unreported: unreportedCapabilities(facts),
  warned: false,
});

/** The plan-time checks (and read decisions) the facts serve: each is off when all of its facts are missing (the
 *  interval check needs either the minimum or the list of intervals), or, with `needsAll`, when any is. */
const CHECKS: { facts: string[]; check: string; needsAll?: true }[] = [
  { facts: ['token.scopes'], check: 'the token’s scopes for creating monitors and changing status pages' },
  {
    facts: ['token.restricted'],
    check: 'whether the token may create monitors (a restricted token may not)',
  },
  {
    facts: ['token.restricted', 'token.monitorIds'],
    check: 'telling a monitor outside a restricted token’s selection from a deleted one',
    needsAll: true,
  },
  { facts: ['plan.minIntervalSeconds', 'plan.allowedIntervals'], check: 'the plan’s check intervals' },
  { facts: ['features.smsAlerts'], check: 'SMS alerts on the plan' },
  { facts: ['features.statusPages'], check: 'status pages on the plan' },
];

/** The checks that are off, and the facts whose absence turns them off. */
function checksOff(unreported: string[]): { checks: string[]; facts: string[] } {
  const missing = new Set(unreported);
  const off = CHECKS.filter((c) =>
    c.needsAll ? c.facts.some((f) => missing.has(f)) : c.facts.every((f) => missing.has(f)),
  );
  return {
    checks: off.map((c) => c.check),
    facts: [...new Set(off.flatMap((c) => c.facts.filter((f) => missing.has(f))))],
  };
}

type Group = keyof CapabilityFacts;

/**
 * A capability fact for a check, or undefined when the service did not report it (the check is then off: the first
 * time in this process, with the warning). Undefined without a warning when the capabilities are not known at all
 * (the provider configuration is not known yet, as at plan time with unknown provider arguments).
 */
export function capabilityFact<G extends Group, K extends keyof CapabilityFacts[G]>(
  caps: KnownCapabilities | null | undefined,
  diags: Diagnostics | undefined,
  group: G,
  name: K,
): CapabilityFacts[G][K] | undefined {
  if (!caps) return undefined;
  const value = caps.facts[group][name];
  if (value === undefined && diags && !caps.warned) {
    caps.warned = true;
    const off = checksOff(caps.unreported);
    diags.warning(
      'Some plan-time checks are off',
      `The service's GET /capabilities does not report ${off.facts.join(', ')} (or not in a shape this provider recognises), so these are not checked at plan time: ${off.checks.join('; ')}. The service still checks every write: a value it does not allow fails at apply with its message. Other checks run as usual.`,
    );
  }
  return value;
}

/** The token's name for a message (a fact only for the reader; quoted, it is the service's text). */
export const tokenName = (caps: KnownCapabilities | null | undefined): string =>
  caps?.facts.token.name !== undefined
    ? `the API token ${quotedText(caps.facts.token.name)}`
    : 'the API token';

/** The plan's name for a message. */
export const planName = (caps: KnownCapabilities | null | undefined): string =>
  caps?.facts.plan.name !== undefined ? `the ${quotedText(caps.facts.plan.name)} plan` : 'the account’s plan';
