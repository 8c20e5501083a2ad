// The monitor suggested for an uncovered endpoint, in HCL and in CDKTF (TypeScript): its `url` a reference to the
// endpoint (`"https://${aws_route53_record.api.fqdn}/"`), so it works before the endpoint exists and the next review
// finds it by that reference. For an endpoint inside a module the HCL is written for that module (module-relative
// references) and says so. Names are data: keys, hostnames, paths and module sources are written as HCL or
// TypeScript string literals and comments that stay text (src/protocol/template.ts), never as expressions, markup
// or a way out of the block.
import { monitorNameWithin } from '../api/limits.js';
import { commentText, escapeInvisible, escapeTemplate, hclString, jsEscape } from '../protocol/template.js';
import type { ChainFinding } from './coverage.js';
import type { Instance } from './model.js';

export interface Suggestion {
  hcl: string;
  cdktf: string;
  /** The module whose configuration the HCL belongs in (`module.web`), or null for the root module. */
  module: string | null;
}

/** The resource names already used per module (`uptime_monitor.<name>`), so a suggestion never takes one. */
export type TakenNames = Map<string, Set<string>>;

const ADDRESS_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The instance's reference prefix in its own module: `aws_lb.api`, `aws_lb.web["a"]`, `aws_lb.web[0]`. */
export function localReference(i: Instance): string {
  const key = i.key === null ? '' : typeof i.key === 'number' ? `[${i.key}]` : `[${hclString(i.key)}]`;
  return `${i.resource.type}.${i.resource.name}${key}`;
}

/** A resource name for the monitor: the endpoint's name and key, made a valid name, not yet taken in its module. */
function monitorName(i: Instance, taken: Set<string>): string {
  const slug = (s: string) =>
    s
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 48);
  let base = slug(i.resource.name) || 'endpoint';
  if (i.key !== null) base += `_${slug(String(i.key)) || 'key'}`;
  if (!ADDRESS_NAME.test(base)) base = `m_${base}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** The monitor's display name: the first known hostname, else the endpoint's address; in a module (whose every
 *  instance gets the monitor), the module's path and the module-relative address. At most the API's limit. */
function displayName(f: ChainFinding): string {
  const r = f.head.resource;
  const name = r.module ? `${r.module}.${localReference(f.head)}` : (f.hostnames[0] ?? f.head.address);
  return monitorNameWithin(name);
}

/** Text inside an HCL template (between its quotes): quotes, backslashes, invisible characters and `${`/`%{`
 *  escaped. */
const hclText = (s: string) => hclString(s).slice(1, -1);

/** A TypeScript string literal whose value Terraform reads as `s` (cdktf strings are templates: `${` escaped). */
const tsText = (s: string) => escapeInvisible(JSON.stringify(escapeTemplate(s)), jsEscape);

function chainWords(f: ChainFinding): string {
  const module = f.head.resource.module;
  const rest = f.members.slice(1).map((m) => (module ? localReference(m) : m.address));
  const head = module
    ? `${localReference(f.head)} (${f.entry.what}) of each instance of ${module}`
    : `${f.head.address} (${f.entry.what})`;
  return `${head}${rest.length ? `, and what it points at: ${rest.join(', ')}` : ''}`;
}

/** The suggestion for an uncovered chain; null when its target cannot be named. */
export function suggestMonitor(f: ChainFinding, taken: TakenNames): Suggestion | null {
  const t = f.target;
  if (!t) return null;
  const head = f.head;
  const module = head.resource.module || null;
  const names = taken.get(head.resource.module) ?? new Set<string>();
  taken.set(head.resource.module, names);
  const name = monitorName(head, names);
  const ref = `${localReference(head)}.${t.attribute}`;

  const url = t.form === 'url' ? ref : `"${hclText(`${t.scheme}://`)}\${${ref}}${hclText(t.path)}"`;
  const hcl: string[] = [];
  if (module)
    hcl.push(
      `# For ${commentText(module)}${head.resource.moduleSource !== null ? ` (source ${commentText(JSON.stringify(head.resource.moduleSource))})` : ''}: add this to the module's`,
      "# configuration (its references are the module's own); the module needs",
      '# uptime = { source = "uptime-monitoring/uptime" } in its required_providers. Remove a monitor',
      '# elsewhere that watches one of its instances: the service refuses two monitors of one URL.',
    );
  hcl.push(
    `# Watches ${commentText(chainWords(f))}.`,
    `resource "uptime_monitor" "${name}" {`,
    `  name = ${hclString(displayName(f))}`,
    `  url  = ${url}`,
    '}',
  );

  let cdktf: string;
  if (module)
    cdktf = [
      `// ${commentText(head.address)} is inside ${commentText(module)}: add the HCL above to that module's configuration.`,
    ].join('\n');
  else {
    const id = tsText(`${name}-uptime`);
    const props = [`  name: ${tsText(displayName(f))},`];
    if (head.key === null) {
      const v = `${camel(head.resource.name)}Endpoint`;
      const attr = `${v}.getStringAttribute(${JSON.stringify(t.attribute)})`;
      props.push(
        `  url: ${t.form === 'url' ? attr : `${tsText(`${t.scheme}://`)} + ${attr} + ${tsText(t.path)}`},`,
      );
      cdktf = [
        `// Watches ${commentText(chainWords(f))}.`,
        `// ${v}: the construct this stack synthesizes as ${commentText(head.address)}.`,
        `new UptimeMonitor(this, ${id}, {`,
        ...props,
        '});',
      ].join('\n');
    } else {
      // An instance of a for_each or count resource: the Terraform reference itself, as cdk.tf.json holds it.
      const live =
        t.form === 'url'
          ? `\${${ref}}`
          : `${escapeTemplate(`${t.scheme}://`)}\${${ref}}${escapeTemplate(t.path)}`;
      props.push(`  url: ${escapeInvisible(JSON.stringify(live), jsEscape)},`);
      cdktf = [
        `// Watches ${commentText(chainWords(f))}.`,
        `new UptimeMonitor(this, ${id}, {`,
        ...props,
        '});',
      ].join('\n');
    }
  }
  return { hcl: `${hcl.join('\n')}\n`, cdktf: `${cdktf}\n`, module };
}

function camel(s: string): string {
  const parts = s.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = parts
    .map((p, i) => (i ? p[0]!.toUpperCase() + p.slice(1) : p[0]!.toLowerCase() + p.slice(1)))
    .join('');
  return /^[A-Za-z_]/.test(out) ? out : `e${out}`;
}
