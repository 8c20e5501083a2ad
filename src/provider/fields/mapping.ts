// Field table → conversions between Terraform values and API bodies/records, for the plain fields only. Rules:
// - a list treats null and `[]` alike (both mean "none"); state keeps whichever the configuration used;
// - a case-insensitive enum compares ignoring case and keeps the user's spelling in state;
// - `lifecycle` fields (changed through their own endpoints) and computed fields are never written;
// - a value the service leaves out of a record reads as the declared default.
import { isUnknown } from '../../protocol/cty/values.js';
import { put, type BodyDraft } from '../validation.js';
import { attributeName, type FieldDecl, type FieldTable } from './field.js';

type Values = Record<string, unknown>;

/** [api name, attribute name, declaration] of the fields a write body carries. */
function writable(table: FieldTable): [string, string, FieldDecl][] {
  return Object.entries(table)
    .filter(([, d]) => d.presence !== 'computed' && !d.lifecycle && !d.runtime)
    .map(([api, d]) => [api, attributeName(api, d), d]);
}

/** Puts the plain fields of a (possibly partly unknown) config into a body draft (plan-time validation). */
export function draftFields(
  draft: BodyDraft,
  target: Values,
  apiPath: string,
  table: FieldTable,
  config: Values,
): void {
  for (const [api, attr, d] of writable(table)) {
    const v = config[attr];
    if (d.kind === 'list' && Array.isArray(v)) {
      // Unknown elements keep their index (null placeholder) and their problems are skipped.
      const path = apiPath ? `${apiPath}.${api}` : api;
      v.forEach((e, i) => {
        if (isUnknown(e)) draft.unknownPaths.push(`${path}[${i}]`);
      });
      target[api] = v.map((e) => (isUnknown(e) ? null : e));
    } else put(draft, target, apiPath, api, v);
  }
}

/** Create body fields: every non-null planned value (an empty list is left out: null ≡ `[]`). */
export function createFields(table: FieldTable, plan: Values): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    const v = plan[attr];
    if (v === null || v === undefined) continue;
    if (d.kind === 'list') {
      if ((v as unknown[]).length) body[api] = [...(v as unknown[])];
    } else body[api] = v;
  }
  return body;
}

/**
 * Whole-body fields (sub-objects written as a whole: alert settings, status page): every writable field, its
 * planned value or else its default. Without a default, a null `optional` field is sent as null (cleared) and a
 * null `optional-computed` one is left out (not managed).
 */
export function bodyFields(table: FieldTable, plan: Values): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    const v = plan[attr] ?? d.default ?? null;
    if (d.kind === 'list') body[api] = [...((v as unknown[] | null) ?? [])];
    else if (v !== null || d.presence === 'optional') body[api] = v;
  }
  return body;
}

/** The value as the service sees it, for comparing plan and prior. */
function comparable(d: FieldDecl, v: unknown): string {
  if (d.kind === 'list') return JSON.stringify(v ?? []);
  if (d.caseInsensitive && typeof v === 'string') return JSON.stringify(v.toUpperCase());
  return JSON.stringify(v ?? null);
}

/** PATCH body fields: only what differs between prior state and plan (a null plan value is not sent,
 *  except a list, which is sent as `[]` to clear it). */
export function updateFields(table: FieldTable, plan: Values, prior: Values): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    if (comparable(d, plan[attr]) === comparable(d, prior[attr])) continue;
    const v = plan[attr];
    if (d.kind === 'list') body[api] = [...((v as unknown[] | null) ?? [])];
    else if (v !== null && v !== undefined) body[api] = v;
  }
  return body;
}

/** State values of the resource's plain fields from an API record; `prior` (null on import) decides spellings
 *  and null-vs-`[]`. */
export function stateFields(table: FieldTable, record: Values, prior: Values | null): Values {
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime) continue;
    const attr = attributeName(api, d);
    const v = record[api] ?? d.default;
    const old = prior?.[attr];
    if (d.kind === 'list') {
      const items = (v as unknown[] | null | undefined) ?? [];
      out[attr] = items.length ? [...items] : prior && old !== null && old !== undefined ? [] : null;
    } else if (
      d.caseInsensitive &&
      typeof old === 'string' &&
      typeof v === 'string' &&
      old.toUpperCase() === v.toUpperCase()
    )
      out[attr] = old;
    else out[attr] = v ?? null;
  }
  return out;
}

/** Data-source values of every field of the table (a missing list reads as `[]`). */
export function computedValues(table: FieldTable, record: Values): Values {
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    const v = record[api] ?? d.default;
    out[attributeName(api, d)] =
      d.kind === 'list' ? [...((v as unknown[] | null | undefined) ?? [])] : (v ?? null);
  }
  return out;
}
