// Planned values → the API's shape, for the tools that review a plan (`uptimectl plan-report`: its probe, backtest
// and `--check`; `uptimectl adopt`). One reading, derived from each resource's table (src/provider/fields), turns
// the `after` (or `before`, or state) values of Terraform's plan JSON into API-named fields with the schema's
// defaults, so no tool reads an attribute by its Terraform name or keeps its own default. Rules:
// - an omitted or null value reads as the declared default, a list's null as `[]` (null ≡ `[]`), a case-insensitive
//   enum upper-cased (as the service stores it); a field with no default that the plan leaves out stays `undefined`
//   (the service decides: `name`, `intervalSeconds` on a create);
// - a single block's null reads as what the table declares it means: its null equivalent (basic auth's
//   `{ type: 'none' }`, expiry monitoring disabled with the default days), its fields' defaults, or null for a block
//   managed only when set (`destinationIds`, whose null fields stay null too); a block sits where a record shows it
//   (`expiryMonitoring.ssl`);
// - a value known only after apply (`after_unknown`) is `undefined` and listed in `unknown` (its API path and its
//   Terraform path, for "known after apply" messages); a list with an unknown element keeps the element as
//   `undefined` (a block item: every field unknown);
// - a secret (a header's value, the basic-auth password) is a `PlannedSecret`: `planned` (the plan holds it, held
//   in a `SensitiveValue` that prints and serializes as `(sensitive value)`; `reveal()` is the only way to read it),
//   `write-only` (`value_wo` / `password_wo`: never in a plan, only its version), `unknown`, or `none`;
// - `sensitive` lists the API paths the plan marks sensitive (`after_sensitive`, e.g. a URL from a sensitive
//   variable): the values are there, and a caller that shows them must hide them.
import { SECRET_MARKERS } from '../../api/index.js';
import {
  attributeName,
  emptyModel,
  isBlock,
  isSecret,
  notManagedWhenNull,
  recordPath,
  snake,
  secretNames,
  type BlockDecl,
  type Table,
  type ValueOf,
} from '../fields/field.js';
import { alertSettingsTable } from '../fields/alert-settings.js';
import { monitorTable } from '../fields/monitor.js';
import { statusPageTable } from '../fields/status-page.js';
import { isAtOrUnder } from '../validation.js';

type Values = Record<string, unknown>;

/** A secret the plan holds: never printed, logged or serialized by accident. */
export class SensitiveValue {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The secret itself: for the request that needs it, never for output. */
  reveal(): string {
    return this.#value;
  }
  equals(other: SensitiveValue): boolean {
    return other.#value === this.#value;
  }
  toJSON(): string {
    return SECRET_MARKERS.value;
  }
  toString(): string {
    return SECRET_MARKERS.value;
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return SECRET_MARKERS.value;
  }
}

/** A header value or password as the plan has it. */
export type PlannedSecret =
  | { state: 'none' }
  | { state: 'planned'; value: SensitiveValue }
  /** Write-only (`*_wo`): the plan holds only its version. */
  | { state: 'write-only'; version: number }
  | { state: 'unknown' };

type Flat<T> = { [K in keyof T]: T[K] };
type Nothing = Record<never, never>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type Skipped<D> = D extends { runtime: true } ? true : D extends { copyOf: string } ? true : false;
/** A single block managed only when set: null stays null, and so does a null field inside it. */
type NotManaged<D> = D extends { nesting: 'single'; presence: 'optional-computed' }
  ? D extends { empty: object }
    ? false
    : true
  : false;
type PlannedValue<D, N> = D extends { kind: 'secret' }
  ? PlannedSecret
  : D extends { kind: 'block'; fields: infer F }
    ? D extends { nesting: 'list' }
      ? PlannedOf<F>[] | undefined
      : PlannedOf<F, NotManaged<D>> | undefined | (NotManaged<D> extends true ? null : never)
    : ValueOf<D> | undefined | (N extends true ? (D extends { presence: 'optional' } ? null : never) : never);
type AtPath<P extends string, V> = P extends `${infer H}.${infer R}`
  ? { [k in H]: AtPath<R, V> }
  : { [k in P]: V };
type Placed<T, N> = UnionToIntersection<
  {
    [K in keyof T]: Skipped<T[K]> extends true
      ? Nothing
      : T[K] extends { record: infer P extends string }
        ? AtPath<P, PlannedValue<T[K], N>>
        : Nothing;
  }[keyof T]
>;

/** A table's fields in the API's shape (`undefined`: unknown or left out; runtime observations excluded), each at
 *  the place a record shows it (`expiryMonitoring.ssl`), secrets as `PlannedSecret`. */
export type PlannedOf<T, N = false> = Flat<
  {
    -readonly [
      K in keyof T as Skipped<T[K]> extends true ? never : T[K] extends { record: string } ? never : K
    ]: PlannedValue<T[K], N>;
  } & Placed<T, N>
>;

/** An `uptime_monitor` in the API's shape (`Monitor`), secrets held as `PlannedSecret`. */
export type PlannedMonitorFields = PlannedOf<typeof monitorTable>;

/** A value known only after apply: where it is in the API's shape and in Terraform's. */
export interface UnknownField {
  /** `timeoutMs`, `requestHeaders[0].value`, `expiryMonitoring.ssl`. */
  field: string;
  /** `timeout_ms`, `request_headers[0].value`, `ssl_monitoring`. */
  attribute: string;
}

export interface Planned<T> {
  value: T;
  /** Every value known only after apply (each `undefined` in `value`). */
  unknown: UnknownField[];
  /** API paths the plan marks sensitive (`after_sensitive`); the values are in `value`. */
  sensitive: string[];
}

export type PlannedMonitor = Planned<PlannedMonitorFields>;

const get = (v: unknown, k: string | number): unknown =>
  v !== null && typeof v === 'object' ? (v as Values)[k as string] : undefined;
const isObject = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What `Reader.read` returns for a value known only after apply (it is then listed in `unknown`). */
const UNKNOWN = Symbol('known after apply');

/** Reads one resource's values with their unknown and sensitive marks, collecting paths in both spellings. */
class Reader {
  constructor(
    private readonly values: unknown,
    private readonly unknownMarks: unknown,
    private readonly sensitiveMarks: unknown,
    readonly unknown: UnknownField[] = [],
    readonly sensitive: string[] = [],
  ) {}

  /** A reader of the value at `attr` (a block or a list element), collecting into the same lists. */
  at(attr: string | number): Reader {
    return new Reader(
      get(this.values, attr),
      get(this.unknownMarks, attr),
      get(this.sensitiveMarks, attr),
      this.unknown,
      this.sensitive,
    );
  }

  /** The raw value at `attr`, or UNKNOWN (noted with its API `field` and Terraform `attribute` paths). */
  read(attr: string | number, field: string, attribute: string): unknown {
    if (get(this.unknownMarks, attr) === true) {
      this.unknown.push({ field, attribute });
      return UNKNOWN;
    }
    if (get(this.sensitiveMarks, attr) === true) this.sensitive.push(field);
    return get(this.values, attr);
  }

  /** A table's fields by API name, with their defaults (see the module header); `nullIsNull`: inside a block
   *  managed only when set, a null field without a default stays null. */
  fields(table: Table, apiPrefix: string, attrPrefix: string, nullIsNull = false): Values {
    const out: Values = {};
    for (const [api, d] of Object.entries(table)) {
      if (d.runtime || d.copyOf !== undefined) continue;
      const attr = attributeName(api, d);
      const place = recordPath(api, d);
      const field = apiPrefix + place;
      const attribute = attrPrefix + attr;
      let v: unknown;
      if (isSecret(d)) v = this.secret(attr, field, attribute);
      else if (isBlock(d)) v = this.block(d, attr, field, attribute);
      else {
        const raw = this.read(attr, field, attribute);
        if (raw === UNKNOWN) v = undefined;
        else if (d.kind === 'list') {
          const items = this.at(attr);
          v = (Array.isArray(raw) ? raw : []).map((_e, i) => {
            const e = items.read(i, `${field}[${i}]`, `${attribute}[${i}]`);
            return e === UNKNOWN ? undefined : e;
          });
        } else if (raw === null || raw === undefined)
          v = nullIsNull && d.default === undefined ? null : d.default;
        else if (d.caseInsensitive && typeof raw === 'string') v = raw.toUpperCase();
        else v = raw;
      }
      setAt(out, place, v);
    }
    return out;
  }

  /** A block: undefined when known only after apply; a list's null as `[]`; a single block's null as what it
   *  declares null means (its null equivalent, its fields' defaults, or null when it is managed only when set). */
  private block(d: BlockDecl, attr: string, field: string, attribute: string): unknown {
    const v = this.read(attr, field, attribute);
    if (v === UNKNOWN) return undefined;
    if (d.nesting === 'list') {
      const items = this.at(attr);
      return (Array.isArray(v) ? v : []).map((_e, i) => {
        const f = `${field}[${i}]`;
        const a = `${attribute}[${i}]`;
        if (items.read(i, f, a) === UNKNOWN) return unknownItem(d.fields);
        return items.at(i).fields(d.fields, `${f}.`, `${a}.`);
      });
    }
    if (isObject(v))
      return this.at(attr).fields(d.fields, `${field}.`, `${attribute}.`, notManagedWhenNull(d));
    if (notManagedWhenNull(d)) return null;
    if (d.empty) return new Reader(emptyModel(d), undefined, undefined).fields(d.fields, '', '');
    return this.at(attr).fields(d.fields, `${field}.`, `${attribute}.`);
  }

  /** A secret (`<name>` + `<name>_wo_version`): planned, write-only, unknown or none. */
  secret(attr: string, field: string, attribute: string): PlannedSecret {
    const v = this.read(attr, field, attribute);
    if (v === UNKNOWN) return { state: 'unknown' };
    if (typeof v === 'string') return { state: 'planned', value: new SensitiveValue(v) };
    const n = secretNames(attr);
    const version = this.read(n.version, `${field}Version`, secretNames(attribute).version);
    if (version === UNKNOWN) return { state: 'unknown' };
    return typeof version === 'number' ? { state: 'write-only', version } : { state: 'none' };
  }
}

/** A list item known only after apply: every field unknown. */
function unknownItem(table: Table): Values {
  const out: Values = {};
  for (const [api, d] of Object.entries(table))
    if (!d.runtime && d.copyOf === undefined)
      setAt(out, recordPath(api, d), isSecret(d) ? { state: 'unknown' } : undefined);
  return out;
}

/** Sets a value at a dotted path, making the objects on the way. */
function setAt(target: Values, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = target;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Values;
  o[keys[keys.length - 1]!] = value;
}

/** One resource of a plan in the API's shape: `values` (`change.after` with `change.after_unknown` and
 *  `change.after_sensitive`; or `change.before` / state values without marks); null reads as defaults only. */
export function plannedOf<T extends Table>(
  table: T,
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
): Planned<PlannedOf<T>> {
  const r = new Reader(values ?? {}, unknown, sensitive);
  const value = r.fields(table, '', '') as PlannedOf<T>;
  return { value, unknown: r.unknown, sensitive: r.sensitive };
}

/** An `uptime_monitor` of a plan in the API's shape, every omitted value read as the schema's default. */
export const monitorFromPlan = (values: Values | null | undefined, unknown?: unknown, sensitive?: unknown) =>
  plannedOf(monitorTable, values, unknown, sensitive);

/** `uptime_monitor_alert_settings` of a plan in the API's shape (`MonitorAlertSettings`), with its defaults. */
export type PlannedAlertSettingsFields = PlannedOf<typeof alertSettingsTable>;
export type PlannedAlertSettings = Planned<PlannedAlertSettingsFields>;
export const alertSettingsFromPlan = (
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
) => plannedOf(alertSettingsTable, values, unknown, sensitive);

/** `uptime_status_page` of a plan in the API's shape (`StatusPage`), with its defaults. */
export type PlannedStatusPageFields = PlannedOf<typeof statusPageTable>;
export type PlannedStatusPage = Planned<PlannedStatusPageFields>;
export const statusPageFromPlan = (
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
) => plannedOf(statusPageTable, values, unknown, sensitive);

/** Every secret of a planned monitor (its header values, its password). */
export const plannedMonitorSecrets = (value: PlannedMonitorFields): PlannedSecret[] =>
  plannedSecrets(monitorTable, value);

/** Every secret of a planned object of `table` (header values, passwords), in table order. */
export function plannedSecrets<T extends Table>(table: T, value: PlannedOf<T>): PlannedSecret[] {
  const out: PlannedSecret[] = [];
  const walk = (t: Table, v: unknown): void => {
    if (!isObject(v)) return;
    for (const [api, d] of Object.entries(t)) {
      const x = recordPath(api, d)
        .split('.')
        .reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);
      if (isSecret(d) && isObject(x) && 'state' in x) out.push(x as PlannedSecret);
      else if (isBlock(d)) (Array.isArray(x) ? x : [x]).forEach((e) => walk(d.fields, e));
    }
  };
  walk(table, value);
  return out;
}

/** The first value known only after apply at `field` or inside it (`requestHeaders` covers `requestHeaders[0].value`). */
export function unknownAt(planned: Planned<object>, field: string): UnknownField | undefined {
  return planned.unknown.find((u) => isAtOrUnder(u.field, field));
}

/**
 * The named fields when each is known: `{ value }` with their types narrowed, or the first that is not (with its
 * Terraform path, for "… is known only after apply"; a field the plan leaves out that has no default counts too).
 */
export function knownFields<T extends object, K extends keyof T & string>(
  planned: Planned<T>,
  keys: readonly K[],
): { value: { [P in K]-?: Exclude<T[P], undefined> } } | { unknown: UnknownField } {
  for (const k of keys) {
    const u = unknownAt(planned, k);
    if (u) return { unknown: u };
    if (planned.value[k] === undefined) return { unknown: { field: k, attribute: snake(k) } };
  }
  const out = {} as { [P in K]-?: Exclude<T[P], undefined> };
  for (const k of keys) (out as Record<string, unknown>)[k] = planned.value[k];
  return { value: out };
}

/** Whether two planned values are the same (secrets compared by value, never printed). */
export function samePlanned(a: unknown, b: unknown): boolean {
  if (a instanceof SensitiveValue || b instanceof SensitiveValue)
    return a instanceof SensitiveValue && b instanceof SensitiveValue && a.equals(b);
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => samePlanned(x, b[i]))
    );
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => samePlanned(a[k], b[k]));
  }
  return (a ?? null) === (b ?? null);
}
