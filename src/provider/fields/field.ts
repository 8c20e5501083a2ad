// The shape of a field declaration and the facts and descriptions derived from it. A resource's table
// (monitor.ts, alert-settings.ts, status-page.ts) declares every field of the object once, keyed by its API name:
// - a plain field (string, number, boolean, enum, list of scalars);
// - a secret (`kind: 'secret'`): one declaration stands for the stored sensitive attribute `<name>`, its write-only
//   variant `<name>_wo` and the number `<name>_wo_version` that says when to send that again, and, in data sources,
//   `<name>_set`. The service never returns a secret, only `<name>Set` (src/api/secrets.ts): state keeps the
//   configured value while the service says it is saved and drops it (with the version) when it says it is gone,
//   so the next plan sends it again;
// - a block (`kind: 'block'`), single or list, with its own table. What null means is declared once: a list's null
//   is `[]`; a single block's null is `empty` completed with its fields' defaults (`{ type = "none" }`), or, for an
//   optional+computed block, the defaults of its fields (its schema default), or else "not managed" (left out of
//   writes, the service's value shown). A list's `key` field names an item (matched ignoring case, the configured
//   spelling kept); a single block's `key` says which kind it is (a prior block of another kind holds none of this
//   kind's secrets).
// schema.ts turns a table into schema attributes and typed models, mapping.ts into every conversion between
// Terraform values and API bodies/records, ../mapping/planned.ts reads plan JSON with it, ../config-from-record.ts
// writes configuration from records, checks.ts runs the secret and block rules at plan time, and the constructs'
// props are generated from it (scripts/construct-props.ts, src/constructs/fields.ts). Adding a field, a block or a
// secret is its model in src/api (a block holding a secret also in its SecretBlock declaration, which the local
// service follows) and one entry in the resource's table; then `npm run generate && npm run docs`.
import type { SecretBlock } from '../../api/index.js';
import type { Validator } from '../../protocol/framework/index.js';

export type FieldKind = 'string' | 'number' | 'bool' | 'enum' | 'list';
export type Presence = 'required' | 'optional' | 'optional-computed' | 'computed';

/** What the import and plan-report tools (and anyone else) may know about one attribute. */
export interface FieldFacts {
  /** Resource type, e.g. `uptime_monitor`. */
  resource: string;
  /** Terraform attribute name; nested attributes are dotted (`slow_response_alerts.threshold_ms`). */
  attribute: string;
  /** API field name (dotted when nested: `slowResponseAlerts.thresholdMs`); empty when it has none. */
  apiName: string;
  /** Short human label for reports, e.g. `timeout`. */
  label: string;
  unit?: 's' | 'ms' | 'days' | string;
  /** `object`: a single nested block; `list`: a list (of scalars or of blocks). Nested attributes are listed too. */
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

/** What every declaration says, whatever its kind. */
interface DeclBase {
  /** Terraform name when it is not the snake_case of the API name. */
  attribute?: string;
  /** Short human label for reports. */
  label: string;
  /** One description of the field's meaning and limits, shown on every surface (schema, data sources, props). */
  description: string;
  presence: Presence;
  /** Resource only: what omitting the attribute means, when that is more than the default value. */
  omitted?: string;
  /** Resource only: one more sentence after the description (how Terraform treats the value). */
  resourceNote?: string;
  /** Data sources only: one more sentence after the description. */
  dataSourceNote?: string;
  /** The plan keeps the value from state when the configuration leaves it out (computed fields that never change
   *  once the object exists, or an optional+computed field that is not managed when omitted). */
  stable?: boolean;
  /** Observed at run time: shown by data sources only, not part of the resource. */
  runtime?: boolean;
  /** Part of the resource only, not of the data sources that show the object (`id`, `monitor_id`). */
  resourceOnly?: boolean;
  /** The object a sub-resource belongs to (`monitor_id`): never written in a body (it is in the URL), changing it
   *  replaces the resource, and state keeps it as configured. */
  identity?: boolean;
  /** Where a record shows the value when not under the table's key (a dotted path: `expiryMonitoring.ssl`). */
  record?: string;
  /** The same value as another field of the table (its API name): a sub-resource's `id` is its `monitor_id`. Not
   *  part of a planned object (the other field is). */
  copyOf?: string;
  /** Usually set from another object's attribute: the model's rules on it run at plan time (a plan validator),
   *  where `mock_provider`'s random values never reach them, instead of in the config check. */
  checkedAtPlan?: boolean;
  /** Plan-time rules of its own (an id's format). */
  planValidators?: Validator<any>[];
}

/** One plain field as written in a table; the table's key is the API name. */
export interface FieldDecl extends DeclBase {
  kind: FieldKind;
  unit?: FieldFacts['unit'];
  /** From src/api: the service's default, planned when the attribute is omitted (optional-computed only). */
  default?: string | number | boolean;
  /** Allowed values (enum strings, or a number set such as INTERVAL_SECONDS), from src/api. */
  values?: readonly (string | number)[];
  /** Element kind of a list. */
  element?: 'string' | 'number';
  /** Enums only: values compare ignoring case and the user's spelling is kept in state. */
  caseInsensitive?: boolean;
  /** Not part of PATCH/POST bodies built from the table (changed through dedicated endpoints). */
  lifecycle?: boolean;
  /** Prop of the product construct: `settings` (shareable by a group) or `own` (this object only). */
  construct?: 'settings' | 'own';
  /** TSDoc `@example` of the construct prop (a TypeScript expression). */
  example?: string;
  /** Construct prop of a block field: its default when it differs from the resource's (`enabled = true`). */
  constructDefault?: string | number | boolean;
  /** Construct prop of a block field: required although the attribute is optional (the block's `fixed` kind
   *  needs it). */
  constructRequired?: boolean;
  sensitive?: boolean;
  writeOnly?: boolean;
}

/** A secret string (see the header): the table's key is the API's write-only field (`value`, `password`). */
export interface SecretDecl extends DeclBase {
  kind: 'secret';
  presence: 'optional';
  /** What the secret is, in a sentence ("the saved `value`", "the `password` gone"). */
  noun: string;
  /** TSDoc `@example` of the construct prop: a sensitive variable's token. */
  example?: string;
}

/** How a block appears in the product construct. */
export interface BlockConstruct {
  /** `settings` (shareable by a group) or `own` (this object only). */
  in: 'settings' | 'own';
  /** The prop's name when it is not the camelCase of the attribute (`basicAuth`). */
  prop?: string;
  /** The generated props interface of one item or of the block (`UptimeRequestHeader`). */
  type: string;
  /** Its TSDoc summary. */
  typeDoc: string;
  /** Fields the construct sets itself (not props): `{ type: 'basic' }`. */
  fixed?: Record<string, string | number | boolean>;
  /** One more sentence after the description (how a group's value combines with a monitor's). */
  note?: string;
  /** The prop's default, in words. */
  default: string;
  example: string;
}

/** A nested block with its own table (see the header). */
export interface BlockDecl<T extends Table = Table> extends DeclBase {
  kind: 'block';
  nesting: 'single' | 'list';
  fields: T;
  /** A list's item name (`name`: matched ignoring case, spelling kept); a single block's kind (`type`). */
  key?: string;
  /** Single blocks: what null means, as the service has it (`{ type: 'none' }`); completed with the fields'
   *  defaults. */
  empty?: Record<string, string | number | boolean>;
  /** Single blocks with a `key`: the fields each kind uses and requires (from src/api, `SecretBlock`). */
  kinds?: SecretBlock['kinds'];
  /** How data sources show it: under another name, or flattened into the object with a prefix (`auth_`). */
  dataSource?: { attribute?: string; flatten?: string };
  construct?: BlockConstruct;
}

export type Decl = FieldDecl | SecretDecl | BlockDecl;
/** A table of plain fields only. */
export type FieldTable = Record<string, FieldDecl>;
/** A table of any declarations. */
export type Table = Record<string, Decl>;

export const isPlain = (d: Decl): d is FieldDecl => d.kind !== 'secret' && d.kind !== 'block';
export const isSecret = (d: Decl): d is SecretDecl => d.kind === 'secret';
export const isBlock = (d: Decl): d is BlockDecl => d.kind === 'block';

/** `timeoutMs` → `timeout_ms` (the Terraform spelling of an API name). */
export type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
export const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camel = (s: string): string => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The Terraform attribute name of a table entry. */
export type AttrName<K, D> = D extends { attribute: infer A extends string }
  ? A
  : K extends string
    ? Snake<K>
    : never;
export const attributeName = (apiName: string, d: Decl): string => d.attribute ?? snake(apiName);

/** The names of a secret's attributes: stored, write-only, its version, and (data sources) whether one is saved. */
export const secretNames = (name: string) => ({
  stored: name,
  writeOnly: `${name}_wo`,
  version: `${name}_wo_version`,
  saved: `${name}_set`,
});

/** The TypeScript value type of a plain declaration. */
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
/** `a`, `a and b`, `a, b and c`. */
export const and = (vs: readonly string[]): string =>
  vs.length > 1 ? `${vs.slice(0, -1).join(', ')} and ${vs[vs.length - 1]}` : vs.join('');

/** The defaults of a table's plain fields by Terraform name (the default of a block made of them). */
export function defaultsOf(table: Table): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [api, d] of Object.entries(table))
    if (isPlain(d) && d.default !== undefined) out[attributeName(api, d)] = d.default;
  return out;
}

/** The defaults of a table's plain fields by API name. */
export function apiDefaultsOf(table: Table): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [api, d] of Object.entries(table))
    if (isPlain(d) && d.default !== undefined) out[api] = d.default;
  return out;
}

/** A single block's default in the schema: an optional+computed block takes its fields' defaults (when any). */
export function blockDefault(d: BlockDecl): Record<string, string | number | boolean> | undefined {
  if (d.nesting !== 'single' || d.presence !== 'optional-computed' || d.empty) return undefined;
  const defaults = defaultsOf(d.fields);
  return Object.keys(defaults).length ? defaults : undefined;
}

/** Whether a null single block means "not managed" (optional+computed without a default or a null equivalent). */
export const notManagedWhenNull = (d: BlockDecl): boolean =>
  d.nesting === 'single' && d.presence === 'optional-computed' && !d.empty && blockDefault(d) === undefined;

/** What a single block's null means, by API name: `empty` completed with its fields' defaults (null: nothing). */
export function emptyOf(d: BlockDecl): Record<string, unknown> | null {
  if (d.nesting !== 'single' || !d.empty) return null;
  const out: Record<string, unknown> = {};
  for (const [api, f] of Object.entries(d.fields)) {
    const v = d.empty[api] ?? (isPlain(f) ? f.default : undefined);
    if (v !== undefined) out[api] = v;
  }
  return out;
}

/** A single block's null as Terraform values: `empty` by attribute names, everything else null. */
export function emptyModel(d: BlockDecl): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [api, f] of Object.entries(d.fields)) {
    const name = attributeName(api, f);
    if (isSecret(f)) {
      const n = secretNames(name);
      out[n.stored] = out[n.writeOnly] = out[n.version] = null;
    } else out[name] = d.empty?.[api] ?? null;
  }
  return out;
}

/** The value at a dotted path of a record. */
export function at(record: unknown, path: string): unknown {
  let v = record;
  for (const k of path.split('.'))
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}
/** Where a record shows a declaration's value. */
export const recordPath = (api: string, d: Decl): string => d.record ?? api;

/** Markdown of a default value: strings in backticks. */
export const showDefault = (v: unknown): string => (typeof v === 'string' ? `\`${v}\`` : String(v));

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
const sentence = (s: string) => `${s}${/[.!?]$/.test(s) ? '' : '.'}`;

/** The attribute's description in the resource schema: meaning, resource note, what omitting it means
 *  (`Omitted or null: …`; inside a nested block, whose own description says what a null block means, `Omitted: …`;
 *  a list: null and `[]` are equivalent). */
export function resourceDescription(d: FieldDecl | BlockDecl, nested = false): string {
  const dflt = d.kind === 'block' ? undefined : d.default;
  const omitted = d.omitted ?? (dflt !== undefined ? showDefault(dflt) : undefined);
  if (omitted === undefined) return join(d.description, d.resourceNote);
  const list = d.kind === 'list' || (d.kind === 'block' && d.nesting === 'list');
  const when = list
    ? `Omitted, null or \`[]\`: ${omitted}; null and \`[]\` are equivalent.`
    : `${nested ? 'Omitted' : 'Omitted or null'}: ${sentence(omitted)}`;
  return join(d.description, d.resourceNote, when);
}

/** The attribute's description in data sources (every attribute computed). */
export const dataSourceDescription = (d: Decl): string => join(d.description, d.dataSourceNote);

const SECRET_NOTE =
  'Sensitive: never readable from the API. Terraform keeps the configured value in state while the service reports that a value is saved; if the service reports it gone (for example removed in the dashboard), state drops it and the next plan sends it again.';

/** The descriptions of a secret's three resource attributes and its data-source flag. */
export function secretDescriptions(name: string, d: SecretDecl) {
  const n = secretNames(name);
  return {
    stored: `${d.description} ${SECRET_NOTE} Null: the saved ${d.noun} (if any) is kept. Conflicts with \`${n.writeOnly}\`.`,
    writeOnly: `Write-only ${d.label} (Terraform or OpenTofu ≥ 1.11; older clients get an error at plan: use \`${n.stored}\`): never stored in plan or state. Requires \`${n.version}\` (checked at plan time). Sent on create, when \`${n.version}\` changes, and when the service reports the ${d.noun} gone. Conflicts with \`${n.stored}\`.`,
    version: `Required with \`${n.writeOnly}\`. Change this number to send \`${n.writeOnly}\` again. Set to null in state when the service reports the ${d.noun} gone, so the next plan re-sends it.`,
    saved: `Whether a ${d.label} is saved (the ${d.noun} itself is never readable).`,
  };
}

/** A block's prop in the product construct: its name (`basicAuth`) and the fields the construct sets itself. */
export const constructProp = (
  api: string,
  d: BlockDecl,
): { prop: string; fixed: Record<string, unknown> } => ({
  prop: d.construct?.prop ?? camel(attributeName(api, d)),
  fixed: d.construct?.fixed ?? {},
});

/** The TSDoc of a construct prop holding a secret. */
export const secretPropDescription = (d: SecretDecl): string =>
  `${d.description} Secret: this must be a token, such as the \`stringValue\` of a \`TerraformVariable\` declared with \`sensitive: true\` (a literal string is a synth error). Default: none.`;

/** Facts of one declaration's attributes, nested ones under `prefix` (attribute) / `apiPrefix`, in schema order. */
export function factsOf(
  resource: string,
  table: Table,
  describe: (path: string) => string,
  prefix = '',
  apiPrefix = '',
): FieldFacts[] {
  const out: FieldFacts[] = [];
  for (const [api, d] of Object.entries(table)) {
    if (d.runtime) continue;
    const attribute = prefix + attributeName(api, d);
    const apiName = apiPrefix + api;
    const base = {
      resource,
      attribute,
      apiName,
      label: d.label,
      description: d.description,
      presence: d.presence,
    };
    if (isSecret(d)) {
      const n = secretNames(attribute);
      const secret = { sensitive: true, kind: 'string' as const };
      out.push(
        { ...base, ...secret, writeOnly: false, description: describe(n.stored) },
        {
          ...base,
          ...secret,
          attribute: n.writeOnly,
          label: `${d.label} (write-only)`,
          writeOnly: true,
          description: describe(n.writeOnly),
        },
        {
          ...base,
          attribute: n.version,
          apiName: '',
          label: `${d.label} version`,
          kind: 'number',
          sensitive: false,
          writeOnly: false,
          description: describe(n.version),
        },
      );
    } else if (isBlock(d)) {
      const dflt = blockDefault(d);
      out.push({
        ...base,
        kind: d.nesting === 'single' ? 'object' : 'list',
        ...(dflt !== undefined ? { default: dflt } : {}),
        description: describe(attribute),
        sensitive: false,
        writeOnly: false,
      });
      out.push(...factsOf(resource, d.fields, describe, `${attribute}.`, `${apiName}.`));
    } else
      out.push({
        ...base,
        ...(d.unit !== undefined ? { unit: d.unit } : {}),
        kind: d.kind,
        ...(d.default !== undefined ? { default: d.default } : {}),
        sensitive: d.sensitive ?? false,
        writeOnly: d.writeOnly ?? false,
        ...(d.values ? { values: d.values } : {}),
      });
  }
  return out;
}
