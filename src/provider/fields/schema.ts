// Field table → schema attributes of a resource and of data sources. The attribute types are inferred from the
// table, so handlers keep their typed models (`ModelOf`) and a misspelt attribute name fails to compile.
import { ctyNumber, ctyString } from '../../protocol/cty/types.js';
import {
  boolAttr,
  int64Attr,
  listAttr,
  stringAttr,
  useStateForUnknown,
  type Attr,
  type AttrOptions,
  type Attributes,
} from '../../protocol/framework/index.js';
import {
  attributeName,
  dataSourceDescription,
  resourceDescription,
  type AttrName,
  type FieldDecl,
  type FieldTable,
  type ValueOf,
} from './field.js';

/**
 * Declares a table whose keys must be fields of the API model `M` (a misspelt key is a compile error):
 * `fieldTable<Monitor>()({ timeoutMs: { … } })`.
 */
export const fieldTable =
  <M>() =>
  <const T extends { [K in keyof T]: K extends keyof M ? FieldDecl : never }>(table: T): T =>
    table;

type IsRuntime<D> = D extends { runtime: true } ? true : false;

/** The resource attributes a table declares (runtime fields excluded). */
export type ResourceAttributes<T> = {
  [K in keyof T as IsRuntime<T[K]> extends true ? never : AttrName<K, T[K]>]: Attr<
    ValueOf<T[K]>,
    T[K] extends { presence: 'required' } ? true : false
  >;
};
/** The computed data-source attributes a table declares (runtime fields included). */
export type ComputedAttributes<T> = { [K in keyof T as AttrName<K, T[K]>]: Attr<ValueOf<T[K]>, false> };

/** The values of a table's resource attributes (required: never null). */
export type PlainModel<T> = {
  [K in keyof T as IsRuntime<T[K]> extends true ? never : AttrName<K, T[K]>]: T[K] extends {
    presence: 'required';
  }
    ? ValueOf<T[K]>
    : ValueOf<T[K]> | null;
};

function attr(d: FieldDecl, opts: AttrOptions<any>): Attr {
  switch (d.kind) {
    case 'bool':
      return boolAttr(opts);
    case 'number':
      return int64Attr(opts);
    case 'list':
      return listAttr({ ...opts, element: d.element === 'string' ? ctyString : ctyNumber });
    default:
      return stringAttr(opts);
  }
}

const PRESENCE_FLAGS = {
  required: { required: true },
  optional: { optional: true },
  'optional-computed': { optional: true, computed: true },
  computed: { computed: true },
} as const;

/** Schema attributes of the resource: flags from presence, default, description with what omitting means.
 *  `nested`: the attributes of a nested block (see `resourceDescription`). */
export function resourceAttributes<const T extends FieldTable>(
  table: T,
  { nested = false } = {},
): ResourceAttributes<T> {
  const out: Attributes = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime) continue;
    out[attributeName(api, d)] = attr(d, {
      ...PRESENCE_FLAGS[d.presence],
      ...(d.sensitive ? { sensitive: true } : {}),
      ...(d.writeOnly ? { writeOnly: true } : {}),
      ...(d.default !== undefined ? { default: d.default } : {}),
      ...(d.stable ? { planModifiers: [useStateForUnknown()] } : {}),
      description: resourceDescription(d, nested),
    });
  }
  return out as ResourceAttributes<T>;
}

/** Computed attributes for data sources: every field of the table, runtime ones included. */
export function computedAttributes<const T extends FieldTable>(table: T): ComputedAttributes<T> {
  const out: Attributes = {};
  for (const [api, d] of Object.entries(table))
    out[attributeName(api, d)] = attr(d, {
      computed: true,
      ...(d.sensitive ? { sensitive: true } : {}),
      description: dataSourceDescription(d),
    });
  return out as ComputedAttributes<T>;
}
