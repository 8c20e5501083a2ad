// Folders of stand-in executables for the tests of which command our tools run.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder holding executables with these names; each records its argv in `<name>.argv` and prints `out`. */
export function bin(names: string[], out = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'tf-binary-'));
  dirs.push(dir);
  for (const n of names) {
    const file = join(dir, n);
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$@" > "${file}.argv"\nprintf '%s' '${out}'\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}
