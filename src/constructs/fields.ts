// Props of declared fields (src/provider/fields): a table's `construct` fields are props under the camelCase of
// their Terraform name, so one rule turns props into the Terraform configuration the provider validates at synth
// and into the props of the generated bindings.
import { attributeName, type FieldTable } from '../provider/fields/field.js';

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The declared props (set or not) as Terraform configuration: attribute name → value. */
export function declaredConfig(table: FieldTable, props: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [api, d] of Object.entries(table))
    if (d.construct)
      out[attributeName(api, d)] = (props as Record<string, unknown>)[camel(attributeName(api, d))];
  return out;
}

/** The declared props that are set, as props of a generated binding (camelCase attribute names). */
export function declaredBindingProps(table: FieldTable, props: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [api, d] of Object.entries(table)) {
    const name = camel(attributeName(api, d));
    const v = (props as Record<string, unknown>)[name];
    if (d.construct && v !== undefined) out[name] = v;
  }
  return out;
}
