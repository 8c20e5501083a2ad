// Planned values → the API's shape, for the tools that review a plan (`uptimectl plan-report`: its probe, backtest
// and `--check`; `uptimectl adopt`). One function per resource turns the `after` (or `before`, or state) values of
// Terraform's plan JSON into API-named fields with the schema's defaults, so no tool reads an attribute by its
// Terraform name or keeps its own default. Rules:
// - plain fields come from the field tables (src/provider/fields): an omitted or null value reads as the declared
//   default, a list's null as `[]` (null ≡ `[]`), a case-insensitive enum upper-cased (as the service stores it);
//   a field with no default that the plan leaves out stays `undefined` (the service decides: `name`,
//   `intervalSeconds` on a create);
// - a value known only after apply (`after_unknown`) is `undefined` and listed in `unknown` (its API path and its
//   Terraform path, for "known after apply" messages); a list with an unknown element keeps the element as `undefined`;
// - a request header's value and the basic-auth password are a `PlannedSecret`: `planned` (the plan holds it, held
//   in a `SensitiveValue` that prints and serializes as `(sensitive value)`; `reveal()` is the only way to read it),
//   `write-only` (`value_wo` / `password_wo`: never in a plan, only its version), `unknown`, or `none`;
// - `sensitive` lists the API paths the plan marks sensitive (`after_sensitive`, e.g. a URL from a sensitive
//   variable): the values are there, and a caller that shows them must hide them.
import { DECIDED, SECRET_MARKERS, type AlertChannel } from '../../api/index.js';
import { alertChannelFields, alertSettingsFields, slowResponseFields } from '../fields/alert-settings.js';
import { attributeName, snake, type FieldTable, type ValueOf } from '../fields/field.js';
import { monitorFields } from '../fields/monitor.js';
import { isAtOrUnder } from '../validation.js';
import { customDomainFields, displayOptionsFields, statusPageFields } from '../fields/status-page.js';

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

export interface PlannedHeader {
  name: string | undefined;
  value: PlannedSecret;
}

export interface PlannedAuth {
  type: 'none' | 'basic' | undefined;
  username: string | undefined;
  password: PlannedSecret;
}

export interface PlannedExpiry {
  enabled: boolean | undefined;
  warnDays: number | undefined;
}

type IsRuntime<D> = D extends { runtime: true } ? true : false;
/** The plain fields of a table by API name (runtime observations excluded); `undefined`: unknown or left out. */
export type PlannedPlain<T> = {
  -readonly [K in keyof T as IsRuntime<T[K]> extends true ? never : K]: ValueOf<T[K]> | undefined;
};

/** An `uptime_monitor` in the API's shape (`Monitor`), secrets held as `PlannedSecret`. */
export type PlannedMonitorFields = PlannedPlain<typeof monitorFields> & {
  requestHeaders: PlannedHeader[] | undefined;
  authConfig: PlannedAuth | undefined;
  expiryMonitoring: { ssl: PlannedExpiry | undefined; domain: PlannedExpiry | undefined };
};

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

  /** The plain fields of a table by API name, with their defaults. */
  plain(table: FieldTable, apiPrefix: string, attrPrefix: string): Values {
    const out: Values = {};
    for (const [api, d] of Object.entries(table)) {
      if (d.runtime) continue;
      const attr = attributeName(api, d);
      const field = apiPrefix + api;
      const attribute = attrPrefix + attr;
      const v = this.read(attr, field, attribute);
      if (v === UNKNOWN) out[api] = undefined;
      else if (d.kind === 'list') {
        const items = this.at(attr);
        out[api] = (Array.isArray(v) ? v : []).map((_e, i) => {
          const e = items.read(i, `${field}[${i}]`, `${attribute}[${i}]`);
          return e === UNKNOWN ? undefined : e;
        });
      } else if (v === null || v === undefined) out[api] = d.default;
      else if (d.caseInsensitive && typeof v === 'string') out[api] = v.toUpperCase();
      else out[api] = v;
    }
    return out;
  }

  /** A plain block's fields with their defaults; undefined when the block is known only after apply. */
  block<T extends FieldTable>(attr: string, api: string, table: T): PlannedPlain<T> | undefined {
    if (this.read(attr, api, attr) === UNKNOWN) return undefined;
    return this.at(attr).plain(table, `${api}.`, `${attr}.`) as PlannedPlain<T>;
  }

  /** A header value or password (`value` + `value_wo_version`): planned, write-only, unknown or none. */
  secret(attr: string, field: string, attribute: string): PlannedSecret {
    const v = this.read(attr, field, attribute);
    if (v === UNKNOWN) return { state: 'unknown' };
    if (typeof v === 'string') return { state: 'planned', value: new SensitiveValue(v) };
    const version = this.read(`${attr}_wo_version`, `${field}Version`, `${attribute}_wo_version`);
    if (version === UNKNOWN) return { state: 'unknown' };
    return typeof version === 'number' ? { state: 'write-only', version } : { state: 'none' };
  }
}

const NONE_AUTH: PlannedAuth = { type: 'none', username: undefined, password: { state: 'none' } };

/** An expiry block: null reads as disabled with the default warning days. */
function expiry(r: Reader, attr: string, key: 'ssl' | 'domain'): PlannedExpiry | undefined {
  const field = `expiryMonitoring.${key}`;
  const v = r.read(attr, field, attr);
  if (v === UNKNOWN) return undefined;
  if (!isObject(v)) return { enabled: false, warnDays: DECIDED.expiryWarnDays.default };
  const b = r.at(attr);
  const enabled = b.read('enabled', `${field}.enabled`, `${attr}.enabled`);
  const days = b.read('warn_days', `${field}.warnDays`, `${attr}.warn_days`);
  return {
    enabled: enabled === UNKNOWN ? undefined : enabled === true,
    warnDays: days === UNKNOWN ? undefined : typeof days === 'number' ? days : DECIDED.expiryWarnDays.default,
  };
}

/**
 * An `uptime_monitor` of a plan (`change.after` with `change.after_unknown` and `change.after_sensitive`; or
 * `change.before` / state values without marks) in the API's shape, every omitted value read as the schema's
 * default. `null` values (no object) read as a monitor of defaults only.
 */
export function monitorFromPlan(
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
): PlannedMonitor {
  const r = new Reader(values ?? {}, unknown, sensitive);
  const plain = r.plain(monitorFields, '', '') as PlannedPlain<typeof monitorFields>;

  let requestHeaders: PlannedHeader[] | undefined;
  const hv = r.read('request_headers', 'requestHeaders', 'request_headers');
  if (hv !== UNKNOWN) {
    const hs = r.at('request_headers');
    requestHeaders = (Array.isArray(hv) ? hv : []).map((_h, i): PlannedHeader => {
      const field = `requestHeaders[${i}]`;
      const attribute = `request_headers[${i}]`;
      if (hs.read(i, field, attribute) === UNKNOWN) return { name: undefined, value: { state: 'unknown' } };
      const e = hs.at(i);
      const name = e.read('name', `${field}.name`, `${attribute}.name`);
      return {
        name: typeof name === 'string' ? name : undefined,
        value: e.secret('value', `${field}.value`, `${attribute}.value`),
      };
    });
  }

  let authConfig: PlannedAuth | undefined;
  const av = r.read('auth_config', 'authConfig', 'auth_config');
  if (av === UNKNOWN) authConfig = undefined;
  else if (!isObject(av)) authConfig = { ...NONE_AUTH };
  else {
    const a = r.at('auth_config');
    const type = a.read('type', 'authConfig.type', 'auth_config.type');
    const username = a.read('username', 'authConfig.username', 'auth_config.username');
    authConfig = {
      type: type === UNKNOWN ? undefined : type === 'basic' ? 'basic' : 'none',
      username: typeof username === 'string' ? username : undefined,
      password: a.secret('password', 'authConfig.password', 'auth_config.password'),
    };
  }

  return {
    value: {
      ...plain,
      requestHeaders,
      authConfig,
      expiryMonitoring: {
        ssl: expiry(r, 'ssl_monitoring', 'ssl'),
        domain: expiry(r, 'domain_monitoring', 'domain'),
      },
    },
    unknown: r.unknown,
    sensitive: r.sensitive,
  };
}

/** `uptime_monitor_alert_settings` of a plan in the API's shape (`MonitorAlertSettings`), with its defaults. */
export type PlannedAlertSettingsFields = PlannedPlain<typeof alertSettingsFields> & {
  monitorId: string | undefined;
  /** Hand-mapped: null when not managed (the service keeps its selection); a channel's id, null for none. */
  destinationIds: { email: string | null | undefined; sms: string | null | undefined } | null | undefined;
  channels: PlannedPlain<typeof alertChannelFields> | undefined;
  slowResponseAlerts: PlannedPlain<typeof slowResponseFields> | undefined;
};
export type PlannedAlertSettings = Planned<PlannedAlertSettingsFields>;

/** Alert settings as `monitorFromPlan` reads a monitor: blocks left out read as their defaults. */
export function alertSettingsFromPlan(
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
): PlannedAlertSettings {
  const r = new Reader(values ?? {}, unknown, sensitive);
  const monitorId = r.read('monitor_id', 'monitorId', 'monitor_id');
  const ids = r.read('destination_ids', 'destinationIds', 'destination_ids');
  const idOf = (c: AlertChannel) => {
    const v = r.at('destination_ids').read(c, `destinationIds.${c}`, `destination_ids.${c}`);
    return v === UNKNOWN ? undefined : typeof v === 'string' ? v : null;
  };
  return {
    value: {
      ...(r.plain(alertSettingsFields, '', '') as PlannedPlain<typeof alertSettingsFields>),
      monitorId: typeof monitorId === 'string' ? monitorId : undefined,
      destinationIds:
        ids === UNKNOWN ? undefined : isObject(ids) ? { email: idOf('email'), sms: idOf('sms') } : null,
      channels: r.block('channels', 'channels', alertChannelFields),
      slowResponseAlerts: r.block('slow_response_alerts', 'slowResponseAlerts', slowResponseFields),
    },
    unknown: r.unknown,
    sensitive: r.sensitive,
  };
}

/** `uptime_status_page` of a plan in the API's shape (`StatusPage`), with its defaults. */
export type PlannedStatusPageFields = PlannedPlain<typeof statusPageFields> & {
  monitorId: string | undefined;
  displayOptions: PlannedPlain<typeof displayOptionsFields> | undefined;
  customDomain: PlannedPlain<typeof customDomainFields> | undefined;
};
export type PlannedStatusPage = Planned<PlannedStatusPageFields>;

/** A status page as `monitorFromPlan` reads a monitor: blocks left out read as their defaults. */
export function statusPageFromPlan(
  values: Values | null | undefined,
  unknown?: unknown,
  sensitive?: unknown,
): PlannedStatusPage {
  const r = new Reader(values ?? {}, unknown, sensitive);
  const monitorId = r.read('monitor_id', 'monitorId', 'monitor_id');
  return {
    value: {
      ...(r.plain(statusPageFields, '', '') as PlannedPlain<typeof statusPageFields>),
      monitorId: typeof monitorId === 'string' ? monitorId : undefined,
      displayOptions: r.block('display_options', 'displayOptions', displayOptionsFields),
      customDomain: r.block('custom_domain', 'customDomain', customDomainFields),
    },
    unknown: r.unknown,
    sensitive: r.sensitive,
  };
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
