// data "uptime_capabilities": what the token and the account's plan allow (GET /capabilities).
import { ctyNumber } from '../../protocol/cty/types.js';
import {
  boolAttr,
  defineDataSource,
  int64Attr,
  listAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';
import type { Capabilities } from '../../api/index.js';
import { apiFailure, requireClient } from '../client.js';
import { stringList } from './fields.js';

export const capabilitiesDataSource = defineDataSource({
  typeName: 'uptime_capabilities',
  description: "What the provider's token and the account's plan allow.",
  attributes: {
    token: singleNestedAttr({
      computed: true,
      attributes: {
        name: stringAttr({ computed: true }),
        scopes: stringList('Scopes of the token.'),
        restricted: boolAttr({ computed: true }),
        monitor_ids: stringList('Monitors a restricted token may use (null when unrestricted).'),
        expires_at: stringAttr({ computed: true }),
      },
    }),
    plan: singleNestedAttr({
      computed: true,
      attributes: {
        name: stringAttr({ computed: true }),
        pro: boolAttr({ computed: true }),
        monitor_capacity: int64Attr({ computed: true }),
        monitors_used: int64Attr({ computed: true }),
        min_interval_seconds: int64Attr({ computed: true }),
        allowed_intervals: listAttr<number>({ computed: true, element: ctyNumber }),
      },
    }),
    features: singleNestedAttr({
      computed: true,
      attributes: {
        checks: boolAttr({ computed: true }),
        exports: boolAttr({ computed: true }),
        status_pages: boolAttr({ computed: true }),
        sms_alerts: boolAttr({ computed: true }),
      },
    }),
    allowances: singleNestedAttr({
      computed: true,
      attributes: { per_minute: int64Attr({ computed: true }), monthly: int64Attr({ computed: true }) },
    }),
  },
  read: async ({ ctx }) => {
    const client = requireClient(ctx.providerData);
    let c: Capabilities;
    try {
      c = (await client.getCapabilities()).data as Capabilities;
    } catch (e) {
      throw apiFailure('Reading capabilities failed', e);
    }
    return {
      token: {
        name: c.token.name,
        scopes: c.token.scopes,
        restricted: c.token.restricted,
        monitor_ids: c.token.monitorIds,
        expires_at: c.token.expiresAt,
      },
      plan: {
        name: c.plan.name,
        pro: c.plan.pro,
        monitor_capacity: c.plan.monitorCapacity,
        monitors_used: c.plan.monitorsUsed,
        min_interval_seconds: c.plan.minIntervalSeconds,
        allowed_intervals: c.plan.allowedIntervals,
      },
      features: {
        checks: c.features.checks,
        exports: c.features.exports,
        status_pages: c.features.statusPages,
        sms_alerts: c.features.smsAlerts,
      },
      allowances: { per_minute: c.allowances.perMinute, monthly: c.allowances.monthly },
    } as never;
  },
});
