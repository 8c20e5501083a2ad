// Where the monitor-id rule runs. `terraform test` and `tofu test` with `mock_provider` still send every
// configuration to the real provider's ValidateResourceConfig / ValidateDataResourceConfig, with the mocked values
// of other objects filled in (a mocked id is 8 random letters and digits), and mock PlanResourceChange,
// ApplyResourceChange and ReadDataSource (Terraform: internal/providers/mock.go; OpenTofu:
// internal/tofu/provider_for_test_framework.go). So the validate calls must accept any id, and plan, apply and read
// must refuse one that is not a UUID, with the same message as before, before any API call (no provider is
// configured here: a check that needed the service would fail differently).
import { encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { unknown, type CtyValue } from '../../src/protocol/cty/values.js';
import type { AnyDataSource, AnyResource } from '../../src/protocol/framework/index.js';
import { objectType } from '../../src/protocol/framework/schema.js';
import { createProviderHandlers } from '../../src/protocol/framework/server.js';
import { normalize } from '../../src/protocol/framework/values.js';
import { Logger } from '../../src/protocol/logging.js';
import { uptimeProvider } from '../../src/provider/index.js';

const handlers = createProviderHandlers(uptimeProvider, {
  logger: new Logger('off'),
  signal: new AbortController().signal,
});

const MOCKED_ID = 'q7Rt2xZa'; // the shape of Terraform's and OpenTofu's mocked strings
const UUID = '3f2b8c1e-0000-4000-8000-000000000000';

const decl = (kind: 'resource' | 'data', type: string): AnyResource | AnyDataSource =>
  (kind === 'resource' ? uptimeProvider.resources : uptimeProvider.dataSources)!.find(
    (d) => d.typeName === type,
  )!;

function dv(kind: 'resource' | 'data', type: string, values: Record<string, unknown> | null) {
  const d = decl(kind, type);
  const v = values === null ? null : normalize(d.attributes, values);
  return { msgpack: Buffer.from(encodeMsgpack(objectType(d.attributes), v as CtyValue)) };
}

/** Every place that names a monitor: [kind, type, attribute, other required values]. */
const PLACES = [
  ['resource', 'uptime_status_page', 'monitor_id', { title: 'API status' }],
  ['resource', 'uptime_monitor_alert_settings', 'monitor_id', { channels: { email: true, sms: false } }],
  ['data', 'uptime_monitor', 'id', {}],
  ['data', 'uptime_status_page', 'monitor_id', {}],
  ['data', 'uptime_incidents', 'monitor_id', {}],
  ['data', 'uptime_monitor_summary', 'monitor_id', {}],
  ['data', 'uptime_monitor_checks', 'monitor_id', {}],
  ['data', 'uptime_monitor_alerts', 'monitor_id', {}],
] as const;

const message = (attr: string) => `${attr} must be a monitor id (a UUID) (rule: format).`;
const formatErrors = (diags: unknown) =>
  (diags as { summary: string; detail: string; attribute?: unknown }[]).filter(
    (d) => d.summary === 'Invalid Attribute Value',
  );

describe.each(PLACES)('%s %s.%s', (kind, type, attr, rest) => {
  it('validation accepts a mocked id (and an unknown one): mock_provider sends them there', async () => {
    for (const id of [MOCKED_ID, unknown, UUID]) {
      const config = dv(kind, type, { ...rest, [attr]: id });
      const res =
        kind === 'resource'
          ? await handlers.ValidateResourceConfig!({ type_name: type, config })
          : await handlers.ValidateDataResourceConfig!({ type_name: type, config });
      expect(res.diagnostics).toEqual([]);
    }
  });

  it('plan (resource) or read (data source) refuses a literal that is not an id, naming the attribute', async () => {
    const values = { ...rest, [attr]: 'not-an-id' };
    const res =
      kind === 'resource'
        ? await handlers.PlanResourceChange!({
            type_name: type,
            prior_state: dv(kind, type, null),
            proposed_new_state: dv(kind, type, values),
            config: dv(kind, type, values),
          })
        : await handlers.ReadDataSource!({ type_name: type, config: dv(kind, type, values) });
    expect(res.diagnostics).toEqual([
      {
        severity: 'ERROR',
        summary: 'Invalid Attribute Value',
        detail: message(attr),
        attribute: { steps: [{ attribute_name: attr }] },
      },
    ]);
  });

  it('a UUID passes the rule (what fails next is the missing provider configuration, not the id)', async () => {
    const values = { ...rest, [attr]: UUID };
    const res =
      kind === 'resource'
        ? await handlers.PlanResourceChange!({
            type_name: type,
            prior_state: dv(kind, type, null),
            proposed_new_state: dv(kind, type, values),
            config: dv(kind, type, values),
          })
        : await handlers.ReadDataSource!({ type_name: type, config: dv(kind, type, values) });
    expect(formatErrors(res.diagnostics)).toEqual([]);
  });
});

describe('an id known only at apply', () => {
  it('is checked before create: refused, nothing stored', async () => {
    const type = 'uptime_status_page';
    const planned = { monitor_id: unknown, title: 'API status', id: unknown };
    const config = { monitor_id: 'abc', title: 'API status' };
    const res = await handlers.ApplyResourceChange!({
      type_name: type,
      prior_state: dv('resource', type, null),
      planned_state: dv('resource', type, planned),
      config: dv('resource', type, config),
    });
    expect(formatErrors(res.diagnostics).map((d) => d.detail)).toEqual([message('monitor_id')]);
    expect(res.diagnostics).toHaveLength(1);
  });
});
