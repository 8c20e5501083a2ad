// Which monitors a selection holds: a name glob, statuses, ids and whether archived ones count. Shared by
// `uptimectl import` (src/import/account.ts) and `list "uptime_monitor"` (list/monitors.ts), below both.
import type { Monitor } from '../api/index.js';

export interface MonitorFilters {
  /** Glob on the monitor name (`*` and `?`), case-insensitive. */
  name?: string | undefined;
  status?: string[] | undefined;
  ids?: string[] | undefined;
  includeArchived?: boolean | undefined;
}

function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

export function selects(f: MonitorFilters, m: Monitor): boolean {
  if (m.archived && !f.includeArchived) return false;
  if (f.ids?.length && !f.ids.includes(m.id)) return false;
  if (f.status?.length && !f.status.includes(m.status)) return false;
  if (f.name && !globRegExp(f.name).test(m.name)) return false;
  return true;
}
