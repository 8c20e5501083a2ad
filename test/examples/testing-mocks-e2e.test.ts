// examples/testing end to end, as CI runs them: `terraform test` with a plain mock_provider (examples/testing/mocks,
// no service) and the precondition pattern for expect_failures (examples/testing/expect-failures); `terraform test`
// applying against the local service (examples/testing/local-service), and what its teardown leaves; the CDKTF
// Testing example (examples/testing/cdktf) with jest on cdktf and on cdktn. Plus a suite written from Terraform's
// documentation of `terraform test` and mocks (not from our examples), and a literal monitor id that is not one,
// refused at plan time with the message users know.
import { execFile } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  terraformAvailable,
  TerraformWorkspace,
  type RunResult,
} from '../helpers/terraform.js';
import { ServiceApi } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const heavy = terraformAvailable() && heavyE2eEnabled() ? it : it.skip;

function exec(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: unknown }).code) || 1 : 0, stdout, stderr }),
    ),
  );
}

/** An example folder copied into the workspace (its own working directory), and terraform run there. */
function inDir(ws: TerraformWorkspace, example: string) {
  const dir = join(ws.dir, example.replace(/\//g, '-'));
  cpSync(join(REPO_ROOT, 'examples', example), dir, { recursive: true });
  const terraform = async (args: string[], env: NodeJS.ProcessEnv = {}, ok = [0]) => {
    const r = await exec('terraform', [...args, '-no-color'], dir, { ...ws.env, ...env });
    if (!ok.includes(r.code))
      throw new Error(`terraform ${args.join(' ')} in ${example} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  };
  return { dir, terraform };
}

/** Written from Terraform's documentation of tests and mocks (language/tests, language/tests/mocking), against
 *  examples/testing/mocks/main.tf: mock_resource defaults, override_resource / override_data at file and run
 *  level (an override applies when the object is made: runs share state), outputs of earlier runs, plan-time assertions on configured values, expect_failures on a variable. */
const FROM_TERRAFORM_DOCS = `
mock_provider "uptime" {
  mock_resource "uptime_monitor" {
    defaults = {
      id = "3f2b8c1e-0000-4000-8000-00000000000a"
    }
  }
}

override_data {
  target = data.uptime_status_page.api
  values = {
    enabled = true
    url     = "https://status.example.com/api"
  }
}

run "plan_sees_configured_values" {
  command = plan

  assert {
    condition     = uptime_status_page.api.title == "API status (staging)"
    error_message = "configured values are known at plan"
  }
}

run "override_resource_in_a_run" {
  override_resource {
    target = uptime_monitor.site["home"]
    values = {
      id = "3f2b8c1e-0000-4000-8000-00000000000b"
    }
  }

  assert {
    condition     = output.monitor_ids["home"] == "3f2b8c1e-0000-4000-8000-00000000000b"
    error_message = "override_resource targets one instance"
  }
}

run "mock_resource_defaults_apply" {
  assert {
    condition     = uptime_monitor.api.id == "3f2b8c1e-0000-4000-8000-00000000000a"
    error_message = "mock_resource defaults set the computed id"
  }

  assert {
    condition     = uptime_status_page.api.monitor_id == uptime_monitor.api.id
    error_message = "references carry the mocked id"
  }

  assert {
    condition     = output.status_page_published
    error_message = "override_data sets a data source's values"
  }
}

run "override_data_in_a_run" {
  override_data {
    target = data.uptime_monitor.api
    values = {
      status = "down"
    }
  }

  assert {
    condition     = output.api_status == "down"
    error_message = "a run's override_data wins for that run"
  }

  assert {
    condition     = run.mock_resource_defaults_apply.monitor_ids["api"] == output.monitor_ids["api"]
    error_message = "an earlier run's outputs are readable"
  }

  assert {
    condition     = output.monitor_ids["home"] == "3f2b8c1e-0000-4000-8000-00000000000b"
    error_message = "runs share one state: the overridden id stays"
  }
}

run "invalid_variable" {
  command = plan

  variables {
    environment = "qa"
  }

  expect_failures = [var.environment]
}
`;

/** Also from Terraform's documentation (language/tests: file-level variables, plan_options replace and
 *  refresh-only, run outputs), against examples/testing/local-service/main.tf and a real service. */
const FROM_TERRAFORM_DOCS_APPLIED = `
variables {
  name_prefix = "docs"
}

run "create" {}

run "replace" {
  plan_options {
    replace = [uptime_monitor.api]
  }

  assert {
    condition     = uptime_monitor.api.id != run.create.api_monitor_id
    error_message = "a replaced monitor is a new monitor"
  }
}

run "refresh_only" {
  command = plan

  plan_options {
    mode = refresh-only
  }

  assert {
    condition     = uptime_monitor.api.id == run.replace.api_monitor_id
    error_message = "a refresh keeps the monitor"
  }
}
`;

describeTf('examples/testing with real terraform', () => {
  let ws: TerraformWorkspace;
  beforeAll(async () => {
    ws = TerraformWorkspace.create({ providerBundle: await buildProvider(REAL_PROVIDER_ENTRY) });
  }, HANG_GUARD_MS);
  afterAll(() => ws?.dispose());

  it(
    'mocks: a plain mock_provider plans and applies monitors, alert settings, a status page and data sources that reference them; expect_failures through preconditions',
    async () => {
      // No service and no token: nothing may reach an API.
      const env = { UPTIME_BASE_URL: 'http://127.0.0.1:9/v1', UPTIME_API_TOKEN: '' };
      const mocks = inDir(ws, 'testing/mocks');
      writeFileSync(join(mocks.dir, 'tests', 'from-terraform-docs.tftest.hcl'), FROM_TERRAFORM_DOCS);
      await mocks.terraform(['init'], env);
      const tested = await mocks.terraform(['test'], env);
      expect(tested.stdout).toContain('tests/mocks.tftest.hcl... pass');
      expect(tested.stdout).toContain('tests/from-terraform-docs.tftest.hcl... pass');
      expect(tested.stdout).toMatch(/Success! 9 passed, 0 failed\./);

      // What the check would refuse at plan time never reaches it under mocks, but a run against a service does:
      // the same message as before, on the attribute, at plan time (terraform validate accepts it).
      writeFileSync(
        join(mocks.dir, 'literal.tf'),
        'data "uptime_monitor" "literal" {\n  id = "api-monitor"\n}\n',
      );
      await mocks.terraform(['validate'], env);
      const svc = await createService({ port: 0, logErrors: false, engine: false });
      try {
        const plan = await mocks.terraform(
          ['plan', '-target=data.uptime_monitor.literal'],
          { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
          [1],
        );
        expect(plan.stderr.replace(/\s+/g, ' ')).toContain(
          'with data.uptime_monitor.literal, on literal.tf line 2, in data "uptime_monitor" "literal": 2: id = "api-monitor" id must be a monitor id (a UUID) (rule: format).',
        );
      } finally {
        await svc.close();
      }

      const preconditions = inDir(ws, 'testing/expect-failures');
      await preconditions.terraform(['init'], env);
      const caps = await preconditions.terraform(['test'], env);
      expect(caps.stdout).toMatch(/run "no_status_pages"\.\.\. pass/);
      expect(caps.stdout).toMatch(/Success! 5 passed, 0 failed\./);
    },
    HANG_GUARD_MS,
  );

  heavy(
    'local service: terraform test applies for real; teardown archives the monitor, restores the alert settings and unpublishes the page',
    async () => {
      const svc: RunningService = await createService({ port: 0, logErrors: false, engine: false });
      try {
        const env = { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full };
        const local = inDir(ws, 'testing/local-service');
        writeFileSync(
          join(local.dir, 'tests', 'from-terraform-docs.tftest.hcl'),
          FROM_TERRAFORM_DOCS_APPLIED,
        );
        await local.terraform(['init'], env);
        const tested = await local.terraform(['test'], env);
        expect(tested.stdout).toContain('tests/local-service.tftest.hcl... pass');
        expect(tested.stdout).toContain('tests/from-terraform-docs.tftest.hcl... pass');
        expect(tested.stdout).toMatch(/Success! 5 passed, 0 failed\./);
        expect(tested.stdout.replace(/\s+/g, ' ')).toContain(
          'archives it: checks stop and its history is kept',
        );

        const api = new ServiceApi(svc, svc.tokens.full!);
        const all = await api.listMonitors();
        const made = all.filter((m) => m.name.startsWith('tftest'));
        expect(made).toEqual([
          expect.objectContaining({ name: 'tftest-changed API health', archived: true, status: 'archived' }),
        ]);
        // The replaced monitor and its replacement: both archived, nothing left live.
        expect(all.filter((m) => m.name === 'docs API health').map((m) => m.archived)).toEqual([true, true]);
        expect(all.filter((m) => !m.archived).map((m) => m.name)).toEqual(['Example status']);
        const dests = (await api.call('GET', '/alert-destinations')).json.data as any[];
        const defaultEmail = dests.find((d) => d.channel === 'email' && d.isDefault).id;
        expect((await api.call('GET', `/monitors/${made[0]!.id}/alert-settings`)).json.data).toMatchObject({
          channels: { email: true, sms: false },
          destinationIds: { email: defaultEmail, sms: null },
          slowResponseAlerts: { enabled: false },
        });
        const seeded = all.find((m) => m.name === 'Example status')!;
        expect(seeded.archived).toBe(false);
        expect((await api.call('GET', `/monitors/${seeded.id}/status-page`)).json.data).toMatchObject({
          enabled: false,
          title: 'tftest-changed status',
        });
      } finally {
        await svc.close();
      }
    },
    HANG_GUARD_MS,
  );

  heavy(
    'CDKTF Testing: the example jest project passes on cdktf and on cdktn (synthScope, matchers, toBeValidTerraform, toPlanSuccessfully)',
    async () => {
      const svc = await createService({ port: 0, logErrors: false, engine: false });
      try {
        // Run where it lives: its jest config maps the package to this checkout's sources.
        const jest = join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
        const r = await exec(
          process.execPath,
          [jest, '--config', 'examples/testing/cdktf/jest.config.cjs', '--runInBand', '--ci'],
          REPO_ROOT,
          { ...ws.env, UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
        );
        const out = r.stderr;
        if (r.code !== 0) throw new Error(`the CDKTF example's jest run failed (${r.code}):\n${out}`);
        // The example type-checks as a user's project would (jest runs it through swc, which does not).
        const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
        const typed = await exec(process.execPath, [tsc, '-p', 'examples/testing/cdktf'], REPO_ROOT, ws.env);
        expect(typed.stdout + typed.stderr).toBe('');
        expect(typed.code).toBe(0);
        expect(out).toContain('PASS cdktf examples/testing/cdktf/monitoring.test.ts');
        expect(out).toContain('PASS cdktn examples/testing/cdktf/monitoring.test.ts');
        expect(out).toMatch(/Tests: +10 passed, 10 total/);
      } finally {
        await svc.close();
      }
    },
    HANG_GUARD_MS,
  );
});
