// Names and literals of the generated configuration: a monitor name can hold anything, the HCL must stay valid and
// inert (no interpolation), and resource names must be valid identifiers, unique and stable.
import { hclString } from '../../src/import/hcl.js';
import { tsText } from '../../src/import/cdktf.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST, runImport } from '../../src/import/index.js';
import { plan, slug, uniqueName } from '../../src/import/model.js';
import { DECIDED, type Monitor, type MonitorAlertSettings, type StatusPage } from '../../src/api/index.js';

test('HCL strings escape quotes, backslashes, newlines, control characters and template sequences', () => {
  expect(hclString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
  expect(hclString('line\nbreak\ttab')).toBe('"line\\nbreak\\ttab"');
  expect(hclString('${var.secret} %{ if true }')).toBe('"$${var.secret} %%{ if true }"');
  expect(hclString('bell\u0007')).toBe('"bell\\u0007"');
  // What a reader cannot see is escaped, as Terraform's hclwrite does (U+2028 ends a JS comment; U+202E reverses text).
  expect(hclString('a\u2028b\u202ec\u00a0d\u{e0001}')).toBe('"a\\u2028b\\u202ec\\u00a0d\\U000e0001"');
  expect(hclString('$${x} \\${y}')).toBe('"$$${x} \\\\$${y}"');
});

test('CDKTF strings are TypeScript literals of Terraform templates whose value is the text', () => {
  expect(tsText('${var.secret} %{ if true }')).toBe('"$${var.secret} %%{ if true }"');
  expect(tsText('a\u2028b "q" \\')).toBe('"a\\u2028b \\"q\\" \\\\"');
  expect(tsText('\u{1f4a5}')).toBe('"\u{1f4a5}"');
});

test('resource names: slugged identifiers, never empty or starting with a digit, de-duplicated in order', () => {
  expect(slug('Checkout API (EU)')).toBe('checkout_api_eu');
  expect(slug('Café – Crème')).toBe('cafe_creme');
  expect(slug('123 go')).toBe('m_123_go');
  expect(slug('💥')).toBe('monitor');
  const taken = new Set<string>();
  expect(['shop', 'shop', 'shop'].map((s) => uniqueName(s, taken))).toEqual(['shop', 'shop_2', 'shop_3']);
});

test('a damaged import record in --out is a clear error naming the file, before any request', async () => {
  const out = mkdtempSync(join(tmpdir(), 'import-bad-'));
  const opts = {
    out,
    format: 'hcl' as const,
    baseUrl: 'http://127.0.0.1:9/v1',
    token: 'upt_x',
    filters: {},
    version: '0.1.0',
  };
  writeFileSync(join(out, MANIFEST), '{ not json');
  await expect(runImport(opts)).rejects.toThrow(`${join(out, MANIFEST)} is not valid JSON`);
  writeFileSync(join(out, MANIFEST), '[]');
  await expect(runImport(opts)).rejects.toThrow('is not an uptimectl import record');
  writeFileSync(
    join(out, MANIFEST),
    JSON.stringify({ format: 'cdktf', names: {}, imported: [], lookups: {}, files: [] }),
  );
  await expect(runImport(opts)).rejects.toThrow('was written with --format cdktf');
});

describe('what is written: only values that differ from the declared defaults', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const email = `dest_email_${'a'.repeat(24)}`;
  const monitor = {
    id,
    name: 'Shop',
    url: 'https://shop.test/',
    type: 'http',
    enabled: true,
    archived: false,
    status: 'up',
    ...DECIDED.monitorDefaults,
    acceptedStatusCodes: [],
  } as Monitor;
  const alerts = (x: Partial<MonitorAlertSettings> = {}): MonitorAlertSettings => ({
    monitorId: id,
    version: 'v1',
    channels: { ...DECIDED.alertSettingsDefaults.channels },
    destinationIds: { email, sms: null },
    slowResponseAlerts: { ...DECIDED.alertSettingsDefaults.slowResponseAlerts, state: 'healthy' },
    ...x,
  });
  const page = (x: Partial<StatusPage> = {}): StatusPage => ({
    monitorId: id,
    ...DECIDED.statusPageDefaults,
    displayOptions: { ...DECIDED.statusPageDefaults.displayOptions },
    enabled: true,
    ...x,
  });
  const attrsOf = (a: MonitorAlertSettings, p: StatusPage) => {
    const set = plan(
      {
        monitors: [monitor],
        alertSettings: new Map([[id, a]]),
        statusPages: new Map([[id, p]]),
        destinations: [
          { id: email, channel: 'email', value: 'ops@x', maskedValue: 'o…', label: 'Ops', isDefault: true },
        ],
      },
      { names: {}, imported: new Set(), lookups: {} },
    );
    const of = (type: string) =>
      set.objects.find((o) => o.type === type)?.attrs.map((x) => [x.name, x.value]);
    return { alerts: of('uptime_monitor_alert_settings'), page: of('uptime_status_page') };
  };

  test('defaults: no alert settings, a page with its monitor only', () => {
    expect(attrsOf(alerts(), page())).toEqual({ alerts: undefined, page: [['monitor_id', { ref: 'shop' }]] });
  });

  test('a field off its default is written; a block is written whole', () => {
    const r = attrsOf(
      alerts({
        slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 3, state: 'slow' },
      }),
      page({
        enabled: false,
        title: 'Shop status',
        description: '',
        noindex: true,
        displayOptions: { uptimeTimeline: true, responseTime: false, incidents: true, recentHistory: true },
      }),
    );
    expect(r.alerts).toEqual([
      ['monitor_id', { ref: 'shop' }],
      ['slow_response_alerts', { enabled: true, threshold_ms: 2000, consecutive_limit: 3 }],
    ]);
    expect(r.page).toEqual([
      ['monitor_id', { ref: 'shop' }],
      ['enabled', false],
      ['title', 'Shop status'],
      // An empty description is written: omitting it would plan clearing it (null).
      ['description', ''],
      ['noindex', true],
      [
        'display_options',
        { uptime_timeline: true, response_time: false, incidents: true, recent_history: true },
      ],
    ]);
  });
});
