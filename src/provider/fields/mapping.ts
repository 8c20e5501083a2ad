// Field table → conversions between Terraform values and API bodies/records, for every kind of declaration
// (field.ts says what each kind means). Rules:
// - a list (of scalars or of blocks) treats null and `[]` alike; state keeps whichever the configuration used;
// - a case-insensitive enum compares ignoring case and keeps the user's spelling in state; so does a list item's
//   key (a header name), matched to the prior item ignoring case;
// - `lifecycle` fields (changed through their own endpoints), identities and computed fields are never written;
// - a value the service leaves out of a record reads as the declared default; a single block's null as what it
//   declares null means (`empty` with the defaults, its fields' defaults, or not managed);
// - a secret is sent on create (the stored value, else the write-only one from the configuration); on update a
//   list is written whole (each item with its stored secret; the write-only one when the item is new, its version
//   changed or was lost), a single block only with what changed (the stored secret when it changed, the write-only
//   one on a version change, a loss, or a block of another kind before); state keeps the secret while the record says
//   `<secret>Set` and drops it with its version when not.
import { isSaved, type WriteOnlyField } from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import type { AttributePath } from '../../protocol/diagnostics.js';
import { put, type BodyDraft } from '../validation.js';
import {
  at,
  attributeName,
  blockDefault,
  emptyModel,
  emptyOf,
  isBlock,
  isPlain,
  isSecret,
  notManagedWhenNull,
  recordPath,
  secretNames,
  type BlockDecl,
  type Decl,
  type FieldDecl,
  type Table,
} from './field.js';
import type { ComputedModel, ResourceModel } from './schema.js';

type Values = Record<string, unknown>;

const isObject = (v: unknown): v is Values =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !isUnknown(v);
const given = (v: unknown): boolean => v !== null && v !== undefined;
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const sameKey = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** [api name, attribute name, declaration] of the fields a write body carries. */
function writable(table: Table): [string, string, Decl][] {
  return Object.entries(table)
    .filter(([, d]) => d.presence !== 'computed' && !d.runtime && !d.identity && !(isPlain(d) && d.lifecycle))
    .map(([api, d]) => [api, attributeName(api, d), d]);
}

/** The attribute name of a block's key field. */
const keyAttr = (d: BlockDecl): string | undefined =>
  d.key === undefined ? undefined : attributeName(d.key, d.fields[d.key]!);

/** The prior item a list item continues: the one at the same index when its key matches, else the first with it. */
function priorItem(d: BlockDecl, prior: unknown, key: unknown, i: number): Values | null {
  const k = keyAttr(d);
  const items = listOf(prior).filter(isObject);
  if (k === undefined) return isObject(listOf(prior)[i]) ? (listOf(prior)[i] as Values) : null;
  const same = listOf(prior)[i];
  if (isObject(same) && sameKey(same[k], key)) return same;
  return items.find((o) => sameKey(o[k], key)) ?? null;
}

/** A single block's prior value when it is of the same kind (`key`) as `block` (by attribute names), else null. */
function priorBlock(d: BlockDecl, prior: unknown, kind: unknown): Values | null {
  if (!isObject(prior)) return null;
  const k = keyAttr(d);
  return k === undefined || sameKey(prior[k], kind) ? prior : null;
}

/** Which of a block's fields its kind uses (the key and, for a kind `kinds` declares, the fields it lists; every
 *  field otherwise): a write of one kind never carries another kind's fields. */
function usedFields(d: BlockDecl, v: Values): (api: string) => boolean {
  if (d.key === undefined || !d.kinds) return () => true;
  const kind = v[attributeName(d.key, d.fields[d.key]!)];
  const rules = typeof kind === 'string' && Object.hasOwn(d.kinds, kind) ? d.kinds[kind] : undefined;
  return (api) => api === d.key || !rules || rules.uses.includes(api);
}

// ---- config → body draft ----

/** Puts the writable fields of a (possibly partly unknown) config into a body draft (plan-time validation):
 *  a write-only secret under its API name (renamed back to its attribute for messages). */
export function draftFields(
  draft: BodyDraft,
  target: Values,
  apiPath: string,
  table: Table,
  config: Values,
  attrPath: AttributePath = [],
): void {
  for (const [api, attr, d] of writable(table)) {
    const path = apiPath ? `${apiPath}.${api}` : api;
    const v = config[attr];
    if (isSecret(d)) {
      const n = secretNames(attr);
      const wo = config[n.writeOnly];
      if (given(wo)) {
        put(draft, target, apiPath, api, wo);
        draft.renames.set(path, [...attrPath, n.writeOnly]);
      } else put(draft, target, apiPath, api, v);
    } else if (isBlock(d)) {
      if (isUnknown(v)) draft.unknownPaths.push(path);
      else if (d.nesting === 'list' && Array.isArray(v))
        target[api] = v.map((item: unknown, i: number) => {
          const out: Values = {};
          if (isUnknown(item) || item === null) draft.unknownPaths.push(`${path}[${i}]`);
          else draftFields(draft, out, `${path}[${i}]`, d.fields, item as Values, [...attrPath, attr, i]);
          return out;
        });
      else if (isObject(v)) {
        const out: Values = {};
        draftFields(draft, out, path, d.fields, v, [...attrPath, attr]);
        target[api] = out;
      }
    } else if (d.kind === 'list' && Array.isArray(v)) {
      // Unknown elements keep their index (null placeholder) and their problems are skipped.
      v.forEach((e, i) => {
        if (isUnknown(e)) draft.unknownPaths.push(`${path}[${i}]`);
      });
      target[api] = v.map((e) => (isUnknown(e) ? null : e));
    } else put(draft, target, apiPath, api, v);
  }
}

// ---- model → body ----

/** Create body fields: every non-null planned value (an empty list is left out: null ≡ `[]`); secrets from the
 *  plan, else their write-only value from `config`. */
export function createFields<T extends Table>(
  table: T,
  plan: ResourceModel<T>,
  config?: ResourceModel<T> | null,
): Values {
  return create(table, plan, config ?? null);
}

function create(table: Table, plan: Values, config: Values | null, uses = (_api: string) => true): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    if (!uses(api)) continue;
    const v = plan[attr];
    if (isSecret(d)) {
      const s = v ?? config?.[secretNames(attr).writeOnly] ?? null;
      if (s !== null) body[api] = s;
    } else if (isBlock(d)) {
      const c = config?.[attr];
      if (d.nesting === 'list') {
        const items = listOf(v);
        if (items.length)
          body[api] = items.map((item, i) =>
            create(d.fields, item as Values, (listOf(c)[i] as Values) ?? null),
          );
      } else if (isObject(v)) body[api] = create(d.fields, v, isObject(c) ? c : null, usedFields(d, v));
    } else if (v === null || v === undefined) continue;
    else if (d.kind === 'list') {
      if ((v as unknown[]).length) body[api] = [...(v as unknown[])];
    } else body[api] = v;
  }
  return body;
}

/**
 * Whole-body fields (sub-objects written as a whole: alert settings, status page): every writable field, its
 * planned value or else its default. Without a default, a null `optional` field is sent as null (cleared) and a
 * null `optional-computed` one is left out (not managed); a block likewise, whose null is its fields' defaults.
 */
export function bodyFields<T extends Table>(table: T, plan: ResourceModel<T>): Values {
  return whole(table, plan);
}

function whole(table: Table, plan: Values): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    const v = plan[attr];
    if (isSecret(d)) {
      if (given(v)) body[api] = v;
    } else if (isBlock(d)) {
      if (d.nesting === 'list') body[api] = listOf(v).map((item) => whole(d.fields, item as Values));
      else if (isObject(v)) body[api] = whole(d.fields, v);
      else if (blockDefault(d) !== undefined) body[api] = whole(d.fields, {});
      else if (d.empty) body[api] = emptyOf(d);
    } else {
      const w = v ?? d.default ?? null;
      if (d.kind === 'list') body[api] = [...((w as unknown[] | null) ?? [])];
      else if (w !== null || d.presence === 'optional') body[api] = w;
    }
  }
  return body;
}

/** The value as the service sees it, for comparing plan and prior (`withDefault`: null reads as the default). */
function comparable(d: FieldDecl, v: unknown, withDefault = false): unknown {
  const w = withDefault ? (v ?? d.default ?? null) : v;
  if (d.kind === 'list') return w ?? [];
  if (d.caseInsensitive && typeof w === 'string') return w.toUpperCase();
  return w ?? null;
}

/** A block's (or list item's) comparable form: plain fields with their defaults, secrets with their version. */
function blockComparable(table: Table, v: Values): unknown[] {
  return Object.entries(table)
    .filter(([, d]) => !d.runtime && d.presence !== 'computed')
    .map(([api, d]) => {
      const name = attributeName(api, d);
      if (isSecret(d)) return [v[name] ?? null, v[secretNames(name).version] ?? null];
      if (isBlock(d)) return JSON.stringify(v[name] ?? null);
      return comparable(d, v[name], true);
    });
}

/** A list item or single block to write on update (see the header); `old`: the prior one it continues. */
function updated(
  table: Table,
  v: Values,
  old: Values | null,
  config: Values | null,
  whole: boolean,
  uses = (_api: string) => true,
): Values {
  const out: Values = {};
  for (const [api, attr, d] of writable(table)) {
    if (!uses(api)) continue;
    if (isSecret(d)) {
      const n = secretNames(attr);
      const stored = v[attr] ?? null;
      const wo = config?.[n.writeOnly] ?? null;
      const version = v[n.version] ?? null;
      if (stored !== null && (whole || old === null || stored !== old[attr])) out[api] = stored;
      else if (
        stored === null &&
        wo !== null &&
        (old === null || old[n.version] !== version || old[n.version] === null)
      )
        out[api] = wo;
    } else if (isPlain(d)) {
      const w = v[attr] ?? (whole ? null : d.default) ?? null;
      if (w !== null) out[api] = Array.isArray(w) ? [...w] : w;
    }
  }
  return out;
}

/** PATCH body fields: only what differs between prior state and plan (a null plain value is not sent, except a
 *  list, which is sent as `[]` to clear it; a block is sent as a whole when anything in it changed). */
export function updateFields<T extends Table>(
  table: T,
  plan: ResourceModel<T>,
  prior: ResourceModel<T>,
  config?: ResourceModel<T> | null,
): Values {
  return update(table, plan, prior, config ?? null);
}

function update(table: Table, plan: Values, prior: Values, config: Values | null): Values {
  const body: Values = {};
  for (const [api, attr, d] of writable(table)) {
    const v = plan[attr];
    if (isBlock(d)) {
      const c = config?.[attr];
      if (d.nesting === 'list') {
        const p = listOf(v).filter(isObject);
        const q = listOf(prior[attr]).filter(isObject);
        const same =
          JSON.stringify(p.map((x) => blockComparable(d.fields, x))) ===
          JSON.stringify(q.map((x) => blockComparable(d.fields, x)));
        if (same) continue;
        const k = keyAttr(d);
        body[api] = p.map((item, i) =>
          updated(
            d.fields,
            item,
            priorItem(d, q, k === undefined ? undefined : item[k], i),
            isObject(listOf(c)[i]) ? (listOf(c)[i] as Values) : null,
            true,
          ),
        );
      } else {
        if (!isObject(v) && notManagedWhenNull(d)) continue;
        const p = isObject(v) ? v : emptyModel(d);
        const q = isObject(prior[attr]) ? (prior[attr] as Values) : emptyModel(d);
        if (JSON.stringify(blockComparable(d.fields, p)) === JSON.stringify(blockComparable(d.fields, q)))
          continue;
        const k = keyAttr(d);
        body[api] = isObject(v)
          ? updated(
              d.fields,
              v,
              priorBlock(d, q, k === undefined ? undefined : v[k]),
              isObject(c) ? c : null,
              false,
              usedFields(d, v),
            )
          : (emptyOf(d) ?? create(d.fields, p, null));
      }
    } else if (isPlain(d)) {
      if (JSON.stringify(comparable(d, v)) === JSON.stringify(comparable(d, prior[attr]))) continue;
      if (d.kind === 'list') body[api] = [...((v as unknown[] | null) ?? [])];
      else if (v !== null && v !== undefined) body[api] = v;
    }
  }
  return body;
}

// ---- record → state ----

/** State values of the resource's fields from an API record; `prior` (null on import) decides spellings,
 *  null-vs-`[]`, null-vs-the-null-equivalent and which secrets are kept. */
export function stateFields<T extends Table>(
  table: T,
  record: object,
  prior: ResourceModel<T> | null,
): ResourceModel<T> {
  return state(table, record as Values, prior) as ResourceModel<T>;
}

function state(table: Table, record: Values, prior: Values | null): Values {
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime) continue;
    const attr = attributeName(api, d);
    const v = at(record, recordPath(api, d));
    const old = prior?.[attr];
    if (isSecret(d)) {
      const n = secretNames(attr);
      const saved = isSaved(record, api as WriteOnlyField);
      out[n.stored] = saved ? (old ?? null) : null;
      out[n.writeOnly] = null;
      out[n.version] = saved ? (prior?.[n.version] ?? null) : null;
    } else if (isBlock(d)) out[attr] = blockState(d, v, old, prior !== null);
    else if (d.copyOf !== undefined) out[attr] = at(record, d.copyOf) ?? null;
    else if (d.identity && typeof old === 'string') out[attr] = old;
    else {
      const w = v ?? d.default;
      if (d.kind === 'list') {
        const items = (w as unknown[] | null | undefined) ?? [];
        out[attr] = items.length ? [...items] : prior && old !== null && old !== undefined ? [] : null;
      } else if (d.caseInsensitive && sameKey(old, w)) out[attr] = old;
      else out[attr] = w ?? null;
    }
  }
  return out;
}

function blockState(d: BlockDecl, v: unknown, old: unknown, hasPrior: boolean): unknown {
  const k = keyAttr(d);
  if (d.nesting === 'list') {
    const items = listOf(v).filter(isObject);
    if (!items.length) return hasPrior && old !== null && old !== undefined ? [] : null;
    return items.map((item, i) => {
      const before = priorItem(d, old, d.key === undefined ? undefined : item[d.key], i);
      const s = state(d.fields, item, before);
      if (k !== undefined && before && sameKey(before[k], s[k])) s[k] = before[k];
      return s;
    });
  }
  let r = isObject(v) ? v : null;
  if (!r) {
    const empty = emptyOf(d);
    if (empty) r = empty;
    else if (blockDefault(d) !== undefined) r = {};
    else return null;
  }
  const empty = emptyOf(d);
  if (empty && !isObject(old) && Object.entries(empty).every(([key, e]) => (r[key] ?? null) === e))
    return null;
  const before = priorBlock(d, old, d.key === undefined ? undefined : r[d.key]);
  const s = state(d.fields, r, before);
  if (k !== undefined && before && sameKey(before[k], s[k])) s[k] = before[k];
  return s;
}

// ---- record → data-source values ----

/** Data-source values of every field of the table but the resource's own (a missing list reads as `[]`, a missing
 *  block as null, a flattened block as its null equivalent). */
export function computedValues<T extends Table>(table: T, record: object): ComputedModel<T> {
  return computed(table, record as Values) as ComputedModel<T>;
}

function computed(table: Table, record: Values): Values {
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.resourceOnly) continue;
    const name = attributeName(api, d);
    const v = at(record, recordPath(api, d));
    if (isSecret(d)) out[secretNames(name).saved] = isSaved(record, api as WriteOnlyField);
    else if (isBlock(d)) {
      const flatten = d.dataSource?.flatten;
      if (flatten !== undefined) {
        const values = computed(d.fields, isObject(v) ? v : (emptyOf(d) ?? {}));
        for (const [k, x] of Object.entries(values)) out[`${flatten}${k}`] = x;
        continue;
      }
      const target = d.dataSource?.attribute ?? name;
      if (d.nesting === 'list')
        out[target] = listOf(v)
          .filter(isObject)
          .map((item) => computed(d.fields, item));
      else out[target] = isObject(v) ? computed(d.fields, v) : null;
    } else {
      const w = v ?? d.default;
      out[name] = d.kind === 'list' ? [...((w as unknown[] | null | undefined) ?? [])] : (w ?? null);
    }
  }
  return out;
}
