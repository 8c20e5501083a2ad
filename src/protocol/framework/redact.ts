// Log-safe copies of values: sensitive and write-only attributes are replaced by a marker, by schema.
import { isUnknown, numberToString, Decimal, type CtyValue } from '../cty/values.js';
import type { Attributes } from './attributes.js';

export const REDACTED = '(sensitive value)';

export function redact(attrs: Attributes, v: CtyValue): unknown {
  if (v === null) return null;
  if (isUnknown(v)) return '(unknown)';
  const obj = v as Record<string, CtyValue>;
  const out: Record<string, unknown> = {};
  for (const [k, a] of Object.entries(attrs)) {
    const e = obj[k] ?? null;
    if (e !== null && !isUnknown(e) && (a.sensitive || a.writeOnly)) out[k] = REDACTED;
    else if (a.nested && e !== null && !isUnknown(e)) {
      const inner = a.nested.attributes;
      if (a.nested.nesting === 'single') out[k] = redact(inner, e);
      else if (a.nested.nesting === 'map')
        out[k] = Object.fromEntries(
          Object.entries(e as Record<string, CtyValue>).map(([mk, me]) => [mk, redact(inner, me)]),
        );
      else out[k] = (e as CtyValue[]).map((me) => redact(inner, me));
    } else out[k] = plain(e);
  }
  return out;
}

function plain(v: CtyValue): unknown {
  if (isUnknown(v)) return '(unknown)';
  if (typeof v === 'bigint' || v instanceof Decimal) return numberToString(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && !('type' in v && 'value' in v))
    return Object.fromEntries(Object.entries(v as Record<string, CtyValue>).map(([k, e]) => [k, plain(e)]));
  return v;
}
