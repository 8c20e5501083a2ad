// An independent model of the monitor's nested blocks and secrets, written from the resource docs
// (docs/resources/*.md) and docs/api-decisions.md, not from the provider's field tables: what a configuration of
// `uptime_monitor` (request headers, basic auth, expiry blocks), `uptime_monitor_alert_settings` and
// `uptime_status_page` is, how it is written as HCL, and what the service must hold after an apply — every secret
// where the user put it, sent again only when the docs say so. Used by the round-trip property with real Terraform
// and by the CDKTF comparison.
import fc from 'fast-check';

/** How a secret is configured: the stored sensitive attribute, the write-only one with its version, or neither
 *  ("Null: the saved value (if any) is kept"). */
export type SecretForm =
  | { kind: 'stored'; value: string; literal: boolean }
  | { kind: 'wo'; value: string; version: number; ephemeral: boolean }
  | { kind: 'none' };

export interface HeaderSpec {
  /** The logical header: stays the same through renames that change only the case. */
  id: number;
  name: string;
  secret: SecretForm;
}

export type HeadersSpec = { form: 'omitted' | 'null' | 'empty' } | { form: 'list'; items: HeaderSpec[] };

export type AuthSpec =
  { form: 'omitted' | 'null' | 'none' } | { form: 'basic'; username: string; secret: SecretForm };

export type ExpirySpec =
  | { form: 'omitted' }
  | { form: 'null' }
  /** `{ enabled = … }`, warn_days given or left out. */
  | { form: 'set'; enabled: boolean; warnDays: number | null };

export interface AlertsSpec {
  /** null: attribute left out. */
  channels: { email: boolean | null; sms: boolean | null } | null;
  slow: { enabled: boolean | null; thresholdMs: number | null; consecutiveLimit: number | null } | null;
}

export interface PageSpec {
  title: string | null;
  description: string | null;
  enabled: boolean | null;
  noindex: boolean | null;
  display: { uptimeTimeline: boolean | null; responseTime: boolean | null } | null;
}

export interface MonitorSpec {
  key: string;
  url: string;
  name: string;
  headers: HeadersSpec;
  auth: AuthSpec;
  ssl: ExpirySpec;
  domain: ExpirySpec;
  alerts: AlertsSpec | null;
  page: PageSpec | null;
}

/** The core of every secret: what a leak check looks for (whatever escaping the rest of the value gets). */
export const SENTINEL = 'SNTL';
const SECRET_SUFFIXES = ['', ' "quoted"', ' back\\slash', ' ${var.x}', ' %{ if true }', ' ü€', " 'single'"];
/** Names that must stay data (docs: "Names are data"). */
export const HOSTILE_TEXT = [
  'API health',
  '@team please look',
  '<img src=x onerror=alert(1)>',
  '${var.secret}',
  '%{ if true }x%{ endif }',
  'back`tick` and **bold**',
  'line\u2028separator',
  '$${already}',
  'quote " and \\ backslash',
  '#12 and !3',
];

/** Header names that collide ignoring case, and ones that do not. */
const DUP_NAMES = ['X-Api-Key', 'x-api-key', 'X-API-KEY', 'Accept', 'accept'];
const OTHER_NAMES = ['X-Trace', "X-!#$%&'*+.^_`|~"];

export const lower = (s: string) => s.toLowerCase();

/** A secret value: the sentinel, a unique part and characters HCL, JSON and shells treat specially. */
export const secretValue = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.stringMatching(/^[0-9a-f]{10}$/), fc.constantFrom(...SECRET_SUFFIXES))
    .map(([hex, suffix]) => `${SENTINEL}${hex}${suffix}`);

export const secretForm = (allowNone: boolean): fc.Arbitrary<SecretForm> =>
  fc.oneof(
    fc
      .record({ value: secretValue(), literal: fc.boolean() })
      .map((r) => ({ kind: 'stored' as const, ...r })),
    fc
      .record({ value: secretValue(), version: fc.integer({ min: 1, max: 5 }), ephemeral: fc.boolean() })
      .map((r) => ({ kind: 'wo' as const, ...r })),
    ...(allowNone ? [fc.constant({ kind: 'none' as const })] : []),
  );

/** Headers: names drawn so that some differ only in case, none the same exactly (two headers of the same name
 *  cannot be told apart when either is sent without its value). A header without a value (`none`) gets a name no
 *  other header shares, ignoring case: the API keeps "the saved value of the header with the same name", which is
 *  ambiguous when two share it and nothing is sent. */
export const headersSpec = (ids: { next: number }): fc.Arbitrary<HeadersSpec> =>
  fc.oneof(
    fc.constantFrom({ form: 'omitted' as const }, { form: 'null' as const }, { form: 'empty' as const }),
    fc
      .array(fc.tuple(fc.constantFrom(...DUP_NAMES, ...OTHER_NAMES), secretForm(true), fc.boolean()), {
        minLength: 1,
        maxLength: 4,
      })
      .map((raw) => {
        const distinct = raw.filter(([name], i) => raw.findIndex(([n]) => n === name) === i);
        const items: HeaderSpec[] = distinct.map(([name, secret, upper]) => {
          const id = ids.next++;
          if (secret.kind === 'none') return { id, name: upper ? `X-KEEP-${id}` : `x-keep-${id}`, secret };
          return { id, name, secret };
        });
        return { form: 'list' as const, items };
      }),
  );

export const authSpec = (): fc.Arbitrary<AuthSpec> =>
  fc.oneof(
    fc.constantFrom({ form: 'omitted' as const }, { form: 'null' as const }, { form: 'none' as const }),
    fc
      .record({ username: fc.constantFrom('probe', 'monitor', 'üser "x"'), secret: secretForm(true) })
      .map((r) => ({ form: 'basic' as const, ...r })),
  );

export const expirySpec = (): fc.Arbitrary<ExpirySpec> =>
  fc.oneof(
    fc.constantFrom({ form: 'omitted' as const }, { form: 'null' as const }),
    fc
      .record({ enabled: fc.boolean(), warnDays: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }) })
      .map((r) => ({ form: 'set' as const, ...r })),
  );

const optBool = () => fc.option(fc.boolean(), { nil: null });
export const alertsSpec = (): fc.Arbitrary<AlertsSpec> =>
  fc.record({
    channels: fc.option(fc.record({ email: optBool(), sms: optBool() }), { nil: null }),
    slow: fc.option(
      fc.record({
        enabled: optBool(),
        thresholdMs: fc.option(fc.constantFrom(1000, 2000, 3000, 5000, 10000), { nil: null }),
        consecutiveLimit: fc.option(fc.integer({ min: 2, max: 5 }), { nil: null }),
      }),
      { nil: null },
    ),
  });

export const pageSpec = (): fc.Arbitrary<PageSpec> =>
  fc.record({
    title: fc.option(fc.constantFrom(...HOSTILE_TEXT), { nil: null }),
    description: fc.option(fc.constantFrom(...HOSTILE_TEXT), { nil: null }),
    enabled: optBool(),
    noindex: optBool(),
    display: fc.option(fc.record({ uptimeTimeline: optBool(), responseTime: optBool() }), { nil: null }),
  });

export const monitorSpec = (run: string, i: number, ids: { next: number }): fc.Arbitrary<MonitorSpec> =>
  fc.record({
    key: fc.constant(`m${i}`),
    url: fc.constant(`https://${run}-m${i}.roundtrip.example.com/health`),
    name: fc.constantFrom(...HOSTILE_TEXT),
    headers: headersSpec(ids),
    auth: authSpec(),
    ssl: expirySpec(),
    domain: expirySpec(),
    alerts: fc.option(alertsSpec(), { nil: null }),
    page: fc.option(pageSpec(), { nil: null }),
  });

// ---- HCL ----

/** A quoted HCL string whose content is the text, never a template (replacement functions: in a replacement
 *  string `$$` would mean one `$`). */
export function hclString(s: string): string {
  return JSON.stringify(s)
    .replace(/\$\{/g, () => '$${')
    .replace(/%\{/g, () => '%%{');
}

/** Variables for the secrets of a configuration: name → value (sensitive; ephemeral where only write-only
 *  attributes read them). */
export interface Vars {
  declared: Map<string, { value: string; ephemeral: boolean }>;
}

function secretAttrs(name: string, s: SecretForm, vars: Vars): string[] {
  if (s.kind === 'none') return [];
  const v = `s${vars.declared.size}`;
  if (s.kind === 'stored') {
    if (s.literal) return [`${name} = ${hclString(s.value)}`];
    vars.declared.set(v, { value: s.value, ephemeral: false });
    return [`${name} = var.${v}`];
  }
  vars.declared.set(v, { value: s.value, ephemeral: s.ephemeral });
  return [`${name}_wo = var.${v}`, `${name}_wo_version = ${s.version}`];
}

function obj(parts: string[]): string {
  return `{ ${parts.join(', ')} }`;
}

function expiryHcl(attr: string, e: ExpirySpec): string {
  if (e.form === 'omitted') return '';
  if (e.form === 'null') return `  ${attr} = null\n`;
  const parts = [`enabled = ${e.enabled}`];
  if (e.warnDays !== null) parts.push(`warn_days = ${e.warnDays}`);
  return `  ${attr} = ${obj(parts)}\n`;
}

export function monitorHcl(m: MonitorSpec, vars: Vars, o: { page: boolean; dataSource: boolean }): string {
  let out = `resource "uptime_monitor" "${m.key}" {\n  name = ${hclString(m.name)}\n  url  = ${hclString(m.url)}\n`;
  const h = m.headers;
  if (h.form === 'null') out += '  request_headers = null\n';
  if (h.form === 'empty') out += '  request_headers = []\n';
  if (h.form === 'list')
    out += `  request_headers = [\n${h.items
      .map((x) => `    ${obj([`name = ${hclString(x.name)}`, ...secretAttrs('value', x.secret, vars)])},\n`)
      .join('')}  ]\n`;
  const a = m.auth;
  if (a.form === 'null') out += '  auth_config = null\n';
  if (a.form === 'none') out += '  auth_config = { type = "none" }\n';
  if (a.form === 'basic')
    out += `  auth_config = ${obj([
      'type = "basic"',
      `username = ${hclString(a.username)}`,
      ...secretAttrs('password', a.secret, vars),
    ])}\n`;
  out += expiryHcl('ssl_monitoring', m.ssl);
  out += expiryHcl('domain_monitoring', m.domain);
  out += '}\n';
  if (m.alerts) {
    out += `resource "uptime_monitor_alert_settings" "${m.key}" {\n  monitor_id = uptime_monitor.${m.key}.id\n`;
    const c = m.alerts.channels;
    if (c) {
      const parts: string[] = [];
      if (c.email !== null) parts.push(`email = ${c.email}`);
      if (c.sms !== null) parts.push(`sms = ${c.sms}`);
      out += `  channels = ${obj(parts)}\n`;
    }
    const s = m.alerts.slow;
    if (s) {
      const parts: string[] = [];
      if (s.enabled !== null) parts.push(`enabled = ${s.enabled}`);
      if (s.thresholdMs !== null) parts.push(`threshold_ms = ${s.thresholdMs}`);
      if (s.consecutiveLimit !== null) parts.push(`consecutive_limit = ${s.consecutiveLimit}`);
      out += `  slow_response_alerts = ${obj(parts)}\n`;
    }
    out += '}\n';
  }
  if (m.page && o.page) {
    const p = m.page;
    out += `resource "uptime_status_page" "${m.key}" {\n  monitor_id = uptime_monitor.${m.key}.id\n`;
    if (p.title !== null) out += `  title = ${hclString(p.title)}\n`;
    if (p.description !== null) out += `  description = ${hclString(p.description)}\n`;
    if (p.enabled !== null) out += `  enabled = ${p.enabled}\n`;
    if (p.noindex !== null) out += `  noindex = ${p.noindex}\n`;
    if (p.display) {
      const parts: string[] = [];
      if (p.display.uptimeTimeline !== null) parts.push(`uptime_timeline = ${p.display.uptimeTimeline}`);
      if (p.display.responseTime !== null) parts.push(`response_time = ${p.display.responseTime}`);
      out += `  display_options = ${obj(parts)}\n`;
    }
    out += '}\n';
  }
  if (o.dataSource)
    // depends_on: read at apply whenever the monitor changes, so state shows what the apply left.
    out += `data "uptime_monitor" "${m.key}" {\n  id         = uptime_monitor.${m.key}.id\n  depends_on = [uptime_monitor.${m.key}]\n}\n`;
  return out;
}

export function configHcl(
  monitors: MonitorSpec[],
  o: { page: boolean; dataSource: boolean },
): { main: string; tfvars: Record<string, string> } {
  const vars: Vars = { declared: new Map() };
  const body = monitors.map((m) => monitorHcl(m, vars, o)).join('\n');
  const decls = [...vars.declared].map(
    ([n, v]) =>
      `variable "${n}" {\n  type      = string\n  sensitive = true\n${v.ephemeral ? '  ephemeral = true\n' : ''}}\n`,
  );
  return {
    main: `${decls.join('')}\n${body}`,
    tfvars: Object.fromEntries([...vars.declared].map(([n, v]) => [n, v.value])),
  };
}

/** Every secret a configuration holds. */
export function secretsOf(monitors: MonitorSpec[]): string[] {
  const out: string[] = [];
  for (const m of monitors) {
    if (m.headers.form === 'list')
      for (const h of m.headers.items) if (h.secret.kind !== 'none') out.push(h.secret.value);
    if (m.auth.form === 'basic' && m.auth.secret.kind !== 'none') out.push(m.auth.secret.value);
  }
  return out;
}

// ---- What the service must hold ----

export interface RemoteHeader {
  id: number;
  name: string;
  value: string | null;
}
export interface Remote {
  headers: RemoteHeader[];
  auth: { type: 'none' | 'basic'; username: string | null; password: string | null };
  ssl: { enabled: boolean; warnDays: number };
  domain: { enabled: boolean; warnDays: number };
  alerts: {
    channels: { email: boolean; sms: boolean };
    /** `state` is read-only runtime data (spec: SlowResponseAlertSettings); the default is `healthy`
     *  (api-decisions: Alert settings) and only checks move it, so with no checks running it stays so. */
    slow: { enabled: boolean; thresholdMs: number; consecutiveLimit: number; state: 'healthy' | 'slow' };
  };
  page: {
    enabled: boolean;
    title: string | null;
    description: string | null;
    noindex: boolean;
    display: { uptimeTimeline: boolean; responseTime: boolean; incidents: boolean; recentHistory: boolean };
  };
}

const ALERT_DEFAULTS = {
  channels: { email: true, sms: false },
  slow: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' as const },
};

/** Whether a write-only value is sent: on create, when its version changes, when the state before held no version
 *  (stored before, another kind before, a secret reported gone, or an import) — never for a new value alone. */
function woSent(
  s: Extract<SecretForm, { kind: 'wo' }>,
  before: SecretForm | undefined,
  stateKept: boolean,
): boolean {
  return !stateKept || before?.kind !== 'wo' || before.version !== s.version;
}

/**
 * What the service holds after applying `spec` over `prev` (the spec last applied and what the service then held;
 * null: created now). `stateKept`: the state before the apply held the versions of the previous apply (false right
 * after `terraform import`, which cannot read secrets or versions).
 */
export function expectedRemote(
  spec: MonitorSpec,
  prev: { spec: MonitorSpec; remote: Remote; pageManaged: boolean } | null,
  o: { pageManaged: boolean; stateKept: boolean },
): Remote {
  const prevItems = prev?.spec.headers.form === 'list' ? prev.spec.headers.items : [];
  const items = spec.headers.form === 'list' ? spec.headers.items : [];
  const headers = items.map((h): RemoteHeader => {
    const before = prevItems.find((p) => p.id === h.id);
    const saved = prev?.remote.headers.find((r) => r.id === h.id)?.value ?? null;
    const s = h.secret;
    const value =
      s.kind === 'stored'
        ? s.value
        : s.kind === 'wo'
          ? woSent(s, before?.secret, o.stateKept)
            ? s.value
            : saved
          : saved;
    return { id: h.id, name: h.name, value };
  });
  let auth: Remote['auth'] = { type: 'none', username: null, password: null };
  if (spec.auth.form === 'basic') {
    const was = prev?.spec.auth.form === 'basic' ? prev.spec.auth : null;
    const saved = prev?.remote.auth.type === 'basic' ? prev.remote.auth.password : null;
    const s = spec.auth.secret;
    const password =
      s.kind === 'stored'
        ? s.value
        : s.kind === 'wo'
          ? woSent(s, was?.secret, o.stateKept)
            ? s.value
            : saved
          : saved;
    auth = { type: 'basic', username: spec.auth.username, password };
  }
  const expiry = (e: ExpirySpec) =>
    e.form === 'set' ? { enabled: e.enabled, warnDays: e.warnDays ?? 14 } : { enabled: false, warnDays: 14 };
  const a = spec.alerts;
  const alerts = {
    channels: {
      email: a?.channels?.email ?? ALERT_DEFAULTS.channels.email,
      sms: a?.channels?.sms ?? ALERT_DEFAULTS.channels.sms,
    },
    slow: {
      enabled: a?.slow?.enabled ?? ALERT_DEFAULTS.slow.enabled,
      thresholdMs: a?.slow?.thresholdMs ?? ALERT_DEFAULTS.slow.thresholdMs,
      consecutiveLimit: a?.slow?.consecutiveLimit ?? ALERT_DEFAULTS.slow.consecutiveLimit,
      state: ALERT_DEFAULTS.slow.state,
    },
  };
  const prevPage = prev?.remote.page ?? {
    enabled: false,
    title: null,
    description: null,
    noindex: false,
    display: { uptimeTimeline: true, responseTime: true, incidents: true, recentHistory: true },
  };
  let page = prevPage;
  const p = spec.page;
  if (p && o.pageManaged)
    page = {
      enabled: p.enabled ?? true,
      // "Omitted or null: not managed (the current title is kept and shown; the API cannot clear a title)."
      title: p.title ?? prevPage.title,
      description: p.description,
      noindex: p.noindex ?? false,
      display: {
        uptimeTimeline: p.display?.uptimeTimeline ?? true,
        responseTime: p.display?.responseTime ?? true,
        incidents: true,
        recentHistory: true,
      },
    };
  else if (prev?.pageManaged) page = { ...prevPage, enabled: false }; // "Destroy disables the page"
  return { headers, auth, ssl: expiry(spec.ssl), domain: expiry(spec.domain), alerts, page };
}

/**
 * Whether the first plan after `terraform import` (state read from the service: no secret, no version, a null for
 * what equals the service's default) must show a change: a secret or version in the configuration (docs: "the first
 * plan shows them as (sensitive value) / version changes"), or a null-equivalent spelled out (`[]`,
 * `{ type = "none" }`, a disabled expiry block at the default warn_days) where import reads null.
 */
export function importShowsChange(m: MonitorSpec): string[] {
  const why: string[] = [];
  if (m.headers.form === 'empty') why.push('request_headers = []');
  if (m.headers.form === 'list' && m.headers.items.some((h) => h.secret.kind !== 'none'))
    why.push('a header secret');
  if (m.auth.form === 'none') why.push('auth_config = { type = "none" }');
  if (m.auth.form === 'basic' && m.auth.secret.kind !== 'none') why.push('a password');
  for (const [attr, e] of [
    ['ssl_monitoring', m.ssl],
    ['domain_monitoring', m.domain],
  ] as const)
    if (e.form === 'set' && !e.enabled && (e.warnDays ?? 14) === 14) why.push(`${attr} disabled`);
  return why;
}

// ---- Changes ----

const toggleCase = (name: string) => (name === name.toLowerCase() ? name.toUpperCase() : name.toLowerCase());
const newSecret = (s: SecretForm, value: string, bump: boolean): SecretForm =>
  s.kind === 'wo'
    ? { ...s, value, version: s.version + (bump ? 1 : 0) }
    : s.kind === 'stored'
      ? { ...s, value }
      : s;

/** One change to one monitor, described for the failure message. A header keeps its id when it continues: a change
 *  of case or of its secret; a regenerated list gets names no earlier header had, so nothing continues by name. */
export function change(
  m: MonitorSpec,
  ids: { next: number },
): fc.Arbitrary<{ what: string; spec: MonitorSpec }> {
  const items = m.headers.form === 'list' ? m.headers.items : [];
  const withItems = (what: string, next: HeaderSpec[]) => ({
    what,
    spec: { ...m, headers: next.length ? { form: 'list' as const, items: next } : { form: 'null' as const } },
  });
  const options: fc.Arbitrary<{ what: string; spec: MonitorSpec }>[] = [
    fc.constantFrom(...HOSTILE_TEXT).map((name) => ({ what: 'name', spec: { ...m, name } })),
    authSpec().map((auth) => ({ what: `auth → ${JSON.stringify(auth)}`, spec: { ...m, auth } })),
    expirySpec().map((ssl) => ({ what: `ssl → ${JSON.stringify(ssl)}`, spec: { ...m, ssl } })),
    expirySpec().map((domain) => ({ what: `domain → ${JSON.stringify(domain)}`, spec: { ...m, domain } })),
    fc.option(alertsSpec(), { nil: null }).map((alerts) => ({
      what: `alerts → ${JSON.stringify(alerts)}`,
      spec: { ...m, alerts },
    })),
    fc
      .option(pageSpec(), { nil: null })
      .map((page) => ({ what: `page → ${JSON.stringify(page)}`, spec: { ...m, page } })),
    headersSpec(ids).map((h) => {
      const fresh =
        h.form === 'list'
          ? { form: 'list' as const, items: h.items.map((x) => ({ ...x, name: `${x.name}-r${x.id}` })) }
          : h;
      return { what: `headers → ${JSON.stringify(fresh)}`, spec: { ...m, headers: fresh } };
    }),
  ];
  if (items.length > 1)
    options.push(
      fc
        .shuffledSubarray(items, { minLength: items.length, maxLength: items.length })
        .map((next) => withItems('headers reordered', next)),
    );
  if (items.length) {
    const pick = fc.nat({ max: items.length - 1 });
    const names = new Set(items.map((x) => x.name));
    const recased = items.flatMap((x, i) => (names.has(toggleCase(x.name)) ? [] : [i]));
    const unused = [...DUP_NAMES, ...OTHER_NAMES].filter((n) => !names.has(n));
    if (recased.length)
      options.push(
        fc.constantFrom(...recased).map((i) =>
          withItems(
            `header ${i}: case of its name`,
            items.map((x, j) => (j === i ? { ...x, name: toggleCase(x.name) } : x)),
          ),
        ),
      );
    if (unused.length)
      options.push(
        fc
          .tuple(fc.constantFrom(...unused), secretForm(false))
          .map(([name, secret]) =>
            withItems(`header ${name} added`, [...items, { id: ids.next++, name, secret }]),
          ),
      );
    options.push(
      fc.tuple(pick, secretValue(), fc.boolean()).map(([i, v, bump]) =>
        withItems(
          `header ${i}: new value${bump ? ', version bumped' : ', same version'}`,
          items.map((x, j) => (j === i ? { ...x, secret: newSecret(x.secret, v, bump) } : x)),
        ),
      ),
      fc.tuple(pick, secretForm(false)).map(([i, s]) =>
        withItems(
          `header ${i}: secret → ${s.kind}`,
          items.map((x, j) => (j === i ? { ...x, secret: s } : x)),
        ),
      ),
      pick.map((i) =>
        withItems(
          `header ${i} removed`,
          items.filter((_, j) => j !== i),
        ),
      ),
    );
    // A header whose name no other shares (ignoring case) may drop its value: the saved one is kept.
    const unique = items
      .map((x, i) => [x, i] as const)
      .filter(([x]) => items.filter((y) => lower(y.name) === lower(x.name)).length === 1);
    if (unique.length)
      options.push(
        fc.constantFrom(...unique).map(([, i]) =>
          withItems(
            `header ${i}: value left out`,
            items.map((x, j) => (j === i ? { ...x, secret: { kind: 'none' as const } } : x)),
          ),
        ),
      );
  }
  if (m.auth.form === 'basic') {
    const a = m.auth;
    options.push(
      fc.tuple(secretValue(), fc.boolean()).map(([v, bump]) => ({
        what: `password: new value${bump ? ', version bumped' : ', same version'}`,
        spec: { ...m, auth: { ...a, secret: newSecret(a.secret, v, bump) } },
      })),
      fc
        .constantFrom('probe2', 'Monitor')
        .map((username) => ({ what: 'username', spec: { ...m, auth: { ...a, username } } })),
    );
  }
  return fc.oneof(...options);
}
