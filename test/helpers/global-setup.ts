// Once per jest run: the folder every test file's provider builds share (test/helpers/build.ts), removed at exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup(): void {
  if (process.env.UPTIME_TEST_BUILD_DIR) return;
  const dir = mkdtempSync(join(tmpdir(), 'tfp-bundles-'));
  process.env.UPTIME_TEST_BUILD_DIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
