// data "uptime_monitor": one monitor by id, with its runtime fields and expiry state.
import { type Monitor } from '../../api/index.js';
import { defineDataSource, DiagnosticError, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient, statusOf } from '../client.js';
import { monitorIdFormat } from '../validation.js';
import { monitorComputed, monitorValues } from './fields.js';

export const monitorDataSource = defineDataSource({
  typeName: 'uptime_monitor',
  description:
    'Reads one monitor, including the runtime fields the `uptime_monitor` resource leaves out (status, last check, response time) and the expiry state. Archived monitors can be read too. Needs the `monitors:read` scope; an id the token cannot see is an error (`Monitor not found`).',
  docs: {
    examples: [
      {
        hcl: `data "uptime_monitor" "api" {
  id = "3f2b8c1e-0000-4000-8000-000000000000"
}

output "api_status" {
  value = data.uptime_monitor.api.status
}

output "certificate_days_left" {
  value = data.uptime_monitor.api.ssl_expiry.days_remaining
}`,
      },
    ],
  },
  attributes: {
    id: stringAttr({
      required: true,
      planValidators: [monitorIdFormat],
      description: 'Monitor id (a UUID).',
    }),
    ...monitorComputed,
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    try {
      const m = (await client.getMonitor(config.id)).data as Monitor;
      return { id: config.id, ...monitorValues(m) } as never;
    } catch (e) {
      if (statusOf(e) === 404)
        throw new DiagnosticError(
          'Monitor not found',
          `monitor ${config.id} does not exist or is not accessible to this token.`,
          ['id'],
        );
      throw apiFailure('Read failed', e);
    }
  },
});
