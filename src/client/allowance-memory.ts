// What a process learned about its token's current window, left for the next process on the same machine: each
// Terraform command starts the provider anew (a plan, then an apply), and stacks run side by side start theirs
// at the same moments. Without it, a process's first request goes out blind and meets a 429 when the window is
// already used up. One small JSON file per base URL and token in the temporary directory, named by a hash (never
// the token), written by rename; it holds counts and times only.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WindowNote {
  /** The service's reset time of the window (Unix ms, as read). */
  resetAt: number;
  limit: number;
  remaining: number;
  windowMs: number;
  /** Others' requests per request of the process that wrote it. */
  othersPerOwn: number;
  /** When it was read from an answer (Unix ms, local clock). */
  at: number;
}

export interface AllowanceMemory {
  read(): WindowNote | null;
  write(note: WindowNote): void;
}

const isNote = (v: unknown): v is WindowNote =>
  !!v &&
  typeof v === 'object' &&
  ['resetAt', 'limit', 'remaining', 'windowMs', 'othersPerOwn', 'at'].every((k) =>
    Number.isFinite((v as Record<string, unknown>)[k]),
  );

/** The memory of one base URL and token, in `dir` (the provider uses the system's temporary directory). */
export function fileMemory(dir: string, baseUrl: string, token: string): AllowanceMemory {
  const key = createHash('sha256').update(`rate-limit\n${baseUrl}\n${token}`).digest('hex').slice(0, 32);
  const file = join(dir, `terraform-provider-uptime-${key}.json`);
  const read = (): WindowNote | null => {
    try {
      const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
      return isNote(v) ? v : null;
    } catch {
      return null;
    }
  };
  return {
    read,
    write(note) {
      try {
        // Within one window the smallest remaining count is the truth; a later window replaces an earlier one.
        const old = read();
        if (
          old &&
          (old.resetAt > note.resetAt || (old.resetAt === note.resetAt && old.remaining < note.remaining))
        )
          return;
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify(note), { mode: 0o600 });
        renameSync(tmp, file);
      } catch {
        // a read-only or full temporary directory: no memory, nothing else changes
      }
    },
  };
}
