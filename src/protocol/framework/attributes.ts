// Attribute declarations: type, flags, validators, plan modifiers and defaults, declared once per attribute.
// The TypeScript type of a handler's values is inferred from these declarations (see ModelOf).
import type { AttributePath, Diagnostic } from '../diagnostics.js';
import {
  ctyBool,
  ctyList,
  ctyMap,
  ctyNumber,
  ctyObject,
  ctySet,
  ctyString,
  type CtyType,
} from '../cty/types.js';
import type { CtyNumber, CtyValue, Unknown } from '../cty/values.js';

export interface ValidatorRequest<T> {
  value: T;
  path: AttributePath;
}
/** Runs on known, non-null values; returns diagnostics (with `path`) for invalid ones. */
export interface Validator<T> {
  description: string;
  validate(req: ValidatorRequest<T>): Diagnostic[];
}

export interface PlanModifierRequest {
  path: AttributePath;
  configValue: CtyValue;
  planValue: CtyValue;
  /** Null on create. */
  priorValue: CtyValue;
  priorExists: boolean;
}
export interface PlanModifierResult {
  planValue?: CtyValue;
  requiresReplace?: boolean;
}
export interface PlanModifier {
  description: string;
  modify(req: PlanModifierRequest): PlanModifierResult | void;
}

export type Nesting = 'single' | 'list' | 'set' | 'map';

export interface AttrFlags {
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  /** Redacted by Terraform in plans/UI and never logged by the provider. */
  sensitive?: boolean;
  /** Config-only value (Terraform ≥ 1.11): never in plan or state. */
  writeOnly?: boolean;
  /** For a write-only attribute: the sibling attribute that takes the same value and is stored (sensitive), named
   *  when a client without write-only support (OpenTofu 1.8–1.10, Terraform < 1.11) sets this one. */
  writeOnlyAlternative?: string;
  /** Deprecation message; marks the attribute deprecated. */
  deprecated?: string;
  /** Markdown. */
  description?: string;
}

export interface AttrOptions<T> extends AttrFlags {
  /** Run by ValidateResourceConfig / ValidateDataResourceConfig (and so by `terraform validate`). */
  validators?: Validator<T>[];
  /**
   * Run where the value is used, never by the Validate* calls: when a resource is planned or applied
   * (PlanResourceChange, ApplyResourceChange), before a data source is read (ReadDataSource), an action planned
   * or invoked, a list resource run. For values that
   * usually come from another object, such as ids: `terraform test`'s and `tofu test`'s `mock_provider` still has
   * the real provider validate configurations holding mocked (random) values, but mocks Plan, Apply and Read, so
   * these rules never see a mocked value, while a literal in the configuration is still refused at plan time.
   */
  planValidators?: Validator<T>[];
  planModifiers?: PlanModifier[];
  /** Value planned when the config is null; requires optional + computed. */
  default?: T;
}

/** A declared attribute. `T` is its (non-null) value type, `R` whether it is required. */
export interface Attr<T = unknown, R extends boolean = boolean> extends AttrOptions<T> {
  readonly kind: 'string' | 'bool' | 'int64' | 'float64' | 'number' | 'list' | 'set' | 'map' | 'nested';
  readonly type: CtyType;
  readonly nested?: { nesting: Nesting; attributes: Attributes };
  /** Phantom fields for type inference only. */
  readonly __value?: T;
  readonly __required?: R;
}

export type Attributes = Record<string, Attr<any, boolean>>;

type Req<O> = O extends { required: true } ? true : false;

/** The value object a handler sees for a set of attributes. */
export type ModelOf<A extends Attributes> = {
  -readonly [K in keyof A]: A[K] extends Attr<infer T, infer R> ? (R extends true ? T : T | null) : never;
};
/** Planned values: anything may still be unknown. */
export type Planned<M> = { [K in keyof M]: M[K] | Unknown };

function make<T, O extends AttrOptions<T>>(
  kind: Attr['kind'],
  type: CtyType,
  opts: O,
  nested?: Attr['nested'],
): Attr<T, Req<O>> {
  return { ...opts, kind, type, ...(nested ? { nested } : {}) } as Attr<T, Req<O>>;
}

export const stringAttr = <const O extends AttrOptions<string>>(opts: O) =>
  make<string, O>('string', ctyString, opts);
export const boolAttr = <const O extends AttrOptions<boolean>>(opts: O) =>
  make<boolean, O>('bool', ctyBool, opts);
/** A cty number that must be an integer within ±2^53 (anything else is a validation error, never wrapped). */
export const int64Attr = <const O extends AttrOptions<number>>(opts: O) =>
  make<number, O>('int64', ctyNumber, opts);
/** A cty number handled as a float64 (must be exactly representable). */
export const float64Attr = <const O extends AttrOptions<number>>(opts: O) =>
  make<number, O>('float64', ctyNumber, opts);
/** An arbitrary-precision cty number: number | bigint | Decimal. */
export const numberAttr = <const O extends AttrOptions<CtyNumber>>(opts: O) =>
  make<CtyNumber, O>('number', ctyNumber, opts);

export interface CollectionOptions<T> extends AttrOptions<T> {
  element: CtyType;
}
export const listAttr = <T, const O extends CollectionOptions<T[]> = CollectionOptions<T[]>>(opts: O) =>
  make<T[], O>('list', ctyList(opts.element), opts);
export const setAttr = <T, const O extends CollectionOptions<T[]> = CollectionOptions<T[]>>(opts: O) =>
  make<T[], O>('set', ctySet(opts.element), opts);
export const mapAttr = <
  T,
  const O extends CollectionOptions<Record<string, T>> = CollectionOptions<Record<string, T>>,
>(
  opts: O,
) => make<Record<string, T>, O>('map', ctyMap(opts.element), opts);

export interface NestedOptions<A extends Attributes, T> extends AttrOptions<T> {
  attributes: A;
}
export function objectTypeOf(attributes: Attributes): CtyType {
  return ctyObject(Object.fromEntries(Object.entries(attributes).map(([k, a]) => [k, a.type])));
}
// `opts: O & { attributes: A }`: the nested attributes' types are inferred from `attributes`, so a nested block's
// model is typed too.
export const singleNestedAttr = <const A extends Attributes, const O extends NestedOptions<A, ModelOf<A>>>(
  opts: O & { attributes: A },
) =>
  make<ModelOf<A>, O>('nested', objectTypeOf(opts.attributes), opts, {
    nesting: 'single',
    attributes: opts.attributes,
  });
export const listNestedAttr = <const A extends Attributes, const O extends NestedOptions<A, ModelOf<A>[]>>(
  opts: O & { attributes: A },
) =>
  make<ModelOf<A>[], O>('nested', ctyList(objectTypeOf(opts.attributes)), opts, {
    nesting: 'list',
    attributes: opts.attributes,
  });
export const setNestedAttr = <const A extends Attributes, const O extends NestedOptions<A, ModelOf<A>[]>>(
  opts: O & { attributes: A },
) =>
  make<ModelOf<A>[], O>('nested', ctySet(objectTypeOf(opts.attributes)), opts, {
    nesting: 'set',
    attributes: opts.attributes,
  });
export const mapNestedAttr = <
  const A extends Attributes,
  const O extends NestedOptions<A, Record<string, ModelOf<A>>>,
>(
  opts: O & { attributes: A },
) =>
  make<Record<string, ModelOf<A>>, O>('nested', ctyMap(objectTypeOf(opts.attributes)), opts, {
    nesting: 'map',
    attributes: opts.attributes,
  });
