// data "uptime_monitor_alerts": a monitor's most recent alert records (GET /monitors/{id}/alerts): whether an alert
// went out, on which channel and how its delivery ended; optionally after waiting for a check since the last change.
import { uptimeDataSource } from '../declarations.js';
import { ALERT_TYPES, type Alert } from '../../api/index.js';
import { listNestedAttr, oneOf, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { computedValues } from '../fields/mapping.js';
import { alertRecordFields } from '../fields/observations.js';
import { computedAttributes } from '../fields/schema.js';
import { checkedSinceChange, freshAttributes, readFreshMonitor } from '../fresh-facts.js';
import { newestFirst, recentAttributes, validateRecent, wanted } from './recent.js';

export const monitorAlertsDataSource = uptimeDataSource({
  typeName: 'uptime_monitor_alerts',
  description:
    "A monitor's most recent alert records (`GET /monitors/{id}/alerts`), newest first: what was sent, on which channel, and whether it was delivered. Needs the `monitors:read` scope. Every page is read (alerts are kept 30 days) and sorted newest first, so the order the service lists them in does not matter.",
  docs: {
    examples: [
      {
        hcl: `data "uptime_monitor_alerts" "api" {
  monitor_id = "3f2b8c1e-0000-4000-8000-000000000000"
  type       = "availability"
  limit      = 5
}

output "last_alert_delivered" {
  value = try(data.uptime_monitor_alerts.api.alerts[0].delivered, null)
}`,
      },
    ],
  },
  attributes: {
    ...recentAttributes('alert records'),
    type: stringAttr({
      optional: true,
      description: `Only alerts of this type (${ALERT_TYPES.map((t) => `\`${t}\``).join(', ')}). Omitted or null: every type.`,
      validators: [oneOf(...ALERT_TYPES)],
    }),
    ...freshAttributes,
    alerts: listNestedAttr({
      computed: true,
      description: 'The most recent alert records, newest first.',
      attributes: computedAttributes(alertRecordFields),
    }),
  },
  validateConfig: (config, diags) => validateRecent(config, diags),
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const m = await readFreshMonitor(client, config.monitor_id, config.wait_for_check, 'monitor_id', {
      signal: ctx.signal,
    });
    const all: Alert[] = [];
    try {
      for await (const a of client.paginate.listMonitorAlerts(
        config.monitor_id,
        { limit: 100 },
        { signal: ctx.signal },
      ))
        if (config.type === null || config.type === undefined || a.type === config.type) all.push(a);
    } catch (e) {
      throw apiFailure('Listing alerts failed', e);
    }
    return {
      ...config,
      checked_since_change: checkedSinceChange(m),
      alerts: newestFirst(all, (a) => a.timestamp)
        .slice(0, wanted(config.limit))
        .map((a) => computedValues(alertRecordFields, a)),
    };
  },
});
