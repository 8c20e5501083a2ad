// `managedValuesUnchanged`: what a 412 on a monitor update is judged by. A record whose version moved because of
// something the monitor resource does not manage (its slow-response settings, observations) still matches the
// state; a change of any managed attribute, secrets as far as the service shows them included, does not.
import { DECIDED, type Monitor } from '../../src/api/index.js';
import {
  managedValuesUnchanged,
  monitorToModel,
  type MonitorModel,
} from '../../src/provider/mapping/monitor.js';

const expiry = (enabled: boolean, warnDays: number) => ({
  enabled,
  warnDays,
  status: 'unknown' as const,
  lastCheckedAt: null,
  expiresAt: null,
  daysRemaining: null,
});

const record = (o: Partial<Monitor> = {}): Monitor => ({
  id: '3f2b8c1e-0000-4000-8000-000000000001',
  version: 'v3-abcdef12',
  name: 'API',
  url: 'https://example.com/health',
  type: 'http',
  enabled: true,
  archived: false,
  status: 'pending',
  ...DECIDED.monitorDefaults,
  requestMethod: 'HEAD',
  acceptedStatusCodes: [200, 204],
  requestHeaders: [
    { name: 'X-Api-Key', valueSet: true },
    { name: 'X-Wo', valueSet: true },
  ],
  authConfig: { type: 'basic', username: 'probe', passwordSet: true },
  expiryMonitoring: { ssl: expiry(true, 30), domain: expiry(false, 14) },
  slowResponse: { enabled: true, thresholdMs: 2000, consecutiveLimit: 3, state: 'healthy' },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  ...o,
});

/** The state an apply of a configuration with a stored header value, a write-only one and a write-only password
 *  left, from the record it answered. */
function stateOf(m: Monitor): MonitorModel {
  const s = monitorToModel(m, null);
  return {
    ...s,
    request_method: 'head',
    request_headers: [
      { name: 'X-Api-Key', value: 'FAKE-stored', value_wo: null, value_wo_version: null },
      { name: 'X-Wo', value: null, value_wo: null, value_wo_version: 2 },
    ],
    auth_config: {
      type: 'basic',
      username: 'probe',
      password: null,
      password_wo: null,
      password_wo_version: 7,
    },
  };
}

const prior = stateOf(record({ version: 'v1-00000000', updatedAt: '2026-01-01T00:00:00Z' }));

test('a state reads back from its own record', () => {
  expect(monitorToModel(record({ version: prior.version! }), prior)).toEqual({
    ...prior,
    updated_at: '2026-01-02T00:00:00Z',
  });
});

test.each<[string, Partial<Monitor>]>([
  ['a new version and change time', {}],
  [
    'new slow-response settings (written by the alert settings)',
    { slowResponse: { enabled: false, thresholdMs: 5000, consecutiveLimit: 5, state: 'healthy' } },
  ],
  [
    'observations',
    { status: 'down', lastCheckAt: '2026-01-03T00:00:00Z', responseTimeMs: 900, httpStatus: 503 },
  ],
  [
    'expiry observations',
    {
      expiryMonitoring: {
        ssl: { ...expiry(true, 30), status: 'ok', expiresAt: '2027-01-01T00:00:00Z', daysRemaining: 300 },
        domain: expiry(false, 14),
      },
    },
  ],
  ['the method in another case (the state keeps its spelling)', { requestMethod: 'HEAD' }],
])('unchanged: %s', (_what, o) => {
  expect(managedValuesUnchanged(record(o), prior)).toBe(true);
});

test.each<[string, Partial<Monitor>]>([
  ['name', { name: 'Renamed' }],
  ['url', { url: 'https://example.com/other' }],
  ['interval', { intervalSeconds: 60 }],
  ['timeout', { timeoutMs: 5000 }],
  ['method', { requestMethod: 'GET' }],
  ['redirects', { followRedirects: false }],
  ['accepted statuses', { acceptedStatusCodes: [200] }],
  ['paused', { enabled: false, status: 'paused' }],
  ['archived', { archived: true, enabled: false, status: 'archived' }],
  ['a header removed', { requestHeaders: [{ name: 'X-Api-Key', valueSet: true }] }],
  [
    'a header renamed',
    {
      requestHeaders: [
        { name: 'X-Key', valueSet: true },
        { name: 'X-Wo', valueSet: true },
      ],
    },
  ],
  [
    'a stored header value gone',
    {
      requestHeaders: [
        { name: 'X-Api-Key', valueSet: false },
        { name: 'X-Wo', valueSet: true },
      ],
    },
  ],
  [
    'a write-only header value gone',
    {
      requestHeaders: [
        { name: 'X-Api-Key', valueSet: true },
        { name: 'X-Wo', valueSet: false },
      ],
    },
  ],
  ['the basic-auth user', { authConfig: { type: 'basic', username: 'other', passwordSet: true } }],
  ['the password gone', { authConfig: { type: 'basic', username: 'probe', passwordSet: false } }],
  ['basic auth removed', { authConfig: { type: 'none' } }],
  ['SSL expiry warning', { expiryMonitoring: { ssl: expiry(true, 14), domain: expiry(false, 14) } }],
  ['domain expiry turned on', { expiryMonitoring: { ssl: expiry(true, 30), domain: expiry(true, 14) } }],
])('changed: %s', (_what, o) => {
  expect(managedValuesUnchanged(record(o), prior)).toBe(false);
});
