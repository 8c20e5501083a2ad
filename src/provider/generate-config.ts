// Generated configuration (GenerateResourceConfig: `terraform query -generate-config-out` and import blocks with
// -generate-config-out, Terraform 1.14+) with the rules of `uptimectl import` (config-from-record.ts): only what
// differs from the declared defaults, secrets never read (write-only values are left null, so the saved ones are
// kept). Values are the service's data as they are: Terraform writes them as HCL and escapes them itself (hclwrite
// doubles `${` and `%{`), so escaping them here would change them. Attached in src/provider/index.ts rather than in
// each resource file: config-from-record.ts reads the field facts, which read the resource declarations.
import type { AnyResource, HandlerContext } from '../protocol/framework/index.js';
import { alertAttrs, monitorAttrs, pageAttrs, type Attr, type Value } from './config-from-record.js';
import { requireClient } from './client.js';
import type { UptimeProviderData } from './session.js';
import { checkImportMonitorId } from './resources/common.js';

type Ctx = HandlerContext<UptimeProviderData>;

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

async function generateMonitorConfig(req: { state: { id: string | null }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.id ?? '');
  const m = (await requireClient(req.ctx.providerData).getMonitor(id, { signal: req.ctx.signal })).data;
  return toConfig(monitorAttrs(m), id);
}

async function generateAlertSettingsConfig(req: { state: { monitor_id: string }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.monitor_id);
  const pd = req.ctx.providerData;
  const s = (await requireClient(pd).getAlertSettings(id, { signal: req.ctx.signal })).data;
  // No data source lookups in a generated resource block: destinations stay ids.
  const attrs = alertAttrs(s, id, await pd.destinations(), (destId) => destId);
  return toConfig(attrs ?? [{ name: 'monitor_id', value: { ref: id } }], id);
}

async function generateStatusPageConfig(req: { state: { monitor_id: string }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.monitor_id);
  const p = (await requireClient(req.ctx.providerData).getMonitorStatusPage(id, { signal: req.ctx.signal }))
    .data;
  return toConfig(pageAttrs(p, id), id);
}

const GENERATORS: Record<string, AnyResource['generateConfig']> = {
  uptime_monitor: generateMonitorConfig as AnyResource['generateConfig'],
  uptime_monitor_alert_settings: generateAlertSettingsConfig as AnyResource['generateConfig'],
  uptime_status_page: generateStatusPageConfig as AnyResource['generateConfig'],
};

/** The resource with its configuration generator; without an API client (provider configuration not known) the
 *  framework's own rules apply (state values that differ from the declared defaults, no secrets). */
export function withGeneratedConfig(r: AnyResource): AnyResource {
  const generate = GENERATORS[r.typeName];
  if (!generate) return r;
  return {
    ...r,
    generateConfig: async (req) =>
      (req.ctx.providerData as UptimeProviderData | undefined)?.client ? generate(req) : undefined,
  };
}
