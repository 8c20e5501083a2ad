// data "uptime_capabilities": what the token and the account's plan allow (GET /capabilities).
import { uptimeDataSource } from '../declarations.js';
import { ctyNumber } from '../../protocol/cty/types.js';
import {
  boolAttr,
  int64Attr,
  listAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';
import type { CapabilityFacts } from '../../api/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { stringList } from './fields.js';

export const capabilitiesDataSource = uptimeDataSource({
  typeName: 'uptime_capabilities',
  description:
    "What the provider's token and the account's plan allow (`GET /capabilities`): scopes, monitor selection, plan limits and features. Useful in `check` blocks and preconditions. The fields of this record are not shown in the API specification, so a service may report fewer: a value it does not report (or not in a shape the provider recognises) is null.",
  docs: {
    examples: [
      {
        hcl: `data "uptime_capabilities" "current" {}

check "token_can_create_monitors" {
  assert {
    condition     = contains(data.uptime_capabilities.current.token.scopes, "monitors:create") && !data.uptime_capabilities.current.token.restricted
    error_message = "Creating monitors needs an unrestricted token with the monitors:create scope."
  }
}

output "monitor_capacity_left" {
  value = data.uptime_capabilities.current.plan.monitor_capacity - data.uptime_capabilities.current.plan.monitors_used
}`,
      },
    ],
  },
  attributes: {
    token: singleNestedAttr({
      computed: true,
      description: "The provider's API token.",
      attributes: {
        name: stringAttr({ computed: true, description: 'Token name.' }),
        scopes: stringList('Scopes of the token, e.g. `monitors:read`, `monitors:create`.'),
        restricted: boolAttr({
          computed: true,
          description: 'Whether the token is limited to selected monitors (it cannot create monitors then).',
        }),
        monitor_ids: stringList('Monitors a restricted token may use (null when unrestricted).'),
        expires_at: stringAttr({ computed: true, description: 'Expiry time (RFC 3339); null: no expiry.' }),
      },
    }),
    plan: singleNestedAttr({
      computed: true,
      description: "The account's plan.",
      attributes: {
        name: stringAttr({ computed: true, description: 'Plan name.' }),
        pro: boolAttr({ computed: true, description: 'Whether it is a Pro plan.' }),
        monitor_capacity: int64Attr({
          computed: true,
          description: 'How many monitors the plan allows (archived monitors do not count).',
        }),
        monitors_used: int64Attr({ computed: true, description: 'Monitors counted against the capacity.' }),
        min_interval_seconds: int64Attr({
          computed: true,
          description: 'Shortest check interval the plan allows.',
        }),
        allowed_intervals: listAttr<number>({
          computed: true,
          element: ctyNumber,
          description: 'Check intervals (seconds) the plan allows.',
        }),
      },
    }),
    features: singleNestedAttr({
      computed: true,
      description: 'Features of the plan.',
      attributes: {
        checks: boolAttr({ computed: true, description: 'Check history can be read.' }),
        exports: boolAttr({ computed: true, description: 'Exports can be created.' }),
        status_pages: boolAttr({
          computed: true,
          description: 'Status pages can be managed (`uptime_status_page`).',
        }),
        sms_alerts: boolAttr({
          computed: true,
          description: 'SMS alerts can be enabled (`uptime_monitor_alert_settings`).',
        }),
      },
    }),
    allowances: singleNestedAttr({
      computed: true,
      description: 'API request allowances.',
      attributes: {
        per_minute: int64Attr({ computed: true, description: 'Requests per minute for this token.' }),
        monthly: int64Attr({
          computed: true,
          description: 'Requests per calendar month (UTC) for the account; null: no monthly limit.',
        }),
      },
    }),
  },
  read: async ({ ctx }) => {
    const client = requireClient(ctx.providerData);
    let c: CapabilityFacts;
    try {
      c = (await client.getCapabilities()).data;
    } catch (e) {
      throw apiFailure('Reading capabilities failed', e);
    }
    // A fact the service does not report (the record's fields are not shown in the spec) is null.
    const v = <T>(x: T | undefined): T | null => (x === undefined ? null : x);
    return {
      token: {
        name: v(c.token.name),
        scopes: v(c.token.scopes),
        restricted: v(c.token.restricted),
        monitor_ids: v(c.token.monitorIds),
        expires_at: v(c.token.expiresAt),
      },
      plan: {
        name: v(c.plan.name),
        pro: v(c.plan.pro),
        monitor_capacity: v(c.plan.monitorCapacity),
        monitors_used: v(c.plan.monitorsUsed),
        min_interval_seconds: v(c.plan.minIntervalSeconds),
        allowed_intervals: v(c.plan.allowedIntervals),
      },
      features: {
        checks: v(c.features.checks),
        exports: v(c.features.exports),
        status_pages: v(c.features.statusPages),
        sms_alerts: v(c.features.smsAlerts),
      },
      allowances: { per_minute: v(c.allowances.perMinute), monthly: v(c.allowances.monthly) },
    };
  },
});
