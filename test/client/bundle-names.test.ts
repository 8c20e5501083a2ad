// The provider ships the client minified (scripts/build-provider.mjs): error names and the retry logs' `reason`
// must still read `ServerError`, not whatever the minifier called the class.
import { buildSync } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { REPO_ROOT } from '../helpers/build.js';

const dir = mkdtempSync(join(tmpdir(), 'client-bundle-'));
/** Bundles `entry` as the provider build does (minified CommonJS for node) and loads it. */
function minified(entry: string, name: string): any {
  const outfile = join(dir, `${name}.cjs`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    external: ['undici'],
    logLevel: 'silent',
  });
  return createRequire(outfile)(outfile);
}

test('the minifier renames classes (so the check below means something)', () => {
  const src = join(dir, 'plain.ts');
  writeFileSync(
    src,
    'class ServerError extends Error {}\nexport const name = new ServerError().constructor.name;\n',
  );
  expect(minified(src, 'plain').name).not.toBe('ServerError');
});

test('in the minified client, errors keep their names and retry logs name the class', async () => {
  const client = minified(join(REPO_ROOT, 'src/client/index.ts'), 'client');
  for (const n of ['ServerError', 'TimeoutError', 'RateLimitedError', 'RateLimitWaitError', 'ConflictError'])
    expect(client[n].name).toBe(n);
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get('https://api.uptime.test');
  pool
    .intercept({ path: '/v1/usage', method: 'GET' })
    .reply(503, { error: { code: 'unavailable', message: 'x' } });
  pool
    .intercept({ path: '/v1/usage', method: 'GET' })
    .reply(503, { error: { code: 'unavailable', message: 'x' } });
  const logs: { event: string; reason?: string }[] = [];
  const c = new client.UptimeClient({
    baseUrl: 'https://api.uptime.test/v1',
    token: 'upt_0123456789abcdef0123456789abcdef01234567',
    dispatcher: agent,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    limiter: new client.RateLimiter(),
    logger: (e: { event: string; reason?: string }) => logs.push(e),
  });
  const e = await c.getUsage().catch((x: Error) => x);
  expect(e.name).toBe('ServerError');
  expect(logs.filter((l) => l.event === 'retry').map((l) => l.reason)).toEqual(['ServerError']);
});
