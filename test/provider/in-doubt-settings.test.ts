// in_doubt_max_wait: the provider argument, else UPTIME_IN_DOUBT_MAX_WAIT, else 10 minutes; a bad value names itself.
import { DEFAULT_IN_DOUBT_MAX_WAIT_MS } from '../../src/client/index.js';
import { inDoubtAttributes, inDoubtMaxWaitMs } from '../../src/provider/in-doubt-settings.js';

test('argument over environment over the default', () => {
  expect(DEFAULT_IN_DOUBT_MAX_WAIT_MS).toBe(600_000);
  expect(inDoubtMaxWaitMs(null, {})).toBe(600_000);
  expect(inDoubtMaxWaitMs(null, { UPTIME_IN_DOUBT_MAX_WAIT: '30m' })).toBe(1_800_000);
  expect(inDoubtMaxWaitMs('90s', { UPTIME_IN_DOUBT_MAX_WAIT: '30m' })).toBe(90_000);
});

test('a bad environment value is an error naming the variable, the rule and the value', () => {
  expect(() => inDoubtMaxWaitMs(null, { UPTIME_IN_DOUBT_MAX_WAIT: 'forever' })).toThrow(
    /UPTIME_IN_DOUBT_MAX_WAIT must be a duration such as `30m`, `1h` or `90s` .*from 1s to 24h \(rule: duration\), got: "forever"/,
  );
});

test('the attribute says its default and what it is for', () => {
  const d = (inDoubtAttributes.in_doubt_max_wait as { description: string }).description;
  expect(d).toContain('UPTIME_IN_DOUBT_MAX_WAIT');
  expect(d).toContain('else 10m');
});
