// The release as a user without Node gets it: `npm run build:release` (linux_amd64 here), the zip installed into a
// filesystem mirror by `uptimectl provider install --from`, a lock file made offline by `terraform providers lock`,
// then terraform init/apply/plan/destroy against the local service with a PATH that holds terraform and no node.
// The executables embed Node 24 LTS (RELEASE_NODE's default) from the npm registry, whichever Node runs the build.
// This platform's executable starts from a V8 startup snapshot: the build runs with environment values that would
// break every test here if they were frozen into it, so the tests prove that env and argv are read at run time.
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
import { PROFILES, Terraform } from '../protocol/compat/terraform.js';
import { launchProvider } from '../protocol/driver/launch.js';
import { requiredProviders, terraformAvailable } from '../helpers/terraform.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const VERSION = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
const RELEASE = join(REPO_ROOT, 'dist', 'release');

let service: ChildProcess;
let svc: { baseUrl: string; tokens: Record<string, string> };
let dir: string;
let exe: string;
let buildLog: string;

/** Values the build sees; a snapshot that kept them would log at trace level and call an API that is not there. */
const BUILD_ENV = {
  TF_LOG: 'trace',
  TF_LOG_PROVIDER: 'trace',
  UPTIME_BASE_URL: 'http://127.0.0.1:9/frozen-at-build',
  UPTIME_API_TOKEN: 'frozen-at-build',
};

beforeAll(async () => {
  const built = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build-release.mjs')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...BUILD_ENV, RELEASE_PLATFORMS: 'linux_amd64', RELEASE_SNAPSHOT: '' },
    encoding: 'utf8',
  });
  buildLog = built.stderr;
  if (built.status !== 0) throw new Error(`build:release failed:\n${built.stderr}`);
  dir = mkdtempSync(join(tmpdir(), 'release-e2e-'));
  execFileSync('unzip', [
    '-q',
    join(RELEASE, `terraform-provider-uptime_${VERSION}_linux_amd64.zip`),
    '-d',
    dir,
  ]);
  exe = join(dir, `terraform-provider-uptime_v${VERSION}`);
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
      // main.tf configures no provider arguments: these are read by the provider when Terraform starts it (the build
      // saw BUILD_ENV's).
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
    expect(version).toMatch(/; Node v24\.\d+\.\d+ \(embedded, startup snapshot\)\)\n$/);
    expect((await tf('destroy', '-auto-approve')).out).toContain('Destroy complete! Resources: 1 destroyed');
  }, 180_000);

  test('the linux_amd64 executable starts from a V8 startup snapshot, and reports it', () => {
    expect(buildLog).toContain(
      `built terraform-provider-uptime_${VERSION}_linux_amd64.zip (V8 startup snapshot)`,
    );
    const r = spawnSync(exe, ['--version'], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^terraform-provider-uptime ${VERSION} \\(.*; Node v24\\.\\d+\\.\\d+ \\(embedded, startup snapshot\\)\\)\n$`,
      ),
    );
    // argv is read when it starts: without --version it is a plugin that refuses to run outside Terraform.
    const plain = spawnSync(exe, [], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('This binary is a plugin');
  });

  test('--debug serves for TF_REATTACH_PROVIDERS with its own pid and socket', async () => {
    const child = spawn(exe, ['--debug'], {
      env: { PATH: '/usr/bin:/bin' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const line = await new Promise<string>((resolve) => {
        const lines = createInterface({ input: child.stdout! });
        lines.on('line', (l) => l.includes('TF_REATTACH_PROVIDERS=') && resolve(l));
      });
      const reattach = JSON.parse(line.slice(line.indexOf("'") + 1, line.lastIndexOf("'")));
      const entry = reattach['registry.terraform.io/uptime-monitoring/uptime'];
      expect(entry).toMatchObject({ Protocol: 'grpc', ProtocolVersion: 6, Pid: child.pid });
      expect(existsSync(entry.Addr.String)).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('reads TF_LOG, TF_LOG_PROVIDER and UPTIME_* when it starts, not when its snapshot was built', async () => {
    // Schema load and ConfigureProvider (which logs at trace through the framework's logger) with every provider
    // argument null: base URL and token come from this launch's environment.
    const session = async (env: NodeJS.ProcessEnv) => {
      const t = await Terraform.launch(PROFILES[0]!, exe, {
        UPTIME_BASE_URL: svc.baseUrl,
        UPTIME_API_TOKEN: svc.tokens.full!,
        ...env,
      });
      try {
        await t.loadSchemas();
        const config = t.providerType.kind === 'object' ? t.providerType.attributes : {};
        await t.configure(Object.fromEntries(Object.keys(config).map((k) => [k, null])));
        await t.p.callService('Shutdown');
        await t.p.exited;
      } finally {
        t.close();
      }
      return t.p.stderr();
    };
    expect(await session({})).not.toContain('@level');
    const debug = await session({ TF_LOG_PROVIDER: 'debug' });
    expect(debug).toContain('"@message":"Shutdown requested"');
    expect(debug).not.toContain('"@level":"trace"');
    const trace = await session({ TF_LOG: 'trace' });
    expect(trace).toMatch(/"@level":"trace","@message":"Received request".*"tf_rpc":"GetProviderSchema"/);
    expect(trace).toMatch(/"@level":"trace","@message":"ConfigureProvider"/);
    // The API token never reaches a log line.
    expect(trace).not.toContain(svc.tokens.full!);
  });

  test('makes its TLS certificate for the client certificate of each launch (PLUGIN_CLIENT_CERT)', async () => {
    const a = await launchProvider(exe);
    const b = await launchProvider(exe);
    try {
      // Each answers over mutual TLS with the client certificate announced to it (the driver makes one per launch).
      expect((await a.call('GetMetadata')).diagnostics).toEqual([]);
      expect((await b.call('GetMetadata')).diagnostics).toEqual([]);
      expect(a.serverCert!.fingerprint256).not.toBe(b.serverCert!.fingerprint256);
      expect(a.serverCert!.serialNumber).not.toBe(b.serverCert!.serialNumber);
      // Valid from about now (not from the build).
      expect(Math.abs(Date.parse(a.serverCert!.validFrom) + 30_000 - Date.now())).toBeLessThan(120_000);
    } finally {
      a.close();
      b.close();
    }
  });

  test('each launch creates its own monitor (no Idempotency-Key or other randomness shared through the snapshot)', async () => {
    const created: string[] = [];
    for (const i of [1, 2]) {
      const t = await Terraform.launch(PROFILES[0]!, exe);
      try {
        await t.loadSchemas();
        const provider = t.providerType.kind === 'object' ? t.providerType.attributes : {};
        await t.configure({
          ...Object.fromEntries(Object.keys(provider).map((k) => [k, null])),
          base_url: svc.baseUrl,
          token: svc.tokens.full!,
        });
        const type = t.resources.uptime_monitor!.type;
        const attrs = type.kind === 'object' ? type.attributes : {};
        const config = {
          ...Object.fromEntries(Object.keys(attrs).map((k) => [k, null])),
          name: `snapshot-launch-${i}`,
          url: `https://snapshot-${i}.example.com/`,
        };
        const { res, state } = await t.create('uptime_monitor', config);
        expect(res.diagnostics).toEqual([]);
        created.push(state!.id as string);
      } finally {
        t.close();
      }
    }
    expect(new Set(created).size).toBe(2);
  });

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
