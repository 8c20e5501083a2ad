// uptime_monitor at plan time: configuration checks (the model's limits, secrets and their write-only variants,
// basic auth) and the plan's last say (the name from the URL, the interval, the account's checks, the version).
import { isUnknown, unknown } from '../../protocol/cty/values.js';
import type { ResourceDecl } from '../../protocol/framework/index.js';
import type { UptimeProviderData } from '../session.js';
import { validateMonitorConfig } from '../mapping/monitor.js';
import { modelFieldsAtPlan } from '../validation.js';
import { capabilityFact, tokenName } from '../capabilities.js';
import { capabilityIntervalCheck } from './common.js';
import { monitorAttributes } from './monitor-schema.js';

type MonitorDecl = ResourceDecl<typeof monitorAttributes, UptimeProviderData>;

/** Fields the attributes check at plan time (`url`): the config check leaves them out. */
const PLAN_FIELDS = modelFieldsAtPlan(monitorAttributes);

export const validateMonitorConfigBlocks: NonNullable<MonitorDecl['validateConfig']> = (config, diags) => {
  diags.add(...validateMonitorConfig(config as unknown as Record<string, unknown>, PLAN_FIELDS));
  const headers = config.request_headers;
  if (Array.isArray(headers))
    headers.forEach((h, i) => {
      if (h === null || isUnknown(h)) return;
      if (h.value !== null && h.value_wo !== null && !isUnknown(h.value) && !isUnknown(h.value_wo))
        diags.error(
          'Conflicting attributes',
          `request_headers[${i}]: set either value or value_wo, not both.`,
          ['request_headers', i, 'value_wo'],
        );
      if (h.value_wo !== null && h.value_wo_version === null)
        diags.error(
          'Missing attribute',
          `request_headers[${i}].value_wo_version is required when request_headers[${i}].value_wo is set (rule: required_with). A write-only value is never in plan or state, so Terraform can only send it again (after a change, or when the service reports it gone) through this number: set it, e.g. value_wo_version = 1, and change it to send a new value.`,
          ['request_headers', i, 'value_wo_version'],
        );
    });
  const auth = config.auth_config;
  if (auth && !isUnknown(auth)) {
    if (
      auth.password !== null &&
      auth.password_wo !== null &&
      !isUnknown(auth.password) &&
      !isUnknown(auth.password_wo)
    )
      diags.error('Conflicting attributes', 'auth_config: set either password or password_wo, not both.', [
        'auth_config',
        'password_wo',
      ]);
    if (auth.password_wo !== null && auth.password_wo_version === null)
      diags.error(
        'Missing attribute',
        'auth_config.password_wo_version is required when auth_config.password_wo is set (rule: required_with). A write-only password is never in plan or state, so Terraform can only send it again (after a change, or when the service reports it gone) through this number: set it, e.g. password_wo_version = 1, and change it to send a new password.',
        ['auth_config', 'password_wo_version'],
      );
    if (auth.type === 'basic' && auth.username === null)
      diags.error(
        'Missing attribute',
        'auth_config.username is required when auth_config.type is "basic" (rule: required).',
        ['auth_config', 'username'],
      );
    if (
      auth.type === 'none' &&
      (auth.username !== null || auth.password !== null || auth.password_wo !== null)
    )
      diags.error(
        'Invalid attribute combination',
        'auth_config: username and password are only used with type = "basic".',
        ['auth_config', 'type'],
      );
  }
};

export const modifyMonitorPlan: NonNullable<MonitorDecl['modifyPlan']> = ({ plan, config, prior, ctx }) => {
  const pd = ctx.providerData as UptimeProviderData | undefined;
  const caps = pd?.capabilities ?? null;
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
