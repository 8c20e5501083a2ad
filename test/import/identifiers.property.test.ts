// Property: whatever the monitors, headers and destinations of an account are called — reserved words of TypeScript
// (all of them, from the compiler's own keyword table), digits first, only symbols, non-Latin scripts, emoji, names
// that differ only in case or punctuation, very long names, Terraform template sequences (`${…}`, `%{…}`, already
// doubled ones), backslashes, quotes, line breaks (CR, LF, U+2028), invisible and bidirectional characters — the
// generated identifiers are valid and unique in their language, over two incremental runs: the CDKTF app compiles
// (the TypeScript compiler checks every generated file against declaration stubs of the constructs), its construct
// ids are unique and clear of the provider's, and the HCL resource and data source names are HCL identifiers, unique
// per type. And names are data: read back the way Terraform reads them (HCL: the quoted-template grammar; CDKTF: the
// TypeScript literal, then the Terraform JSON template cdktf passes it to), every name, title, header name and label
// is the service's text byte for byte, no template sequence is live, and no text leaves its literal or comment to
// become code. A failure prints fast-check's seed; IMPORT_PROPERTY_SEED=<seed> replays it.
import { Construct } from 'constructs';
import fc from 'fast-check';
import ts from 'typescript';
import { DECIDED, type AlertDestination, type Monitor, type StatusPage } from '../../src/api/index.js';
import type { Account } from '../../src/import/account.js';
import * as cdktf from '../../src/import/cdktf.js';
import * as hcl from '../../src/import/hcl.js';
import { plan, type ImportSet, type Known } from '../../src/import/model.js';

const RUNS = Number(process.env.IMPORT_PROPERTY_RUNS ?? 100);
const SEED = process.env.IMPORT_PROPERTY_SEED ? Number(process.env.IMPORT_PROPERTY_SEED) : undefined;

const KEYWORDS: string[] = [];
for (let k = ts.SyntaxKind.FirstKeyword; k <= ts.SyntaxKind.LastKeyword; k++) {
  const word = ts.tokenToString(k);
  if (word) KEYWORDS.push(word);
}
const SPECIAL = [
  'Uptime',
  'uptime',
  'scope',
  'define',
  'importedMonitors',
  'constructor',
  '__proto__',
  'toString',
  'prototype',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  'undefined',
  'globalThis',
  'arguments',
  'eval',
  'monitor',
  'monitor_2',
  ...Object.getOwnPropertyNames(Object.prototype),
];

/** What Terraform would evaluate, escape or mis-read, and what would end a string or a comment in generated code. */
const TEMPLATE_AND_ESCAPES = [
  '${var.secret}',
  '${file("/etc/passwd")}',
  '%{ if true }x%{ endif }',
  '$${already escaped}',
  '%%{already escaped}',
  '$$${x}',
  '${',
  '%{',
  '\\',
  '\\${x}',
  'C:\\path\\',
  'say "hi"',
  "it's",
  'line\nbreak',
  'cr\r\nlf',
  'tab\there',
  'sep\u2028arator\u2029',
  'bidi \u202eevil\u202c',
  'nb\u00a0sp zw\u200bsp',
  'nul\u0000 bell\u0007 del\u007f nel\u0085',
  '*/ // # -->',
  '\u{1f4a5}\u{10ffff}',
];
const TEMPLATE_CHARS = [
  '$',
  '%',
  '{',
  '}',
  '\\',
  '"',
  "'",
  '\n',
  '\r',
  '\u2028',
  '~',
  'a',
  ' ',
  '/',
  '#',
  '*',
];

const hostileName = fc.oneof(
  fc.constantFrom(...TEMPLATE_AND_ESCAPES),
  fc.array(fc.constantFrom(...TEMPLATE_CHARS), { minLength: 1, maxLength: 14 }).map((a) => a.join('')),
  fc.constantFrom(...KEYWORDS, ...SPECIAL),
  fc.constantFrom(...KEYWORDS).map((k) => `  ${k.toUpperCase()}!`),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.stringMatching(/^[0-9][0-9a-z _.-]{0,12}$/),
  fc.stringMatching(/^[!-/:-@[-`{-~ ]{1,10}$/),
  fc.constantFrom('日本語のモニター', 'Проверка связи', 'مراقب', '💥🔥', 'e\u0301cole', 'İstanbul', 'ß'),
  fc.string({ minLength: 61, maxLength: 120 }),
);

/** A name and the ones that differ from it only in case or punctuation. */
const withVariants = hostileName.chain((n) =>
  fc.subarray([n, n.toUpperCase(), n.toLowerCase(), `${n}!`, `-${n}-`, n.replace(/ /g, '_')], {
    minLength: 1,
  }),
);

const ID = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const DEST = (i: number) => `dest_email_${String(i).padStart(24, '0')}`;

function account(names: string[], labels: string[], first: number, headerNames: string[] = []): Account {
  const destinations: AlertDestination[] = labels.map((label, i) => ({
    id: DEST(i),
    channel: 'email',
    value: `d${i}@example.com`,
    maskedValue: 'd…',
    label,
    isDefault: i === 0,
  }));
  const monitors = names.map(
    (name, k) =>
      ({
        id: ID(first + k),
        name,
        url: `https://m${first + k}.example.com/`,
        type: 'http',
        enabled: true,
        archived: false,
        status: 'up',
        createdAt: `2026-01-01T00:00:${String(k % 60).padStart(2, '0')}Z`,
        ...DECIDED.monitorDefaults,
        acceptedStatusCodes: [],
        // A service may send any header name back; saved values are written as a comment naming the headers.
        requestHeaders: headerNames.map((h, i) => ({ name: h, valueSet: i % 2 === 0 })),
      }) as Monitor,
  );
  const alertSettings = new Map(
    monitors
      .filter((_m, k) => labels.length > 1 && k % 2 === 0)
      .map((m, k) => [
        m.id,
        {
          monitorId: m.id,
          version: 'v1',
          channels: { email: true, sms: false },
          destinationIds: { email: DEST(k % labels.length), sms: null },
          slowResponseAlerts: {
            ...DECIDED.alertSettingsDefaults.slowResponseAlerts,
            state: 'healthy' as const,
          },
        },
      ]),
  );
  const statusPages = new Map<string, StatusPage>(
    monitors
      .filter((_m, k) => k % 3 === 0)
      .map((m) => [
        m.id,
        {
          monitorId: m.id,
          ...DECIDED.statusPageDefaults,
          displayOptions: { ...DECIDED.statusPageDefaults.displayOptions },
          enabled: true,
          title: m.name,
        } as StatusPage,
      ]),
  );
  return { monitors, alertSettings, statusPages, destinations };
}

/** What index.ts records after a run. */
function remember(known: Known, set: ImportSet): void {
  for (const x of set.objects) {
    known.names[x.id] = x.monitor;
    known.imported.add(`${x.type}/${x.id}`);
  }
  for (const l of set.lookups) known.lookups[l.name] = `${l.channel}/${l.label}`;
}

const STUBS: Record<string, string> = {
  '/lib.d.ts':
    'interface Array<T> { length: number; [n: number]: T } interface Boolean {} interface Function {} ' +
    'interface CallableFunction {} interface NewableFunction {} interface IArguments {} interface Number {} ' +
    'interface Object {} interface RegExp {} interface String {} interface Symbol {}',
  '/stubs/constructs.d.ts': 'export interface Construct { readonly node: unknown }',
  '/stubs/cdktf.d.ts':
    "import type { Construct } from 'constructs';\n" +
    'export declare class App implements Construct { readonly node: unknown; synth(): void }\n' +
    'export declare class TerraformStack implements Construct { readonly node: unknown; constructor(scope: Construct, id: string) }',
  '/stubs/uptime.d.ts':
    "import type { Construct } from 'constructs';\n" +
    'export declare class UptimeAlertDestination<C extends string = string> {\n' +
    '  static lookup<C extends string>(scope: Construct, channel: C, label: string): UptimeAlertDestination<C>;\n' +
    '}\n' +
    'export declare class UptimeMonitor {\n' +
    '  constructor(scope: Construct, id: string, props: { [prop: string]: unknown });\n' +
    '  readonly monitor: { archived: boolean; importFrom(id: string): void };\n' +
    '  readonly alertSettings?: { importFrom(id: string): void };\n' +
    '  readonly statusPage?: { resource: { importFrom(id: string): void } };\n' +
    '}\n' +
    'export declare namespace provider {\n' +
    '  class UptimeProvider { constructor(scope: Construct, id: string, props: {}) }\n' +
    '}',
};

const OPTIONS: ts.CompilerOptions = {
  noLib: true,
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  baseUrl: '/',
  paths: {
    constructs: ['stubs/constructs.d.ts'],
    cdktf: ['stubs/cdktf.d.ts'],
    'terraform-provider-uptime/cdktf': ['stubs/uptime.d.ts'],
  },
  types: [],
};

/** The compiler's diagnostics for the generated app (empty: it compiles). */
function compile(app: Record<string, string>): string[] {
  const files: Record<string, string> = { ...STUBS };
  for (const [name, text] of Object.entries(app)) files[`/app/${name}`] = text;
  const host = ts.createCompilerHost(OPTIONS);
  host.getSourceFile = (name, version) =>
    name in files ? ts.createSourceFile(name, files[name]!, version, true) : undefined;
  host.fileExists = (name) => name in files;
  host.readFile = (name) => files[name];
  host.getCurrentDirectory = () => '/app';
  host.getDefaultLibFileName = () => '/lib.d.ts';
  host.directoryExists = (d) => Object.keys(files).some((f) => f.startsWith(`${d.replace(/\/$/, '')}/`));
  host.getDirectories = () => [];
  const roots = Object.keys(app).map((n) => `/app/${n}`);
  const program = ts.createProgram([...roots, '/lib.d.ts'], OPTIONS, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file?.fileName ?? ''}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}` +
        (d.file && d.start !== undefined
          ? ` at: ${d.file.text.slice(d.start, d.start + 60).split('\n')[0]}`
          : ''),
    );
}

const HCL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

test('the oracle is not vacuous: a reserved word, a redeclared variable and a shadowed parameter do not compile', () => {
  const file = (body: string) => ({
    'x.ts': `import type { Construct } from 'constructs';\nexport function define(scope: Construct): void {\n${body}\n}\n`,
  });
  expect(compile(file('const ok = 1; void ok;'))).toEqual([]);
  expect(compile(file('const class = 1;')).join()).toMatch(/TS1389/);
  expect(compile(file('const a = 1; const a = 2;')).join()).toMatch(/TS2451/);
  expect(compile(file('const scope = 1;')).join()).toMatch(/TS2300|TS2451|TS2397|TS2448/);
});

test('generated identifiers are valid and unique for any names (CDKTF compiles; HCL names are identifiers)', () => {
  fc.assert(
    fc.property(
      fc.array(withVariants, { minLength: 1, maxLength: 12 }).map((g) => g.flat()),
      fc.array(withVariants, { minLength: 1, maxLength: 12 }).map((g) => g.flat()),
      fc.uniqueArray(hostileName, { minLength: 0, maxLength: 5 }),
      (firstNames, laterNames, labels) => {
        const usable = labels.filter((l) => l !== '');
        // CDKTF, two runs: imported-1.ts, imported-2.ts, imported-index.ts, main.ts.
        const known: Known = { names: {}, imported: new Set(), lookups: {} };
        const lookups: Record<string, string> = {};
        const app: Record<string, string> = {};
        const ids: string[] = [];
        for (const [run, names, first] of [
          [1, firstNames, 0],
          [2, laterNames, 1000],
        ] as const) {
          const set = plan(account(names, usable, first), known, cdktf.RESERVED_CONSTRUCT_IDS);
          for (const l of set.lookups) lookups[l.name] = `${l.channel}/${l.label}`;
          for (const [name, text] of cdktf.files(set, run, '0.1.0', lookups)) {
            expect(name).toMatch(/^[a-z][a-z0-9.-]*$/); // file names never come from names
            if (name.endsWith('.ts')) app[name] = text;
          }
          for (const m of app[`imported-${run}.ts`]!.matchAll(
            /new UptimeMonitor\(scope, ("(?:[^"\\]|\\.)*")/g,
          ))
            ids.push(JSON.parse(m[1]!) as string);
          remember(known, set);
        }
        app['imported-index.ts'] = cdktf.index([1, 2]);
        expect(compile(app)).toEqual([]);
        // Construct ids: unique, and none the stack already uses (main.ts's provider).
        const stackIds = [...app['main.ts']!.matchAll(/new provider\.UptimeProvider\(this, '([^']+)'/g)].map(
          (m) => m[1]!,
        );
        expect(stackIds).toEqual(['uptime']);
        // The constructs library itself decides: each id added to one stack (after the provider's) is accepted.
        const stack = new Construct(undefined as unknown as Construct, 'monitors');
        for (const id of [...stackIds, ...ids]) expect(() => new Construct(stack, id)).not.toThrow();
        expect(ids).toHaveLength(firstNames.length + laterNames.length);
        for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);

        // HCL, two runs: every resource and data source name an identifier, unique per type.
        const hknown: Known = { names: {}, imported: new Set(), lookups: {} };
        const text: string[] = [];
        for (const [names, first] of [
          [firstNames, 0],
          [laterNames, 1000],
        ] as const) {
          const set = plan(account(names, usable, first), hknown);
          text.push(hcl.lookups(set.lookups), hcl.objects(set.objects));
          remember(hknown, set);
        }
        const blocks = [...text.join('\n').matchAll(/^(resource|data) "([^"]+)" "([^"]*)" \{$/gm)];
        const seen = new Set<string>();
        for (const [, kind, type, name] of blocks) {
          expect(name).toMatch(HCL_IDENTIFIER);
          expect(seen.has(`${kind}.${type}.${name}`)).toBe(false);
          seen.add(`${kind}.${type}.${name}`);
        }
        expect(blocks.filter((b) => b[2] === 'uptime_monitor')).toHaveLength(
          firstNames.length + laterNames.length,
        );
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});

// ---- Names are data: the oracles read generated code the way Terraform and TypeScript do ----

/** A Terraform template's value when it holds no interpolation or directive (`$${` → `${`, `%%{` → `%{`); throws on a
 *  live `${` or `%{`, which Terraform would evaluate. The grammar of hclsyntax's template scanner, written out here. */
function literalTemplate(t: string): string {
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if ((c === '$' || c === '%') && t[i + 1] === '{')
      throw new Error(`live template sequence in ${JSON.stringify(t)}`);
    if ((c === '$' || c === '%') && t[i + 1] === c && t[i + 2] === '{') {
      out += `${c}{`;
      i += 2;
    } else out += c;
  }
  return out;
}

type HclValue =
  string | number | boolean | null | HclValue[] | { [k: string]: HclValue } | { traversal: string };

/** A one-line HCL expression as `terraform fmt` writes ours: quoted strings (HCL escapes, then the template), numbers,
 *  literals, tuples, objects and traversals. Throws unless the whole text is one expression. */
function parseHcl(src: string): HclValue {
  let i = 0;
  const ws = () => {
    while (src[i] === ' ') i++;
  };
  const expect = (ch: string) => {
    ws();
    if (src[i] !== ch) throw new Error(`expected ${ch} at ${i} in ${src}`);
    i++;
  };
  const str = (): string => {
    expect('"');
    // Escapes are resolved by the scanner before templates: an escaped character never starts `${` or `%{`.
    const parts: { escaped: boolean; text: string }[] = [];
    const add = (escaped: boolean, text: string) => parts.push({ escaped, text });
    for (;;) {
      const c = src[i++];
      if (c === undefined || c === '\n' || c === '\r') throw new Error(`unterminated string in ${src}`);
      if (c === '"') break;
      if (c === '\\') {
        const e = src[i++]!;
        const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };
        if (e in simple) add(true, simple[e]!);
        else if (e === 'u' || e === 'U') {
          const n = e === 'u' ? 4 : 8;
          add(true, String.fromCodePoint(parseInt(src.slice(i, i + n), 16)));
          i += n;
        } else throw new Error(`unknown escape \\${e} in ${src}`);
      } else add(false, c);
    }
    let out = '';
    let raw = '';
    for (const p of parts) {
      if (!p.escaped) raw += p.text;
      else {
        out += literalTemplate(raw) + p.text;
        raw = '';
      }
    }
    return out + literalTemplate(raw);
  };
  const value = (): HclValue => {
    ws();
    const c = src[i];
    if (c === '"') return str();
    if (c === '[') {
      i++;
      const out: HclValue[] = [];
      ws();
      if (src[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (src[i] === ',') i++;
        else break;
      }
      expect(']');
      return out;
    }
    if (c === '{') {
      i++;
      const out: Record<string, HclValue> = {};
      ws();
      if (src[i] === '}') return (i++, out);
      for (;;) {
        ws();
        const key = src[i] === '"' ? str() : /^[A-Za-z_][A-Za-z0-9_-]*/.exec(src.slice(i))![0];
        if (src[i] !== '"') i += key.length;
        expect('=');
        out[key] = value();
        ws();
        if (src[i] === ',') i++;
        else break;
      }
      expect('}');
      return out;
    }
    const m =
      /^(-?\d+(\.\d+)?|true|false|null|[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*|\[\d+\])*)/.exec(
        src.slice(i),
      );
    if (!m) throw new Error(`no expression at ${i} in ${src}`);
    i += m[0].length;
    if (m[0] === 'true' || m[0] === 'false') return m[0] === 'true';
    if (m[0] === 'null') return null;
    if (/^-?\d/.test(m[0])) return Number(m[0]);
    return { traversal: m[0] };
  };
  const v = value();
  ws();
  if (i !== src.length) throw new Error(`text after the expression at ${i}: ${src}`);
  return v;
}

/** Every line of our HCL output classified; resources and import blocks as parsed values. Throws on a line that is
 *  none of: blank, comment, a block opener or closer, an attribute whose whole value is one expression. */
function readHcl(text: string): {
  blocks: { kind: string; labels: string[]; attrs: Record<string, HclValue> }[];
} {
  const blocks: { kind: string; labels: string[]; attrs: Record<string, HclValue> }[] = [];
  let current: (typeof blocks)[number] | null = null;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const open = /^(import|resource|data) ?((?:"[a-z0-9_]+" ?)*)\{$/.exec(t);
    if (open && !current) {
      current = { kind: open[1]!, labels: [...open[2]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!), attrs: {} };
      continue;
    }
    if (t === '}' && current) {
      blocks.push(current);
      current = null;
      continue;
    }
    const attr = /^([A-Za-z_][A-Za-z0-9_]*) +=(.*)$/.exec(t);
    if (!attr || !current) throw new Error(`unexpected line: ${JSON.stringify(line)}`);
    current.attrs[attr[1]!] = parseHcl(attr[2]!.trim());
  }
  if (current) throw new Error('unclosed block');
  return { blocks };
}

/** What one generated CDKTF module says, read with the TypeScript parser: per monitor its id (from importFrom) and
 *  props; the lookups' labels. Throws on any statement of `define` that is not a monitor or an importFrom/archived. */
function readCdktf(text: string): { monitors: Map<string, ts.ObjectLiteralExpression>; labels: string[] } {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022, true);
  const fn = sf.statements.find(ts.isFunctionDeclaration)!;
  const props = new Map<string, ts.ObjectLiteralExpression>();
  const monitors = new Map<string, ts.ObjectLiteralExpression>();
  const labels: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.getText(sf) === 'UptimeAlertDestination.lookup')
      labels.push(literalTemplate((n.arguments[2] as ts.StringLiteral).text));
    ts.forEachChild(n, visit);
  };
  for (const st of fn.body!.statements) {
    visit(st);
    if (ts.isVariableStatement(st)) {
      const d = st.declarationList.declarations[0]!;
      const init = d.initializer as ts.NewExpression;
      if (init.expression.getText(sf) !== 'UptimeMonitor') throw new Error(`unexpected: ${st.getText(sf)}`);
      props.set(d.name.getText(sf), init.arguments![2] as ts.ObjectLiteralExpression);
      continue;
    }
    const call = ts.isExpressionStatement(st) ? st.expression : undefined;
    if (call && ts.isCallExpression(call) && call.expression.getText(sf).endsWith('.monitor.importFrom')) {
      const v = call.expression.getText(sf).split('.')[0]!;
      monitors.set(literalTemplate((call.arguments[0] as ts.StringLiteral).text), props.get(v)!);
      continue;
    }
    const t = st.getText(sf);
    if (
      !/^[a-z_0-9]+\.(alertSettings\?\.importFrom|statusPage\?\.resource\.importFrom)\("[^"]+"\);$|^[a-z_0-9]+\.monitor\.archived = true;$/.test(
        t,
      )
    )
      throw new Error(`unexpected statement: ${t}`);
  }
  return { monitors, labels };
}

/** A prop of an object literal as the value the provider receives (string literals read as templates). */
function propValue(o: ts.ObjectLiteralExpression, name: string): unknown {
  const p = o.properties.find((x) => ts.isPropertyAssignment(x) && x.name.getText() === name) as
    ts.PropertyAssignment | undefined;
  if (!p) return undefined;
  const read = (e: ts.Expression): unknown => {
    if (ts.isStringLiteral(e)) return literalTemplate(e.text);
    if (ts.isArrayLiteralExpression(e)) return e.elements.map(read);
    if (ts.isObjectLiteralExpression(e))
      return Object.fromEntries(
        e.properties.map((x) => [x.name!.getText(), read((x as ts.PropertyAssignment).initializer)]),
      );
    return e.getText();
  };
  return read(p.initializer);
}

test('names are data: every name, title, header name and label reads back byte for byte, never as code', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(hostileName, { minLength: 1, maxLength: 10 }),
      fc.uniqueArray(hostileName, { minLength: 0, maxLength: 4 }),
      fc.uniqueArray(
        hostileName.filter((l) => l !== ''),
        { minLength: 2, maxLength: 5 },
      ),
      (names, headerNames, labels) => {
        const acct = account(names, labels, 0, headerNames);
        const byId = new Map(acct.monitors.map((m) => [m.id, m]));
        const empty = (): Known => ({ names: {}, imported: new Set(), lookups: {} });

        const set = plan(acct, empty());
        const { blocks } = readHcl([hcl.lookups(set.lookups), hcl.objects(set.objects)].join('\n'));
        const resources = new Map(
          blocks.filter((b) => b.kind === 'resource').map((b) => [b.labels.join('.'), b]),
        );
        const imports = blocks.filter((b) => b.kind === 'import');
        expect(imports).toHaveLength(set.objects.length);
        for (const imp of imports) {
          const id = imp.attrs.id as string;
          const to = (imp.attrs.to as { traversal: string }).traversal;
          const r = resources.get(to)!;
          if (to.startsWith('uptime_monitor.')) {
            expect(r.attrs.name).toBe(byId.get(id)!.name);
            const headers = (r.attrs.request_headers as { name: string }[] | undefined) ?? [];
            expect(headers.map((h) => h.name)).toEqual(headerNames);
          }
          if (to.startsWith('uptime_status_page.')) expect(r.attrs.title).toBe(byId.get(id)!.name);
        }
        const hclLabels = blocks.filter((b) => b.kind === 'data').map((b) => b.attrs.label);
        for (const l of hclLabels) expect(labels).toContain(l);

        const lookups: Record<string, string> = {};
        const cset = plan(acct, empty(), cdktf.RESERVED_CONSTRUCT_IDS);
        for (const l of cset.lookups) lookups[l.name] = `${l.channel}/${l.label}`;
        const files = Object.fromEntries(cdktf.files(cset, 1, '0.1.0', lookups));
        const { monitors, labels: tsLabels } = readCdktf(files['imported-1.ts']!);
        expect([...monitors.keys()].sort()).toEqual([...byId.keys()].sort());
        for (const [id, props] of monitors) {
          expect(propValue(props, 'name')).toBe(byId.get(id)!.name);
          const headers = (propValue(props, 'requestHeaders') as { name: string }[] | undefined) ?? [];
          expect(headers.map((h) => h.name)).toEqual(headerNames);
          const page = propValue(props, 'statusPage') as { title?: string } | undefined;
          if (acct.statusPages.has(id)) expect(page?.title).toBe(byId.get(id)!.name);
        }
        for (const l of tsLabels) expect(labels).toContain(l);
        expect(new Set(tsLabels)).toEqual(new Set(hclLabels));
        expect(compile({ ...files, 'imported-index.ts': cdktf.index([1]) })).toEqual([]);
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});

test('the oracles are not vacuous: an unescaped name is caught in HCL and in CDKTF', () => {
  expect(() => parseHcl('"${var.secret}"')).toThrow(/live template/);
  expect(() => parseHcl('"a"b"')).toThrow(/text after/);
  expect(() => readHcl('resource "uptime_monitor" "x" {\n  # a\nb = 1\n}')).not.toThrow();
  expect(() => readHcl('resource "uptime_monitor" "x" {\n  # a\n  name = "x" }\n}')).toThrow();
  expect(parseHcl('"$${x} %%{y} \\\\ \\" \\u2028 \\U0001f4a5"')).toBe('${x} %{y} \\ " \u2028 \u{1f4a5}');
  expect(() => literalTemplate('%{ if true }')).toThrow(/live template/);
  expect(literalTemplate('$$${x}')).toBe('$${x}');
  const code = 'export function define(scope: Construct): void {\n  // x\n  y();\n}\n';
  expect(() => readCdktf(code)).toThrow(/unexpected statement/);
});
