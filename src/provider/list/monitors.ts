// `list "uptime_monitor"` for `terraform query` (Terraform 1.14+): every monitor the token can see, filtered by
// status / enabled on the service and by archived / name glob here, page by page until Terraform has enough.
import { uptimeListResource } from '../declarations.js';
import { MONITOR_LIST_STATUSES, type ListedMonitorStatus } from '../../api/index.js';
import { selects } from '../monitor-filter.js';
import { boolAttr, oneOf, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { monitorToModel } from '../mapping/monitor.js';
import { codes } from '../fields/field.js';

const PAGE = 100;

const LIST_EXAMPLE = `\`\`\`hcl
list "uptime_monitor" "checkout" {
  provider         = uptime
  include_resource = true

  config {
    name = "checkout-*"
  }
}
\`\`\``;

const MONITOR_PAGE = `Terraform 1.14 and later can search the account with \`terraform query\` and write configuration for what it finds. Put a \`list\` block in a file whose name ends in \`.tfquery.hcl\`, next to the configuration that declares the provider:

${LIST_EXAMPLE}

\`terraform query\` prints one line per monitor: its identity and its name. Without filters it lists every monitor the token can see that is not archived, paused ones included; \`limit\` (Terraform's default is 100) caps the number, and the provider stops reading pages once Terraform has enough.

\`terraform query -generate-config-out=generated.tf\` writes, for each monitor found, a \`resource "uptime_monitor"\` block and an \`import\` block with its \`identity\`. The provider generates the configuration with the rules of \`uptimectl import\`: only what differs from the defaults, and never a secret (saved header values and passwords cannot be read; leaving them out keeps them), so \`terraform plan\` then shows only imports. To bring alert settings and status pages along, use \`uptimectl import\` ([Importing existing monitors](../guides/importing-existing-monitors.md)) or import them by identity.`;

const partPage = (
  pageType: string,
) => `Terraform 1.14 and later can list monitors with \`terraform query\` and a \`list "uptime_monitor"\` block in a \`.tfquery.hcl\` file (see [uptime_monitor](monitor.md#finding-monitors-with-terraform-query)):

${LIST_EXAMPLE}

Each result's identity is the monitor id; \`${pageType}\` is named by the same id, so import it by identity with \`monitor_id\` set to that id (see Import by identity above).`;

export const monitorList = uptimeListResource({
  typeName: 'uptime_monitor',
  description:
    'Finds monitors for `terraform query` (Terraform 1.14+). Without filters: every monitor the token can see that is not archived, paused ones included.',
  docs: {
    title: 'Finding monitors with terraform query',
    pages: ['uptime_monitor', 'uptime_monitor_alert_settings', 'uptime_status_page'],
    body: (pageType) => (pageType === 'uptime_monitor' ? MONITOR_PAGE : partPage(pageType)),
  },
  attributes: {
    name: stringAttr({
      optional: true,
      description:
        'Only monitors whose name matches this pattern: `*` any characters, `?` one character, case-insensitive (matched by the provider).',
    }),
    status: stringAttr({
      optional: true,
      description: `Only monitors with this status: ${codes(MONITOR_LIST_STATUSES)}.`,
      validators: [oneOf(...MONITOR_LIST_STATUSES)],
    }),
    enabled: boolAttr({
      optional: true,
      description: 'Only enabled (`true`) or only disabled (`false`) monitors.',
    }),
    include_archived: boolAttr({
      optional: true,
      description: 'Also list archived monitors (default `false`).',
    }),
  },
  async *list({ config, includeResource, ctx }) {
    const client = requireClient(ctx.providerData);
    const pages = client.paginate.listMonitors(
      {
        limit: PAGE,
        ...(config.status !== null ? { status: config.status as ListedMonitorStatus } : {}),
        ...(config.enabled !== null ? { enabled: config.enabled } : {}),
      },
      { signal: ctx.signal },
    );
    const filters = {
      ...(config.name !== null ? { name: config.name } : {}),
      includeArchived: config.include_archived === true,
    };
    try {
      for await (const m of pages) {
        if (!selects(filters, m)) continue;
        // Only the identity is used without include_resource; the full state is as Read after import gives it.
        yield { displayName: m.name, state: includeResource ? monitorToModel(m, null) : { id: m.id } };
      }
    } catch (e) {
      throw apiFailure('Listing monitors failed', e);
    }
  },
});
