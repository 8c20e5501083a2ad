// Terraform core's consistency checks, re-implemented from the protocol memo (§5) to judge the provider's
// answers: AssertPlanValid (plan vs config/prior) and AssertObjectCompatible (plan vs apply result).
import { typeFromJSON, type CtyType } from '../../../src/protocol/cty/types.js';
import {
  isUnknown,
  isWhollyKnown,
  unknown,
  valueEquals,
  type CtyValue,
} from '../../../src/protocol/cty/values.js';

export interface SchemaInfo {
  /** Per attribute name: flags and type (nested attributes carry their own info). */
  attributes: Record<
    string,
    {
      computed: boolean;
      optional: boolean;
      writeOnly?: boolean;
      type: CtyType;
      nested?: SchemaInfo;
      nesting?: string;
    }
  >;
}

type Obj = Record<string, CtyValue>;

/** Returns the list of problems Terraform would report for a planned state (empty = valid). */
export function assertPlanValid(
  schema: SchemaInfo,
  prior: Obj | null,
  config: Obj | null,
  planned: Obj | null,
  path = '',
): string[] {
  const errs: string[] = [];
  if (config === null) {
    if (planned !== null) errs.push(`${path || 'root'}: planned for existence but config wants absence`);
    return errs;
  }
  if (planned === null) return [`${path || 'root'}: planned for absence but config wants existence`];
  for (const [k, a] of Object.entries(schema.attributes)) {
    const p = planned[k] ?? null;
    const c = config[k] ?? null;
    const pr = prior ? (prior[k] ?? null) : null;
    const here = path ? `${path}.${k}` : k;
    if (a.writeOnly) {
      if (p !== null) errs.push(`${here}: returned a value for the write-only attribute during planning`);
      continue;
    }
    if (a.nested && a.nesting === 'single' && c !== null && !isUnknown(c)) {
      if (isUnknown(p)) errs.push(`${here}: planned unknown for configured value`);
      else if (p === null) errs.push(`${here}: planned for absence but config wants existence`);
      else
        errs.push(
          ...assertPlanValid(a.nested, pr && !isUnknown(pr) ? (pr as Obj) : null, c as Obj, p as Obj, here),
        );
      continue;
    }
    if (a.nested && a.nesting === 'list' && Array.isArray(c)) {
      if (!Array.isArray(p)) {
        errs.push(`${here}: planned ${isUnknown(p) ? 'unknown' : 'null'} for configured list`);
        continue;
      }
      if (p.length !== c.length)
        errs.push(`${here}: count in plan (${p.length}) disagrees with count in config (${c.length})`);
      c.forEach((ce, i) =>
        errs.push(
          ...assertPlanValid(
            a.nested!,
            Array.isArray(pr) ? ((pr[i] ?? null) as Obj | null) : null,
            ce as Obj,
            (p[i] ?? null) as Obj,
            `${here}[${i}]`,
          ),
        ),
      );
      continue;
    }
    if (isUnknown(c)) {
      if (!isUnknown(p)) errs.push(`${here}: planned value for an unknown config value must be unknown`);
      continue;
    }
    if (valueEquals(a.type, p, c)) continue;
    if (pr !== null && p !== null && !isUnknown(pr) && valueEquals(a.type, p, pr)) continue;
    if (!a.computed) {
      errs.push(
        c === null
          ? `${here}: planned value for a non-computed attribute`
          : `${here}: planned value does not match config value`,
      );
      continue;
    }
    if (c !== null) errs.push(`${here}: planned value does not match config value`);
  }
  return errs;
}

/**
 * Returns problems between a planned object and the object returned by apply (empty = compatible). With
 * allowUnknown (plan-time plan vs apply-time plan) unknowns in the later value are accepted where the earlier
 * one was unknown.
 */
export function assertObjectCompatible(
  type: CtyType,
  planned: CtyValue,
  actual: CtyValue,
  path = 'root',
  opts: { allowUnknown?: boolean } = {},
): string[] {
  if (isUnknown(planned))
    return opts.allowUnknown || isWhollyKnown(type, actual)
      ? []
      : [`${path}: provider still indicated an unknown value`];
  if (isUnknown(actual)) return [`${path}: was ${show(planned)}, but now unknown`];
  if (planned === null || actual === null)
    return planned === actual ? [] : [`${path}: was ${show(planned)}, but now ${show(actual)}`];
  const rec = (t: CtyType, a: CtyValue, b: CtyValue, p: string) => assertObjectCompatible(t, a, b, p, opts);
  switch (type.kind) {
    case 'object':
      return Object.entries(type.attributes).flatMap(([k, at]) =>
        rec(at, (planned as Obj)[k] ?? null, (actual as Obj)[k] ?? null, `${path}.${k}`),
      );
    case 'list': {
      const p = planned as CtyValue[];
      const a = actual as CtyValue[];
      if (p.length !== a.length) return [`${path}: length changed from ${p.length} to ${a.length}`];
      return p.flatMap((e, i) => rec(type.element, e, a[i]!, `${path}[${i}]`));
    }
    case 'map': {
      const p = planned as Obj;
      const a = actual as Obj;
      const keys = new Set([...Object.keys(p), ...Object.keys(a)]);
      return [...keys].flatMap((k) =>
        k in p && k in a
          ? rec(type.element, p[k]!, a[k]!, `${path}["${k}"]`)
          : [`${path}: key ${k} added or removed`],
      );
    }
    case 'set': {
      const p = planned as CtyValue[];
      if (isWhollyKnown(type, p) && !valueEquals(type, p, actual)) return [`${path}: set changed`];
      return (actual as CtyValue[]).length > p.length ? [`${path}: set grew`] : [];
    }
    default:
      return valueEquals(type, planned, actual)
        ? []
        : [`${path}: was ${show(planned)}, but now ${show(actual)}`];
  }
}

function show(v: CtyValue): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

type WireAttr = {
  name: string;
  type: Buffer;
  nested_type?: { attributes: WireAttr[]; nesting: string } | null;
  computed: boolean;
  optional: boolean;
  write_only?: boolean;
};

/** Schema info and the implied object type, derived from the GetProviderSchema wire response only. */
export function schemaFromWire(attrs: WireAttr[]): { info: SchemaInfo; type: CtyType } {
  const info: SchemaInfo = { attributes: {} };
  const types: Record<string, CtyType> = {};
  for (const a of attrs) {
    let t: CtyType;
    let nested: SchemaInfo | undefined;
    if (a.nested_type && a.nested_type.attributes.length) {
      const inner = schemaFromWire(a.nested_type.attributes);
      nested = inner.info;
      const n = a.nested_type.nesting;
      t =
        n === 'SINGLE'
          ? inner.type
          : { kind: n.toLowerCase() as 'list' | 'set' | 'map', element: inner.type };
    } else t = typeFromJSON(JSON.parse(a.type.toString()));
    types[a.name] = t;
    info.attributes[a.name] = {
      computed: a.computed,
      optional: a.optional,
      writeOnly: !!a.write_only,
      type: t,
      ...(nested ? { nested, nesting: a.nested_type!.nesting.toLowerCase() } : {}),
    };
  }
  return { info, type: { kind: 'object', attributes: types } };
}

/** Terraform's ProposedNew: config for non-computed attributes, prior for computed ones left null in config. */
export function proposedNew(info: SchemaInfo, prior: Obj | null, cfg: Obj): Obj {
  const out: Obj = {};
  for (const [k, a] of Object.entries(info.attributes)) {
    if (a.computed && cfg[k] === null) out[k] = prior ? prior[k]! : null;
    else if (a.nested && a.nesting === 'single' && cfg[k] !== null && cfg[k] !== unknown)
      out[k] = proposedNew(
        a.nested,
        prior && prior[k] && prior[k] !== unknown ? (prior[k] as Obj) : null,
        cfg[k] as Obj,
      );
    else if (a.nested && a.nesting === 'list' && Array.isArray(cfg[k]))
      out[k] = (cfg[k] as Obj[]).map((e, i) =>
        proposedNew(a.nested!, Array.isArray(prior?.[k]) ? ((prior![k] as Obj[])[i] ?? null) : null, e),
      );
    else out[k] = cfg[k]!;
  }
  return out;
}
