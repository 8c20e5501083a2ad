// `list "uptime_monitor"` for `terraform query` (Terraform 1.14+): every monitor the token can see, filtered by
// status / enabled on the service and by archived / name glob here, page by page until Terraform has enough.
import type { Monitor } from '../../api/index.js';
import { selects } from '../../import/account.js';
import { boolAttr, defineListResource, oneOf, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient, type UptimeProviderData } from '../client.js';
import { monitorToModel } from '../mapping/monitor.js';

const PAGE = 100;

type ListedStatus = Exclude<Monitor['status'], 'archived'>;

export const monitorList = defineListResource({
  typeName: 'uptime_monitor',
  description:
    'Finds monitors for `terraform query` (Terraform 1.14+). Without filters: every monitor the token can see that is not archived, paused ones included.',
  attributes: {
    name: stringAttr({
      optional: true,
      description:
        'Only monitors whose name matches this pattern: `*` any characters, `?` one character, case-insensitive (matched by the provider).',
    }),
    status: stringAttr({
      optional: true,
      description: 'Only monitors with this status: `up`, `down`, `pending` or `paused`.',
      validators: [oneOf('up', 'down', 'pending', 'paused')],
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
    const client = requireClient(ctx.providerData as UptimeProviderData);
    const pages = client.paginate.listMonitors(
      {
        limit: PAGE,
        ...(config.status !== null ? { status: config.status as ListedStatus } : {}),
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
