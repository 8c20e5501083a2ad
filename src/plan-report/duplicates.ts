// `--check`: monitors the plan creates whose URL and request method equal a live (not archived) monitor of the
// account — the create would fail at apply with 409 `duplicate_monitor` — or another create of the same plan.
// One listing of the account's monitors (100 per request), read only when the plan creates a monitor and never more
// than `maxRequests` pages; the report says how many requests it took.
import { duplicateKey } from '../api/duplicate.js';
import { terraformBinary } from '../cdk/terraform-binary.js';
import type { Monitor } from '../api/index.js';
import type { UptimeClient } from '../client/index.js';
import { monitorFields } from '../provider/fields/index.js';
import { monitorFromPlan, type PlannedMonitor } from '../provider/mapping/planned.js';
import { isReplace, MONITOR, type StackReport } from './changes.js';
import { code } from './format.js';
import { isOurs, ourChanges, type NamedPlan, type ResourceChange } from './plan.js';

/** Listing requests the check makes at most (100 monitors each): 10,000 monitors. */
export const DUPLICATE_LIST_MAX_REQUESTS = 100;
const PAGE = 100;

export interface Duplicate {
  stack: string;
  address: string;
  url: string;
  method: string;
  /** The monitor the plan creates, in the API's shape with the schema's defaults (`uptimectl adopt` compares it
   *  with the existing monitor). */
  planned?: PlannedMonitor;
  /** The live monitor it equals (the whole record), or … */
  existing?: { id: string; name: string; createdAt: string | null; monitor: Monitor };
  /** … the other create of this plan it equals. */
  sameAs?: string;
  /** The existing monitor is archived by this plan too (Terraform may still create first). */
  archivedByPlan?: boolean;
}

export interface DuplicateCheck {
  creates: number;
  duplicates: Duplicate[];
  /** Listing requests made. */
  requests: number;
  /** Live monitors compared against. */
  live: number;
  /** False when the listing stopped at maxRequests before the end. */
  complete: boolean;
}

/** The service's duplicate key (src/api), the method upper-cased as the API writes it. */
const keyOf = (url: string, method: string) => duplicateKey(url, method.toUpperCase());

/** The URL and request method (the schema's default when the plan leaves it out) of a monitor the plan creates (not
 *  replaces), or null; null too when either is known only after apply. */
export function plannedCreate(
  rc: ResourceChange,
): { url: string; method: string; planned: PlannedMonitor } | null {
  if (rc.mode !== 'managed' || !isOurs(rc) || rc.type !== MONITOR || !rc.change.actions.includes('create'))
    return null;
  if (isReplace(rc.change.actions) || !rc.change.after) return null;
  const planned = monitorFromPlan(rc.change.after, rc.change.after_unknown, rc.change.after_sensitive);
  const { url, requestMethod } = planned.value;
  if (url === undefined || requestMethod === undefined) return null;
  return { url, method: requestMethod, planned };
}

export async function checkDuplicates(
  client: UptimeClient,
  plans: NamedPlan[],
  maxRequests = DUPLICATE_LIST_MAX_REQUESTS,
): Promise<DuplicateCheck> {
  const creates: Omit<Duplicate, 'existing' | 'sameAs'>[] = [];
  const archived = new Set<string>();
  for (const p of plans)
    for (const rc of ourChanges(p.plan)) {
      if (rc.type !== MONITOR) continue;
      const { actions, before } = rc.change;
      const id = before ? monitorFromPlan(before).value.id : undefined;
      if (actions.includes('delete') && id !== undefined) archived.add(id);
      const c = plannedCreate(rc);
      if (c)
        creates.push({
          stack: p.name,
          address: rc.address,
          url: c.url,
          method: c.method,
          planned: c.planned,
        });
    }
  const result: DuplicateCheck = {
    creates: creates.length,
    duplicates: [],
    requests: 0,
    live: 0,
    complete: true,
  };
  if (!creates.length) return result;

  const live = new Map<string, Monitor>();
  let cursor: string | undefined;
  do {
    if (result.requests >= maxRequests) {
      result.complete = false;
      break;
    }
    const { data } = await client.listMonitors({ limit: PAGE, ...(cursor ? { cursor } : {}) });
    result.requests++;
    for (const m of data.items)
      if (!m.archived) {
        result.live++;
        const key = keyOf(m.url, m.requestMethod ?? monitorFields.requestMethod.default);
        if (!live.has(key)) live.set(key, m);
      }
    cursor = data.nextCursor ?? undefined;
  } while (cursor);

  const planned = new Map<string, (typeof creates)[number]>();
  for (const c of creates) {
    const key = keyOf(c.url, c.method);
    const m = live.get(key);
    const other = planned.get(key);
    if (m)
      result.duplicates.push({
        ...c,
        existing: { id: m.id, name: m.name, createdAt: m.createdAt ?? null, monitor: m },
        ...(archived.has(m.id) ? { archivedByPlan: true } : {}),
      });
    else if (other)
      result.duplicates.push({
        ...c,
        sameAs: other.stack === c.stack ? other.address : `${other.stack}: ${other.address}`,
      });
    else planned.set(key, c);
  }
  return result;
}

/** The command that takes the existing monitor into state instead of creating a second one. */
export function importCommand(address: string, id: string): string {
  return `${terraformBinary()} import '${address.replace(/'/g, `'\\''`)}' ${id}`;
}

/** Each duplicate as a risk of its monitor, so the callouts name it and `--fail-on duplicate` can gate on it. */
export function flagDuplicates(stacks: StackReport[], check: DuplicateCheck): void {
  for (const d of check.duplicates) {
    const m = stacks.find((s) => s.name === d.stack)?.monitors.find((x) => x.address === d.address);
    if (!m) continue;
    const what = `${d.method} ${d.url}`;
    m.risks.push({
      kind: 'duplicate',
      text: d.existing
        ? `${code(what)} is already monitored by ${d.existing.name} (${code(d.existing.id)})` +
          (d.archivedByPlan ? ', which this plan archives (Terraform may create first)' : '') +
          `: the create fails with 409 duplicate_monitor. Import it instead: ${code(importCommand(d.address, d.existing.id))}` +
          ' (CDKTF: `importFrom` with that id), or change the URL or method'
        : `${code(what)} is also created by ${code(d.sameAs!)}: the second create fails with 409 duplicate_monitor`,
    });
  }
}
