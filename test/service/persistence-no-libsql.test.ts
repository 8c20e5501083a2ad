// Where the libsql native module cannot be loaded, --data-dir is a clear error and the in-memory service still runs
// (it never loads the module).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Harness, testSeed } from './helpers.js';

jest.mock('libsql', () => {
  throw new Error('no prebuilt binary for this platform');
});

test('--data-dir without a loadable libsql: an error naming the package; nothing is created', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uptime-nolibsql-'));
  try {
    await expect(Harness.start(testSeed(), { dataDir: join(dir, 'data') })).rejects.toThrow(
      /--data-dir needs the npm package "libsql".*no prebuilt binary for this platform.*without --data-dir/,
    );
    expect(readdirSync(dir)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('in memory (no --data-dir) the service runs without libsql', async () => {
  const h = await Harness.start(testSeed());
  try {
    const m = await h.createMonitor();
    expect((await h.call('GET', `/monitors/${m.id}`)).status).toBe(200);
  } finally {
    await h.close();
  }
});
