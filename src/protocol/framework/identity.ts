// Resource identity (protocol 6.9+, Terraform 1.12+): the compiled identity of a resource type, its schema
// message, ResourceIdentityData coding, and the stability rule Terraform core leaves to providers.
import { ctyObject, typeToBytes, type CtyType } from '../cty/types.js';
import { isWhollyKnown, valueEquals, type CtyValue } from '../cty/values.js';
import { errorDiag, type Diagnostic } from '../diagnostics.js';
import { decodeDV, encodeDV, type DV } from './dynamic-value.js';
import type { IdentityDecl } from './define.js';
import type { Obj } from './values.js';

const NAME = /^[a-z0-9_]+$/;
/** Terraform's identity-schema load rules (loadschemas/plugins.go): no map, set or object attribute types. */
const ALLOWED = new Set(['string', 'number', 'bool', 'list']);

export interface CompiledIdentity {
  decl: IdentityDecl<any>;
  type: CtyType;
  version: number;
  /** The identity of a state value (attributes the state does not know yet stay unknown). */
  derive(state: Obj): Obj;
  encode(v: Obj): { identity_data: { msgpack: Buffer } };
  /** Null when absent or empty on the wire. */
  decode(data: { identity_data?: DV } | null | undefined): Obj | null;
  equal(a: Obj, b: Obj): boolean;
  known(v: Obj): boolean;
}

/** Throws at definition time if the identity breaks a rule Terraform applies when loading identity schemas. */
export function compileIdentity(decl: IdentityDecl<any>, where: string): CompiledIdentity {
  const version = decl.version ?? 0;
  if (!Number.isInteger(version) || version < 0) throw new Error(`${where} identity: version must be >= 0`);
  const names = Object.keys(decl.attributes);
  if (!names.length) throw new Error(`${where} identity: declare at least one attribute`);
  for (const [name, a] of Object.entries(decl.attributes)) {
    if (!NAME.test(name)) throw new Error(`${where} identity.${name}: names must match ${NAME}`);
    if (!ALLOWED.has(a.type.kind) || (a.type.kind === 'list' && !ALLOWED.has(a.type.element.kind)))
      throw new Error(`${where} identity.${name}: map, set, object and dynamic types are not allowed`);
    if (a.forImport !== 'required' && a.forImport !== 'optional')
      throw new Error(`${where} identity.${name}: forImport must be "required" or "optional"`);
  }
  const type = ctyObject(Object.fromEntries(names.map((n) => [n, decl.attributes[n]!.type])));
  const c = { type };
  return {
    decl,
    type,
    version,
    derive: (state) => {
      const raw = decl.fromState(state) as Record<string, unknown>;
      return Object.fromEntries(names.map((n) => [n, (raw[n] ?? null) as CtyValue]));
    },
    encode: (v) => ({ identity_data: encodeDV(c, v) }),
    decode: (data) => (decodeDV(c, data?.identity_data) as Obj | null) ?? null,
    equal: (a, b) => valueEquals(type, a, b),
    known: (v) => isWhollyKnown(type, v),
  };
}

/** tfplugin6 ResourceIdentitySchema message. */
export function protoIdentitySchema(c: CompiledIdentity): Record<string, unknown> {
  return {
    version: String(c.version),
    identity_attributes: Object.keys(c.decl.attributes)
      .sort()
      .map((name) => {
        const a = c.decl.attributes[name]!;
        return {
          name,
          type: typeToBytes(a.type),
          required_for_import: a.forImport === 'required',
          optional_for_import: a.forImport === 'optional',
          description: a.description ?? '',
        };
      }),
  };
}

const show = (v: Obj) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'symbol' ? '(unknown)' : x));

/** terraform-plugin-framework's "Unexpected Identity Change": an object's identity never changes. */
export function identityChanged(typeName: string, when: string, before: Obj, after: Obj): Diagnostic {
  return errorDiag(
    'Unexpected Identity Change',
    `${typeName}: during ${when} the resource identity changed from ${show(before)} to ${show(after)}. An identity never changes for the life of an object. This is a bug in the provider.`,
  );
}

/** The import ID an identity stands for: the declaration's importId, else its one required attribute. */
export function importIdOf(c: CompiledIdentity, identity: Obj, typeName: string): string {
  if (c.decl.importId) return c.decl.importId(identity);
  const required = Object.entries(c.decl.attributes).filter(([, a]) => a.forImport === 'required');
  if (required.length !== 1)
    throw new Error(`${typeName}: identity with several required attributes needs importId`);
  const v = identity[required[0]![0]];
  return typeof v === 'string' ? v : String(v);
}
