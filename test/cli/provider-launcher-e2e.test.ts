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
import { encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { objectType } from '../../src/protocol/framework/schema.js';
import { monitorResource } from '../../src/provider/resources/monitor.js';
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

/** A ValidateResourceConfig request for an uptime_monitor with only `url` set. */
function validateMonitor(): [string, Record<string, unknown>] {
  const type = objectType(monitorResource.attributes);
  const config: Record<string, unknown> = Object.fromEntries(
    Object.keys(monitorResource.attributes).map((n) => [n, null]),
  );
  config.url = 'https://example.com/';
  const msgpack = Buffer.from(encodeMsgpack(type, config as never));
  return ['ValidateResourceConfig', { type_name: 'uptime_monitor', config: { msgpack } }];
}

/** One launch: the given RPCs, then Shutdown; resolves when the process has exited. */
async function launch(
  dir: string,
  rpcs: (string | [string, Record<string, unknown>])[],
  entry = LAUNCHER,
  env: NodeJS.ProcessEnv = {},
): Promise<{ line: string; code: number | null }> {
  const p = await launchProvider(join(dir, entry), { env });
  try {
    for (const rpc of rpcs) await (typeof rpc === 'string' ? p.call(rpc, {}) : p.call(...rpc));
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

  test('a launch that only answers GetProviderSchema never loads zod; one that validates does', async () => {
    const dir = await freshCopy();
    // Runs the launcher and reports at exit whether zod's core was evaluated (it sets a global when it is).
    writeFileSync(
      join(dir, 'probe.cjs'),
      `process.on('exit', () => require('node:fs').writeFileSync(process.env.ZOD_PROBE, String('__zod_globalConfig' in globalThis)));\nrequire('./${LAUNCHER}');\n`,
    );
    const probe = join(dir, 'zod-loaded');
    expect((await launch(dir, ['GetProviderSchema'], 'probe.cjs', { ZOD_PROBE: probe })).code).toBe(0);
    expect(readFileSync(probe, 'utf8')).toBe('false');
    expect((await launch(dir, [validateMonitor()], 'probe.cjs', { ZOD_PROBE: probe })).code).toBe(0);
    expect(readFileSync(probe, 'utf8')).toBe('true');
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
