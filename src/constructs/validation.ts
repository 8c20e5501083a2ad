// Synth-time validation of the hand-written constructs: the provider's own checks, run on the configuration a
// construct is about to synthesize. Each resource declaration's `validateConfig` (the same code Terraform runs at
// plan time, built on the zod model of src/api) and the framework's attribute checks (plan-time ones included) get
// the Terraform-shaped config, with every unresolved token passed as "unknown" (skipped, exactly as the provider
// skips values Terraform does not know yet). Messages keep the provider's words; only attribute paths are renamed to the construct's props.
import {
  DefaultTokenResolver,
  StringConcat,
  TerraformStack,
  TerraformVariable,
  Token,
  Tokenization,
} from 'cdktf';
import type { IConstruct } from 'constructs';
import { Diagnostics, formatAttributePath, type Diagnostic } from '../protocol/diagnostics.js';
import { unknown } from '../protocol/cty/values.js';
import { templateLiteral } from '../protocol/template.js';
import type { Attributes } from '../protocol/framework/attributes.js';
import { validateAtPlan, validateAttributes } from '../protocol/framework/validate.js';

/** The parts of a provider resource declaration that validation needs. */
export interface ValidatedResource {
  typeName: string;
  attributes: Attributes;
  validateConfig?: (config: never, diags: Diagnostics) => void;
}

/**
 * A JS value as the provider will see it, recursively: unresolved tokens replaced by the provider's `unknown` marker,
 * and each string read as Terraform reads a string of cdk.tf.json, as a template (`$${` is a literal `${`; a string
 * with a live `${…}` or `%{…}` is an expression, unknown here).
 */
export function withUnknowns(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Token.isUnresolved(value)) return unknown;
  if (typeof value === 'string') return templateLiteral(value) ?? unknown;
  if (Array.isArray(value)) return value.map(withUnknowns);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withUnknowns(v);
    return out;
  }
  return value;
}

/**
 * The full configuration object the provider would receive: every declared attribute present (null when not
 * set), nested objects completed the same way, tokens as unknown.
 */
export function providerConfig(
  attributes: Attributes,
  partial: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of Object.entries(attributes)) {
    const v = withUnknowns(partial[name]);
    if (v === null || v === unknown || !attr.nested) {
      out[name] = v;
      continue;
    }
    const inner = attr.nested.attributes;
    const nesting = attr.nested.nesting;
    if (nesting === 'single') out[name] = providerConfig(inner, v as Record<string, unknown>);
    else if ((nesting === 'list' || nesting === 'set') && Array.isArray(v))
      out[name] = v.map((e) =>
        e === null || e === unknown ? e : providerConfig(inner, e as Record<string, unknown>),
      );
    else out[name] = v;
  }
  return out;
}

/**
 * Runs the provider's validation of `resource` on `partial` (snake_case attribute names, as in the Terraform
 * configuration) and returns its error messages with attribute paths renamed by `propPath`.
 */
export function providerErrors(
  resource: ValidatedResource,
  partial: Record<string, unknown>,
  propPath: (attributePath: string) => string,
): string[] {
  const config = providerConfig(resource.attributes, partial);
  const diags = new Diagnostics();
  diags.add(...validateAttributes(resource.attributes, config as never));
  resource.validateConfig?.(config as never, diags);
  // The provider runs its plan-time rules (ids) only where mocked values cannot reach them; here a known value is
  // what the app wrote (references are tokens, unknown), so they run at synth too.
  diags.add(...validateAtPlan(resource.attributes, config as never));
  return diags.items.filter((d) => d.severity === 'error').map((d) => renamePaths(d, resource, propPath));
}

/** `interval_seconds must be one of …` → `intervalSeconds must be one of …` (every attribute path in the text). */
function renamePaths(d: Diagnostic, resource: ValidatedResource, propPath: (p: string) => string): string {
  const text = d.detail ?? (d.path ? `${formatAttributePath(d.path)}: ${d.summary}` : d.summary);
  const names = Object.keys(resource.attributes).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(?:${names.join('|')})(?:\\[\\d+\\]|\\.[a-z_]+)*(?![A-Za-z0-9_])`, 'g');
  return text.replace(pattern, (p) => propPath(p));
}

/** snake_case path steps → camelCase (`request_headers[0].value` → `requestHeaders[0].value`). */
export function camelPath(path: string): string {
  return path.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Formats a value set for a message: `60, 300, 900`. */
export function allowedList(values: readonly unknown[]): string {
  return values.map((v) => String(v)).join(', ');
}

/**
 * Why `value` is not acceptable as a secret, or null when it is. A secret must be an unresolved token (so the
 * value itself never sits in the app's code or in cdk.tf.json); when it refers to Terraform variables, each of
 * them must be declared `sensitive: true` (so Terraform hides it in plans and output).
 */
export function secretProblem(scope: IConstruct, prop: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const how =
    'pass a token instead, e.g. `new TerraformVariable(this, "api_key", { type: "string", sensitive: true }).stringValue`, and supply the value with TF_VAR_api_key';
  if (!Token.isUnresolved(value))
    return `${prop} is a literal string: secrets are not accepted in code, where they would be written into cdk.tf.json (rule: sensitive_variable); ${how}.`;
  let resolved: unknown;
  try {
    resolved = Tokenization.resolve(value, {
      scope,
      preparing: false,
      resolver: new DefaultTokenResolver(new StringConcat()),
    });
  } catch {
    return null; // a token that only resolves later (e.g. across stacks): nothing to judge here
  }
  if (typeof resolved !== 'string') return null;
  if (!resolved.includes('${'))
    return `${prop} resolves to a literal string: secrets are not accepted in code, where they would be written into cdk.tf.json (rule: sensitive_variable); ${how}.`;
  const stack = TerraformStack.of(scope);
  const variables = new Map(
    stack.node
      .findAll()
      .filter((c): c is TerraformVariable => c instanceof TerraformVariable)
      .map((v) => [v.friendlyUniqueId, v]),
  );
  for (const m of resolved.matchAll(/\bvar\.([A-Za-z_][A-Za-z0-9_-]*)/g)) {
    const v = variables.get(m[1]!);
    if (v && v.sensitive !== true)
      return `${prop} comes from variable "${m[1]}", which is not sensitive: Terraform would show the value in plans (rule: sensitive_variable); declare it with \`sensitive: true\`.`;
  }
  return null;
}
