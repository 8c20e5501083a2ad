// `uptimectl service` in a process of its own on a data directory (one process: `--import tsx`, so that a kill
// reaches the service itself), for the tests that kill and restart it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './build.js';

export interface ServiceInfo {
  baseUrl: string;
  adminUrl: string;
  adminKey: string;
  /** Token name → token, as `uptimectl service --json` prints them. */
  tokens: Record<string, string>;
}

/**
 * `uptimectl service --json <args>` in a process of its own: `info` is its first stdout line. With `stderr: 'pipe'`
 * the service's stderr is collected (`stderr()`) instead of shown.
 */
export function spawnService(
  args: string[],
  o: { stderr?: 'inherit' | 'pipe' } = {},
): { child: ChildProcess; info: Promise<ServiceInfo & Record<string, any>>; stderr: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/uptimectl.ts', 'service', '--json', ...args],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', o.stderr ?? 'inherit'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const info = new Promise<any>((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', (l) => res(JSON.parse(l)));
    child.once('exit', (code) => rej(new Error(`service exited with ${code}${stderr ? `: ${stderr}` : ''}`)));
  });
  return { child, info, stderr: () => stderr };
}

export function startServiceProcess(
  dataDir: string,
  seedFile: string,
  port = 0,
): { child: ChildProcess; info: Promise<ServiceInfo & Record<string, any>> } {
  return spawnService(['--port', String(port), '--no-engine', '--seed', seedFile, '--data-dir', dataDir]);
}

/** SIGTERM, then SIGKILL after 5 s: a service that cannot let its connections go cannot stop either. */
export async function stopServiceProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(kill);
}

/** Connections the service process holds a descriptor of, as `ss` shows them (listening socket excluded). */
export function heldConnections(child: ChildProcess, port: number): number {
  const out = execFileSync('ss', ['-tanpH', 'sport', '=', `:${port}`], { encoding: 'utf8' });
  return out.split('\n').filter((l) => !l.startsWith('LISTEN') && l.includes(`pid=${child.pid},`)).length;
}
