// Ends a plugin whose Terraform is gone (crashed, killed, or a launcher that died): Terraform's own cleanup is a
// Shutdown call and then a kill of the process it started, and neither comes when Terraform itself dies.
// Two signs, checked every second, so the plugin ends within about a second of its parent on every OS:
// - the parent pid changes: on Linux and macOS an orphan is adopted (by init or a subreaper) at once;
// - the original parent no longer exists: `process.kill(ppid, 0)` fails with ESRCH. On Windows the recorded parent
//   id never changes after the parent exits, so this is the sign there (libuv opens the process and reads its exit
//   code: ESRCH once it has exited; EPERM means it exists). It also covers a Windows launcher such as the `.cmd` of
//   `uptimectl provider install` (Terraform → cmd.exe → node): Terraform kills cmd.exe, whose child then sees it.
// Not watched: a parent id of 0, which Windows reports for a process started by no Windows process (e.g. a Linux
// process under Wine; `kill(0, 0)` there tests the process itself). A Windows pid reused by a new process within
// the second between two checks would keep the plugin up; Windows frees a pid only after the last handle to the
// process is closed, which makes that rare. stdin tells nothing: go-plugin hands the plugin Terraform's own stdin
// (client.go: `cmd.Stdin = os.Stdin`), and stdout is only noticed closed when written to.

export interface ParentWatchOptions {
  /** The parent's pid when the plugin started (default process.ppid). */
  parent?: number;
  /** The current parent pid (default: process.ppid read again). */
  currentParent?: () => number;
  /** Signal 0 to a pid: throws (code ESRCH) when it does not exist (default process.kill). */
  probe?: (pid: number) => void;
  everyMs?: number;
}

/** Why the parent is gone, or null while it is there. */
export function parentGone(
  parent: number,
  currentParent: () => number,
  probe: (pid: number) => void,
): string | null {
  const now = currentParent();
  if (now !== parent) return `parent process ${parent} is gone (now ${now})`;
  try {
    probe(parent);
    return null;
  } catch (err) {
    return (err as { code?: string }).code === 'ESRCH' ? `parent process ${parent} has exited` : null;
  }
}

/** Calls `onGone` once, with the reason, when the parent has gone; returns a function that stops watching. The
 *  timer never keeps the process alive by itself. */
export function watchParent(onGone: (why: string) => void, opts: ParentWatchOptions = {}): () => void {
  const parent = opts.parent ?? process.ppid;
  if (parent <= 0) return () => {};
  const currentParent = opts.currentParent ?? (() => process.ppid);
  const probe = opts.probe ?? ((pid: number) => void process.kill(pid, 0));
  const timer = setInterval(() => {
    const why = parentGone(parent, currentParent, probe);
    if (why === null) return;
    clearInterval(timer);
    onGone(why);
  }, opts.everyMs ?? 1000);
  timer.unref();
  return () => clearInterval(timer);
}
