// The CDKTF output: a TypeScript app on the product constructs (`UptimeMonitor`, destination lookups) with stable
// construct ids and `importFrom` calls. main.ts is written once (the user's to edit); each run adds
// `imported-<n>.ts` and rewrites `imported-index.ts`, which only lists them.
import { DECIDED, type AlertChannel } from '../api/index.js';
import { attributeName, constructProp, isBlock } from '../provider/fields/field.js';
import { monitorTable } from '../provider/fields/monitor.js';
import { commentText, escapeTemplate, quotedText } from '../protocol/template.js';
import { bindingsModule, projectFiles, type CdkLibrary } from './cdktf-project.js';
import { savedSecretAdvice, type Attr, type ImportObject, type ImportSet, type Value } from './model.js';

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** What a `const` in the generated module may not be called: reserved words (TS1389), words strict mode and ES
 *  modules forbid, and the names the module itself uses. */
const NOT_A_VARIABLE = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await eval arguments undefined ' +
    'require exports module scope define'
  ).split(' '),
);

/** Construct ids the generated stack cannot give a monitor: the provider's (main.ts), and the names of
 *  Object.prototype (`constructor` …), which the constructs library takes for an existing child. Passed to the
 *  model as taken names. */
export const RESERVED_CONSTRUCT_IDS = ['uptime', ...Object.getOwnPropertyNames(Object.prototype)];

/** The variable for a resource name. Names are slugs (`[a-z][a-z0-9_]*`, never ending in `_`), so a trailing `_`
 *  makes a reserved one valid without meeting another name. */
export function variableName(resourceName: string): string {
  return NOT_A_VARIABLE.has(resourceName) ? `${resourceName}_` : resourceName;
}
/** A TypeScript literal of our own value (a construct id, a number, a boolean). */
const ts = (v: unknown) => JSON.stringify(v);
/** A TypeScript string literal of text from the service: a Terraform template whose value is the text (cdktf passes
 *  strings through to Terraform JSON, where `${` and `%{` would be evaluated), invisible characters escaped. */
export const tsText = (s: string): string => quotedText(escapeTemplate(s));

function get(attrs: Attr[], name: string): Value | undefined {
  return attrs.find((a) => a.name === name)?.value;
}

/** Destination lookups by name: `channel/label`. */
type Lookups = Record<string, string>;

/** A Value as TypeScript, with snake_case keys in camelCase (construct props). */
function tsValue(v: Value, lookups: Lookups): string {
  if (typeof v === 'string') return tsText(v);
  if (v === null || typeof v !== 'object') return ts(v);
  if (Array.isArray(v)) return `[${v.map((x) => tsValue(x, lookups)).join(', ')}]`;
  if ('destination' in v && typeof v.destination === 'string') {
    const [channel, ...label] = (lookups[v.destination] ?? '').split('/');
    return `UptimeAlertDestination.lookup(scope, ${tsText(channel ?? '')}, ${tsText(label.join('/'))})`;
  }
  return `{ ${Object.entries(v as Record<string, Value>)
    .map(([k, x]) => `${camel(k)}: ${tsValue(x, lookups)}`)
    .join(', ')} }`;
}

/** The monitor's blocks as construct props: attribute → prop name and the fields the construct sets itself (from the
 *  declarations, src/provider/fields/monitor.ts). */
const MONITOR_BLOCK_PROPS = new Map(
  Object.entries(monitorTable).flatMap(([api, d]) => {
    if (!isBlock(d)) return [];
    const { prop, fixed } = constructProp(api, d);
    const set = new Set(Object.keys(fixed).map((k) => attributeName(k, d.fields[k]!)));
    return [[attributeName(api, d), { prop, fixed: set }] as const];
  }),
);

function monitorBlock(
  o: ImportObject,
  alerts: ImportObject | undefined,
  page: ImportObject | undefined,
  lookups: Lookups,
): string[] {
  const lines: string[] = [];
  const props: string[] = [];
  let archived = false;
  for (const a of o.attrs) {
    // The constructs have no archived prop (an archived monitor is not something to build): set it on the resource.
    if (a.name === 'archived') {
      archived = a.value === true;
      continue;
    }
    if (a.saved) for (const c of savedSecretAdvice(a.saved, 'cdktf')) props.push(`    // ${commentText(c)}`);
    const block = MONITOR_BLOCK_PROPS.get(a.name);
    let v = a.value;
    if (block && v && typeof v === 'object' && !Array.isArray(v))
      v = Object.fromEntries(Object.entries(v).filter(([k]) => !block.fixed.has(k)));
    props.push(`    ${block?.prop ?? camel(a.name)}: ${tsValue(v, lookups)},`);
  }
  let alertsImported = false;
  if (alerts) {
    const ch = (get(alerts.attrs, 'channels') ?? DECIDED.alertSettingsDefaults.channels) as Record<
      string,
      Value
    >;
    const ids = (get(alerts.attrs, 'destination_ids') ?? {}) as Record<string, Value>;
    const slow = get(alerts.attrs, 'slow_response_alerts') as Record<string, Value> | undefined;
    const channelOk = (c: AlertChannel) => !ch[c] || (ids[c] && typeof ids[c] === 'object');
    if (channelOk('email') && channelOk('sms')) {
      const parts = [
        `email: ${ch.email ? tsValue(ids.email!, lookups) : 'false'}`,
        `sms: ${ch.sms ? tsValue(ids.sms!, lookups) : 'false'}`,
      ];
      if (slow?.enabled)
        parts.push(
          `slowResponse: { thresholdMs: ${ts(slow.threshold_ms)}, consecutiveLimit: ${ts(slow.consecutive_limit)} }`,
        );
      else parts.push('slowResponse: false');
      props.push(`    alerts: { ${parts.join(', ')} },`);
      alertsImported = true;
    } else {
      props.push(
        '    // Alert settings are left as they are (not managed): a channel sends to a destination without a unique',
        '    // label, which the constructs cannot look up. Manage them with an uptime_monitor_alert_settings resource.',
      );
    }
  }
  if (page) {
    const p = page.attrs.filter((a) => a.name !== 'monitor_id');
    props.push(
      `    statusPage: { ${p.map((a) => `${camel(a.name)}: ${tsValue(a.value, lookups)}`).join(', ')} },`,
    );
  }
  const v = variableName(o.name);
  lines.push(`  const ${v} = new UptimeMonitor(scope, ${ts(o.name)}, {`, ...props, '  });');
  if (archived) lines.push(`  ${v}.monitor.archived = true; // archived in the service: imported as it is`);
  lines.push(`  ${v}.monitor.importFrom(${tsText(o.id)});`);
  if (alertsImported) lines.push(`  ${v}.alertSettings?.importFrom(${tsText(o.id)});`);
  if (page) lines.push(`  ${v}.statusPage?.resource.importFrom(${tsText(o.id)});`);
  return lines;
}

/** imported-<run>.ts, and on the first run the project (cdktf-project.ts). `library` defaults to what imports wrote
 *  before it could be chosen. */
export function files(
  set: ImportSet,
  run: number,
  version: string,
  lookups: Lookups,
  library: CdkLibrary = 'cdktf',
): [string, string][] {
  const out: [string, string][] = [];
  const byMonitor = new Map<string, ImportObject[]>();
  for (const o of set.objects) byMonitor.set(o.monitor, [...(byMonitor.get(o.monitor) ?? []), o]);
  const body: string[] = [];
  for (const group of byMonitor.values()) {
    const m = group.find((o) => o.type === 'uptime_monitor');
    if (!m) continue; // settings of a monitor imported earlier: kept as they are
    body.push(
      ...monitorBlock(
        m,
        group.find((o) => o.type === 'uptime_monitor_alert_settings'),
        group.find((o) => o.type === 'uptime_status_page'),
        lookups,
      ),
      '',
    );
  }
  out.push([
    `imported-${run}.ts`,
    [
      `// Written by \`uptimectl import\` (run ${run}). Edit freely; a later run adds new monitors in a new file.`,
      '// The importFrom calls can be removed after the first `npm run deploy` has imported the monitors.',
      "import type { Construct } from 'constructs';",
      `import { UptimeAlertDestination, UptimeMonitor } from '${bindingsModule(library)}';`,
      '',
      '// Destinations are looked up by channel and label (UptimeAlertDestination.lookup is cached per stack).',
      'export function define(scope: Construct): void {',
      ...body,
      '}',
      '',
    ].join('\n'),
  ]);
  return [...out, ...(run === 1 ? projectFiles(version, library) : [])];
}

/** Rewritten on every run: the list of imported-<n>.ts modules, in order. */
export function index(runs: number[]): string {
  return [
    '// Written by `uptimectl import` on every run: the list of imported-<n>.ts modules. Do not edit.',
    "import type { Construct } from 'constructs';",
    ...runs.map((n) => `import { define as define${n} } from './imported-${n}.js';`),
    '',
    'export function importedMonitors(scope: Construct): void {',
    ...runs.map((n) => `  define${n}(scope);`),
    '}',
    '',
  ].join('\n');
}
