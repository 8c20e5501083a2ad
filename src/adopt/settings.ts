// What differs between a monitor the plan would create and the live monitor with the same URL and request method:
// the declared plain fields (src/provider/fields) whose planned value is known and not the existing monitor's. A
// monitor that differs may be someone else's (a duplicate, not an orphan of an interrupted apply): `uptimectl adopt`
// lists it apart and imports it only when asked.
import type { Monitor } from '../api/index.js';
import { fieldsOf } from '../provider/fields/index.js';
import { MONITOR } from '../plan-report/changes.js';

/** Compared elsewhere (url, request_method: they are the match) or not comparable (secrets, hand-mapped blocks). */
const SKIP = new Set([
  'url',
  'request_method',
  'request_headers',
  'auth_config',
  'ssl_monitoring',
  'domain_monitoring',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const show = (v: unknown) => (v === undefined || v === null ? 'none' : JSON.stringify(v));

/** `label: configuration X, existing Y` for each field that differs. */
export function settingDifferences(after: Record<string, unknown>, monitor: Monitor): string[] {
  const rec = monitor as unknown as Record<string, unknown>;
  const out: string[] = [];
  for (const f of fieldsOf(MONITOR)) {
    if (f.attribute.includes('.') || f.kind === 'object' || f.presence === 'computed') continue;
    if (SKIP.has(f.attribute) || f.sensitive || f.writeOnly || !f.apiName) continue;
    const planned = after[f.attribute];
    if (planned === undefined || planned === null) continue; // unknown until apply, or left to the service
    const existing = rec[f.apiName] ?? f.default;
    if (!same(planned, existing))
      out.push(`${f.attribute}: configuration ${show(planned)}, existing ${show(existing)}`);
  }
  return out;
}
