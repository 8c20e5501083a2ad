// Reference docs (Markdown, tfplugindocs-like layout) rendered from the same declarations.
import { typeToJSON, type CtyType } from '../cty/types.js';
import type { Attr, Attributes } from './attributes.js';
import type { AnyDataSource, AnyProvider, AnyResource } from './define.js';

function typeLabel(a: Attr): string {
  if (a.nested)
    return a.nested.nesting === 'single' ? 'Attributes' : `${cap(a.nested.nesting)} of Attributes`;
  if (a.kind === 'int64' || a.kind === 'float64') return 'Number';
  return describeType(a.type);
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
function describeType(t: CtyType): string {
  if (t.kind === 'list' || t.kind === 'set' || t.kind === 'map')
    return `${cap(t.kind)} of ${describeType(t.element)}`;
  if (t.kind === 'object') return 'Object';
  return typeof typeToJSON(t) === 'string' ? cap(t.kind) : cap(t.kind);
}

function section(title: string, attrs: [string, Attr][], anchor: string, nestedOut: string[]): string {
  if (!attrs.length) return '';
  const lines = attrs.map(([name, a]) => {
    const flags = [
      typeLabel(a),
      a.sensitive ? 'Sensitive' : '',
      a.writeOnly ? 'Write-only' : '',
      a.deprecated !== undefined ? 'Deprecated' : '',
    ]
      .filter(Boolean)
      .join(', ');
    const nestedRef = a.nested ? ` (see [below for nested schema](#${anchor}--${name}))` : '';
    const parts = [
      a.description ?? '',
      a.default !== undefined ? `Defaults to \`${JSON.stringify(a.default)}\`.` : '',
      a.deprecated ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    if (a.nested) nestedOut.push(nestedSchema(`${anchor}--${name}`, name, a.nested.attributes, nestedOut));
    return `- \`${name}\` (${flags})${parts ? ` ${parts}` : ''}${nestedRef}`;
  });
  return `### ${title}\n\n${lines.join('\n')}\n`;
}

function schemaSections(attrs: Attributes, anchor: string): string {
  const entries = Object.entries(attrs).sort(([a], [b]) => (a < b ? -1 : 1));
  const nested: string[] = [];
  const out = [
    section(
      'Required',
      entries.filter(([, a]) => a.required),
      anchor,
      nested,
    ),
    section(
      'Optional',
      entries.filter(([, a]) => a.optional),
      anchor,
      nested,
    ),
    section(
      'Read-Only',
      entries.filter(([, a]) => a.computed && !a.optional),
      anchor,
      nested,
    ),
  ].filter(Boolean);
  return [...out, ...nested].join('\n');
}

function nestedSchema(anchor: string, name: string, attrs: Attributes, _out: string[]): string {
  return `<a id="${anchor}"></a>\n### Nested Schema for \`${name}\`\n\n${schemaSections(attrs, anchor)}`;
}

function page(kind: string, typeName: string, description: string | undefined, attrs: Attributes): string {
  return `# ${typeName} (${kind})\n\n${description ?? ''}\n\n## Schema\n\n${schemaSections(attrs, 'nestedatt')}`.replace(
    /\n{3,}/g,
    '\n\n',
  );
}

export function renderResourceDoc(r: AnyResource): string {
  return page('Resource', r.typeName, r.description, r.attributes);
}

export function renderDataSourceDoc(d: AnyDataSource): string {
  return page('Data Source', d.typeName, d.description, d.attributes);
}

/** All pages, keyed by relative path (index.md, resources/<name>.md, data-sources/<name>.md). */
export function renderProviderDocs(p: AnyProvider): Record<string, string> {
  const short = (t: string) => t.replace(new RegExp(`^${p.typeName}_`), '');
  const out: Record<string, string> = {
    'index.md': page('Provider', p.typeName, p.schema.description ?? p.description, p.schema.attributes),
  };
  for (const r of p.resources ?? []) out[`resources/${short(r.typeName)}.md`] = renderResourceDoc(r);
  for (const d of p.dataSources ?? []) out[`data-sources/${short(d.typeName)}.md`] = renderDataSourceDoc(d);
  return out;
}
