// data "uptime_alert_destinations": verified destinations, filtered by channel, label and default.
import { ALERT_CHANNELS, AlertChannel, type AlertDestination } from '../../api/index.js';
import { boolAttr, defineDataSource, listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient } from '../client.js';
import { newDraft, put, validateDraft } from '../validation.js';
import { stringList } from './fields.js';
import { z } from 'zod';

const Filters = z.object({ channel: AlertChannel.optional() });

export const alertDestinationsDataSource = defineDataSource({
  typeName: 'uptime_alert_destinations',
  description:
    'Alert destinations already verified in the dashboard (only these can be selected in `uptime_monitor_alert_settings`).',
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
      attributes: {
        id: stringAttr({ computed: true }),
        channel: stringAttr({ computed: true }),
        value: stringAttr({ computed: true, description: 'Email address or phone number.' }),
        masked_value: stringAttr({ computed: true }),
        label: stringAttr({ computed: true }),
        is_default: boolAttr({ computed: true }),
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
      all = (await client.listAlertDestinations()).data as AlertDestination[];
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
    } as never;
  },
});
