// `--check`: the plan against the live account before anyone approves it: capacity for the monitors to be
// created, intervals below the plan's minimum, destinations that are not among the account's verified ones, and the
// API requests the apply will make against the per-minute and monthly allowance.
import type { UptimeClient } from '../client/index.js';
import { alertSettingsFromPlan, monitorFromPlan } from '../provider/mapping/planned.js';
import { ALERTS, isReplace, MONITOR, PAGE } from './changes.js';
import type { DuplicateCheck } from './duplicates.js';
import { code } from './format.js';
import { ourChanges, type NamedPlan, type ResourceChange } from './plan.js';

export const PREFLIGHT_TITLE = 'Preflight against the account';

/** The preflight's findings: `ok` false when one fails; each item a report line (an icon, words, code spans). */
export interface Preflight {
  ok: boolean;
  items: string[];
}

/** The preflight as a Markdown section (its heading, one bullet per item). */
export function preflightMarkdown(p: Preflight): string {
  return [`### ${PREFLIGHT_TITLE}`, '', ...p.items.map((i) => `- ${i}`), ''].join('\n');
}

/** Requests one change costs at apply (a write, plus a lifecycle call or a read where the provider makes one). */
function cost(rc: ResourceChange): number {
  const a = rc.change.actions;
  if (a.every((x) => x === 'no-op' || x === 'read')) return rc.change.importing ? 1 : 0;
  let lifecycle = 0;
  if (rc.type === MONITOR) {
    // A create starts from the service's new monitor (the defaults; `enabled` goes in its body).
    const before = monitorFromPlan(rc.change.before).value;
    const after = monitorFromPlan(rc.change.after, rc.change.after_unknown).value;
    if (before.archived !== after.archived || (!a.includes('create') && before.enabled !== after.enabled))
      lifecycle = 1;
  }
  if (isReplace(a)) return 2 + lifecycle;
  if (rc.type === ALERTS || rc.type === PAGE) return 2; // read for the version, then write
  return 1 + lifecycle;
}

export async function preflight(
  client: UptimeClient,
  plans: NamedPlan[],
  duplicates: DuplicateCheck,
  requestsMade: () => number,
): Promise<Preflight> {
  const [caps, usage, dests] = await Promise.all([
    client.getCapabilities(),
    client.getUsage(),
    client.listAlertDestinations(),
  ]);
  const changes = plans.flatMap((p) => ourChanges(p.plan));
  const items: string[] = [];
  let ok = true;
  const flag = (good: boolean, msg: string) => {
    if (!good) ok = false;
    items.push(`${good ? '✅' : '❌'} ${msg}`);
  };

  const creates = changes.filter(
    (r) => r.type === MONITOR && r.change.actions.includes('create') && !isReplace(r.change.actions),
  ).length;
  const archives = changes.filter(
    (r) => r.type === MONITOR && r.change.actions.includes('delete') && !isReplace(r.change.actions),
  ).length;
  // Facts the service does not report (their fields are not shown in the spec) are named as not checked.
  const notChecked = (what: string, facts: string) =>
    items.push(`⚠️ ${what}: not checked (the service does not report ${facts})`);
  const { used, capacity } = usage.data.monitors;
  if (used === undefined || capacity === undefined)
    notChecked('capacity', '`monitors.used` and `monitors.capacity` in GET /usage');
  else {
    const left = capacity - used;
    // Terraform may create before it archives, so archives do not make room in this check.
    flag(
      creates <= left,
      `capacity: ${creates} monitor${creates === 1 ? '' : 's'} to create, ${left} of ${capacity} left on the plan` +
        (archives ? ` (${archives} to archive)` : ''),
    );
  }

  const { minIntervalSeconds: min, allowedIntervals: allowed } = caps.data.plan;
  const intervalOk = (v: number) =>
    (min === undefined || v >= min) && (!allowed?.length || allowed.includes(v));
  const slow = changes.filter((r) => {
    const v = r.type === MONITOR ? monitorFromPlan(r.change.after, r.change.after_unknown).value : null;
    return typeof v?.intervalSeconds === 'number' && !intervalOk(v.intervalSeconds);
  });
  const rule = [
    ...(min !== undefined ? [`minimum ${min} s`] : []),
    ...(allowed?.length ? [`allowed: ${allowed.join(', ')} s`] : []),
  ].join('; ');
  if (min === undefined && !allowed?.length)
    notChecked('intervals', '`plan.minIntervalSeconds` or `plan.allowedIntervals` in GET /capabilities');
  else if (slow.length)
    flag(false, `interval not allowed by the plan (${rule}): ${slow.map((r) => code(r.address)).join(', ')}`);
  else
    flag(
      true,
      min !== undefined
        ? `intervals: none below the plan's minimum of ${min} s`
        : `intervals: all allowed by the plan (${rule})`,
    );

  const verified = new Set(dests.data.map((d) => d.id));
  const unknownDest: string[] = [];
  for (const r of changes.filter((c) => c.type === ALERTS)) {
    const ids = alertSettingsFromPlan(r.change.after, r.change.after_unknown).value.destinationIds;
    for (const v of [ids?.email, ids?.sms])
      if (typeof v === 'string' && !verified.has(v)) unknownDest.push(`${code(r.address)} → ${code(v)}`);
  }
  flag(
    unknownDest.length === 0,
    unknownDest.length
      ? `destinations not among the account's verified destinations: ${unknownDest.join(', ')}`
      : 'alert destinations: all verified',
  );

  const d = duplicates;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const listing = `${plural(d.requests, 'listing request')} for ${plural(d.live, 'live monitor')}`;
  if (d.duplicates.length)
    flag(
      false,
      `already in the account: ${d.duplicates.length} of ${plural(d.creates, 'monitor')} to create ` +
        `${d.duplicates.length === 1 ? 'has' : 'have'} the URL and request method of a live monitor or of another ` +
        `create (the apply would fail with 409 duplicate_monitor): ${d.duplicates.map((x) => code(x.address)).join(', ')}`,
    );
  else if (!d.creates) items.push('✅ duplicates: no monitor to create (no listing needed)');
  else if (d.complete)
    flag(
      true,
      `duplicates: none of the ${plural(d.creates, 'monitor')} to create has the URL and request method of a live monitor (${listing})`,
    );
  if (!d.complete)
    items.push(
      `⚠️ duplicates: compared with the first ${plural(d.live, 'live monitor')} only: the listing stops after ` +
        `${plural(d.requests, 'request')} (100 monitors each), the rest of the account was not compared`,
    );

  const writes = changes.reduce((n, r) => n + cost(r), 0);
  // The provider's refresh (docs/index.md, "API requests and rate limits"): GET /capabilities, then for monitors and
  // for status pages one GET for the first and 100-record listing pages for the rest; alert settings one GET each.
  const listed = (n: number) => (n <= 1 ? n : 1 + Math.ceil((n - 1) / 100));
  const count = (type: string) => changes.filter((r) => r.type === type).length;
  const refresh = 1 + listed(count(MONITOR)) + listed(count(PAGE)) + count(ALERTS);
  const total = writes + refresh;
  const perMinute = usage.data.perMinute.limit;
  const minutes = perMinute === undefined ? null : Math.ceil(total / Math.max(1, perMinute));
  items.push(
    `ℹ️ estimated API requests of the apply: about ${total} (${writes} writes, ${refresh} reads); ` +
      (minutes === null
        ? 'the service does not report its per-minute allowance'
        : `${perMinute} per minute allowed, so about ${minutes} minute${minutes === 1 ? '' : 's'} of allowance`),
  );
  const m = usage.data.monthly;
  if (m.remaining !== undefined && m.limit !== undefined)
    flag(total <= m.remaining, `monthly allowance: ${m.remaining} of ${m.limit} requests left`);
  items.push(
    `ℹ️ this check read the account with ${requestsMade()} requests (capabilities, usage, destinations` +
      (d.requests ? `, ${listing}` : '') +
      ')',
  );
  return { ok, items };
}
