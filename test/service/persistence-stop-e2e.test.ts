// A clean stop leaves the data directory as one file: `uptimectl service --data-dir` in its own process, a monitor
// written, then SIGTERM or SIGINT; the process exits 0, `state.db` is all the directory holds (no `-wal` or `-shm`:
// users copy data directories), and a restarted service on it still has the monitor. What a kill -9 leaves (the
// write-ahead log beside the file) and that it opens with every acknowledged write: persistence-kill-e2e.test.ts.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startServiceProcess } from '../helpers/service-process.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { http } from './helpers.js';

const TOKEN = `upt_${'d'.repeat(40)}`;

let dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** The exit of a process, as code and signal. */
const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );

describe.each(['SIGTERM', 'SIGINT'] as const)('%s', (signal) => {
  test(
    'exits 0 with the write-ahead log folded into state.db; a restart on the directory has the monitor',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'uptime-stop-'));
      dirs.push(dir);
      const data = join(dir, 'data');
      const seedFile = join(dir, 'seed.json');
      writeFileSync(
        seedFile,
        JSON.stringify({ tenants: [{ id: 'stop', tokens: [{ name: 'full', value: TOKEN }] }] }),
      );

      const first = startServiceProcess(data, seedFile);
      const exited = exitOf(first.child);
      const info = await first.info;
      const made = await http('POST', `${info.baseUrl}/monitors`, {
        token: TOKEN,
        ik: true,
        body: { url: 'https://stop.example.test/', name: `stopped by ${signal}` },
      });
      expect(made.status).toBe(201);
      // Committed and still in the log: what the stop has to fold in.
      expect(readdirSync(data).sort()).toEqual(['state.db', 'state.db-shm', 'state.db-wal']);

      first.child.kill(signal);
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(readdirSync(data)).toEqual(['state.db']);

      const second = startServiceProcess(data, seedFile);
      const stopped = exitOf(second.child);
      const again = await second.info;
      try {
        const read = await http('GET', `${again.baseUrl}/monitors/${made.json.data.id}`, { token: TOKEN });
        expect(read.status).toBe(200);
        expect(read.json.data).toMatchObject({
          name: `stopped by ${signal}`,
          version: made.json.data.version,
        });
      } finally {
        second.child.kill('SIGTERM');
      }
      expect(await stopped).toEqual({ code: 0, signal: null });
      expect(readdirSync(data)).toEqual(['state.db']);
    },
    HANG_GUARD_MS,
  );
});
