// Plan-time rules a table declares beyond the model's limits (those come from the API model, ../validation.ts):
// - a secret takes either its stored value or its write-only one, and the write-only one needs its version (the
//   only way Terraform can send it again);
// - a block whose `key` says its kind (`kinds`, declared once in src/api with the service's rules) has the fields
//   that kind requires, and none that only other kinds use.
// Unknown values are skipped; an unknown write-only value counts as set (it will be).
import { isUnknown } from '../../protocol/cty/values.js';
import { formatAttributePath, type AttributePath, type Diagnostics } from '../../protocol/diagnostics.js';
import { and, attributeName, isBlock, isSecret, secretNames, type BlockDecl, type Table } from './field.js';

type Values = Record<string, unknown>;
const isObject = (v: unknown): v is Values =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !isUnknown(v);

/** Runs the rules on a (possibly partly unknown) configuration of `table`. */
export function checkDeclaredRules(
  table: Table,
  config: Values,
  diags: Diagnostics,
  path: AttributePath = [],
): void {
  for (const [api, d] of Object.entries(table)) {
    const name = attributeName(api, d);
    if (isSecret(d)) checkSecret(name, d.noun, config, diags, path);
    else if (isBlock(d)) {
      const v = config[name];
      if (d.nesting === 'list' && Array.isArray(v))
        v.forEach((item: unknown, i: number) => {
          if (isObject(item)) checkBlock(d, item, diags, [...path, name, i]);
        });
      else if (d.nesting === 'single' && isObject(v)) checkBlock(d, v, diags, [...path, name]);
    }
  }
}

function checkBlock(d: BlockDecl, v: Values, diags: Diagnostics, path: AttributePath): void {
  checkDeclaredRules(d.fields, v, diags, path);
  if (d.key === undefined || !d.kinds) return;
  const keyName = attributeName(d.key, d.fields[d.key]!);
  const kind = v[keyName];
  const rules = typeof kind === 'string' ? d.kinds[kind] : undefined;
  if (!rules) return;
  const where = formatAttributePath(path);
  const set = (api: string): boolean => {
    const f = d.fields[api];
    if (!f) return false;
    const n = attributeName(api, f);
    const values = isSecret(f) ? [v[n], v[secretNames(n).writeOnly]] : [v[n]];
    return values.some((x) => x !== null && x !== undefined);
  };
  for (const api of rules.requires ?? []) {
    const n = attributeName(api, d.fields[api]!);
    if (v[n] === null)
      diags.error(
        'Missing attribute',
        `${where}.${n} is required when ${where}.${keyName} is ${JSON.stringify(kind)} (rule: required).`,
        [...path, n],
      );
  }
  const others = Object.keys(d.fields).filter(
    (api) => !rules.uses.includes(api) && Object.values(d.kinds!).some((k) => k.uses.includes(api)),
  );
  if (others.some(set)) {
    const usedBy = Object.entries(d.kinds)
      .filter(([, k]) => others.some((api) => k.uses.includes(api)))
      .map(([k]) => JSON.stringify(k));
    diags.error(
      'Invalid attribute combination',
      `${where}: ${and(others.map((api) => attributeName(api, d.fields[api]!)))} ${others.length > 1 ? 'are' : 'is'} only used with ${keyName} = ${usedBy.join(' or ')}.`,
      [...path, keyName],
    );
  }
}

function checkSecret(name: string, noun: string, v: Values, diags: Diagnostics, path: AttributePath): void {
  const n = secretNames(name);
  const where = formatAttributePath(path);
  const stored = v[n.stored];
  const wo = v[n.writeOnly];
  if (
    stored !== null &&
    wo !== null &&
    stored !== undefined &&
    wo !== undefined &&
    !isUnknown(stored) &&
    !isUnknown(wo)
  )
    diags.error('Conflicting attributes', `${where}: set either ${n.stored} or ${n.writeOnly}, not both.`, [
      ...path,
      n.writeOnly,
    ]);
  if (wo !== null && wo !== undefined && v[n.version] === null)
    diags.error(
      'Missing attribute',
      `${where}.${n.version} is required when ${where}.${n.writeOnly} is set (rule: required_with). A write-only ${noun} is never in plan or state, so Terraform can only send it again (after a change, or when the service reports it gone) through this number: set it, e.g. ${n.version} = 1, and change it to send a new ${noun}.`,
      [...path, n.version],
    );
}
