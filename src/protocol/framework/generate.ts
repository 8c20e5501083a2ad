// Configuration from state (GenerateResourceConfig): what Terraform writes with -generate-config-out must hold
// no computed-only value (Terraform rejects them), no secret (sensitive values) and no write-only value.
import { valueEquals, type CtyValue } from '../cty/values.js';
import type { Attributes } from './attributes.js';
import { normalize, type Obj } from './values.js';

function clean(attrs: Attributes, v: Obj, dropDefaults: boolean): void {
  for (const [k, a] of Object.entries(attrs)) {
    const e = v[k] ?? null;
    if ((a.computed && !a.optional) || a.sensitive || a.writeOnly) v[k] = null;
    else if (dropDefaults && a.default !== undefined && valueEquals(a.type, e, a.default as CtyValue))
      v[k] = null;
    else if (a.nested && e !== null && typeof e === 'object') {
      const items = a.nested.nesting === 'single' ? [e] : Array.isArray(e) ? e : Object.values(e as Obj);
      for (const it of items)
        if (it && typeof it === 'object' && !Array.isArray(it))
          clean(a.nested.attributes, it as Obj, dropDefaults);
    }
  }
}

/**
 * The configuration value for a generated (or plain state) object. With `dropDefaults` (the state itself), values
 * equal to an attribute's declared default are left out, since omitting them means the same.
 */
export function configFromState(
  attrs: Attributes,
  value: Record<string, unknown>,
  dropDefaults: boolean,
): Obj {
  const config = normalize(attrs, value);
  clean(attrs, config, dropDefaults);
  return config;
}
