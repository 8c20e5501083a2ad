// `npm ci --offline` of a generated project, the way a user installs it, without the registry: the project gets a
// package-lock.json holding exactly the packages its package.json needs, taken from this checkout's lock file (the
// same versions, paths and integrity, so npm finds every tarball in its cache, where this checkout's own `npm ci` put
// them), and terraform-provider-uptime from the packed tarball of this checkout. npm then checks the lock against
// package.json's ranges (a range the tested versions do not satisfy fails here, as `npm ci` would), reifies the
// tree, links the bins (`cdktn`, `tsx`) and runs the install scripts.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './build.js';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface PackageJson {
  name?: string;
  overrides?: unknown;
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: Record<string, string>;
  bin?: unknown;
  license?: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Where a package at `from` finds `name`, as Node and npm resolve it: the nearest node_modules up the path. */
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  for (let base = from; ;) {
    const at = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[at]) return at;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

/** What a package needs installed: its dependencies, optional dependencies and non-optional peers. */
function needs(p: LockEntry | PackageJson): string[] {
  const meta = p.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(p.dependencies ?? {}),
    ...Object.keys(p.optionalDependencies ?? {}),
    ...Object.keys(p.peerDependencies ?? {}).filter((n) => !meta[n]?.optional),
  ];
}

/**
 * Writes `<project>/package-lock.json` for the project's package.json: every package from this checkout's lock file,
 * and terraform-provider-uptime from `tarball` (`npm pack` of this checkout). Returns the number of packages.
 * The checkout's `overrides` (cookie 1 under fastify's light-my-request, for Node 20) are added to the project's
 * package.json: the cache holds what the checkout installed, and a consumer's npm would otherwise ask the registry
 * for cookie 2, which fastify's test helper wants and the CLI never loads.
 */
export function writeOfflineLock(project: string, tarball: string, packageDir: string): number {
  const repoLock = readJson<{ packages: Record<string, LockEntry> }>(join(REPO_ROOT, 'package-lock.json'));
  const repo = repoLock.packages;
  const overrides = readJson<{ overrides?: unknown }>(join(REPO_ROOT, 'package.json')).overrides;
  const app = { ...readJson<PackageJson>(join(project, 'package.json')), overrides };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(app, null, 2)}\n`);
  const packed = readJson<PackageJson>(join(packageDir, 'package.json'));
  const SELF = 'node_modules/terraform-provider-uptime';
  const out: Record<string, LockEntry> = {
    '': {
      name: app.name,
      dependencies: app.dependencies,
      devDependencies: app.devDependencies,
      engines: app.engines,
    },
    [SELF]: {
      version: packed.version,
      resolved: `file:${relative(project, tarball)}`,
      integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
      license: packed.license,
      dependencies: packed.dependencies,
      optionalDependencies: packed.optionalDependencies,
      peerDependencies: packed.peerDependencies,
      peerDependenciesMeta: packed.peerDependenciesMeta,
      engines: packed.engines,
      bin: packed.bin,
    },
  };
  const queue: [string, string][] = [
    ...Object.keys({ ...app.dependencies, ...app.devDependencies })
      .filter((n) => n !== 'terraform-provider-uptime')
      .map((n) => ['', n] as [string, string]),
    ...needs(packed).map((n) => ['', n] as [string, string]),
  ];
  while (queue.length) {
    const [from, name] = queue.pop()!;
    const at = resolveIn(repo, from, name);
    if (!at) {
      const parent = from ? repo[from] : packed;
      if (parent?.optionalDependencies?.[name]) continue;
      throw new Error(
        `${name} (needed by ${from || 'the project'}) is not in this checkout's package-lock.json`,
      );
    }
    if (out[at]) continue;
    out[at] = repo[at]!;
    for (const n of needs(repo[at]!)) queue.push([at, n]);
  }
  writeFileSync(
    join(project, 'package-lock.json'),
    `${JSON.stringify({ name: app.name, lockfileVersion: 3, requires: true, packages: out }, null, 2)}\n`,
  );
  return Object.keys(out).length - 1;
}

/** `npm ci --offline` in the project (throws with npm's output when it fails). */
export function npmCiOffline(project: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'npm',
      ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: project, env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`npm ci --offline failed in ${project}\n${stdout}\n${stderr}`))
          : resolve(stdout + stderr),
    ),
  );
}
