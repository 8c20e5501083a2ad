// Resource identities (Terraform 1.12+) and generated configuration (GenerateResourceConfig, 1.14+) of the three
// resources. Identities are version 0. Generated configuration follows `uptimectl import`'s rules by reusing its
// model (src/import/model.ts): only what differs from the declared defaults, secrets never read.
import { ctyString } from '../protocol/cty/types.js';
import type { HandlerContext, IdentityDecl } from '../protocol/framework/index.js';
import { alertAttrs, monitorAttrs, pageAttrs, type Attr, type Value } from '../import/model.js';
import { listDestinations, requireClient, type UptimeProviderData } from './client.js';
import { checkImportMonitorId } from './resources/common.js';

const UUID_EXAMPLE = 'a UUID such as `3f2b8c1e-0000-4000-8000-000000000000`';

/** uptime_monitor: the monitor id. */
export const monitorIdentity: IdentityDecl<{ id: string | null }> = {
  attributes: {
    id: { type: ctyString, forImport: 'required', description: `The monitor id (${UUID_EXAMPLE}).` },
  },
  fromState: (s) => ({ id: s.id }),
};

/** uptime_monitor_alert_settings and uptime_status_page: one per monitor, named by the monitor id. */
export const monitorPartIdentity: IdentityDecl<{ monitor_id: string }> = {
  attributes: {
    monitor_id: {
      type: ctyString,
      forImport: 'required',
      description: `The id of the monitor this object belongs to (${UUID_EXAMPLE}).`,
    },
  },
  fromState: (s) => ({ monitor_id: s.monitor_id }),
};

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

export async function generateMonitorConfig(req: { state: { id: string | null }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.id ?? '');
  const m = (await requireClient(req.ctx.providerData).getMonitor(id, { signal: req.ctx.signal })).data;
  return toConfig(monitorAttrs(m), id);
}

export async function generateAlertSettingsConfig(req: { state: { monitor_id: string }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.monitor_id);
  const pd = req.ctx.providerData;
  const s = (await requireClient(pd).getAlertSettings(id, { signal: req.ctx.signal })).data;
  // No data source lookups in a generated resource block: destinations stay ids.
  const attrs = alertAttrs(s, id, await listDestinations(pd), (destId) => destId);
  return toConfig(attrs ?? [{ name: 'monitor_id', value: { ref: id } }], id);
}

export async function generateStatusPageConfig(req: { state: { monitor_id: string }; ctx: Ctx }) {
  const id = checkImportMonitorId(req.state.monitor_id);
  const p = (await requireClient(req.ctx.providerData).getMonitorStatusPage(id, { signal: req.ctx.signal }))
    .data;
  return toConfig(pageAttrs(p, id), id);
}
