// The release as a user without Node gets it: `npm run build:release` (linux_amd64 here), the zip installed into a
// filesystem mirror by `uptimectl provider install --from`, a lock file made offline by `terraform providers lock`,
// then terraform init/apply/plan/destroy against the local service with a PATH that holds terraform and no node.
// The executables embed Node 24 LTS (RELEASE_NODE's default) from the npm registry, whichever Node runs the build.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installFromRelease } from '../../src/cli/provider-install.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../helpers/build.js';
import { requiredProviders, terraformAvailable } from '../helpers/terraform.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const VERSION = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
const RELEASE = join(REPO_ROOT, 'dist', 'release');

let service: ChildProcess;
let svc: { baseUrl: string; tokens: Record<string, string> };
let dir: string;

beforeAll(async () => {
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build-release.mjs')], {
    cwd: REPO_ROOT,
    env: { ...process.env, RELEASE_PLATFORMS: 'linux_amd64' },
    stdio: 'ignore',
  });
  // The local service as its own process, as users run it (`npx uptimectl service`).
  service = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'),
      'service',
      '--port',
      '0',
      '--json',
      '--no-engine',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  svc = await new Promise((resolve) =>
    createInterface({ input: service.stdout! }).once('line', (l) => resolve(JSON.parse(l) as typeof svc)),
  );
  dir = mkdtempSync(join(tmpdir(), 'release-e2e-'));
}, 180_000);
afterAll(async () => {
  service?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describeTf('the single-file release', () => {
  test('has the files of a Terraform provider release, with matching SHA256SUMS', () => {
    const files = readdirSync(RELEASE).sort();
    expect(files).toEqual([
      `terraform-provider-uptime_${VERSION}_SHA256SUMS`,
      `terraform-provider-uptime_${VERSION}_linux_amd64.zip`,
      `terraform-provider-uptime_${VERSION}_manifest.json`,
    ]);
    expect(
      JSON.parse(readFileSync(join(RELEASE, `terraform-provider-uptime_${VERSION}_manifest.json`), 'utf8')),
    ).toEqual({
      version: 1,
      metadata: { protocol_versions: ['6.0'] },
    });
    const sums = readFileSync(join(RELEASE, `terraform-provider-uptime_${VERSION}_SHA256SUMS`), 'utf8');
    expect(sums).toMatch(
      new RegExp(`^[0-9a-f]{64}  terraform-provider-uptime_${VERSION}_linux_amd64\\.zip$`, 'm'),
    );
  });

  test('installs from the release and runs init/apply/plan/destroy with no node on PATH', async () => {
    const installed = installFromRelease({ dir: join(dir, 'install'), from: RELEASE });
    expect(installed.platforms).toEqual(['linux_amd64']);
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(
      execFileSync('/bin/sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim(),
      join(bin, 'terraform'),
    );
    const env = {
      PATH: bin,
      HOME: dir,
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      ...(process.env.DEBUG_TF_LOG ? { TF_LOG: 'debug', TF_LOG_PATH: process.env.DEBUG_TF_LOG } : {}),
      TF_CLI_CONFIG_FILE: installed.cliConfigFile,
      UPTIME_BASE_URL: svc.baseUrl,
      UPTIME_API_TOKEN: svc.tokens.full!,
    };
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
    const work = join(dir, 'work');
    mkdirSync(work);
    writeFileSync(
      join(work, 'main.tf'),
      `${requiredProviders(VERSION)}\nresource "uptime_monitor" "m" {\n  name = "From the release"\n  url  = "https://release.example.com/"\n}\n`,
    );
    const tf = (...args: string[]) => {
      const r = spawnSync(join(bin, 'terraform'), [...args, '-no-color'], {
        cwd: work,
        env,
        encoding: 'utf8',
      });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    };
    // Offline lock file for the released platforms, from the packed mirror.
    const lock = await tf(
      'providers',
      'lock',
      `-fs-mirror=${installed.mirrorDir}`,
      '-platform=linux_amd64',
      'uptime-monitoring/uptime',
    );
    expect(lock).toMatchObject({ code: 0 });
    expect(readFileSync(join(work, '.terraform.lock.hcl'), 'utf8')).toMatch(
      /hashes = \[\s*"h1:[A-Za-z0-9+/=]{44}",\s*\]/,
    );
    expect(await tf('init')).toMatchObject({ code: 0 });
    const apply = await tf('apply', '-auto-approve');
    expect(apply.out).toContain('Apply complete! Resources: 1 added');
    expect(await tf('plan', '-detailed-exitcode')).toMatchObject({ code: 0 });
    const monitors = (await (
      await fetch(`${svc.baseUrl}/monitors`, { headers: { authorization: `Bearer ${svc.tokens.full}` } })
    ).json()) as { data: { name: string }[] };
    expect(monitors.data.map((m) => m.name)).toContain('From the release');
    // The executable Terraform unpacked is the SEA binary: it answers --version without node.
    const exe = join(
      work,
      '.terraform',
      'providers',
      'registry.terraform.io',
      'uptime-monitoring',
      'uptime',
      VERSION,
      'linux_amd64',
      `terraform-provider-uptime_v${VERSION}`,
    );
    expect(existsSync(exe)).toBe(true);
    // It embeds Node 24 LTS from the npm registry, whatever Node built the release (never an end-of-life one).
    const version = spawnSync(exe, ['--version'], { env, encoding: 'utf8' }).stdout;
    expect(version).toContain(`terraform-provider-uptime ${VERSION}`);
    expect(version).toMatch(/; Node v24\.\d+\.\d+ \(embedded\)\)\n$/);
    expect((await tf('destroy', '-auto-approve')).out).toContain('Destroy complete! Resources: 1 destroyed');
  }, 180_000);

  test('a damaged zip is refused before anything is installed', () => {
    const copy = join(dir, 'damaged');
    mkdirSync(copy);
    for (const f of readdirSync(RELEASE)) writeFileSync(join(copy, f), readFileSync(join(RELEASE, f)));
    writeFileSync(join(copy, `terraform-provider-uptime_${VERSION}_linux_amd64.zip`), 'not a zip');
    expect(() => installFromRelease({ dir: join(dir, 'install2'), from: copy })).toThrow(
      /does not match .*SHA256SUMS: the release is damaged/,
    );
  });
});
