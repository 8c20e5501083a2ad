// Which instances a reference list reaches, as Terraform would evaluate it: through module outputs
// (`module.web["x"].url` → the output's own references, in that module instance), module inputs (`var.host` → the
// calling module's argument; `each.*` there → the call's `for_each` instance with the module instance's key), `for_each` (`each.value` → the instance of the `for_each` collection with the same key)
// and instance keys (`aws_lb.web["a"]` reaches only that instance; `aws_lb.web` reaches every one, or the one with
// the referring instance's key when `count.index`/`each.*` select it). `local.*` is not in the plan (Terraform does
// not export locals), so a reference through one is unresolved.
import {
  moduleSteps,
  modulePath,
  parseTraversal,
  type Configuration,
  type Instance,
  type InstanceKey,
  type ModuleCall,
  type Step,
} from './model.js';

/** Where references are evaluated: a module instance, and the referring instance's key and `for_each`. */
export interface Scope {
  moduleInstance: string;
  key: InstanceKey | null;
  forEach: string[];
}

export interface Resolution {
  instances: Instance[];
  /** References that could not be followed (`local.*`, `each.*` without a known collection, a whole module). */
  unresolved: string[];
}

export function scopeOf(i: Instance): Scope {
  return { moduleInstance: i.moduleInstance, key: i.key, forEach: i.resource.forEachReferences };
}

const name = (s: Step | undefined) => (s && 'name' in s ? s.name : undefined);
const key = (s: Step | undefined) => (s && 'key' in s ? s.key : undefined);

interface ModuleInstance {
  address: string;
  parent: string;
  name: string;
  key: InstanceKey | null;
}

export class Resolver {
  private readonly bySubject = new Map<string, Instance[]>();
  /** Module instances by address, and by their parent and call name (`<parent>\0<name>`). */
  private readonly moduleInstance = new Map<string, ModuleInstance>();
  private readonly moduleChildren = new Map<string, ModuleInstance[]>();
  private readonly calls = new Map<string, ModuleCall>();

  constructor(config: Configuration) {
    const seen = new Set<string>();
    for (const i of config.instances) {
      const k = `${i.moduleInstance}\u0000${i.resource.address}`;
      const list = this.bySubject.get(k);
      if (list) list.push(i);
      else this.bySubject.set(k, [i]);
      const steps = moduleSteps(i.moduleInstance) ?? [];
      let parent = '';
      for (let n = 0; n < steps.length; n++) {
        const address = i.moduleInstance === '' ? '' : prefixOf(i.moduleInstance, n + 1);
        if (address !== null && !seen.has(address)) {
          seen.add(address);
          const mi = { address, parent, name: steps[n]!.name, key: steps[n]!.key };
          this.moduleInstance.set(address, mi);
          const id = `${parent}\u0000${mi.name}`;
          const siblings = this.moduleChildren.get(id);
          if (siblings) siblings.push(mi);
          else this.moduleChildren.set(id, [mi]);
        }
        parent = address ?? parent;
      }
    }
    for (const c of config.modules) this.calls.set(c.path, c);
  }

  private readonly forEachCache = new Map<
    string,
    { byKey: Map<InstanceKey, Instance[]>; unresolved: string[] }
  >();

  /** What a `for_each` reaches, by instance key: the same for every instance of the resource or module call, so read
   *  once (a plan of n instances each referring to `each.value` stays linear). */
  private forEachInstances(scope: Scope, depth: number) {
    const id = `${scope.moduleInstance}\u0000${scope.forEach.join('\u0000')}`;
    const cached = this.forEachCache.get(id);
    if (cached) return cached;
    const r = this.resolve({ ...scope, key: null, forEach: [] }, scope.forEach, depth + 1);
    const byKey = new Map<InstanceKey, Instance[]>();
    for (const i of r.instances) if (i.key !== null) byKey.set(i.key, [...(byKey.get(i.key) ?? []), i]);
    const out = { byKey, unresolved: r.unresolved };
    this.forEachCache.set(id, out);
    return out;
  }

  resolve(scope: Scope, refs: readonly string[], depth = 0): Resolution {
    const out: Resolution = { instances: [], unresolved: [] };
    if (depth > 32) return { instances: [], unresolved: [...refs] };
    const subjects = new Map<string, { keys: Set<InstanceKey>; bare: boolean }>();
    const modules = new Map<string, { name: string; key: InstanceKey | null; outputs: Set<string> }>();
    const vars = new Set<string>();
    let selects = false;
    let each = false;
    for (const ref of refs) {
      const steps = parseTraversal(ref);
      const head = name(steps?.[0]);
      if (!steps || head === undefined) {
        out.unresolved.push(ref);
        continue;
      }
      if (head === 'local') out.unresolved.push(ref);
      else if (head === 'var') {
        if (name(steps[1])) vars.add(name(steps[1])!);
      } else if (head === 'each') {
        each = true;
        selects = true;
      } else if (head === 'count') selects = true;
      else if (head === 'path' || head === 'terraform' || head === 'self') continue;
      else if (head === 'module') {
        const m = name(steps[1]);
        if (!m) continue;
        const k = key(steps[2]);
        const id = `${m}\u0000${k === undefined ? '' : JSON.stringify(k)}`;
        const entry = modules.get(id) ?? { name: m, key: k ?? null, outputs: new Set<string>() };
        const output = name(steps[k === undefined ? 2 : 3]);
        if (output) entry.outputs.add(output);
        modules.set(id, entry);
      } else {
        const data = head === 'data';
        const type = data ? name(steps[1]) : head;
        const rname = name(steps[data ? 2 : 1]);
        if (!type || !rname) continue;
        const subject = `${data ? 'data.' : ''}${type}.${rname}`;
        const s = subjects.get(subject) ?? { keys: new Set<InstanceKey>(), bare: false };
        const k = key(steps[data ? 3 : 2]);
        if (k === undefined) s.bare = true;
        else s.keys.add(k);
        subjects.set(subject, s);
      }
    }

    for (const [subject, s] of subjects) {
      const all = this.bySubject.get(`${scope.moduleInstance}\u0000${subject}`) ?? [];
      if (s.keys.size) out.instances.push(...all.filter((i) => i.key !== null && s.keys.has(i.key)));
      else if (selects && scope.key !== null && all.some((i) => i.key !== null)) {
        // `aws_lb.web[count.index]`, `aws_lb.web[each.key]`: the instance with the referring one's key. When none has
        // it (the index is another expression), which instance it picks is not in the plan: never all of them.
        const same = all.filter((i) => i.key === scope.key);
        if (same.length) out.instances.push(...same);
        else out.unresolved.push(subject);
      } else out.instances.push(...all);
    }

    if (each) {
      if (!scope.forEach.length) out.unresolved.push('each.value');
      else {
        const r = this.forEachInstances(scope, depth);
        const mine = scope.key === null ? [] : (r.byKey.get(scope.key) ?? []);
        out.instances.push(...mine);
        if (!mine.length)
          out.unresolved.push(...r.unresolved, ...(r.unresolved.length ? [] : ['each.value']));
      }
    }

    for (const v of vars) {
      const path = modulePath(scope.moduleInstance);
      const call = this.calls.get(path);
      if (!call) continue; // a root variable: a value, no resource
      const inputs = call.inputs[v];
      if (!inputs) continue;
      const me = this.moduleInstance.get(scope.moduleInstance);
      const r = this.resolve(
        { moduleInstance: me?.parent ?? '', key: me?.key ?? null, forEach: call.forEach },
        inputs,
        depth + 1,
      );
      out.instances.push(...r.instances);
      out.unresolved.push(...r.unresolved);
    }

    for (const m of modules.values()) {
      const childPath = `${modulePath(scope.moduleInstance)}${scope.moduleInstance ? '.' : ''}module.${m.name}`;
      const call = this.calls.get(childPath);
      const instances = (this.moduleChildren.get(`${scope.moduleInstance}\u0000${m.name}`) ?? []).filter(
        (x) => m.key === null || x.key === m.key,
      );
      if (!call || !m.outputs.size) {
        if (call) out.unresolved.push(`module.${m.name}`);
        continue;
      }
      for (const inst of instances)
        for (const o of m.outputs) {
          const refsOut = call.outputs[o];
          if (!refsOut) continue;
          const r = this.resolve(
            { moduleInstance: inst.address, key: null, forEach: [] },
            refsOut,
            depth + 1,
          );
          out.instances.push(...r.instances);
          out.unresolved.push(...r.unresolved);
        }
    }
    out.instances = [...new Set(out.instances)];
    return out;
  }
}

/** The first `n` module calls of a module instance address (`module.a["x"].module.b` → n=1: `module.a["x"]`). */
function prefixOf(moduleInstance: string, n: number): string | null {
  let count = 0;
  let i = 0;
  let inString = false;
  for (; i < moduleInstance.length; i++) {
    const c = moduleInstance[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (moduleInstance.startsWith('module.', i) && (i === 0 || moduleInstance[i - 1] === '.')) {
      count++;
      if (count === n + 1) return moduleInstance.slice(0, i - 1);
    }
  }
  return count >= n ? moduleInstance : null;
}
