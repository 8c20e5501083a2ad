// data "uptime_monitor": one monitor by id, with its runtime fields and expiry state.
import { uptimeDataSource } from '../declarations.js';
import { requireClient } from '../client.js';
import { checkedSinceChange, freshAttributes, readFreshMonitor, validateWait } from '../fresh-facts.js';
import { monitorComputed, monitorIdArgument, monitorValues } from './fields.js';

export const monitorDataSource = uptimeDataSource({
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
      {
        title: 'Asserting on fresh facts after an apply',
        description:
          'In a `check` block (or a `terraform test` assertion), `wait_for_check` waits until the monitor has been checked since its last change, so `status` describes the configuration just applied. See [Verifying monitors after apply](../guides/verifying-monitors-after-apply.md).',
        hcl: `resource "uptime_monitor" "home" {
  name = "Home page"
  url  = "https://www.example.com/"
}

check "home_up" {
  data "uptime_monitor" "home" {
    id             = uptime_monitor.home.id
    wait_for_check = "3m"
  }

  assert {
    condition     = data.uptime_monitor.home.status == "up"
    error_message = "The home page monitor is \${data.uptime_monitor.home.status} after this apply."
  }
}`,
      },
    ],
  },
  attributes: {
    id: monitorIdArgument(),
    ...freshAttributes,
    ...monitorComputed,
  },
  validateConfig: (config, diags) => {
    validateWait(config.wait_for_check, diags);
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const m = await readFreshMonitor(client, config.id, config.wait_for_check, 'id', { signal: ctx.signal });
    return {
      id: config.id,
      wait_for_check: config.wait_for_check,
      checked_since_change: checkedSinceChange(m),
      ...monitorValues(m),
    };
  },
});
