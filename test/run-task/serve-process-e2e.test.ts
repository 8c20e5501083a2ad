// `uptimectl run-task serve --json` as a process, as a user runs it: the first stdout line is {"url": …}; HCP
// Terraform's verification request, a forged request and a real run go through it against the stand-in; then all
// its stdout and stderr are searched for the run's token and the HMAC key (neither may appear). The same scenario
// runs the single-file executable `npm run build:run-task` makes (heavy: once per CI run; the build takes ~10 s).
// Wall time ≈ 4 s (tsx process), ≈ 15 s with the executable's build.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../helpers/build.js';
import { heavyE2eEnabled } from '../helpers/terraform.js';
import { HANG_GUARD_MS, until } from '../helpers/wait.js';
import { HcpStandIn } from './hcp-stand-in.js';

const KEY = 'process-hmac-key-2b7f90e1c4';
let hcp: HcpStandIn;
let child: ChildProcess;
let out = '';
let err = '';

beforeAll(async () => {
  hcp = await new HcpStandIn().start();
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await hcp.close();
});

async function scenario(command: string, args: string[]) {
  out = '';
  err = '';
  hcp.api.seen.length = 0;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    UPTIME_RUN_TASK_HMAC_KEY: KEY,
  };
  child = spawn(
    command,
    [
      ...args,
      'serve',
      '--json',
      '--port',
      '0',
      '--tfe-url',
      hcp.api.url,
      '--plan-redirect-origin',
      hcp.archivist.url,
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    lines.on('line', (l) => (out += `${l}\n`));
    child.once('exit', (code) => reject(new Error(`run-task serve exited with ${code}: ${err}`)));
  });
  out = `${first}\n`;
  const { url } = JSON.parse(first) as { url: string };
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

  const run = hcp.addRun({
    format_version: '1.2',
    resource_changes: [
      {
        address: 'uptime_monitor.home',
        mode: 'managed',
        type: 'uptime_monitor',
        name: 'home',
        change: {
          actions: ['create'],
          before: null,
          after: { name: 'Home', url: 'https://home.example.com/', interval_seconds: 300, enabled: true },
          after_unknown: { id: true },
        },
      },
    ],
  });
  const verification = JSON.stringify({
    payload_version: 1,
    access_token: 'test-token',
    task_result_id: 'taskrs-xxxxxxxxxxxxxxxx',
    task_result_enforcement_level: 'test',
    task_result_callback_url:
      'https://app.terraform.io/api/v2/task-results/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx/callback',
    run_id: 'run-xxxxxxxxxxxxxxxx',
  });
  expect((await HcpStandIn.send(url, verification, KEY)).status).toBe(200);
  const body = JSON.stringify(hcp.payload(run));
  expect((await HcpStandIn.send(url, body, 'forged-key-of-enough-length')).status).toBe(401);
  expect(hcp.api.seen).toEqual([]);
  expect((await HcpStandIn.send(url, body, KEY)).status).toBe(200);
  await until(() => run.callbacks.length === 1, 'the callback');
  expect(run.callbacks[0]).toMatchObject({ data: { attributes: { status: 'passed' } } });
  await until(() => /result sent/.test(err), 'the log line of the sent result');

  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  expect(err).toMatch(/verification request/);
  expect(err).toMatch(/refused a request \(401\)/);
  for (const secret of [run.token, KEY]) {
    expect(out).not.toContain(secret);
    expect(err).not.toContain(secret);
  }
  expect(out.trim().split('\n')).toHaveLength(1);
}

test(
  'uptimectl run-task serve --json: one {"url"} line, verification, a refused forgery, a run; no secret in its output',
  () => scenario(process.execPath, ['--import', 'tsx', 'src/cli/uptimectl.ts', 'run-task']),
  60_000,
);

(heavyE2eEnabled() ? test : test.skip)(
  'the single-file executable (npm run build:run-task): the same, without Node or tsx',
  async () => {
    const exe = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-run-task.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .trim()
      .split('\n')
      .pop()!;
    await scenario(exe, []);
  },
  HANG_GUARD_MS,
);
