// A provider whose resources are declared as Terraform schemas with nested blocks (the shape SDKv2 providers such as
// hashicorp/aws, google, azurerm and kubernetes have), served by our own protocol server (src/protocol/serve.ts) with
// hand-written handlers: no remote API, only Terraform's rules on plans. A create plans every computed attribute the
// configuration leaves null as unknown (as the real providers do); an apply fills them with values made from the
// configuration (`computed` functions), so a later plan knows them; an update keeps them. Defaults of optional
// attributes are planned as the real provider plans them.
import { decodeJSON } from '../../../src/protocol/cty/json.js';
import { decodeMsgpack, encodeMsgpack } from '../../../src/protocol/cty/msgpack.js';
import { ctyList, ctyObject, ctySet, typeToBytes, type CtyType } from '../../../src/protocol/cty/types.js';
import { unknown, type CtyValue } from '../../../src/protocol/cty/values.js';
import type { ProviderHandlers } from '../../../src/protocol/server.js';

type Obj = Record<string, CtyValue>;

export interface AttrDecl {
  type: CtyType;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  /** What the provider plans when the configuration leaves an optional attribute null. */
  default?: CtyValue;
  /** The value an apply gives a computed attribute left unknown by the plan (the object's known values in). */
  value?: (self: Obj, ctx: ApplyContext) => CtyValue;
}

export interface BlockDecl {
  nesting: 'LIST' | 'SET' | 'SINGLE';
  block: SchemaDecl;
  minItems?: number;
  maxItems?: number;
}

export interface SchemaDecl {
  attributes: Record<string, AttrDecl>;
  blocks?: Record<string, BlockDecl>;
}

export interface ApplyContext {
  /** The resource type being applied. */
  type: string;
}

export interface BlockProviderDecl {
  resources: Record<string, SchemaDecl>;
  dataSources?: Record<string, SchemaDecl & { read?: (config: Obj) => Obj }>;
  provider?: SchemaDecl;
  /** SDKv2's legacy type system: Terraform tolerates a planned default for an attribute that is not computed (it
   *  only logs it), as it does for hashicorp/aws, google, azurerm and kubernetes. */
  legacy?: boolean;
}

export function blockType(s: SchemaDecl): CtyType {
  const attrs: Record<string, CtyType> = {};
  for (const [k, a] of Object.entries(s.attributes)) attrs[k] = a.type;
  for (const [k, b] of Object.entries(s.blocks ?? {})) {
    const inner = blockType(b.block);
    attrs[k] = b.nesting === 'SINGLE' ? inner : b.nesting === 'SET' ? ctySet(inner) : ctyList(inner);
  }
  return ctyObject(attrs);
}

function protoBlock(s: SchemaDecl): Record<string, unknown> {
  return {
    version: '0',
    attributes: Object.keys(s.attributes)
      .sort()
      .map((name) => {
        const a = s.attributes[name]!;
        return {
          name,
          type: typeToBytes(a.type),
          description: '',
          required: !!a.required,
          optional: !!a.optional,
          computed: !!a.computed,
          sensitive: false,
        };
      }),
    block_types: Object.keys(s.blocks ?? {})
      .sort()
      .map((type_name) => {
        const b = s.blocks![type_name]!;
        return {
          type_name,
          block: protoBlock(b.block),
          nesting: b.nesting,
          min_items: String(b.minItems ?? 0),
          max_items: String(b.maxItems ?? 0),
        };
      }),
    description: '',
    description_kind: 'PLAIN',
  };
}

const schema = (s: SchemaDecl) => ({ version: '0', block: protoBlock(s) });

const dv = (t: CtyType, v: CtyValue) => {
  const bytes = encodeMsgpack(t, v);
  return { msgpack: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
};

function decode(t: CtyType, value: { msgpack?: Buffer; json?: Buffer } | null | undefined): CtyValue {
  if (value?.msgpack?.length) return decodeMsgpack(t, value.msgpack);
  if (value?.json?.length) return decodeJSON(t, value.json);
  return null;
}

/** The planned object of a create or an update: defaults of null optional attributes, and each computed attribute
 *  the configuration leaves null unknown (create) or as it was (update), in nested blocks too. */
function planObject(s: SchemaDecl, proposed: Obj, prior: Obj | null): Obj {
  const out: Obj = { ...proposed };
  for (const [k, a] of Object.entries(s.attributes)) {
    if (out[k] !== null && out[k] !== undefined) continue;
    if (a.optional && a.default !== undefined) out[k] = a.default;
    else if (a.computed) out[k] = prior && prior[k] !== null && prior[k] !== undefined ? prior[k]! : unknown;
  }
  for (const [k, b] of Object.entries(s.blocks ?? {})) {
    const v = out[k];
    if (v === null || v === undefined || v === unknown) continue;
    if (b.nesting === 'SINGLE') out[k] = planObject(b.block, v as Obj, (prior?.[k] as Obj | null) ?? null);
    else
      out[k] = (v as (Obj | typeof unknown)[]).map((e, i) =>
        e === unknown ? e : planObject(b.block, e, ((prior?.[k] as Obj[] | null) ?? [])[i] ?? null),
      );
  }
  return out;
}

/** The state an apply stores: every unknown the plan left filled by the attribute's `value`. */
function applyObject(s: SchemaDecl, planned: Obj, ctx: ApplyContext): Obj {
  const out: Obj = { ...planned };
  for (const [k, b] of Object.entries(s.blocks ?? {})) {
    const v = out[k];
    if (v === null || v === undefined) continue;
    if (b.nesting === 'SINGLE') out[k] = applyObject(b.block, v as Obj, ctx);
    else out[k] = (v as Obj[]).map((e) => applyObject(b.block, e, ctx));
  }
  for (const [k, a] of Object.entries(s.attributes))
    if (out[k] === unknown) out[k] = a.value ? a.value(out, ctx) : defaultValue(a.type, k, out, ctx);
  return out;
}

function defaultValue(t: CtyType, name: string, self: Obj, ctx: ApplyContext): CtyValue {
  switch (t.kind) {
    case 'string':
      return name === 'id' || name.endsWith('_id') || name === 'arn'
        ? `${ctx.type}-${stableNumber(self)}`
        : `${String(self.name ?? ctx.type)}-${name}`;
    case 'number':
      return 0;
    case 'bool':
      return false;
    case 'list':
    case 'set':
      return [];
    case 'map':
      return {};
    default:
      return null;
  }
}

/** A number made from an object's known values: the same object gets the same id on every run, whatever the order
 *  Terraform applies objects in. */
function stableNumber(self: Obj): number {
  let n = 7;
  for (const c of JSON.stringify(self, (_k, v: unknown) =>
    typeof v === 'symbol' || typeof v === 'bigint' ? String(v) : v,
  ))
    n = (n * 31 + c.charCodeAt(0)) >>> 0;
  return n % 1_000_000;
}

/** The tfplugin6 handlers of a provider declared with blocks. */
export function blockProviderHandlers(decl: BlockProviderDecl): ProviderHandlers {
  const types = new Map(Object.entries(decl.resources).map(([k, s]) => [k, { s, t: blockType(s) }]));
  const dataTypes = new Map(
    Object.entries(decl.dataSources ?? {}).map(([k, s]) => [k, { s, t: blockType(s) }]),
  );
  const providerSchema = decl.provider ?? { attributes: {} };
  const resource = (name: string) => {
    const r = types.get(name);
    if (!r) throw new Error(`this test provider has no resource type ${name}`);
    return r;
  };
  const capabilities = { plan_destroy: true, get_provider_schema_optional: false };
  const none = async () => ({ diagnostics: [] });
  return {
    GetMetadata: async () => ({
      server_capabilities: capabilities,
      diagnostics: [],
      resources: [...types.keys()].map((type_name) => ({ type_name })),
      data_sources: [...dataTypes.keys()].map((type_name) => ({ type_name })),
    }),
    GetProviderSchema: async () => ({
      provider: schema(providerSchema),
      resource_schemas: Object.fromEntries([...types].map(([k, r]) => [k, schema(r.s)])),
      data_source_schemas: Object.fromEntries([...dataTypes].map(([k, r]) => [k, schema(r.s)])),
      diagnostics: [],
      server_capabilities: capabilities,
    }),
    ValidateProviderConfig: none,
    ValidateResourceConfig: none,
    ValidateDataResourceConfig: none,
    ConfigureProvider: none,
    GetFunctions: async () => ({ functions: {}, diagnostics: [] }),
    UpgradeResourceState: async (req) => {
      const r = resource(req.type_name);
      const raw = req.raw_state?.json as Buffer | undefined;
      const value = raw?.length ? decodeJSON(r.t, raw, { ignoreUnknownKeys: true }) : null;
      return { upgraded_state: dv(r.t, value), diagnostics: [] };
    },
    ReadResource: async (req) => {
      const r = resource(req.type_name);
      return { new_state: dv(r.t, decode(r.t, req.current_state)), diagnostics: [], private: req.private };
    },
    PlanResourceChange: async (req) => {
      const r = resource(req.type_name);
      const proposed = decode(r.t, req.proposed_new_state) as Obj | null;
      const prior = decode(r.t, req.prior_state) as Obj | null;
      const planned = proposed === null ? null : planObject(r.s, proposed, prior);
      return {
        planned_state: dv(r.t, planned),
        requires_replace: [],
        legacy_type_system: !!decl.legacy,
        diagnostics: [],
      };
    },
    ApplyResourceChange: async (req) => {
      const r = resource(req.type_name);
      const planned = decode(r.t, req.planned_state) as Obj | null;
      const state = planned === null ? null : applyObject(r.s, planned, { type: req.type_name });
      return {
        new_state: dv(r.t, state),
        private: req.planned_private,
        legacy_type_system: !!decl.legacy,
        diagnostics: [],
      };
    },
    ReadDataSource: async (req) => {
      const d = dataTypes.get(req.type_name);
      if (!d) throw new Error(`this test provider has no data source ${req.type_name}`);
      const config = decode(d.t, req.config) as Obj;
      const filled = d.s.read ? { ...config, ...d.s.read(config) } : config;
      return {
        state: dv(d.t, applyObject(d.s, planObject(d.s, filled, null), { type: req.type_name })),
        diagnostics: [],
      };
    },
  };
}
