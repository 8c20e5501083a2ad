// uptime_status_page: the public status page content of one monitor. The page itself is set up once in the
// dashboard (slug, URL, verification, custom domain); this resource manages its content. Destroy disables it.
import { type StatusPage } from '../../api/index.js';
import { NotFoundError, PreconditionFailedError } from '../../client/index.js';
import { type HandlerContext } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient, type Client } from '../client.js';
import { configured, type UptimeProviderData } from '../session.js';
import { capabilityFact, planName, tokenName } from '../capabilities.js';
import { uptimeResource } from '../declarations.js';
import { resourceAttributes } from '../fields/schema.js';
import { statusPageTable } from '../fields/status-page.js';
import {
  statusPageBody,
  statusPageToModel,
  validateStatusPageConfig,
  type StatusPageModel,
} from '../mapping/status-page.js';
import { capitalized, checkImportMonitorId, goneOrHidden, leftAsItIs, stripUnknowns } from './common.js';
import { monitorPartIdentity } from '../identity.js';

type Ctx = HandlerContext<UptimeProviderData | undefined>;

async function getPage(client: Client, id: string): Promise<{ data: StatusPage; etag: string }> {
  const { data, etag } = await client.getMonitorStatusPage(id);
  return { data, etag: etag ?? data.version ?? '' };
}

export const statusPageResource = uptimeResource({
  typeName: 'uptime_status_page',
  description:
    'The public status page of one monitor (its content and visibility). Every monitor has one page record; the first setup (slug, URL, ownership verification, custom domain) happens once in the dashboard, after which this resource manages it.\n\n**Destroy disables the page** (`enabled = false`); its content is kept and the monitor is not touched.',
  docs: {
    examples: [
      {
        hcl: `resource "uptime_monitor" "api" {
  name = "Public API"
  url  = "https://api.example.com/health"
}

resource "uptime_status_page" "api" {
  monitor_id  = uptime_monitor.api.id
  title       = "Public API status"
  description = "Availability and response time of the public API."
  noindex     = true

  display_options = {
    response_time = false
  }
}

output "status_page_url" {
  value = uptime_status_page.api.url
}`,
      },
    ],
    sections: [
      {
        title: 'What visitors see',
        body: `A browser that opens \`url\` gets the page as a web page; API clients asking for JSON get the published record. The page shows \`title\` (else the monitor's name), \`description\`, the monitor's current state and one section per \`display_options\` attribute that is true: \`uptime_timeline\` (one bar per day for 30 days), \`response_time\` (a chart of recent response times), \`incidents\` (open and recent incidents) and \`recent_history\` (the last checks). Each section carries \`data-section="uptime-timeline" | "response-time" | "incidents" | "recent-history"\`, so a browser test can check what an apply published. \`noindex = true\` adds \`<meta name="robots" content="noindex">\` and the \`X-Robots-Tag: noindex\` header. Titles and descriptions are shown as text, never as markup. With the local service (\`uptimectl service\`) the page is served at the same address; see docs/local-service.md.`,
      },
      {
        title: 'Requirements',
        body: `- The account plan must include status pages and the token needs the \`status-pages:write\` scope; both are checked at plan time whenever a change is planned (a plan without changes only needs \`monitors:read\`).
- The page must have been set up once in the dashboard (Status page → Set up: slug, URL and, for a custom domain, the DNS and certificate steps). Until then, and while a custom-domain step is pending, apply fails with \`Status page needs dashboard setup\` and says what to do; run apply again afterwards.`,
      },
      {
        title: 'Replacement, create_before_destroy, lost state and restricted tokens',
        body: `Every monitor has exactly one status page; this resource takes it over, so it is never created twice and never lost.

- **Replace** (\`terraform apply -replace\`, or a new \`monitor_id\`): the old instance is destroyed (the page is disabled), then the new one writes the configured values.
- **\`create_before_destroy\`**: the new instance writes the configured values first; the destroy of the old instance that follows in the same apply sees that another instance took the status page over and leaves it as it is, with a warning (\`${leftAsItIs('status page', '', '').summary}\`). A destroy also leaves it, with the same warning, when it changed after this instance last read it.
- **Lost state**: create takes the existing status page over again and writes the configured values; nothing is duplicated. Import (by monitor id) reads it into state without writing.
- **Restricted tokens**: a token whose monitor selection does not hold the monitor cannot read the status page: refresh fails with \`Monitor outside the token's selection\` and keeps it in state; use a token that can see the monitor. It is never reported as deleted.`,
      },
    ],
    import: {
      id: 'the monitor id (a UUID): the page belongs to that monitor.',
      exampleId: '3f2b8c1e-0000-4000-8000-000000000000',
      resourceName: 'api',
      notes:
        'Import reads the current content into state; the next plan shows any difference from the configuration (`enabled` defaults to true, so importing an unpublished page and applying publishes it unless the configuration says `enabled = false`).',
    },
  },
  attributes: resourceAttributes(statusPageTable),
  validateConfig: (config, diags) => {
    diags.add(...validateStatusPageConfig(config));
  },
  modifyPlan: ({ plan, prior, ctx }) => {
    const caps = ctx.providerData?.capabilities;
    // Only a planned change needs these rights; a no-op plan with a read-only token is fine.
    if (prior && JSON.stringify(plan) === JSON.stringify(prior)) return plan;
    if (capabilityFact(caps, ctx.diagnostics, 'features', 'statusPages') === false)
      ctx.diagnostics.error(
        'Status pages not available',
        `${capitalized(planName(caps))} has no status pages.`,
      );
    const scopes = capabilityFact(caps, ctx.diagnostics, 'token', 'scopes');
    if (scopes && !scopes.includes('status-pages:write'))
      ctx.diagnostics.error(
        'Token cannot change status pages',
        `Managing a status page needs the status-pages:write scope; ${tokenName(caps)} has ${scopes.join(', ')}.`,
      );
    return plan;
  },
  importState: async (id) => ({ id: checkImportMonitorId(id), monitor_id: id }),
  identity: monitorPartIdentity,
  create: async ({ plan, ctx }) => write(stripUnknowns(plan), null, ctx),
  update: async ({ plan, prior, ctx }) => write(stripUnknowns(plan), prior.version, ctx),
  read: async ({ state, ctx }) => {
    const client = requireClient(ctx.providerData);
    try {
      const data =
        (await configured(ctx.providerData).listings.statusPage(state.monitor_id)) ??
        (await getPage(client, state.monitor_id)).data;
      return statusPageToModel(data, state);
    } catch (e) {
      if (e instanceof NotFoundError)
        return goneOrHidden(ctx.providerData, ctx.diagnostics, state.monitor_id, 'status page of monitor');
      throw apiFailure('Read failed', e);
    }
  },
  delete: async ({ prior, ctx }) => {
    const client = requireClient(ctx.providerData);
    const id = prior.monitor_id;
    const leave = (): void => {
      const w = leftAsItIs('status page', id, 'disable it');
      ctx.diagnostics.warning(w.summary, w.detail);
    };
    if (configured(ctx.providerData).takenOver.statusPage.has(id)) return leave();
    try {
      const { data, etag } = await getPage(client, id);
      if (!data.enabled) return;
      // If-Match with the version this instance last wrote or read: when another instance took the page over
      // since (a create_before_destroy replacement writes it before this destroy runs), it is left enabled.
      await client.updateStatusPage(id, { enabled: false }, { ifMatch: prior.version ?? etag });
    } catch (e) {
      if (e instanceof NotFoundError) return;
      if (e instanceof PreconditionFailedError) return leave();
      throw apiFailure('Disabling the status page failed', e, { object: 'status page', monitorId: id });
    }
  },
});

async function write(plan: StatusPageModel, version: string | null, ctx: Ctx): Promise<StatusPageModel> {
  const client = requireClient(ctx.providerData);
  const id = plan.monitor_id;
  try {
    const ifMatch = version ?? (await getPage(client, id)).etag;
    const r = await client.updateStatusPage(id, statusPageBody(plan), { ifMatch });
    if (!version) configured(ctx.providerData).takenOver.statusPage.add(id);
    // A service that answers a write without the whole record is read again.
    const data: StatusPage | undefined = r.data;
    return statusPageToModel(data?.enabled !== undefined ? data : (await getPage(client, id)).data, plan);
  } catch (e) {
    throw apiFailure(version ? 'Update failed' : 'Create failed', e, {
      object: 'status page',
      monitorId: id,
    });
  }
}
