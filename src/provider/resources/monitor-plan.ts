// uptime_monitor at plan time: configuration checks (the model's limits; the table's rules on secrets, their
// write-only variants and basic auth, src/provider/fields/checks.ts) and the plan's last say (the name from the
// URL, the interval, the account's checks, the version).
import { isUnknown, unknown } from '../../protocol/cty/values.js';
import type { ResourceDecl } from '../../protocol/framework/index.js';
import type { UptimeProviderData } from '../session.js';
import { checkDeclaredRules } from '../fields/checks.js';
import { monitorTable } from '../fields/monitor.js';
import { validateMonitorConfig } from '../mapping/monitor.js';
import { modelFieldsAtPlan } from '../validation.js';
import { capabilityFact, tokenName } from '../capabilities.js';
import { capabilityIntervalCheck } from './common.js';
import { monitorAttributes } from './monitor-schema.js';

type MonitorDecl = ResourceDecl<typeof monitorAttributes, UptimeProviderData | undefined>;

/** Fields the attributes check at plan time (`url`): the config check leaves them out. */
const PLAN_FIELDS = modelFieldsAtPlan(monitorAttributes);

export const validateMonitorConfigBlocks: NonNullable<MonitorDecl['validateConfig']> = (config, diags) => {
  const values: Record<string, unknown> = config;
  diags.add(...validateMonitorConfig(values, PLAN_FIELDS));
  checkDeclaredRules(monitorTable, values, diags);
};

export const modifyMonitorPlan: NonNullable<MonitorDecl['modifyPlan']> = ({ plan, config, prior, ctx }) => {
  const caps = ctx.providerData?.capabilities ?? null;
  const next = { ...plan };
  if (config.name === null) {
    if (isUnknown(plan.url)) next.name = unknown;
    else {
      try {
        next.name = new URL(plan.url).host;
      } catch {
        next.name = unknown;
      }
    }
  }
  // Omitted interval: the service's default at create (known after apply: the account's minimum may change
  // between plan and apply, and a known planned value may not change then); afterwards the service's value is
  // kept. Neither depends on the capabilities, so an apply-time re-plan always agrees with the saved plan.
  if (config.interval_seconds === null) next.interval_seconds = prior?.interval_seconds ?? unknown;
  else
    ctx.diagnostics.add(
      ...capabilityIntervalCheck(caps, ctx.diagnostics, next.interval_seconds, ['interval_seconds']),
    );
  if (!prior && caps) {
    const scopes = capabilityFact(caps, ctx.diagnostics, 'token', 'scopes');
    const restricted = capabilityFact(caps, ctx.diagnostics, 'token', 'restricted');
    if ((scopes && !scopes.includes('monitors:create')) || restricted)
      ctx.diagnostics.error(
        'Token cannot create monitors',
        `Creating a monitor needs an unrestricted token with the monitors:create scope; ${tokenName(caps)} has ${restricted ? 'a monitor selection' : `scopes ${scopes!.join(', ')}`}.`,
      );
  }
  // An update is planned whenever a managed value differs from state: the version changes then.
  if (prior) {
    const ignore = new Set(['version', 'updated_at']);
    const differs = Object.keys(monitorAttributes).some(
      (k) =>
        !ignore.has(k) &&
        JSON.stringify(next[k as keyof typeof next]) !== JSON.stringify(prior[k as keyof typeof prior]),
    );
    if (differs) {
      next.version = unknown;
      next.updated_at = unknown;
    }
  }
  return next;
};
