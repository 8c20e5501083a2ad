// Builds a provider entry with scripts/build-provider.mjs (the same bundle + code-cache launcher that
// `npm run build:provider` makes) into a temp directory, once per entry and test process. Returns the launcher.
// Also packs this checkout as npm publishes it (packedPackage).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFile, execFileSync } from 'node:child_process';

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

/** `npm pack` of this checkout unpacked into `dir` as npm installs it; returns the package folder. */
export function packedPackage(dir: string): string {
  const tgz = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  const installed = join(dir, 'installed');
  mkdirSync(installed);
  execFileSync('tar', ['-xzf', join(dir, tgz), '-C', installed]);
  return join(installed, 'package');
}
