// Processes as Linux shows them (/proc), for the tests that check what is left running: a process that has exited
// but was not reaped yet (a zombie, state Z) is not running.
import { readdirSync, readFileSync } from 'node:fs';

/** True while `pid` runs (not exited, not a zombie). */
export function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state …: comm may hold spaces and parentheses, the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The running processes whose command line contains `text`, with that command line. */
export function runningProcesses(text: string): { pid: number; cmdline: string }[] {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    const pid = Number(entry);
    if (pid !== process.pid && cmdline.includes(text) && processRunning(pid)) found.push({ pid, cmdline });
  }
  return found;
}
