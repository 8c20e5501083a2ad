// docs/constructs.md: the reference of the product constructs (UptimeMonitor, UptimeMonitorGroup, destinations,
// status page, lookups, the coverage aspect), read from their TypeScript declarations and TSDoc (the one wording of each prop: plain fields
// come from the field declarations through the generated props). Written by `npm run docs`, checked by its staleness test.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The documented constructs and the props interfaces they take, in reading order. */
const SECTIONS: { construct: string; summary: string; interfaces: string[] }[] = [
  {
    construct: 'UptimeMonitor',
    summary: 'One monitor, with its alert settings and status page when given.',
    interfaces: [
      'UptimeMonitorProps',
      'UptimeRequestHeader',
      'UptimeBasicAuth',
      'UptimeExpiryMonitoring',
      'UptimeMonitorAlerts',
      'UptimeSlowResponseAlerts',
    ],
  },
  {
    construct: 'UptimeMonitorGroup',
    summary: 'Monitors sharing defaults (`group.addMonitor(id, props)`).',
    interfaces: ['UptimeMonitorGroupProps', 'UptimeMonitorSettings'],
  },
  {
    construct: 'UptimeAlertDestination',
    summary:
      'A verified alert destination found by channel and label (`UptimeAlertDestination.lookup(scope, channel, label)`).',
    interfaces: ['UptimeAlertDestinationProps'],
  },
  {
    construct: 'UptimeStatusPage',
    summary: "A monitor's public status page (also `statusPage` on UptimeMonitor).",
    interfaces: ['UptimeStatusPageProps', 'UptimeStatusPageContent', 'UptimeStatusPageSections'],
  },
  {
    construct: 'UptimeMonitorLookup',
    summary: 'An existing monitor, read by id or name.',
    interfaces: ['UptimeMonitorLookupProps'],
  },
  {
    construct: 'MonitorPublicEndpoints',
    summary:
      'An aspect: a monitor for each public endpoint of a stack that none watches (`Aspects.of(stack).add(new MonitorPublicEndpoints(props))`; guide: [Monitoring coverage](guides/monitoring-coverage.md)).',
    interfaces: ['MonitorPublicEndpointsProps', 'PublicEndpoint'],
  },
];

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

export function renderConstructDocs(): string {
  const entry = join(ROOT, 'src', 'constructs', 'index.ts');
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const exports = new Map(
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)
      .map((s) => [s.name, s]),
  );
  const out: string[] = [
    '---',
    "page_title: 'CDKTF constructs'",
    'description: |-',
    '  The product constructs of terraform-provider-uptime/cdktf: every prop with its default, limits and an example.',
    '---',
    '',
    '# CDKTF constructs',
    '',
    '`terraform-provider-uptime/cdktf` (and `/cdktn` for CDK Terrain) exports the generated bindings of every resource',
    "and data source, and these product constructs on top of them. Props are validated at synth with the provider's",
    'own plan-time checks: an invalid value fails `cdktf synth` naming the prop, the rule and the allowed values.',
    "This page is generated from the constructs' TSDoc by `npm run docs`.",
    '',
  ];
  for (const section of SECTIONS) {
    out.push(`## ${section.construct}`, '', section.summary, '');
    const cls = exports.get(section.construct);
    const example =
      cls && ts.displayPartsToString(cls.getJsDocTags(checker).find((t) => t.name === 'example')?.text);
    if (example) out.push('```ts', example.trim(), '```', '');
    for (const name of section.interfaces) {
      const exported = exports.get(name);
      if (!exported) throw new Error(`construct docs: ${name} is not exported from src/constructs`);
      // A re-exported interface (the generated props) is documented where it is declared.
      const sym = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const type = checker.getDeclaredTypeOfSymbol(sym);
      out.push(`### ${name}`, '');
      const doc = ts.displayPartsToString(sym.getDocumentationComment(checker));
      if (doc) out.push(cell(doc), '');
      out.push('| Prop | Type | Default | Description | Example |', '| --- | --- | --- | --- | --- |');
      for (const p of checker.getPropertiesOfType(type)) {
        const decl = p.valueDeclaration ?? p.declarations?.[0];
        const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
        const t = decl
          ? checker.typeToString(checker.getTypeOfSymbolAtLocation(p, decl)).replace(/ \| undefined$/, '')
          : '';
        const tags = p.getJsDocTags(checker);
        const tag = (n: string) => cell(ts.displayPartsToString(tags.find((x) => x.name === n)?.text));
        const description = cell(ts.displayPartsToString(p.getDocumentationComment(checker)));
        const dflt =
          tag('default') || (optional ? (/Default: ([^.]+)\./.exec(description)?.[1] ?? '') : 'required');
        const ex = tag('example');
        out.push(`| \`${p.name}\` | \`${cell(t)}\` | ${dflt} | ${description} | ${ex ? `\`${ex}\`` : ''} |`);
      }
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
