// Turns a copy of a platform's Node binary into a single-executable application: strips it (Linux, built here),
// injects the SEA blob with postject (Mach-O: into a NODE_SEA segment, which removes Node's Developer ID signature)
// and signs a Mach-O ad hoc, as macOS kills unsigned arm64 code. Used by build-release.ts (the provider) and
// build-run-task.ts (the run-task server).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signAdHoc } from './macho-sign.js';
import type { Platform } from './platforms.js';

/** The sentinel Node looks for to know a blob is injected. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export interface SeaExecutable {
  /** The repository root (postject is run from its node_modules). */
  root: string;
  /** The platform's Node binary, and where the executable goes. */
  node: string;
  exe: string;
  blob: string;
  target: Platform;
  /** The CodeDirectory identifier of a Mach-O executable. */
  identifier: string;
  /** Strip the symbols first (`strip` of this machine: only for a Linux binary built on Linux). */
  strip: boolean;
}

export function makeSeaExecutable(o: SeaExecutable): void {
  copyFileSync(o.node, o.exe);
  chmodSync(o.exe, 0o755);
  if (o.strip) execFileSync('strip', ['--strip-all', o.exe], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(
    process.execPath,
    [
      join(o.root, 'node_modules', 'postject', 'dist', 'cli.js'),
      o.exe,
      'NODE_SEA_BLOB',
      o.blob,
      '--sentinel-fuse',
      FUSE,
      ...(o.target.macho ? ['--macho-segment-name', 'NODE_SEA'] : []),
    ],
    // stderr piped: quiet when it works, and in the thrown error when it does not.
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (o.target.macho) writeFileSync(o.exe, signAdHoc(readFileSync(o.exe), o.identifier).image);
}
