// Schema-aware value walks shared by planning, apply and read: defaults, write-only nulling, computed
// unknowns, merging handler results into the plan, and normalisation of handler output.
import type { AttributePath } from '../diagnostics.js';
import { isUnknown, isWhollyKnown, unknown, valueEquals, type CtyValue } from '../cty/values.js';
import type { Attr, Attributes } from './attributes.js';

export type Obj = Record<string, CtyValue>;

const isObj = (v: CtyValue): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isUnknown(v);

/** Pairs of nested objects (a, b) at the same position, for single/list/map nesting (sets have no positions). */
function pairs(a: Attr, x: CtyValue, y: CtyValue): [Obj, Obj, string | number][] {
  if (!a.nested) return [];
  const n = a.nested.nesting;
  if (n === 'single') return isObj(x) && isObj(y) ? [[x, y, -1]] : [];
  if (n === 'list' && Array.isArray(x) && Array.isArray(y))
    return x.flatMap((e, i) =>
      isObj(e) && isObj(y[i] ?? null) ? [[e, y[i] as Obj, i] as [Obj, Obj, number]] : [],
    );
  if (n === 'map' && isObj(x) && isObj(y))
    return Object.keys(x).flatMap((k) =>
      isObj(x[k]!) && isObj(y[k] ?? null) ? [[x[k] as Obj, y[k] as Obj, k] as [Obj, Obj, string]] : [],
    );
  return [];
}

const step = (path: AttributePath, k: string, pos: string | number): AttributePath =>
  pos === -1 ? [...path, k] : [...path, k, typeof pos === 'number' ? pos : { key: pos }];

export function clone<T extends CtyValue>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T;
  if (isObj(v) && v.constructor === Object)
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, clone(e)])) as T;
  return v;
}

/** Fill missing keys with null (recursively), drop undefined. */
export function normalize(attrs: Attributes, v: Record<string, unknown>): Obj {
  const out: Obj = {};
  for (const [k, a] of Object.entries(attrs)) {
    const e = (v[k] ?? null) as CtyValue;
    if (a.nested && e !== null && !isUnknown(e)) {
      const inner = a.nested.attributes;
      if (a.nested.nesting === 'single') out[k] = normalize(inner, e as Obj);
      else if (a.nested.nesting === 'map')
        out[k] = Object.fromEntries(
          Object.entries(e as Obj).map(([mk, me]) => [
            mk,
            me === null || isUnknown(me) ? me : normalize(inner, me as Obj),
          ]),
        );
      else
        out[k] = (e as CtyValue[]).map((me) =>
          me === null || isUnknown(me) ? me : normalize(inner, me as Obj),
        );
    } else out[k] = e;
  }
  return out;
}

export function applyDefaults(attrs: Attributes, config: Obj, plan: Obj): void {
  for (const [k, a] of Object.entries(attrs)) {
    if (a.default !== undefined && config[k] === null) plan[k] = clone(a.default as unknown as CtyValue);
    for (const [c, p] of pairs(a, config[k] ?? null, plan[k] ?? null))
      applyDefaults(a.nested!.attributes, c, p);
  }
}

export function nullWriteOnly(attrs: Attributes, v: Obj): void {
  for (const [k, a] of Object.entries(attrs)) {
    if (a.writeOnly) v[k] = null;
    else if (a.nested) {
      const e = v[k] ?? null;
      const items: CtyValue[] =
        a.nested.nesting === 'single' ? [e] : Array.isArray(e) ? e : isObj(e) ? Object.values(e) : [];
      for (const it of items) if (isObj(it)) nullWriteOnly(a.nested.attributes, it);
    }
  }
}

/** Computed attributes the config leaves null become unknown (unless they have a default). */
export function markComputedUnknown(attrs: Attributes, config: Obj, plan: Obj): void {
  for (const [k, a] of Object.entries(attrs)) {
    if (a.computed && config[k] === null && a.default === undefined) plan[k] = unknown;
    else
      for (const [c, p] of pairs(a, config[k] ?? null, plan[k] ?? null))
        markComputedUnknown(a.nested!.attributes, c, p);
  }
}

/** Non-computed attributes are planned exactly as configured (Terraform's first plan rule). */
export function enforceConfig(attrs: Attributes, config: Obj, plan: Obj): void {
  for (const [k, a] of Object.entries(attrs)) {
    if (a.computed) {
      // An explicitly configured value of an optional+computed attribute must also be kept.
      if (config[k] !== null && !a.nested) plan[k] = clone(config[k]!);
      else
        for (const [c, p] of pairs(a, config[k] ?? null, plan[k] ?? null))
          enforceConfig(a.nested!.attributes, c, p);
      continue;
    }
    const c = config[k] ?? null;
    if (!a.nested || c === null || isUnknown(c) || a.nested.nesting === 'set') plan[k] = clone(c);
    else for (const [cc, p] of pairs(a, c, plan[k] ?? null)) enforceConfig(a.nested.attributes, cc, p);
  }
}

export interface ModifierRun {
  requiresReplace: AttributePath[];
}

export function runPlanModifiers(
  attrs: Attributes,
  config: Obj,
  plan: Obj,
  prior: Obj | null,
  path: AttributePath,
  out: ModifierRun,
): void {
  for (const [k, a] of Object.entries(attrs)) {
    for (const m of a.planModifiers ?? []) {
      const res = m.modify({
        path: [...path, k],
        configValue: config[k] ?? null,
        planValue: plan[k] ?? null,
        priorValue: prior ? (prior[k] ?? null) : null,
        priorExists: prior !== null,
      });
      if (res?.planValue !== undefined) plan[k] = res.planValue;
      if (res?.requiresReplace) out.requiresReplace.push([...path, k]);
    }
    if (a.nested) {
      for (const [c, p, pos] of pairs(a, config[k] ?? null, plan[k] ?? null)) {
        const pr = prior ? (prior[k] ?? null) : null;
        const priorObj =
          pos === -1
            ? isObj(pr)
              ? pr
              : null
            : Array.isArray(pr)
              ? ((pr[pos as number] ?? null) as Obj | null)
              : isObj(pr)
                ? ((pr[pos] ?? null) as Obj | null)
                : null;
        runPlanModifiers(
          a.nested.attributes,
          c,
          p,
          priorObj && isObj(priorObj) ? priorObj : null,
          step(path, k, pos),
          out,
        );
      }
    }
  }
}

export interface MergeProblem {
  path: AttributePath;
  message: string;
}

/**
 * The object to return from Apply: every known planned value exactly as planned; unknown planned values
 * taken from the handler's result, which must be wholly known there.
 */
export function mergeApplied(
  attrs: Attributes,
  planned: Obj,
  result: Obj,
  path: AttributePath,
  problems: MergeProblem[],
): Obj {
  const out: Obj = {};
  for (const [k, a] of Object.entries(attrs)) {
    const p = planned[k] ?? null;
    const r = (result[k] ?? null) as CtyValue;
    const here = [...path, k];
    if (a.writeOnly) {
      out[k] = null;
    } else if (isWhollyKnown(a.type, p)) {
      out[k] = p;
      if (!valueEquals(a.type, p, r))
        problems.push({ path: here, message: 'changed a planned value (planned value kept)' });
    } else if (isUnknown(p)) {
      if (!isWhollyKnown(a.type, r))
        problems.push({ path: here, message: 'left a value unknown after apply' });
      out[k] = r;
    } else if (a.nested && a.nested.nesting === 'single') {
      out[k] = mergeApplied(a.nested.attributes, p as Obj, isObj(r) ? r : {}, here, problems);
    } else if (a.nested && a.nested.nesting === 'list' && Array.isArray(p)) {
      const ra = Array.isArray(r) ? r : [];
      out[k] = p.map((e, i) =>
        isObj(e)
          ? mergeApplied(
              a.nested!.attributes,
              e,
              isObj(ra[i] ?? null) ? (ra[i] as Obj) : {},
              [...here, i],
              problems,
            )
          : e,
      );
    } else if (a.nested && a.nested.nesting === 'map' && isObj(p)) {
      const ro = isObj(r) ? r : {};
      out[k] = Object.fromEntries(
        Object.entries(p).map(([mk, e]) => [
          mk,
          isObj(e)
            ? mergeApplied(
                a.nested!.attributes,
                e,
                isObj(ro[mk] ?? null) ? (ro[mk] as Obj) : {},
                [...here, { key: mk }],
                problems,
              )
            : e,
        ]),
      );
    } else {
      // Sets (and collections with unknown elements): the handler's value, which must be known.
      if (!isWhollyKnown(a.type, r))
        problems.push({ path: here, message: 'left a value unknown after apply' });
      out[k] = r;
    }
  }
  return out;
}
