// The one mapping from a planned monitor (plan JSON `after`, Terraform's names) to the API's monitor with the
// schema's defaults (src/provider/mapping/planned.ts), which the probe, the backtest, the duplicate check and
// `uptimectl adopt` all read. Every expectation about defaults is derived from the field table, so a field added to
// `monitorFields` is covered here without editing this file. Plan JSON shapes follow Terraform's documented format:
// a value known only after apply is absent from `after` and `true` in `after_unknown` (nested: the same structure,
// lists element by element); a write-only attribute (`value_wo`, `password_wo`) is always null in a plan.
import { inspect } from 'node:util';
import { DECIDED, SECRET_MARKERS } from '../../src/api/index.js';
import { fieldFacts } from '../../src/provider/fields/index.js';
import { alertChannelFields, slowResponseFields } from '../../src/provider/fields/alert-settings.js';
import { attributeName, type FieldDecl, type FieldTable } from '../../src/provider/fields/field.js';
import { monitorFields } from '../../src/provider/fields/monitor.js';
import {
  alertSettingsFromPlan,
  knownFields,
  monitorFromPlan,
  samePlanned,
  SensitiveValue,
  statusPageFromPlan,
} from '../../src/provider/mapping/planned.js';
import {
  customDomainFields,
  displayOptionsFields,
  statusPageFields,
} from '../../src/provider/fields/status-page.js';

const entries = (t: FieldTable) => (Object.entries(t) as [string, FieldDecl][]).filter(([, d]) => !d.runtime);

/** What the service means when a plan leaves a field out: its declared default, `[]` for a list, else unset. */
const expectedDefault = (d: FieldDecl) => (d.kind === 'list' ? [] : d.default);

describe('monitorFromPlan: every declared field, by its API name, with its default', () => {
  test.each([
    ['an `after` with the URL only', { url: 'https://a.example/' }],
    [
      'every attribute null',
      Object.fromEntries(entries(monitorFields).map(([a, d]) => [attributeName(a, d), null])),
    ],
  ])('%s', (_what, after) => {
    const p = monitorFromPlan(after as Record<string, unknown>);
    const v = p.value as unknown as Record<string, unknown>;
    for (const [api, d] of entries(monitorFields)) {
      expect(api in v).toBe(true);
      if (api === 'url' && 'url' in after && after.url) continue;
      expect({ api, value: v[api] }).toEqual({ api, value: expectedDefault(d) });
    }
    // runtime observations are not part of a planned monitor
    for (const [api, d] of Object.entries(monitorFields) as [string, FieldDecl][])
      if (d.runtime) expect(api in v).toBe(false);
    expect(p.unknown).toEqual([]);
  });

  test('the defaults are the documented ones (schema docs "Omitted or null: …"), not a private copy', () => {
    const v = monitorFromPlan({ url: 'https://a.example/' }).value;
    expect(v.timeoutMs).toBe(fieldFacts('uptime_monitor', 'timeout_ms')!.default);
    expect(v.requestMethod).toBe(fieldFacts('uptime_monitor', 'request_method')!.default);
    expect(v.followRedirects).toBe(fieldFacts('uptime_monitor', 'follow_redirects')!.default);
    expect(v).toMatchObject({
      timeoutMs: DECIDED.monitorDefaults.timeoutMs,
      requestMethod: 'GET',
      followRedirects: true,
      acceptedStatusCodes: [],
      enabled: true,
      archived: false,
      requestHeaders: [],
      authConfig: { type: 'none', password: { state: 'none' } },
      expiryMonitoring: {
        ssl: { enabled: false, warnDays: DECIDED.expiryWarnDays.default },
        domain: { enabled: false, warnDays: DECIDED.expiryWarnDays.default },
      },
    });
    // no default: the service decides (name from the host, the interval from the account plan)
    expect(v.name).toBeUndefined();
    expect(v.intervalSeconds).toBeUndefined();
  });

  test('planned values are taken as given, under their API names; a method in any case as the service stores it', () => {
    const p = monitorFromPlan({
      name: 'Shop',
      url: 'https://shop.example/x',
      interval_seconds: 60,
      timeout_ms: 2500,
      request_method: 'head',
      follow_redirects: false,
      accepted_status_codes: [200, 301],
      enabled: false,
      archived: true,
      id: 'abc',
      ssl_monitoring: { enabled: true, warn_days: null },
      domain_monitoring: { enabled: true, warn_days: 30 },
    });
    expect(p.value).toMatchObject({
      name: 'Shop',
      url: 'https://shop.example/x',
      intervalSeconds: 60,
      timeoutMs: 2500,
      requestMethod: 'HEAD',
      followRedirects: false,
      acceptedStatusCodes: [200, 301],
      enabled: false,
      archived: true,
      id: 'abc',
      expiryMonitoring: {
        ssl: { enabled: true, warnDays: DECIDED.expiryWarnDays.default },
        domain: { enabled: true, warnDays: 30 },
      },
    });
  });

  test('values known only after apply are undefined and listed, in the API and the Terraform spelling', () => {
    const p = monitorFromPlan(
      {
        url: 'https://a.example/',
        accepted_status_codes: [200, null],
        request_headers: [{ name: 'X-Key', value: null, value_wo: null, value_wo_version: null }],
        auth_config: { type: 'basic', password: 'pw-123456', password_wo: null, password_wo_version: null },
      },
      {
        timeout_ms: true,
        name: true,
        id: true,
        accepted_status_codes: [false, true],
        request_headers: [{ value: true }],
        auth_config: { username: true },
        ssl_monitoring: true,
      },
    );
    expect(p.value.timeoutMs).toBeUndefined();
    expect(p.value.acceptedStatusCodes).toEqual([200, undefined]);
    expect(p.value.requestHeaders).toEqual([{ name: 'X-Key', value: { state: 'unknown' } }]);
    expect(p.value.authConfig?.username).toBeUndefined();
    expect(p.value.expiryMonitoring.ssl).toBeUndefined();
    expect(p.value.expiryMonitoring.domain).toEqual({
      enabled: false,
      warnDays: DECIDED.expiryWarnDays.default,
    });
    expect(p.unknown).toEqual(
      expect.arrayContaining([
        { field: 'timeoutMs', attribute: 'timeout_ms' },
        { field: 'name', attribute: 'name' },
        { field: 'acceptedStatusCodes[1]', attribute: 'accepted_status_codes[1]' },
        { field: 'requestHeaders[0].value', attribute: 'request_headers[0].value' },
        { field: 'authConfig.username', attribute: 'auth_config.username' },
        { field: 'expiryMonitoring.ssl', attribute: 'ssl_monitoring' },
      ]),
    );
    expect(p.unknown).toHaveLength(7); // and `id`
    // a caller asks for what it needs and is told the first value that is not known
    expect(knownFields(p, ['url', 'requestMethod'])).toEqual({
      value: { url: 'https://a.example/', requestMethod: 'GET' },
    });
    expect(knownFields(p, ['url', 'acceptedStatusCodes'])).toEqual({
      unknown: { field: 'acceptedStatusCodes[1]', attribute: 'accepted_status_codes[1]' },
    });
    expect(knownFields(p, ['requestHeaders'])).toEqual({
      unknown: { field: 'requestHeaders[0].value', attribute: 'request_headers[0].value' },
    });
    // whole blocks unknown
    const blocks = monitorFromPlan(
      { url: 'https://a.example/' },
      { request_headers: true, auth_config: true },
    );
    expect(blocks.value.requestHeaders).toBeUndefined();
    expect(blocks.value.authConfig).toBeUndefined();
    expect(blocks.unknown.map((u) => u.attribute)).toEqual(['request_headers', 'auth_config']);
  });

  test('sensitive values: held, compared and revealed on request, never printed, serialized or copied', () => {
    const HEADER = 'hdr-secret-7c1f2a9e';
    const PASSWORD = 'pw-secret-0b8d44e1';
    const WRITE_ONLY = 'wo-secret-5e6f7a8b';
    const p = monitorFromPlan(
      {
        url: 'https://a.example/',
        request_headers: [
          { name: 'X-Api-Key', value: HEADER, value_wo: null, value_wo_version: null },
          // a write-only value is never in a plan; were a producer to put it there, it is not read
          { name: 'X-Other', value: null, value_wo: WRITE_ONLY, value_wo_version: 3 },
          { name: 'X-Empty', value: null, value_wo: null, value_wo_version: null },
        ],
        auth_config: { type: 'basic', username: 'ops', password: PASSWORD, password_wo: null },
      },
      {},
      { request_headers: [{ value: true }, {}, {}], auth_config: { password: true } },
    );
    const [key, other, empty] = p.value.requestHeaders!;
    expect(key!.value.state).toBe('planned');
    expect(key!.value.state === 'planned' && key!.value.value.reveal()).toBe(HEADER);
    expect(other!.value).toEqual({ state: 'write-only', version: 3 });
    expect(empty!.value).toEqual({ state: 'none' });
    const auth = p.value.authConfig!;
    expect(auth).toMatchObject({ type: 'basic', username: 'ops' });
    expect(auth.password.state === 'planned' && auth.password.value.reveal()).toBe(PASSWORD);
    expect(p.sensitive).toEqual(['requestHeaders[0].value', 'authConfig.password']);
    for (const out of [JSON.stringify(p), inspect(p, { depth: 10 }), `${JSON.stringify(p.value)}`]) {
      for (const s of [HEADER, PASSWORD, WRITE_ONLY]) expect(out).not.toContain(s);
    }
    expect(JSON.stringify(p)).toContain(SECRET_MARKERS.value);
    expect(String(new SensitiveValue(HEADER))).toBe(SECRET_MARKERS.value);
    expect(`${new SensitiveValue(HEADER)}`).not.toContain(HEADER);
    // compared by value without printing: a rotated secret is a change, the same one is not
    const again = monitorFromPlan({
      url: 'https://a.example/',
      request_headers: [{ name: 'X-Api-Key', value: HEADER }],
    });
    const rotated = monitorFromPlan({
      url: 'https://a.example/',
      request_headers: [{ name: 'X-Api-Key', value: 'x' }],
    });
    expect(samePlanned(again.value.requestHeaders, [key])).toBe(true);
    expect(samePlanned(rotated.value.requestHeaders, [key])).toBe(false);
  });

  test('before, state and a missing object read the same way (no marks); null ≡ [] for lists', () => {
    expect(samePlanned(monitorFromPlan(null).value, monitorFromPlan({}).value)).toBe(true);
    expect(
      samePlanned(
        monitorFromPlan({ url: 'u', accepted_status_codes: null, request_headers: null }).value,
        monitorFromPlan({ url: 'u', accepted_status_codes: [], request_headers: [] }).value,
      ),
    ).toBe(true);
  });
});

describe('alertSettingsFromPlan', () => {
  test('blocks left out read as the declared defaults (as the resource sends them)', () => {
    const v = alertSettingsFromPlan({ monitor_id: 'm1' }).value;
    expect(v.monitorId).toBe('m1');
    for (const [table, block] of [
      [alertChannelFields, v.channels],
      [slowResponseFields, v.slowResponseAlerts],
    ] as const)
      for (const [api, d] of entries(table))
        expect((block as Record<string, unknown>)[api]).toEqual(d.default);
    expect(v.slowResponseAlerts).toEqual(DECIDED.alertSettingsDefaults.slowResponseAlerts);
  });

  test('destination_ids: null is "not managed" (no default), a channel without an id is null, unknown is listed', () => {
    expect(
      alertSettingsFromPlan({ monitor_id: 'm1', destination_ids: null }).value.destinationIds,
    ).toBeNull();
    const p = alertSettingsFromPlan(
      { monitor_id: 'm1', destination_ids: { email: 'dest-1', sms: null } },
      {},
    );
    expect(p.value.destinationIds).toEqual({ email: 'dest-1', sms: null });
    const u = alertSettingsFromPlan(
      { monitor_id: 'm1', destination_ids: { sms: null } },
      { destination_ids: { email: true } },
    );
    expect(u.value.destinationIds).toEqual({ email: undefined, sms: null });
    expect(u.unknown).toEqual([{ field: 'destinationIds.email', attribute: 'destination_ids.email' }]);
  });

  test('planned and unknown values', () => {
    const p = alertSettingsFromPlan(
      {
        monitor_id: 'm1',
        slow_response_alerts: { enabled: true, threshold_ms: 1000, consecutive_limit: null },
      },
      { slow_response_alerts: { consecutive_limit: true } },
    );
    expect(p.value.slowResponseAlerts).toEqual({
      enabled: true,
      thresholdMs: 1000,
      consecutiveLimit: undefined,
    });
    expect(p.unknown).toEqual([
      { field: 'slowResponseAlerts.consecutiveLimit', attribute: 'slow_response_alerts.consecutive_limit' },
    ]);
  });
});

describe('statusPageFromPlan', () => {
  test('every declared field and block with its default; the monitor it belongs to; a block known after apply', () => {
    const v = statusPageFromPlan({ monitor_id: 'm1', title: 'API status' }).value;
    expect(v.monitorId).toBe('m1');
    expect(v.title).toBe('API status');
    for (const [table, values] of [
      [statusPageFields, v],
      [displayOptionsFields, v.displayOptions],
      [customDomainFields, v.customDomain],
    ] as const)
      for (const [api, d] of entries(table))
        if (api !== 'title')
          expect({ api, value: (values as Record<string, unknown>)[api] }).toEqual({
            api,
            value: expectedDefault(d),
          });
    const u = statusPageFromPlan({ monitor_id: 'm1', enabled: false }, { display_options: true });
    expect(u.value.enabled).toBe(false);
    expect(u.value.displayOptions).toBeUndefined();
    expect(u.unknown).toEqual([{ field: 'displayOptions', attribute: 'display_options' }]);
  });
});
