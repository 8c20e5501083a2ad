// The npm launcher (scripts/provider-launcher.cjs) as Terraform runs it: the handshake line is the first thing on
// stdout, the bundle's V8 code cache is written on the first launch, read (not rewritten) by launches that run
// only code paths it covers, rewritten once a launch runs a new path (launches 2–4 of a command), and a rejected
// cache or an unwritable directory never stop the provider.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import { launchProvider } from '../protocol/driver/launch.js';

const BUNDLE = 'terraform-provider-uptime.bundle.cjs';
const LAUNCHER = 'terraform-provider-uptime.cjs';

async function freshCopy(): Promise<string> {
  const built = await buildProvider(REAL_PROVIDER_ENTRY);
  const dir = mkdtempSync(join(tmpdir(), 'tfp-launcher-'));
  for (const f of [BUNDLE, LAUNCHER]) copyFileSync(join(built, '..', f), join(dir, f));
  return dir;
}

const cacheFile = (dir: string) => join(dir, `${BUNDLE}.${process.version}.v8cache`);
const coveredPaths = (dir: string): string[] =>
  (JSON.parse(readFileSync(`${cacheFile(dir)}.json`, 'utf8')) as { paths: string[] }).paths;

/** One launch: the given RPCs, then Shutdown; resolves when the process has exited. */
async function launch(dir: string, rpcs: string[]): Promise<{ line: string; code: number | null }> {
  const p = await launchProvider(join(dir, LAUNCHER));
  try {
    for (const rpc of rpcs) await p.call(rpc, {});
    await p.callService('Shutdown');
    return { line: p.handshakeLine, code: await p.exited };
  } finally {
    p.close();
  }
}

describe('npm launcher', () => {
  test('the handshake line comes first on stdout; the code cache is written, kept, then extended by new paths', async () => {
    const dir = await freshCopy();
    const first = await launch(dir, ['GetProviderSchema']);
    expect(first.line).toMatch(/^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+\n$/);
    expect(first.code).toBe(0);
    expect(existsSync(cacheFile(dir))).toBe(true);
    expect(coveredPaths(dir)).toEqual(['GetProviderSchema']);
    const written = statSync(cacheFile(dir)).mtimeMs;
    const size = statSync(cacheFile(dir)).size;

    // Only covered paths: the cache is accepted by V8 (a rejected one would be rewritten) and left as it is.
    expect((await launch(dir, ['GetProviderSchema'])).code).toBe(0);
    expect(statSync(cacheFile(dir)).mtimeMs).toBe(written);

    // A new path (the validate launch): rewritten once, now covering both, with the new path's functions.
    expect((await launch(dir, ['ValidateProviderConfig'])).code).toBe(0);
    expect(coveredPaths(dir)).toEqual(['GetProviderSchema', 'ValidateProviderConfig']);
    expect(statSync(cacheFile(dir)).size).toBeGreaterThan(size);
    const rewritten = statSync(cacheFile(dir)).mtimeMs;
    expect(rewritten).toBeGreaterThan(written);
    expect((await launch(dir, ['ValidateProviderConfig', 'GetProviderSchema'])).code).toBe(0);
    expect(statSync(cacheFile(dir)).mtimeMs).toBe(rewritten);
  }, 120_000);

  test('a cache V8 rejects is replaced; an unwritable directory runs without one', async () => {
    const dir = await freshCopy();
    writeFileSync(cacheFile(dir), 'not a V8 code cache');
    writeFileSync(`${cacheFile(dir)}.json`, JSON.stringify({ paths: ['GetProviderSchema'] }));
    expect((await launch(dir, ['GetProviderSchema'])).code).toBe(0);
    expect(readFileSync(cacheFile(dir)).length).toBeGreaterThan(10_000);
    expect(coveredPaths(dir)).toEqual(['GetProviderSchema']);

    const ro = await freshCopy();
    chmodSync(ro, 0o555);
    try {
      const r = await launch(ro, ['GetProviderSchema']);
      expect(r.code).toBe(0);
      if (process.getuid?.() !== 0) expect(existsSync(cacheFile(ro))).toBe(false);
    } finally {
      chmodSync(ro, 0o755);
    }
  }, 120_000);

  test('the bundle is ASCII (read as latin1) and carries the slim undici (no fetch or WebSocket)', async () => {
    const dir = await freshCopy();
    const bundle = readFileSync(join(dir, BUNDLE));
    expect(bundle.findIndex((b) => b > 0x7f)).toBe(-1);
    expect(readFileSync(join(dir, LAUNCHER), 'utf8')).toContain("const SOURCE_ENCODING = 'latin1';");
    const text = bundle.toString('latin1');
    expect(text).toContain('keepAliveTimeout');
    expect(text).not.toMatch(/new WebSocket|websocket\.js|CacheStorage/);
  }, 60_000);
});
