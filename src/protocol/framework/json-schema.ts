// The schema document in exactly the format of `terraform providers schema -json` (format_version 1.0):
// Go's encoding/json output of Terraform's jsonprovider structs, i.e. omitempty fields and sorted map keys.
import { typeToJSON } from '../cty/types.js';
import type { Attr, Attributes } from './attributes.js';
import type { AnyProvider } from './define.js';
import type { SchemaSource } from './schema.js';

type Json = Record<string, unknown>;

function attribute(a: Attr): Json {
  const out: Json = {};
  if (a.nested) {
    out.nested_type = { attributes: attributes(a.nested.attributes), nesting_mode: a.nested.nesting };
  } else out.type = typeToJSON(a.type);
  if (a.description) out.description = a.description;
  out.description_kind = a.description ? 'markdown' : 'plain';
  if (a.deprecated !== undefined) out.deprecated = true;
  if (a.required) out.required = true;
  if (a.optional) out.optional = true;
  if (a.computed) out.computed = true;
  if (a.sensitive) out.sensitive = true;
  if (a.writeOnly) out.write_only = true;
  return out;
}

function attributes(attrs: Attributes): Json {
  return Object.fromEntries(
    Object.keys(attrs)
      .sort()
      .map((k) => [k, attribute(attrs[k]!)]),
  );
}

function schema(src: SchemaSource): Json {
  const block: Json = {};
  if (Object.keys(src.attributes).length) block.attributes = attributes(src.attributes);
  if (src.description) block.description = src.description;
  block.description_kind = src.description ? 'markdown' : 'plain';
  if (src.deprecated !== undefined) block.deprecated = true;
  return { version: src.version ?? 0, block };
}

function sortedMap<T>(items: T[], key: (t: T) => string, value: (t: T) => Json): Json | undefined {
  if (!items.length) return undefined;
  return Object.fromEntries(
    [...items].sort((a, b) => (key(a) < key(b) ? -1 : 1)).map((t) => [key(t), value(t)]),
  );
}

export function providerSchemaDocument(p: AnyProvider): Json {
  const entry: Json = { provider: schema({ ...p.schema }) };
  const resources = sortedMap(p.resources ?? [], (r) => r.typeName, schema);
  const dataSources = sortedMap(p.dataSources ?? [], (d) => d.typeName, schema);
  if (resources) entry.resource_schemas = resources;
  if (dataSources) entry.data_source_schemas = dataSources;
  return { format_version: '1.0', provider_schemas: { [p.address]: entry } };
}

/** Compact, single line, like Terraform prints it (Go's encoding/json escapes <, >, &, U+2028 and U+2029). */
export function renderSchemaDocument(p: AnyProvider): string {
  const text = JSON.stringify(providerSchemaDocument(p)).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${text}\n`;
}
