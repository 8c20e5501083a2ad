// data "uptime_alert_destinations": verified destinations, filtered by channel, label and default.
import { uptimeDataSource } from '../declarations.js';
import { ALERT_CHANNELS, AlertChannel, type AlertDestination } from '../../api/index.js';
import { lazySchema } from '../../api/lazy.js';
import { boolAttr, listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { computedValues } from '../fields/mapping.js';
import { alertDestinationFields } from '../fields/observations.js';
import { computedAttributes } from '../fields/schema.js';
import { newDraft, put, validateDraft } from '../validation.js';
import { stringList } from './fields.js';
import { z } from 'zod';

const Filters = lazySchema(() => z.object({ channel: AlertChannel.optional() }));

export const alertDestinationsDataSource = uptimeDataSource({
  typeName: 'uptime_alert_destinations',
  description:
    'Alert destinations already verified in the dashboard (only these can be selected in `uptime_monitor_alert_settings`). Destinations are added and verified in the dashboard, not through the API. Needs the `alerts:write` scope. Omitted filters match everything.',
  docs: {
    examples: [
      {
        hcl: `data "uptime_alert_destinations" "default_email" {
  channel    = "email"
  is_default = true
}

data "uptime_alert_destinations" "on_call" {
  channel = "sms"
  label   = "On-call"
}

output "on_call_phones" {
  value = [for d in data.uptime_alert_destinations.on_call.destinations : d.masked_value]
}`,
      },
    ],
  },
  attributes: {
    channel: stringAttr({
      optional: true,
      description: `Only this channel: ${ALERT_CHANNELS.join(' or ')}.`,
    }),
    label: stringAttr({ optional: true, description: 'Only destinations with exactly this label.' }),
    is_default: boolAttr({
      optional: true,
      description: 'Only the default (true) or non-default (false) destinations.',
    }),
    ids: stringList('Ids of the matching destinations.'),
    destinations: listNestedAttr({
      computed: true,
      description: "The matching destinations, in the service's order.",
      attributes: computedAttributes(alertDestinationFields),
    }),
  },
  validateConfig: (config, diags) => {
    const d = newDraft();
    put(d, d.body, '', 'channel', config.channel);
    diags.add(...validateDraft(Filters, d));
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    let all: AlertDestination[];
    try {
      all = (await client.listAlertDestinations()).data;
    } catch (e) {
      throw apiFailure('Listing alert destinations failed', e);
    }
    const list = all.filter(
      (d) =>
        (config.channel === null || d.channel === config.channel) &&
        (config.label === null || d.label === config.label) &&
        (config.is_default === null || d.isDefault === config.is_default),
    );
    return {
      ...config,
      ids: list.map((d) => d.id),
      destinations: list.map((d) => computedValues(alertDestinationFields, d)),
    };
  },
});
