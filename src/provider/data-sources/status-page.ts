// data "uptime_status_page": the status page of one monitor.
import { uptimeDataSource } from '../declarations.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { monitorIdArgument, statusPageComputed, statusPageValues } from './fields.js';

export const statusPageDataSource = uptimeDataSource({
  typeName: 'uptime_status_page',
  description:
    'Reads the status page of one monitor (every monitor has one; it is disabled until published). Needs the `monitors:read` scope.',
  docs: {
    examples: [
      {
        hcl: `data "uptime_status_page" "api" {
  monitor_id = "3f2b8c1e-0000-4000-8000-000000000000"
}

output "status_page_url" {
  value = data.uptime_status_page.api.enabled ? data.uptime_status_page.api.url : null
}`,
      },
    ],
  },
  attributes: {
    monitor_id: monitorIdArgument(),
    ...statusPageComputed,
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    try {
      const p = (await client.getMonitorStatusPage(config.monitor_id)).data;
      return { monitor_id: config.monitor_id, ...statusPageValues(p) };
    } catch (e) {
      throw apiFailure('Read failed', e, {
        object: 'status page',
        monitorId: config.monitor_id,
        attribute: 'monitor_id',
      });
    }
  },
});
