// Builds a provider entry with scripts/build-provider.mjs (the same bundle + code-cache launcher that
// `npm run build:provider` makes), once per entry and jest run. Returns the launcher.
// Also packs this checkout as npm publishes it (packedPackage).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile, execFileSync } from 'node:child_process';

// import.meta, not __dirname: also loaded as ES module by scripts run with tsx (test/fixtures/upgrade/generate.ts).
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REAL_PROVIDER_ENTRY = join(REPO_ROOT, 'src/cli/provider-main.ts');
export const TEST_PROVIDER_ENTRY = join(REPO_ROOT, 'test/protocol/fixtures/test-provider-main.ts');

const built = new Map<string, Promise<string>>();

/**
 * The launcher of `entry`'s bundle. A jest run builds each entry once for all its test files
 * (`UPTIME_TEST_BUILD_DIR`, made by test/helpers/global-setup.ts: the first file to ask builds, the others wait for
 * it); a file run without that folder builds its own copy, once per process.
 */
export function buildProvider(entry: string): Promise<string> {
  let p = built.get(entry);
  if (!p) {
    const shared = process.env.UPTIME_TEST_BUILD_DIR;
    p = shared ? sharedBuild(shared, entry) : buildInto(mkdtempSync(join(tmpdir(), 'tfp-bundle-')), entry);
    built.set(entry, p);
  }
  return p;
}

function buildInto(outdir: string, entry: string): Promise<string> {
  return new Promise<string>((ok, fail) =>
    execFile(process.execPath, [join(REPO_ROOT, 'scripts/build-provider.mjs'), entry, outdir], (err) =>
      err ? fail(err) : ok(join(outdir, 'terraform-provider-uptime.cjs')),
    ),
  );
}

/** One build per entry in the run's folder: `mkdir` decides who builds; a `done` (or `failed`) file ends the wait. */
async function sharedBuild(dir: string, entry: string): Promise<string> {
  const outdir = join(dir, createHash('sha256').update(entry).digest('hex').slice(0, 16));
  const done = join(outdir, 'done');
  const failed = join(outdir, 'failed');
  let mine = true;
  try {
    mkdirSync(outdir);
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      const launcher = await buildInto(outdir, entry);
      writeFileSync(done, launcher);
      return launcher;
    } catch (e) {
      writeFileSync(failed, String(e));
      throw e;
    }
  }
  for (const deadline = Date.now() + 5 * 60_000; Date.now() < deadline;) {
    if (existsSync(done)) return readFileSync(done, 'utf8');
    if (existsSync(failed))
      throw new Error(`building ${entry} failed in another test file: ${readFileSync(failed, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`building ${entry}: another test file did not finish it within 5 minutes`);
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
