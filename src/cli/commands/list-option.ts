// A repeatable option whose values may also be comma-separated (`--id a --id b,c`), for commander's argParser.
export const collectList = (v: string, prev: string[]): string[] => [
  ...prev,
  ...v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
];
