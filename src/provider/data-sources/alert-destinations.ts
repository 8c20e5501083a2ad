// data "uptime_alert_destinations": verified destinations, filtered by channel, label and default.
import { uptimeDataSource } from '../declarations.js';
import { ALERT_CHANNELS, AlertChannel, type AlertDestination } from '../../api/index.js';
import { lazySchema } from '../../api/lazy.js';
import { boolAttr, listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient } from '../client.js';
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
      attributes: {
        id: stringAttr({
          computed: true,
          description: 'Destination id (`dest_email_<24 hex>` or `dest_sms_<24 hex>`).',
        }),
        channel: stringAttr({ computed: true, description: '`email` or `sms`.' }),
        value: stringAttr({ computed: true, description: 'Email address or phone number.' }),
        masked_value: stringAttr({
          computed: true,
          description: 'The value partly hidden (`o***@example.com`), as the dashboard shows it.',
        }),
        label: stringAttr({ computed: true, description: 'Label; null when none.' }),
        is_default: boolAttr({
          computed: true,
          description: 'Whether this is the default email destination (preselected on new monitors).',
        }),
      },
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
      destinations: list.map((d) => ({
        id: d.id,
        channel: d.channel,
        value: d.value,
        masked_value: d.maskedValue,
        label: d.label ?? null,
        is_default: d.isDefault,
      })),
    };
  },
});
