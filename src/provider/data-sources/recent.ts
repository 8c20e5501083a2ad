// What the "recent records of a monitor" data sources share: the monitor and how many records, and newest-first order.
import type { Diagnostics } from '../../protocol/diagnostics.js';
import { int64Attr } from '../../protocol/framework/index.js';
import { validateWait } from '../fresh-facts.js';
import { monitorIdArgument } from './fields.js';

export const RECENT_DEFAULT = 10;
export const RECENT_MAX = 1000;

export const recentAttributes = (what: string) => ({
  monitor_id: monitorIdArgument(),
  limit: int64Attr({
    optional: true,
    description: `How many of the most recent ${what} to read, 1 to ${RECENT_MAX}. Omitted or null: ${RECENT_DEFAULT}.`,
  }),
});

export function validateRecent(
  config: { limit?: unknown; wait_for_check?: unknown },
  diags: Diagnostics,
): void {
  if (typeof config.limit === 'number' && !(config.limit >= 1 && config.limit <= RECENT_MAX))
    diags.error(
      'Invalid Attribute Value',
      `limit must be between 1 and ${RECENT_MAX} (rule: range; got ${config.limit}).`,
      ['limit'],
    );
  validateWait(config.wait_for_check, diags);
}

export const wanted = (limit: number | null | undefined): number =>
  typeof limit === 'number' ? limit : RECENT_DEFAULT;

/** Newest first by a time field (RFC 3339); records without a readable time go last, in their order. */
export function newestFirst<T>(items: T[], at: (t: T) => string | null | undefined): T[] {
  const time = (t: T) => {
    const v = at(t);
    const ms = typeof v === 'string' ? Date.parse(v) : NaN;
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return items
    .map((t, i) => ({ t, i, ms: time(t) }))
    .sort((a, b) => b.ms - a.ms || a.i - b.i)
    .map((x) => x.t);
}
