// data "uptime_monitors": every monitor matching the list filters (all pages).
import { uptimeDataSource } from '../declarations.js';
import { MONITOR_LIST_STATUSES, MONITOR_TYPES, MonitorListQuery, type Monitor } from '../../api/index.js';
import {
  boolAttr,
  listNestedAttr,
  stringAttr,
  type ModelOf,
  type Planned,
} from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { modelFieldsAtPlan, modelFieldValidator, newDraft, put, validateDraft } from '../validation.js';
import { monitorComputed, monitorIdComputed, monitorValues, stringList } from './fields.js';
import { codes } from '../fields/field.js';

const attributes = {
  status: stringAttr({
    optional: true,
    description: `Only monitors with this status: ${codes(MONITOR_LIST_STATUSES)}.`,
  }),
  enabled: boolAttr({ optional: true, description: 'Only enabled (true) or disabled (false) monitors.' }),
  type: stringAttr({
    optional: true,
    description: `Only monitors of this type (${MONITOR_TYPES.join(', ')}).`,
  }),
  updated_after: stringAttr({
    optional: true,
    description: 'Only monitors updated after this RFC 3339 time.',
    // Times often come from another object (a monitor's `updated_at`), which mock_provider mocks: checked before
    // the read, not at validation.
    planValidators: [modelFieldValidator(MonitorListQuery, 'updated_after')],
  }),
  updated_before: stringAttr({
    optional: true,
    description: 'Only monitors updated before this RFC 3339 time.',
    planValidators: [modelFieldValidator(MonitorListQuery, 'updated_before')],
  }),
  include_archived: boolAttr({
    optional: true,
    description:
      'Also list archived monitors (`archived = true`). Omitted or null: `false`, as the `list "uptime_monitor"` block of `terraform query` (provider 0.1.0 listed archived monitors by default: set `include_archived = true` to keep that).',
  }),
  ids: stringList("Ids of the matching monitors, in the service's order."),
  monitors: listNestedAttr({
    computed: true,
    description: 'The matching monitors.',
    attributes: {
      id: monitorIdComputed,
      ...monitorComputed,
    },
  }),
};

function draft(config: Planned<ModelOf<typeof attributes>>) {
  const d = newDraft();
  put(d, d.body, '', 'status', config.status);
  put(d, d.body, '', 'enabled', config.enabled, (v: boolean) => String(v));
  put(d, d.body, '', 'type', config.type);
  put(d, d.body, '', 'updated_after', config.updated_after);
  put(d, d.body, '', 'updated_before', config.updated_before);
  return d;
}

/** Fields the attributes check before the read (`updated_after`, `updated_before`): the config check leaves them out. */
const PLAN_FIELDS = modelFieldsAtPlan(attributes);

export const monitorsDataSource = uptimeDataSource({
  typeName: 'uptime_monitors',
  description:
    'Lists monitors matching the filters (every page is read). Archived monitors are left out unless `include_archived = true` (the `status` filter cannot select them). Omitted filters match everything else. Needs the `monitors:read` scope; a token restricted to selected monitors lists only those.',
  docs: {
    examples: [
      {
        hcl: `data "uptime_monitors" "down" {
  status = "down"
}

data "uptime_monitors" "all" {
  include_archived = true
}

output "down_monitors" {
  value = [for m in data.uptime_monitors.down.monitors : "\${m.name} (\${m.url})"]
}

output "archived_monitor_ids" {
  value = [for m in data.uptime_monitors.all.monitors : m.id if m.archived]
}`,
      },
    ],
  },
  attributes,
  validateConfig: (config, diags) => {
    diags.add(
      ...validateDraft(MonitorListQuery, draft(config), {
        planFields: PLAN_FIELDS,
      }),
    );
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const query = MonitorListQuery.parse(draft(config).body);
    const out: Monitor[] = [];
    try {
      for await (const m of client.paginate.listMonitors({ ...query, limit: 100 }, { signal: ctx.signal }))
        if (config.include_archived === true || m.archived !== true) out.push(m);
    } catch (e) {
      throw apiFailure('Listing monitors failed', e);
    }
    return {
      ...config,
      ids: out.map((m) => m.id),
      monitors: out.map((m) => ({ id: m.id, ...monitorValues(m) })),
    };
  },
});
