// Installs the provider for offline Terraform use: a filesystem mirror holding an executable that runs the
// bundled provider with this Node (or, with --from, the release zips of the single-file executables, which need
// no Node), and a CLI config file that points Terraform at the mirror.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import { PROVIDER_ADDRESS } from '../provider/address.js';

export const PROVIDER_SOURCE = PROVIDER_ADDRESS;

export interface InstallOptions {
  /** Folder that receives `mirror/` and `terraform.rc`. */
  dir: string;
  /** The bundled provider launcher (dist/terraform-provider-uptime.cjs). */
  bundle: string;
  version: string;
  nodePath?: string;
}

export interface Installed {
  mirrorDir: string;
  cliConfigFile: string;
  executable: string;
}

export function terraformPlatform(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return `${process.platform}_${arch}`;
}

export function installProvider(opts: InstallOptions): Installed {
  const mirrorDir = path.resolve(opts.dir, 'mirror');
  const pkgDir = path.join(mirrorDir, PROVIDER_SOURCE, opts.version, terraformPlatform());
  mkdirSync(pkgDir, { recursive: true });
  const executable = path.join(pkgDir, `terraform-provider-uptime_v${opts.version}`);
  // exec, so that Terraform's signals reach node itself and no shell keeps the stdout pipe open.
  writeFileSync(
    executable,
    `#!/bin/sh\nexec '${opts.nodePath ?? process.execPath}' '${path.resolve(opts.bundle)}' "$@"\n`,
  );
  chmodSync(executable, 0o755);
  const cliConfigFile = path.resolve(opts.dir, 'terraform.rc');
  writeFileSync(cliConfigFile, cliConfig(mirrorDir));
  return { mirrorDir, cliConfigFile, executable };
}

export function cliConfig(mirrorDir: string): string {
  return `provider_installation {
  filesystem_mirror {
    path    = "${mirrorDir}"
    include = ["${PROVIDER_SOURCE}"]
  }
  direct {
    exclude = ["${PROVIDER_SOURCE}"]
  }
}
`;
}

export interface ReleaseInstallOptions {
  /** Folder that receives `mirror/` and `terraform.rc`. */
  dir: string;
  /** A release directory (npm run build:release): the zips, the manifest and the SHA256SUMS file. */
  from: string;
}

export interface ReleaseInstalled extends Installed {
  version: string;
  platforms: string[];
}

const RELEASE_ZIP = /^terraform-provider-uptime_(\d+\.\d+\.\d+(?:-[\w.]+)?)_([a-z0-9]+_[a-z0-9]+)\.zip$/;

/**
 * Installs release zips into a filesystem mirror in Terraform's packed layout
 * (`<host>/<namespace>/<type>/terraform-provider-<type>_<version>_<os>_<arch>.zip`), each checked against the
 * release's SHA256SUMS. Terraform unpacks the zip of its own platform, and `terraform providers lock -fs-mirror`
 * can record hashes for every released platform offline.
 */
export function installFromRelease(opts: ReleaseInstallOptions): ReleaseInstalled {
  const from = path.resolve(opts.from);
  const zips = readdirSync(from).filter((f) => RELEASE_ZIP.test(f));
  if (!zips.length)
    throw new Error(
      `${from} holds no terraform-provider-uptime_<version>_<os>_<arch>.zip (run npm run build:release)`,
    );
  const versions = [...new Set(zips.map((z) => RELEASE_ZIP.exec(z)![1]!))];
  if (versions.length > 1)
    throw new Error(`${from} holds several versions (${versions.join(', ')}); keep one per directory`);
  const version = versions[0]!;
  const sumsFile = path.join(from, `terraform-provider-uptime_${version}_SHA256SUMS`);
  if (!existsSync(sumsFile)) throw new Error(`${sumsFile} is missing: a release needs its SHA256SUMS`);
  const sums = new Map(
    readFileSync(sumsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\s+/).reverse() as [string, string]),
  );
  const mirrorDir = path.resolve(opts.dir, 'mirror');
  const target = path.join(mirrorDir, PROVIDER_SOURCE);
  mkdirSync(target, { recursive: true });
  for (const z of zips) {
    const digest = createHash('sha256')
      .update(readFileSync(path.join(from, z)))
      .digest('hex');
    if (sums.get(z) !== digest)
      throw new Error(`${z} does not match ${path.basename(sumsFile)}: the release is damaged`);
    copyFileSync(path.join(from, z), path.join(target, z));
  }
  const cliConfigFile = path.resolve(opts.dir, 'terraform.rc');
  writeFileSync(cliConfigFile, cliConfig(mirrorDir));
  const platforms = zips.map((z) => RELEASE_ZIP.exec(z)![2]!).sort();
  return { mirrorDir, cliConfigFile, executable: path.join(target, zips[0]!), version, platforms };
}
