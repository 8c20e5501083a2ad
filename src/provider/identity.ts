// Resource identities (Terraform 1.12+) of the three resources, version 0 (a later provider downgrade never meets a
// newer identity): a monitor is named by its id, its alert settings and status page by the monitor's id.
import { ctyString } from '../protocol/cty/types.js';
import type { IdentityDecl } from '../protocol/framework/index.js';

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
