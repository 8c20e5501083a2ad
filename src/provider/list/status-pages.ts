// `list "uptime_status_page"` for `terraform query` (Terraform 1.14+): the status pages that have been set up
// (they have a slug), optionally only enabled or disabled ones, page by page until Terraform has enough.
import { uptimeListResource } from '../declarations.js';
import { boolAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { statusPageToModel } from '../mapping/status-page.js';

const PAGE = 100;

export const statusPageList = uptimeListResource({
  typeName: 'uptime_status_page',
  description:
    'Finds status pages for `terraform query` (Terraform 1.14+): every status page that has been set up (has a slug) for a monitor the token can see.',
  docs: {
    title: 'Finding status pages with terraform query',
    body: () => `Terraform 1.14 and later list the status pages that have been set up with a \`list "uptime_status_page"\` block in a \`.tfquery.hcl\` file:

\`\`\`hcl
list "uptime_status_page" "all" {
  provider         = uptime
  include_resource = true
}
\`\`\`

\`terraform query\` prints each page's identity (its monitor id) and title; \`terraform query -generate-config-out=generated.tf\` writes a \`resource "uptime_status_page"\` block with only what differs from the defaults, and an \`import\` block with its \`identity\`.`,
  },
  attributes: {
    enabled: boolAttr({
      optional: true,
      description: 'Only published (`true`) or only unpublished (`false`) status pages.',
    }),
  },
  async *list({ config, includeResource, ctx }) {
    const client = requireClient(ctx.providerData);
    const pages = client.paginate.listStatusPages(
      { limit: PAGE, ...(config.enabled !== null ? { enabled: config.enabled } : {}) },
      { signal: ctx.signal },
    );
    try {
      for await (const p of pages) {
        if (!p.slug) continue;
        yield {
          displayName: p.title || p.slug,
          state: includeResource ? statusPageToModel(p, null) : { id: p.monitorId, monitor_id: p.monitorId },
        };
      }
    } catch (e) {
      throw apiFailure('Listing status pages failed', e);
    }
  },
});
