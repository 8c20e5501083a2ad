// Installs the provider for offline Terraform use: a filesystem mirror holding an executable that runs the
// bundled provider with this Node, and a CLI config file that points Terraform at the mirror.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
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
