// The id formats (src/api/ids.ts) with their messages, read through what uses them: the write schemas, the client's
// duplicate conflict, and the local service's seed and admin input.
import {
  ALERT_CHANNELS,
  AlertDestinationSelection,
  ExportId,
  ID_FORMATS,
  ID_PATTERNS,
  MonitorId,
  destinationIdFormat,
  findMonitorId,
} from '../../src/api/index.js';
import { ConflictError } from '../../src/client/index.js';
import { DestinationInput } from '../../src/service/seed.js';

const UUID = '3f2b8c1e-1111-4000-8000-000000000001';
const EMAIL = `dest_email_${'a'.repeat(24)}`;
const SMS = `dest_sms_${'b'.repeat(24)}`;

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

test('each format refuses with its own message', () => {
  expect(messageOf(MonitorId.safeParse('mon-42'))).toBe('must be a UUID');
  expect(messageOf(MonitorId.safeParse(UUID.toUpperCase()))).toBeNull();
  expect(messageOf(ExportId.safeParse('exp_1'))).toBe('must match ^exp_[a-f0-9]{32}$');
  expect(messageOf(AlertDestinationSelection.safeParse({ email: SMS }))).toBe(
    'must match ^dest_email_[a-f0-9]{24}$',
  );
  expect(messageOf(AlertDestinationSelection.safeParse({ sms: EMAIL }))).toBe(
    'must match ^dest_sms_[a-f0-9]{24}$',
  );
  expect(messageOf(AlertDestinationSelection.safeParse({ email: EMAIL, sms: SMS }))).toBeNull();
  for (const [kind, f] of Object.entries(ID_FORMATS))
    expect(ID_PATTERNS[kind as keyof typeof ID_FORMATS]).toBe(f.pattern);
});

test("each channel's destinations have their own format", () => {
  expect(ALERT_CHANNELS.map((c) => destinationIdFormat(c).pattern.test(c === 'email' ? EMAIL : SMS))).toEqual(
    [true, true],
  );
  expect(destinationIdFormat('email').pattern.test(SMS)).toBe(false);
});

test('a monitor id is found inside a text, and only a whole one', () => {
  expect(findMonitorId(`A monitor with this URL exists: ${UUID}.`)).toBe(UUID);
  expect(findMonitorId('no id here, nor 3f2b8c1e-1111-4000-8000')).toBeNull();
});

test("a duplicate conflict without existingMonitorId names the id from the service's message", () => {
  const e = new ConflictError({
    method: 'POST',
    pathTemplate: '/monitors',
    path: '/monitors',
    status: 409,
    requestId: null,
    body: { error: { code: 'duplicate_monitor', message: `Monitor ${UUID} already checks this URL` } },
    retryable: false,
  });
  expect(e.existingMonitorId).toBe(UUID);
});

test("the local service's destination input: the id must be of its channel's format", () => {
  const ok = DestinationInput.safeParse({ id: EMAIL, channel: 'email', value: 'ops@example.com' });
  expect(ok.success).toBe(true);
  const crossed = DestinationInput.safeParse({ id: SMS, channel: 'email', value: 'ops@example.com' });
  expect(crossed.success).toBe(false);
  expect(crossed.error?.issues[0]).toMatchObject({
    path: ['id'],
    message: 'must match ^dest_email_[a-f0-9]{24}$',
  });
  expect(DestinationInput.safeParse({ channel: 'fax', value: '1' }).success).toBe(false);
});
