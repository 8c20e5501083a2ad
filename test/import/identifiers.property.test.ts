// Property: whatever the monitors and destinations of an account are called — reserved words of TypeScript (all of
// them, from the compiler's own keyword table), digits first, only symbols, non-Latin scripts, emoji, names that
// differ only in case or punctuation, very long names — the generated identifiers are valid and unique in their
// language, over two incremental runs: the CDKTF app compiles (the TypeScript compiler checks every generated file
// against declaration stubs of the constructs), its construct ids are unique and clear of the provider's, and the
// HCL resource and data source names are HCL identifiers, unique per type. A failure prints fast-check's seed;
// IMPORT_PROPERTY_SEED=<seed> replays it.
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

const hostileName = fc.oneof(
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

function account(names: string[], labels: string[], first: number): Account {
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
