// The command lines that synthesize and deploy a CDKTF app: cdktf-cli (HashiCorp's, archived at 0.21) and cdktn-cli
// (CDK Terrain, its maintained continuation). Both read the same cdktf.json and take the same commands and flags, and
// either runs an app written against `cdktf` or `cdktn`. They differ in where they run: cdktf-cli loads a native
// terminal module that has builds only up to Node 22; cdktn-cli has no native code but needs the Node its `engines`
// names. One entry per CLI says how to tell; `findCdkCli` picks the one that runs on this Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, parse, resolve } from 'node:path';
import semver from 'semver';

export const CDK_CLIS = ['cdktf', 'cdktn'] as const;
export type CdkCliName = (typeof CDK_CLIS)[number];

/**
 * `env` for terraform and a CDK CLI with no plugin cache: without `TF_PLUGIN_CACHE_DIR` the CDK CLIs set it to
 * `~/.terraform.d/plugin-cache`, one folder for the whole machine, where the mirror executable of one checkout (it
 * names its Node and bundle) replaces another's, whose lock file then no longer matches ("Required plugins are not
 * installed") — two deploys at once, or two checkouts or Node versions (docs/install.md).
 */
export function withoutSharedPluginCache(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, CDKTF_DISABLE_PLUGIN_CACHE_ENV: '1' };
  delete out.TF_PLUGIN_CACHE_DIR;
  return out;
}

interface PackageJson {
  name?: string;
  version?: string;
  bin?: string | Record<string, string>;
  engines?: { node?: string };
}

interface CliSpec {
  package: string;
  /** Why it cannot run on this Node, or null when it can. */
  blocker(packageDir: string, pkg: PackageJson): string | null;
}

const SPECS: Record<CdkCliName, CliSpec> = {
  cdktf: {
    package: 'cdktf-cli',
    blocker(packageDir) {
      // Loaded in a child process: a native module that fails to load can leave the loading process unusable.
      const pty = spawnSync(process.execPath, ['-e', "require('@cdktf/node-pty-prebuilt-multiarch')"], {
        cwd: packageDir,
        stdio: 'ignore',
      });
      return pty.status === 0
        ? null
        : `its native terminal module (@cdktf/node-pty-prebuilt-multiarch) has no build for Node ${process.version}`;
    },
  },
  cdktn: {
    package: 'cdktn-cli',
    blocker(_packageDir, pkg) {
      const range = pkg.engines?.node;
      return !range || semver.satisfies(process.version, range, { includePrerelease: true })
        ? null
        : `it needs Node ${range}`;
    },
  },
};

export interface CdkCli {
  name: CdkCliName;
  package: string;
  version: string;
  /** The CLI's JavaScript entry: run it as `node <bin> <command>` with the Node that should run it. */
  bin: string;
  /** Why this one was chosen (for the log). */
  why: string;
}

function readJson(file: string): PackageJson | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    return null;
  }
}

/** The package's folder: node_modules of the project and its parents (as Node resolves), then the PATH (a global
 *  install, e.g. in a CI image). On Unix npm links `<prefix>/bin/<name>` to the package; on Windows it writes
 *  `<name>.cmd` / `<name>.ps1` shims beside `<prefix>\node_modules\<package>`, which nothing links to. */
function locate(name: CdkCliName, projectDir: string, path: string | undefined): string | null {
  const pkgName = SPECS[name].package;
  for (let dir = resolve(projectDir); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkgName);
    if (readJson(join(candidate, 'package.json'))?.name === pkgName) return candidate;
    if (dir === parse(dir).root) break;
  }
  for (const entry of (path ?? '').split(delimiter).filter(Boolean)) {
    const shims = [name, `${name}.cmd`, `${name}.ps1`, `${name}.exe`].map((f) => join(entry, f));
    const exe = shims.find((f) => existsSync(f));
    if (!exe) continue;
    const beside = join(entry, 'node_modules', pkgName);
    if (readJson(join(beside, 'package.json'))?.name === pkgName) return beside;
    for (let dir = dirname(realpathSync(exe)); dir !== parse(dir).root; dir = dirname(dir))
      if (readJson(join(dir, 'package.json'))?.name === pkgName) return dir;
  }
  return null;
}

function entryOf(name: CdkCliName, packageDir: string, pkg: PackageJson): string {
  const rel = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[name];
  if (!rel) throw new Error(`${SPECS[name].package} in ${packageDir} declares no "${name}" command`);
  return join(packageDir, rel);
}

export interface FindOptions {
  /** Use this CLI (e.g. from UPTIME_CDK_CLI); it must be installed and run on this Node. */
  choose?: string | undefined;
  /** Where to look besides node_modules (default: process.env.PATH). */
  path?: string | undefined;
}

/**
 * The CDK CLI to run for the project in `projectDir`: cdktf-cli where it is installed and runs on this Node, else
 * cdktn-cli. Fails with what to install when neither can run.
 */
export function findCdkCli(projectDir: string, o: FindOptions = {}): CdkCli {
  if (o.choose !== undefined && !(CDK_CLIS as readonly string[]).includes(o.choose))
    throw new Error(`unknown CDK CLI "${o.choose}"; allowed values: ${CDK_CLIS.join(', ')}`);
  const names = o.choose ? [o.choose as CdkCliName] : [...CDK_CLIS];
  const refused: string[] = [];
  for (const name of names) {
    const spec = SPECS[name];
    const dir = locate(name, projectDir, o.path ?? process.env.PATH);
    if (!dir) {
      refused.push(`${spec.package} is not installed`);
      continue;
    }
    const pkg = readJson(join(dir, 'package.json')) ?? {};
    const blocker = spec.blocker(dir, pkg);
    if (blocker) {
      refused.push(`${spec.package} ${pkg.version ?? ''} cannot run: ${blocker}`.replace('  ', ' '));
      continue;
    }
    return {
      name,
      package: spec.package,
      version: pkg.version ?? 'unknown',
      bin: entryOf(name, dir, pkg),
      why: o.choose
        ? `chosen`
        : refused.length
          ? `${refused.join('; ')}`
          : `it runs on Node ${process.version}`,
    };
  }
  throw new Error(
    `no CDK CLI that runs on Node ${process.version} in ${resolve(projectDir)}: ${refused.join('; ')}. ` +
      'Install cdktn-cli in the project (npm install --save-dev cdktn-cli; it needs Node 22.19 or later), ' +
      'or run on a Node that cdktf-cli supports (22 or earlier)',
  );
}
