// The framework's tfplugin6 handlers: decode with the declared schema, run validators/modifiers/handlers,
// enforce Terraform's rules, encode. Nothing here knows about any particular resource.
import { decodeMsgpack, encodeMsgpack } from '../cty/msgpack.js';
import { decodeJSON } from '../cty/json.js';
import { isWhollyKnown, unknown, valueEquals, type CtyValue } from '../cty/values.js';
import type { CtyType } from '../cty/types.js';
import {
  diagnosticFromError,
  diagnosticToWire,
  Diagnostics,
  errorDiag,
  formatAttributePath,
  pathToWire,
  type Diagnostic,
} from '../diagnostics.js';
import type { ProviderHandlers } from '../server.js';
import type { ProviderRuntime } from '../serve.js';
import type { Attributes } from './attributes.js';
import type { AnyDataSource, AnyProvider, AnyResource, HandlerContext } from './define.js';
import { PrivateState } from './private-state.js';
import { redact } from './redact.js';
import { checkAttributes, objectType, protoSchema } from './schema.js';
import { validateAttributes } from './validate.js';
import {
  applyDefaults,
  clone,
  enforceConfig,
  markComputedUnknown,
  mergeApplied,
  normalize,
  nullWriteOnly,
  runPlanModifiers,
  type Obj,
} from './values.js';

interface Compiled {
  attrs: Attributes;
  type: CtyType;
}

const CAPABILITIES = {
  plan_destroy: true,
  get_provider_schema_optional: true,
  move_resource_state: false,
  generate_resource_config: false,
};

type DV = { msgpack?: Buffer; json?: Buffer } | null | undefined;

function decodeDV(c: Compiled, dv: DV): CtyValue {
  if (dv?.msgpack && dv.msgpack.length) return decodeMsgpack(c.type, dv.msgpack);
  if (dv?.json && dv.json.length) return decodeJSON(c.type, dv.json);
  return null;
}

function encodeDV(c: Compiled, v: CtyValue): { msgpack: Buffer } {
  return { msgpack: Buffer.from(encodeMsgpack(c.type, v)) };
}

const wire = (d: Diagnostic[]) => d.map(diagnosticToWire);

/** Builds the RPC handlers for a provider declaration. */
export function createProviderHandlers(provider: AnyProvider, runtime: ProviderRuntime): ProviderHandlers {
  checkAttributes(provider.schema.attributes, provider.typeName);
  const providerC: Compiled = {
    attrs: provider.schema.attributes,
    type: objectType(provider.schema.attributes),
  };
  const resources = new Map<string, AnyResource & Compiled>();
  const dataSources = new Map<string, AnyDataSource & Compiled>();
  for (const r of provider.resources ?? []) {
    checkAttributes(r.attributes, r.typeName);
    resources.set(r.typeName, { ...r, attrs: r.attributes, type: objectType(r.attributes) });
  }
  for (const d of provider.dataSources ?? []) {
    checkAttributes(d.attributes, d.typeName);
    dataSources.set(d.typeName, { ...d, attrs: d.attributes, type: objectType(d.attributes) });
  }
  const log = runtime.logger;
  let providerData: unknown = undefined;

  const ctx = (priv?: Buffer | null): HandlerContext => ({
    diagnostics: new Diagnostics(),
    private: new PrivateState(priv),
    signal: runtime.signal,
    providerData,
    logger: log,
  });

  const findResource = (name: string) => {
    const r = resources.get(name);
    if (!r) throw new Error(`unknown resource type ${JSON.stringify(name)}`);
    return r;
  };
  const findDataSource = (name: string) => {
    const d = dataSources.get(name);
    if (!d) throw new Error(`unknown data source type ${JSON.stringify(name)}`);
    return d;
  };

  const schemaResponse = () => ({
    provider: protoSchema(provider.schema),
    resource_schemas: Object.fromEntries([...resources.values()].map((r) => [r.typeName, protoSchema(r)])),
    data_source_schemas: Object.fromEntries(
      [...dataSources.values()].map((d) => [d.typeName, protoSchema(d)]),
    ),
    diagnostics: [],
    server_capabilities: CAPABILITIES,
  });

  const traceValue = (msg: string, c: Compiled, v: CtyValue, fields: Record<string, unknown> = {}) => {
    if (log.enabled('trace')) log.trace(msg, { ...fields, value: redact(c.attrs, v) });
  };

  /** Runs a handler, turning throws into diagnostics. */
  async function guarded<T>(c: HandlerContext, what: string, fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      c.diagnostics.add(diagnosticFromError(err, what));
      return undefined;
    }
  }

  const problemsToDiags = (
    typeName: string,
    problems: { path: (string | number | { key: string })[]; message: string }[],
    severity: 'error' | 'warning',
  ) =>
    problems.map((p) => ({
      severity,
      summary:
        severity === 'error'
          ? 'Provider returned an incomplete object'
          : 'Provider handler changed a planned value',
      detail: `${typeName}: attribute ${formatAttributePath(p.path)} ${p.message}. This is a bug in the provider.`,
      path: p.path,
    }));

  const handlers: ProviderHandlers = {
    GetMetadata: async () => ({
      server_capabilities: CAPABILITIES,
      diagnostics: [],
      resources: [...resources.keys()].map((type_name) => ({ type_name })),
      data_sources: [...dataSources.keys()].map((type_name) => ({ type_name })),
    }),

    GetProviderSchema: async () => schemaResponse(),

    GetResourceIdentitySchemas: async () => ({ diagnostics: [] }),

    GetFunctions: async () => ({ functions: {}, diagnostics: [] }),

    ValidateProviderConfig: async (req) => {
      const config = decodeDV(providerC, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        diags.add(...validateAttributes(providerC.attrs, config));
        provider.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    ConfigureProvider: async (req) => {
      const config = (decodeDV(providerC, req.config) as Obj | null) ?? normalize(providerC.attrs, {});
      traceValue('ConfigureProvider', providerC, config);
      const c = ctx();
      if (provider.configure) {
        const data = await guarded(c, 'Provider configuration failed', async () =>
          provider.configure!({
            config: config as never,
            terraformVersion: req.terraform_version ?? '',
            ctx: { diagnostics: c.diagnostics, signal: runtime.signal, logger: log },
          }),
        );
        if (!c.diagnostics.hasErrors()) providerData = data;
      }
      return { diagnostics: wire(c.diagnostics.items) };
    },

    ValidateResourceConfig: async (req) => {
      const r = findResource(req.type_name);
      const config = decodeDV(r, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        diags.add(
          ...validateAttributes(r.attrs, config, [], {
            writeOnlyAllowed: !!req.client_capabilities?.write_only_attributes_allowed,
          }),
        );
        r.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    ValidateDataResourceConfig: async (req) => {
      const d = findDataSource(req.type_name);
      const config = decodeDV(d, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        diags.add(...validateAttributes(d.attrs, config));
        d.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    UpgradeResourceState: async (req) => {
      const r = findResource(req.type_name);
      const current = r.version ?? 0;
      const stored = Number(req.version ?? 0);
      const raw = req.raw_state?.json as Buffer | undefined;
      if (!raw || !raw.length) {
        if (req.raw_state?.flatmap && Object.keys(req.raw_state.flatmap).length)
          return {
            diagnostics: wire([
              errorDiag(
                'Unsupported state format',
                'Flatmap (pre-0.12) state cannot be upgraded by this provider.',
              ),
            ]),
          };
        return { upgraded_state: encodeDV(r, null), diagnostics: [] };
      }
      try {
        let text = raw.toString('utf8');
        if (stored < current) {
          let obj = JSON.parse(text) as Record<string, unknown>;
          for (let v = stored; v < current; v++) {
            const up = r.upgradeState?.[v];
            if (!up) throw new Error(`no state upgrader from version ${v} to ${v + 1}`);
            obj = up(obj);
          }
          text = JSON.stringify(obj);
        } else if (stored > current) {
          throw new Error(`state version ${stored} is newer than this provider supports (${current})`);
        }
        const value = decodeJSON(r.type, text, { ignoreUnknownKeys: true }) as Obj;
        nullWriteOnly(r.attrs, value);
        return { upgraded_state: encodeDV(r, value), diagnostics: [] };
      } catch (err) {
        return { diagnostics: wire([errorDiag('Unable to upgrade resource state', (err as Error).message)]) };
      }
    },

    ReadResource: async (req) => {
      const r = findResource(req.type_name);
      const state = decodeDV(r, req.current_state) as Obj | null;
      const c = ctx(req.private);
      if (state === null)
        return { new_state: encodeDV(r, null), private: req.private ?? Buffer.alloc(0), diagnostics: [] };
      traceValue('ReadResource', r, state, { tf_resource_type: r.typeName });
      const result = await guarded(c, 'Read failed', () => r.read({ state: clone(state) as never, ctx: c }));
      if (c.diagnostics.hasErrors() || result === undefined)
        return {
          new_state: encodeDV(r, state),
          private: req.private ?? Buffer.alloc(0),
          diagnostics: wire(c.diagnostics.items),
        };
      let newState: Obj | null = null;
      if (result !== null) {
        newState = normalize(r.attrs, result as Record<string, unknown>);
        nullWriteOnly(r.attrs, newState);
        if (!isWhollyKnown(r.type, newState)) {
          c.diagnostics.error(
            'Provider returned unknown values from Read',
            `${r.typeName}: read must return wholly known values.`,
          );
          newState = state;
        }
      }
      return {
        new_state: encodeDV(r, newState),
        private: c.private.toBytes(),
        diagnostics: wire(c.diagnostics.items),
      };
    },

    PlanResourceChange: async (req) => {
      const r = findResource(req.type_name);
      const prior = decodeDV(r, req.prior_state) as Obj | null;
      const proposed = decodeDV(r, req.proposed_new_state) as Obj | null;
      const config = decodeDV(r, req.config) as Obj | null;
      const c = ctx(req.prior_private);
      // Destroy (plan_destroy): planned must be null; private carried.
      if (proposed === null || config === null) {
        if (prior !== null && r.planDestroy)
          await guarded(c, 'Plan failed', async () =>
            r.planDestroy!({ prior: clone(prior) as never, ctx: c }),
          );
        return {
          planned_state: encodeDV(r, null),
          requires_replace: [],
          planned_private: req.prior_private ?? Buffer.alloc(0),
          diagnostics: wire(c.diagnostics.items),
        };
      }
      traceValue('PlanResourceChange config', r, config, { tf_resource_type: r.typeName });
      const planned = clone(proposed);
      applyDefaults(r.attrs, config, planned);
      nullWriteOnly(r.attrs, planned);
      if (prior === null || !valueEquals(r.type, planned, prior))
        markComputedUnknown(r.attrs, config, planned);
      const mods = { requiresReplace: [] as (string | number | { key: string })[][] };
      runPlanModifiers(r.attrs, config, planned, prior, [], mods);
      let final: Obj = planned;
      if (r.modifyPlan) {
        const res = await guarded(c, 'Plan modification failed', async () =>
          r.modifyPlan!({ plan: planned as never, config: config as never, prior: prior as never, ctx: c }),
        );
        if (res) final = normalize(r.attrs, res as Record<string, unknown>);
      }
      enforceConfig(r.attrs, config, final);
      nullWriteOnly(r.attrs, final);
      const seen = new Set<string>();
      const replace =
        prior === null
          ? []
          : mods.requiresReplace.filter((p) => !seen.has(JSON.stringify(p)) && seen.add(JSON.stringify(p)));
      return {
        planned_state: encodeDV(r, final),
        requires_replace: replace.map(pathToWire),
        planned_private: c.private.toBytes(),
        diagnostics: wire(c.diagnostics.items),
      };
    },

    ApplyResourceChange: async (req) => {
      const r = findResource(req.type_name);
      const prior = decodeDV(r, req.prior_state) as Obj | null;
      const planned = decodeDV(r, req.planned_state) as Obj | null;
      const config = decodeDV(r, req.config) as Obj | null;
      const c = ctx(req.planned_private);
      const reply = (state: CtyValue) => ({
        new_state: encodeDV(r, state),
        private: c.private.toBytes(),
        diagnostics: wire(c.diagnostics.items),
      });
      if (planned === null) {
        if (prior === null) return reply(null);
        log.debug('Deleting', { tf_resource_type: r.typeName });
        await guarded(c, 'Delete failed', () => r.delete({ prior: prior as never, ctx: c }));
        return reply(c.diagnostics.hasErrors() ? prior : null);
      }
      const cfg = config ?? normalize(r.attrs, {});
      traceValue(prior === null ? 'Creating' : 'Updating', r, cfg, { tf_resource_type: r.typeName });
      const result =
        prior === null
          ? await guarded(c, 'Create failed', () =>
              r.create({ plan: clone(planned) as never, config: cfg as never, ctx: c }),
            )
          : await guarded(c, 'Update failed', () =>
              r.update({
                plan: clone(planned) as never,
                prior: clone(prior) as never,
                config: cfg as never,
                ctx: c,
              }),
            );
      if (result === undefined || result === null) {
        // Nothing usable came back: keep what Terraform already had.
        if (!c.diagnostics.hasErrors())
          c.diagnostics.error(
            'Provider returned no object',
            `${r.typeName}: ${prior === null ? 'create' : 'update'} returned nothing.`,
          );
        return reply(prior);
      }
      const problems: { path: (string | number | { key: string })[]; message: string }[] = [];
      const merged = mergeApplied(
        r.attrs,
        planned,
        normalize(r.attrs, result as Record<string, unknown>),
        [],
        problems,
      );
      const missing = problems.filter((p) => p.message.includes('unknown'));
      const changed = problems.filter((p) => !p.message.includes('unknown'));
      for (const p of changed)
        log.warn('Handler changed a planned value; the planned value is kept', {
          tf_resource_type: r.typeName,
          attribute: formatAttributePath(p.path),
        });
      if (missing.length) {
        c.diagnostics.add(...problemsToDiags(r.typeName, missing, 'error'));
        // Never hand unknowns back: fill them with null so the object is still stored (and tainted).
        return reply(stripUnknown(r.type, merged) as Obj);
      }
      return reply(merged);
    },

    ImportResourceState: async (req) => {
      const r = findResource(req.type_name);
      const c = ctx();
      if (!r.importState)
        return {
          imported_resources: [],
          diagnostics: wire([
            errorDiag('Resource Import Not Implemented', `${r.typeName} does not support import.`),
          ]),
        };
      let partial: Record<string, unknown> | undefined;
      if (r.importState === 'passthrough') partial = { id: req.id };
      else
        partial = await guarded(c, 'Import failed', () =>
          (r.importState as (id: string, ctx: HandlerContext) => Promise<Record<string, unknown>>)(req.id, c),
        );
      if (c.diagnostics.hasErrors() || !partial)
        return { imported_resources: [], diagnostics: wire(c.diagnostics.items) };
      const state = normalize(r.attrs, partial);
      nullWriteOnly(r.attrs, state);
      return {
        imported_resources: [
          { type_name: r.typeName, state: encodeDV(r, state), private: c.private.toBytes() },
        ],
        diagnostics: wire(c.diagnostics.items),
      };
    },

    ReadDataSource: async (req) => {
      const d = findDataSource(req.type_name);
      const config = (decodeDV(d, req.config) as Obj | null) ?? normalize(d.attrs, {});
      const c = ctx();
      const result = await guarded(c, 'Read failed', () =>
        d.read({ config: clone(config) as never, ctx: c }),
      );
      if (c.diagnostics.hasErrors() || !result) {
        if (!c.diagnostics.hasErrors()) c.diagnostics.error('Data source returned no object', d.typeName);
        return { diagnostics: wire(c.diagnostics.items) };
      }
      const state = normalize(d.attrs, result as Record<string, unknown>);
      // Configured (non-computed) arguments are reported as configured.
      for (const [k, a] of Object.entries(d.attrs)) if (!a.computed) state[k] = config[k] ?? null;
      nullWriteOnly(d.attrs, state);
      if (!isWhollyKnown(d.type, state)) {
        c.diagnostics.error(
          'Provider returned unknown values',
          `${d.typeName}: a data source must return wholly known values.`,
        );
        return { diagnostics: wire(c.diagnostics.items) };
      }
      return { state: encodeDV(d, state), diagnostics: wire(c.diagnostics.items) };
    },
  };
  return withRunDiagnostics(handlers, () =>
    provider.runDiagnostics ? provider.runDiagnostics(providerData) : [],
  );
}

/** The calls whose answers carry run-wide diagnostics (ProviderDecl.runDiagnostics). */
const RUN_DIAGNOSTIC_CALLS = [
  'ReadResource',
  'PlanResourceChange',
  'ApplyResourceChange',
  'ImportResourceState',
  'ReadDataSource',
] as const;

function withRunDiagnostics(handlers: ProviderHandlers, collect: () => Diagnostic[]): ProviderHandlers {
  const out = { ...handlers } as Record<string, (req: never) => Promise<{ diagnostics?: unknown[] }>>;
  for (const name of RUN_DIAGNOSTIC_CALLS) {
    const inner = out[name]!;
    out[name] = async (req) => {
      const res = await inner(req);
      const extra = collect();
      if (extra.length > 0) res.diagnostics = [...(res.diagnostics ?? []), ...wire(extra)];
      return res;
    };
  }
  return out as unknown as ProviderHandlers;
}

function stripUnknown(t: CtyType, v: CtyValue): CtyValue {
  if (v === unknown) return null;
  if (v === null) return null;
  switch (t.kind) {
    case 'list':
    case 'set':
      return (v as CtyValue[]).map((e) => stripUnknown(t.element, e));
    case 'map':
      return Object.fromEntries(Object.entries(v as Obj).map(([k, e]) => [k, stripUnknown(t.element, e)]));
    case 'object':
      return Object.fromEntries(
        Object.entries(t.attributes).map(([k, at]) => [k, stripUnknown(at, (v as Obj)[k] ?? null)]),
      );
    default:
      return v;
  }
}
