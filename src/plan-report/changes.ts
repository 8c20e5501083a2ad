// From Terraform's resource changes to what a reviewer of monitors cares about: per monitor, the events (created,
// archived, paused, replaced, imported …), the attribute changes in product words, and its alert settings and
// status page grouped under it. Computed noise (version, updated_at, …) never appears.
import { DECIDED, type AlertChannel } from '../api/index.js';
import { fieldsOf } from '../provider/fields/index.js';
import {
  alertSettingsFromPlan,
  monitorFromPlan,
  samePlanned,
  statusPageFromPlan,
} from '../provider/mapping/planned.js';
import { code, facts, isSecret, label, value } from './format.js';
import { actionInvocations, type ActionReport } from './actions.js';
import {
  deleteReason,
  ourChanges,
  ourDrift,
  type Change,
  type PlanJson,
  type ResourceChange,
  type StateModule,
} from './plan.js';

export const MONITOR = 'uptime_monitor';
export const ALERTS = 'uptime_monitor_alert_settings';
export const PAGE = 'uptime_status_page';

export type MonitorEvent =
  'created' | 'changed' | 'archived' | 'reactivated' | 'paused' | 'resumed' | 'replaced' | 'imported';

export type Risk =
  'archive' | 'pause' | 'replace' | 'no-alerts' | 'unpublish' | 'slower-interval' | 'duplicate';

export interface Line {
  text: string;
}

export interface Part {
  address: string;
  title: string;
  lines: Line[];
}

export interface MonitorReport {
  stack: string;
  address: string;
  name: string;
  url: string;
  events: MonitorEvent[];
  risks: { kind: Risk; text: string }[];
  lines: Line[];
  parts: Part[];
  alertRouting: boolean;
  statusPage: boolean;
  /** What the probe and the backtest read (src/plan-report/probe.ts, backtest.ts): the monitor's change, its
   *  alert settings' change, and the alert settings in state when the plan leaves them alone. */
  inputs?: {
    monitor?: ResourceChange;
    alerts?: ResourceChange;
    alertsInState?: Values;
    stateValues?: Values;
  };
}

export interface DriftReport {
  stack: string;
  address: string;
  name: string;
  lines: Line[];
  /** The service's last-change time (`updated_at` as refreshed), when the resource has one. */
  updatedAt?: string;
  /** The version token in state (what Terraform last wrote or read) and now. */
  version?: { before: string | null; after: string | null };
}

export interface StackReport {
  name: string;
  monitors: MonitorReport[];
  drift: DriftReport[];
  /** Actions the plan will invoke (Terraform 1.14+). */
  actions: ActionReport[];
}

/** Destination id → how to show it (label and masked value), when the account could be asked. */
export type Destinations = ReadonlyMap<string, string>;

type Values = Record<string, unknown>;

const NOISE = new Set(['id', 'version', 'updated_at', 'created_at', 'type', 'custom_domain', 'slug', 'url']);

function isNoise(type: string, attribute: string): boolean {
  if (type === MONITOR && attribute === 'url') return false;
  if (NOISE.has(attribute)) return true;
  return fieldsOf(type).some((f) => f.attribute === attribute && f.presence === 'computed');
}

function get(v: unknown, key: string): unknown {
  return v && typeof v === 'object' ? (v as Values)[key] : undefined;
}

function unknownAt(change: Change, key: string): boolean {
  return get(change.after_unknown, key) === true;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Attribute lines of a plain or nested-object attribute: `label before → after`, or `label value` for a new object. */
function attributeLines(type: string, change: Change, isNew: boolean, dest: Destinations): Line[] {
  const before = (isNew ? {} : (change.before ?? {})) as Values;
  const after = (change.after ?? {}) as Values;
  const out: Line[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(order(type));
  for (const key of keys) {
    if (isNoise(type, key) || key === 'monitor_id') continue;
    if (type === MONITOR && (key === 'archived' || key === 'enabled')) continue; // events, not lines
    if (type === MONITOR && key === 'request_headers') {
      out.push(...headerLines(change, isNew));
      continue;
    }
    const b = before[key];
    const a = after[key];
    if (unknownAt(change, key)) {
      if (!isNew) out.push({ text: `${label(type, key)} → (known after apply)` });
      continue;
    }
    if (same(b, a)) continue;
    if (a && typeof a === 'object' && !Array.isArray(a)) {
      for (const sub of Object.keys(a as Values).sort()) {
        const path = `${key}.${sub}`;
        const sb = get(b, sub);
        const sa = get(a, sub);
        if (
          same(sb, sa) ||
          (isNew && (sa === null || sa === undefined || same(sa, facts(type, path)?.default)))
        )
          continue;
        if (isSecret(type, path)) {
          if (!path.endsWith('_wo'))
            out.push({ text: `${label(type, path)} ${sb ? 'changed' : 'set'} (value hidden)` });
          continue;
        }
        if (path.endsWith('_version')) continue;
        out.push({ text: change1(type, path, sb, sa, isNew, dest) });
      }
      continue;
    }
    if (isSecret(type, key)) {
      out.push({ text: `${label(type, key)} changed (value hidden)` });
      continue;
    }
    if (isNew && (a === null || a === undefined || same(a, facts(type, key)?.default))) continue;
    out.push({ text: change1(type, key, b, a, isNew, dest) });
  }
  return out;
}

function order(type: string): (a: string, b: string) => number {
  const rank = new Map(fieldsOf(type).map((f, i) => [f.attribute, i]));
  return (a, b) => (rank.get(a) ?? 999) - (rank.get(b) ?? 999) || a.localeCompare(b);
}

function change1(
  type: string,
  path: string,
  b: unknown,
  a: unknown,
  isNew: boolean,
  dest: Destinations,
): string {
  const show = (v: unknown) =>
    path.startsWith('destination_ids.') && typeof v === 'string'
      ? (dest.get(v) ?? code(v))
      : value(type, path, v);
  const name = path.startsWith('destination_ids.')
    ? `alert ${path.slice('destination_ids.'.length)}`
    : label(type, path);
  return isNew ? `${name} ${show(a)}` : `${name} ${show(b)} → ${show(a)}`;
}

/** Headers by name: added, removed, value changed; values are never shown. */
function headerLines(change: Change, isNew: boolean): Line[] {
  const byName = (v: Values | null | undefined, unknown?: unknown) =>
    new Map(
      (monitorFromPlan(v, unknown).value.requestHeaders ?? []).map((h) => [
        h.name ?? '(known after apply)',
        h,
      ]),
    );
  const before = byName(isNew ? null : change.before);
  const after = byName(change.after, change.after_unknown);
  const out: Line[] = [];
  for (const [name, h] of after) {
    const b = before.get(name);
    if (!b) out.push({ text: `header ${code(name)} added (value hidden)` });
    else if (!samePlanned(b.value, h.value))
      out.push({ text: `header ${code(name)} value changed (hidden)` });
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ text: `header ${code(name)} removed` });
  return out;
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' && v ? v : fallback;
}

/** Monitor address of an alert-settings or status-page change: from the configuration's reference, else by id. */
function ownerOf(
  rc: ResourceChange,
  refs: Map<string, string>,
  monitorById: Map<string, string>,
): string | null {
  const ref = refs.get(rc.address.replace(/\[[^\]]*\]$/, ''));
  if (ref) {
    const idx = /\[[^\]]*\]$/.exec(rc.address)?.[0] ?? '';
    return idx && !ref.endsWith(']') ? `${ref}${idx}` : ref;
  }
  const id =
    ownRecord(rc.type, rc.change.after)?.monitorId ?? ownRecord(rc.type, rc.change.before)?.monitorId;
  return id !== undefined ? (monitorById.get(id) ?? `monitor ${id}`) : null;
}

/** Alert settings or a status page in the API's shape (src/provider/mapping/planned.ts); a monitor's fields too. */
function ownRecord(
  type: string,
  values: Values | null | undefined,
): { monitorId?: string; version?: string; updatedAt?: string; enabled?: boolean } | null {
  if (!values) return null;
  if (type === ALERTS) return alertSettingsFromPlan(values).value;
  if (type === PAGE) return statusPageFromPlan(values).value;
  return monitorFromPlan(values).value;
}

function configRefs(plan: PlanJson): Map<string, string> {
  const refs = new Map<string, string>();
  for (const r of plan.configuration?.root_module?.resources ?? []) {
    const m = get(r.expressions, 'monitor_id') as { references?: string[] } | undefined;
    const target = m?.references?.find((x) => x.startsWith(`${MONITOR}.`) && !x.endsWith('.id'));
    if (target) refs.set(r.address, target);
  }
  return refs;
}

function stateResources(
  m: StateModule | undefined,
  out: { address: string; type: string; values?: Values }[] = [],
) {
  for (const r of m?.resources ?? []) out.push(r);
  for (const c of m?.child_modules ?? []) stateResources(c, out);
  return out;
}

/** Terraform plans a replacement as delete + create (either order). */
export const isReplace = (a: readonly string[]) => a.includes('delete') && a.includes('create');

/** What removing alert settings restores (DECIDED.alertSettingsDefaults; the email destination becomes the
 *  account's default one), as lines in the words of any other change. `defaultEmail`: the account's default email
 *  destination, null when it has none, undefined when the account could not be asked. */
function restoredLines(before: Values, dest: Destinations, defaultEmail: string | null | undefined): Line[] {
  const defaults = DECIDED.alertSettingsDefaults;
  const accountDefault = '\u0000the account default'; // shown by its words, never printed itself
  const after: Values = {
    ...before,
    channels: { ...defaults.channels },
    destination_ids: { email: defaultEmail === undefined ? accountDefault : defaultEmail, sms: null },
    slow_response_alerts: {
      enabled: defaults.slowResponseAlerts.enabled,
      threshold_ms: defaults.slowResponseAlerts.thresholdMs,
      consecutive_limit: defaults.slowResponseAlerts.consecutiveLimit,
    },
  };
  const shown = new Map(dest).set(accountDefault, "the account's default destination");
  return attributeLines(ALERTS, { actions: ['update'], before, after }, false, shown);
}

export function analyse(
  stack: string,
  plan: PlanJson,
  dest: Destinations,
  defaultEmail?: string | null,
): StackReport {
  const monitors = new Map<string, MonitorReport>();
  const monitorById = new Map<string, string>();
  const known = new Map<string, Values>();
  for (const r of stateResources(plan.prior_state?.values?.root_module))
    if (r.type === MONITOR && r.values) {
      const id = monitorFromPlan(r.values).value.id;
      if (id !== undefined) monitorById.set(id, r.address);
      known.set(r.address, r.values);
    }
  const changes = ourChanges(plan);
  const report = (address: string, values?: Values | null): MonitorReport => {
    let m = monitors.get(address);
    if (!m) {
      const v = monitorFromPlan(values ?? known.get(address)).value;
      m = {
        stack,
        address,
        name: str(v.name, str(v.url, address)),
        url: str(v.url, ''),
        events: [],
        risks: [],
        lines: [],
        parts: [],
        alertRouting: false,
        statusPage: false,
      };
      monitors.set(address, m);
    }
    return m;
  };

  for (const rc of changes.filter((c) => c.type === MONITOR)) {
    const { actions } = rc.change;
    const importing = !!rc.change.importing;
    const values = rc.change.after ?? rc.change.before;
    // The monitor before and after in the API's shape, with the schema's defaults (src/provider/mapping/planned.ts).
    const before = rc.change.before ? monitorFromPlan(rc.change.before).value : null;
    const after = rc.change.after ? monitorFromPlan(rc.change.after, rc.change.after_unknown).value : null;
    if (after?.id !== undefined) monitorById.set(after.id, rc.address);
    if (actions.every((a) => a === 'no-op' || a === 'read') && !importing) continue;
    const m = report(rc.address, values);
    (m.inputs ??= {}).monitor = rc;
    if (importing) m.events.push('imported');
    if (isReplace(actions)) {
      m.events.push('replaced');
      m.risks.push({
        kind: 'replace',
        text: 'replaced: a new monitor (new id) is created; the old one is archived with its history',
      });
      m.lines.push(...attributeLines(MONITOR, rc.change, false, dest));
    } else if (actions.includes('create')) {
      m.events.push('created');
      m.lines.push(...attributeLines(MONITOR, rc.change, true, dest));
      if (after?.enabled === false) m.events.push('paused');
    } else if (actions.includes('delete')) {
      m.events.push('archived');
      const why = deleteReason(rc.action_reason);
      m.risks.push({
        kind: 'archive',
        text: why
          ? `archived: ${why} (checks stop; history is kept)`
          : 'archived by destroy (checks stop; history is kept)',
      });
    } else if (actions.includes('update')) {
      const lines = attributeLines(MONITOR, rc.change, false, dest);
      if (before?.archived === false && after?.archived === true) {
        m.events.push('archived');
        m.risks.push({ kind: 'archive', text: 'archived (checks stop; history is kept)' });
      }
      if (before?.archived === true && after?.archived === false) m.events.push('reactivated');
      if (before?.enabled !== false && after?.enabled === false) {
        m.events.push('paused');
        m.risks.push({ kind: 'pause', text: 'paused (checks stop until resumed)' });
      }
      if (before?.enabled === false && after?.enabled === true) m.events.push('resumed');
      if (lines.length) m.events.push('changed');
      m.lines.push(...lines);
    }
    const bi = before?.intervalSeconds;
    const ai = after?.intervalSeconds;
    if (!actions.includes('create') && bi !== undefined && ai !== undefined && ai > bi)
      m.risks.push({
        kind: 'slower-interval',
        text: `checked less often: ${value(MONITOR, 'interval_seconds', bi)} → ${value(MONITOR, 'interval_seconds', ai)}`,
      });
  }

  const refs = configRefs(plan);
  for (const rc of changes.filter((c) => c.type === ALERTS || c.type === PAGE)) {
    const { actions, before, after } = rc.change;
    const importing = !!rc.change.importing;
    if (actions.every((a) => a === 'no-op' || a === 'read') && !importing) continue;
    const owner = ownerOf(rc, refs, monitorById) ?? rc.address;
    const m = report(owner);
    const removed = actions.includes('delete') && !actions.includes('create');
    // one set of alert settings per monitor: a resource that writes them wins over one whose removal resets them
    if (rc.type === ALERTS && !(removed && m.inputs?.alerts)) (m.inputs ??= {}).alerts = rc;
    const isNew = actions.includes('create') && !isReplace(actions);
    const lines: Line[] = [];
    if (importing) lines.push({ text: 'imported' });
    if (removed)
      lines.push({
        text:
          rc.type === ALERTS
            ? 'no longer managed: settings reset to the defaults'
            : 'no longer managed: the page is disabled',
      });
    if (rc.type === ALERTS && removed && before) lines.push(...restoredLines(before, dest, defaultEmail));
    else lines.push(...attributeLines(rc.type, rc.change, isNew, dest));
    if (!lines.length) continue;
    m.parts.push({
      address: rc.address,
      title: rc.type === ALERTS ? 'Alert settings' : 'Status page',
      lines,
    });
    if (rc.type === ALERTS) {
      m.alertRouting = true;
      if (after && reaches(before) && !reaches(after, rc.change))
        m.risks.push({ kind: 'no-alerts', text: 'alerts now reach nobody (channels off or no destination)' });
      if (isNew && !reaches(after, rc.change))
        m.risks.push({ kind: 'no-alerts', text: 'alerts reach nobody (channels off or no destination)' });
    } else {
      m.statusPage = true;
      const was = ownRecord(PAGE, before)?.enabled;
      const now = ownRecord(PAGE, after)?.enabled;
      if (was === true && (now === false || (actions.includes('delete') && !actions.includes('create'))))
        m.risks.push({ kind: 'unpublish', text: 'status page unpublished (visitors get 404)' });
    }
  }

  const alertsState = new Map<string, Values>();
  for (const r of stateResources(plan.prior_state?.values?.root_module))
    if (r.type === ALERTS && r.values) {
      const id = alertSettingsFromPlan(r.values).value.monitorId;
      if (id !== undefined) alertsState.set(id, r.values);
    }
  for (const m of monitors.values()) {
    const state = known.get(m.address);
    const i = (m.inputs ??= {});
    if (state) i.stateValues = state;
    const id = state ? monitorFromPlan(state).value.id : undefined;
    if (id !== undefined && alertsState.has(id)) i.alertsInState = alertsState.get(id);
  }

  const drift: DriftReport[] = [];
  for (const rc of ourDrift(plan)) {
    if (![MONITOR, ALERTS, PAGE].includes(rc.type)) continue;
    const { before, after } = rc.change;
    const lines = rc.change.actions.includes('delete')
      ? [{ text: 'deleted or archived outside Terraform' }]
      : [...lifecycleDrift(rc.type, before, after), ...attributeLines(rc.type, rc.change, false, dest)];
    if (!lines.length) continue;
    const owner = rc.type === MONITOR ? null : ownerOf(rc, refs, monitorById);
    const ownerState = owner ? known.get(owner) : undefined;
    const ownerName = owner
      ? str(ownerState ? monitorFromPlan(ownerState).value.name : undefined, owner)
      : null;
    const was = ownRecord(rc.type, before);
    const now = ownRecord(rc.type, after);
    const title = rc.type === ALERTS ? 'alert settings' : 'status page';
    const d: DriftReport = {
      stack,
      address: rc.address,
      name: ownerName
        ? `${ownerName}: ${title}`
        : str(rc.type === MONITOR ? monitorFromPlan(before ?? after).value.name : undefined, rc.address),
      lines,
    };
    if (now?.updatedAt !== undefined) d.updatedAt = now.updatedAt;
    if (was?.version !== undefined || now?.version !== undefined)
      d.version = { before: was?.version ?? null, after: now?.version ?? null };
    drift.push(d);
  }
  return { name: stack, monitors: [...monitors.values()], drift, actions: actionInvocations(stack, plan) };
}

/** A monitor paused, resumed, archived or reactivated outside Terraform (these are events, not attribute lines). */
function lifecycleDrift(
  type: string,
  beforeValues: Values | null | undefined,
  afterValues: Values | null | undefined,
): Line[] {
  if (type !== MONITOR || !beforeValues || !afterValues) return [];
  const before = monitorFromPlan(beforeValues).value;
  const after = monitorFromPlan(afterValues).value;
  const out: Line[] = [];
  if (before.archived === false && after.archived === true) out.push({ text: 'archived outside Terraform' });
  if (before.archived === true && after.archived === false)
    out.push({ text: 'reactivated outside Terraform' });
  if (before.enabled !== false && after.enabled === false) out.push({ text: 'paused outside Terraform' });
  if (before.enabled === false && after.enabled === true) out.push({ text: 'resumed outside Terraform' });
  return out;
}

/** Whether alert settings send to someone: a channel on with a destination (unknown counts as yes). */
function reaches(v: Values | null | undefined, change?: Change): boolean {
  if (!v) return false;
  const a = alertSettingsFromPlan(v, change?.after_unknown);
  const { channels, destinationIds: ids } = a.value;
  const idKnown = (c: AlertChannel) =>
    ids === undefined ||
    typeof ids?.[c] === 'string' ||
    a.unknown.some((u) => u.field === `destinationIds.${c}`);
  return (channels?.email === true && idKnown('email')) || (channels?.sms === true && idKnown('sms'));
}
