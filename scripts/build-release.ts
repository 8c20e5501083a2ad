// npm run build:release — the files of a Terraform provider release, under dist/release/:
//   terraform-provider-uptime_<version>_<os>_<arch>.zip   (the executable terraform-provider-uptime_v<version>)
//   terraform-provider-uptime_<version>_manifest.json      (plugin protocol 6.0; which Node each platform embeds)
//   terraform-provider-uptime_<version>_SHA256SUMS         (+ .sig when RELEASE_GPG_KEY names a key in the keyring)
// Each executable is a Node single-executable application (SEA): the Node binary of its platform with the bundled
// provider injected, so it needs no Node on the machine. Every binary, this platform's included, comes from the npm
// registry's Node package of its platform (PLATFORMS), cached by exact version (release/npm-packages.ts). Each
// platform embeds the newest LTS release of the newest supported Node line that the registry has for it and that
// this machine's Node package has too (release/node-choice.ts): the SEA blob is made by this machine's Node of
// exactly that version (a blob only runs on the Node version that made it). RELEASE_NODE (an npm version range,
// e.g. 22 or 24.21.0) narrows the choice. RELEASE_PLATFORMS (comma-separated, e.g. linux_amd64) limits the set.
// RELEASE_DIR writes the files into another folder, which must be absent or empty (dist/release is replaced).
// The executable of this machine's platform (linux_amd64 on the release machines) starts from a V8 startup snapshot
// (SEA useSnapshot) holding the provider loaded and initialised (src/cli/provider-snapshot.ts): a snapshot is
// specific to the platform and the exact Node build, so it is made only where the release Node of that platform
// runs, by that very binary. The other platforms' executables compile the embedded bundle when they start (a V8
// code cache made here would only be accepted by this platform's V8). A failed snapshot fails the build;
// RELEASE_SNAPSHOT=0 opts out: this platform's executable then loads the bundle through a V8 code cache.
// The macOS executables (Mach-O) get the blob in a NODE_SEA segment (postject removes Node's Developer ID
// signature) and are then signed ad hoc (release/macho-sign.ts): macOS kills unsigned arm64 code.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { chooseNode, type NodeChoice } from './release/node-choice.js';
import { availableVersions, cachedFile } from './release/npm-packages.js';
import { PLATFORMS } from './release/platforms.js';
import { makeSeaExecutable } from './release/sea.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const out = process.env.RELEASE_DIR ? resolve(process.env.RELEASE_DIR) : join(root, 'dist', 'release');
const work = join(out, '.work');
/** The CodeDirectory identifier of the macOS executables. */
const MACHO_IDENTIFIER = 'terraform-provider-uptime';

const log = (line: string) => process.stderr.write(`${line}\n`);

function run(cmd: string, args: string[], opts: Parameters<typeof execFileSync>[2] = {}): string {
  return execFileSync(cmd, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    ...opts,
  }) as string;
}

function zip(file: string, entryName: string, zipPath: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const z = new yazl.ZipFile();
    z.addFile(file, entryName, { mode: 0o100755, mtime: new Date(0) });
    z.end();
    z.outputStream
      .pipe(createWriteStream(zipPath))
      .on('close', () => resolvePromise())
      .on('error', reject);
  });
}

const sha256 = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

/**
 * Runs the built provider once through its handshake (as Terraform launches it), which makes the npm launcher write
 * the bundle's V8 code cache with everything compiled up to the handshake; returns its path (null if none was made).
 */
async function warmCodeCache(dir: string, node: string, nodeVersion: string): Promise<string | null> {
  const launcher = join(dir, 'terraform-provider-uptime.cjs');
  const file = join(dir, `terraform-provider-uptime.bundle.cjs.v${nodeVersion}.v8cache`);
  let certPem: string | undefined;
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
function snapshotBundle(): string {
  const dir = join(work, 'snapshot');
  run(process.execPath, [join(root, 'scripts', 'build-provider.mjs'), 'src/cli/provider-snapshot.ts', dir], {
    cwd: root,
  });
  return join(dir, 'terraform-provider-uptime.bundle.cjs');
}

/** The executable starts from its snapshot (the deserialize main reports it) with the embedded Node. */
function checkSnapshotExecutable(exe: string, nodeVersion: string): void {
  const output = run(exe, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (!output.includes(`Node v${nodeVersion} (embedded, startup snapshot)`))
    throw new Error(`${exe} --version does not report its startup snapshot: ${output.trim()}`);
}

async function main(): Promise<void> {
  const wanted = (process.env.RELEASE_PLATFORMS ?? Object.keys(PLATFORMS).join(','))
    .split(',')
    .map((s) => s.trim());
  for (const p of wanted)
    if (!PLATFORMS[p]) throw new Error(`unknown platform ${p}; known: ${Object.keys(PLATFORMS).join(', ')}`);
  const hostPlatform = Object.keys(PLATFORMS).find(
    (p) => PLATFORMS[p]!.host[0] === process.platform && PLATFORMS[p]!.host[1] === process.arch,
  );
  if (!hostPlatform)
    throw new Error(`no release platform for this machine (${process.platform} ${process.arch})`);
  // This machine's Node package makes the SEA blobs (and the snapshot or code cache of its own platform).
  const maker = PLATFORMS[hostPlatform]!;
  const blobMaker = { pkg: maker.pkg, versions: availableVersions(maker.pkg, log) };
  const today = new Date();
  const choices: Record<string, NodeChoice> = {};
  for (const platform of wanted) {
    const { pkg } = PLATFORMS[platform]!;
    const versions = pkg === maker.pkg ? blobMaker.versions : availableVersions(pkg, log);
    const choice = chooseNode({ pkg, versions, blobMaker, today, range: process.env.RELEASE_NODE });
    choices[platform] = choice;
    log(
      `${platform} embeds Node v${choice.version} (${pkg})${choice.passedOver.length ? `: ${choice.passedOver.join('; ')}` : ''}`,
    );
  }
  const makerNode = (nodeVersion: string) => cachedFile(`${maker.pkg}@${nodeVersion}`, maker.bin, log);

  if (!process.env.RELEASE_DIR) rmSync(out, { recursive: true, force: true });
  else if (existsSync(out) && readdirSync(out).length)
    throw new Error(`RELEASE_DIR ${out} is not empty: the release goes into an absent or empty folder`);
  mkdirSync(work, { recursive: true });
  run(process.execPath, [join(root, 'scripts', 'build-provider.mjs'), 'src/cli/provider-main.ts', work], {
    cwd: root,
  });
  const bundle = join(work, 'terraform-provider-uptime.bundle.cjs');
  const snapshot = process.env.RELEASE_SNAPSHOT !== '0' && wanted.includes(hostPlatform);
  const snapshotEntry = snapshot ? snapshotBundle() : null;
  const hostVersion = choices[hostPlatform]?.version;
  const cache =
    hostVersion && !snapshot ? await warmCodeCache(work, makerNode(hostVersion), hostVersion) : null;
  const files: string[] = [];
  const manifestPlatforms: Record<string, Record<string, string>> = {};
  for (const platform of wanted) {
    const target = PLATFORMS[platform]!;
    const nodeVersion = choices[platform]!.version;
    const native = platform === hostPlatform;
    const config = join(work, `sea-${platform}.json`);
    const blob = join(work, `sea-${platform}.blob`);
    writeFileSync(
      config,
      JSON.stringify(
        native && snapshotEntry
          ? { main: snapshotEntry, output: blob, disableExperimentalSEAWarning: true, useSnapshot: true }
          : {
              // Relative to the build's cwd (root): the blob records this path, not the checkout's location.
              main: join('scripts', 'sea-main.cjs'),
              output: blob,
              disableExperimentalSEAWarning: true,
              // The code cache is made by this machine's V8 and only helps the same platform; another platform's
              // blob carries neither a snapshot nor a code cache, so it runs on that platform's Node of this version.
              useCodeCache: native,
              assets: { bundle, ...(native && cache ? { cache } : {}) },
            },
      ),
    );
    try {
      run(makerNode(nodeVersion), ['--experimental-sea-config', config], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      if (!(native && snapshotEntry)) throw err;
      throw new Error(
        `building the ${platform} startup snapshot failed (RELEASE_SNAPSHOT=0 builds it with a code cache instead):\n${(err as { stderr?: string }).stderr ?? (err as Error).message}`,
      );
    }
    const exe = join(work, platform, `terraform-provider-uptime_v${version}${target.exe ?? ''}`);
    mkdirSync(dirname(exe), { recursive: true });
    const nodePackage = `${target.pkg}@${nodeVersion}`;
    makeSeaExecutable({
      root,
      node: cachedFile(nodePackage, target.bin, log),
      exe,
      blob,
      target,
      identifier: MACHO_IDENTIFIER,
      strip: target.host[0] === 'linux' && native,
    });
    if (native && snapshotEntry) checkSnapshotExecutable(exe, nodeVersion);
    const name = `terraform-provider-uptime_${version}_${platform}.zip`;
    await zip(exe, exe.split('/').pop()!, join(out, name));
    files.push(name);
    const startup =
      native && snapshotEntry ? 'V8 startup snapshot' : native ? 'V8 code cache' : 'no code cache';
    manifestPlatforms[platform] = {
      zip: name,
      node: nodeVersion,
      node_package: nodePackage,
      ...(native ? {} : { sea_blob_made_by: `${maker.pkg}@${nodeVersion}` }),
      startup,
      ...(target.macho ? { signature: 'ad hoc (SHA-256 CodeDirectory, not notarized)' } : {}),
    };
    log(`built ${name} (${startup}${target.macho ? ', signed ad hoc' : ''}; Node v${nodeVersion})`);
  }
  const manifest = `terraform-provider-uptime_${version}_manifest.json`;
  // Terraform's registry reads metadata.protocol_versions; `platforms` records how each executable was built.
  writeFileSync(
    join(out, manifest),
    `${JSON.stringify({ version: 1, metadata: { protocol_versions: ['6.0'] }, platforms: manifestPlatforms }, null, 2)}\n`,
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
