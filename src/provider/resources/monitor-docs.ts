// uptime_monitor's documentation (docs/resources/monitor.md): description, examples, the sections on destroy,
// changes made outside Terraform, replacement and plan-time checks, and the import notes.
import { SECRET_MARKERS } from '../../api/index.js';
import type { ResourceDocs } from '../../protocol/framework/index.js';
import { changedOutsideTerraform } from './common.js';

export const monitorDescription =
  'An HTTP monitor of the uptime-monitoring service.\n\n**Destroy archives the monitor** (checks stop, history is kept; the service has no permanent delete). Applying the same configuration later creates a new monitor; to bring an archived monitor back, import it and apply (`archived` defaults to false, which reactivates it).\n\nRuntime fields (status, last check, response time) are not part of this resource so that a refresh does not report changes every time; read them with the `uptime_monitor` data source.';

export const monitorDocs: ResourceDocs = {
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
        '`value` is kept (sensitive) in state; `password_wo` is write-only (Terraform or OpenTofu 1.11 or later; OpenTofu 1.8–1.10 get an error at plan naming `password`): it never reaches plan or state, so it can come from an ephemeral variable, and it is sent again when `password_wo_version` changes.',
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

Destroying uptime_monitor <id> ("<name>") archives it: checks stop and its history is kept; the service has no
permanent delete. To bring it back later, import it and apply.
\`\`\`

Applying the same configuration again afterwards creates a **new** monitor. To bring the archived one back instead, import it (see Import below) and apply: \`archived\` defaults to false, so the apply reactivates it (with the configured \`interval_seconds\`; the plan's capacity and minimum interval are checked again). A monitor that is already archived is not touched by destroy.`,
    },
    {
      title: 'Changes made outside Terraform',
      body: `- **Drift** (a change in the dashboard or through the API) shows in the next plan as an in-place update back to the configuration, e.g. \`~ interval_seconds = 300 -> 60\`.
- **Concurrent changes**: every change is sent with the monitor's \`version\` from state as \`If-Match\`. If an attribute this resource manages changed after the plan was made, the apply stops with \`${changedOutsideTerraform('monitor', '<id>').detail}\` and nothing is overwritten. A new version that changed none of them (the slow-response settings written by \`uptime_monitor_alert_settings\`, which the monitor shows, for example before an apply with \`-refresh=false\`) does not stop the apply: it continues from the current version.
- **Secrets** are never readable. While the service reports a value as saved, state keeps the configured one; if it reports it gone (for example removed in the dashboard), the next plan shows \`value = ${SECRET_MARKERS.value}\` (or the \`*_wo_version\` going from null back to its number) and the apply sends it again.
- **A lost answer** (a dropped connection, a timeout, a \`5xx\` from a proxy) is not a failure: the write is sent again with its own \`Idempotency-Key\` until the service says what happened, for up to \`in_doubt_max_wait\` (10 minutes unless set); only then does the apply fail, with \`Monitor may have been created\`.
- A create interrupted before Terraform saved the result (a cancelled CI job, a killed runner) is not duplicated: the next apply fails with \`Monitor already exists\`, naming the monitor (name, id, method and URL, creation time) and the one command that adopts what the interrupted apply left, \`npx uptimectl adopt\` (it writes the import blocks; then \`terraform apply\`: [guide](../guides/importing-existing-monitors.md#recovering-from-an-interrupted-apply)). The create's \`Idempotency-Key\` only protects the retries of that one request; it never makes two resources, two state directories or two runs share a monitor.`,
    },
    {
      title: 'Replacement, create_before_destroy, lost state and restricted tokens',
      body: `One \`uptime_monitor\` resource instance manages one monitor; Terraform never gets a monitor it did not create or import.

- **Replace** (\`terraform apply -replace\`, or a change that forces replacement) archives the old monitor and then creates a new one with a new id; the old one keeps its history.
- **\`create_before_destroy\`** cannot replace a monitor whose URL and request method stay the same: the service allows one non-archived monitor per URL and request method, and the new one would be created while the old one still exists. The apply fails with \`Monitor already exists\`, names the monitor, and changes nothing (the old monitor stays active and in state). Leave \`create_before_destroy\` off this resource, or change \`url\` / \`request_method\` together with the replacement.
- **Two resources with the same URL and request method** (in one configuration, or in two state directories) never share a monitor: the second create fails with \`Monitor already exists\`.
- **Lost state** (\`terraform state rm\`, a lost state file, an apply interrupted before the state was saved): the next apply does not adopt the existing monitor; it fails with \`Monitor already exists\`, naming the monitor and \`npx uptimectl adopt\`. Import it (that command writes the import block), and the next plan shows any difference from the configuration.
- **Restricted tokens** (a token limited to a selection of monitors) cannot create monitors (checked at plan time). A monitor in state that is outside the token's selection cannot be read: refresh fails with \`Monitor outside the token's selection\` and keeps it in state; use a token that can see it. It is never reported as deleted.`,
    },
    {
      title: 'Plan-time checks',
      body: `Every limit of the API is checked when planning, with the attribute, the rule and the allowed values in the message: lengths, value sets (\`interval_seconds\`, \`request_method\`, \`auth_config.type\`), ranges, header names, at most 10 headers. With a configured provider the plan also checks the account: \`interval_seconds\` against the plan's minimum and allowed intervals, and, for a new monitor, that the token is unrestricted and has the \`monitors:create\` scope. 

**Not checked at plan time:** whether a non-archived monitor with the same URL and request method already exists (that would take a listing of every monitor on each plan). Such a create plans as \`1 to add\`; the apply then fails with \`Monitor already exists\`, naming the existing monitor and \`npx uptimectl adopt\`, and creates nothing (\`uptimectl plan-report --check\` finds such creates before merge).`,
    },
  ],
  import: {
    id: 'the monitor id (a UUID). The `uptime_monitors` data source lists the ids the token can see.',
    exampleId: '3f2b8c1e-0000-4000-8000-000000000000',
    resourceName: 'api',
    notes: `- **Secrets cannot be read back.** After import, state has no header \`value\`, \`password\` or \`*_wo_version\`. With those set in the configuration, the first plan shows them as \`${SECRET_MARKERS.value}\` / version changes and the apply sends them; leave \`value\` and \`password\` null (as \`terraform plan -generate-config-out\` does) to keep the values saved in the service.
- **Archived monitors** import with \`archived = true\` and \`enabled = false\`. Applying a configuration without \`archived = true\` reactivates the monitor.
- See [Importing existing monitors](../guides/importing-existing-monitors.md) for generating configuration with \`terraform plan -generate-config-out\`.`,
  },
};
