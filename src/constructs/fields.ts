// Props of declared fields (src/provider/fields): a table's `construct` fields are props under the camelCase of
// their Terraform name, a `construct` block under its declared prop name (`basicAuth`) with its item's fields as
// props (the fields the construct sets itself, `fixed`, are not), so one rule turns props into the Terraform
// configuration the provider validates at synth and into the props of the generated bindings; the secrets inside
// blocks must be tokens (`secretProblem`), and a group's list of keyed items is merged by key.
import type { IConstruct } from 'constructs';
import {
  attributeName,
  camel,
  constructProp,
  isBlock,
  isPlain,
  isSecret,
  snake,
  type BlockDecl,
  type Table,
} from '../provider/fields/field.js';
import { secretProblem } from './validation.js';

type Values = Record<string, unknown>;
const isObject = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A block item's props as Terraform values (attribute name → value; `binding`: camelCase names), with the fields
 *  the construct sets itself and the construct's own defaults. */
function itemValues(d: BlockDecl, props: Values, binding: boolean): Values {
  const out: Values = {};
  const name = (api: string) => attributeName(api, d.fields[api]!);
  for (const [k, v] of Object.entries(constructProp('', d).fixed))
    out[binding ? camel(name(k)) : name(k)] = v;
  for (const [api, f] of Object.entries(d.fields)) {
    if (f.runtime || f.presence === 'computed' || api in (d.construct?.fixed ?? {})) continue;
    const attr = attributeName(api, f);
    const v = props[camel(attr)] ?? (isPlain(f) ? f.constructDefault : undefined);
    if (v !== undefined || !binding) out[binding ? camel(attr) : attr] = v;
  }
  return out;
}

/** A block prop's value as Terraform values. */
function blockValue(d: BlockDecl, v: unknown, binding: boolean): unknown {
  if (d.nesting === 'list')
    return Array.isArray(v) ? v.map((item) => (isObject(item) ? itemValues(d, item, binding) : item)) : v;
  return isObject(v) ? itemValues(d, v, binding) : v;
}

/** The declared props (set or not) as Terraform configuration: attribute name → value. */
export function declaredConfig(table: Table, props: object): Values {
  const p = props as Values;
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    const attr = attributeName(api, d);
    if (isPlain(d) && d.construct) out[attr] = p[camel(attr)];
    else if (isBlock(d) && d.construct) out[attr] = blockValue(d, p[constructProp(api, d).prop], false);
  }
  return out;
}

/** The declared props that are set, as props of a generated binding (camelCase attribute names). */
export function declaredBindingProps(table: Table, props: object): Values {
  const p = props as Values;
  const out: Values = {};
  for (const [api, d] of Object.entries(table)) {
    const name = camel(attributeName(api, d));
    if (isPlain(d) && d.construct && p[name] !== undefined) out[name] = p[name];
    else if (isBlock(d) && d.construct) {
      const v = p[constructProp(api, d).prop];
      if (v !== undefined) out[name] = blockValue(d, v, true);
    }
  }
  return out;
}

/** An attribute path of the configuration as the construct's prop path (a block's attribute →
 *  its declared prop name, `basicAuth.username`). */
export function declaredPropPath(table: Table): (attributePath: string) => string {
  const renames = Object.entries(table)
    .filter(([, d]) => isBlock(d) && d.construct?.prop)
    .map(([api, d]) => [attributeName(api, d), snake(constructProp(api, d as BlockDecl).prop)] as const);
  return (path) => {
    let p = path;
    for (const [attr, prop] of renames)
      if (p === attr || p.startsWith(`${attr}.`) || p.startsWith(`${attr}[`)) p = prop + p.slice(attr.length);
    return p.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  };
}

/** Why each secret inside the declared blocks is not acceptable (a literal rather than a sensitive token). */
export function declaredSecretProblems(scope: IConstruct, table: Table, props: object): string[] {
  const p = props as Values;
  const out: string[] = [];
  for (const [api, d] of Object.entries(table)) {
    if (!isBlock(d) || !d.construct) continue;
    const prop = constructProp(api, d).prop;
    const v = p[prop];
    const items = d.nesting === 'list' ? (Array.isArray(v) ? v : []) : [v];
    items.forEach((item, i) => {
      if (!isObject(item)) return;
      for (const [sApi, f] of Object.entries(d.fields)) {
        if (!isSecret(f)) continue;
        const name = camel(attributeName(sApi, f));
        const label =
          d.nesting === 'list'
            ? `${prop}[${i}].${name}${d.key !== undefined ? ` (${String(item[d.key])})` : ''}`
            : `${prop}.${name}`;
        const problem = secretProblem(scope, label, item[name]);
        if (problem) out.push(problem);
      }
    });
  }
  return out;
}

/** `b` over `a` for the declared blocks: a list with a key is merged (an item of `b` replaces `a`'s item with the
 *  same key, ignoring case); anything else set in `b` replaces `a`'s. */
export function mergeDeclared(table: Table, under: object, over: object, out: Values): void {
  const a = under as Values;
  const b = over as Values;
  for (const [api, d] of Object.entries(table)) {
    if (!isBlock(d) || !d.construct || d.nesting !== 'list' || d.key === undefined) continue;
    const prop = constructProp(api, d).prop;
    const key = camel(attributeName(d.key, d.fields[d.key]!));
    const before = a[prop];
    const mine = b[prop];
    if (!Array.isArray(before) || !Array.isArray(mine)) continue;
    const name = (x: unknown) => (isObject(x) ? String(x[key]).toLowerCase() : '');
    const own = new Set(mine.map(name));
    out[prop] = [...before.filter((x) => !own.has(name(x))), ...mine];
  }
}
