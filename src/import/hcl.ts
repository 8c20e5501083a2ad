// The HCL output: `terraform fmt` style (two-space indent, `=` aligned within a run of one-line attributes),
// references instead of literal ids, one import block per object.
import { commentText, hclString } from '../protocol/template.js';
import { PROVIDER_ADDRESS } from '../provider/address.js';
import {
  savedSecretAdvice,
  type Attr,
  type DestinationLookup,
  type ImportObject,
  type Value,
} from './model.js';

export { hclString };

const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

function expr(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return hclString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(expr).join(', ')}]`;
  if ('ref' in v && typeof v.ref === 'string') return `uptime_monitor.${v.ref}.id`;
  if ('destination' in v && typeof v.destination === 'string')
    return `data.uptime_alert_destinations.${v.destination}.ids[0]`;
  const entries = Object.entries(v as Record<string, Value>);
  if (!entries.length) return '{}';
  return `{ ${entries.map(([k, x]) => `${IDENT.test(k) ? k : hclString(k)} = ${expr(x)}`).join(', ')} }`;
}

/** Attribute lines with `=` aligned per run (a comment line ends a run, as in `terraform fmt`). */
function body(attrs: Attr[], indent = '  '): string[] {
  const out: string[] = [];
  let run: [string, string][] = [];
  const flush = () => {
    const w = Math.max(0, ...run.map(([k]) => k.length));
    for (const [k, e] of run) out.push(`${indent}${k.padEnd(w)} = ${e}`);
    run = [];
  };
  for (const a of attrs) {
    if (a.saved) {
      flush();
      for (const c of savedSecretAdvice(a.saved, 'hcl')) out.push(`${indent}# ${commentText(c)}`);
    }
    run.push([a.name, expr(a.value)]);
  }
  flush();
  return out;
}

export function header(version: string): string {
  return [
    'terraform {',
    '  required_providers {',
    '    uptime = {',
    `      source  = ${hclString(PROVIDER_ADDRESS.replace(/^registry.terraform.io\//, ''))}`,
    `      version = ${hclString(version)}`,
    '    }',
    '  }',
    '}',
    '',
    '# base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.',
    'provider "uptime" {}',
    '',
  ].join('\n');
}

export function lookups(ls: DestinationLookup[]): string {
  return ls
    .map((l) =>
      [
        `data "uptime_alert_destinations" "${l.name}" {`,
        ...body([
          { name: 'channel', value: l.channel },
          { name: 'label', value: l.label },
        ]),
        '}',
        '',
      ].join('\n'),
    )
    .join('\n');
}

export function objects(os: ImportObject[]): string {
  const out: string[] = [];
  for (const o of os) {
    out.push(
      'import {',
      ...body([
        { name: 'to', value: null },
        { name: 'id', value: o.id },
      ]).map((l) => l.replace(/ = null$/, ` = ${o.type}.${o.name}`)),
      '}',
      '',
      `resource "${o.type}" "${o.name}" {`,
      ...body(o.attrs),
      '}',
      '',
    );
  }
  return out.join('\n');
}
