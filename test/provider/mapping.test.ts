// Unit tests of the provider's pure parts: plan-time validation derived from the API model, and the
// Terraform model ↔ API body/record mappings.
import { DECIDED, type Monitor } from '../../src/api/index.js';
import { unknown } from '../../src/protocol/cty/values.js';
import {
  monitorCreateBody,
  monitorToModel,
  monitorUpdateBody,
  validateMonitorConfig,
  type MonitorModel,
} from '../../src/provider/mapping/monitor.js';
import { validateAlertSettingsConfig, alertSettingsBody } from '../../src/provider/mapping/alert-settings.js';
import { validateStatusPageConfig, statusPageBody } from '../../src/provider/mapping/status-page.js';
import { attributeName, type FieldDecl } from '../../src/provider/fields/field.js';
import { monitorFields } from '../../src/provider/fields/monitor.js';
import { attributePathFor, newDraft, parseApiPath } from '../../src/provider/validation.js';

/** A config with `url` only: every declared field null (omitted), and the blocks mapped by hand. */
const base = {
  ...Object.fromEntries(
    (Object.entries(monitorFields) as [string, FieldDecl][])
      .filter(([, d]) => !d.runtime)
      .map(([api, d]) => [attributeName(api, d), null]),
  ),
  url: 'https://example.com/health',
  request_headers: null,
  auth_config: null,
  ssl_monitoring: null,
  domain_monitoring: null,
} as MonitorModel;
const model = (o: Partial<MonitorModel>): MonitorModel => ({ ...base, ...o });

const record = (o: Partial<Monitor> = {}): Monitor => ({
  id: '3f2b8c1e-0000-4000-8000-000000000001',
  version: 'v1-abcdef12',
  name: 'example.com',
  url: 'https://example.com/health',
  type: 'http',
  enabled: true,
  archived: false,
  status: 'pending',
  ...DECIDED.monitorDefaults,
  acceptedStatusCodes: [],
  requestHeaders: [],
  authConfig: { type: 'none' },
  expiryMonitoring: {
    ssl: {
      enabled: false,
      warnDays: 14,
      status: 'unknown',
      lastCheckedAt: null,
      expiresAt: null,
      daysRemaining: null,
    },
    domain: {
      enabled: false,
      warnDays: 14,
      status: 'unknown',
      lastCheckedAt: null,
      expiresAt: null,
      daysRemaining: null,
    },
  },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...o,
});

describe('plan-time validation from the model', () => {
  it('names the attribute path, the rule and the allowed values', () => {
    const d = validateMonitorConfig({ url: 'https://x.test', interval_seconds: 61 });
    expect(d).toHaveLength(1);
    expect(d[0]!.path).toEqual(['interval_seconds']);
    expect(d[0]!.detail).toMatch(/^interval_seconds must be one of 60, 300, 900, 1800, 3600/);
    expect(d[0]!.detail).toContain('rule: one_of; allowed values: 60, 300, 900, 1800, 3600');
  });

  it('refuses credentials in the url at plan time, naming url and the rule, without echoing the password', () => {
    const d = validateMonitorConfig({ url: 'https://alice:pw-SENTINEL@x.test/' });
    expect(d).toHaveLength(1);
    expect(d[0]!.path).toEqual(['url']);
    expect(d[0]!.detail).toContain('url must not contain credentials');
    expect(d[0]!.detail).toContain('rule: no_credentials');
    expect(JSON.stringify(d)).not.toContain('pw-SENTINEL');
  });

  it('checks ranges, lengths, counts, status codes and header names', () => {
    const d = validateMonitorConfig({
      url: 'ftp://x.test',
      name: 'n'.repeat(121),
      timeout_ms: 999,
      accepted_status_codes: [200, 600],
      request_headers: Array.from({ length: 11 }, (_, i) => ({
        name: i === 2 ? 'bad header' : `X-${i}`,
        value: 'v',
        value_wo: null,
      })),
      ssl_monitoring: { enabled: true, warn_days: 91 },
    });
    const byPath = Object.fromEntries(d.map((x) => [JSON.stringify(x.path), x.detail]));
    // Paths stop before list indexes (Terraform cannot underline inside a list expression); messages do not.
    expect(byPath['["url"]']).toMatch(/url must be an absolute http or https URL.*rule: format/);
    expect(byPath['["name"]']).toMatch(/name must have at most 120 characters.*rule: max_length/);
    expect(byPath['["timeout_ms"]']).toMatch(/timeout_ms must be at least 1000.*rule: minimum/);
    expect(byPath['["accepted_status_codes"]']).toMatch(
      /accepted_status_codes\[1\] must be at most 599.*rule: maximum/,
    );
    expect(byPath['["request_headers"]']).toMatch(/at most 10 items.*rule: max_items/);
    const h = validateMonitorConfig({
      url: 'https://x.test',
      request_headers: [{ name: 'X-Ok' }, { name: 'bad header', value: 'v' }],
    });
    expect(h.map((x) => x.path)).toEqual([['request_headers']]);
    expect(h[0]!.detail).toMatch(/request_headers\[1\]\.name must be an HTTP header name.*rule: format/);
    expect(byPath['["ssl_monitoring","warn_days"]']).toMatch(/at most 90/);
  });

  it('skips unknown values and reports write-only attributes under their own name', () => {
    expect(
      validateMonitorConfig({ url: unknown, interval_seconds: unknown, request_headers: unknown }),
    ).toEqual([]);
    expect(
      validateMonitorConfig({
        url: 'https://x.test',
        request_headers: [{ name: unknown, value: unknown, value_wo: null }],
      }),
    ).toEqual([]);
    const d = validateMonitorConfig({
      url: 'https://x.test',
      auth_config: { type: 'basic', username: 'u', password: null, password_wo: 'p'.repeat(1025) },
    });
    expect(d[0]!.path).toEqual(['auth_config', 'password_wo']);
    // The message never holds the secret.
    expect(d[0]!.detail).not.toContain('ppp');
  });

  it('alert settings and status pages use their model schemas', () => {
    const a = validateAlertSettingsConfig({
      channels: { email: true, sms: false },
      destination_ids: { email: 'dest_email_nope', sms: null },
      slow_response_alerts: { enabled: true, threshold_ms: 4000, consecutive_limit: 9 },
    });
    expect(a.map((d) => d.path)).toEqual([
      ['destination_ids', 'email'],
      ['slow_response_alerts', 'threshold_ms'],
      ['slow_response_alerts', 'consecutive_limit'],
    ]);
    expect(a[1]!.detail).toContain('allowed values: 1000, 2000, 3000, 5000, 10000');
    const s = validateStatusPageConfig({
      title: 't'.repeat(121),
      description: 'd'.repeat(501),
      enabled: true,
    });
    expect(s.map((d) => d.path)).toEqual([['title'], ['description']]);
    expect(validateStatusPageConfig({})).toEqual([]);
  });

  it('maps API paths to attribute paths', () => {
    expect(parseApiPath('requestHeaders[2].name')).toEqual(['requestHeaders', 2, 'name']);
    expect(attributePathFor(newDraft(), 'slowResponseAlerts.thresholdMs')).toEqual([
      'slow_response_alerts',
      'threshold_ms',
    ]);
  });
});

describe('monitor bodies', () => {
  it('create sends what is set, with write-only secrets from config', () => {
    const plan = model({
      name: 'API',
      interval_seconds: 60,
      request_method: 'head',
      request_headers: [
        { name: 'X-Key', value: 'k1', value_wo: null, value_wo_version: null },
        { name: 'X-Wo', value: null, value_wo: null, value_wo_version: 1 },
      ],
      auth_config: {
        type: 'basic',
        username: 'u',
        password: null,
        password_wo: null,
        password_wo_version: 1,
      },
      enabled: false,
    });
    const config = model({
      request_headers: [
        { name: 'X-Key', value: 'k1', value_wo: null, value_wo_version: null },
        { name: 'X-Wo', value: null, value_wo: 'wo-secret', value_wo_version: 1 },
      ],
      auth_config: {
        type: 'basic',
        username: 'u',
        password: null,
        password_wo: 'pw',
        password_wo_version: 1,
      },
    });
    expect(monitorCreateBody(plan, config)).toEqual({
      url: 'https://example.com/health',
      name: 'API',
      intervalSeconds: 60,
      requestMethod: 'head',
      requestHeaders: [
        { name: 'X-Key', value: 'k1' },
        { name: 'X-Wo', value: 'wo-secret' },
      ],
      authConfig: { type: 'basic', username: 'u', password: 'pw' },
      enabled: false,
    });
  });

  it('update sends only changed fields; unchanged secrets are not re-sent', () => {
    const prior = model({
      name: 'a',
      timeout_ms: 10000,
      request_method: 'get',
      request_headers: [{ name: 'X-Wo', value: null, value_wo: null, value_wo_version: 1 }],
    });
    const same = { ...prior, request_method: 'GET' };
    expect(monitorUpdateBody(same, prior, prior)).toBeNull();
    const config = model({
      request_headers: [{ name: 'X-Wo', value: null, value_wo: 'new', value_wo_version: 2 }],
    });
    const plan = {
      ...prior,
      name: 'b',
      request_headers: config.request_headers!.map((h) => ({ ...h, value_wo: null })),
    };
    expect(monitorUpdateBody(plan, prior, config)).toEqual({
      name: 'b',
      requestHeaders: [{ name: 'X-Wo', value: 'new' }],
    });
    // Adding a header keeps the others' saved values (sent without value).
    const plan2 = {
      ...prior,
      request_headers: [
        ...prior.request_headers!,
        { name: 'X-New', value: 'v', value_wo: null, value_wo_version: null },
      ],
    };
    expect(
      monitorUpdateBody(
        plan2,
        prior,
        model({ request_headers: [{ name: 'X-Wo', value: null, value_wo: 'old', value_wo_version: 1 }] }),
      ),
    ).toEqual({
      requestHeaders: [{ name: 'X-Wo' }, { name: 'X-New', value: 'v' }],
    });
    // null and [] are the same; removing auth sends type none.
    expect(monitorUpdateBody({ ...prior, accepted_status_codes: [] }, prior, prior)).toBeNull();
    const withAuth = {
      ...prior,
      auth_config: {
        type: 'basic',
        username: 'u',
        password: 'p',
        password_wo: null,
        password_wo_version: null,
      },
    };
    expect(monitorUpdateBody(prior, withAuth, prior)).toEqual({ authConfig: { type: 'none' } });
  });
});

describe('record → state', () => {
  it('keeps secrets while the service says they are set, drops them when gone', () => {
    const prior = model({
      request_method: 'get',
      request_headers: [
        { name: 'x-key', value: 'k1', value_wo: null, value_wo_version: null },
        { name: 'X-Wo', value: null, value_wo: null, value_wo_version: 3 },
      ],
      auth_config: {
        type: 'basic',
        username: 'u',
        password: 'pw',
        password_wo: null,
        password_wo_version: null,
      },
    });
    const set = monitorToModel(
      record({
        requestHeaders: [
          { name: 'X-Key', valueSet: true },
          { name: 'X-Wo', valueSet: true },
        ],
        authConfig: { type: 'basic', username: 'u', passwordSet: true },
      }),
      prior,
    );
    expect(set.request_method).toBe('get');
    expect(set.request_headers).toEqual(prior.request_headers);
    expect(set.auth_config?.password).toBe('pw');
    const gone = monitorToModel(
      record({
        requestHeaders: [
          { name: 'X-Key', valueSet: false },
          { name: 'X-Wo', valueSet: false },
        ],
        authConfig: { type: 'basic', username: 'u', passwordSet: false },
      }),
      prior,
    );
    expect(gone.request_headers).toEqual([
      { name: 'x-key', value: null, value_wo: null, value_wo_version: null },
      { name: 'X-Wo', value: null, value_wo: null, value_wo_version: null },
    ]);
    expect(gone.auth_config?.password).toBeNull();
  });

  it('maps service defaults to null where the config may omit them (import too)', () => {
    const m = monitorToModel(record(), null);
    expect(m).toMatchObject({
      accepted_status_codes: null,
      request_headers: null,
      auth_config: null,
      ssl_monitoring: null,
      domain_monitoring: null,
      request_method: 'GET',
      enabled: true,
      archived: false,
    });
    const explicit = monitorToModel(record(), model({ accepted_status_codes: [], request_headers: [] }));
    expect(explicit.accepted_status_codes).toEqual([]);
    expect(explicit.request_headers).toEqual([]);
  });

  it('an archived monitor keeps the enabled value to restore', () => {
    const m = monitorToModel(
      record({ archived: true, enabled: false, status: 'archived' }),
      model({ enabled: true }),
    );
    expect(m.archived).toBe(true);
    expect(m.enabled).toBe(true);
    expect(monitorToModel(record({ archived: true, enabled: false, status: 'archived' }), null).enabled).toBe(
      false,
    );
  });
});

describe('sub-resource bodies', () => {
  it('alert settings: destination ids only when managed', () => {
    const plan = {
      id: null,
      monitor_id: 'm',
      channels: { email: true, sms: true },
      destination_ids: null,
      slow_response_alerts: { enabled: true, threshold_ms: 2000, consecutive_limit: 2 },
      version: null,
    };
    expect(alertSettingsBody(plan)).toEqual({
      channels: { email: true, sms: true },
      slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 2 },
    });
    expect(
      alertSettingsBody({ ...plan, destination_ids: { email: null, sms: 'dest_sms_x' } }).destinationIds,
    ).toEqual({
      email: null,
      sms: 'dest_sms_x',
    });
  });

  it('status page: title only when managed, description null clears', () => {
    const body = statusPageBody({
      id: null,
      monitor_id: 'm',
      enabled: true,
      title: null,
      description: null,
      noindex: false,
      display_options: { uptime_timeline: true, response_time: false, incidents: true, recent_history: true },
      slug: null,
      url: null,
      verification_status: null,
      custom_domain: null,
      version: null,
      updated_at: null,
    });
    expect(body).toEqual({
      enabled: true,
      description: null,
      noindex: false,
      displayOptions: { uptimeTimeline: true, responseTime: false, incidents: true, recentHistory: true },
    });
  });
});

describe('import IDs', () => {
  it('all three resources take a monitor id and refuse anything else before any API call', async () => {
    const { monitorResource } = await import('../../src/provider/resources/monitor.js');
    const { alertSettingsResource } = await import('../../src/provider/resources/alert-settings.js');
    const { statusPageResource } = await import('../../src/provider/resources/status-page.js');
    const id = '3f2b8c1e-1111-4000-8000-000000000001';
    const ctx = {} as never; // no client: a call to the API would throw a different error
    for (const r of [monitorResource, alertSettingsResource, statusPageResource]) {
      const importState = r.importState as (id: string, ctx: never) => Promise<Record<string, unknown>>;
      await expect(importState('mon-42', ctx)).rejects.toThrow(
        /Expected a monitor id \(a UUID.*got "mon-42"/,
      );
      expect((await importState(id, ctx)).id).toBe(id);
    }
  });
});

describe('base_url', () => {
  it('accepts https anywhere and http only on loopback hosts, as the client does', async () => {
    const { checkBaseUrl } = await import('../../src/provider/index.js');
    for (const ok of [
      'https://api.example.com/v1',
      'http://127.0.0.1:8080/v1',
      'http://127.0.0.2/v1',
      'http://[::1]:1/v1',
      'http://localhost/v1',
    ])
      expect(checkBaseUrl(ok)).toBe(ok);
    expect(() => checkBaseUrl('http://api.example.com/v1')).toThrow(/must use https.*loopback/);
    expect(() => checkBaseUrl('http://127.example.com/v1')).toThrow(/must use https/);
    expect(() => checkBaseUrl('api.example.com')).toThrow(/absolute URL/);
  });
});
