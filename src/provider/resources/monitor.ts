// uptime_monitor: an HTTP monitor. Create POST (one random Idempotency-Key per create call), read GET (version token),
// update PATCH with If-Match (+ pause/activate, reactivate, archive), destroy = archive (history kept).
import { DECIDED, type Monitor } from '../../api/index.js';
import { isUnknown, unknown } from '../../protocol/cty/values.js';
import {
  DiagnosticError,
  boolAttr,
  defineResource,
  int64Attr,
  listNestedAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';
import { monitorFields } from '../fields/monitor.js';
import { resourceAttributes } from '../fields/schema.js';
import {
  apiFailure,
  codeOf,
  requireClient,
  statusOf,
  type Client,
  type UptimeProviderData,
} from '../client.js';
import {
  monitorCreateBody,
  monitorToModel,
  monitorUpdateBody,
  validateMonitorConfig,
  type MonitorModel,
} from '../mapping/monitor.js';
import {
  capabilityIntervalCheck,
  checkImportMonitorId,
  goneOrHidden,
  rejectionError,
  stripUnknowns,
} from './common.js';
import { monitorFromListing, noteWrite } from './bulk-reader.js';
import { monitorIdentity } from '../identity.js';

const secretNote =
  'Sensitive: never readable from the API. Terraform keeps the configured value in state while the service reports that a value is saved; if the service reports it gone (for example removed in the dashboard), state drops it and the next plan sends it again.';

export const monitorAttributes = {
  ...resourceAttributes(monitorFields),
  request_headers: listNestedAttr({
    optional: true,
    description:
      'Headers sent with every check, at most 10. The list replaces the saved list as a whole. Omitted, null or `[]`: no headers (equivalent). Every value is sensitive.',
    attributes: {
      name: stringAttr({
        required: true,
        description: 'Header name (an HTTP token, at most 256 characters).',
      }),
      value: stringAttr({
        optional: true,
        sensitive: true,
        description: `Header value, at most 4096 characters. ${secretNote} Null: the saved value (if any) is kept. Conflicts with \`value_wo\`.`,
      }),
      value_wo: stringAttr({
        optional: true,
        sensitive: true,
        writeOnly: true,
        description:
          'Write-only header value (Terraform ≥ 1.11): never stored in plan or state. Requires `value_wo_version` (checked at plan time). Sent on create, when `value_wo_version` changes, and when the service reports the value gone. Conflicts with `value`.',
      }),
      value_wo_version: int64Attr({
        optional: true,
        description:
          'Required with `value_wo`. Change this number to send `value_wo` again. Set to null in state when the service reports the value gone, so the next plan re-sends it.',
      }),
    },
  }),
  auth_config: singleNestedAttr({
    optional: true,
    description:
      'Authentication for the checked URL. Omitted or null: none (`type = "none"`, the service default; equivalent).',
    attributes: {
      type: stringAttr({ required: true, description: '`none` or `basic`.' }),
      username: stringAttr({
        optional: true,
        description: 'Basic-auth user name, at most 256 characters; required when `type = "basic"`.',
      }),
      password: stringAttr({
        optional: true,
        sensitive: true,
        description: `Basic-auth password, at most 1024 characters. ${secretNote} Null: the saved password is kept. Conflicts with \`password_wo\`.`,
      }),
      password_wo: stringAttr({
        optional: true,
        sensitive: true,
        writeOnly: true,
        description:
          'Write-only password (Terraform ≥ 1.11): never stored in plan or state. Requires `password_wo_version` (checked at plan time). Sent on create, when `password_wo_version` changes, and when the service reports the password gone.',
      }),
      password_wo_version: int64Attr({
        optional: true,
        description:
          'Required with `password_wo`. Change this number to send `password_wo` again. Set to null in state when the service reports the password gone, so the next plan re-sends it.',
      }),
    },
  }),
  ssl_monitoring: singleNestedAttr({
    optional: true,
    description:
      'SSL certificate expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).',
    attributes: {
      enabled: boolAttr({ required: true, description: 'Whether certificate expiry is watched.' }),
      warn_days: int64Attr({
        optional: true,
        computed: true,
        default: DECIDED.expiryWarnDays.default,
        description: 'Days before expiry to warn, 1 to 90. Omitted or null: 14.',
      }),
    },
  }),
  domain_monitoring: singleNestedAttr({
    optional: true,
    description:
      'Domain registration expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).',
    attributes: {
      enabled: boolAttr({ required: true, description: 'Whether domain expiry is watched.' }),
      warn_days: int64Attr({
        optional: true,
        computed: true,
        default: DECIDED.expiryWarnDays.default,
        description: 'Days before expiry to warn, 1 to 90. Omitted or null: 14.',
      }),
    },
  }),
};

const changedOutside = (id: string) =>
  new DiagnosticError(
    'Monitor changed outside Terraform',
    `monitor ${id} was changed outside Terraform after this plan was made; run plan again.`,
  );

/** Runs a versioned write; a 412 becomes the "changed outside Terraform" error. */
async function versioned<T>(id: string, what: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (statusOf(e) === 412) throw changedOutside(id);
    throw writeError(what, e, id);
  }
}

function writeError(what: string, e: unknown, id?: string): DiagnosticError {
  const a = e as { existingMonitorId?: string };
  const code = codeOf(e);
  if (statusOf(e) === 409 && (code === 'duplicate_monitor' || a.existingMonitorId)) {
    const existing = a.existingMonitorId ?? '<id>';
    return new DiagnosticError(
      'Monitor already exists',
      `A monitor with the same URL and request method already exists: ${existing}. The service allows one non-archived monitor per URL and request method, and Terraform never adopts an existing monitor silently. To manage it with this resource, import it: terraform import <address> ${existing} (or an import block with id = "${existing}"); otherwise change url or request_method. A replacement with create_before_destroy cannot keep the same URL and request method: the new monitor would be created while the old one still exists, so remove create_before_destroy from this resource.`,
    );
  }
  if (statusOf(e) === 409 && code === 'plan_capacity')
    return new DiagnosticError(
      'Monitor capacity reached',
      'The account plan has no capacity for another monitor (archived monitors do not count). Archive a monitor or upgrade the plan.',
    );
  if (statusOf(e) === 409 && code === 'invalid_state' && id)
    return new DiagnosticError(
      'Monitor in an unexpected state',
      `monitor ${id} is not in the state this plan expected (archived or not); run plan again.`,
    );
  return rejectionError('Monitor rejected by the service', e) ?? apiFailure(what, e);
}

/**
 * POST /monitors. The client creates one random Idempotency-Key for this call and reuses it only for the retries
 * of this request: a key never gives identity across resources, state directories or runs (issue 12), so a
 * monitor that already exists is reported (409 duplicate, with its id and how to import it), never adopted.
 */
async function createMonitor(client: Client, body: Parameters<Client['createMonitor']>[0]): Promise<Monitor> {
  try {
    return (await client.createMonitor(body)).data as Monitor;
  } catch (e) {
    throw writeError('Create failed', e);
  }
}

export const monitorResource = defineResource({
  typeName: 'uptime_monitor',
  description:
    'An HTTP monitor of the uptime-monitoring service.\n\n**Destroy archives the monitor** (checks stop, history is kept; the service has no permanent delete). Applying the same configuration later creates a new monitor; to bring an archived monitor back, import it and apply (`archived` defaults to false, which reactivates it).\n\nRuntime fields (status, last check, response time) are not part of this resource so that a refresh does not report changes every time; read them with the `uptime_monitor` data source.',
  attributes: monitorAttributes,
  docs: {
    examples: [
      {
        title: 'Basic monitor',
        hcl: `resource "uptime_monitor" "api" {
  name             = "API health"
  url              = "https://api.example.com/health"
  interval_seconds = 60
}`,
      },
      {
        title: 'Headers, basic auth and expiry monitoring',
        description:
          '`value` is kept (sensitive) in state; `password_wo` is write-only (Terraform 1.11 or later): it never reaches plan or state, so it can come from an ephemeral variable, and it is sent again when `password_wo_version` changes.',
        hcl: `variable "api_key" {
  type      = string
  sensitive = true
}

variable "probe_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "uptime_monitor" "admin" {
  name                  = "Admin console"
  url                   = "https://admin.example.com/status"
  request_method        = "HEAD"
  timeout_ms            = 5000
  accepted_status_codes = [200, 204]

  request_headers = [
    { name = "X-Api-Key", value = var.api_key },
  ]

  auth_config = {
    type                = "basic"
    username            = "probe"
    password_wo         = var.probe_password
    password_wo_version = 1
  }

  ssl_monitoring    = { enabled = true, warn_days = 30 }
  domain_monitoring = { enabled = true }
}`,
      },
      {
        title: 'Paused and archived monitors',
        description:
          "`enabled = false` pauses checks (the monitor still counts against the plan's capacity); `archived = true` archives it while it stays in the configuration (archived monitors do not count).",
        hcl: `resource "uptime_monitor" "staging" {
  url     = "https://staging.example.com/health"
  enabled = false
}

resource "uptime_monitor" "old_site" {
  url      = "https://old.example.com/"
  archived = true
}`,
      },
    ],
    sections: [
      {
        title: 'Destroy archives the monitor',
        body: `The service has no permanent delete. \`terraform destroy\`, or removing the resource from the configuration, **archives** the monitor: checks stop, its history (checks, incidents, alerts) is kept, and it no longer counts against the plan's monitor capacity. The plan shows a warning for each monitor it will archive:

\`\`\`text
Warning: Destroy archives the monitor

Destroying uptime_monitor <id> (<name>) archives it: checks stop and its history is kept; the service has no
permanent delete. To bring it back later, import it and apply.
\`\`\`

Applying the same configuration again afterwards creates a **new** monitor. To bring the archived one back instead, import it (see Import below) and apply: \`archived\` defaults to false, so the apply reactivates it (with the configured \`interval_seconds\`; the plan's capacity and minimum interval are checked again). A monitor that is already archived is not touched by destroy.`,
      },
      {
        title: 'Changes made outside Terraform',
        body: `- **Drift** (a change in the dashboard or through the API) shows in the next plan as an in-place update back to the configuration, e.g. \`~ interval_seconds = 300 -> 60\`.
- **Concurrent changes**: every change is sent with the monitor's \`version\` from state as \`If-Match\`. If the monitor changed after the plan was made, the apply stops with \`monitor <id> was changed outside Terraform after this plan was made; run plan again.\` and nothing is overwritten.
- **Secrets** are never readable. While the service reports a value as saved, state keeps the configured one; if it reports it gone (for example removed in the dashboard), the next plan shows \`value = (sensitive value)\` (or the \`*_wo_version\` going from null back to its number) and the apply sends it again.
- A create interrupted before Terraform saved the result is not duplicated: the next apply fails with \`Monitor already exists\`, naming the monitor and the import command. The create's \`Idempotency-Key\` only protects the retries of that one request; it never makes two resources, two state directories or two runs share a monitor.`,
      },
      {
        title: 'Replacement, create_before_destroy, lost state and restricted tokens',
        body: `One \`uptime_monitor\` resource instance manages one monitor; Terraform never gets a monitor it did not create or import.

- **Replace** (\`terraform apply -replace\`, or a change that forces replacement) archives the old monitor and then creates a new one with a new id; the old one keeps its history.
- **\`create_before_destroy\`** cannot replace a monitor whose URL and request method stay the same: the service allows one non-archived monitor per URL and request method, and the new one would be created while the old one still exists. The apply fails with \`Monitor already exists\`, names the monitor, and changes nothing (the old monitor stays active and in state). Leave \`create_before_destroy\` off this resource, or change \`url\` / \`request_method\` together with the replacement.
- **Two resources with the same URL and request method** (in one configuration, or in two state directories) never share a monitor: the second create fails with \`Monitor already exists\`.
- **Lost state** (\`terraform state rm\`, a lost state file, an apply interrupted before the state was saved): the next apply does not adopt the existing monitor; it fails with \`Monitor already exists\`, naming its id and the import command. Import it, and the next plan shows any difference from the configuration.
- **Restricted tokens** (a token limited to a selection of monitors) cannot create monitors (checked at plan time). A monitor in state that is outside the token's selection cannot be read: refresh fails with \`Monitor outside the token's selection\` and keeps it in state; use a token that can see it. It is never reported as deleted.`,
      },
      {
        title: 'Plan-time checks',
        body: `Every limit of the API is checked when planning, with the attribute, the rule and the allowed values in the message: lengths, value sets (\`interval_seconds\`, \`request_method\`, \`auth_config.type\`), ranges, header names, at most 10 headers. With a configured provider the plan also checks the account: \`interval_seconds\` against the plan's minimum and allowed intervals, and, for a new monitor, that the token is unrestricted and has the \`monitors:create\` scope. 

**Not checked at plan time:** whether a non-archived monitor with the same URL and request method already exists (that would take a listing of every monitor on each plan). Such a create plans as \`1 to add\`; the apply then fails with \`Monitor already exists\`, naming the existing monitor and the import command, and creates nothing.`,
      },
    ],
    import: {
      id: 'the monitor id (a UUID). The `uptime_monitors` data source lists the ids the token can see.',
      exampleId: '3f2b8c1e-0000-4000-8000-000000000000',
      resourceName: 'api',
      notes: `- **Secrets cannot be read back.** After import, state has no header \`value\`, \`password\` or \`*_wo_version\`. With those set in the configuration, the first plan shows them as \`(sensitive value)\` / version changes and the apply sends them; leave \`value\` and \`password\` null (as \`terraform plan -generate-config-out\` does) to keep the values saved in the service.
- **Archived monitors** import with \`archived = true\` and \`enabled = false\`. Applying a configuration without \`archived = true\` reactivates the monitor.
- See [Importing existing monitors](../guides/importing-existing-monitors.md) for generating configuration with \`terraform plan -generate-config-out\`.`,
    },
  },
  validateConfig: (config, diags) => {
    diags.add(...validateMonitorConfig(config as unknown as Record<string, unknown>));
    const headers = config.request_headers;
    if (Array.isArray(headers))
      headers.forEach((h, i) => {
        if (h === null || isUnknown(h)) return;
        if (h.value !== null && h.value_wo !== null && !isUnknown(h.value) && !isUnknown(h.value_wo))
          diags.error(
            'Conflicting attributes',
            `request_headers[${i}]: set either value or value_wo, not both.`,
            ['request_headers', i, 'value_wo'],
          );
        if (h.value_wo !== null && h.value_wo_version === null)
          diags.error(
            'Missing attribute',
            `request_headers[${i}].value_wo_version is required when request_headers[${i}].value_wo is set (rule: required_with). A write-only value is never in plan or state, so Terraform can only send it again (after a change, or when the service reports it gone) through this number: set it, e.g. value_wo_version = 1, and change it to send a new value.`,
            ['request_headers', i, 'value_wo_version'],
          );
      });
    const auth = config.auth_config;
    if (auth && !isUnknown(auth)) {
      if (
        auth.password !== null &&
        auth.password_wo !== null &&
        !isUnknown(auth.password) &&
        !isUnknown(auth.password_wo)
      )
        diags.error('Conflicting attributes', 'auth_config: set either password or password_wo, not both.', [
          'auth_config',
          'password_wo',
        ]);
      if (auth.password_wo !== null && auth.password_wo_version === null)
        diags.error(
          'Missing attribute',
          'auth_config.password_wo_version is required when auth_config.password_wo is set (rule: required_with). A write-only password is never in plan or state, so Terraform can only send it again (after a change, or when the service reports it gone) through this number: set it, e.g. password_wo_version = 1, and change it to send a new password.',
          ['auth_config', 'password_wo_version'],
        );
      if (auth.type === 'basic' && auth.username === null)
        diags.error(
          'Missing attribute',
          'auth_config.username is required when auth_config.type is "basic" (rule: required).',
          ['auth_config', 'username'],
        );
      if (
        auth.type === 'none' &&
        (auth.username !== null || auth.password !== null || auth.password_wo !== null)
      )
        diags.error(
          'Invalid attribute combination',
          'auth_config: username and password are only used with type = "basic".',
          ['auth_config', 'type'],
        );
    }
  },
  modifyPlan: ({ plan, config, prior, ctx }) => {
    const pd = ctx.providerData as UptimeProviderData | undefined;
    const caps = pd?.capabilities ?? null;
    const next = { ...plan };
    if (config.name === null) {
      if (isUnknown(plan.url)) next.name = unknown;
      else {
        try {
          next.name = new URL(plan.url).host;
        } catch {
          next.name = unknown;
        }
      }
    }
    // Omitted interval: the service's default at create (known after apply: the account's minimum may change
    // between plan and apply, and a known planned value may not change then); afterwards the service's value is
    // kept. Neither depends on the capabilities, so an apply-time re-plan always agrees with the saved plan.
    if (config.interval_seconds === null) next.interval_seconds = prior?.interval_seconds ?? unknown;
    else ctx.diagnostics.add(...capabilityIntervalCheck(caps, next.interval_seconds, ['interval_seconds']));
    if (!prior && caps) {
      if (!caps.token.scopes.includes('monitors:create') || caps.token.restricted)
        ctx.diagnostics.error(
          'Token cannot create monitors',
          `Creating a monitor needs an unrestricted token with the monitors:create scope; this token (${caps.token.name}) has ${caps.token.restricted ? 'a monitor selection' : `scopes ${caps.token.scopes.join(', ')}`}.`,
        );
    }
    // An update is planned whenever a managed value differs from state: the version changes then.
    if (prior) {
      const ignore = new Set(['version', 'updated_at']);
      const differs = Object.keys(monitorAttributes).some(
        (k) =>
          !ignore.has(k) &&
          JSON.stringify(next[k as keyof typeof next]) !== JSON.stringify(prior[k as keyof typeof prior]),
      );
      if (differs) {
        next.version = unknown;
        next.updated_at = unknown;
      }
    }
    return next;
  },
  planDestroy: ({ prior, ctx }) => {
    if (prior.archived) return;
    ctx.diagnostics.warning(
      'Destroy archives the monitor',
      `Destroying uptime_monitor ${prior.id} (${prior.name}) archives it: checks stop and its history is kept; the service has no permanent delete. To bring it back later, import it and apply.`,
    );
  },
  importState: async (id) => ({ id: checkImportMonitorId(id) }),
  identity: monitorIdentity,
  create: async ({ plan, config, ctx }) => {
    const client = requireClient(ctx.providerData);
    noteWrite(ctx.providerData);
    const planned = stripUnknowns(plan) as MonitorModel;
    const body = monitorCreateBody(planned, config as MonitorModel);
    let m = await createMonitor(client, body);
    if (plan.archived === true) {
      m = (
        await versioned(m.id, 'Archive failed', () =>
          client.archiveMonitor(m.id, { ifMatch: m.version ?? '' }),
        )
      ).data as Monitor;
    }
    return monitorToModel(m, planned) as never;
  },
  read: async ({ state, ctx }) => {
    const client = requireClient(ctx.providerData);
    let m: Monitor | undefined = await monitorFromListing(ctx.providerData, state.id!);
    if (!m) {
      try {
        m = (await client.getMonitor(state.id!)).data as Monitor;
      } catch (e) {
        if (statusOf(e) === 404) return goneOrHidden(ctx.providerData, state.id!, 'monitor');
        throw apiFailure('Read failed', e);
      }
    }
    // Always mapped from what the service holds: an unchanged version token says nothing about a state that was
    // planned rather than read (after an update, state holds the planned values).
    return monitorToModel(m, state as MonitorModel) as never;
  },
  update: async ({ plan, prior, config, ctx }) => {
    const client = requireClient(ctx.providerData);
    noteWrite(ctx.providerData);
    const id = prior.id!;
    const planned = stripUnknowns(plan) as MonitorModel;
    const before = prior as MonitorModel;
    let etag = prior.version ?? '';
    let m: Monitor | null = null;
    const take = (r: { data: unknown; etag?: string | null }) => {
      m = r.data as Monitor;
      etag = r.etag ?? m.version ?? etag;
    };
    const body = monitorUpdateBody(planned, before, config as MonitorModel);
    if (body)
      take(await versioned(id, 'Update failed', () => client.updateMonitor(id, body, { ifMatch: etag })));
    const wantArchived = planned.archived === true;
    if (prior.archived && !wantArchived) {
      const interval = planned.interval_seconds;
      take(
        await versioned(id, 'Reactivate failed', () =>
          client.reactivateMonitor(id, interval !== null ? { intervalSeconds: interval } : {}, {
            ifMatch: etag,
          }),
        ),
      );
    }
    if (!wantArchived) {
      const want = planned.enabled !== false;
      const current: Monitor | null = m;
      let isEnabled: boolean;
      if (current) isEnabled = (current as Monitor).enabled;
      else {
        // Nothing versioned ran yet: check that the monitor is still what the plan was made from.
        const g = (await client.getMonitor(id).catch((e: unknown) => {
          throw apiFailure('Read failed', e);
        })) as { data: unknown; etag?: string | null };
        const fresh = g.data as Monitor;
        if (prior.version && fresh.version && fresh.version !== prior.version) throw changedOutside(id);
        take(g);
        isEnabled = fresh.enabled;
      }
      if (want !== isEnabled) {
        const op = want ? 'activateMonitor' : 'pauseMonitor';
        take(await versioned(id, want ? 'Activate failed' : 'Pause failed', () => client[op](id)));
      }
    } else if (!prior.archived) {
      take(await versioned(id, 'Archive failed', () => client.archiveMonitor(id, { ifMatch: etag })));
    }
    if (!m)
      take(await client.getMonitor(id).catch((e: unknown) => Promise.reject(apiFailure('Read failed', e))));
    return monitorToModel(m!, planned) as never;
  },
  delete: async ({ prior, ctx }) => {
    const client = requireClient(ctx.providerData);
    noteWrite(ctx.providerData);
    const id = prior.id!;
    if (prior.archived) return;
    let ifMatch = prior.version ?? '';
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await client.archiveMonitor(id, { ifMatch });
        return;
      } catch (e) {
        if (statusOf(e) === 404) return;
        if (statusOf(e) === 412 && attempt === 0) {
          // Destroy was planned; archiving keeps history, so archive the current version.
          const g = await client.getMonitor(id).catch((err: unknown) => {
            if (statusOf(err) === 404) return null;
            throw apiFailure('Archive failed', err);
          });
          if (!g) return;
          ifMatch = g.etag ?? (g.data as Monitor).version ?? '';
          continue;
        }
        // An archive that happened is success, even when its answer was lost (a 503 or a dropped connection
        // after the service ran it, then retries that failed).
        if (await isArchived(client, id)) return;
        throw apiFailure('Archive failed', e);
      }
    }
  },
});

async function isArchived(client: Client, id: string): Promise<boolean> {
  try {
    return ((await client.getMonitor(id)).data as Monitor).archived === true;
  } catch {
    return false;
  }
}
