// Reference docs (Markdown in the Terraform registry layout, tfplugindocs-like) rendered from the same
// declarations: front matter, description, Example Usage, extra sections, Schema (Required / Optional /
// Read-Only, nested schemas), Import. The output is deterministic and already in Prettier's Markdown style, so
// the committed pages (`npm run docs`) pass `prettier --check` unchanged.
import type { CtyType } from '../cty/types.js';
import type { Attr, Attributes } from './attributes.js';
import type {
  AnyAction,
  AnyDataSource,
  AnyListResource,
  AnyProvider,
  AnyResource,
  DeclDocs,
  ResourceDocs,
} from './define.js';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function describeType(t: CtyType): string {
  if (t.kind === 'list' || t.kind === 'set' || t.kind === 'map')
    return `${cap(t.kind)} of ${describeType(t.element)}`;
  if (t.kind === 'object') return 'Object';
  return cap(t.kind);
}

function typeLabel(a: Attr): string {
  if (a.nested)
    return a.nested.nesting === 'single' ? 'Attributes' : `${cap(a.nested.nesting)} of Attributes`;
  if (a.kind === 'int64' || a.kind === 'float64') return 'Number';
  return describeType(a.type);
}

/** A value as HCL (defaults of nested attributes are objects). */
function hclValue(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(hclValue).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, e]) => `${k} = ${hclValue(e)}`)
      .join(', ')} }`;
  return JSON.stringify(v);
}

/** One line of the attribute list. */
function attrLine(name: string, a: Attr, anchor: string): string {
  const flags = [
    typeLabel(a),
    a.sensitive ? 'Sensitive' : '',
    a.writeOnly ? 'Write-only' : '',
    a.deprecated !== undefined ? 'Deprecated' : '',
  ]
    .filter(Boolean)
    .join(', ');
  const text = [
    a.deprecated ? `**Deprecated:** ${a.deprecated}` : '',
    (a.description ?? '').trim(),
    a.default !== undefined ? `Defaults to \`${hclValue(a.default)}\`.` : '',
    a.nested ? `(see [below for nested schema](#${anchor}))` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `- \`${name}\` (${flags})${text ? ` ${text}` : ''}`;
}

type Group = 'Required' | 'Optional' | 'Read-Only';
const groupOf = (a: Attr): Group => (a.required ? 'Required' : a.optional ? 'Optional' : 'Read-Only');
const GROUPS: Group[] = ['Required', 'Optional', 'Read-Only'];

/**
 * The attribute groups of one level, then the nested schemas below it (depth first, in name order).
 * Top level: `### Required` headings; nested levels: `Required:` labels (registry style).
 */
function schemaBlocks(attrs: Attributes, path: string[], out: string[]): void {
  const entries = Object.entries(attrs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const anchorOf = (name: string) => `nestedatt--${[...path, name].join('--')}`;
  const lists: string[] = [];
  for (const g of GROUPS) {
    const lines = entries.filter(([, a]) => groupOf(a) === g).map(([n, a]) => attrLine(n, a, anchorOf(n)));
    if (!lines.length) continue;
    lists.push(`${path.length ? `${g}:` : `### ${g}`}\n\n${lines.join('\n')}`);
  }
  out.push(lists.join('\n\n'));
  for (const [name, a] of entries) {
    if (!a.nested) continue;
    const sub = [...path, name];
    out.push(`<a id="${anchorOf(name)}"></a>\n\n### Nested Schema for \`${sub.join('.')}\``);
    schemaBlocks(a.nested.attributes, sub, out);
  }
}

export function renderSchema(attrs: Attributes): string {
  const out: string[] = [];
  schemaBlocks(attrs, [], out);
  return out.filter(Boolean).join('\n\n');
}

/** The first paragraph of a description, for the front matter. */
function summary(description: string | undefined): string {
  return (description ?? '')
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ');
}

function frontMatter(title: string, description: string | undefined): string {
  const s = summary(description);
  return ['---', `page_title: '${title.replace(/'/g, "''")}'`, 'description: |-', `  ${s}`, '---'].join('\n');
}

function examples(docs: DeclDocs | undefined): string {
  const ex = docs?.examples ?? [];
  if (!ex.length) return '';
  const blocks = ex.map((e) =>
    [
      e.title && ex.length > 1 ? `### ${e.title}` : '',
      e.description?.trim() ?? '',
      `\`\`\`terraform\n${e.hcl.trim()}\n\`\`\``,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  return `## Example Usage\n\n${blocks.join('\n\n')}`;
}

function sections(docs: DeclDocs | undefined): string[] {
  return (docs?.sections ?? []).map((s) => `## ${s.title}\n\n${s.body.trim()}`);
}

function importSection(typeName: string, docs: ResourceDocs | undefined): string {
  const imp = docs?.import;
  if (!imp) return '';
  const address = `${typeName}.${imp.resourceName}`;
  return [
    '## Import',
    `The import id is ${imp.id.trim()}`,
    'With the CLI:',
    `\`\`\`shell\nterraform import ${address} ${imp.exampleId}\n\`\`\``,
    'Or with an `import` block (Terraform 1.5 and later), which `terraform plan` shows before anything is changed:',
    `\`\`\`terraform\nimport {\n  to = ${address}\n  id = "${imp.exampleId}"\n}\n\`\`\``,
    imp.notes?.trim() ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** "Import by identity" (Terraform 1.12+): the import block with `identity`, and the identity attributes. */
function identitySection(r: AnyResource): string {
  const imp = r.docs?.import;
  if (!r.identity || !imp) return '';
  const attrs = Object.entries(r.identity.attributes);
  const example = attrs.map(([n, a]) =>
    a.forImport === 'required' ? `    ${n} = "${attrs.length === 1 ? imp.exampleId : `<${n}>`}"` : '',
  );
  return [
    '## Import by identity',
    'Terraform 1.12 and later can import by _identity_, the attributes that name the object, instead of an id string:',
    `\`\`\`hcl\nimport {\n  to = ${r.typeName}.${imp.resourceName}\n  identity = {\n${example.filter(Boolean).join('\n')}\n  }\n}\n\`\`\``,
    'Identity attributes:',
    attrs
      .map(
        ([n, a]) =>
          `- \`${n}\` (${describeType(a.type)}, ${a.forImport} for import)${a.description ? ` ${a.description.trim()}` : ''}`,
      )
      .join('\n'),
    `The identity (version ${r.identity.version ?? 0}) never changes for the life of the object; the provider checks that. Terraform 1.12 and later keep it in state next to the attributes; Terraform 1.11 ignores it.`,
  ].join('\n\n');
}

/** The `terraform query` sections of the list resources that show on this resource's page. */
function querySections(typeName: string, lists: AnyListResource[]): string[] {
  return lists
    .filter((l) => l.docs && (l.docs.pages ?? [l.typeName]).includes(typeName))
    .map((l) => {
      const filters = Object.entries(l.attributes)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([n, a]) => attrLine(n, a, ''));
      return [
        `## ${l.docs!.title}`,
        l.docs!.body(typeName).trim(),
        `Filters of \`list "${l.typeName}"\` (the \`config\` block; all optional):`,
        filters.join('\n'),
      ].join('\n\n');
    });
}

function page(parts: {
  title: string;
  heading: string;
  description?: string;
  docs?: DeclDocs;
  attrs: Attributes;
  importText?: string;
}): string {
  const body = [
    frontMatter(parts.title, parts.description),
    `# ${parts.heading}`,
    (parts.description ?? '').trim(),
    examples(parts.docs),
    ...sections(parts.docs),
    `## Schema\n\n${renderSchema(parts.attrs)}`,
    parts.importText ?? '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return `${body.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n')}\n`;
}

export function renderResourceDoc(r: AnyResource, lists: AnyListResource[] = []): string {
  return page({
    title: `${r.typeName} Resource`,
    heading: `${r.typeName} (Resource)`,
    description: r.description,
    docs: r.docs,
    attrs: r.attributes,
    importText: [importSection(r.typeName, r.docs), identitySection(r), ...querySections(r.typeName, lists)]
      .filter(Boolean)
      .join('\n\n'),
  });
}

export function renderDataSourceDoc(d: AnyDataSource): string {
  return page({
    title: `${d.typeName} Data Source`,
    heading: `${d.typeName} (Data Source)`,
    description: d.description,
    docs: d.docs,
    attrs: d.attributes,
  });
}

export function renderActionDoc(a: AnyAction): string {
  return page({
    title: `${a.typeName} Action`,
    heading: `${a.typeName} (Action)`,
    description: a.description,
    docs: a.docs,
    attrs: a.attributes,
  }).replace('## Schema\n\n', '## Schema\n\nArguments of the `config` block.\n\n');
}

export function renderProviderDoc(p: AnyProvider): string {
  return page({
    title: `${p.typeName} Provider`,
    heading: `${p.typeName} Provider`,
    description: p.schema.description ?? p.description,
    docs: p.docs,
    attrs: p.schema.attributes,
  });
}

/** All pages, keyed by relative path (index.md, resources/<name>.md, data-sources/<name>.md, actions/<name>.md). */
export function renderProviderDocs(p: AnyProvider): Record<string, string> {
  const short = (t: string) => t.replace(new RegExp(`^${p.typeName}_`), '');
  const out: Record<string, string> = { 'index.md': renderProviderDoc(p) };
  for (const r of p.resources ?? [])
    out[`resources/${short(r.typeName)}.md`] = renderResourceDoc(r, p.listResources ?? []);
  for (const d of p.dataSources ?? []) out[`data-sources/${short(d.typeName)}.md`] = renderDataSourceDoc(d);
  for (const a of p.actions ?? []) out[`actions/${short(a.typeName)}.md`] = renderActionDoc(a);
  return out;
}
