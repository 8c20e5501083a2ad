// Framework handlers that bring a managed object into Terraform's view: state and identity upgrades, Read,
// Import (by id or by identity) and GenerateResourceConfig; each checks the identity rules of identity.ts.
import { decodeJSON } from '../cty/json.js';
import { isWhollyKnown } from '../cty/values.js';
import { errorDiag, type Diagnostic } from '../diagnostics.js';
import type { ProviderHandlers } from '../server.js';
import { decodeDV, encodeDV, guarded, wire, type CompiledResource, type Framework } from './context.js';
import type { HandlerContext } from './define.js';
import { identityChanged, importIdOf, type CompiledIdentity } from './identity.js';
import { configFromState } from './generate.js';
import { clone, normalize, nullWriteOnly, type Obj } from './values.js';

/** Runs raw JSON upgraders from the stored version to the current one. */
function upgradeJSON(
  raw: Buffer,
  stored: number,
  current: number,
  upgraders: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>> | undefined,
  what: string,
): string {
  let text = raw.toString('utf8');
  if (stored < current) {
    let obj = JSON.parse(text) as Record<string, unknown>;
    for (let v = stored; v < current; v++) {
      const up = upgraders?.[v];
      if (!up) throw new Error(`no ${what} upgrader from version ${v} to ${v + 1}`);
      obj = up(obj);
    }
    text = JSON.stringify(obj);
  } else if (stored > current) {
    throw new Error(`${what} version ${stored} is newer than this provider supports (${current})`);
  }
  return text;
}

/** Attributes an identity must hold to name an object: all known, required ones non-null. */
function incomplete(idc: CompiledIdentity, identity: Obj): string[] {
  if (!idc.known(identity)) return Object.keys(idc.decl.attributes);
  return Object.entries(idc.decl.attributes)
    .filter(([k, a]) => a.forImport === 'required' && identity[k] === null)
    .map(([k]) => k);
}

/** The identity of a state Terraform will store: complete, and equal to the one it had (if any). */
export function checkedIdentity(
  r: CompiledResource,
  state: Obj,
  before: Obj | null,
  when: string,
  diags: Diagnostic[],
): Obj | null {
  const idc = r.identityC;
  if (!idc) return null;
  const identity = idc.derive(state);
  const missing = incomplete(idc, identity);
  if (missing.length) {
    diags.push(
      errorDiag(
        `Missing Resource Identity After ${when}`,
        `${r.typeName}: the identity attribute(s) ${missing.join(', ')} are unknown or null after ${when.toLowerCase()}. This is a bug in the provider.`,
      ),
    );
    return before;
  }
  if (before && idc.known(before) && !idc.equal(before, identity)) {
    diags.push(identityChanged(r.typeName, when.toLowerCase(), before, identity));
    return before;
  }
  return identity;
}

export function resourceHandlers(fw: Framework): ProviderHandlers {
  const identityField = (r: CompiledResource, v: Obj | null) =>
    r.identityC && v ? r.identityC.encode(v) : undefined;

  return {
    UpgradeResourceState: async (req) => {
      const r = fw.resource(req.type_name);
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
        const text = upgradeJSON(raw, Number(req.version ?? 0), r.version ?? 0, r.upgradeState, 'state');
        const value = decodeJSON(r.type, text, { ignoreUnknownKeys: true }) as Obj;
        nullWriteOnly(r.attrs, value);
        return { upgraded_state: encodeDV(r, value), diagnostics: [] };
      } catch (err) {
        return { diagnostics: wire([errorDiag('Unable to upgrade resource state', (err as Error).message)]) };
      }
    },

    UpgradeResourceIdentity: async (req) => {
      const r = fw.resource(req.type_name);
      const idc = r.identityC;
      const raw = req.raw_identity?.json as Buffer | undefined;
      try {
        if (!idc) throw new Error(`${r.typeName} has no resource identity`);
        if (!raw || !raw.length) throw new Error('no stored identity was sent');
        const text = upgradeJSON(raw, Number(req.version ?? 0), idc.version, idc.decl.upgrade, 'identity');
        const value = decodeJSON(idc.type, text) as Obj;
        if (incomplete(idc, value).length) throw new Error('the upgraded identity is incomplete');
        return { upgraded_identity: idc.encode(value), diagnostics: [] };
      } catch (err) {
        return {
          diagnostics: wire([errorDiag('Unable to upgrade resource identity', (err as Error).message)]),
        };
      }
    },

    ReadResource: async (req) => {
      const r = fw.resource(req.type_name);
      const state = decodeDV(r, req.current_state) as Obj | null;
      const current = r.identityC?.decode(req.current_identity) ?? null;
      const c = fw.ctx(req.private);
      const keep = () => ({
        new_state: encodeDV(r, state),
        private: req.private ?? Buffer.alloc(0),
        new_identity: identityField(r, current),
        diagnostics: wire(c.diagnostics.items),
      });
      if (state === null)
        return { new_state: encodeDV(r, null), private: req.private ?? Buffer.alloc(0), diagnostics: [] };
      fw.trace('ReadResource', r, state, { tf_resource_type: r.typeName });
      const result = await guarded(c, 'Read failed', () => r.read({ state: clone(state) as never, ctx: c }));
      if (c.diagnostics.hasErrors() || result === undefined) return keep();
      if (result === null)
        return {
          new_state: encodeDV(r, null),
          private: c.private.toBytes(),
          diagnostics: wire(c.diagnostics.items),
        };
      let newState = normalize(r.attrs, result as Record<string, unknown>);
      nullWriteOnly(r.attrs, newState);
      if (!isWhollyKnown(r.type, newState)) {
        c.diagnostics.error(
          'Provider returned unknown values from Read',
          `${r.typeName}: read must return wholly known values.`,
        );
        newState = state;
      }
      const problems: Diagnostic[] = [];
      const identity = checkedIdentity(r, newState, current, 'Read', problems);
      c.diagnostics.add(...problems);
      return {
        new_state: encodeDV(r, problems.length ? state : newState),
        private: problems.length ? (req.private ?? Buffer.alloc(0)) : c.private.toBytes(),
        new_identity: identityField(r, identity),
        diagnostics: wire(c.diagnostics.items),
      };
    },

    ImportResourceState: async (req) => {
      const r = fw.resource(req.type_name);
      const c = fw.ctx();
      const fail = (d?: Diagnostic) => ({
        imported_resources: [],
        diagnostics: wire(d ? [...c.diagnostics.items, d] : c.diagnostics.items),
      });
      const importer = r.importState;
      if (!importer)
        return fail(errorDiag('Resource Import Not Implemented', `${r.typeName} does not support import.`));
      const idc = r.identityC;
      const sent = req.identity?.identity_data as { msgpack?: Buffer; json?: Buffer } | undefined;
      const bySentIdentity = !!(sent?.msgpack?.length || sent?.json?.length);
      let requested: Obj | null = null;
      let id = (req.id as string | undefined) ?? '';
      if (bySentIdentity) {
        if (!idc)
          return fail(errorDiag('Import by identity not supported', `${r.typeName} declares no identity.`));
        try {
          requested = idc.decode(req.identity);
        } catch (err) {
          return fail(errorDiag('Invalid import identity', (err as Error).message));
        }
        const missing = requested ? incomplete(idc, requested) : Object.keys(idc.decl.attributes);
        if (!requested || missing.length)
          return fail(
            errorDiag(
              'Invalid import identity',
              `${r.typeName}: the identity must set ${missing.join(', ')} (required for import).`,
            ),
          );
        id = importIdOf(idc, requested, r.typeName);
      }
      const partial =
        importer === 'passthrough'
          ? { id }
          : await guarded(c, 'Import failed', () =>
              (importer as (id: string, ctx: HandlerContext) => Promise<Record<string, unknown>>)(id, c),
            );
      if (c.diagnostics.hasErrors() || !partial) return fail();
      const state = normalize(r.attrs, partial);
      nullWriteOnly(r.attrs, state);
      let identity: Obj | null = null;
      if (idc) {
        const derived = idc.derive(state);
        // The stub names the object through its required attributes; optional ones Read may fill in.
        const required = Object.entries(idc.decl.attributes).filter(([, a]) => a.forImport === 'required');
        const named = required.every(([k]) => derived[k] !== null) && idc.known(derived);
        if (requested) {
          const differs = required.some(([k]) => named && String(derived[k]) !== String(requested![k]));
          if (differs) return fail(identityChanged(r.typeName, 'import', requested, derived));
          identity = named ? derived : requested;
        } else identity = named ? derived : null;
      }
      return {
        imported_resources: [
          {
            type_name: r.typeName,
            state: encodeDV(r, state),
            private: c.private.toBytes(),
            identity: identityField(r, identity),
          },
        ],
        diagnostics: wire(c.diagnostics.items),
      };
    },

    GenerateResourceConfig: async (req) => {
      const r = fw.resource(req.type_name);
      const state = decodeDV(r, req.state) as Obj | null;
      const c = fw.ctx();
      if (state === null)
        return { diagnostics: wire([errorDiag('No state to generate configuration from', r.typeName)]) };
      const generated = r.generateConfig
        ? await guarded(c, 'Configuration generation failed', () =>
            r.generateConfig!({ state: clone(state) as never, ctx: c }),
          )
        : undefined;
      if (c.diagnostics.hasErrors()) return { diagnostics: wire(c.diagnostics.items) };
      const config = configFromState(r.attrs, generated ?? state, !generated);
      if (!isWhollyKnown(r.type, config)) {
        c.diagnostics.error(
          'Provider generated unknown values',
          `${r.typeName}: configuration must be known.`,
        );
        return { diagnostics: wire(c.diagnostics.items) };
      }
      return { config: encodeDV(r, config), diagnostics: wire(c.diagnostics.items) };
    },
  };
}
