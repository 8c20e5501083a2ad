// npm run build:run-task — the run-task server (`uptimectl run-task serve`) as one executable that needs neither
// Node nor a container: dist/run-task/uptimectl-run-task_<version>_<platform>[.exe] and its SHA256SUMS.
// Like the provider's release (scripts/build-release.ts): a Node single-executable application of this machine's
// platform, embedding the newest LTS Node the registry has for it (release/node-choice.ts; RELEASE_NODE narrows
// it), the SEA blob made by that very Node; on macOS the result is signed ad hoc. The server is bundled by esbuild
// into one CommonJS file (src/cli/run-task-main.ts and everything it loads). Build on each platform you run it on.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chooseNode } from './release/node-choice.js';
import { availableVersions, cachedFile } from './release/npm-packages.js';
import { hostPlatform, PLATFORMS } from './release/platforms.js';
import { makeSeaExecutable } from './release/sea.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const out = join(root, 'dist', 'run-task');
const work = join(out, '.work');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const platform = hostPlatform();
  if (!platform)
    throw new Error(`no release platform for this machine (${process.platform} ${process.arch})`);
  const target = PLATFORMS[platform]!;
  const versions = availableVersions(target.pkg, log);
  const choice = chooseNode({
    pkg: target.pkg,
    versions,
    blobMaker: { pkg: target.pkg, versions },
    today: new Date(),
    range: process.env.RELEASE_NODE,
  });
  const node = cachedFile(`${target.pkg}@${choice.version}`, target.bin, log);
  log(`${platform}: embedding Node v${choice.version} (${target.pkg})`);

  rmSync(out, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const bundle = join(work, 'uptimectl-run-task.cjs');
  await build({
    entryPoints: [join(root, 'src', 'cli', 'run-task-main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const config = join(work, 'sea.json');
  const blob = join(work, 'sea.blob');
  writeFileSync(
    config,
    JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  execFileSync(node, ['--experimental-sea-config', config], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const name = `uptimectl-run-task_${version}_${platform}${target.exe ?? ''}`;
  const exe = join(out, name);
  makeSeaExecutable({
    root,
    node,
    exe,
    blob,
    target,
    identifier: 'uptimectl-run-task',
    strip: target.host[0] === 'linux',
  });
  const sum = createHash('sha256').update(readFileSync(exe)).digest('hex');
  writeFileSync(join(out, `uptimectl-run-task_${version}_SHA256SUMS`), `${sum}  ${name}\n`);
  rmSync(work, { recursive: true, force: true });
  log(`built ${name} (Node v${choice.version})`);
  process.stdout.write(`${exe}\n`);
}

await main();
