import type { Capabilities, Usage } from '../../api/index.js';
import { INTERVAL_SECONDS } from '../../api/index.js';
import type { Handler } from '../context.js';
import { single } from '../context.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const getHealth: Handler = () => ({ json: '{"status":"ok"}' });

export const getUsage: Handler = (c) => {
  const a = c.svc.limiter.peek(c.auth);
  const plan = c.auth.tenant.plan;
  const body: Usage = {
    perMinute: {
      limit: a.perMinute.limit,
      remaining: a.perMinute.remaining,
      resetAt: iso(a.perMinute.resetAt),
    },
    monthly: a.monthly && {
      limit: a.monthly.limit,
      remaining: a.monthly.remaining,
      resetAt: iso(a.monthly.resetAt),
      used: a.monthly.used,
    },
    monitors: {
      used: c.svc.store.monitorsOf(c.auth.tenant.id).filter((m) => !m.archived).length,
      capacity: plan.monitorCapacity,
    },
  };
  return single(JSON.stringify(body));
};

export const getCapabilities: Handler = (c) => {
  const { token, tenant } = c.auth;
  const plan = tenant.plan;
  const body: Capabilities = {
    token: {
      name: token.name,
      scopes: [...token.scopes],
      restricted: token.monitorIds !== null,
      monitorIds: token.monitorIds ? [...token.monitorIds] : null,
      expiresAt: token.expiresAt,
    },
    plan: {
      name: plan.name,
      pro: plan.pro,
      monitorCapacity: plan.monitorCapacity,
      monitorsUsed: c.svc.store.monitorsOf(tenant.id).filter((m) => !m.archived).length,
      minIntervalSeconds: plan.minIntervalSeconds,
      allowedIntervals: INTERVAL_SECONDS.filter((i) => i >= plan.minIntervalSeconds),
    },
    features: { checks: plan.pro, exports: true, statusPages: true, smsAlerts: plan.smsAlerts },
    allowances: { perMinute: c.svc.limiter.perMinuteLimit(c.auth), monthly: plan.monthlyLimit },
  };
  return single(JSON.stringify(body));
};
