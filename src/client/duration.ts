// Durations as people write and read them: "90s", "15m", "1h30m" (Go's and Terraform's units, whole or decimal
// numbers), and "15 min 3 s" in messages.

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** The units `formatDuration` writes, largest first: the one list its text, its pattern and its reader share. */
export const MESSAGE_UNITS = [
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
] as const;

const UNIT_ALTERNATIVES = `(?:${MESSAGE_UNITS.map(([u]) => u).join('|')})`;
/**
 * Source of a RegExp matching one duration as `formatDuration` writes it, in any of its units ("2.5 s", "57 s",
 * "1 min", "15 min 3 s", "1 h 2 min", "216 h"): for patterns over messages that name a duration.
 */
export const MESSAGE_DURATION_PATTERN = `\\d+(?:\\.\\d+)? ${UNIT_ALTERNATIVES}(?: \\d+ ${UNIT_ALTERNATIVES})*`;

/** Milliseconds of a duration such as `15m`, `90s`, `1h30m`, `500ms` or `0`; null when it is not one. */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  if (s === '0') return 0;
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(s)) return null;
  let ms = 0;
  for (const [, n, unit] of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(n) * UNITS[unit!]!;
  return Math.round(ms);
}

/** `15 min 3 s`, `41 s`, `2.5 s`, `1 h 2 min`: whole seconds from ten seconds on, whole minutes from an hour on. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  let rest = Math.round(ms / 1000) * 1000;
  const parts: string[] = [];
  for (const [unit, size] of MESSAGE_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n && !(unit === 's' && parts[0]?.endsWith(' h'))) parts.push(`${n} ${unit}`);
  }
  return parts.join(' ');
}

/** Milliseconds of a duration as `formatDuration` writes it (`15 min 3 s`); null when it is not one. */
export function readMessageDuration(text: string): number | null {
  if (!new RegExp(`^${MESSAGE_DURATION_PATTERN}$`).test(text.trim())) return null;
  let ms = 0;
  for (const [, n, unit] of text.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?) (${UNIT_ALTERNATIVES})`, 'g')))
    ms += Number(n) * MESSAGE_UNITS.find(([u]) => u === unit)![1];
  return Math.round(ms);
}
