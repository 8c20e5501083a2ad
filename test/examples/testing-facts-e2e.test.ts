// `terraform test` against the local service (engine on, real clock) and a local target: examples/testing/verify as
// a user runs it (a check block that waits for fresh facts passes after a create and fails, as expected, after a
// change to a failing URL), an independent suite written from Terraform's testing documentation
// (test/examples/fixtures/facts-suite), and the fresh-facts check ten times in a row, each after a create (heavy).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
  type RunResult,
} from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const heavy = heavyE2eEnabled() ? it : it.skip;

/** Nothing listens on port 1 of the loopback address: every check of this URL is down (connection refused). */
const CLOSED_PORT_URL = 'http://127.0.0.1:1/health';

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;
let target: Server;
let targetUrl: string;

/** `terraform test` in a folder of the workspace (files copied or written there first), with its own init. */
async function terraformTest(
  from: string | Record<string, string>,
  name: string,
  vars: string[],
): Promise<RunResult> {
  const dir = join(ws.dir, name);
  mkdirSync(dir, { recursive: true });
  if (typeof from === 'string') cpSync(from, dir, { recursive: true });
  else for (const [file, text] of Object.entries(from)) writeFileSync(join(dir, file), text);
  await ws.must([`-chdir=${dir}`, 'init', '-no-color']);
  const started = Date.now();
  const r = await ws.run([`-chdir=${dir}`, 'test', '-no-color', ...vars.flatMap((v) => ['-var', v])]);
  process.stdout.write(`terraform test in ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return r;
}

/** Terraform wraps diagnostic text: compare with whitespace collapsed. */
const flat = (s: string) => s.replace(/\s+/g, ' ');
const outcome = (r: RunResult) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

describeTf('terraform test: facts after apply', () => {
  beforeAll(async () => {
    // The service checks loopback targets itself (no address guard); its engine runs on the real clock.
    svc = await createService({ port: 0, seed: testSeed(), logErrors: false });
    api = new ServiceApi(svc, svc.tokens.full!);
    target = createServer((req, res) => {
      res.writeHead(req.url?.startsWith('/fail') ? 503 : 200);
      res.end('ok');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    ws = TerraformWorkspace.create({
      providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
      env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
    });
  }, HANG_GUARD_MS);
  afterAll(async () => {
    ws?.dispose();
    target?.closeAllConnections();
    await new Promise((r) => target?.close(r));
    await svc?.close();
  });

  it(
    'examples/testing/verify: up after a create, the check fails after a change to a failing URL, up again',
    async () => {
      // Variables of the test file only (not declared in main.tf): Terraform reads their values as expressions.
      const r = await terraformTest(join(REPO_ROOT, 'examples', 'testing', 'verify'), 'verify', [
        `healthy_url="${targetUrl}/health"`,
        `failing_url="${targetUrl}/fail"`,
      ]);
      if (r.code !== 0) throw new Error(outcome(r));
      expect(r.stdout).toMatch(/Success! 3 passed, 0 failed/);
      expect(r.stdout).toMatch(/run "failing_url_fails_the_check"\.\.\. pass/);
      // terraform test destroyed what it created: the monitor is archived.
      const mine = (await api.listMonitors()).filter((m) => m.name === 'Verified after apply');
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((m) => m.archived)).toBe(true);
    },
    HANG_GUARD_MS,
  );

  it(
    "independent suite (from Terraform's testing documentation): plan, apply, assertions and expected failures",
    async () => {
      const r = await terraformTest(join(__dirname, 'fixtures', 'facts-suite'), 'facts-suite', [
        `url=${targetUrl}/suite`,
      ]);
      if (r.code !== 0) throw new Error(outcome(r));
      expect(r.stdout).toMatch(/Success! 4 passed, 0 failed/);
    },
    HANG_GUARD_MS,
  );

  it(
    'a wait that runs out, and one that cannot start, fail the read with messages that say why',
    async () => {
      // A service that runs no checks: the wait for a first check can only run out.
      const idle = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
      try {
        const idleApi = new ServiceApi(idle, idle.tokens.full!);
        const waiting = await idleApi.data('POST', '/monitors', {
          name: 'Never checked',
          url: `${targetUrl}/idle`,
        });
        const paused = await idleApi.data('POST', '/monitors', {
          url: `${targetUrl}/idle-paused`,
          enabled: false,
        });
        const dir = join(ws.dir, 'messages');
        mkdirSync(dir);
        writeFileSync(
          join(dir, 'main.tf'),
          `${requiredProviders()}
data "uptime_monitor" "waiting" {
  id             = "${waiting.id}"
  wait_for_check = "3s"
}
data "uptime_monitor" "paused" {
  id             = "${paused.id}"
  wait_for_check = "1m"
}
`,
        );
        await ws.must([`-chdir=${dir}`, 'init', '-no-color']);
        const started = Date.now();
        const r = await ws.run([`-chdir=${dir}`, 'plan', '-no-color'], {
          UPTIME_BASE_URL: idle.baseUrl,
          UPTIME_API_TOKEN: idle.tokens.full,
        });
        process.stdout.write(
          `plan with two failing waits: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
        );
        expect(r.code).toBe(1);
        const err = flat(r.stderr);
        expect(err).toContain('Error: No check since the last change');
        expect(err).toContain(`monitor "Never checked" (${waiting.id}) was changed at ${waiting.updatedAt}`);
        expect(err).toMatch(
          /it has not been checked yet: no newer check came within wait_for_check = "3s" \(waited 3(\.\d)? s\)/,
        );
        expect(err).toContain(
          'Raise wait_for_check above the interval, or check that the service is running checks.',
        );
        expect(err).toContain('Error: Monitor is not checked');
        expect(err).toContain(`(${paused.id}) is paused, so no check newer than its last change will come`);
      } finally {
        await idle.close();
      }
    },
    HANG_GUARD_MS,
  );

  heavy(
    'ten creates in a row: the fresh-facts check says up every time, then reports a change to a closed port',
    async () => {
      const rounds = Array.from({ length: 10 }, (_, i) => i + 1);
      const runs = rounds.map((i) => `run "create_${i}" {\n  variables {\n    round = ${i}\n  }\n}\n`);
      runs.push(
        `run "closed_port" {\n  variables {\n    round = 10\n    url   = "${CLOSED_PORT_URL}"\n  }\n  expect_failures = [check.fresh_up]\n}\n`,
      );
      const r = await terraformTest(
        { 'main.tf': TEN_ROUNDS, 'rounds.tftest.hcl': runs.join('\n') },
        'ten-rounds',
        [`url=${targetUrl}/round`],
      );
      if (r.code !== 0) throw new Error(outcome(r));
      expect(r.stdout).toMatch(/Success! 11 passed, 0 failed/);
      // Each round created its own monitor (a new for_each key), and terraform test archived them all at the end.
      const made = (await api.listMonitors()).filter((m) => m.name.startsWith('Fresh facts round '));
      expect(new Set(made.map((m) => m.name)).size).toBe(10);
      expect(made.every((m) => m.archived)).toBe(true);
    },
    HANG_GUARD_MS,
  );
});

/** One monitor per round (a new for_each key each round: a create), and the check block under test. */
const TEN_ROUNDS = `
terraform {
  required_providers {
    uptime = { source = "uptime-monitoring/uptime" }
  }
}

variable "round" {
  type = number
}

variable "url" {
  type = string
}

resource "uptime_monitor" "m" {
  for_each         = toset([tostring(var.round)])
  name             = "Fresh facts round \${each.key}"
  url              = "\${var.url}?round=\${each.key}"
  interval_seconds = 60
}

check "fresh_up" {
  data "uptime_monitor" "m" {
    id             = one(values(uptime_monitor.m)).id
    wait_for_check = "3m"
  }

  assert {
    condition     = data.uptime_monitor.m.status == "up"
    error_message = "round \${var.round}: the monitor is \${data.uptime_monitor.m.status}"
  }
}
`;
