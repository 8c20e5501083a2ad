// Which monitors a selection holds: a name glob, statuses, ids and whether archived ones count. Shared by
// `uptimectl import` (src/import/account.ts) and `list "uptime_monitor"` (list/monitors.ts), below both.
import type { Monitor } from '../api/index.js';

export interface MonitorFilters {
  /** Glob on the monitor name (`*` and `?`), case-insensitive. */
  name?: string | undefined;
  status?: string[] | undefined;
  ids?: string[] | undefined;
  includeArchived?: boolean | undefined;
}

/**
 * Whether `name` matches the glob: `*` any run of characters, `?` any one character, everything else literally,
 * case-insensitively; the whole name must match. Never a regular expression: a backtracking regex of a pattern with
 * many stars takes exponential time on a name that almost matches. Semantics as the regex it replaces (`^…$` with
 * `.*`, `.`, flag `i`): a wildcard never matches a line terminator, and letters compare as that regex's case folding.
 * `steps`, when given, counts the comparisons (tests bound the work without timing it).
 */
export function globMatch(glob: string, name: string, steps?: { count: number }): boolean {
  // Wildcards never match a line terminator: the name's meet the pattern's literal ones, in order, and each line
  // of the name matches the pattern's line of the same rank.
  const p = fold(glob).split(LINE_TERMINATOR);
  const s = fold(name).split(LINE_TERMINATOR);
  if (p.length !== s.length) return false;
  for (let k = 0; k < p.length; k++)
    if (k % 2 ? p[k] !== s[k] : !lineMatch(p[k]!, s[k]!, steps ?? { count: 0 })) return false;
  return true;
}

/**
 * The two-pointer match of one line: on a mismatch the last star takes one more character and the pattern
 * resumes after it. At most (name + 1) × (pattern + 1) steps, about name + pattern on ordinary input.
 */
function lineMatch(p: string, s: string, steps: { count: number }): boolean {
  let i = 0; // in s
  let j = 0; // in p
  let star = -1; // the last `*` seen in p
  let mark = 0; // where in s that star's run ends
  while (i < s.length) {
    steps.count++;
    const c = p[j];
    if (c === '*') {
      star = j++;
      mark = i;
    } else if (c !== undefined && (c === '?' || c === s[i])) {
      i++;
      j++;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (p[j] === '*') j++;
  steps.count += j;
  return j === p.length;
}

const LINE_TERMINATOR = /([\n\r\u2028\u2029])/;

/** ECMAScript's case folding for a regex with flag `i` and no `u` (Canonicalize), one UTF-16 unit at a time. */
function fold(text: string): string {
  let out = '';
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    const u = c.toUpperCase();
    out += u.length !== 1 || (c.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) ? c : u;
  }
  return out;
}

export function selects(f: MonitorFilters, m: Monitor): boolean {
  if (m.archived && !f.includeArchived) return false;
  if (f.ids?.length && !f.ids.includes(m.id)) return false;
  if (f.status?.length && !f.status.includes(m.status)) return false;
  if (f.name && !globMatch(f.name, m.name)) return false;
  return true;
}
