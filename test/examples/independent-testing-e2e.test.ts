// Independent checks of what `terraform test` users and OpenTofu users meet, written from Terraform's documentation
// and source (language/tests, language/tests/mocking, internal/moduletest/mocking: a mocked string is 8 random
// letters and digits, a number 0, a list empty; ValidateResourceConfig still goes to the real provider) and
// OpenTofu's (a source without a host is registry.opentofu.org), not from our examples:
// - a plain `mock_provider "uptime" {}` over a configuration using every resource and data source of the provider,
//   with references that carry mocked values into validated attributes (a status page's URL as a monitor's `url`,
//   another monitor's destinations), `command = plan` and `apply`, override_data / override_resource, and
//   expect_failures on a variable, a precondition and a check block;
// - the literals those rules guard still refused by `terraform plan` against a real service, not by validate;
// - `wait_for_check` bounds refused by `terraform validate`, naming the attribute and what is allowed;
// - `uptime_monitors` leaves archived monitors out unless `include_archived = true`;
// - one `uptimectl provider install` mirror serving a `registry.opentofu.org/…` source and a bare one in two
//   directories of one run, each lock file naming its own host with the same hash.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  terraformAvailable,
  TerraformWorkspace,
  type RunResult,
} from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { ServiceApi } from '../provider/helpers.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const heavy = terraformAvailable() && heavyE2eEnabled() ? it : it.skip;

const flat = (s: string) => s.replace(/\s+/g, ' ');
const outcome = (r: RunResult) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

const PROVIDERS = (source: string) => `terraform {
  required_providers {
    uptime = { source = "${source}" }
  }
}
`;

/** Every resource and data source of the provider, with references between them. */
const EVERYTHING = `${PROVIDERS('uptime-monitoring/uptime')}
variable "interval" {
  type    = number
  default = 300
  validation {
    condition     = contains([60, 300, 900], var.interval)
    error_message = "interval must be 60, 300 or 900."
  }
}

variable "publish" {
  type    = bool
  default = true
}

resource "uptime_monitor" "api" {
  name             = "API health"
  url              = "https://api.example.com/health"
  interval_seconds = var.interval
}

resource "uptime_status_page" "api" {
  monitor_id = uptime_monitor.api.id
  title      = "API status"

  lifecycle {
    precondition {
      condition     = var.publish
      error_message = "publishing is switched off."
    }
  }
}

# The status page itself is monitored: its URL comes from another object.
resource "uptime_monitor" "page" {
  name = "Status page"
  url  = uptime_status_page.api.url
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id
  channels   = { email = true, sms = false }
}

# The same destinations as the API monitor.
resource "uptime_monitor_alert_settings" "page" {
  monitor_id      = uptime_monitor.page.id
  destination_ids = uptime_monitor_alert_settings.api.destination_ids
}

data "uptime_capabilities" "this" {}
data "uptime_usage" "this" {}
data "uptime_alert_destinations" "email" {
  channel = "email"
}
data "uptime_monitors" "all" {
  include_archived = true
}
# Monitors changed since the API monitor was: a time from another object.
data "uptime_monitors" "since_api" {
  updated_after = uptime_monitor.api.updated_at
}
data "uptime_incidents" "api" {
  monitor_id = uptime_monitor.api.id
}
data "uptime_monitor" "api" {
  id = uptime_monitor.api.id
}
data "uptime_status_page" "api" {
  monitor_id = uptime_status_page.api.monitor_id
}
data "uptime_monitor_summary" "api" {
  monitor_id = uptime_monitor.api.id
  range      = "7d"
}
data "uptime_monitor_checks" "api" {
  monitor_id = uptime_monitor.api.id
  limit      = 5
}
data "uptime_monitor_alerts" "api" {
  monitor_id = uptime_monitor.api.id
}

check "api_up" {
  data "uptime_monitor" "fresh" {
    id             = uptime_monitor.api.id
    wait_for_check = "2m"
  }

  assert {
    condition     = data.uptime_monitor.fresh.status == "up"
    error_message = "the API monitor is not up."
  }
}

output "api_uptime" {
  value = data.uptime_monitor_summary.api.uptime_percent
}

output "page_url" {
  value = uptime_monitor.page.url
}
`;

const SUITE = `mock_provider "uptime" {}

# A mocked status is random: the check block passes only where its data source is given a value.
override_data {
  target = data.uptime_monitor.fresh
  values = {
    status = "up"
  }
}

run "plan_sees_configuration" {
  command = plan

  # A check block whose data source reads an id known only after apply cannot be judged in a plan run:
  # terraform test makes that an error (a plain terraform plan, a warning), so expect it.
  expect_failures = [check.api_up]

  assert {
    condition     = uptime_monitor.api.interval_seconds == 300 && uptime_monitor_alert_settings.api.channels.email
    error_message = "configured values are known at plan"
  }
}

run "apply_carries_mocked_references" {
  assert {
    condition     = uptime_monitor.page.url == uptime_status_page.api.url && output.page_url == uptime_status_page.api.url
    error_message = "the mocked status page URL is the monitor's url"
  }

  assert {
    condition     = uptime_monitor_alert_settings.page.destination_ids.email == uptime_monitor_alert_settings.api.destination_ids.email
    error_message = "the copied destinations are the API monitor's"
  }

  assert {
    condition     = data.uptime_monitor.api.id == uptime_monitor.api.id && data.uptime_status_page.api.monitor_id == uptime_monitor.api.id
    error_message = "data sources read the mocked ids"
  }
}

run "overrides" {
  override_data {
    target = data.uptime_monitor_summary.api
    values = {
      uptime_percent = 99.5
    }
  }

  # An override applies when the object is made (runs share one state): replace the page.
  plan_options {
    replace = [uptime_status_page.api]
  }

  override_resource {
    target = uptime_status_page.api
    values = {
      url = "https://status.example.com/api"
    }
  }

  assert {
    condition     = output.api_uptime == 99.5
    error_message = "override_data sets a data source's values"
  }

  assert {
    condition     = output.page_url == "https://status.example.com/api"
    error_message = "override_resource values reach the referencing monitor"
  }
}

run "variable_rule" {
  command = plan

  variables {
    interval = 61
  }

  expect_failures = [var.interval]
}

run "precondition" {
  command = plan

  variables {
    publish = false
  }

  expect_failures = [uptime_status_page.api]
}

run "check_block" {
  override_data {
    target = data.uptime_monitor.fresh
    values = {
      status = "down"
    }
  }

  expect_failures = [check.api_up]
}
`;

/** Literals that break the rules moved to plan time: `terraform validate` accepts them, `terraform plan` does not. */
const LITERALS = `
resource "uptime_monitor" "ftp" {
  url = "ftp://files.example.com/"
}

resource "uptime_monitor_alert_settings" "swapped" {
  monitor_id = "3f2b8c1e-0000-4000-8000-00000000000a"
  destination_ids = {
    email = "dest_sms_0123456789abcdef01234567"
    sms   = null
  }
}

data "uptime_monitor_checks" "literal" {
  monitor_id = "api-monitor"
}

data "uptime_monitors" "literal" {
  updated_after = "yesterday"
}
`;

describeTf(
  'independent: terraform test with mocks, plan-time rules, archived monitors, the two-host mirror',
  () => {
    let ws: TerraformWorkspace;
    let svc: RunningService;
    const noService = { UPTIME_BASE_URL: 'http://127.0.0.1:9/v1', UPTIME_API_TOKEN: '' };
    const inDir = (name: string, files: Record<string, string>) => {
      const dir = join(ws.dir, name);
      mkdirSync(join(dir, 'tests'), { recursive: true });
      for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
      return (args: string[], env: NodeJS.ProcessEnv = {}) =>
        ws.run([`-chdir=${dir}`, ...args, '-no-color'], env);
    };

    beforeAll(async () => {
      ws = TerraformWorkspace.create({ providerBundle: await buildProvider(REAL_PROVIDER_ENTRY) });
      svc = await createService({ port: 0, logErrors: false, engine: false });
    }, HANG_GUARD_MS);
    afterAll(async () => {
      await svc?.close();
      ws?.dispose();
    });

    it(
      'a plain mock_provider plans and applies every resource and data source; mocked references pass validation; the rules still refuse literals at plan',
      async () => {
        const tf = inDir('everything', { 'main.tf': EVERYTHING, 'tests/everything.tftest.hcl': SUITE });
        expect((await tf(['init'], noService)).code).toBe(0);
        const tested = await tf(['test'], noService);
        expect(outcome(tested)).toMatch(/^exit 0\n[\s\S]*Success! 6 passed, 0 failed\./);
        for (const run of [
          'plan_sees_configuration',
          'apply_carries_mocked_references',
          'overrides',
          'variable_rule',
          'precondition',
          'check_block',
        ])
          expect(tested.stdout).toContain(`run "${run}"... pass`);

        // The literals: accepted by validate (the values could have been references) …
        writeFileSync(join(ws.dir, 'everything', 'literals.tf'), LITERALS);
        const validated = await tf(['validate'], noService);
        expect([validated.code, validated.stdout]).toEqual([
          0,
          expect.stringContaining('The configuration is valid.'),
        ]);
        // … and refused by plan against a real service, each on its attribute, with the rule, before any write.
        const env = { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full };
        const before = (await new ServiceApi(svc, svc.tokens.full!).listMonitors()).length;
        const plan = await tf(
          [
            'plan',
            '-target=uptime_monitor.ftp',
            '-target=uptime_monitor_alert_settings.swapped',
            '-target=data.uptime_monitor_checks.literal',
            '-target=data.uptime_monitors.literal',
          ],
          env,
        );
        expect(plan.code).toBe(1);
        const err = flat(plan.stderr);
        expect(err).toContain(
          'with uptime_monitor.ftp, on literals.tf line 3, in resource "uptime_monitor" "ftp": 3: url = "ftp://files.example.com/" url must be an absolute http or https URL (rule: format).',
        );
        expect(err).toContain('destination_ids.email must match ^dest_email_[a-f0-9]{24}$ (rule: format).');
        expect(err).toContain('monitor_id must be a monitor id (a UUID) (rule: format).');
        expect(err).toMatch(
          /with data\.uptime_monitors\.literal, .* updated_after must be .*\(rule: format\)\./,
        );
        expect((await new ServiceApi(svc, svc.tokens.full!).listMonitors()).length).toBe(before);
      },
      HANG_GUARD_MS,
    );

    it(
      'wait_for_check: durations out of bounds or not durations are refused by validate, naming the attribute and the allowed values',
      async () => {
        const values = ['-5m', '31m', '1h', 'soon', '5', '2 m'];
        const tf = inDir('wait-bounds', {
          'main.tf':
            PROVIDERS('uptime-monitoring/uptime') +
            values
              .map(
                (v, i) =>
                  `data "uptime_monitor_summary" "w${i}" {\n  monitor_id     = "3f2b8c1e-0000-4000-8000-00000000000a"\n  wait_for_check = "${v}"\n}\n`,
              )
              .join('') +
            'data "uptime_monitor_checks" "ok" {\n  monitor_id     = "3f2b8c1e-0000-4000-8000-00000000000a"\n  wait_for_check = "30m"\n}\n' +
            'data "uptime_monitor_alerts" "ok" {\n  monitor_id     = "3f2b8c1e-0000-4000-8000-00000000000a"\n  wait_for_check = "1m30s"\n}\n',
        });
        expect((await tf(['init'], noService)).code).toBe(0);
        const r = await tf(['validate'], noService);
        expect(r.code).toBe(1);
        const err = flat(r.stderr);
        for (const [i, v] of values.entries()) {
          expect([v, err]).toEqual([v, expect.stringContaining(`data "uptime_monitor_summary" "w${i}"`)]);
          expect(err).toContain(
            `wait_for_check must be a duration such as "90s", "5m" or "1m30s", at most "30m" (rule: duration; got ${JSON.stringify(v)}).`,
          );
        }
        // The two in bounds are not named.
        expect(err).not.toContain('"ok"');
        expect(err.match(/wait_for_check must be/g)).toHaveLength(values.length);
      },
      HANG_GUARD_MS,
    );

    it(
      'uptime_monitors: archived monitors are left out by default and listed with include_archived = true',
      async () => {
        const api = new ServiceApi(svc, svc.tokens.full!);
        const live = await api.data('POST', '/monitors', {
          url: 'https://live.example.com/',
          name: 'live one',
        });
        const made = await api.call('POST', '/monitors', {
          url: 'https://gone.example.com/',
          name: 'gone one',
        });
        const gone = made.json.data;
        const archived = await api.call('POST', `/monitors/${gone.id}/archive`, undefined, {
          'if-match': `"${made.etag}"`,
        });
        expect(archived.status).toBeLessThan(300);
        const tf = inDir('archived', {
          'main.tf': `${PROVIDERS('uptime-monitoring/uptime')}
data "uptime_monitors" "default" {}
data "uptime_monitors" "all" {
  include_archived = true
}
data "uptime_monitors" "paused" {
  enabled = false
}
output "default" { value = data.uptime_monitors.default.ids }
output "all" { value = data.uptime_monitors.all.ids }
output "archived" { value = [for m in data.uptime_monitors.all.monitors : m.id if m.archived] }
output "paused" { value = data.uptime_monitors.paused.ids }
`,
        });
        const env = { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full };
        expect((await tf(['init'], env)).code).toBe(0);
        const applied = await tf(['apply', '-auto-approve'], env);
        expect(applied.code).toBe(0);
        const out = JSON.parse((await tf(['output', '-json'], env)).stdout) as Record<
          string,
          { value: string[] }
        >;
        expect(out.default!.value).toContain(live.id);
        expect(out.default!.value).not.toContain(gone.id);
        expect(out.all!.value).toEqual(expect.arrayContaining([live.id, gone.id]));
        expect(out.all!.value).toHaveLength(out.default!.value.length + 1);
        expect(out.archived!.value).toEqual([gone.id]);
        // An archived monitor is disabled, but `enabled = false` alone does not bring it back.
        expect(out.paused!.value).not.toContain(gone.id);
        const replan = await tf(['plan', '-detailed-exitcode'], env);
        expect([replan.code, replan.stdout]).toEqual([0, expect.stringContaining('No changes.')]);
      },
      HANG_GUARD_MS,
    );

    it(
      'one `uptimectl provider install` mirror: a registry.opentofu.org source and a bare source both init in one run, each lock naming its host, one hash',
      async () => {
        const inst = join(ws.dir, 'installed');
        const installed = await new Promise<RunResult>((resolve) =>
          execFile(
            'npx',
            ['tsx', 'src/cli/uptimectl.ts', 'provider', 'install', '--dir', inst],
            { cwd: REPO_ROOT, env: ws.env },
            (e, stdout, stderr) => resolve({ code: e ? 1 : 0, stdout, stderr }),
          ),
        );
        expect(installed.code).toBe(0);
        const env = { TF_CLI_CONFIG_FILE: join(inst, 'terraform.rc'), ...noService };
        const locks: Record<string, string> = {};
        const TOFU = 'registry.opentofu.org/uptime-monitoring/uptime';
        for (const [name, source, address] of [
          ['tofu-host', TOFU, TOFU],
          ['bare', 'uptime-monitoring/uptime', 'registry.terraform.io/uptime-monitoring/uptime'],
        ] as const) {
          const tf = inDir(name, { 'main.tf': `${PROVIDERS(source)}\nprovider "uptime" {}\n` });
          const init = await tf(['init'], env);
          expect([name, init.code]).toEqual([name, 0]);
          expect(init.stdout).toContain(`Installed ${source} v`);
          const lock = readFileSync(join(ws.dir, name, '.terraform.lock.hcl'), 'utf8');
          // One block, keyed by the full address of the host the source names (a bare source: Terraform's).
          expect(lock.match(/^provider "([^"]+)"/gm)).toEqual([`provider "${address}"`]);
          locks[name] = lock;
        }
        const hash = (lock: string) => /hashes = \[\s*"([^"]+)"/.exec(lock)?.[1];
        const tofu = hash(locks['tofu-host']!);
        const bare = hash(locks.bare!);
        expect(tofu).toMatch(/^h1:/);
        expect(tofu).toBe(bare);
        expect(locks['tofu-host']).not.toContain('registry.terraform.io');
        // The dependency is the host the configuration names.
        const providers = await ws.run(
          [`-chdir=${join(ws.dir, 'tofu-host')}`, 'providers', '-no-color'],
          env,
        );
        expect(outcome(providers)).toContain('provider[registry.opentofu.org/uptime-monitoring/uptime]');
      },
      HANG_GUARD_MS,
    );

    heavy(
      'wait_for_check after -replace: the check block reads the new monitor, waits for its first check and passes; the old one is archived',
      async () => {
        // Engine on (real clock): the service checks the loopback target itself after every new version.
        const live = await createService({ port: 0, logErrors: false });
        const target = createServer((_req, res) => res.writeHead(200).end('ok'));
        await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
        try {
          const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
          const env = { UPTIME_BASE_URL: live.baseUrl, UPTIME_API_TOKEN: live.tokens.full };
          const tf = inDir('replace', {
            'main.tf': `${PROVIDERS('uptime-monitoring/uptime')}
resource "uptime_monitor" "site" {
  name             = "replaced site"
  url              = "${url}"
  interval_seconds = 60
}

check "site_fresh" {
  data "uptime_monitor" "now" {
    id             = uptime_monitor.site.id
    wait_for_check = "1m"
  }

  assert {
    condition     = data.uptime_monitor.now.checked_since_change && data.uptime_monitor.now.status == "up"
    error_message = "the monitor has not been checked up since its change."
  }
}

output "id" {
  value = uptime_monitor.site.id
}
`,
          });
          expect((await tf(['init'], env)).code).toBe(0);
          const idOf = async () => JSON.parse((await tf(['output', '-json', 'id'], env)).stdout) as string;
          const first = await tf(['apply', '-auto-approve'], env);
          expect(outcome(first)).toMatch(/^exit 0/);
          expect(first.stdout + first.stderr).not.toMatch(/Check block assertion|Warning/);
          const id1 = await idOf();
          const replaced = await tf(['apply', '-auto-approve', '-replace=uptime_monitor.site'], env);
          expect(outcome(replaced)).toMatch(/^exit 0/);
          expect(replaced.stdout).toMatch(/Apply complete! Resources: 1 added, 0 changed, 1 destroyed\./);
          expect(replaced.stdout + replaced.stderr).not.toMatch(/Check block assertion|Warning/);
          const id2 = await idOf();
          expect(id2).not.toBe(id1);
          const api = new ServiceApi(live, live.tokens.full!);
          expect((await api.monitor(id1)).archived).toBe(true);
          const now = await api.monitor(id2);
          expect([now.archived, now.status]).toEqual([false, 'up']);
          expect(Date.parse(now.lastCheckAt)).toBeGreaterThan(Date.parse(now.createdAt));
          // The next plan changes nothing. Terraform always plans a check block's data source as a read during
          // apply ("config will be reloaded to verify a check block", action_reason read_because_check_nested), so
          // -detailed-exitcode says 2 although no resource changes: the plan JSON is what tells.
          const replan = await tf(['plan', '-out=replan.tfplan'], env);
          expect(outcome(replan)).toMatch(/^exit 0/);
          expect(replan.stdout).toContain('Plan: 0 to add, 0 to change, 0 to destroy.');
          expect(replan.stdout + replan.stderr).not.toMatch(/Warning|Check block assertion/);
          const shown = JSON.parse((await tf(['show', '-json', 'replan.tfplan'], env)).stdout) as {
            resource_changes: { address: string; change: { actions: string[] }; action_reason?: string }[];
          };
          expect(shown.resource_changes.filter((c) => c.change.actions.join() !== 'no-op')).toEqual([
            expect.objectContaining({
              address: 'data.uptime_monitor.now',
              change: expect.objectContaining({ actions: ['read'] }),
              action_reason: 'read_because_check_nested',
            }),
          ]);
          await tf(['destroy', '-auto-approve'], env);
        } finally {
          target.closeAllConnections();
          await new Promise((r) => target.close(r));
          await live.close();
        }
      },
      HANG_GUARD_MS,
    );
  },
);
