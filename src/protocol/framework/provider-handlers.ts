// Framework handlers for the provider as a whole and its data sources: metadata, schemas (incl. identity and
// list schemas), provider/resource/data-source config validation, ConfigureProvider, ReadDataSource (after the
// config's plan-time validators).
import { isWhollyKnown } from '../cty/values.js';
import { Diagnostics, errorDiag } from '../diagnostics.js';
import type { ProviderHandlers } from '../server.js';
import { decodeDV, encodeDV, guarded, wire, type Framework } from './context.js';
import { protoIdentitySchema } from './identity.js';
import { protoSchema } from './schema.js';
import { validateAtPlan, validateAttributes } from './validate.js';
import { clone, normalize, nullWriteOnly, type Obj } from './values.js';

const CAPABILITIES = {
  plan_destroy: true,
  get_provider_schema_optional: true,
  move_resource_state: false,
  generate_resource_config: true,
};

export function providerHandlers(fw: Framework): ProviderHandlers {
  const { provider, resources, dataSources, lists, actions } = fw;
  const names = <T extends { typeName: string }>(m: Map<string, T>) => [...m.keys()];
  return {
    GetMetadata: async () => ({
      server_capabilities: CAPABILITIES,
      diagnostics: [],
      resources: names(resources).map((type_name) => ({ type_name })),
      data_sources: names(dataSources).map((type_name) => ({ type_name })),
      list_resources: names(lists).map((type_name) => ({ type_name })),
      actions: names(actions).map((type_name) => ({ type_name })),
    }),

    GetProviderSchema: async () => ({
      provider: protoSchema(provider.schema),
      resource_schemas: Object.fromEntries([...resources.values()].map((r) => [r.typeName, protoSchema(r)])),
      data_source_schemas: Object.fromEntries(
        [...dataSources.values()].map((d) => [d.typeName, protoSchema(d)]),
      ),
      list_resource_schemas: Object.fromEntries([...lists.values()].map((l) => [l.typeName, protoSchema(l)])),
      // Field 11 (6.10): cores before 1.14 skip it as an unknown field.
      action_schemas: Object.fromEntries(
        [...actions.values()].map((a) => [a.typeName, { schema: protoSchema(a) }]),
      ),
      diagnostics: [],
      server_capabilities: CAPABILITIES,
    }),

    // Never an error diagnostic here: Terraform ≥1.13 fails every command on one.
    GetResourceIdentitySchemas: async () => ({
      identity_schemas: Object.fromEntries(
        [...resources.values()].flatMap((r) =>
          r.identityC ? [[r.typeName, protoIdentitySchema(r.identityC)]] : [],
        ),
      ),
      diagnostics: [],
    }),

    // OpenTofu calls GetFunctions on the configured provider when a config names a function that
    // GetProviderSchema did not list (internal/tofu/context_functions.go); an empty map, never an error, lets it
    // report "Function not found in provider". It never sends CallFunction for a function it has no spec for.
    GetFunctions: async () => ({ functions: {}, diagnostics: [] }),

    CallFunction: async (req) => ({
      error: {
        text: `This provider defines no functions, so it has no function named ${JSON.stringify(String(req.name ?? ''))}.`,
      },
    }),

    // OpenTofu 1.10+ calls this for a `moved` block whose two addresses have different resource types, without
    // looking at the move_resource_state capability (which stays false): an error that says what to do instead.
    MoveResourceState: async (req) => {
      const from = `${String(req.source_type_name ?? '')}${req.source_provider_address ? ` (provider ${String(req.source_provider_address)})` : ''}`;
      const to = String(req.target_type_name ?? '');
      return {
        diagnostics: wire([
          errorDiag(
            'Move Resource State Not Supported',
            `${to} cannot take over the state of ${from}: this provider moves no state between resource types. Remove the moved block; to manage the same remote object under the new address, write an import block for it (by its id) and a removed block with lifecycle { destroy = false } for the old address.`,
          ),
        ]),
      };
    },

    ValidateProviderConfig: async (req) => {
      const config = decodeDV(provider.c, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        diags.add(...validateAttributes(provider.c.attrs, config));
        provider.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    ConfigureProvider: async (req) => {
      const config = (decodeDV(provider.c, req.config) as Obj | null) ?? normalize(provider.c.attrs, {});
      fw.trace('ConfigureProvider', provider.c, config);
      const c = fw.ctx();
      if (provider.configure) {
        const data = await guarded(c, 'Provider configuration failed', async () =>
          provider.configure!({
            config: config as never,
            terraformVersion: req.terraform_version ?? '',
            ctx: { diagnostics: c.diagnostics, signal: fw.runtime.signal, logger: fw.log },
          }),
        );
        if (!c.diagnostics.hasErrors()) fw.providerData = data;
      }
      return { diagnostics: wire(c.diagnostics.items) };
    },

    ValidateResourceConfig: async (req) => {
      const r = fw.resource(req.type_name);
      const config = decodeDV(r, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        // No client_capabilities message at all (OpenTofu 1.8–1.10) means "not said", not "write-only not
        // allowed": only an explicit false refuses here, and PlanResourceChange refuses whatever was not allowed.
        // (Terraform always sends the message, clientCapabilitiesToProto in its plugin6/grpc_provider.go 1.11–1.15;
        // its partial-expansion path sends it with both flags false.)
        const caps = req.client_capabilities as
          { write_only_attributes_allowed?: boolean } | null | undefined;
        diags.add(
          ...validateAttributes(r.attrs, config, [], {
            ...(caps ? { writeOnlyAllowed: !!caps.write_only_attributes_allowed } : {}),
          }),
        );
        r.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    ValidateDataResourceConfig: async (req) => {
      const d = fw.dataSource(req.type_name);
      const config = decodeDV(d, req.config) as Obj | null;
      const diags = new Diagnostics();
      if (config) {
        diags.add(...validateAttributes(d.attrs, config));
        d.validateConfig?.(config as never, diags);
      }
      return { diagnostics: wire(diags.items) };
    },

    ReadDataSource: async (req) => {
      const d = fw.dataSource(req.type_name);
      const config = (decodeDV(d, req.config) as Obj | null) ?? normalize(d.attrs, {});
      const c = fw.ctx();
      c.diagnostics.add(...validateAtPlan(d.attrs, config));
      if (c.diagnostics.hasErrors()) return { diagnostics: wire(c.diagnostics.items) };
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
}
