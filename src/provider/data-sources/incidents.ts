// data "uptime_incidents": incidents across accessible monitors (or of one monitor), all pages.
import { uptimeDataSource } from '../declarations.js';
import { IncidentListQuery, type Incident } from '../../api/index.js';
import { listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { monitorIdFormat, newDraft, put, validateDraft } from '../validation.js';
import { incidentComputed, incidentValues } from './fields.js';

function draft(config: { status: unknown; type: unknown }) {
  const d = newDraft();
  put(d, d.body, '', 'status', config.status);
  put(d, d.body, '', 'type', config.type);
  return d;
}

export const incidentsDataSource = uptimeDataSource({
  typeName: 'uptime_incidents',
  description:
    'Lists incidents of the monitors the token can see (every page is read), optionally of one monitor and by status and type. Omitted filters match everything. Needs the `monitors:read` scope.',
  docs: {
    examples: [
      {
        hcl: `data "uptime_incidents" "open" {
  status = "open"
}

data "uptime_incidents" "api_performance" {
  monitor_id = "3f2b8c1e-0000-4000-8000-000000000000"
  type       = "performance"
}

output "open_incidents" {
  value = length(data.uptime_incidents.open.incidents)
}`,
      },
    ],
  },
  attributes: {
    monitor_id: stringAttr({
      optional: true,
      planValidators: [monitorIdFormat],
      description: 'Only incidents of this monitor (a UUID).',
    }),
    status: stringAttr({
      optional: true,
      description: 'Only incidents with this status: `open` or `resolved`.',
    }),
    type: stringAttr({
      optional: true,
      description: 'Only incidents of this type: `availability` or `performance`.',
    }),
    incidents: listNestedAttr({
      computed: true,
      description: "The matching incidents, in the service's order.",
      attributes: incidentComputed,
    }),
  },
  validateConfig: (config, diags) => {
    diags.add(...validateDraft(IncidentListQuery, draft(config)));
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const query = {
      ...IncidentListQuery.parse(draft(config).body),
      limit: 100,
    };
    const out: Incident[] = [];
    try {
      if (config.monitor_id) {
        for await (const inc of client.paginate.listMonitorIncidents(config.monitor_id, { limit: 100 })) {
          if (
            (query.status === undefined || inc.status === query.status) &&
            (query.type === undefined || inc.type === query.type)
          )
            out.push(inc);
        }
      } else for await (const i of client.paginate.listIncidents(query)) out.push(i);
    } catch (e) {
      throw apiFailure('Listing incidents failed', e);
    }
    return { ...config, incidents: out.map(incidentValues) };
  },
});
