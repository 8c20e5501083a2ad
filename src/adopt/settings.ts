// What differs between a monitor the plan would create and the live monitor with the same URL and request method:
// the declared plain fields (src/provider/fields) whose planned value (src/provider/mapping/planned.ts: the API's
// shape with the schema's defaults) is known and not the existing monitor's. A monitor that differs may be someone
// else's (a duplicate, not an orphan of an interrupted apply): `uptimectl adopt` lists it apart and imports it only
// when asked.
import type { Monitor } from '../api/index.js';
import { monitorFields, type FieldDecl } from '../provider/fields/index.js';
import { attributeName } from '../provider/fields/field.js';
import { samePlanned, type PlannedMonitor } from '../provider/mapping/planned.js';

/** Compared elsewhere: they are the match. */
const MATCH = new Set(['url', 'requestMethod']);

const show = (v: unknown) => (v === undefined || v === null ? 'none' : JSON.stringify(v));

/** A record's value as the service means it: a field it leaves out is the declared default, a list's `[]`. */
function recordValue(d: FieldDecl, v: unknown): unknown {
  const value = v ?? d.default;
  if (d.kind === 'list') return value ?? [];
  return d.caseInsensitive && typeof value === 'string' ? value.toUpperCase() : value;
}

/** `attribute: configuration X, existing Y` for each field that differs. */
export function settingDifferences(planned: PlannedMonitor, monitor: Monitor): string[] {
  const rec = monitor as unknown as Record<string, unknown>;
  const values = planned.value as unknown as Record<string, unknown>;
  const out: string[] = [];
  for (const [api, d] of Object.entries(monitorFields) as [string, FieldDecl][]) {
    if (d.presence === 'computed' || d.runtime || d.sensitive || d.writeOnly || MATCH.has(api)) continue;
    const v = values[api];
    if (v === undefined) continue; // unknown until apply, or left to the service
    const existing = recordValue(d, rec[api]);
    if (!samePlanned(v, existing))
      out.push(`${attributeName(api, d)}: configuration ${show(v)}, existing ${show(existing)}`);
  }
  return out;
}
