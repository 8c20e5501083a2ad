// How one attribute reads in a report: its label and unit come from the field declarations (src/provider/fields),
// so `interval_seconds` 300 → 60 prints `interval 5 min → 1 min` and `timeout_ms` prints seconds.
import { fieldFacts, type FieldFacts } from '../provider/fields/index.js';

export function facts(resourceType: string, attribute: string): FieldFacts | undefined {
  return fieldFacts(resourceType, attribute);
}

export function label(resourceType: string, attribute: string): string {
  return facts(resourceType, attribute)?.label ?? attribute.replace(/_/g, ' ');
}

/** A hidden value never prints: sensitive and write-only attributes of our schema. */
export function isSecret(resourceType: string, attribute: string): boolean {
  const f = facts(resourceType, attribute);
  return !!f && (f.sensitive || f.writeOnly);
}

/** Seconds as a person says them: 45 s, 1 min, 5 min, 1 h, 1 h 30 min. */
export function seconds(n: number): string {
  if (n < 60 || n % 60 !== 0) return `${n} s`;
  const min = n / 60;
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

export function value(resourceType: string, attribute: string, v: unknown): string {
  if (v === null || v === undefined) return 'not set';
  const unit = facts(resourceType, attribute)?.unit;
  if (typeof v === 'number') {
    if (unit === 's') return seconds(v);
    if (unit === 'ms') return v % 1000 === 0 ? seconds(v / 1000) : `${v} ms`;
    if (unit === 'days') return `${v} days`;
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map((x) => value(resourceType, attribute, x)).join(', ') : 'none';
  if (typeof v === 'string') return `\`${v.replace(/`/g, "'")}\``;
  return `\`${JSON.stringify(v)}\``;
}

/** Markdown-safe inline text (names and URLs come from configuration). */
export function text(s: string): string {
  return s.replace(/[<>|*_`[\]\\]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}
