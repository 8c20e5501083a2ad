// Config validation derived from declarations: per-attribute validators (known, non-null values only),
// number-kind checks (int64/float64 never silently wrap), write-only support, deprecation warnings; and the
// plan-time validators (`planValidators`), run where a value is used (plan, apply, data-source read).
import { Diagnostics, errorDiag, warningDiag, type AttributePath, type Diagnostic } from '../diagnostics.js';
import { formatAttributePath } from '../diagnostics.js';
import { isUnknown, isWhollyKnown, type CtyValue } from '../cty/values.js';
import type { Attr, Attributes } from './attributes.js';

export interface ValidateOptions {
  /** From client_capabilities; false on Terraform < 1.11. Undefined = do not check. */
  writeOnlyAllowed?: boolean;
  /** 'plan': only the attributes' `planValidators` (where the value is used); default 'config': everything else. */
  stage?: 'config' | 'plan';
}

export function validateAttributes(
  attrs: Attributes,
  value: Record<string, CtyValue>,
  path: AttributePath = [],
  opts: ValidateOptions = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [k, a] of Object.entries(attrs)) {
    const v = value[k] ?? null;
    const here = [...path, k];
    if (v === null) continue;
    const atPlan = opts.stage === 'plan';
    if (a.deprecated !== undefined && !isUnknown(v) && !atPlan)
      out.push(warningDiag('Attribute Deprecated', a.deprecated, here));
    if (a.writeOnly && opts.writeOnlyAllowed === false && !atPlan) out.push(writeOnlyNotAllowed(a, here));
    if (isUnknown(v)) continue;
    if (!atPlan) out.push(...checkNumberKind(a, v, here));
    if (isWhollyKnown(a.type, v))
      for (const val of (atPlan ? a.planValidators : a.validators) ?? [])
        out.push(...val.validate({ value: v as never, path: here }));
    if (a.nested) {
      const inner = a.nested.attributes;
      if (a.nested.nesting === 'single')
        out.push(...validateAttributes(inner, v as Record<string, CtyValue>, here, opts));
      else if (a.nested.nesting === 'map')
        for (const [mk, me] of Object.entries(v as Record<string, CtyValue>))
          if (me !== null && !isUnknown(me))
            out.push(
              ...validateAttributes(inner, me as Record<string, CtyValue>, [...here, { key: mk }], opts),
            );
      if (a.nested.nesting === 'list' || a.nested.nesting === 'set')
        (v as CtyValue[]).forEach((me, i) => {
          // Set elements have no addressable path in Terraform; report on the set attribute itself.
          const p = a.nested!.nesting === 'list' ? [...here, i] : here;
          if (me !== null && !isUnknown(me))
            out.push(...validateAttributes(inner, me as Record<string, CtyValue>, p, opts));
        });
    }
  }
  return out;
}

/** The error for a write-only value from a client that did not announce write-only support: it names the attribute
 *  and, when declared, the stored (sensitive) attribute that takes the same value. */
export function writeOnlyNotAllowed(a: Attr, path: AttributePath): Diagnostic {
  const alt = a.writeOnlyAlternative === undefined ? null : [...path.slice(0, -1), a.writeOnlyAlternative];
  return errorDiag(
    'WriteOnly Attribute Not Allowed',
    `The resource contains a non-null value for write-only attribute "${formatAttributePath(path)}". Write-only attributes are only supported in Terraform 1.11 and later and OpenTofu 1.11 and later; this client did not announce support for them (OpenTofu 1.8–1.10 and Terraform before 1.11 do not), so the value is refused and nothing is stored.` +
      (alt
        ? ` Set "${formatAttributePath(alt)}" instead: it takes the same value, is sensitive (hidden in plan output) and is kept in state.`
        : ''),
    path,
  );
}

/** PlanResourceChange from a client that did not announce write-only support (no client_capabilities at all, as
 *  OpenTofu 1.8–1.10 send, or write_only_attributes_allowed false): one error per non-null write-only value, at any
 *  depth. Such a client treats the attribute as an ordinary one, so planning it null (as write-only values are)
 *  would fail its plan check ("does not match config value") and planning the value would store it. */
export function refuseWriteOnly(
  attrs: Attributes,
  value: Record<string, CtyValue>,
  path: AttributePath = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [k, a] of Object.entries(attrs)) {
    const v = value[k] ?? null;
    const here = [...path, k];
    if (v === null) continue;
    if (a.writeOnly) out.push(writeOnlyNotAllowed(a, here));
    if (!a.nested || isUnknown(v)) continue;
    const inner = a.nested.attributes;
    const nesting = a.nested.nesting;
    if (nesting === 'single') out.push(...refuseWriteOnly(inner, v as Record<string, CtyValue>, here));
    else if (nesting === 'map')
      for (const [mk, me] of Object.entries(v as Record<string, CtyValue>)) {
        if (me !== null && !isUnknown(me))
          out.push(...refuseWriteOnly(inner, me as Record<string, CtyValue>, [...here, { key: mk }]));
      }
    else
      (v as CtyValue[]).forEach((me, i) => {
        if (me !== null && !isUnknown(me))
          out.push(
            ...refuseWriteOnly(
              inner,
              me as Record<string, CtyValue>,
              nesting === 'list' ? [...here, i] : here,
            ),
          );
      });
  }
  return out;
}

function checkNumberKind(a: Attr, v: CtyValue, path: AttributePath): Diagnostic[] {
  if (a.kind === 'int64' && !(typeof v === 'number' && Number.isSafeInteger(v)))
    return [
      errorDiag(
        'Invalid Attribute Value',
        `Attribute ${formatAttributePath(path)} must be a whole number between -(2^53-1) and 2^53-1, got: ${String(v)}`,
        path,
      ),
    ];
  if (a.kind === 'float64' && typeof v !== 'number')
    return [
      errorDiag(
        'Invalid Attribute Value',
        `Attribute ${formatAttributePath(path)} cannot be represented exactly as a 64-bit float: ${String(v)}`,
        path,
      ),
    ];
  return [];
}

/** A decoded config against its declaration: the attributes' rules, then the declaration's own validateConfig;
 *  `inUse` (the config is about to be used: an action planned or invoked, a list run) adds the plan-time
 *  validators. A null config (not known at all) has nothing to check. */
export function validateDeclared(
  decl: { attrs: Attributes; validateConfig?: ((config: never, diags: Diagnostics) => void) | undefined },
  config: Record<string, CtyValue> | null,
  opts: ValidateOptions & { inUse?: boolean } = {},
): Diagnostics {
  const diags = new Diagnostics();
  if (config) {
    const { inUse, ...rest } = opts;
    diags.add(...validateAttributes(decl.attrs, config, [], rest));
    decl.validateConfig?.(config as never, diags);
    if (inUse) diags.add(...validateAtPlan(decl.attrs, config));
  }
  return diags;
}

/** The `planValidators` of a configuration about to be used (planned, applied or read). */
export function validateAtPlan(attrs: Attributes, config: Record<string, CtyValue>): Diagnostic[] {
  return validateAttributes(attrs, config, [], { stage: 'plan' });
}
