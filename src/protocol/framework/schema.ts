// From declarations to schemas: definition-time checks (Terraform's schema validity rules), the implied cty
// object type, and the tfplugin6 Schema message.
import { objectTypeOf, type Attr, type Attributes } from './attributes.js';
import { typeEquals, typeToBytes, type CtyType } from '../cty/types.js';

const NAME = /^[a-z0-9_]+$/;

/** Throws at definition time if the attributes break a rule Terraform applies when loading a schema. */
export function checkAttributes(attrs: Attributes, where: string, inSet = false): void {
  for (const [name, a] of Object.entries(attrs)) {
    const at = `${where}.${name}`;
    if (!NAME.test(name)) throw new Error(`${at}: attribute names must match ${NAME}`);
    if (!a.required && !a.optional && !a.computed)
      throw new Error(`${at}: set required, optional or computed`);
    if (a.required && (a.optional || a.computed))
      throw new Error(`${at}: required excludes optional and computed`);
    if (a.default !== undefined && !(a.optional && a.computed))
      throw new Error(
        `${at}: a default needs optional + computed (Terraform rejects planned values for non-computed attributes)`,
      );
    if (a.writeOnly && (a.computed || inSet))
      throw new Error(`${at}: write-only attributes cannot be computed or inside a set`);
    if (a.writeOnlyAlternative !== undefined) {
      const alt = attrs[a.writeOnlyAlternative];
      if (!a.writeOnly) throw new Error(`${at}: writeOnlyAlternative is for write-only attributes`);
      if (!alt || alt.writeOnly || !typeEquals(alt.type, a.type))
        throw new Error(
          `${at}: writeOnlyAlternative must name a sibling attribute of the same type that is not write-only`,
        );
    }
    if (a.nested) checkAttributes(a.nested.attributes, at, inSet || a.nested.nesting === 'set');
  }
}

export function objectType(attrs: Attributes): CtyType {
  return objectTypeOf(attrs);
}

const NESTING = { single: 'SINGLE', list: 'LIST', set: 'SET', map: 'MAP' } as const;

function kind(description: string | undefined): 'MARKDOWN' | 'PLAIN' {
  return description ? 'MARKDOWN' : 'PLAIN';
}

function protoAttribute(name: string, a: Attr): Record<string, unknown> {
  return {
    name,
    ...(a.nested
      ? {
          nested_type: {
            attributes: protoAttributes(a.nested.attributes),
            nesting: NESTING[a.nested.nesting],
          },
        }
      : { type: typeToBytes(a.type) }),
    description: a.description ?? '',
    description_kind: kind(a.description),
    required: !!a.required,
    optional: !!a.optional,
    computed: !!a.computed,
    sensitive: !!a.sensitive,
    deprecated: a.deprecated !== undefined,
    deprecation_message: a.deprecated ?? '',
    write_only: !!a.writeOnly,
  };
}

function protoAttributes(attrs: Attributes): Record<string, unknown>[] {
  return Object.keys(attrs)
    .sort()
    .map((k) => protoAttribute(k, attrs[k]!));
}

export interface SchemaSource {
  attributes: Attributes;
  description?: string;
  deprecated?: string;
  version?: number;
}

/** tfplugin6 Schema message (version set on both Schema and Block). */
export function protoSchema(src: SchemaSource): Record<string, unknown> {
  const version = String(src.version ?? 0);
  return {
    version,
    block: {
      version,
      attributes: protoAttributes(src.attributes),
      block_types: [],
      description: src.description ?? '',
      description_kind: kind(src.description),
      deprecated: src.deprecated !== undefined,
      deprecation_message: src.deprecated ?? '',
    },
  };
}
