// uptime_monitor_alert_settings: the alert settings of one monitor (a sub-object that always exists).
// Create and update are PATCH with If-Match; destroy restores the documented defaults; import by monitor id.
import {
  ALERT_CHANNELS,
  MonitorAlertSettingsUpdate,
  type AlertDestination,
  type MonitorAlertSettings,
} from '../../api/index.js';
import { ApiError, NotFoundError, PreconditionFailedError } from '../../client/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import { type HandlerContext } from '../../protocol/framework/index.js';
import { errorDiag } from '../../protocol/diagnostics.js';
import { apiFailure } from '../api-errors.js';
import { requireClient, type Client } from '../client.js';
import { configured, type UptimeProviderData } from '../session.js';
import { capabilityFact, planName } from '../capabilities.js';
import { uptimeResource } from '../declarations.js';
import { alertSettingsTable } from '../fields/alert-settings.js';
import { resourceAttributes } from '../fields/schema.js';
import {
  alertSettingsBody,
  alertSettingsResetBody,
  alertSettingsToModel,
  changesMonitorVersion,
  validateAlertSettingsConfig,
  type AlertSettingsModel,
} from '../mapping/alert-settings.js';
import { checkImportMonitorId, goneOrHidden, leftAsItIs, stripUnknowns } from './common.js';
import { monitorPartIdentity } from '../identity.js';
import { modelFieldsAtPlan } from '../validation.js';

type Ctx = HandlerContext<UptimeProviderData | undefined>;

async function getSettings(
  client: Client,
  id: string,
): Promise<{ data: MonitorAlertSettings; etag: string }> {
  const { data, etag } = await client.getAlertSettings(id);
  return { data, etag: etag ?? data.version };
}

/** The fields the attributes check at plan time, read from the declaration below on first use. */
let planFields: string[] | undefined;

export const alertSettingsResource = uptimeResource({
  typeName: 'uptime_monitor_alert_settings',
  description:
    "The alert settings of one monitor (channels, verified destinations, slow-response alerts). Every monitor has exactly one set, created with the monitor; this resource takes it over (create writes the configured values over the current ones) and manages it.\n\n**Destroy restores the service defaults** (email on, SMS off, the account's default email destination, slow-response alerts off); the monitor itself is not touched. Needs the `alerts:write` scope (also for reading).",
  docs: {
    examples: [
      {
        hcl: `resource "uptime_monitor" "api" {
  url = "https://api.example.com/health"
}

data "uptime_alert_destinations" "ops_email" {
  channel    = "email"
  is_default = true
}

data "uptime_alert_destinations" "on_call" {
  channel = "sms"
  label   = "On-call"
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id

  channels = {
    email = true
    sms   = true
  }

  destination_ids = {
    email = data.uptime_alert_destinations.ops_email.ids[0]
    sms   = data.uptime_alert_destinations.on_call.ids[0]
  }

  slow_response_alerts = {
    enabled           = true
    threshold_ms      = 2000
    consecutive_limit = 3
  }
}`,
      },
    ],
    sections: [
      {
        title: 'Replacement, create_before_destroy, lost state and restricted tokens',
        body: `Every monitor has exactly one set of alert settings; this resource takes it over, so it is never created twice and never lost.

- **Replace** (\`terraform apply -replace\`, or a new \`monitor_id\`): the old instance is destroyed (the defaults are restored), then the new one writes the configured values.
- **\`create_before_destroy\`**: the new instance writes the configured values first; the destroy of the old instance that follows in the same apply sees that another instance took the set of alert settings over and leaves it as it is, with a warning (\`${leftAsItIs('alert settings', '', '').summary}\`). A destroy also leaves it, with the same warning, when it changed after this instance last read it.
- **Lost state**: create takes the existing set of alert settings over again and writes the configured values; nothing is duplicated. Import (by monitor id) reads it into state without writing.
- **Restricted tokens**: a token whose monitor selection does not hold the monitor cannot read the set of alert settings: refresh fails with \`Monitor outside the token's selection\` and keeps it in state; use a token that can see the monitor. It is never reported as deleted.`,
      },
    ],
    import: {
      id: 'the monitor id (a UUID): the settings belong to that monitor.',
      exampleId: '3f2b8c1e-0000-4000-8000-000000000000',
      resourceName: 'api',
      notes:
        'Import reads the current settings into state, including the destination selection; the next plan shows any difference from the configuration.',
    },
  },
  attributes: resourceAttributes(alertSettingsTable, { model: MonitorAlertSettingsUpdate }),
  validateConfig: (config, diags) => {
    // Destination ids are checked at plan time (their planValidators): mock_provider mocks them.
    planFields ??= modelFieldsAtPlan(alertSettingsResource.attributes);
    diags.add(...validateAlertSettingsConfig(config, planFields));
  },
  modifyPlan: async ({ plan, prior, ctx }) => {
    // Terraform proposes null for an omitted destination_ids whose prior value holds ids (its inner attributes
    // are not computed), so the framework sees a change and marks `version` unknown; useStateForUnknown then
    // restores the selection. With every managed value equal to state, nothing changes: keep the version.
    if (prior && isUnknown(plan.version)) {
      const same = (['monitor_id', 'channels', 'destination_ids', 'slow_response_alerts'] as const).every(
        (k) => !isUnknown(plan[k]) && JSON.stringify(plan[k]) === JSON.stringify(prior[k]),
      );
      if (same) plan = { ...plan, version: prior.version };
    }
    const pd = ctx.providerData;
    if (!pd?.client) return plan;
    const caps = pd.capabilities;
    const ch = plan.channels;
    if (
      ch &&
      !isUnknown(ch) &&
      ch.sms === true &&
      capabilityFact(caps, ctx.diagnostics, 'features', 'smsAlerts') === false
    )
      ctx.diagnostics.error(
        'Value not allowed by the account plan',
        `channels.sms is true, but ${planName(caps)} has no SMS alerts (rule: plan; allowed values: false).`,
        ['channels', 'sms'],
      );
    const ids = plan.destination_ids;
    if (!ids || isUnknown(ids)) return plan;
    const wanted = ALERT_CHANNELS.filter((k) => typeof ids[k] === 'string');
    if (!wanted.length) return plan;
    let dests: AlertDestination[];
    try {
      dests = await pd.destinations();
    } catch (e) {
      ctx.logger.debug('alert destinations not listable at plan time', {
        status: e instanceof ApiError ? e.status : undefined,
      });
      return plan;
    }
    for (const ch of wanted) {
      const allowed = dests.filter((d) => d.channel === ch).map((d) => d.id);
      if (!allowed.includes(ids[ch] as string))
        ctx.diagnostics.add(
          errorDiag(
            'Unknown alert destination',
            `destination_ids.${ch} is not among the account's verified ${ch} destinations (rule: unknown_destination; allowed values: ${allowed.join(', ') || 'none'}). Destinations are verified in the dashboard; list them with the uptime_alert_destinations data source.`,
            ['destination_ids', ch],
          ),
        );
    }
    return plan;
  },
  importState: async (id) => ({ id: checkImportMonitorId(id), monitor_id: id }),
  identity: monitorPartIdentity,
  create: async ({ plan, ctx }) => write(stripUnknowns(plan), null, ctx),
  update: async ({ plan, prior, ctx }) => write(stripUnknowns(plan), prior.version, ctx),
  read: async ({ state, ctx }) => {
    const client = requireClient(ctx.providerData);
    try {
      const { data } = await getSettings(client, state.monitor_id);
      return alertSettingsToModel(data, state);
    } catch (e) {
      if (e instanceof NotFoundError)
        return goneOrHidden(ctx.providerData, ctx.diagnostics, state.monitor_id, 'alert settings of monitor');
      throw apiFailure('Read failed', e);
    }
  },
  delete: async ({ prior, ctx }) => {
    const pd = configured(ctx.providerData);
    const client = pd.client;
    const id = prior.monitor_id;
    const leave = (): void => {
      const w = leftAsItIs('alert settings', id, 'restore the defaults');
      ctx.diagnostics.warning(w.summary, w.detail);
    };
    if (pd.takenOver.alertSettings.has(id)) return leave();
    let dests: AlertDestination[] = [];
    try {
      dests = await pd.destinations();
    } catch (e) {
      throw apiFailure('Restoring the default alert settings failed', e);
    }
    const defaultEmail = dests.find((d) => d.channel === 'email' && d.isDefault)?.id ?? null;
    try {
      // If-Match with the version this instance last wrote or read: when another instance took the settings
      // over since (a create_before_destroy replacement writes them before this destroy runs), they are left.
      const ifMatch = prior.version ?? (await getSettings(client, id)).etag;
      const body = alertSettingsResetBody(defaultEmail);
      await client.updateAlertSettings(id, body, { ifMatch });
      // The monitor's version changed with its slow-response settings: its destroy, which usually follows in
      // this apply, reads the new one instead of being refused (412) with the one in state.
      if (changesMonitorVersion(prior, body)) pd.staleMonitorVersions.add(id);
    } catch (e) {
      if (e instanceof NotFoundError) return;
      if (e instanceof PreconditionFailedError) return leave();
      throw apiFailure('Restoring the default alert settings failed', e, {
        object: 'alert settings',
        monitorId: id,
      });
    }
  },
});

async function write(
  plan: AlertSettingsModel,
  version: string | null,
  ctx: Ctx,
): Promise<AlertSettingsModel> {
  const client = requireClient(ctx.providerData);
  const id = plan.monitor_id;
  try {
    // Create adopts the existing settings object: its current version is the precondition.
    const ifMatch = version ?? (await getSettings(client, id)).etag;
    const r = await client.updateAlertSettings(id, alertSettingsBody(plan), { ifMatch });
    if (!version) configured(ctx.providerData).takenOver.alertSettings.add(id);
    // A service that answers a write without the whole record is read again.
    const data: MonitorAlertSettings | undefined = r.data;
    return alertSettingsToModel(data?.channels ? data : (await getSettings(client, id)).data, plan);
  } catch (e) {
    throw apiFailure(version ? 'Update failed' : 'Create failed', e, {
      object: 'alert settings',
      monitorId: id,
    });
  }
}
