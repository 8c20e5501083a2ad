// The project `uptimectl import --format cdktf` writes, used as a user would on Node 22.19+ and 24 (CI runs it on Node
// 24): import from the local service into a new directory, `npm ci` in it offline (test/helpers/offline-install.ts:
// the lock file of exactly what its package.json asks, from this checkout's lock and npm cache, and this checkout
// packed as terraform-provider-uptime), then its own scripts: `npm run synth` and `npm run deploy` (cdktn-cli) import
// every monitor, alert settings and status page with nothing added, changed or destroyed; a second deploy has no
// changes. Default library (cdktn); with --cdk cdktf (the heavy matrix) the same with cdktf's constructs under
// cdktn-cli. No secret in any file or output.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, packedPackage, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { npmCiOffline, writeOfflineLock } from '../helpers/offline-install.js';
import { heavyE2eEnabled, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { EMAIL_DEST_2, ServiceApi, testSeed } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const CLI_ENGINES = JSON.parse(
  readFileSync(join(REPO_ROOT, 'node_modules', 'cdktn-cli', 'package.json'), 'utf8'),
).engines.node as string;
const cliRuns = semver.satisfies(process.version, CLI_ENGINES);
if (!cliRuns)
  process.stdout.write(
    `NOTICE: the imported CDKTF project runs cdktn-cli, which needs Node ${CLI_ENGINES}; skipping on ${process.version}\n`,
  );
const describeProject = cliRuns && (terraformAvailable() || process.env.CI) ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SECRET = `hdr-PROJECT-SENTINEL-${Math.random().toString(16).slice(2)}`;

let svc: RunningService;
let ws: TerraformWorkspace;
let work: string;
let packageDir: string;
let tarball: string;

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env: ws.env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

async function must(cmd: string, args: string[], cwd: string): Promise<string> {
  const r = await run(cmd, args, cwd);
  if (r.code !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.code} in ${cwd}\n${r.out.slice(-4000)}`);
  return r.out;
}

beforeAll(async () => {
  if (!cliRuns) return;
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  const api = new ServiceApi(svc, svc.tokens.full!);
  const post = async (body: unknown) => {
    const r = await api.call('POST', '/monitors', body);
    if (r.status !== 201) throw new Error(`POST /monitors: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data as { id: string };
  };
  for (const tag of ['cdktn', 'cdktf']) {
    await post({ name: `${tag} home`, url: `https://home.${tag}.example.com/`, intervalSeconds: 300 });
    await post({
      name: `${tag} api`,
      url: `https://api.${tag}.example.com/health`,
      requestHeaders: [{ name: 'X-Api-Key', value: SECRET }],
    });
    const alerted = await post({
      name: `${tag} shop`,
      url: `https://shop.${tag}.example.com/`,
      enabled: false,
    });
    const s = await api.call('GET', `/monitors/${alerted.id}/alert-settings`);
    const patched = await api.call(
      'PATCH',
      `/monitors/${alerted.id}/alert-settings`,
      { channels: { email: true, sms: false }, destinationIds: { email: EMAIL_DEST_2, sms: null } },
      { 'if-match': `"${s.etag}"` },
    );
    if (patched.status !== 200) throw new Error(`alert settings: ${patched.status}`);
  }
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full, FORCE_COLOR: '0', CI: 'true' },
  });
  work = mkdtempSync(join(tmpdir(), 'import-project-'));
  packageDir = packedPackage(work);
  tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz'))!,
  );
}, HANG_GUARD_MS);
afterAll(async () => {
  await svc?.close();
  ws?.dispose();
  if (work) rmSync(work, { recursive: true, force: true });
});

function allText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(dir, e.name), 'utf8'))
    .join('\n');
}

/** import → npm ci (offline) → npm run synth → npm run deploy (imports only) → npm run deploy (no changes). */
async function importInstallDeploy(name: string, importArgs: string[]): Promise<void> {
  const out = join(work, name);
  mkdirSync(out);
  const imported = await must(
    process.execPath,
    [
      TSX,
      join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'),
      'import',
      '--out',
      out,
      '--format',
      'cdktf',
      ...importArgs,
    ],
    work,
  );
  expect(imported).toContain('Next: npm install && npm run deploy');
  const pkg = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
  expect(pkg.scripts.deploy).toBe('cdktn deploy');

  expect(writeOfflineLock(out, tarball, packageDir)).toBeGreaterThan(100);
  await npmCiOffline(out, ws.env);

  const synth = await must('npm', ['run', 'synth'], out);
  const stack = JSON.parse(readFileSync(join(out, 'cdktf.out', 'stacks', 'monitors', 'cdk.tf.json'), 'utf8'));
  const monitors = Object.values(stack.resource.uptime_monitor as Record<string, { name: string }>);
  const ours = monitors.filter((m) => m.name.startsWith(`${name} `));
  expect(ours.map((m) => m.name).sort()).toEqual([`${name} api`, `${name} home`, `${name} shop`]);
  const imports = Object.keys(stack.import ?? {}).length;
  expect(imports).toBeGreaterThanOrEqual(monitors.length + 1); // and the alert settings

  // Offline: providers come from the mirror (TF_CLI_CONFIG_FILE); no registry for the provider lock.
  const deploy = await must('npm', ['run', 'deploy', '--', '--auto-approve', '--skip-provider-lock'], out);
  expect(deploy).toMatch(
    new RegExp(`Apply complete! Resources: ${imports} imported, 0 added, 0 changed, 0 destroyed\\.`),
  );
  const again = await must('npm', ['run', 'deploy', '--', '--auto-approve', '--skip-provider-lock'], out);
  expect(again).toMatch(/No changes\./);
  for (const text of [imported, synth, deploy, again, allText(out)]) expect(text).not.toContain(SECRET);
}

describeProject('the CDKTF project uptimectl import writes', () => {
  test(
    `default (cdktn): npm ci offline, npm run synth, npm run deploy imports only, then no changes (Node ${process.version})`,
    async () => {
      await importInstallDeploy('cdktn', ['--name', 'cdktn *']);
      const main = readFileSync(join(work, 'cdktn', 'main.ts'), 'utf8');
      expect(main).toContain("from 'cdktn';");
    },
    HANG_GUARD_MS,
  );

  (heavyE2eEnabled() ? test : test.skip)(
    '--cdk cdktf: the same with cdktf constructs under cdktn-cli',
    async () => {
      await importInstallDeploy('cdktf', ['--cdk', 'cdktf', '--name', 'cdktf *']);
      expect(readFileSync(join(work, 'cdktf', 'main.ts'), 'utf8')).toContain("from 'cdktf';");
    },
    300_000,
  );
});
