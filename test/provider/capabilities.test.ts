// Capability facts at plan time: a check whose fact the service does not report is off, and the first such check
// in a provider process says so once, naming the missing facts and what they turn off.
import { CapabilityFacts } from '../../src/api/index.js';
import { Diagnostics } from '../../src/protocol/diagnostics.js';
import { capabilityFact, knownCapabilities } from '../../src/provider/capabilities.js';
import { capabilityIntervalCheck } from '../../src/provider/resources/common.js';

const ours = {
  token: { name: 't', scopes: ['monitors:read'], restricted: false, monitorIds: null, expiresAt: null },
  plan: {
    name: 'Pro',
    pro: true,
    monitorCapacity: 50,
    monitorsUsed: 1,
    minIntervalSeconds: 300,
    allowedIntervals: [300, 900],
  },
  features: { checks: true, exports: true, statusPages: true, smsAlerts: false },
  allowances: { perMinute: 120, monthly: null },
};
const read = (body: unknown) => knownCapabilities(CapabilityFacts.parse(body));

test('every fact reported: values, no warning', () => {
  const caps = read(ours);
  const d = new Diagnostics();
  expect(capabilityFact(caps, d, 'features', 'smsAlerts')).toBe(false);
  expect(capabilityFact(caps, d, 'token', 'monitorIds')).toBeNull(); // null is a value: unrestricted
  expect(d.items).toEqual([]);
});

test('a missing fact: undefined, and one warning per process naming the facts and the checks that are off', () => {
  const caps = read({ token: { name: 't', scopes: ['monitors:read'] }, plan: { allowedIntervals: [300] } });
  const d = new Diagnostics();
  expect(capabilityFact(caps, d, 'features', 'smsAlerts')).toBeUndefined();
  expect(capabilityFact(caps, d, 'token', 'restricted')).toBeUndefined();
  expect(d.items).toHaveLength(1);
  const w = d.items[0]!;
  expect([w.severity, w.summary]).toEqual(['warning', 'Some plan-time checks are off']);
  expect(w.detail).toContain(
    'does not report token.restricted, token.monitorIds, features.smsAlerts, features.statusPages',
  );
  expect(w.detail).toContain('SMS alerts on the plan');
  // The interval check still runs on the intervals that are reported.
  expect(w.detail).not.toContain('check intervals');
  expect(capabilityIntervalCheck(caps, d, 60, ['interval_seconds'])[0]?.detail).toMatch(
    /interval_seconds is 60, not among the intervals of the account’s plan \(rule: plan_minimum; allowed values: 300\)/,
  );
  expect(capabilityIntervalCheck(caps, d, 300, ['interval_seconds'])).toEqual([]);
  // Another process (a new reading) warns again.
  const again = new Diagnostics();
  capabilityFact(read({}), again, 'plan', 'minIntervalSeconds');
  expect(again.items).toHaveLength(1);
});

test('neither the minimum nor the intervals: the interval check is off (the service still refuses)', () => {
  const caps = read({ token: ours.token });
  const d = new Diagnostics();
  expect(capabilityIntervalCheck(caps, d, 60, ['interval_seconds'])).toEqual([]);
  expect(d.items[0]!.detail).toContain('the plan’s check intervals');
});

test('capabilities not known at all (unknown provider configuration): no check, no warning', () => {
  const d = new Diagnostics();
  expect(capabilityFact(null, d, 'token', 'scopes')).toBeUndefined();
  expect(d.items).toEqual([]);
});

test('a check that needs two facts is off when one of them is missing, and only that check', () => {
  const caps = read({ ...ours, token: { ...ours.token, monitorIds: undefined } });
  const d = new Diagnostics();
  expect(capabilityFact(caps, d, 'token', 'monitorIds')).toBeUndefined();
  expect(d.items[0]!.detail).toContain('does not report token.monitorIds (or not');
  expect(d.items[0]!.detail).toContain(
    'telling a monitor outside a restricted token’s selection from a deleted one',
  );
  expect(d.items[0]!.detail).not.toContain('whether the token may create monitors');
});
