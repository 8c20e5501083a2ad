// Built-in plan modifiers and validators (modelled on terraform-plugin-framework's).
import { errorDiag, formatAttributePath } from '../diagnostics.js';
import { isUnknown, valueEquals, type CtyValue } from '../cty/values.js';
import type { CtyType } from '../cty/types.js';
import type { PlanModifier, Validator } from './attributes.js';

/** Keep the prior value when the plan would otherwise be "known after apply" (ids, creation times). */
export const useStateForUnknown = (): PlanModifier => ({
  description: 'Once set, the value of this attribute in state will not change.',
  modify: ({ priorExists, priorValue, planValue, configValue }) => {
    if (!priorExists || !isUnknown(planValue) || isUnknown(configValue) || priorValue === null) return;
    return { planValue: priorValue };
  },
});

/** Changing this attribute destroys and recreates the object. */
export const requiresReplace = (): PlanModifier =>
  requiresReplaceIf(
    () => true,
    'If the value of this attribute changes, Terraform will destroy and recreate the resource.',
  );

export const requiresReplaceIf = (
  predicate: (prior: CtyValue, planned: CtyValue) => boolean,
  description: string,
): PlanModifier => ({
  description,
  modify: ({ priorExists, priorValue, planValue }) => {
    if (!priorExists) return;
    if (!isUnknown(planValue) && sameValue(priorValue, planValue)) return;
    return predicate(priorValue, planValue) ? { requiresReplace: true } : undefined;
  },
});

function sameValue(a: CtyValue, b: CtyValue): boolean {
  return (
    JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)) ===
    JSON.stringify(b, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
  );
}

export function equalValues(t: CtyType, a: CtyValue, b: CtyValue): boolean {
  return valueEquals(t, a, b);
}

const invalid = (path: Parameters<typeof errorDiag>[2], detail: string) =>
  errorDiag('Invalid Attribute Value', `Attribute ${formatAttributePath(path ?? [])} ${detail}`, path);

export const stringLengthBetween = (min: number, max: number): Validator<string> => ({
  description: `length must be between ${min} and ${max}`,
  validate: ({ value, path }) =>
    [...value].length < min || [...value].length > max
      ? [invalid(path, `string length must be between ${min} and ${max}, got: ${[...value].length}`)]
      : [],
});

export const oneOf = <T extends string | number>(...values: T[]): Validator<T> => ({
  description: `value must be one of: ${values.map((v) => JSON.stringify(v)).join(', ')}`,
  validate: ({ value, path }) =>
    values.includes(value)
      ? []
      : [
          invalid(
            path,
            `value must be one of: ${values.map((v) => JSON.stringify(v)).join(', ')}, got: ${JSON.stringify(value)}`,
          ),
        ],
});

export const intBetween = (min: number, max: number): Validator<number> => ({
  description: `value must be between ${min} and ${max}`,
  validate: ({ value, path }) =>
    value < min || value > max
      ? [invalid(path, `value must be between ${min} and ${max}, got: ${value}`)]
      : [],
});

export const matchesRegex = (re: RegExp, message: string): Validator<string> => ({
  description: message,
  validate: ({ value, path }) => (re.test(value) ? [] : [invalid(path, message)]),
});
