// What `uptimectl adopt` writes: HCL import blocks (imports.tf), or for a CDKTF stack a TypeScript module whose aspect
// calls `importFrom` on each resource by its logical id. Names are data: in comments through `commentText`, in
// strings through `hclString` / `tsText` (escaped templates), never code (src/protocol/template.ts).
import { commentText } from '../protocol/template.js';
import { hclString } from '../import/hcl.js';
import { tsText } from '../import/cdktf.js';
import type { CdkLibrary } from '../import/cdktf-project.js';
import { hclAddress } from './address.js';

export interface Adoption {
  stack: string;
  address: string;
  /** The resource name within its module (a CDKTF logical id). */
  name: string;
  id: string;
  monitorName: string;
  url: string;
  method: string;
  createdAt: string | null;
  /** Settings that differ from the configuration (empty: the monitor is what the plan would create). */
  differences: string[];
}

/** The first line of every file adopt writes: it overwrites only files that start with it. */
export const HEADER = 'Written by `uptimectl adopt`';

/** `"Checkout" (id …, GET https://…, created …)`: one line, for reports and comments. */
export function describe(a: Adoption): string {
  return `${JSON.stringify(a.monitorName)} (id ${a.id}, ${a.method} ${a.url}, created ${a.createdAt ?? 'at an unknown time'})`;
}

export function hcl(adoptions: Adoption[]): string {
  const lines = [
    `# ${HEADER}: monitors that already exist with the URL and request method of a monitor this configuration`,
    '# creates (an interrupted apply created them but Terraform did not record them). The next `terraform apply`',
    '# imports them; this file can be deleted after that apply.',
  ];
  for (const a of adoptions) {
    lines.push('', `# ${commentText(describe(a))}`);
    for (const d of a.differences) lines.push(`# differs: ${commentText(d)}`);
    lines.push('import {', `  to = ${hclAddress(a.address)}`, `  id = ${hclString(a.id)}`, '}');
  }
  return `${lines.join('\n')}\n`;
}

export function cdktf(adoptions: Adoption[], library: CdkLibrary): string {
  const rows = adoptions.map(
    (a) => `  // ${commentText(describe(a))}\n  [${tsText(a.name)}, ${tsText(a.id)}],`,
  );
  return [
    `// ${HEADER}: monitors that already exist with the URL and request method of a monitor this stack creates`,
    '// (an interrupted deploy created them but Terraform did not record them). Call adoptMonitors(stack) once in the',
    '// stack; the next deploy imports them. Remove the call after that deploy.',
    `import { Aspects, TerraformResource, type TerraformStack } from ${tsText(library)};`,
    '',
    '/** Logical id of the resource → id of the existing monitor. */',
    'const ADOPTED = new Map<string, string>([',
    ...rows,
    ']);',
    '',
    'export function adoptMonitors(stack: TerraformStack): void {',
    '  Aspects.of(stack).add({',
    '    visit(node) {',
    "      if (!(node instanceof TerraformResource) || node.terraformResourceType !== 'uptime_monitor') return;",
    '      const id = ADOPTED.get(node.friendlyUniqueId);',
    '      if (id !== undefined) node.importFrom(id);',
    '    },',
    '  });',
    '}',
    '',
  ].join('\n');
}
