// The configuration as the coverage rules read it, whichever tool wrote it: a Terraform plan (plan.ts) or a CDKTF
// stack being synthesized (src/constructs/public-endpoints.ts). Resources are the configuration's blocks (addresses
// relative to their module); instances are what the plan has of them (absolute addresses, as `resource_changes`
// writes them). A reference is a Terraform traversal as the plan's `expressions.<arg>.references` lists it
// (`aws_lb.api.dns_name`, `aws_lb.web["a"]`, `module.web["x"].url`, `var.host`, `each.value`, `local.url`).

/** What an attribute holds in one instance: a value, a value known only after apply, or nothing (null). */
export type Value = { state: 'known'; value: unknown } | { state: 'unknown' } | { state: 'null' };

export type InstanceKey = string | number;

export interface ConfigResource {
  /** The module's path without instance keys: '' for the root, `module.web`, `module.web.module.dns`. */
  module: string;
  /** Module-relative: `aws_lb.api`, `data.aws_route53_zone.main`. */
  address: string;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  /** The references of the argument at `path` (dots between block and attribute names; a repeated block's
   *  arguments are read in every occurrence); undefined when the configuration does not write it. */
  references(path: string): string[] | undefined;
  /** References of `for_each` (`each.*` in arguments stand for an instance of these). */
  forEachReferences: string[];
  /** `source` of the module call that holds it (null in the root module). */
  moduleSource: string | null;
}

export interface Instance {
  /** Absolute, as Terraform writes it: `module.web["x"].aws_lb.this[0]`. */
  address: string;
  /** The module instance: '' or `module.web["x"]`. */
  moduleInstance: string;
  key: InstanceKey | null;
  resource: ConfigResource;
  /** Created, updated or replaced by this plan. */
  changed: boolean;
  /** Planned: the value of `path` after the plan (a repeated block's first occurrence). */
  value(path: string): Value;
  /** Every known value at `path`, in every occurrence of repeated blocks, lists and sets flattened. */
  values(path: string): unknown[];
}

export interface ModuleCall {
  /** The module's path without instance keys (`module.web`). */
  path: string;
  source: string | null;
  /** References of each input argument, in the calling module's scope. */
  inputs: Record<string, string[]>;
  /** References of the call's `for_each` (`each.*` in its inputs stand for an instance of these). */
  forEach: string[];
  /** References of each output, in the module's own scope. */
  outputs: Record<string, string[]>;
}

/** Everything one plan (or one stack) holds, for the rules. */
export interface Configuration {
  resources: ConfigResource[];
  /** Every instance the plan keeps, creates or changes (instances being deleted are left out). */
  instances: Instance[];
  /** The `uptime_monitor` instances the plan keeps (none being deleted; `count = 0` has none). */
  monitors: Instance[];
  modules: ModuleCall[];
}

/** One step of a traversal: an attribute name or an index (`[0]`, `["a"]`). */
export type Step = { name: string } | { key: InstanceKey };

/** A reference string parsed into its steps. Keys are HCL string literals, as Terraform writes instance keys
 *  (`\"`, `\\`, `\n`, `\uXXXX`, `\UXXXXXXXX`, and `$${`/`%%{` for a literal `${`/`%{`; Go's `\xXX` of older
 *  versions too). Null when it is not one. */
export function parseTraversal(ref: string): Step[] | null {
  const steps: Step[] = [];
  let i = 0;
  while (i < ref.length) {
    if (ref[i] === '.') {
      if (!steps.length) return null;
      i++;
    }
    if (ref[i] === '[') {
      if (ref[i + 1] === '"') {
        const lit = readHclString(ref, i + 1);
        if (!lit || ref[lit.end] !== ']') return null;
        steps.push({ key: lit.value });
        i = lit.end + 1;
      } else {
        const m = /^\[(\d+)\]/.exec(ref.slice(i));
        if (!m) return null;
        steps.push({ key: Number(m[1]) });
        i += m[0].length;
      }
      continue;
    }
    const m = /^[A-Za-z_][\w-]*/.exec(ref.slice(i));
    if (!m) return null;
    steps.push({ name: m[0] });
    i += m[0].length;
  }
  return steps.length ? steps : null;
}

/** The value of the HCL quoted string starting at `start` (a `"`), and the index after its closing quote. */
export function readHclString(s: string, start: number): { value: string; end: number } | null {
  if (s[start] !== '"') return null;
  let out = '';
  for (let i = start + 1; i < s.length;) {
    const c = s[i]!;
    if (c === '"') return { value: out, end: i + 1 };
    if (c === '\\') {
      const e = s[i + 1];
      // HCL's escapes, and the few more of Go's %q (older Terraform quoted keys that way).
      const simple: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        '"': '"',
        '\\': '\\',
        a: '\u0007',
        b: '\b',
        f: '\f',
        v: '\v',
      };
      if (e !== undefined && simple[e] !== undefined) {
        out += simple[e];
        i += 2;
      } else if (e === 'u' || e === 'U' || e === 'x') {
        const width = e === 'u' ? 4 : e === 'x' ? 2 : 8;
        const hex = s.slice(i + 2, i + 2 + width);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) return null;
        out += String.fromCodePoint(parseInt(hex, 16));
        i += 2 + width;
      } else return null;
    } else if ((c === '$' || c === '%') && s[i + 1] === c && s[i + 2] === '{') {
      out += `${c}{`;
      i += 3;
    } else {
      out += c;
      i += 1;
    }
  }
  return null;
}

/** A parsed module instance address (`module.web["x"].module.dns`): its calls with their keys. */
export function moduleSteps(moduleInstance: string): { name: string; key: InstanceKey | null }[] | null {
  if (!moduleInstance) return [];
  const steps = parseTraversal(moduleInstance);
  if (!steps) return null;
  const out: { name: string; key: InstanceKey | null }[] = [];
  for (let i = 0; i < steps.length;) {
    const m = steps[i];
    const n = steps[i + 1];
    if (!m || !('name' in m) || m.name !== 'module' || !n || !('name' in n)) return null;
    const k = steps[i + 2];
    if (k && 'key' in k) {
      out.push({ name: n.name, key: k.key });
      i += 3;
    } else {
      out.push({ name: n.name, key: null });
      i += 2;
    }
  }
  return out;
}

/** `module.web["x"]` → `module.web`: a module instance's configuration path. */
export function modulePath(moduleInstance: string): string {
  const steps = moduleSteps(moduleInstance);
  return steps ? steps.map((s) => `module.${s.name}`).join('.') : moduleInstance;
}

/** The host of a URL (lower case, no trailing dot), or null when it is not an http(s) URL. */
export function urlHost(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return normalHost(u.hostname);
  } catch {
    return null;
  }
}

/** A hostname as hosts are compared: lower case, without the trailing dot of a fully qualified name. */
export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** Whether a string is a hostname worth comparing (has a dot, no spaces or scheme). */
export function isHostname(s: string): boolean {
  return /^[a-z0-9_*]([a-z0-9_*-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)+$/i.test(
    s.replace(/\.$/, ''),
  );
}
