// The monitor name filter (`*`, `?`; data sources, `terraform query`, `uptimectl import`) runs in bounded time on
// any pattern and name, and matches exactly what the regular expression it replaced matched.
import fc from 'fast-check';
import type { Monitor } from '../../src/api/index.js';
import { globMatch, selects } from '../../src/provider/monitor-filter.js';

/** The former implementation, kept here as the oracle of the semantics (exponential on hostile patterns). */
function regexOracle(glob: string, name: string): boolean {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i').test(name);
}

const monitor = (name: string): Monitor =>
  ({ name, id: 'm', status: 'up', archived: false }) as unknown as Monitor;

test('matches what the former regular expression matched (property, small alphabet with its corner cases)', () => {
  // Case folding corners (ß, ı, the Kelvin sign, é/É), line terminators, regex metacharacters.
  const unit = fc.constantFrom(
    'a',
    'A',
    'b',
    'B',
    'k',
    'K',
    '\u212a',
    'ß',
    'ı',
    'i',
    'I',
    'é',
    'É',
    '\n',
    '\r',
    '\u2028',
    '.',
    '(',
    '\\',
    '$',
    '^',
  );
  const name = fc.array(unit, { maxLength: 10 }).map((a) => a.join(''));
  const glob = fc.array(fc.oneof(unit, fc.constantFrom('*', '?')), { maxLength: 8 }).map((a) => a.join(''));
  fc.assert(
    fc.property(glob, name, (g, n) => {
      expect(globMatch(g, n)).toBe(regexOracle(g, n));
    }),
    { numRuns: 4000 },
  );
});

test.each([
  ['web-*', 'web-checkout', true],
  ['WEB-*', 'web-checkout', true],
  ['web-?', 'web-1', true],
  ['web-?', 'web-12', false],
  ['*', '', true],
  ['', '', true],
  ['', 'x', false],
  ['a*b*c', 'aXbYc', true],
  ['a*b*c', 'aXbYcZ', false],
  ['*line*', 'first\nline', false],
  ['first\n*', 'first\nline', true],
  ['a.b', 'axb', false],
])('globMatch(%j, %j) is %s', (g, n, want) => {
  expect(globMatch(g, n)).toBe(want);
  expect(selects({ name: g || undefined }, monitor(n))).toBe(g ? want : true);
});

test('30 stars against 1,000 names of 120 characters: bounded work, no backtracking blow-up', () => {
  // The regex `^.*a.*a…b$` of this pattern backtracks through C(120, 30) ways on a name of a's: it never finishes.
  const pattern = `${'*a'.repeat(29)}*b`;
  expect(pattern.split('*').length - 1).toBe(30);
  const names = Array.from({ length: 1000 }, (_, i) =>
    i % 2 ? 'a'.repeat(120) : Array.from({ length: 120 }, (_, k) => 'ab-x'[(i * 7 + k * k) % 4]).join(''),
  );
  const steps = { count: 0 };
  let matched = 0;
  for (const n of names) if (globMatch(pattern, n, steps)) matched++;
  // Every name of a's fails (no b); some mixed names match.
  expect(matched).toBeGreaterThan(0);
  expect(matched).toBeLessThan(500);
  // The bound: (name + 1) × (pattern + 1) comparisons per name at most.
  expect(steps.count).toBeLessThanOrEqual(names.length * 121 * (pattern.length + 1));
  console.log(`glob 30 stars × 1000 names × 120 chars: ${steps.count} comparisons`);
  // selects() uses the same matcher.
  expect(names.filter((n) => selects({ name: pattern }, monitor(n))).length).toBe(matched);
});
