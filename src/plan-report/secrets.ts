// The last line of defence: every value the plan marks sensitive (`*_sensitive`), every sensitive variable, and
// every value of our schema's sensitive or write-only attributes is collected, and the finished report is
// scrubbed of each of them before it is printed. The renderer already never prints such values; this catches
// the ones that reach it another way (a secret reused as a monitor name, a header value in a URL).
import { recordOf, SECRET_MARKERS } from '../api/index.js';
import { fieldsOf } from '../provider/fields/index.js';
import type { PlanJson, ResourceChange } from './plan.js';

const MIN_LENGTH = 4;
export const HIDDEN = SECRET_MARKERS.report;

function walkMarked(value: unknown, marks: unknown, out: Set<string>): void {
  if (marks === true) {
    collectAll(value, out);
    return;
  }
  if (!marks || typeof marks !== 'object' || !value || typeof value !== 'object') return;
  if (Array.isArray(marks) && Array.isArray(value)) marks.forEach((m, i) => walkMarked(value[i], m, out));
  else
    for (const [k, m] of Object.entries(marks as Record<string, unknown>))
      walkMarked((value as Record<string, unknown>)[k], m, out);
}

function collectAll(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'number') out.add(String(value));
  else if (Array.isArray(value)) value.forEach((v) => collectAll(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectAll(v, out));
}

/** Values at our schema's sensitive/write-only attribute paths (`request_headers.value`, `request_headers.value_wo` …). */
function walkSchema(type: string, values: unknown, out: Set<string>): void {
  for (const f of fieldsOf(type)) {
    if (!f.sensitive && !f.writeOnly) continue;
    const path = f.attribute.split('.');
    const visit = (v: unknown, i: number): void => {
      if (v === null || v === undefined) return;
      if (Array.isArray(v)) return v.forEach((x) => visit(x, i));
      if (i === path.length) return collectAll(v, out);
      if (typeof v === 'object') visit((v as Record<string, unknown>)[path[i]!], i + 1);
    };
    visit(values, 0);
  }
}

export function sensitiveValues(plan: PlanJson): Set<string> {
  const out = new Set<string>();
  const all: ResourceChange[] = [...(plan.resource_changes ?? []), ...(plan.resource_drift ?? [])];
  for (const rc of all) {
    walkMarked(rc.change.before, rc.change.before_sensitive, out);
    walkMarked(rc.change.after, rc.change.after_sensitive, out);
    walkSchema(rc.type, rc.change.before, out);
    walkSchema(rc.type, rc.change.after, out);
  }
  const declared = plan.configuration?.root_module?.variables ?? {};
  for (const [name, v] of Object.entries(plan.variables ?? {}))
    if (recordOf(declared, name)?.sensitive) collectAll(v.value, out);
  const visitState = (
    m:
      | {
          resources?: { type: string; values?: unknown; sensitive_values?: unknown }[];
          child_modules?: unknown[];
        }
      | undefined,
  ): void => {
    for (const r of m?.resources ?? []) {
      walkMarked(r.values, r.sensitive_values, out);
      walkSchema(r.type, r.values, out);
    }
    for (const c of (m?.child_modules ?? []) as (typeof m)[]) visitState(c);
  };
  visitState(plan.prior_state?.values?.root_module);
  for (const v of [...out]) if (v.length < MIN_LENGTH) out.delete(v);
  return out;
}

/** The text with every occurrence of every secret replaced, longest first (so one secret inside another goes too). */
export function scrub(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(HIDDEN);
    const escaped = JSON.stringify(s).slice(1, -1);
    if (escaped !== s && out.includes(escaped)) out = out.split(escaped).join(HIDDEN);
  }
  return out;
}
