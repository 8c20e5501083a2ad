// Generated configuration (GenerateResourceConfig: `terraform query -generate-config-out` and import blocks with
// -generate-config-out, Terraform 1.14+) with the rules of `uptimectl import` (config-from-record.ts): only what
// differs from the declared defaults, secrets never read (write-only values are left null, so the saved ones are
// kept). Values are the service's data as they are: Terraform writes them as HCL and escapes them itself (hclwrite
// doubles `${` and `%{`), so escaping them here would change them. Attached in src/provider/index.ts to the
// resources it has a generator for (`withGeneratedConfig`).
import type { AnyResource, HandlerContext } from '../protocol/framework/index.js';
import { alertAttrs, monitorAttrs, pageAttrs, type Attr, type Value } from './config-from-record.js';
import { requireClient } from './client.js';
import { configured, type UptimeProviderData } from './session.js';
import { checkImportMonitorId } from './resources/common.js';

type Ctx = HandlerContext<UptimeProviderData | undefined>;
/** A resource's generator: the state Terraform holds (by attribute name) → the configuration. */
type Generator = (req: { state: Record<string, unknown>; ctx: Ctx }) => Promise<Record<string, unknown>>;

/** Attr values of the import model as configuration values: a reference to the monitor becomes its id. */
function toConfig(attrs: Attr[], monitorId: string): Record<string, unknown> {
  const value = (v: Value): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(value);
    if ('ref' in v && typeof v.ref === 'string') return monitorId;
    if ('destination' in v && typeof v.destination === 'string') return v.destination;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x as Value)]));
  };
  return Object.fromEntries(attrs.map((a) => [a.name, value(a.value)]));
}

const idIn = (state: Record<string, unknown>, attr: string): string =>
  checkImportMonitorId(typeof state[attr] === 'string' ? state[attr] : '');

const generateMonitorConfig: Generator = async ({ state, ctx }) => {
  const id = idIn(state, 'id');
  const m = (await requireClient(ctx.providerData).getMonitor(id, { signal: ctx.signal })).data;
  return toConfig(monitorAttrs(m), id);
};

const generateAlertSettingsConfig: Generator = async ({ state, ctx }) => {
  const id = idIn(state, 'monitor_id');
  const pd = configured(ctx.providerData);
  const s = (await pd.client.getAlertSettings(id, { signal: ctx.signal })).data;
  // No data source lookups in a generated resource block: destinations stay ids.
  const attrs = alertAttrs(s, id, await pd.destinations(), (destId) => destId);
  return toConfig(attrs ?? [{ name: 'monitor_id', value: { ref: id } }], id);
};

const generateStatusPageConfig: Generator = async ({ state, ctx }) => {
  const id = idIn(state, 'monitor_id');
  const p = (await requireClient(ctx.providerData).getMonitorStatusPage(id, { signal: ctx.signal })).data;
  return toConfig(pageAttrs(p, id), id);
};

const GENERATORS: Record<string, Generator> = {
  uptime_monitor: generateMonitorConfig,
  uptime_monitor_alert_settings: generateAlertSettingsConfig,
  uptime_status_page: generateStatusPageConfig,
};

/** The resource with its configuration generator; without an API client (provider configuration not known) the
 *  framework's own rules apply (state values that differ from the declared defaults, no secrets). */
export function withGeneratedConfig(r: AnyResource): AnyResource {
  const generate = Object.hasOwn(GENERATORS, r.typeName) ? GENERATORS[r.typeName] : undefined;
  if (!generate) return r;
  return {
    ...r,
    generateConfig: async (req: { state: Record<string, unknown>; ctx: Ctx }) =>
      req.ctx.providerData?.client ? generate(req) : undefined,
  };
}
