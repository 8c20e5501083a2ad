// data "uptime_incidents": incidents across accessible monitors (or of one monitor), all pages.
import { IncidentListQuery, MonitorId, type Incident } from '../../api/index.js';
import { defineDataSource, listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient } from '../client.js';
import { newDraft, put, validateDraft } from '../validation.js';
import { incidentComputed, incidentValues } from './fields.js';

function draft(config: Record<string, unknown>) {
  const d = newDraft();
  put(d, d.body, '', 'status', config.status);
  put(d, d.body, '', 'type', config.type);
  return d;
}

export const incidentsDataSource = defineDataSource({
  typeName: 'uptime_incidents',
  description: 'Lists incidents (every page is read), optionally of one monitor and by status and type.',
  attributes: {
    monitor_id: stringAttr({ optional: true, description: 'Only incidents of this monitor.' }),
    status: stringAttr({ optional: true, description: '`open` or `resolved`.' }),
    type: stringAttr({ optional: true, description: '`availability` or `performance`.' }),
    incidents: listNestedAttr({ computed: true, attributes: incidentComputed }),
  },
  validateConfig: (config, diags) => {
    diags.add(...validateDraft(IncidentListQuery, draft(config as unknown as Record<string, unknown>)));
    if (typeof config.monitor_id === 'string' && !MonitorId.safeParse(config.monitor_id).success)
      diags.error('Invalid Attribute Value', 'monitor_id must be a monitor id (a UUID) (rule: format).', [
        'monitor_id',
      ]);
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const query = {
      ...IncidentListQuery.parse(draft(config as unknown as Record<string, unknown>).body),
      limit: 100,
    };
    const out: Incident[] = [];
    try {
      if (config.monitor_id) {
        for await (const i of client.paginate.listMonitorIncidents(config.monitor_id, { limit: 100 })) {
          const inc = i as Incident;
          if (
            (query.status === undefined || inc.status === query.status) &&
            (query.type === undefined || inc.type === query.type)
          )
            out.push(inc);
        }
      } else for await (const i of client.paginate.listIncidents(query)) out.push(i as Incident);
    } catch (e) {
      throw apiFailure('Listing incidents failed', e);
    }
    return { ...config, incidents: out.map(incidentValues) } as never;
  },
});
