// The runtimes the package supports (Node 22 and 24 LTS; Node 20 is end-of-life) and what `npm ci` runs: every runtime
// dependency accepts the lowest supported Node and the running one (so `npm ci` prints no EBADENGINE warning for what
// users install; package.json pins light-my-request's cookie to 1.x: cookie 2 wants Node >= 22), and no dependency
// runs an install script that package.json's allowScripts has not reviewed. All five reviewed ones are denied, so
// `npm ci` is byte-identical under any Node and one install serves every runtime: @cdktf/node-pty-prebuilt-multiarch
// ships its builds and would otherwise download or compile; @parcel/watcher's script only builds from source on
// request; @swc/core's and esbuild's only check or swap in the prebuilt platform package npm already installed;
// protobufjs's only prints a version hint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from '../helpers/build.js';

interface LockPackage {
  dev?: boolean;
  optional?: boolean;
  hasInstallScript?: boolean;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};

test('engines: Node 22 and 24 LTS are supported, end-of-life Node 20 is not promised', () => {
  for (const v of ['22.11.0', '22.23.3', '24.0.0', '24.21.0'])
    expect({ v, ok: semver.satisfies(v, pkg.engines.node) }).toEqual({ v, ok: true });
  for (const v of ['20.20.2', '22.10.0'])
    expect({ v, ok: semver.satisfies(v, pkg.engines.node) }).toEqual({ v, ok: false });
});

test('every runtime dependency accepts the lowest supported Node and this one', () => {
  const lowest = semver.minVersion(pkg.engines.node)!.version;
  const refusing: string[] = [];
  for (const [path, p] of Object.entries(lock.packages)) {
    if (!path || p.dev || Array.isArray(p.engines) || !p.engines?.node) continue;
    for (const v of [lowest, process.version])
      if (!semver.satisfies(v, p.engines.node, { includePrerelease: true }))
        refusing.push(`${path} (node ${p.engines.node}) on ${v}`);
  }
  expect(refusing).toEqual([]);
});

test('every dependency with an install script is reviewed in allowScripts (npm ci stays quiet and offline)', () => {
  const name = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const unreviewed = Object.entries(lock.packages)
    .filter(([path, p]) => path && p.hasInstallScript)
    .map(([path]) => name(path))
    .filter((n) => typeof pkg.allowScripts?.[n] !== 'boolean');
  expect(unreviewed).toEqual([]);
  // None is needed: each one only builds from source, downloads, or checks what the prebuilt packages already give.
  expect(Object.entries(pkg.allowScripts ?? {}).filter(([, allowed]) => allowed)).toEqual([]);
});
