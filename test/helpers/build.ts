// Builds a provider entry with scripts/build-provider.mjs (the same bundle + code-cache launcher that
// `npm run build:provider` makes) into a temp directory, once per entry and test process. Returns the launcher.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFile } from 'node:child_process';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const REAL_PROVIDER_ENTRY = join(REPO_ROOT, 'src/cli/provider-main.ts');
export const TEST_PROVIDER_ENTRY = join(REPO_ROOT, 'test/protocol/fixtures/test-provider-main.ts');

const built = new Map<string, Promise<string>>();

export function buildProvider(entry: string): Promise<string> {
  let p = built.get(entry);
  if (!p) {
    const outdir = mkdtempSync(join(tmpdir(), 'tfp-bundle-'));
    p = new Promise<string>((ok, fail) =>
      execFile(process.execPath, [join(REPO_ROOT, 'scripts/build-provider.mjs'), entry, outdir], (err) =>
        err ? fail(err) : ok(join(outdir, 'terraform-provider-uptime.cjs')),
      ),
    );
    built.set(entry, p);
  }
  return p;
}
