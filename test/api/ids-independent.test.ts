// Independent checks of the id formats (src/api/ids.ts) from the spec (monitor ids are path parameters of format
// uuid: 8-4-4-4-12 hexadecimal digits, any version, either case) and the rule that outside input is data: an id such
// as `__proto__` or one with a line break after it is no id.
import { findMonitorId, ID_FORMATS, ID_PATTERNS } from '../../src/api/ids.js';

const UUID = '0b5e5d3c-1a2b-4c3d-8e9f-0123456789ab';

test('monitor ids: any UUID version, either case; nothing around it, not even a line end', () => {
  for (const ok of [
    UUID,
    UUID.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-1fff-bfff-ffffffffffff',
  ])
    expect(ID_PATTERNS.monitorId.test(ok)).toBe(true);
  for (const bad of [
    `${UUID}\n`,
    `\n${UUID}`,
    ` ${UUID}`,
    UUID.replace(/-/g, ''),
    `{${UUID}}`,
    `urn:uuid:${UUID}`,
    UUID.slice(0, -1) + 'g',
    '__proto__',
    'constructor',
    '..',
    '',
  ])
    expect(ID_PATTERNS.monitorId.test(bad)).toBe(false);
  expect(ID_FORMATS.monitorId.message).toBe('must be a UUID');
});

test('the other ids: their prefix and lowercase hex of the exact length', () => {
  expect(ID_PATTERNS.exportId.test(`exp_${'a'.repeat(32)}`)).toBe(true);
  expect(ID_PATTERNS.exportId.test(`exp_${'A'.repeat(32)}`)).toBe(false);
  expect(ID_PATTERNS.exportId.test(`exp_${'a'.repeat(31)}`)).toBe(false);
  expect(ID_PATTERNS.emailDestination.test(`dest_email_${'0'.repeat(24)}`)).toBe(true);
  expect(ID_PATTERNS.emailDestination.test(`dest_sms_${'0'.repeat(24)}`)).toBe(false);
  expect(ID_PATTERNS.smsDestination.test(`dest_sms_${'0'.repeat(24)}\n`)).toBe(false);
  expect(ID_FORMATS.exportId.message).toBe('must match ^exp_[a-f0-9]{32}$');
});

test("a monitor id in a service's message is found whatever surrounds it; none is none", () => {
  expect(findMonitorId(`URL already used by monitor ${UUID.toUpperCase()}.`)).toBe(UUID.toUpperCase());
  expect(findMonitorId(`("${UUID}")`)).toBe(UUID);
  expect(findMonitorId('monitor __proto__ exists')).toBeNull();
  expect(findMonitorId('x'.repeat(100_000))).toBeNull();
});
