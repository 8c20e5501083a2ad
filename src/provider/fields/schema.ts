// Field table → schema attributes of a resource and of data sources, and the TypeScript models of both. The types
// are computed from the table (`ResourceModel`, `ComputedModel`), so handlers get typed values, a misspelt
// attribute name fails to compile, and a block or secret declared once is typed everywhere it appears.
import type { z } from 'zod';
import type { WriteOnlyField } from '../../api/index.js';
import { ctyNumber, ctyString } from '../../protocol/cty/types.js';
import {
  boolAttr,
  int64Attr,
  listAttr,
  listNestedAttr,
  requiresReplace,
  singleNestedAttr,
  stringAttr,
  useStateForUnknown,
  type Attr,
  type AttrOptions,
  type Attributes,
  type PlanModifier,
  type Validator,
} from '../../protocol/framework/index.js';
import { modelFieldValidator } from '../validation.js';
import {
  attributeName,
  blockDefault,
  dataSourceDescription,
  isBlock,
  isSecret,
  resourceDescription,
  secretDescriptions,
  secretNames,
  type AttrName,
  type Decl,
  type Table,
  type ValueOf,
} from './field.js';

/**
 * Declares a table whose keys must be fields of the API model `M` or of its write model `W` (a misspelt key is a
 * compile error; an entry that is neither names where the record shows it, `record`), and whose secrets are the
 * API's write-only fields: `fieldTable<Monitor, MonitorCreate>()({ timeoutMs: { … } })`.
 */
export const fieldTable =
  <M, W = M>() =>
  <
    const T extends {
      [K in keyof T]: T[K] extends { kind: 'secret' }
        ? K extends WriteOnlyField
          ? Decl
          : never
        : K extends keyof M | keyof W
          ? Decl
          : Decl & { record: string };
    },
  >(
    table: T,
  ): T =>
    table;

type Flat<T> = { [K in keyof T]: T[K] };
type Req<D> = D extends { presence: 'required' } ? true : false;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

// ---- the resource ----

type InResource<D> = D extends { runtime: true } ? false : true;
type ResourceValue<D> = D extends { kind: 'block'; fields: infer F }
  ? D extends { nesting: 'list' }
    ? ResourceModel<F>[]
    : ResourceModel<F>
  : D extends { kind: 'secret' }
    ? string
    : ValueOf<D>;
type SecretKey<K, D, S extends string> = D extends { kind: 'secret' } ? `${AttrName<K, D>}${S}` : never;

/** The values of a table's resource attributes (required: never null; a secret's three attributes). */
export type ResourceModel<T> = Flat<
  {
    -readonly [K in keyof T as InResource<T[K]> extends true ? AttrName<K, T[K]> : never]: Req<
      T[K]
    > extends true
      ? ResourceValue<T[K]>
      : ResourceValue<T[K]> | null;
  } & { -readonly [K in keyof T as SecretKey<K, T[K], '_wo'>]: string | null } & {
    -readonly [K in keyof T as SecretKey<K, T[K], '_wo_version'>]: number | null;
  }
>;

/** The resource attributes a table declares (runtime fields excluded). */
export type ResourceAttributes<T> = {
  [K in keyof T as InResource<T[K]> extends true ? AttrName<K, T[K]> : never]: Attr<
    ResourceValue<T[K]>,
    Req<T[K]>
  >;
} & { [K in keyof T as SecretKey<K, T[K], '_wo'>]: Attr<string, false> } & {
  [K in keyof T as SecretKey<K, T[K], '_wo_version'>]: Attr<number, false>;
};

/** The values of a table's plain resource attributes (the model of a table without blocks or secrets). */
export type PlainModel<T> = ResourceModel<T>;

// ---- data sources ----

type InDataSource<D> = D extends { resourceOnly: true } ? false : true;
type DsName<K, D> = D extends { dataSource: { attribute: infer A extends string } } ? A : AttrName<K, D>;
type DsKey<K, D> =
  InDataSource<D> extends true
    ? D extends { kind: 'secret' }
      ? `${AttrName<K, D>}_set`
      : D extends { dataSource: { flatten: string } }
        ? never
        : DsName<K, D>
    : never;
type ComputedValue<D> = D extends { kind: 'secret' }
  ? boolean
  : D extends { kind: 'block'; fields: infer F }
    ? D extends { nesting: 'list' }
      ? ComputedModel<F>[]
      : ComputedModel<F>
    : ValueOf<D>;
type Prefixed<M, P extends string> = { [K in keyof M as `${P}${K & string}`]: M[K] };
type Flattened<T> = UnionToIntersection<
  {
    [K in keyof T]: T[K] extends { dataSource: { flatten: infer P extends string }; fields: infer F }
      ? Prefixed<ComputedModel<F>, P>
      : Record<never, never>;
  }[keyof T]
>;

/** The values of a table's data-source attributes (every one computed, so any may be null). */
export type ComputedModel<T> = Flat<
  { -readonly [K in keyof T as DsKey<K, T[K]>]: ComputedValue<T[K]> | null } & Flattened<T>
>;

/** The computed data-source attributes a table declares (runtime fields included). */
export type ComputedAttributes<T> = {
  [K in keyof ComputedModel<T>]: Attr<NonNullable<ComputedModel<T>[K]>, false>;
};

// ---- runtime ----

function plainAttr(d: Decl, opts: AttrOptions<any>): Attr {
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

export interface SchemaOptions {
  /** Inside a nested block (see `resourceDescription`). */
  nested?: boolean;
  /** The write model whose rules run at plan time on `checkedAtPlan` fields (`MonitorUpdate`). */
  model?: z.ZodType;
  /** API path of the table's fields in that model (`destinationIds`). */
  apiPath?: string;
}

function modifiersOf(d: Decl): PlanModifier[] {
  return [...(d.stable ? [useStateForUnknown()] : []), ...(d.identity ? [requiresReplace()] : [])];
}

function validatorsOf(api: string, d: Decl, o: SchemaOptions): Validator<any>[] {
  const path = o.apiPath ? `${o.apiPath}.${api}` : api;
  return [
    ...(d.planValidators ?? []),
    ...(d.checkedAtPlan && o.model ? [modelFieldValidator(o.model, path)] : []),
  ];
}

/** Schema attributes of the resource: flags from presence, default, description with what omitting means; a
 *  secret's three attributes; a block with its own attributes. */
export function resourceAttributes<const T extends Table>(
  table: T,
  options: SchemaOptions = {},
): ResourceAttributes<T> {
  const out: Attributes = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime) continue;
    const name = attributeName(api, d);
    const modifiers = modifiersOf(d);
    const validators = validatorsOf(api, d, options);
    const extra = {
      ...(modifiers.length ? { planModifiers: modifiers } : {}),
      ...(validators.length ? { planValidators: validators } : {}),
    };
    if (isSecret(d)) {
      const n = secretNames(name);
      const text = secretDescriptions(name, d);
      out[n.stored] = stringAttr({ optional: true, sensitive: true, description: text.stored, ...extra });
      out[n.writeOnly] = stringAttr({
        optional: true,
        sensitive: true,
        writeOnly: true,
        writeOnlyAlternative: n.stored,
        description: text.writeOnly,
      });
      out[n.version] = int64Attr({ optional: true, description: text.version });
    } else if (isBlock(d)) {
      const dflt = blockDefault(d);
      const nested = resourceAttributes(d.fields, {
        nested: true,
        ...(options.model ? { model: options.model } : {}),
        apiPath: options.apiPath ? `${options.apiPath}.${api}` : api,
      }) as Attributes;
      const opts = {
        ...PRESENCE_FLAGS[d.presence],
        ...extra,
        description: resourceDescription(d, options.nested),
        attributes: nested,
      };
      out[name] =
        d.nesting === 'list'
          ? listNestedAttr(opts)
          : singleNestedAttr({ ...opts, ...(dflt !== undefined ? { default: dflt } : {}) });
    } else
      out[name] = plainAttr(d, {
        ...PRESENCE_FLAGS[d.presence],
        ...(d.sensitive ? { sensitive: true } : {}),
        ...(d.writeOnly ? { writeOnly: true } : {}),
        ...(d.default !== undefined ? { default: d.default } : {}),
        ...extra,
        description: resourceDescription(d, options.nested),
      });
  }
  return out as ResourceAttributes<T>;
}

/** Computed attributes for data sources: every field of the table but the resource's own (runtime ones included);
 *  a secret as `<name>_set`; a block nested, renamed or flattened as it declares. */
export function computedAttributes<const T extends Table>(table: T): ComputedAttributes<T> {
  const out: Attributes = {};
  for (const [api, d] of Object.entries(table)) {
    if (d.resourceOnly) continue;
    const name = attributeName(api, d);
    if (isSecret(d)) {
      const n = secretNames(name);
      out[n.saved] = boolAttr({ computed: true, description: secretDescriptions(name, d).saved });
    } else if (isBlock(d)) {
      const nested = computedAttributes(d.fields) as Attributes;
      const flatten = d.dataSource?.flatten;
      if (flatten !== undefined) {
        for (const [k, a] of Object.entries(nested)) out[`${flatten}${k}`] = a;
        continue;
      }
      const opts = { computed: true, description: dataSourceDescription(d), attributes: nested } as const;
      out[d.dataSource?.attribute ?? name] =
        d.nesting === 'list' ? listNestedAttr(opts) : singleNestedAttr(opts);
    } else
      out[name] = plainAttr(d, {
        computed: true,
        ...(d.sensitive ? { sensitive: true } : {}),
        description: dataSourceDescription(d),
      });
  }
  return out as ComputedAttributes<T>;
}
