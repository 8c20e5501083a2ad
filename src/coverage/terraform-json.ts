// A configuration in Terraform's JSON syntax (what a CDKTF stack synthesizes to cdk.tf.json, tokens resolved) as the
// coverage rules read it (model.ts), for the CDKTF aspect, which runs before any plan exists: each resource is one
// instance of itself; a string is a template whose `${…}` interpolations are the references (a string holding one is
// unknown, as Terraform would know it only after evaluating it; `$${` is a literal `${`); a block is an object or a
// list of objects. Nothing is planned, so every instance counts as changed and computed attributes are unknown.
import { templateLiteral } from '../protocol/template.js';
import { MONITOR_TYPE } from './plan.js';
import type { ConfigResource, Configuration, Instance, ModuleCall, Value } from './model.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The synthesized document: `resource.<type>.<name>`, `data.<type>.<name>`, `module.<name>`. */
export interface TerraformJson {
  resource?: Record<string, Record<string, unknown>>;
  data?: Record<string, Record<string, unknown>>;
  module?: Record<string, unknown>;
}

/** The interpolations and directives of a template string: the text of each `${…}` and `%{…}`. */
export function templateExpressions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ((c === '$' || c === '%') && s[i + 1] === c && s[i + 2] === '{') {
      i += 2;
      continue;
    }
    if ((c !== '$' && c !== '%') || s[i + 1] !== '{') continue;
    // Scan to the matching brace: strings inside the expression may hold braces and templates of their own.
    const stack: ('brace' | 'string' | 'interp')[] = ['interp'];
    let j = i + 2;
    for (; j < s.length && stack.length; j++) {
      const top = stack[stack.length - 1];
      const ch = s[j];
      if (top === 'string') {
        if (ch === '\\') j++;
        else if (ch === '"') stack.pop();
        else if ((ch === '$' || ch === '%') && s[j + 1] === '{') {
          stack.push('interp');
          j++;
        }
      } else if (ch === '"') stack.push('string');
      else if (ch === '{') stack.push('brace');
      else if (ch === '}') stack.pop();
    }
    out.push(s.slice(i + 2, j - 1));
    i = j - 1;
  }
  return out;
}

const TRAVERSAL = /(?<![\w.\]-])([A-Za-z_][\w-]*)((?:\.[A-Za-z_][\w-]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\])+)/g;

/** The references of a template string, as the plan's `references` lists them (each traversal whole). */
export function templateReferences(s: string): string[] {
  const out: string[] = [];
  for (const e of templateExpressions(s)) for (const m of e.matchAll(TRAVERSAL)) out.push(m[0]);
  return out;
}

function allReferences(v: unknown): string[] {
  if (typeof v === 'string') return templateReferences(v);
  if (Array.isArray(v)) return v.flatMap(allReferences);
  if (isObj(v)) return Object.values(v).flatMap(allReferences);
  return [];
}

function at(node: unknown, path: string, first: boolean): unknown[] {
  let nodes: unknown[] = [node];
  for (const step of path.split('.')) {
    nodes = nodes
      .flatMap((n) => (Array.isArray(n) ? (first ? n.slice(0, 1) : n) : [n]))
      .flatMap((n) => (isObj(n) && Object.prototype.hasOwnProperty.call(n, step) ? [n[step]] : []));
  }
  return nodes.filter((n) => n !== undefined && n !== null);
}

/** A configured value as Terraform would know it before evaluating: literal parts as they are, a string holding an
 *  expression unknown. A container is known, its unknown parts left out. */
function literal(v: unknown): Value {
  if (v === undefined || v === null) return { state: 'null' };
  if (typeof v === 'string') {
    const t = templateLiteral(v);
    return t === undefined ? { state: 'unknown' } : { state: 'known', value: t };
  }
  if (Array.isArray(v)) {
    const items = v.map(literal).filter((x): x is { state: 'known'; value: unknown } => x.state === 'known');
    return { state: 'known', value: items.map((x) => x.value) };
  }
  if (isObj(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      const l = literal(x);
      if (l.state === 'known') out[k] = l.value;
    }
    return { state: 'known', value: out };
  }
  return { state: 'known', value: v };
}

export function jsonConfiguration(doc: TerraformJson): Configuration {
  const resources: ConfigResource[] = [];
  const instances: Instance[] = [];
  const monitors: Instance[] = [];
  const add = (mode: 'managed' | 'data', type: string, name: string, attrs: unknown) => {
    const a = isObj(attrs) ? attrs : {};
    const r: ConfigResource = {
      module: '',
      address: `${mode === 'data' ? 'data.' : ''}${type}.${name}`,
      mode,
      type,
      name,
      references: (p) => {
        const found = at(a, p, false);
        return found.length ? [...new Set(found.flatMap(allReferences))] : undefined;
      },
      forEachReferences: allReferences(a.for_each),
      moduleSource: null,
    };
    resources.push(r);
    const i: Instance = {
      address: r.address,
      moduleInstance: '',
      key: null,
      resource: r,
      changed: true,
      value: (p) => literal(at(a, p, true)[0]),
      values: (p) =>
        at(a, p, false)
          .flatMap((x) => (Array.isArray(x) ? x : [x]))
          .map(literal)
          .flatMap((x) => (x.state === 'known' ? [x.value] : [])),
    };
    instances.push(i);
    if (mode === 'managed' && type === MONITOR_TYPE) monitors.push(i);
  };
  for (const [type, byName] of Object.entries(doc.resource ?? {}))
    for (const [name, attrs] of Object.entries(byName ?? {})) add('managed', type, name, attrs);
  for (const [type, byName] of Object.entries(doc.data ?? {}))
    for (const [name, attrs] of Object.entries(byName ?? {})) add('data', type, name, attrs);
  const modules: ModuleCall[] = Object.entries(doc.module ?? {}).map(([name, call]) => {
    const c = isObj(call) ? call : {};
    const inputs: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(c))
      if (k !== 'source' && k !== 'version') inputs[k] = allReferences(v);
    return {
      path: `module.${name}`,
      source: typeof c.source === 'string' ? c.source : null,
      inputs,
      outputs: {},
      forEach: allReferences(c.for_each),
    };
  });
  return { resources, instances, monitors, modules };
}
