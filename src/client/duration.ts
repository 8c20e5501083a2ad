// Durations as people write and read them: "90s", "15m", "1h30m" (Go's and Terraform's units, whole or decimal
// numbers), and "15 min 3 s" in messages.

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds of a duration such as `15m`, `90s`, `1h30m`, `500ms` or `0`; null when it is not one. */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  if (s === '0') return 0;
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(s)) return null;
  let ms = 0;
  for (const [, n, unit] of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(n) * UNITS[unit!]!;
  return Math.round(ms);
}

/** `15 min 3 s`, `41 s`, `2.5 s`, `1 h 2 min`: whole seconds from ten seconds on. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(Math.max(0, ms) / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', sec && !h ? `${sec} s` : ''].filter(Boolean);
  return parts.join(' ');
}
