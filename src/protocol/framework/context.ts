// What every group of framework RPC handlers shares: the compiled declarations, DynamicValue coding, the
// per-request handler context and the "throw becomes diagnostic" guard.
import type { CtyType } from '../cty/types.js';
import type { CtyValue } from '../cty/values.js';
import { diagnosticFromError, diagnosticToWire, Diagnostics, type Diagnostic } from '../diagnostics.js';
import type { Logger } from '../logging.js';
import type { ProviderRuntime } from '../serve.js';
import type { Attributes } from './attributes.js';
import type {
  AnyAction,
  AnyDataSource,
  AnyListResource,
  AnyProvider,
  AnyResource,
  HandlerContext,
} from './define.js';
import type { CompiledIdentity } from './identity.js';
import { PrivateState } from './private-state.js';
import { redact } from './redact.js';

export interface Compiled {
  attrs: Attributes;
  type: CtyType;
}
export type CompiledResource = AnyResource & Compiled & { identityC?: CompiledIdentity };
export type CompiledDataSource = AnyDataSource & Compiled;
export type CompiledList = AnyListResource & Compiled & { resource: CompiledResource };
export type CompiledAction = AnyAction & Compiled;

export { decodeDV, encodeDV, type DV } from './dynamic-value.js';

export const wire = (d: Diagnostic[]) => d.map(diagnosticToWire);

/** Runs a handler, turning throws into diagnostics. */
export async function guarded<T>(
  c: { diagnostics: Diagnostics },
  what: string,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    c.diagnostics.add(diagnosticFromError(err, what));
    return undefined;
  }
}

/** The framework's view of one provider instance, handed to each handler group. */
export interface Framework {
  provider: AnyProvider & { c: Compiled };
  resources: Map<string, CompiledResource>;
  dataSources: Map<string, CompiledDataSource>;
  lists: Map<string, CompiledList>;
  actions: Map<string, CompiledAction>;
  runtime: ProviderRuntime;
  log: Logger;
  /** What configure() returned (undefined before ConfigureProvider). */
  providerData: unknown;
  /** A fresh handler context; `signal` defaults to the runtime's (StopProvider). */
  ctx(priv?: Buffer | null, signal?: AbortSignal): HandlerContext;
  resource(name: string): CompiledResource;
  dataSource(name: string): CompiledDataSource;
  list(name: string): CompiledList;
  action(name: string): CompiledAction;
  trace(msg: string, c: Compiled, v: CtyValue, fields?: Record<string, unknown>): void;
}

export function createFramework(
  provider: Framework['provider'],
  resources: Framework['resources'],
  dataSources: Framework['dataSources'],
  lists: Framework['lists'],
  actions: Framework['actions'],
  runtime: ProviderRuntime,
): Framework {
  const log = runtime.logger;
  const find = <T>(m: Map<string, T>, what: string, name: string): T => {
    const x = m.get(name);
    if (!x) throw new Error(`unknown ${what} type ${JSON.stringify(name)}`);
    return x;
  };
  const fw: Framework = {
    provider,
    resources,
    dataSources,
    lists,
    actions,
    runtime,
    log,
    providerData: undefined,
    ctx: (priv, signal) => ({
      diagnostics: new Diagnostics(),
      private: new PrivateState(priv),
      signal: signal ?? runtime.signal,
      providerData: fw.providerData,
      logger: log,
    }),
    resource: (name) => find(resources, 'resource', name),
    dataSource: (name) => find(dataSources, 'data source', name),
    list: (name) => find(lists, 'list resource', name),
    action: (name) => find(actions, 'action', name),
    trace: (msg, c, v, fields = {}) => {
      if (log.enabled('trace')) log.trace(msg, { ...fields, value: redact(c.attrs, v) });
    },
  };
  return fw;
}
