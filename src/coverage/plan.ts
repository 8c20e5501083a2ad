// A Terraform plan (`terraform show -json`, format 1.x) as the coverage rules read it (model.ts): the configuration's
// resources with the references of each argument (`configuration…expressions`, module-relative, through every
// `module_calls`), the instances of `resource_changes` with their planned values (`after`, `after_unknown`), the data
// sources the plan read (`prior_state`), and each module call's inputs and outputs. Instances being deleted (actions
// ["delete"]) and forgotten ones are not part of what the plan keeps. Only the parts read here are typed: any plan
// of Terraform or OpenTofu is accepted as it is.
import {
  modulePath,
  type ConfigResource,
  type Configuration,
  type Instance,
  type InstanceKey,
  type ModuleCall,
  type Value,
} from './model.js';

export interface CoveragePlanChange {
  address: string;
  module_address?: string;
  mode: string;
  type: string;
  name: string;
  index?: unknown;
  provider_name?: string;
  change: { actions: string[]; after?: unknown; after_unknown?: unknown };
}

interface PlanConfigResource {
  address: string;
  mode?: string;
  type: string;
  name?: string;
  expressions?: Record<string, unknown>;
  for_each_expression?: unknown;
}

interface PlanConfigModule {
  resources?: PlanConfigResource[];
  module_calls?: Record<
    string,
    {
      source?: string;
      expressions?: Record<string, unknown>;
      for_each_expression?: unknown;
      module?: PlanConfigModule;
    }
  >;
  outputs?: Record<string, { expression?: unknown }>;
}

interface PlanStateModule {
  address?: string;
  resources?: {
    address: string;
    mode?: string;
    type: string;
    name?: string;
    index?: unknown;
    values?: unknown;
  }[];
  child_modules?: PlanStateModule[];
}

/** The parts of a plan the coverage review reads. */
export interface CoveragePlan {
  resource_changes?: CoveragePlanChange[];
  configuration?: { root_module?: PlanConfigModule };
  prior_state?: { values?: { root_module?: PlanStateModule } };
}

/** The type of this provider's monitors, and whether a change is of this provider (any registry host). */
export const MONITOR_TYPE = 'uptime_monitor';
const isUptime = (providerName: string | undefined) =>
  providerName === undefined || providerName.split('/').pop() === 'uptime';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An expression representation: `references` and/or `constant_value`, nothing else. */
function isExpression(v: unknown): v is { references?: string[]; constant_value?: unknown } {
  if (!isObj(v)) return false;
  const keys = Object.keys(v);
  return (
    keys.length > 0 &&
    keys.every((k) => k === 'references' || k === 'constant_value') &&
    (v.references === undefined || Array.isArray(v.references))
  );
}

function allReferences(node: unknown): string[] {
  if (isExpression(node)) return (node.references ?? []).filter((r): r is string => typeof r === 'string');
  if (Array.isArray(node)) return node.flatMap(allReferences);
  if (isObj(node)) return Object.values(node).flatMap(allReferences);
  return [];
}

/** The references of the argument at `path` in every occurrence of its blocks; undefined when none writes it. */
export function expressionReferences(expressions: Obj | undefined, path: string): string[] | undefined {
  if (!expressions) return undefined;
  let nodes: unknown[] = [expressions];
  for (const step of path.split('.')) {
    const next: unknown[] = [];
    for (const n of nodes) {
      if (isExpression(n)) next.push(n);
      else if (Array.isArray(n)) {
        for (const e of n) if (isObj(e) && Object.prototype.hasOwnProperty.call(e, step)) next.push(e[step]);
      } else if (isObj(n) && Object.prototype.hasOwnProperty.call(n, step)) next.push(n[step]);
    }
    nodes = next;
    if (!nodes.length) return undefined;
  }
  return [...new Set(nodes.flatMap(allReferences))];
}

/** The planned value at `path` (a repeated block's first occurrence), with `after_unknown` marking unknown parts. */
export function plannedValue(after: unknown, unknown: unknown, path: string): Value {
  let v = after;
  let u = unknown;
  for (const step of path.split('.')) {
    if (u === true) return { state: 'unknown' };
    if (Array.isArray(v) || Array.isArray(u)) {
      v = Array.isArray(v) ? v[0] : undefined;
      u = Array.isArray(u) ? u[0] : undefined;
    }
    if (u === true) return { state: 'unknown' };
    v = isObj(v) && Object.prototype.hasOwnProperty.call(v, step) ? v[step] : undefined;
    u = isObj(u) && Object.prototype.hasOwnProperty.call(u, step) ? u[step] : undefined;
  }
  if (u === true) return { state: 'unknown' };
  if (v === undefined || v === null) return { state: 'null' };
  return { state: 'known', value: v };
}

/** Every known value at `path`: repeated blocks and the final list or set flattened. */
export function plannedValues(after: unknown, path: string): unknown[] {
  let nodes: unknown[] = [after];
  for (const step of path.split('.')) {
    nodes = nodes
      .flatMap((n) => (Array.isArray(n) ? n : [n]))
      .flatMap((n) => (isObj(n) && Object.prototype.hasOwnProperty.call(n, step) ? [n[step]] : []));
  }
  return nodes.flatMap((n) => (Array.isArray(n) ? n : [n])).filter((n) => n !== null && n !== undefined);
}

function keyOf(index: unknown): InstanceKey | null {
  return typeof index === 'string' || typeof index === 'number' ? index : null;
}

/** The plan as the coverage rules read it. */
export function planConfiguration(plan: CoveragePlan): Configuration {
  const resources: ConfigResource[] = [];
  const modules: ModuleCall[] = [];
  const byAddress = new Map<string, ConfigResource>();

  const walk = (m: PlanConfigModule | undefined, path: string, source: string | null) => {
    for (const r of m?.resources ?? []) {
      const expressions = isObj(r.expressions) ? r.expressions : undefined;
      const c: ConfigResource = {
        module: path,
        address: r.address,
        mode: r.mode === 'data' ? 'data' : 'managed',
        type: r.type,
        name: r.name ?? r.address.split('.').pop()!,
        references: (p) => expressionReferences(expressions, p),
        forEachReferences: allReferences(r.for_each_expression),
        moduleSource: source,
      };
      resources.push(c);
      byAddress.set(`${path}\u0000${r.address}`, c);
    }
    for (const [name, call] of Object.entries(m?.module_calls ?? {})) {
      const child = `${path ? `${path}.` : ''}module.${name}`;
      const inputs: Record<string, string[]> = {};
      for (const [k, e] of Object.entries(call.expressions ?? {})) inputs[k] = allReferences(e);
      const outputs: Record<string, string[]> = {};
      for (const [k, o] of Object.entries(call.module?.outputs ?? {}))
        outputs[k] = allReferences(o.expression);
      modules.push({
        path: child,
        source: call.source ?? null,
        inputs,
        outputs,
        forEach: allReferences(call.for_each_expression),
      });
      walk(call.module, child, call.source ?? null);
    }
  };
  walk(plan.configuration?.root_module, '', null);

  const resourceFor = (moduleInstance: string, mode: string, type: string, name: string): ConfigResource => {
    const address = `${mode === 'data' ? 'data.' : ''}${type}.${name}`;
    const path = modulePath(moduleInstance);
    return (
      byAddress.get(`${path}\u0000${address}`) ?? {
        module: path,
        address,
        mode: mode === 'data' ? 'data' : 'managed',
        type,
        name,
        references: () => undefined,
        forEachReferences: [],
        moduleSource: null,
      }
    );
  };

  const instances: Instance[] = [];
  const monitors: Instance[] = [];
  const seen = new Set<string>();
  for (const rc of plan.resource_changes ?? []) {
    const actions = rc.change?.actions ?? [];
    if (rc.mode !== 'managed' && rc.mode !== 'data') continue;
    if (actions.length === 1 && (actions[0] === 'delete' || actions[0] === 'forget')) continue;
    const moduleInstance = rc.module_address ?? '';
    const after = rc.change.after;
    const unknown = rc.change.after_unknown;
    const i: Instance = {
      address: rc.address,
      moduleInstance,
      key: keyOf(rc.index),
      resource: resourceFor(moduleInstance, rc.mode, rc.type, rc.name),
      changed: actions.includes('create') || actions.includes('update'),
      value: (p) => plannedValue(after, unknown, p),
      values: (p) => plannedValues(after, p),
    };
    seen.add(rc.address);
    instances.push(i);
    if (rc.mode === 'managed' && rc.type === MONITOR_TYPE && isUptime(rc.provider_name)) monitors.push(i);
  }

  // Data sources read while planning are in the prior state, not in resource_changes.
  const state = (m: PlanStateModule | undefined) => {
    for (const r of m?.resources ?? []) {
      if (r.mode !== 'data' || seen.has(r.address)) continue;
      const moduleInstance = m?.address ?? '';
      instances.push({
        address: r.address,
        moduleInstance,
        key: keyOf(r.index),
        resource: resourceFor(
          moduleInstance,
          'data',
          r.type,
          r.name ?? r.address.split('.').pop()!.replace(/\[.*$/, ''),
        ),
        changed: false,
        value: (p) => plannedValue(r.values, undefined, p),
        values: (p) => plannedValues(r.values, p),
      });
    }
    for (const c of m?.child_modules ?? []) state(c);
  };
  state(plan.prior_state?.values?.root_module);

  return { resources, instances, monitors, modules };
}
