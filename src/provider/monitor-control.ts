// Pausing and activating a selection of monitors: the one implementation under the Terraform actions
// `uptime_monitor_pause` / `uptime_monitor_activate` (actions/monitor-control.ts) and `uptimectl monitors
// pause|activate` (src/cli/commands/monitors.ts). Selection uses the data sources' filter (monitor-filter.ts);
// every call goes through the client (its limiter waits on 429). Messages name monitors as JSON strings: a name is
// data, never markup.
import type { Monitor } from '../api/index.js';
import { NotFoundError, type UptimeClient } from '../client/index.js';
import { selects } from './monitor-filter.js';

export type ControlOp = 'pause' | 'activate';

export interface Selection {
  /** Monitor ids; each must exist and be visible to the token. */
  ids: string[];
  /** Name glob (`*`, `?`, case-insensitive), the data sources' pattern. */
  name: string | null;
  /** Only monitors with one of these statuses. */
  status: string[];
}

export interface Selected {
  /** The monitors the selection holds, as the service reported them (not archived). */
  monitors: Monitor[];
  /** Ids of the selection the token cannot use, each with the reason. */
  problems: { id: string; reason: string }[];
}

/** When only ids are given and there are at most this many, each is read on its own instead of listing. */
const DIRECT_READS = 20;
const PAGE = 100;

const WORDS = {
  pause: { done: 'Paused', verb: 'pause', already: 'already paused', past: 'paused' },
  activate: { done: 'Activated', verb: 'activate', already: 'already active', past: 'activated' },
} as const;

export const label = (m: Pick<Monitor, 'id' | 'name'>) => `${JSON.stringify(m.name)} (${m.id})`;

/** Says what a selection is, for messages: `ids […], name "api-*", status up`. */
export function describeSelection(s: Selection): string {
  const parts: string[] = [];
  if (s.ids.length) parts.push(`ids ${s.ids.map((i) => JSON.stringify(i)).join(', ')}`);
  if (s.name !== null) parts.push(`name ${JSON.stringify(s.name)}`);
  if (s.status.length) parts.push(`status ${s.status.join(' or ')}`);
  return parts.join(', ');
}

/** A selection must name monitors; an empty one would be a mistake, not "all" (`name = "*"` selects all). */
export function selectionProblem(s: { ids: string[] | null; name: string | null }): string | null {
  if ((s.ids === null || s.ids.length === 0) && s.name === null)
    return 'Select monitors with ids, name, or both (name = "*" selects every monitor the token can see).';
  if (s.name !== null && s.name.trim() === '') return 'name must not be empty (use "*" for every monitor).';
  return null;
}

const notFound = (id: string) => ({
  id,
  reason: `monitor ${JSON.stringify(id)} was not found: it does not exist, or the token cannot see it (a token restricted to selected monitors sees only those)`,
});
const archivedProblem = (m: Monitor) => ({
  id: m.id,
  reason: `monitor ${label(m)} is archived: archived monitors are neither paused nor activated (reactivate it first)`,
});

/** The monitors a selection holds (ids AND name AND status, as the data sources filter), and the ids it cannot use. */
export async function selectMonitors(
  client: UptimeClient,
  s: Selection,
  signal?: AbortSignal,
): Promise<Selected> {
  const ids = [...new Set(s.ids)];
  const filters = {
    ...(ids.length ? { ids } : {}),
    ...(s.name !== null ? { name: s.name } : {}),
    ...(s.status.length ? { status: s.status } : {}),
  };
  const found = new Map<string, Monitor>();
  if (ids.length && ids.length <= DIRECT_READS && s.name === null) {
    for (const id of ids) {
      signal?.throwIfAborted();
      try {
        found.set(id, (await client.getMonitor(id, { ...(signal ? { signal } : {}) })).data);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    }
  } else {
    const query = { limit: PAGE };
    for await (const m of client.paginate.listMonitors(query, { ...(signal ? { signal } : {}) }))
      found.set(m.id, m);
  }
  const problems = ids.flatMap((id) => {
    const m = found.get(id);
    if (!m) return [notFound(id)];
    return m.archived ? [archivedProblem(m)] : [];
  });
  const monitors = [...found.values()].filter((m) => selects(filters, m));
  return { monitors, problems };
}

export type OutcomeKind = 'done' | 'skipped' | 'failed';
export interface Outcome {
  monitor: Monitor;
  /** The version token after a write that was done (a pause or activate moves it on), when the service gave one. */
  version?: string;
  kind: OutcomeKind;
  /** One line for a log or progress event: `Paused "api-1" (id)`, `Skipped … : already paused`, `Failed …: why`. */
  message: string;
}

/**
 * Pauses or activates each monitor in turn, yielding one outcome per monitor. A monitor already in the wanted
 * state is skipped and says so. A failed write is reported and the rest go on. `signal` stops before the next
 * monitor: a write already sent is never abandoned (its answer says whether it happened).
 */
export async function* controlMonitors(
  client: UptimeClient,
  op: ControlOp,
  monitors: Monitor[],
  signal?: AbortSignal,
): AsyncGenerator<Outcome> {
  const w = WORDS[op];
  for (const m of monitors) {
    if (signal?.aborted) return;
    const wanted = op === 'activate';
    if (m.enabled === wanted) {
      yield { monitor: m, kind: 'skipped', message: `Skipped ${label(m)}: ${w.already}` };
      continue;
    }
    try {
      const r = await (op === 'pause' ? client.pauseMonitor(m.id) : client.activateMonitor(m.id));
      // A service that answers without the record: the ETag says the version.
      const data: Monitor | undefined = r.data;
      const version = data?.version ?? r.etag ?? undefined;
      yield { monitor: m, kind: 'done', message: `${w.done} ${label(m)}`, ...(version ? { version } : {}) };
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      yield { monitor: m, kind: 'failed', message: `Failed to ${w.verb} ${label(m)}: ${why}` };
    }
  }
}

export interface Summary {
  /** One sentence: `Paused 3 monitors, 2 already paused (5 selected).` */
  text: string;
  /** Set when the run did not do everything it was asked: failures, or stopped before the end. */
  incomplete: string | null;
}

const count = (n: number) => `${n} monitor${n === 1 ? '' : 's'}`;
const names = (ms: Monitor[]) => ms.map(label).join(', ');

/** The end of a run: what was done, skipped, failed, and (stopped early) which monitors were not reached. */
export function summarize(op: ControlOp, selected: Monitor[], outcomes: Outcome[]): Summary {
  const w = WORDS[op];
  const of = (k: OutcomeKind) => outcomes.filter((o) => o.kind === k).map((o) => o.monitor);
  const done = of('done');
  const skipped = of('skipped');
  const failed = of('failed');
  const reached = new Set(outcomes.map((o) => o.monitor.id));
  const left = selected.filter((m) => !reached.has(m.id));
  const parts = [`${w.done} ${count(done.length)}`];
  if (skipped.length) parts.push(`${skipped.length} ${w.already}`);
  if (failed.length) parts.push(`${failed.length} failed`);
  const text = `${parts.join(', ')} (${selected.length} selected).`;
  const problems: string[] = [];
  if (failed.length) problems.push(`Not ${w.past} (failed): ${names(failed)}.`);
  if (left.length)
    problems.push(
      `Stopped before the end: ${done.length ? `${w.past} ${names(done)}` : `nothing was ${w.past}`}; not reached: ${names(left)}.`,
    );
  return { text, incomplete: problems.length ? problems.join(' ') : null };
}
