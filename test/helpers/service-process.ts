// `uptimectl service` in a process of its own on a data directory (one process: `--import tsx`, so that a kill
// reaches the service itself), for the tests that kill and restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './build.js';

export interface ServiceInfo {
  baseUrl: string;
  adminUrl: string;
  adminKey: string;
}

export function startServiceProcess(
  dataDir: string,
  seedFile: string,
  port = 0,
): { child: ChildProcess; info: Promise<ServiceInfo & Record<string, any>> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/uptimectl.ts',
      'service',
      '--port',
      String(port),
      '--json',
      '--no-engine',
      '--seed',
      seedFile,
      '--data-dir',
      dataDir,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const info = new Promise<any>((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', (l) => res(JSON.parse(l)));
    child.once('exit', (code) => rej(new Error(`service exited with ${code}`)));
  });
  return { child, info };
}
