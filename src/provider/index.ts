// The `uptime` provider: configuration (base URL, token, timeouts, retries), checked once at configure time
// through GET /capabilities (kept for plan-time checks), and the resources and data sources.
import {
  defineProvider,
  int64Attr,
  stringAttr,
  intBetween,
  DiagnosticError,
} from '../protocol/framework/index.js';
import { isUnknown } from '../protocol/cty/values.js';
import { apiFailure } from './api-errors.js';
import { knownCapabilities, type KnownCapabilities } from './capabilities.js';
import { rateLimitWarning } from './rate-limit-warning.js';
import { RunSession, type UptimeProviderData } from './session.js';
import { rateLimitAttributes, rateLimitSettings } from './rate-limit-settings.js';
import { inDoubtAttributes, inDoubtMaxWaitMs } from './in-doubt-settings.js';
import { baseUrlProblem } from '../api/index.js';
import { monitorResource } from './resources/monitor.js';
import { alertSettingsResource } from './resources/alert-settings.js';
import { statusPageResource } from './resources/status-page.js';
import { dataSources } from './data-sources/index.js';
import { listResources } from './list/index.js';
import { monitorActivateAction, monitorPauseAction } from './actions/monitor-control.js';
import { withGeneratedConfig } from './generate-config.js';
import { PROVIDER_ADDRESS } from './address.js';

export type { UptimeProviderData } from './session.js';

export { PROVIDER_ADDRESS };

/** Checks base_url by the base-URL rule (src/api/base-url.ts); a diagnostic on `base_url` names what is wrong, never
 *  repeating `token`. */
export function checkBaseUrl(raw: string, token?: string): string {
  const problem = baseUrlProblem(raw, 'base_url', token ? [token] : []);
  if (!problem) return raw;
  const summary = problem.rule === 'https' ? 'Insecure base_url' : 'Invalid base_url';
  throw new DiagnosticError(summary, `${problem.message}.`, ['base_url']);
}

export const uptimeProvider = defineProvider({
  typeName: 'uptime',
  address: PROVIDER_ADDRESS,
  schema: {
    description:
      'Manages monitors and related objects of the uptime-monitoring service (Monitoring Service API v1).',
    attributes: {
      base_url: stringAttr({
        optional: true,
        description:
          'Base URL of the Monitoring Service API, e.g. `https://api.uptime.example/v1`. Defaults to the `UPTIME_BASE_URL` environment variable; one of the two is required. Must use https, except for `localhost`, `127.0.0.1` and `::1` (the local service, `npx uptimectl service`).',
      }),
      token: stringAttr({
        optional: true,
        sensitive: true,
        description: 'API token. Defaults to the `UPTIME_API_TOKEN` environment variable.',
      }),
      request_timeout_ms: int64Attr({
        optional: true,
        validators: [intBetween(1, 600_000)],
        description:
          'Deadline of one attempt of a read request (GET), in milliseconds, 1 to 600000. Omitted or null: 15000. Writes keep 30 seconds per attempt and connecting 5 seconds; this setting changes neither.',
      }),
      max_retries: int64Attr({
        optional: true,
        validators: [intBetween(0, 20)],
        description:
          'How many times a failed request is retried, 0 to 20 (connection errors, timeouts and 500/502/503/504, with exponential backoff and jitter, honouring `Retry-After`; a write is retried only with the same Idempotency-Key). A request answered 429 (rate limited) is not a failure: it waits for the allowance and does not count (see `rate_limit_max_wait`). Omitted or null: 2 (three attempts in all).',
      }),
      ...rateLimitAttributes,
      ...inDoubtAttributes,
    },
  },
  configure: async ({ config, ctx }): Promise<UptimeProviderData> => {
    if (Object.values(config).some((v) => isUnknown(v))) return RunSession.unconfigured();
    const rateLimit = rateLimitSettings({
      rate_limit_max_wait: config.rate_limit_max_wait as string | null,
      rate_limit_share: config.rate_limit_share as number | null,
    });
    const baseUrl = (config.base_url as string | null) ?? process.env.UPTIME_BASE_URL ?? null;
    const token = (config.token as string | null) ?? process.env.UPTIME_API_TOKEN ?? null;
    if (!baseUrl)
      throw new DiagnosticError(
        'Missing base_url',
        'Set the provider argument base_url or the UPTIME_BASE_URL environment variable.',
        ['base_url'],
      );
    if (!token)
      throw new DiagnosticError(
        'Missing API token',
        'Set the provider argument token (from a sensitive variable) or the UPTIME_API_TOKEN environment variable. Tokens are created in the dashboard under account integrations.',
        ['token'],
      );
    checkBaseUrl(baseUrl, token);
    // Client events carry method, path template, attempt and status only (never headers or bodies).
    const apiLog = ctx.logger.named('api');
    const { client, open } = RunSession.connect(
      {
        baseUrl,
        token,
        requestTimeoutMs: (config.request_timeout_ms as number | null) ?? null,
        maxRetries: (config.max_retries as number | null) ?? null,
        maxRateLimitWaitMs: rateLimit.maxWaitMs,
        inDoubtMaxWaitMs: inDoubtMaxWaitMs(config.in_doubt_max_wait as string | null),
        rateLimitShare: rateLimit.share,
      },
      (e) => apiLog.debug(`${e.event} ${e.method} ${e.path}`, { ...e }),
    );
    let capabilities: KnownCapabilities;
    try {
      // Whatever facts the service reports are used; a missing one only turns the checks that need it off.
      capabilities = knownCapabilities((await client.getCapabilities()).data);
    } catch (e) {
      throw apiFailure('Cannot reach the Monitoring Service API', e, { service: true });
    }
    return open(capabilities);
  },
  runDiagnostics: rateLimitWarning,
  docs: {
    examples: [
      {
        hcl: `terraform {
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "~> 0.1"
    }
  }
}

variable "uptime_api_token" {
  type      = string
  sensitive = true
}

provider "uptime" {
  base_url = "https://api.uptime.example/v1"
  token    = var.uptime_api_token

  # Optional: per-attempt deadline of read requests and retries of failed requests.
  request_timeout_ms = 20000
  max_retries        = 4

  # Optional: one of four stacks applied at once with this token, allowed to wait up to 30 minutes for it.
  rate_limit_share    = 0.25
  rate_limit_max_wait = "30m"
}

resource "uptime_monitor" "api" {
  name = "API health"
  url  = "https://api.example.com/health"
}`,
      },
    ],
    sections: [
      {
        title: 'Configuration from the environment',
        body: `Both required settings can come from the environment instead, which keeps the token out of the configuration altogether (an empty \`provider "uptime" {}\` block, or none, is then enough):

\`\`\`shell
export UPTIME_BASE_URL=https://api.uptime.example/v1
export UPTIME_API_TOKEN=upt_...   # from your secret store
terraform plan
\`\`\`

Arguments set in the \`provider\` block win over the environment. When the provider starts it checks \`base_url\` (absolute; https unless it points at this machine) and reads \`GET /capabilities\` once with the token: an unknown, revoked or expired token fails there with \`API token rejected\`. What the token and the account's plan allow is kept for plan-time checks (and is readable with the \`uptime_capabilities\` data source). The API specification does not show the fields of that answer: when a service does not report a fact a check needs (or reports it in another shape), that check is off and the run says so once with the warning \`Some plan-time checks are off\`; the service still checks every write.`,
      },
      {
        title: 'Token scopes',
        body: `Tokens (\`upt_\` followed by 40 hex characters) are created in the dashboard under account integrations, with a set of scopes and either all monitors or selected monitors; the value is shown once. Pass the token from a sensitive variable or the environment, never as a literal in the configuration. What each part of the provider needs:

- Provider start-up, \`uptime_capabilities\` and \`uptime_usage\`: any valid token.
- Refresh and import of \`uptime_monitor\` and \`uptime_status_page\`; the data sources \`uptime_monitor\`, \`uptime_monitors\`, \`uptime_status_page\`, \`uptime_incidents\`, \`uptime_monitor_summary\` and \`uptime_monitor_alerts\`: \`monitors:read\`.
- \`uptime_monitor_checks\`: \`monitors:read\` and \`checks:read\`, on a Pro plan.
- Creating an \`uptime_monitor\`: \`monitors:create\`, on an unrestricted token (checked at plan time).
- Changing monitor fields: \`monitors:update\`.
- Changing \`enabled\` (pause, activate): \`monitors:control\` (or the legacy \`monitors:write\`).
- Destroying an \`uptime_monitor\` (archive) and changing \`archived\` (archive, reactivate): \`monitors:archive\`.
- \`uptime_monitor_alert_settings\` (reading too) and \`uptime_alert_destinations\`: \`alerts:write\`.
- Changing an \`uptime_status_page\` (both checked at plan time: the scope and a plan with status pages) and destroying one (which disables the page): \`status-pages:write\`.

A token restricted to selected monitors sees only those: any other monitor answers 404 to it, so Terraform would take a managed monitor outside the selection as deleted and plan to create it again. Use an unrestricted token for configurations that manage monitors. A plan-only token for pull requests needs \`monitors:read\` (plus \`alerts:write\` when alert settings are managed), and the create and status-page scopes when the plan contains such changes, because those are checked at plan time.`,
      },
      {
        title: 'API requests and rate limits',
        body: `Every \`terraform plan\` and \`apply\` refreshes what the state holds, and each API token has a per-minute allowance (\`uptime_capabilities\` shows it; 120 requests a minute on the Pro plan). What a no-op plan costs, for M monitors, P status pages and A alert settings in the state:

| What                            | Requests                                                                                                                |
| ------------------------------- | ----------------------------------------------------------------------------------------------------------------------- |
| Provider start-up               | 1 (\`GET /capabilities\`)                                                                                                 |
| \`uptime_monitor\`                | ⌈M/100⌉ + at most 2: one GET for the first, then 100-monitor pages of \`GET /monitors\` (paused ones on a second listing) |
| \`uptime_status_page\`            | ⌈P/100⌉ + at most 1: one GET for the first, then pages of \`GET /status-pages\`                                           |
| \`uptime_monitor_alert_settings\` | A: the API reads alert settings one monitor at a time                                                                   |

Archived monitors, disabled status pages and records outside a restricted token's selection are read with one GET each. Listing pages are never more than the account holds, nor more than the reads asked for, so a small state in a large account costs at most about one request per resource. After any write in the same provider process (a monitor, alert settings, a status page, a pause or activate action), reads go back to one GET each, so an apply never sees an earlier listing.

So 1,000 monitors cost about 12 requests per plan, a few seconds of allowance; 300 monitors each with alert settings cost about 306, which at 120 requests a minute is about 2.5 minutes. Writes cost one request each, plus one for a pause, activate, archive or reactivate, and a read before alert-settings and status-page writes. What helps a run that alone needs more than its allowance: a token on a plan with a larger allowance; \`terraform plan -refresh=false\` for quick previews (nothing is read; drift is not seen); and smaller states, in particular fewer alert settings per state, since each costs a request on every plan.

**Waiting is not failing.** The provider spreads its requests over the allowance instead of collecting \`429\` answers, and a request the service does answer \`429\` (rate limited) waits for the window's reset (\`X-RateLimit-Reset\`) and is sent again, before the requests that have not waited yet; it never counts against \`max_retries\`, which is for connection errors, timeouts and \`5xx\` answers. A run fails only when it has waited \`rate_limit_max_wait\` in all (15 minutes unless set), with an error that names the token's allowance, how long the run waited and what helps; what was not applied stays in the plan. A run that the allowance slowed ends with one warning, \`API rate limit slowed this plan\` or \`API rate limit slowed this apply\` (Terraform starts the provider once for the plan and once for the apply, and each reports its own), with the requests it sent, how many waited and for how long in all and at most, the \`429\` answers, the requests of other users of the token it saw, and advice that fits them.

**Many stacks, one token.** The allowance belongs to the token, not to a state: stacks planned or applied at the same time with one token (a CI matrix over a monorepo, Atlantis' parallel plans, \`terragrunt run-all\`) share it, and splitting a configuration into more states does not make more of it. Each run reads from the service's answers how much of the current minute is left and how much the others take, and paces its part of what remains over the rest of the minute, so runs started together share the allowance evenly, finish at about the same time and rarely meet a \`429\`; a run that finds nobody else using the token takes what remains at once. \`npm run bench:stacks K M\`, from a checkout of the project, measures this: K stacks of M monitors applied, re-planned and destroyed at once on one token.

| Setting               | Environment variable                               | What it does                                                                                                                                                                                                                                                |
| --------------------- | -------------------------------------------------- | ----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------- |
| \`rate_limit_share\`    | \`UPTIME_RATE_LIMIT_SHARE\` (\`0.25\`, \`1/4\` or \`25%\`) | The share of the token this run paces itself to while others use it, e.g. \`1/4\` for one of four stacks applied at once, or more for the stack that matters most. A run alone on the token still uses all of it. Unset: estimated from what the others take. |
| \`rate_limit_max_wait\` | \`UPTIME_RATE_LIMIT_MAX_WAIT\` (\`15m\`, \`1h\`, \`90s\`)  | How long a run may wait for the allowance in all before it fails (default 15 minutes). Raise it for large runs on a small allowance.                                                                                                                        |
| \`max_retries\`         |                                                    | Retries of failed requests (connection errors, timeouts, \`5xx\`); \`429\` answers are not failures.                                                                                                                                                            |
| \`in_doubt_max_wait\`   | \`UPTIME_IN_DOUBT_MAX_WAIT\` (\`10m\`, \`1h\`)           | How long a write whose answer was lost (dropped connection, timeout, \`5xx\`) is sent again with its own Idempotency-Key until the service says what happened (default 10 minutes). Not a failure and not counted in \`max_retries\`.                           |

A recipe for parallel CI (a GitHub Actions matrix; the same environment variables work in GitLab's \`parallel: matrix\`, Atlantis workflows and \`terragrunt run-all --terragrunt-parallelism 4\`):

\`\`\`yaml
jobs:
  apply:
    strategy:
      matrix:
        stack: [payments, search, web, mobile]
    env:
      UPTIME_API_TOKEN: \${{ secrets.UPTIME_API_TOKEN }}
      UPTIME_RATE_LIMIT_SHARE: '1/4' # one of the four stacks applied at once
      UPTIME_RATE_LIMIT_MAX_WAIT: 30m # a large matrix on a small allowance waits longer
    steps:
      - uses: actions/checkout@v4
      - run: terraform -chdir=stacks/\${{ matrix.stack }} init -input=false
      - run: terraform -chdir=stacks/\${{ matrix.stack }} apply -input=false -auto-approve
\`\`\`

Better still, give each stack or pipeline a token of its own: each token has its own allowance, and none of the runs waits for another.`,
      },
      {
        title: 'Speed',
        body: `Terraform starts the provider 3 times for a \`terraform plan\` and 4 times for an \`apply\`, and makes about 4 calls per monitor in a no-op plan. Most of a small plan is the provider's start-ups: a Node process that serves mTLS gRPC needs some tens of milliseconds before its first answer. The release executables (\`terraform-provider-uptime_<version>_linux_amd64.zip\`) start from a V8 startup snapshot and answer first sooner than the npm package. In a large plan, most of the time is Terraform's own work per instance, which any provider pays, and an apply also waits for the service to create each monitor.

To measure on your machine, from a checkout of the project with the Go anchor beside it (a Go provider with exactly \`uptime_monitor\`'s schema whose handlers do nothing: the floor any provider with this schema can reach): \`bash ../shared/bench/go-anchor/build.sh\` once, then \`npm run bench:native 10\` or \`npm run bench:native 1000\` (about 3 and 13 minutes; \`BENCH_NODE=/path/to/node\` picks the Node that runs the provider). It prints the times and every ratio to the Go floor; the project's \`bench/README.md\` says how to read them and keeps the measurements.`,
      },
      {
        title: 'Guides',
        body: `- [Installing the provider](install.md)
- [Importing existing monitors](guides/importing-existing-monitors.md)
- [Reviewing changes in pull requests](guides/reviewing-changes-in-pull-requests.md)
- [The monitor review as an HCP Terraform run task](guides/run-tasks.md) (\`uptimectl run-task serve\`)
- [Monitoring coverage](guides/monitoring-coverage.md) (\`plan-report --coverage\`: the public endpoints a plan adds that no monitor watches, and the CDKTF aspect \`MonitorPublicEndpoints\`)
- [Detecting drift on a schedule](guides/detecting-drift.md)
- [Verifying monitors after apply](guides/verifying-monitors-after-apply.md) (check blocks and \`terraform test\` on fresh facts: \`wait_for_check\`, summaries, checks, alerts, usage)
- [Quiet monitors during deployments](guides/quiet-monitors-during-deployments.md) (the actions \`uptime_monitor_pause\` and \`uptime_monitor_activate\`, Terraform 1.14+, and \`uptimectl monitors pause|activate\`)
- [Developing and testing against the local service](guides/local-service.md)
- [Testing monitoring configuration](guides/testing-monitoring-configuration.md) (\`terraform test\` against the local service and with \`mock_provider\`, \`expect_failures\` through preconditions, CDKTF tests with jest)`,
      },
    ],
  },
  resources: [monitorResource, alertSettingsResource, statusPageResource].map(withGeneratedConfig),
  dataSources,
  listResources,
  actions: [monitorPauseAction, monitorActivateAction],
});
