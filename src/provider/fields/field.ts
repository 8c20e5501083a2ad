// The shape of a plain-field declaration (string, number, boolean, enum, list of scalars) and the facts derived
// from it. A resource's table (monitor.ts, alert-settings.ts, status-page.ts) declares each plain field once;
// schema.ts turns a table into schema attributes, mapping.ts into body/state conversions, and the constructs'
// props are generated from it (scripts/generate-bindings.ts). Fields that are not plain (headers with write-only
// values, basic auth, expiry blocks, alert destinations) keep hand-written mapping code.

export type FieldKind = 'string' | 'number' | 'bool' | 'enum' | 'list';
export type Presence = 'required' | 'optional' | 'optional-computed' | 'computed';

/** What the import and plan-report tools (and anyone else) may know about one attribute. */
export interface FieldFacts {
  /** Resource type, e.g. `uptime_monitor`. */
  resource: string;
  /** Terraform attribute name; nested attributes are dotted (`slow_response_alerts.threshold_ms`). */
  attribute: string;
  /** API field name (dotted when nested: `slowResponseAlerts.thresholdMs`). */
  apiName: string;
  /** Short human label for reports, e.g. `timeout`. */
  label: string;
  unit?: 's' | 'ms' | 'days' | string;
  /** `object`: a nested block (its attributes are listed too, dotted). */
  kind: FieldKind | 'object';
  /** The value planned (and used by the service) when the attribute is omitted or null. */
  default?: unknown;
  description: string;
  sensitive: boolean;
  writeOnly: boolean;
  presence: Presence;
  /** Allowed values of an enum or a number taken from a fixed set. */
  values?: readonly (string | number)[];
}

/** One plain field as written in a table; the table's key is the API name. */
export interface FieldDecl {
  kind: FieldKind;
  /** Terraform name when it is not the snake_case of the API name. */
  attribute?: string;
  label: string;
  unit?: FieldFacts['unit'];
  /** One description of the field's meaning and limits, shown on every surface (schema, data sources, props). */
  description: string;
  presence: Presence;
  /** From src/api: the service's default, planned when the attribute is omitted (optional-computed only). */
  default?: string | number | boolean;
  /** Resource only: what omitting the attribute means, when that is more than the default value. */
  omitted?: string;
  /** Resource only: one more sentence after the description (how Terraform treats the value). */
  resourceNote?: string;
  /** Data sources only: one more sentence after the description. */
  dataSourceNote?: string;
  /** Allowed values (enum strings, or a number set such as INTERVAL_SECONDS), from src/api. */
  values?: readonly (string | number)[];
  /** Element kind of a list. */
  element?: 'string' | 'number';
  /** Enums only: values compare ignoring case and the user's spelling is kept in state. */
  caseInsensitive?: boolean;
  /** The plan keeps the value from state when the configuration leaves it out (computed fields that never change
   *  once the object exists, or an optional+computed field that is not managed when omitted). */
  stable?: boolean;
  /** Not part of PATCH/POST bodies built from the table (changed through dedicated endpoints). */
  lifecycle?: boolean;
  /** Observed at run time: shown by data sources only, not part of the resource. */
  runtime?: boolean;
  /** Prop of the product construct: `settings` (shareable by a group) or `own` (this object only). */
  construct?: 'settings' | 'own';
  /** TSDoc `@example` of the construct prop (a TypeScript expression). */
  example?: string;
  sensitive?: boolean;
  writeOnly?: boolean;
}

export type FieldTable = Record<string, FieldDecl>;

/** `timeoutMs` → `timeout_ms` (the Terraform spelling of an API name). */
export type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
export const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The Terraform attribute name of a table entry. */
export type AttrName<K, D> = D extends { attribute: infer A extends string }
  ? A
  : K extends string
    ? Snake<K>
    : never;
export const attributeName = (apiName: string, d: FieldDecl): string => d.attribute ?? snake(apiName);

/** The TypeScript value type of a declaration. */
export type ValueOf<D> = D extends { kind: 'bool' }
  ? boolean
  : D extends { kind: 'number' }
    ? number
    : D extends { kind: 'list'; element: 'string' }
      ? string[]
      : D extends { kind: 'list' }
        ? number[]
        : string;

/** `60, 300, 900` (a number set in a description). */
export const listed = (vs: readonly (string | number)[]): string => vs.join(', ');
/** `` `a`, `b` or `c` `` (an enum in a description). */
export const codes = (vs: readonly string[]): string => {
  const q = vs.map((v) => `\`${v}\``);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}` : q.join('');
};

/** The defaults of a table by Terraform name (the default of a nested block made of the table's fields). */
export function defaultsOf(table: FieldTable): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [api, d] of Object.entries(table))
    if (d.default !== undefined) out[attributeName(api, d)] = d.default;
  return out;
}

/** Markdown of a default value: strings in backticks. */
export const showDefault = (v: unknown): string => (typeof v === 'string' ? `\`${v}\`` : String(v));

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** The attribute's description in the resource schema: meaning, resource note, what omitting it means
 *  (`Omitted or null: …`; inside a nested block, whose own description says what a null block means, `Omitted: …`). */
export function resourceDescription(d: FieldDecl, nested = false): string {
  const omitted = d.omitted ?? (d.default !== undefined ? showDefault(d.default) : undefined);
  if (omitted === undefined) return join(d.description, d.resourceNote);
  const when =
    d.kind === 'list'
      ? `Omitted, null or \`[]\`: ${omitted}; null and \`[]\` are equivalent.`
      : `${nested ? 'Omitted' : 'Omitted or null'}: ${omitted}${/[.!?]$/.test(omitted) ? '' : '.'}`;
  return join(d.description, d.resourceNote, when);
}

/** The attribute's description in data sources (every attribute computed). */
export const dataSourceDescription = (d: FieldDecl): string => join(d.description, d.dataSourceNote);

/** The facts of every declaration of a table, nested ones under `prefix` (attribute) / `apiPrefix`. */
export function factsOf(resource: string, table: FieldTable, prefix = '', apiPrefix = ''): FieldFacts[] {
  return Object.entries(table)
    .filter(([, d]) => !d.runtime)
    .map(([api, d]) => ({
      resource,
      attribute: prefix + attributeName(api, d),
      apiName: apiPrefix + api,
      label: d.label,
      ...(d.unit !== undefined ? { unit: d.unit } : {}),
      kind: d.kind,
      ...(d.default !== undefined ? { default: d.default } : {}),
      description: d.description,
      sensitive: d.sensitive ?? false,
      writeOnly: d.writeOnly ?? false,
      presence: d.presence,
      ...(d.values ? { values: d.values } : {}),
    }));
}
