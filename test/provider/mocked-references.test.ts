// Values that usually come from another object, under `mock_provider`. Terraform's `terraform test` (and
// `tofu test`) mock PlanResourceChange / ApplyResourceChange / ReadDataSource but still send every configuration to
// the real provider's ValidateResourceConfig, with the other objects' mocked values filled in: a mocked string is 8
// random letters and digits (Terraform internal/moduletest/mocking/values.go), a mocked nested object's strings too.
// A monitor that checks a status page (`url = uptime_status_page.api.url`) and alert settings that copy another
// monitor's destinations (`destination_ids = uptime_monitor_alert_settings.api.destination_ids`) failed every
// `command = apply` run of a plain mock_provider ("url must be an absolute http or https URL"). Written from that
// documented behaviour: validation must accept the mocked values; plan and apply must still refuse a literal that
// breaks the rule, with the message users know, on the attribute.
import { encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { unknown, type CtyValue } from '../../src/protocol/cty/values.js';
import type { AnyResource } from '../../src/protocol/framework/index.js';
import { objectType } from '../../src/protocol/framework/schema.js';
import { createProviderHandlers } from '../../src/protocol/framework/server.js';
import { normalize } from '../../src/protocol/framework/values.js';
import { Logger } from '../../src/protocol/logging.js';
import { uptimeProvider } from '../../src/provider/index.js';

const handlers = createProviderHandlers(uptimeProvider, {
  logger: new Logger('off'),
  signal: new AbortController().signal,
});

const MOCKED = 'q7Rt2xZa';
const MONITOR = '3f2b8c1e-0000-4000-8000-000000000000';

function dv(type: string, values: Record<string, unknown> | null) {
  const d = uptimeProvider.resources!.find((r) => r.typeName === type) as AnyResource;
  const v = values === null ? null : normalize(d.attributes, values);
  return { msgpack: Buffer.from(encodeMsgpack(objectType(d.attributes), v as CtyValue)) };
}

const invalid = (diags: unknown) =>
  (diags as { summary: string; detail: string; attribute?: unknown }[]).filter(
    (d) => d.summary === 'Invalid Attribute Value',
  );

/** [resource, config with a mocked value, config with a literal that breaks the rule, expected messages]. */
const CASES = [
  [
    'uptime_monitor',
    { url: MOCKED },
    { url: 'ftp://example.com/' },
    [{ detail: 'url must be an absolute http or https URL (rule: format).', path: ['url'] }],
  ],
  [
    'uptime_monitor_alert_settings',
    { monitor_id: MONITOR, destination_ids: { email: MOCKED, sms: 'a1b2c3d4' } },
    { monitor_id: MONITOR, destination_ids: { email: 'dest_sms_0123456789abcdef01234567', sms: 'nope' } },
    [
      {
        detail: 'destination_ids.email must match ^dest_email_[a-f0-9]{24}$ (rule: format).',
        path: ['destination_ids', 'email'],
      },
      {
        detail: 'destination_ids.sms must match ^dest_sms_[a-f0-9]{24}$ (rule: format).',
        path: ['destination_ids', 'sms'],
      },
    ],
  ],
] as const;

const steps = (path: readonly string[]) => ({ steps: path.map((attribute_name) => ({ attribute_name })) });

describe.each(CASES)('%s', (type, mocked, broken, expected) => {
  it('ValidateResourceConfig accepts a mocked value (and an unknown one)', async () => {
    for (const config of [mocked, { ...mocked, ...(type === 'uptime_monitor' ? { url: unknown } : {}) }]) {
      const res = await handlers.ValidateResourceConfig!({ type_name: type, config: dv(type, config) });
      expect(res.diagnostics).toEqual([]);
    }
  });

  it('ValidateResourceConfig still checks the other attributes', async () => {
    const other =
      type === 'uptime_monitor'
        ? { ...mocked, interval_seconds: 61 }
        : { ...mocked, slow_response_alerts: { enabled: true, threshold_ms: 4000, consecutive_limit: 3 } };
    const res = await handlers.ValidateResourceConfig!({ type_name: type, config: dv(type, other) });
    expect(invalid(res.diagnostics)).toHaveLength(1);
  });

  it('PlanResourceChange refuses a literal that breaks the rule, naming the attribute and the rule', async () => {
    const res = await handlers.PlanResourceChange!({
      type_name: type,
      prior_state: dv(type, null),
      proposed_new_state: dv(type, broken),
      config: dv(type, broken),
    });
    expect(invalid(res.diagnostics)).toEqual(
      expected.map((e) => ({
        severity: 'ERROR',
        summary: 'Invalid Attribute Value',
        detail: e.detail,
        attribute: steps(e.path),
      })),
    );
  });

  it('ApplyResourceChange refuses it when the value was known only at apply', async () => {
    const planned =
      type === 'uptime_monitor' ? { url: unknown } : { monitor_id: MONITOR, destination_ids: unknown };
    const res = await handlers.ApplyResourceChange!({
      type_name: type,
      prior_state: dv(type, null),
      planned_state: dv(type, planned),
      config: dv(type, broken),
    });
    expect(invalid(res.diagnostics).map((d) => d.detail)).toEqual(expected.map((e) => e.detail));
  });
});

describe("data uptime_monitors: updated_after / updated_before (often another object's time)", () => {
  const ds = uptimeProvider.dataSources!.find((d) => d.typeName === 'uptime_monitors')!;
  const cv = (values: Record<string, unknown>) => ({
    msgpack: Buffer.from(
      encodeMsgpack(objectType(ds.attributes), normalize(ds.attributes, values) as CtyValue),
    ),
  });

  it('ValidateDataResourceConfig accepts mocked times; the other filters are still checked there', async () => {
    const ok = await handlers.ValidateDataResourceConfig!({
      type_name: 'uptime_monitors',
      config: cv({ updated_after: MOCKED, updated_before: 'a1b2c3d4' }),
    });
    expect(ok.diagnostics).toEqual([]);
    const bad = await handlers.ValidateDataResourceConfig!({
      type_name: 'uptime_monitors',
      config: cv({ updated_after: MOCKED, status: 'sleepy' }),
    });
    expect(invalid(bad.diagnostics).map((d) => d.attribute)).toEqual([steps(['status'])]);
  });

  it('ReadDataSource refuses a literal that is not a time, before any request, naming the attribute', async () => {
    const res = await handlers.ReadDataSource!({
      type_name: 'uptime_monitors',
      config: cv({ updated_after: 'yesterday', updated_before: '2026-11-28T00:00:00Z' }),
    });
    expect(invalid(res.diagnostics)).toEqual([
      {
        severity: 'ERROR',
        summary: 'Invalid Attribute Value',
        detail: expect.stringMatching(/^updated_after must be .*\(rule: format\)\.$/),
        attribute: steps(['updated_after']),
      },
    ]);
  });
});
