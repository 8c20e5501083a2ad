// Durations in messages are read by people and by tests: every unit the formatter writes must be matched and read
// back by the one pattern and reader that share its unit list, whatever the size of the duration.
import {
  formatDuration,
  MESSAGE_DURATION_PATTERN,
  MESSAGE_UNITS,
  readMessageDuration,
} from '../../src/client/duration.js';
import { createNotSent } from './helpers.js';

const whole = new RegExp(`^${MESSAGE_DURATION_PATTERN}$`);

/** A duration from each range the formatter treats differently: under a second, seconds, minutes, hours. */
const SAMPLES: [number, string][] = [
  [0, '0 s'],
  [40, '0 s'],
  [400, '0.4 s'],
  [2_500, '2.5 s'],
  [9_949, '9.9 s'],
  [10_000, '10 s'],
  [57_000, '57 s'],
  [59_600, '1 min'],
  [60_000, '1 min'],
  [903_000, '15 min 3 s'],
  [3_600_000, '1 h'],
  [3_720_400, '1 h 2 min'],
  [9 * 86_400_000, '216 h'],
];

/** How far the text may be from the duration: 0.1 s under ten seconds, a second above, a minute from an hour on. */
const rounding = (ms: number) => (ms < 10_000 ? 50 : ms < 3_600_000 ? 500 : 60_000);

describe('durations in messages', () => {
  test.each(SAMPLES)('%d ms is written %p, matched by the shared pattern and read back', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
    expect(whole.test(text)).toBe(true);
    expect(Math.abs(readMessageDuration(text)! - ms)).toBeLessThanOrEqual(rounding(ms));
  });

  test('every unit the formatter writes is in the shared list, and every length from 0 to 2 days reads back', () => {
    const written = new Set<string>();
    for (let ms = 0; ms <= 2 * 86_400_000; ms = Math.ceil(ms * 1.07) + 37) {
      const text = formatDuration(ms);
      for (const [, unit] of text.matchAll(/\d (\S+)/g)) written.add(unit!);
      expect(whole.test(text)).toBe(true);
      expect(Math.abs(readMessageDuration(text)! - ms)).toBeLessThanOrEqual(rounding(ms));
    }
    expect([...written].sort()).toEqual(MESSAGE_UNITS.map(([u]) => u).sort());
  });

  test('what is not a written duration is not read as one', () => {
    for (const text of ['', 's', '5', '5s', '1m', '15 min 3', '1 hour', '2 ms', '1 min and 3 s'])
      expect(readMessageDuration(text)).toBeNull();
  });

  test.each(SAMPLES.filter(([ms]) => ms > 0))(
    'a rate-limit error whose next request could go in %d ms names the bound, the wait and that time readably',
    (neededMs) => {
      const usage = { requests: 7, waitedCalls: 3, throttledMs: 2_000, limit: 4, windowMs: 5_000 };
      const e = createNotSent(2_000, neededMs, 3_000, usage);
      const d = `(${MESSAGE_DURATION_PATTERN})`;
      const m = new RegExp(
        `^POST /monitors not sent: waiting for the API rate limit reached its bound of ${d} in all \\(waited ${d}; ` +
          `the next request could go in ${d}\\)\\. The token's allowance: 4 requests per ${d}; this process sent 7 requests$`,
      ).exec(e.message);
      expect(m).not.toBeNull();
      const [bound, waited, next, window] = m!.slice(1).map((t) => readMessageDuration(t));
      expect([bound, waited, window]).toEqual([3_000, 2_000, 5_000]);
      expect(Math.abs(next! - neededMs)).toBeLessThanOrEqual(rounding(neededMs));
    },
  );
});
