// Plays Terraform 1.12–1.16 against a provider at the protocol level: a gRPC client built from the official
// definitions (tfplugin/ = 6.10, tfplugin/next/ = 6.11), each minor's request shapes, capabilities and call order
// (../shared/reference/terraform-1.12-1.16.md), and the checks Terraform core applies to the answers.
import { join } from 'node:path';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { encodeJSON } from '../../../src/protocol/cty/json.js';
import { decodeMsgpack, encodeMsgpack } from '../../../src/protocol/cty/msgpack.js';
import { typeFromJSON, type CtyType } from '../../../src/protocol/cty/types.js';
import { isWhollyKnown, type CtyValue } from '../../../src/protocol/cty/values.js';
import {
  assertObjectCompatible,
  assertPlanValid,
  proposedNew,
  schemaFromWire,
  type SchemaInfo,
} from '../driver/checks.js';
import { launchProvider, type Launched } from '../driver/launch.js';

export type Obj = Record<string, CtyValue>;

/** What one Terraform (or OpenTofu) minor sends (from the memos' per-minor reading of its source). */
export interface Profile {
  version: string;
  /** Definitions file the client is built from. */
  proto:
    | 'tfplugin6.proto'
    | 'next/tfplugin6.proto'
    | 'opentofu/tofu-1.8-tfplugin6.5.proto'
    | 'opentofu/tofu-1.11-tfplugin6.9.proto';
  /** ClientCapabilities in Validate/Plan/Read/Import/Configure; null: the message is never sent (OpenTofu
   *  1.8–1.10). */
  caps: Record<string, boolean> | null;
  /** Loads identity schemas (GetResourceIdentitySchemas) and sends/reads identities: Terraform 1.12+, never
   *  OpenTofu (default true). */
  identities?: boolean;
  /** Error diagnostics from GetResourceIdentitySchemas fail the schema load (1.13+). */
  identityDiagnosticsFatal: boolean;
  /** `terraform query`, list resources and GenerateResourceConfig (1.14+). */
  query: boolean;
  /** The apply-time re-plan carries the plan-time planned_private (1.16, store_planned_private). */
  plannedPrivateAtApply: boolean;
}

const WO = { write_only_attributes_allowed: true };
export const PROFILES: Profile[] = [
  {
    version: '1.12.2',
    proto: 'tfplugin6.proto',
    caps: WO,
    identityDiagnosticsFatal: false,
    query: false,
    plannedPrivateAtApply: false,
  },
  {
    version: '1.13.5',
    proto: 'tfplugin6.proto',
    caps: WO,
    identityDiagnosticsFatal: true,
    query: false,
    plannedPrivateAtApply: false,
  },
  {
    version: '1.14.0',
    proto: 'tfplugin6.proto',
    caps: WO,
    identityDiagnosticsFatal: true,
    query: true,
    plannedPrivateAtApply: false,
  },
  {
    version: '1.15.9',
    proto: 'tfplugin6.proto',
    caps: WO,
    identityDiagnosticsFatal: true,
    query: true,
    plannedPrivateAtApply: false,
  },
  {
    version: '1.16.0-rc2',
    proto: 'next/tfplugin6.proto',
    caps: { ...WO, store_planned_private: true, computed_blocks_allowed: true },
    identityDiagnosticsFatal: true,
    query: true,
    plannedPrivateAtApply: true,
  },
];

/** OpenTofu's caps from 1.11 on every call that carries them (internal/plugin6/grpc_provider.go v1.11.0:36-50). */
const TOFU_CAPS = { deferral_allowed: true, write_only_attributes_allowed: true };
/** OpenTofu 1.8–1.11 (../shared/reference/opentofu.md §3), from OpenTofu's own definitions. */
export const TOFU_PROFILES: Profile[] = [
  {
    version: '1.8.0',
    proto: 'opentofu/tofu-1.8-tfplugin6.5.proto',
    caps: null,
    identities: false,
    identityDiagnosticsFatal: false,
    query: false,
    plannedPrivateAtApply: false,
  },
  {
    version: '1.11.0',
    proto: 'opentofu/tofu-1.11-tfplugin6.9.proto',
    caps: TOFU_CAPS,
    identities: false,
    identityDiagnosticsFatal: false,
    query: false,
    plannedPrivateAtApply: false,
  },
];

const services = new Map<string, ServiceDefinition>();
/** tfplugin6.Provider from an official .proto file, as @grpc/proto-loader builds it. */
export function officialService(file: Profile['proto']): ServiceDefinition {
  let s = services.get(file);
  if (!s) {
    const pkg = loadSync(join(__dirname, 'tfplugin', file), {
      keepCase: true,
      longs: String,
      enums: String,
      bytes: Buffer,
      defaults: true,
      oneofs: true,
    });
    s = pkg['tfplugin6.Provider'] as unknown as ServiceDefinition;
    services.set(file, s);
  }
  return s;
}

export const dv = (t: CtyType, v: CtyValue) => ({ msgpack: Buffer.from(encodeMsgpack(t, v)) });
export const un = (t: CtyType, d: { msgpack?: Buffer } | null | undefined) =>
  decodeMsgpack(t, d?.msgpack) as Obj | null;

export interface ResourceType {
  info: SchemaInfo;
  type: CtyType;
  identity?: CtyType;
}

/** One provider process driven as one Terraform version drives it. */
export class Terraform {
  readonly resources: Record<string, ResourceType> = {};
  readonly lists: Record<string, CtyType> = {};
  /** Action config types (GetProviderSchema.action_schemas, read by 1.14+). */
  readonly actions: Record<string, CtyType> = {};
  providerType!: CtyType;
  /** Every RPC sent, in order (the call-order assertions read it). */
  readonly calls: string[] = [];

  private constructor(
    readonly profile: Profile,
    readonly p: Launched,
  ) {}

  static async launch(profile: Profile, bundle: string, env: NodeJS.ProcessEnv = {}): Promise<Terraform> {
    const p = await launchProvider(bundle, { providerService: officialService(profile.proto), env });
    return new Terraform(profile, p);
  }

  /** Launched, schemas loaded and configured for the local service (no retries), as a plan or apply starts. */
  static async session(
    profile: Profile,
    bundle: string,
    service: { baseUrl: string; token: string },
    env: NodeJS.ProcessEnv = {},
  ): Promise<Terraform> {
    const t = await Terraform.launch(profile, bundle, env);
    await t.loadSchemas();
    await t.configure({
      base_url: service.baseUrl,
      token: service.token,
      max_retries: 0,
      request_timeout_ms: null,
    });
    return t;
  }

  call<T = any>(rpc: string, req: Record<string, unknown> = {}): Promise<T> {
    this.calls.push(rpc);
    return this.p.call<T>(rpc, req);
  }

  close(): void {
    this.p.close();
  }

  /** Schema load: GetProviderSchema, then GetResourceIdentitySchemas (every minor from 1.12), with the load rules. */
  async loadSchemas(): Promise<{ schema: any; identities: any }> {
    const schema = await this.call('GetProviderSchema');
    if (schema.diagnostics.length)
      throw new Error(`schema diagnostics: ${JSON.stringify(schema.diagnostics)}`);
    this.providerType = schemaFromWire(schema.provider.block.attributes).type;
    for (const [name, s] of Object.entries<any>(schema.resource_schemas))
      this.resources[name] = schemaFromWire(s.block.attributes);
    if (this.profile.identities === false) return { schema, identities: null };
    const identities = await this.call('GetResourceIdentitySchemas');
    const errors = identities.diagnostics.filter((d: any) => d.severity === 'ERROR');
    if (errors.length && this.profile.identityDiagnosticsFatal)
      throw new Error(`GetResourceIdentitySchemas: ${JSON.stringify(errors)}`);
    for (const [name, s] of Object.entries<any>(identities.identity_schemas)) {
      // loadschemas/plugins.go: version >= 0, exactly one import flag, no map/set/object types.
      if (Number(s.version) < 0) throw new Error(`${name}: negative identity version`);
      const attrs: Record<string, CtyType> = {};
      for (const a of s.identity_attributes) {
        if (a.required_for_import === a.optional_for_import)
          throw new Error(`${name}.${a.name}: needs exactly one of required/optional_for_import`);
        const t = typeFromJSON(JSON.parse(a.type.toString()));
        if (['map', 'set', 'object'].includes(t.kind)) throw new Error(`${name}.${a.name}: ${t.kind} type`);
        attrs[a.name] = t;
      }
      if (!this.resources[name]) throw new Error(`identity for unknown resource ${name}`);
      this.resources[name]!.identity = { kind: 'object', attributes: attrs };
    }
    if (this.profile.query)
      for (const [name, s] of Object.entries<any>(schema.list_resource_schemas)) {
        // grpc_provider.go 1.14+: a list resource needs the managed type and its identity schema.
        if (!this.resources[name]?.identity) throw new Error(`list ${name} without resource identity`);
        this.lists[name] = schemaFromWire(s.block.attributes).type;
      }
    if (this.profile.query)
      for (const [name, s] of Object.entries<any>(schema.action_schemas)) {
        // An action's schema is its `config` block: what the user writes, nothing computed.
        for (const a of s.schema.block.attributes)
          if (a.computed) throw new Error(`action ${name}.${a.name}: computed attribute`);
        this.actions[name] = schemaFromWire(s.schema.block.attributes).type;
      }
    return { schema, identities };
  }

  async configure(config: Obj): Promise<void> {
    const v = await this.call('ValidateProviderConfig', { config: dv(this.providerType, config) });
    const c = await this.call('ConfigureProvider', {
      terraform_version: this.profile.version,
      config: dv(this.providerType, config),
      ...this.caps(),
    });
    if (v.diagnostics.length || c.diagnostics.length)
      throw new Error(`configure: ${JSON.stringify([...v.diagnostics, ...c.diagnostics])}`);
  }

  /** The client_capabilities field as this profile sends it (absent when it sends none). */
  caps(): { client_capabilities?: Record<string, boolean> } {
    return this.profile.caps ? { client_capabilities: this.profile.caps } : {};
  }

  identityData(type: string, v: Obj | null) {
    const t = this.resources[type]!.identity!;
    return v === null ? undefined : { identity_data: dv(t, v) };
  }

  /** Decodes and checks an identity as Terraform does (validateIdentity / validateIdentityKnown). */
  identityOf(type: string, data: any, mayBeUnknown = false): Obj | null {
    const t = this.resources[type]!.identity;
    // OpenTofu never reads identities (none of its calls looks at the fields).
    if (this.profile.identities === false) return null;
    if (!data?.identity_data?.msgpack?.length) return null;
    if (!t) throw new Error(`${type}: identity returned but no identity schema`);
    const v = decodeMsgpack(t, data.identity_data.msgpack) as Obj;
    if (!mayBeUnknown && !isWhollyKnown(t, v)) throw new Error(`${type}: identity not wholly known`);
    return v;
  }

  async validate(type: string, config: Obj, caps: Record<string, boolean> | null = this.profile.caps) {
    const r = this.resources[type]!;
    return this.call('ValidateResourceConfig', {
      type_name: type,
      config: dv(r.type, config),
      ...(caps ? { client_capabilities: caps } : {}),
    });
  }

  async plan(
    type: string,
    prior: Obj | null,
    config: Obj | null,
    o: { priorPrivate?: Buffer; priorIdentity?: Obj | null; plannedPrivate?: Buffer } = {},
  ) {
    const r = this.resources[type]!;
    const res = await this.call('PlanResourceChange', {
      type_name: type,
      prior_state: dv(r.type, prior),
      proposed_new_state: dv(r.type, config === null ? null : proposedNew(r.info, prior, config)),
      config: dv(r.type, config),
      prior_private: o.priorPrivate ?? Buffer.alloc(0),
      ...this.caps(),
      ...(r.identity && o.priorIdentity ? { prior_identity: this.identityData(type, o.priorIdentity) } : {}),
      ...(this.profile.plannedPrivateAtApply && o.plannedPrivate
        ? { planned_private: o.plannedPrivate }
        : {}),
    });
    const planned = un(r.type, res.planned_state);
    // Core reads the diagnostics first: a plan with an error is not checked (or used).
    const failed = res.diagnostics.some((d: any) => d.severity === 'ERROR');
    const problems = config === null || failed ? [] : assertPlanValid(r.info, prior, config, planned);
    if (problems.length) throw new Error(`invalid plan: ${problems.join('; ')}`);
    const createOrReplace = prior === null || res.requires_replace.length > 0;
    return { res, planned, identity: this.identityOf(type, res.planned_identity, createOrReplace) };
  }

  async apply(
    type: string,
    prior: Obj | null,
    planned: Obj | null,
    config: Obj | null,
    o: { plannedPrivate?: Buffer; plannedIdentity?: Obj | null } = {},
  ) {
    const r = this.resources[type]!;
    const res = await this.call('ApplyResourceChange', {
      type_name: type,
      prior_state: dv(r.type, prior),
      planned_state: dv(r.type, planned),
      config: dv(r.type, config),
      planned_private: o.plannedPrivate ?? Buffer.alloc(0),
      ...(r.identity && o.plannedIdentity
        ? { planned_identity: this.identityData(type, o.plannedIdentity) }
        : {}),
    });
    const state = un(r.type, res.new_state);
    const problems = assertObjectCompatible(r.type, planned, state);
    if (problems.length && !res.diagnostics.length)
      throw new Error(`inconsistent result: ${problems.join('; ')}`);
    return { res, state, identity: this.identityOf(type, res.new_identity) };
  }

  /** UpgradeResourceState as core sends it before every use of a stored object: the state's JSON at its version. */
  async upgrade(type: string, state: Obj, version = 0) {
    const r = this.resources[type]!;
    const res = await this.call('UpgradeResourceState', {
      type_name: type,
      version: String(version),
      raw_state: { json: Buffer.from(encodeJSON(r.type, state)) },
    });
    return { res, state: un(r.type, res.upgraded_state) };
  }

  async read(type: string, state: Obj, o: { private?: Buffer; identity?: Obj | null } = {}) {
    const r = this.resources[type]!;
    const res = await this.call('ReadResource', {
      type_name: type,
      current_state: dv(r.type, state),
      private: o.private ?? Buffer.alloc(0),
      ...this.caps(),
      ...(r.identity && o.identity ? { current_identity: this.identityData(type, o.identity) } : {}),
    });
    return { res, state: un(r.type, res.new_state), identity: this.identityOf(type, res.new_identity) };
  }

  /** ImportResourceState by id or by identity; Terraform's checks: exactly one object, type set, identity when
   *  imported by identity (node_resource_plan_instance.go). */
  async import(type: string, by: { id: string } | { identity: Obj }) {
    const r = this.resources[type]!;
    const res = await this.call('ImportResourceState', {
      type_name: type,
      id: 'id' in by ? by.id : '',
      ...this.caps(),
      ...('identity' in by ? { identity: this.identityData(type, by.identity) } : {}),
    });
    if (res.diagnostics.some((d: any) => d.severity === 'ERROR')) return { res, state: null, identity: null };
    if (res.imported_resources.length !== 1)
      throw new Error(`import returned ${res.imported_resources.length}`);
    const imported = res.imported_resources[0];
    if (imported.type_name !== type) throw new Error("import didn't set type");
    const identity = this.identityOf(type, imported.identity);
    if ('identity' in by && identity === null)
      throw new Error("import by identity didn't return an identity");
    return { res, state: un(r.type, imported.state), private: imported.private as Buffer, identity };
  }

  /** Create as plan + apply walks do it: validate, plan, validate again, re-plan (with the plan's private data
   *  on 1.16), apply. */
  async create(type: string, config: Obj) {
    const v = await this.validate(type, config);
    if (v.diagnostics.length) throw new Error(`validate: ${JSON.stringify(v.diagnostics)}`);
    const first = await this.plan(type, null, config);
    await this.validate(type, config);
    const again = await this.plan(type, null, config, { plannedPrivate: first.res.planned_private });
    return this.apply(type, null, again.planned, config, {
      plannedPrivate: again.res.planned_private,
      plannedIdentity: again.identity,
    });
  }

  async listResource(
    type: string,
    config: Obj,
    o: { include: boolean; limit: number; cancelAfter?: number },
  ) {
    const t = this.lists[type]!;
    const validation = await this.call('ValidateListResourceConfig', {
      type_name: type,
      config: dv(t, config),
    });
    this.calls.push('ListResource');
    const result = await this.p.stream(
      'ListResource',
      { type_name: type, config: dv(t, config), include_resource_object: o.include, limit: String(o.limit) },
      o.cancelAfter ?? (o.limit > 0 ? o.limit : undefined),
    );
    const r = this.resources[type]!;
    const events = result.events.map((e: any) => ({
      displayName: e.display_name as string,
      identity: e.identity?.identity_data?.msgpack?.length ? this.identityOf(type, e.identity) : null,
      object: e.resource_object?.msgpack?.length ? un(r.type, e.resource_object) : null,
      diagnostics: (e.diagnostic ?? []) as any[],
    }));
    return { validation, events, code: result.code, cancelledAt: result.cancelledAt };
  }

  /** Terraform 1.14's action calls: ValidateActionConfig (validate walk), PlanAction (plan), InvokeAction (apply,
   *  a stream of progress events ending with one completed event). */
  async validateAction(type: string, config: Obj) {
    return this.call('ValidateActionConfig', { type_name: type, config: dv(this.actions[type]!, config) });
  }

  async planAction(type: string, config: Obj) {
    return this.call('PlanAction', {
      action_type: type,
      config: dv(this.actions[type]!, config),
      client_capabilities: this.profile.caps,
    });
  }

  async invokeAction(
    type: string,
    config: Obj,
    o: { cancelAfter?: number; onEvent?: (e: any, n: number) => void } = {},
  ) {
    this.calls.push('InvokeAction');
    const result = await this.p.stream(
      'InvokeAction',
      { action_type: type, config: dv(this.actions[type]!, config), client_capabilities: this.profile.caps },
      o.cancelAfter,
      o.onEvent,
    );
    const progress = result.events
      .filter((e: any) => e.progress)
      .map((e: any) => e.progress.message as string);
    const completed = result.events.filter((e: any) => e.completed);
    // Terraform reads progress until one completed event, which must be the last.
    if (completed.length > 1 || (completed.length === 1 && !result.events.at(-1).completed))
      throw new Error(`InvokeAction: completed event not last, or more than one`);
    return {
      progress,
      diagnostics: (completed[0]?.completed.diagnostics ?? null) as any[] | null,
      code: result.code,
    };
  }

  async generate(type: string, state: Obj) {
    const r = this.resources[type]!;
    const res = await this.call('GenerateResourceConfig', { type_name: type, state: dv(r.type, state) });
    return { res, config: un(r.type, res.config) };
  }
}
