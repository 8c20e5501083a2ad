// `uptimectl provider install` from the checkout (and, without the single-file build, a release folder's layout):
// the mirror serves the provider under registry.terraform.io and registry.opentofu.org (a bare
// `uptime-monitoring/uptime` is the first to Terraform, the second to OpenTofu, and a mirror is searched by host).
// What OpenTofu would find is checked by a search written from OpenTofu's source (test/helpers/opentofu-mirror.ts);
// real Terraform stands in for OpenTofu's host resolution with `source = "registry.opentofu.org/…"`: init from the
// mirror, apply, an empty re-plan and destroy against the local service.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { installFromRelease, MIRRORED_SOURCES, terraformPlatform } from '../../src/cli/provider-install.js';
import { header } from '../../src/import/hcl.js';
import { createService, type RunningService } from '../../src/service/index.js';
import {
  installationPatterns,
  packageH1,
  patternMatches,
  searchMirrorAsOpenTofu,
  zipH1,
} from '../helpers/opentofu-mirror.js';
import { terraformAvailable, requiredProviders } from '../helpers/terraform.js';
import { testSeed } from '../provider/helpers.js';
import { withoutSharedPluginCache } from '../../src/cdk/cli.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const hasTerraform = terraformAvailable();
const tfTest = hasTerraform ? test : test.skip;
const VERSION = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
const TF_HOST = 'registry.terraform.io/uptime-monitoring/uptime';
const TOFU_HOST = 'registry.opentofu.org/uptime-monitoring/uptime';

/** A required_providers block naming the provider by its full OpenTofu address (what a bare source is to tofu). */
const openTofuSource = (version: string) =>
  requiredProviders(version).replace('source  = "uptime-monitoring/uptime"', `source  = "${TOFU_HOST}"`);

/** The `h1:` hashes of one provider block of a lock file. */
function lockedHashes(lockFile: string, address: string): string[] {
  const block = new RegExp(`provider "${address.replace(/\./g, '\\.')}" \\{([\\s\\S]*?)\\n\\}`).exec(
    lockFile,
  );
  return block ? [...block[1]!.matchAll(/"(h1:[A-Za-z0-9+/=]{44})"/g)].map((m) => m[1]!).sort() : [];
}

describe('uptimectl provider install', () => {
  let dir: string;
  let svc: RunningService | undefined;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'uptimectl-install-'));
    if (!existsSync(path.join(root, 'dist/terraform-provider-uptime.cjs')))
      execFileSync('npm', ['run', 'build:provider'], { cwd: root, stdio: 'ignore' });
    env = withoutSharedPluginCache({
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      TF_CLI_CONFIG_FILE: path.join(dir, 'terraform.rc'),
    });
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('writes a mirror and CLI config and says how to use them, with Terraform and with OpenTofu', async () => {
    const { stdout } = await run(
      'npx',
      ['tsx', 'src/cli/uptimectl.ts', 'provider', 'install', '--dir', dir],
      {
        cwd: root,
      },
    );
    expect(stdout).toContain(`export TF_CLI_CONFIG_FILE=${path.join(dir, 'terraform.rc')}`);
    expect(stdout).toContain('--skip-provider-lock');
    const mirror = path.join(dir, 'mirror');
    const platform = terraformPlatform();
    expect(stdout).toContain(
      `terraform providers lock -fs-mirror=${mirror} -platform=${platform} uptime-monitoring/uptime`,
    );
    expect(stdout).toContain('tofu init');
    expect(stdout).toContain(
      `tofu providers lock -fs-mirror=${mirror} -platform=${platform} uptime-monitoring/uptime`,
    );
    expect(existsSync(path.join(dir, 'terraform.rc'))).toBe(true);
  }, 60_000);

  test('OpenTofu would find the provider under both hosts, the same package (h1) under each', () => {
    const found = searchMirrorAsOpenTofu(path.join(dir, 'mirror'));
    expect([...found.keys()].sort()).toEqual([TOFU_HOST, TF_HOST]);
    const packages = [TF_HOST, TOFU_HOST].map((a) => found.get(a)!);
    for (const list of packages)
      expect(list.map(({ version, platform, kind }) => ({ version, platform, kind }))).toEqual([
        { version: VERSION, platform: terraformPlatform(), kind: 'unpacked' },
      ]);
    expect(packageH1(packages[1]![0]!)).toBe(packageH1(packages[0]![0]!));
    // Real folders: a symlinked host, namespace or type folder would not be searched.
    expect([...MIRRORED_SOURCES].sort()).toEqual([TOFU_HOST, TF_HOST]);
  });

  test('the CLI config sends the provider, under either host, to the mirror and never to a registry', () => {
    const { mirrorInclude, directExclude } = installationPatterns(
      readFileSync(path.join(dir, 'terraform.rc'), 'utf8'),
    );
    for (const address of [TF_HOST, TOFU_HOST]) {
      expect([address, mirrorInclude.some((p) => patternMatches(p, address))]).toEqual([address, true]);
      expect([address, directExclude.some((p) => patternMatches(p, address))]).toEqual([address, true]);
    }
    // Every other provider still comes from its registry (and is not looked for in the mirror).
    for (const other of [
      'registry.opentofu.org/hashicorp/random',
      'registry.terraform.io/hashicorp/random',
    ]) {
      expect(mirrorInclude.some((p) => patternMatches(p, other))).toBe(false);
      expect(directExclude.some((p) => patternMatches(p, other))).toBe(false);
    }
  });

  test('configurations we generate name the source without a host: each tool reads it as its own registry', () => {
    const hcl = header(VERSION);
    expect(hcl).toContain('source  = "uptime-monitoring/uptime"');
    expect(hcl).not.toMatch(/registry\.(terraform\.io|opentofu\.org)/);
    const binding = readFileSync(path.join(root, 'src/constructs/generated/provider/index.ts'), 'utf8');
    expect(binding).toContain("terraformProviderSource: 'uptime-monitoring/uptime'");
  });

  test("the search follows OpenTofu's symlink rule: a linked host folder is not searched, a linked <os>_<arch> is", () => {
    const mirror = path.join(dir, 'links');
    const real = path.join(
      mirror,
      'registry.terraform.io',
      'uptime-monitoring',
      'uptime',
      '1.0.0',
      'linux_amd64',
    );
    mkdirSync(real, { recursive: true });
    writeFileSync(path.join(real, 'terraform-provider-uptime_v1.0.0'), '#!/bin/sh\n');
    symlinkSync(path.join(mirror, 'registry.terraform.io'), path.join(mirror, 'registry.opentofu.org'));
    expect([...searchMirrorAsOpenTofu(mirror).keys()]).toEqual([TF_HOST]);
    rmSync(path.join(mirror, 'registry.opentofu.org'));
    const leaf = path.join(mirror, 'registry.opentofu.org', 'uptime-monitoring', 'uptime', '1.0.0');
    mkdirSync(leaf, { recursive: true });
    symlinkSync(real, path.join(leaf, 'linux_amd64'));
    const found = searchMirrorAsOpenTofu(mirror);
    expect([...found.keys()].sort()).toEqual([TOFU_HOST, TF_HOST]);
    expect(packageH1(found.get(TOFU_HOST)![0]!)).toBe(packageH1(found.get(TF_HOST)![0]!));
  });

  tfTest(
    'terraform init installs the provider from that mirror, offline; its lock hash is the mirror package h1',
    async () => {
      const work = path.join(dir, 'work');
      mkdirSync(work, { recursive: true });
      writeFileSync(path.join(work, 'main.tf'), requiredProviders());
      const init = await run('terraform', ['init', '-no-color'], { cwd: work, env });
      expect(init.stdout).toContain('Installed uptime-monitoring/uptime v0.1.0');
      const schema = await run('terraform', ['providers', 'schema', '-json'], { cwd: work, env });
      expect(Object.keys(JSON.parse(schema.stdout).provider_schemas)).toEqual([TF_HOST]);
      const lock = readFileSync(path.join(work, '.terraform.lock.hcl'), 'utf8');
      const pkg = searchMirrorAsOpenTofu(path.join(dir, 'mirror')).get(TF_HOST)![0]!;
      expect(lockedHashes(lock, TF_HOST)).toEqual([packageH1(pkg)]);
    },
    60_000,
  );

  // Terraform's init drops a lock block for a provider the configuration does not name; OpenTofu's installer does the
  // same (internal/providercache/installer.go, EnsureProviderVersions: "if the lock structure contains locks for any
  // providers that are no longer needed by this configuration, we'll remove them"). So a working directory that both
  // tools init keeps only the block of the last one: docs/install.md says so.
  tfTest(
    "a lock file that also holds OpenTofu's block: terraform init removes it, and -lockfile=readonly refuses",
    async () => {
      const work = path.join(dir, 'work');
      const lockPath = path.join(work, '.terraform.lock.hcl');
      const ours = readFileSync(lockPath, 'utf8');
      const theirs = ours.slice(ours.indexOf(`provider "${TF_HOST}"`)).replace(TF_HOST, TOFU_HOST);
      writeFileSync(lockPath, `${ours}\n${theirs}`);
      expect(lockedHashes(readFileSync(lockPath, 'utf8'), TOFU_HOST)).toEqual(lockedHashes(ours, TF_HOST));
      const readonly = await run('terraform', ['init', '-lockfile=readonly', '-no-color'], {
        cwd: work,
        env,
      }).then(
        () => ({ code: 0, out: '' }),
        (e: { code?: number; stdout?: string; stderr?: string }) => ({
          code: e.code,
          out: `${e.stdout}${e.stderr}`,
        }),
      );
      expect(readonly.code).not.toBe(0);
      expect(readonly.out).toContain('Provider dependency changes detected');
      await run('terraform', ['init', '-no-color'], { cwd: work, env });
      const after = readFileSync(lockPath, 'utf8');
      expect(lockedHashes(after, TOFU_HOST)).toEqual([]);
      expect(lockedHashes(after, TF_HOST)).toEqual(lockedHashes(ours, TF_HOST));
    },
    60_000,
  );

  tfTest(
    'source = "registry.opentofu.org/uptime-monitoring/uptime": init from the mirror, apply, empty re-plan, destroy',
    async () => {
      svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
      const work = path.join(dir, 'work-opentofu');
      mkdirSync(work);
      writeFileSync(
        path.join(work, 'main.tf'),
        `${openTofuSource(VERSION)}
resource "uptime_monitor" "m" {
  name = "Found under registry.opentofu.org"
  url  = "https://opentofu-mirror.example.com/"
}
`,
      );
      const tfEnv = { ...env, UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full! };
      const tf = (...args: string[]) =>
        run('terraform', [...args, '-no-color'], { cwd: work, env: tfEnv }).then(
          (r) => ({ code: 0, out: r.stdout + r.stderr }),
          (e: { code?: number; stdout?: string; stderr?: string }) => ({
            code: e.code ?? 1,
            out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
          }),
        );
      const init = await tf('init');
      expect(init).toMatchObject({ code: 0 });
      expect(init.out).toContain(`Installed ${TOFU_HOST} v${VERSION}`);
      const lock = readFileSync(path.join(work, '.terraform.lock.hcl'), 'utf8');
      const pkg = searchMirrorAsOpenTofu(path.join(dir, 'mirror')).get(TOFU_HOST)![0]!;
      expect(lockedHashes(lock, TOFU_HOST)).toEqual([packageH1(pkg)]);
      expect(lockedHashes(lock, TF_HOST)).toEqual([]);
      expect((await tf('apply', '-auto-approve')).out).toContain('Apply complete! Resources: 1 added');
      expect(await tf('plan', '-detailed-exitcode')).toMatchObject({ code: 0 });
      const listed = (await (
        await fetch(`${svc.baseUrl}/monitors`, { headers: { authorization: `Bearer ${svc.tokens.full}` } })
      ).json()) as { data: { name: string }[] };
      expect(listed.data.map((m) => m.name)).toContain('Found under registry.opentofu.org');
      const state = JSON.parse((await run('terraform', ['show', '-json'], { cwd: work, env: tfEnv })).stdout);
      expect(state.values.root_module.resources[0].provider_name).toBe(TOFU_HOST);
      expect((await tf('destroy', '-auto-approve')).out).toContain(
        'Destroy complete! Resources: 1 destroyed',
      );
    },
    HANG_GUARD_MS,
  );
});

describe('a release folder installed with --from (the layout, without the single-file build)', () => {
  let dir: string;
  let release: string;
  const PLATFORMS = ['darwin_arm64', 'linux_amd64'];
  const zipName = (p: string) => `terraform-provider-uptime_${VERSION}_${p}.zip`;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'uptimectl-release-layout-'));
    release = path.join(dir, 'release');
    mkdirSync(release);
    // Stand-ins for the executables (the layout and hashes are what is checked here; release-e2e runs the real ones).
    for (const p of PLATFORMS)
      await new Promise<void>((resolve, reject) => {
        const z = new yazl.ZipFile();
        z.addBuffer(Buffer.from(`#!/bin/sh\n# ${p}\n`), `terraform-provider-uptime_v${VERSION}`, {
          mode: 0o100755,
          mtime: new Date(0),
        });
        z.end();
        z.outputStream
          .pipe(createWriteStream(path.join(release, zipName(p))))
          .on('close', () => resolve())
          .on('error', reject);
      });
    writeFileSync(
      path.join(release, `terraform-provider-uptime_${VERSION}_SHA256SUMS`),
      PLATFORMS.map(
        (p) =>
          `${createHash('sha256')
            .update(readFileSync(path.join(release, zipName(p))))
            .digest('hex')}  ${zipName(p)}\n`,
      ).join(''),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('every zip is under both hosts in the packed layout, each the release zip (same h1)', () => {
    const installed = installFromRelease({ dir: path.join(dir, 'install'), from: release });
    const found = searchMirrorAsOpenTofu(installed.mirrorDir);
    expect([...found.keys()].sort()).toEqual([TOFU_HOST, TF_HOST]);
    for (const address of [TF_HOST, TOFU_HOST]) {
      const packages = found.get(address)!;
      expect(packages.map((p) => `${p.kind} ${p.version} ${p.platform}`).sort()).toEqual(
        PLATFORMS.map((p) => `packed ${VERSION} ${p}`),
      );
      for (const p of packages) expect(packageH1(p)).toBe(zipH1(path.join(release, zipName(p.platform))));
    }
  });

  tfTest(
    'providers lock -fs-mirror records the same hashes for the registry.opentofu.org address',
    async () => {
      const mirror = path.join(dir, 'install', 'mirror');
      const hashes = PLATFORMS.map((p) => zipH1(path.join(release, zipName(p)))).sort();
      for (const [name, text, address] of [
        ['tf', requiredProviders(VERSION), TF_HOST],
        ['tofu', openTofuSource(VERSION), TOFU_HOST],
      ] as const) {
        const work = path.join(dir, name);
        mkdirSync(work);
        writeFileSync(path.join(work, 'main.tf'), text);
        await run(
          'terraform',
          ['providers', 'lock', `-fs-mirror=${mirror}`, ...PLATFORMS.map((p) => `-platform=${p}`), address],
          { cwd: work, env: { ...process.env, CHECKPOINT_DISABLE: '1' } },
        );
        expect([
          address,
          lockedHashes(readFileSync(path.join(work, '.terraform.lock.hcl'), 'utf8'), address),
        ]).toEqual([address, hashes]);
      }
    },
    60_000,
  );
  tfTest(
    "--from … --lock with TERRAFORM_BINARY_NAME=tofu runs `tofu providers lock` (OpenTofu's block, every platform)",
    async () => {
      const work = path.join(dir, 'cli-lock-tofu');
      mkdirSync(work);
      writeFileSync(path.join(work, 'main.tf'), openTofuSource(VERSION));
      // No tofu here: a stand-in that records its arguments, reads a bare provider address as OpenTofu does
      // (registry.opentofu.org) and hands the command to Terraform.
      const bin = path.join(dir, 'tofu-bin');
      const log = path.join(dir, 'tofu.log');
      const terraform = execFileSync('/bin/sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim();
      mkdirSync(bin);
      writeFileSync(
        path.join(bin, 'tofu'),
        `#!/bin/sh\necho "tofu $*" >> '${log}'\nfor a; do shift; case "$a" in uptime-monitoring/uptime) set -- "$@" "${TOFU_HOST}" ;; *) set -- "$@" "$a" ;; esac; done\nexec '${terraform}' "$@"\n`,
      );
      execFileSync('chmod', ['+x', path.join(bin, 'tofu')]);
      const install = path.join(dir, 'cli-install');
      const { stdout } = await run(
        'npx',
        [
          'tsx',
          'src/cli/uptimectl.ts',
          'provider',
          'install',
          '--from',
          release,
          '--dir',
          install,
          '--lock',
          work,
        ],
        {
          cwd: root,
          env: {
            ...process.env,
            CHECKPOINT_DISABLE: '1',
            PATH: `${bin}:${process.env.PATH}`,
            TERRAFORM_BINARY_NAME: 'tofu',
          },
        },
      );
      const mirror = path.join(install, 'mirror');
      expect(readFileSync(log, 'utf8')).toBe(
        `tofu providers lock -fs-mirror=${mirror} ${PLATFORMS.map((p) => `-platform=${p}`).join(' ')} uptime-monitoring/uptime\n`,
      );
      expect(stdout).toContain(`Lock file with hashes for ${PLATFORMS.join(', ')} (tofu providers lock)`);
      expect(stdout).toContain(`tofu providers lock -fs-mirror=${mirror}`);
      const lock = readFileSync(path.join(work, '.terraform.lock.hcl'), 'utf8');
      expect(lockedHashes(lock, TOFU_HOST)).toEqual(
        PLATFORMS.map((p) => zipH1(path.join(release, zipName(p)))).sort(),
      );
    },
    60_000,
  );
});
