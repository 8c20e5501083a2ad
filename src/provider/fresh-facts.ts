// Fresh facts: whether a monitor was checked since its last change, and a bounded wait until it is, for the data
// sources a check block or `terraform test` asserts on right after an apply (docs/guides/verifying-monitors-after-apply.md).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Monitor } from '../api/index.js';
import { formatDuration, parseDuration } from '../client/index.js';
import { DiagnosticError, type Diagnostics } from '../protocol/diagnostics.js';
import { boolAttr, stringAttr } from '../protocol/framework/index.js';
import { apiFailure } from './api-errors.js';
import type { Client } from './client.js';

/** The longest `wait_for_check` accepted. */
export const MAX_FRESH_WAIT_MS = 30 * 60_000;
/** Polls start at this delay and grow to POLL_MAX_MS (each poll is one GET of the monitor). */
const POLL_FIRST_MS = 1_000;
const POLL_MAX_MS = 5_000;

/** The arguments and attribute every monitor-facts data source shares. */
export const freshAttributes = {
  wait_for_check: stringAttr({
    optional: true,
    description:
      'Wait at most this long (a duration such as `90s` or `5m`, at most `30m`) until the monitor has been checked since its last change (its last check is newer than `updated_at`, or `created_at` when the service gives no `updated_at`), then read. When the wait runs out the read fails with an error naming the monitor and the time waited. A paused or archived monitor is not checked, so waiting for it fails at once. Omitted or null: read at once (`checked_since_change` says whether the facts are fresh).',
  }),
  checked_since_change: boolAttr({
    computed: true,
    description:
      "Whether the monitor's last check is newer than its last change, so `status` and the other check facts describe the current configuration. False before the first check after a change.",
  }),
};

/** The time of the monitor's last change: `updatedAt`, else `createdAt`; null when the service gives neither. */
function changedAt(m: Partial<Monitor>): number | null {
  const t = m.updatedAt ?? m.createdAt;
  return typeof t === 'string' && !Number.isNaN(Date.parse(t)) ? Date.parse(t) : null;
}

/**
 * Whether the last check is strictly newer than the last change. A check at the same instant is not counted: with
 * times in whole seconds it may have started before the change (docs/api-decisions.md "Fresh facts").
 */
export function checkedSinceChange(m: Partial<Monitor>): boolean {
  if (typeof m.lastCheckAt !== 'string') return false;
  const checked = Date.parse(m.lastCheckAt);
  if (Number.isNaN(checked)) return false;
  const changed = changedAt(m);
  return changed === null || checked > changed;
}

/** Validates `wait_for_check` (plan time). */
export function validateWait(value: unknown, diags: Diagnostics): void {
  if (typeof value !== 'string') return;
  const ms = parseDuration(value);
  if (ms === null || ms > MAX_FRESH_WAIT_MS)
    diags.error(
      'Invalid Attribute Value',
      `wait_for_check must be a duration such as "90s", "5m" or "1m30s", at most "30m" (rule: duration; got ${JSON.stringify(value)}).`,
      ['wait_for_check'],
    );
}

export interface FreshOptions {
  signal?: AbortSignal;
  /** Injected in tests. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

async function getMonitor(client: Client, id: string, attr: string, signal?: AbortSignal): Promise<Monitor> {
  try {
    return (await client.getMonitor(id, signal ? { signal } : {})).data;
  } catch (e) {
    throw apiFailure('Read failed', e, { object: 'monitor', monitorId: id, attribute: attr });
  }
}

const label = (m: Monitor) => `monitor ${JSON.stringify(m.name ?? m.id)} (${m.id})`;

/**
 * Reads the monitor; with `wait` (the `wait_for_check` text) polls until it was checked since its last change or the
 * wait runs out (an error saying so). Each poll is one GET; a 429 is waited out by the client within its own limit.
 */
export async function readFreshMonitor(
  client: Client,
  id: string,
  wait: string | null | undefined,
  attr: string,
  o: FreshOptions = {},
): Promise<Monitor> {
  const now = o.now ?? Date.now;
  const pause =
    o.sleep ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, signal ? { signal } : {}));
  let m = await getMonitor(client, id, attr, o.signal);
  if (typeof wait !== 'string' || checkedSinceChange(m)) return m;
  const budget = parseDuration(wait) ?? 0;
  const started = now();
  let delay = POLL_FIRST_MS;
  for (;;) {
    if (!m.enabled || m.archived)
      throw new DiagnosticError(
        'Monitor is not checked',
        `${label(m)} is ${m.archived ? 'archived' : 'paused'}, so no check newer than its last change will come. Activate it (enabled = true) before asserting on its checks, or remove wait_for_check.`,
        ['wait_for_check'],
      );
    const waited = now() - started;
    if (waited >= budget) {
      const last = m.lastCheckAt ? `its last check was at ${m.lastCheckAt}` : 'it has not been checked yet';
      throw new DiagnosticError(
        'No check since the last change',
        `${label(m)} was changed at ${m.updatedAt ?? m.createdAt ?? '(time not given)'} and ${last}: no newer check came within wait_for_check = ${JSON.stringify(wait)} (waited ${formatDuration(waited)}). It is checked every ${m.intervalSeconds ?? '?'} s; a service may wait up to one interval before checking a change. Raise wait_for_check above the interval, or check that the service is running checks.`,
        ['wait_for_check'],
      );
    }
    try {
      await pause(Math.min(delay, budget - waited), o.signal);
    } catch {
      throw new DiagnosticError(
        'Stopped while waiting for a check',
        `Terraform stopped the provider while it waited for a check of ${label(m)}.`,
        ['wait_for_check'],
      );
    }
    delay = Math.min(POLL_MAX_MS, Math.round(delay * 1.5));
    m = await getMonitor(client, id, attr, o.signal);
    if (checkedSinceChange(m)) return m;
  }
}
