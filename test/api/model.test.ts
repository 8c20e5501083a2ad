import {
  DECIDED,
  ENDPOINTS,
  ExportCreate,
  INTERVAL_SECONDS,
  Monitor,
  MonitorAlertSettingsUpdate,
  MonitorCreate,
  MonitorListQuery,
  MonitorUpdate,
  ReactivateBody,
  StatusPageUpdate,
  describeIssues,
} from '../../src/api/index.js';
import type { z } from 'zod';

function details(schema: z.ZodType, input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a validation failure');
  return describeIssues(r.error.issues);
}

const validMonitor = { url: 'https://example.com/health' };

describe('monitor write bodies', () => {
  test('a minimal create body is valid', () => {
    expect(MonitorCreate.safeParse(validMonitor).success).toBe(true);
  });

  test.each([
    [{ intervalSeconds: 120 }, 'intervalSeconds', 'one_of'],
    [{ timeoutMs: 999 }, 'timeoutMs', 'minimum'],
    [{ timeoutMs: 10001 }, 'timeoutMs', 'maximum'],
    [{ name: 'n'.repeat(121) }, 'name', 'max_length'],
    [{ acceptedStatusCodes: [200, 600] }, 'acceptedStatusCodes[1]', 'maximum'],
    [{ acceptedStatusCodes: [99] }, 'acceptedStatusCodes[0]', 'minimum'],
    [
      { requestHeaders: Array.from({ length: 11 }, (_, i) => ({ name: `X-H${i}`, value: 'v' })) },
      'requestHeaders',
      'max_items',
    ],
    [{ requestMethod: 'POST' }, 'requestMethod', 'one_of'],
    [{ url: 'ftp://example.com' }, 'url', 'format'],
    [{ alertDestinationIds: { email: 'dest_email_123' } }, 'alertDestinationIds.email', 'format'],
    [{ alertDestinationIds: { sms: 'dest_email_' + 'a'.repeat(24) } }, 'alertDestinationIds.sms', 'format'],
    [{ authConfig: { type: 'digest' } }, 'authConfig.type', 'one_of'],
    [{ slowResponseAlerts: { thresholdMs: 1500 } }, 'slowResponseAlerts.thresholdMs', 'one_of'],
    [{ slowResponseAlerts: { consecutiveLimit: 6 } }, 'slowResponseAlerts.consecutiveLimit', 'one_of'],
  ])('%j is rejected naming the field and the rule', (patch, field, rule) => {
    const found = details(MonitorCreate, { ...validMonitor, ...patch });
    expect(found).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    for (const d of found) expect(d.message).toContain(d.field);
  });

  test('the interval error lists the allowed values', () => {
    const [d] = details(MonitorUpdate, { intervalSeconds: 61 });
    expect(d).toMatchObject({ field: 'intervalSeconds', rule: 'one_of', allowed: [...INTERVAL_SECONDS] });
    expect(d.message).toBe('intervalSeconds must be one of 60, 300, 900, 1800, 3600');
  });

  test('lower-case request methods are accepted on write', () => {
    expect(MonitorUpdate.safeParse({ requestMethod: 'head' }).success).toBe(true);
  });

  test('url is required on create but not on update', () => {
    expect(details(MonitorCreate, {})).toEqual([
      { field: 'url', rule: 'required', message: 'url is required' },
    ]);
    expect(MonitorUpdate.safeParse({}).success).toBe(true);
  });

  test('enabled is accepted on create only', () => {
    expect(MonitorCreate.safeParse({ ...validMonitor, enabled: false }).success).toBe(true);
    expect(details(MonitorUpdate, { enabled: false })).toEqual([
      expect.objectContaining({ field: 'enabled', rule: 'unknown_field' }),
    ]);
  });
});

describe('unknown fields', () => {
  test.each([
    ['MonitorCreate', MonitorCreate, { ...validMonitor, colour: 'red', size: 1 }, ['colour', 'size']],
    [
      'MonitorUpdate',
      MonitorUpdate,
      { requestHeaders: [{ name: 'A', value: 'b', secret: true }] },
      ['requestHeaders[0].secret'],
    ],
    [
      'AuthConfigInput',
      MonitorUpdate,
      { authConfig: { type: 'basic', username: 'u', passwordSet: true } },
      ['authConfig.passwordSet'],
    ],
    [
      'alertChannels',
      MonitorUpdate,
      { alertChannels: { email: true, sms: false, push: true } },
      ['alertChannels.push'],
    ],
    [
      'MonitorAlertSettingsUpdate',
      MonitorAlertSettingsUpdate,
      { channels: { email: true }, extra: 1 },
      ['extra'],
    ],
    ['StatusPageUpdate', StatusPageUpdate, { title: 't', slug: 'mine' }, ['slug']],
    ['displayOptions', StatusPageUpdate, { displayOptions: { logo: true } }, ['displayOptions.logo']],
    ['ReactivateBody', ReactivateBody, { intervalSeconds: 60, name: 'x' }, ['name']],
    [
      'ExportCreate',
      ExportCreate,
      { monitorId: 'm', filters: { status: 'up', region: 'eu' } },
      ['filters.region'],
    ],
  ])('%s rejects each unknown field by name', (_name, schema, input, fields) => {
    const found = details(schema as z.ZodType, input);
    const unknown = found.filter((d) => d.rule === 'unknown_field').map((d) => d.field);
    expect(unknown).toEqual(fields);
  });
});

describe('updates that must change something', () => {
  test('alert settings and status page updates need at least one property', () => {
    expect(details(MonitorAlertSettingsUpdate, {})[0]).toMatchObject({ rule: 'at_least_one' });
    expect(details(StatusPageUpdate, {})[0]).toMatchObject({ rule: 'at_least_one' });
    expect(StatusPageUpdate.safeParse({ description: null }).success).toBe(true);
  });

  test('status page title and description limits', () => {
    expect(details(StatusPageUpdate, { title: 't'.repeat(121) })[0]).toMatchObject({
      field: 'title',
      rule: 'max_length',
    });
    expect(details(StatusPageUpdate, { description: 'd'.repeat(501) })[0]).toMatchObject({
      field: 'description',
      rule: 'max_length',
    });
  });
});

describe('responses', () => {
  const monitor = {
    id: '0b6f4f2e-9a55-4d43-8d5e-0a1c1d2e3f40',
    name: 'home',
    url: 'https://example.com',
    type: 'http',
    enabled: true,
    archived: false,
    status: 'pending',
    ...DECIDED.monitorDefaults,
  };

  test('unknown response fields are accepted and kept out of the typed result', () => {
    const parsed = Monitor.parse({
      ...monitor,
      futureField: { a: 1 },
      requestHeaders: [{ name: 'A', valueSet: true, hint: 'x' }],
    });
    expect(parsed).not.toHaveProperty('futureField');
    expect(parsed.requestHeaders).toEqual([{ name: 'A', valueSet: true }]);
  });

  test('a response missing a required field is rejected', () => {
    const { status: _status, ...partial } = monitor;
    expect(Monitor.safeParse(partial).success).toBe(false);
  });
});

describe('queries', () => {
  test('page size is 1 to 100 with default 25', () => {
    expect(MonitorListQuery.parse({}).limit).toBe(25);
    expect(MonitorListQuery.parse({ limit: '100' }).limit).toBe(100);
    expect(MonitorListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(MonitorListQuery.safeParse({ limit: '0' }).success).toBe(false);
  });

  test('list filters are typed', () => {
    expect(MonitorListQuery.parse({ enabled: 'false', status: 'paused' })).toMatchObject({
      enabled: false,
      status: 'paused',
    });
    expect(MonitorListQuery.safeParse({ status: 'archived' }).success).toBe(false);
    expect(MonitorListQuery.safeParse({ updated_after: 'yesterday' }).success).toBe(false);
  });
});

describe('endpoint table', () => {
  test("every write is marked IK except none, and IM rows are the spec's", () => {
    const im = ENDPOINTS.filter((e) => e.ifMatch).map((e) => `${e.method} ${e.path}`);
    expect(im).toEqual([
      'PATCH /monitors/{monitorId}',
      'PATCH /monitors/{monitorId}/alert-settings',
      'PATCH /monitors/{monitorId}/status-page',
      'POST /monitors/{monitorId}/archive',
      'POST /monitors/{monitorId}/reactivate',
    ]);
    for (const e of ENDPOINTS) expect(e.idempotencyKey).toBe(e.write);
  });
});
