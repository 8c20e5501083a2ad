// Builds the tfplugin6 handlers for a provider declaration: compiles and checks the declarations, then combines
// the handler groups (provider-, resource-, change- and list-handlers.ts). Nothing here knows about any
// particular resource.
import type { Diagnostic } from '../diagnostics.js';
import { PROVIDER_RPCS, type ProviderHandlers } from '../server.js';
import type { ProviderRuntime } from '../serve.js';
import { changeHandlers } from './change-handlers.js';
import { actionHandlers } from './action-handlers.js';
import {
  createFramework,
  wire,
  type CompiledAction,
  type CompiledList,
  type CompiledResource,
  type Framework,
} from './context.js';
import type { AnyProvider, RunCall } from './define.js';
import { compileIdentity } from './identity.js';
import { listHandlers } from './list-handlers.js';
import { providerHandlers } from './provider-handlers.js';
import { resourceHandlers } from './resource-handlers.js';
import { checkAttributes, objectType } from './schema.js';

function compile(provider: AnyProvider, runtime: ProviderRuntime): Framework {
  checkAttributes(provider.schema.attributes, provider.typeName);
  const c = { attrs: provider.schema.attributes, type: objectType(provider.schema.attributes) };
  const resources = new Map<string, CompiledResource>();
  for (const r of provider.resources ?? []) {
    checkAttributes(r.attributes, r.typeName);
    resources.set(r.typeName, {
      ...r,
      attrs: r.attributes,
      type: objectType(r.attributes),
      ...(r.identity ? { identityC: compileIdentity(r.identity, r.typeName) } : {}),
    });
  }
  const dataSources = new Map(
    (provider.dataSources ?? []).map((d) => {
      checkAttributes(d.attributes, d.typeName);
      return [d.typeName, { ...d, attrs: d.attributes, type: objectType(d.attributes) }] as const;
    }),
  );
  const lists = new Map<string, CompiledList>();
  for (const l of provider.listResources ?? []) {
    checkAttributes(l.attributes, `list ${l.typeName}`);
    const resource = resources.get(l.typeName);
    // Terraform requires a managed resource of the same name with an identity (grpc_provider.go, 1.14+).
    if (!resource?.identityC)
      throw new Error(`list ${l.typeName}: needs a resource of the same type name that declares an identity`);
    for (const [k, a] of Object.entries(l.attributes))
      if (a.required || a.computed)
        throw new Error(`list ${l.typeName}.${k}: list filters are optional only`);
    lists.set(l.typeName, { ...l, attrs: l.attributes, type: objectType(l.attributes), resource });
  }
  const actions = new Map<string, CompiledAction>();
  for (const a of provider.actions ?? []) {
    checkAttributes(a.attributes, `action ${a.typeName}`);
    // An action has no state: its config block holds what the user writes, nothing the provider fills in.
    for (const [k, at] of Object.entries(a.attributes))
      if (at.computed)
        throw new Error(`action ${a.typeName}.${k}: action attributes are required or optional`);
    if (actions.has(a.typeName)) throw new Error(`action ${a.typeName}: declared twice`);
    actions.set(a.typeName, { ...a, attrs: a.attributes, type: objectType(a.attributes) });
  }
  return createFramework({ ...provider, c }, resources, dataSources, lists, actions, runtime);
}

/** Builds the RPC handlers for a provider declaration. */
export function createProviderHandlers(provider: AnyProvider, runtime: ProviderRuntime): ProviderHandlers {
  const fw = compile(provider, runtime);
  const handlers: ProviderHandlers = {
    ...providerHandlers(fw),
    ...resourceHandlers(fw),
    ...changeHandlers(fw),
    ...listHandlers(fw),
    ...actionHandlers(fw),
  };
  const run = provider.runDiagnostics;
  return withRunDiagnostics(handlers, run ? (call) => run(fw.providerData, call) : null);
}

/** The calls whose answers carry run-wide diagnostics (ProviderDecl.runDiagnostics). */
const RUN_DIAGNOSTIC_CALLS: readonly RunCall['rpc'][] = [
  'ReadResource',
  'PlanResourceChange',
  'ApplyResourceChange',
  'ImportResourceState',
  'ReadDataSource',
];

/** Counts Terraform's calls in flight (unary ones) and adds the run-wide diagnostics to the answers above. */
function withRunDiagnostics(
  handlers: ProviderHandlers,
  collect: ((call: RunCall) => Diagnostic[] | Promise<Diagnostic[]>) | null,
): ProviderHandlers {
  if (!collect) return handlers;
  const out = { ...handlers };
  let inFlight = 0;
  for (const name of PROVIDER_RPCS) {
    const inner = out[name];
    if (!inner) continue;
    const runWide = (RUN_DIAGNOSTIC_CALLS as readonly string[]).includes(name);
    out[name] = async (req) => {
      inFlight++;
      try {
        const res = await inner(req);
        if (!runWide) return res;
        const extra = await collect({ rpc: name as RunCall['rpc'], quiet: () => inFlight === 1 });
        if (extra.length > 0) res.diagnostics = [...((res.diagnostics as unknown[]) ?? []), ...wire(extra)];
        return res;
      } finally {
        inFlight--;
      }
    };
  }
  return out;
}
