// The kinds of repeatable option, for commander's argParser: every value as given (`--label a --label b`), or
// values that may also be comma-separated (`--id a --id b,c`), optionally from a fixed set.
import { InvalidArgumentError } from 'commander';

/** Each use adds its value as it is. */
export const collect = (v: string, prev: string[]): string[] => [...prev, v];

/** Each use adds its comma-separated values, trimmed, empty ones dropped. */
export const collectList = (v: string, prev: string[]): string[] => [
  ...prev,
  ...v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
];

/** `collectList` whose values must be among `allowed` (an argParser replaces the check commander's `.choices` makes). */
export const collectChoices =
  (allowed: readonly string[]) =>
  (v: string, prev: string[]): string[] => {
    const values = collectList(v, []);
    const wrong = values.find((x) => !allowed.includes(x));
    if (wrong !== undefined)
      throw new InvalidArgumentError(`"${wrong}" is not allowed. Allowed choices are ${allowed.join(', ')}.`);
    return [...prev, ...values];
  };
