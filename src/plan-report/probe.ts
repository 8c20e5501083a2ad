// `plan-report --probe`: each monitor the plan creates, and each whose request changes, is requested once from where
// the report runs, by the same checker the service's engine uses (src/checker), and judged as the service would.
//
// Values the plan does not hold are never guessed. A write-only header value or basic-auth password (`value_wo`,
// `password_wo`) and anything known only after apply make the monitor `not-probed`, naming the value; a write-only
// secret can be handed to the probe in an environment variable (probeSecretEnv) and is then sent to the monitor's
// target only. Probing without it is never done: the target would answer 401/403 and the report would show a
// false "down".
//
// Safe by default: the AddressGuard refuses every address that is not public (after DNS resolution, on every
// redirect); `--probe-allow` / UPTIME_PROBE_ALLOW name the ranges a team allows. Bounded: PROBE_CONCURRENCY at once,
// each within its monitor's timeout, all within the total limit, bodies read to PROBE_BODY_LIMIT and dropped.
import {
  AddressGuard,
  acceptedText,
  HttpChecker,
  type CheckFailure,
  type HttpCheckRequest,
} from '../checker/index.js';
import {
  alertSettingsFromPlan,
  knownFields,
  monitorFromPlan,
  samePlanned,
  unknownAt,
  type PlannedMonitor,
} from '../provider/mapping/planned.js';
import type { MonitorReport, StackReport } from './changes.js';

export const PROBE_CONCURRENCY = 4;
export const PROBE_BODY_LIMIT = 64 * 1024;
export const PROBE_TOTAL_MS = 120_000;
/** The fields of the planned monitor (API names) the request is made of: a change to one is probed again. */
const REQUEST_FIELDS = [
  'url',
  'requestMethod',
  'requestHeaders',
  'authConfig',
  'timeoutMs',
  'followRedirects',
  'acceptedStatusCodes',
] as const;

export type ProbeVerdict = 'up' | 'down' | 'not-probed';

export interface ProbeResult {
  stack: string;
  address: string;
  name: string;
  url: string;
  verdict: ProbeVerdict;
  /** One sentence: why up, down or not probed. */
  reason: string;
  /** dns, tls, timeout, connection, redirect, http_status (down); refused, missing-value, time-limit (not probed). */
  category: CheckFailure | 'refused' | 'missing-value' | 'time-limit' | null;
  httpStatus: number | null;
  responseTimeMs: number | null;
  acceptedStatusCodes: number[];
  timeoutMs: number;
  /** The plan's slow-response threshold when its alerts are on (else null), and whether this answer was slower. */
  slowThresholdMs: number | null;
  slow: boolean | null;
  certificateDaysLeft: number | null;
}

export interface ProbeOptions {
  /** CIDR ranges the probe may reach although not public (`--probe-allow`, UPTIME_PROBE_ALLOW). */
  allow?: readonly string[];
  /** Extra trusted certificate authorities (PEM), for internal targets. */
  ca?: readonly string[];
  /** Total time limit (default 120 s). */
  totalMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** `UPTIME_PROBE_PASSWORD_UPTIME_MONITOR_ADMIN`: where a write-only secret of a monitor may be handed in. */
export function probeSecretEnv(kind: 'PASSWORD' | 'HEADER', address: string, header?: string): string {
  const up = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return `UPTIME_PROBE_${kind}_${up(address)}${header ? `_${up(header)}` : ''}`;
}

/** The planned monitor (the plan's `after` in the API's shape, with the schema's defaults). */
export const plannedMonitor = (m: MonitorReport): PlannedMonitor => {
  const c = m.inputs!.monitor!.change;
  return monitorFromPlan(c.after, c.after_unknown, c.after_sensitive);
};

/** Monitors the probe requests: created (not archived), or with a changed request. */
export function probeTargets(stacks: StackReport[]): MonitorReport[] {
  return stacks.flatMap((s) =>
    s.monitors.filter((m) => {
      const rc = m.inputs?.monitor;
      if (!rc?.change.after) return false;
      const after = plannedMonitor(m);
      if (after.value.archived === true || after.value.enabled === false) return false;
      const { actions, before } = rc.change;
      if (actions.includes('create')) return true;
      const prior = monitorFromPlan(before).value;
      const changed = (k: (typeof REQUEST_FIELDS)[number]) =>
        !samePlanned(prior[k], after.value[k]) || unknownAt(after, k) !== undefined;
      return actions.includes('update') && REQUEST_FIELDS.some(changed);
    }),
  );
}

type Built = { request: HttpCheckRequest; secrets: string[] } | { missing: string };

/** The request the service would send for this planned monitor, or which value the plan does not hold. */
export function plannedRequest(m: MonitorReport, env: NodeJS.ProcessEnv): Built {
  const planned = plannedMonitor(m);
  const known = knownFields(planned, REQUEST_FIELDS);
  if ('unknown' in known) {
    const u = known.unknown;
    const header = /^requestHeaders\[(\d+)\]/.exec(u.field);
    if (header) {
      const name = planned.value.requestHeaders?.[Number(header[1])]?.name;
      if (name !== undefined) return { missing: `the value of header "${name}" is known only after apply` };
    }
    if (u.field === 'authConfig.username')
      return { missing: 'the basic-auth username is known only after apply' };
    return { missing: `${u.attribute} is known only after apply` };
  }
  const p = known.value;
  const secrets: string[] = [];
  const headers: { name: string; value: string }[] = [];
  for (const h of p.requestHeaders) {
    const name = h.name ?? '';
    if (h.value.state === 'planned') headers.push({ name, value: h.value.value.reveal() });
    else if (h.value.state === 'write-only') {
      const envName = probeSecretEnv('HEADER', m.address, name);
      const v = env[envName];
      if (!v)
        return {
          missing: `the value of header "${name}" is write-only (value_wo), so the plan does not hold it; set ${envName} for the probe to send it`,
        };
      headers.push({ name, value: v });
    }
  }
  for (const h of headers) secrets.push(h.value);
  let basicAuth: HttpCheckRequest['basicAuth'] = null;
  const auth = p.authConfig;
  if (auth.type === 'basic') {
    let password = auth.password.state === 'planned' ? auth.password.value.reveal() : null;
    if (auth.password.state === 'write-only') {
      const envName = probeSecretEnv('PASSWORD', m.address);
      password = env[envName] || null;
      if (!password)
        return {
          missing: `the basic-auth password is write-only (password_wo), so the plan does not hold it; set ${envName} for the probe to send it`,
        };
    }
    if (password) secrets.push(password);
    basicAuth = { username: auth.username ?? '', password };
  }
  return {
    request: {
      url: p.url,
      method: p.requestMethod,
      headers,
      basicAuth,
      timeoutMs: p.timeoutMs,
      followRedirects: p.followRedirects,
      acceptedStatusCodes: [...p.acceptedStatusCodes],
    },
    secrets,
  };
}

/** The slow-response rule (API shape) the plan gives the monitor's alert settings, with the schema's defaults (also
 *  where the plan removes them); null when the plan does not say (an existing monitor whose settings are not in the
 *  plan or state) or a value is known only after apply. */
export function plannedSlowRule(
  m: MonitorReport,
): { enabled: boolean; thresholdMs: number; consecutiveLimit: number } | null {
  const alerts = m.inputs?.alerts?.change;
  const removed = alerts?.actions.includes('delete') && !alerts.actions.includes('create');
  const settings = removed
    ? alertSettingsFromPlan(null) // removing the alert settings restores the defaults
    : alerts?.after
      ? alertSettingsFromPlan(alerts.after, alerts.after_unknown)
      : m.inputs?.alertsInState
        ? alertSettingsFromPlan(m.inputs.alertsInState)
        : m.inputs?.monitor?.change.actions.includes('create')
          ? alertSettingsFromPlan(null)
          : null;
  const rule = settings?.value.slowResponseAlerts;
  if (!rule) return null;
  const known = knownFields({ ...settings, value: rule }, ['enabled', 'thresholdMs', 'consecutiveLimit']);
  return 'value' in known ? known.value : null;
}

/** Probes the targets; `secrets` receives every value sent that the report must never show. */
export async function probe(
  stacks: StackReport[],
  o: ProbeOptions,
  secrets: Set<string>,
): Promise<ProbeResult[]> {
  const env = o.env ?? process.env;
  const guard = new AddressGuard([...(o.allow ?? [])]);
  const checker = new HttpChecker({ guard, ca: o.ca ?? [], isolated: true, maxBodyBytes: PROBE_BODY_LIMIT });
  const targets = probeTargets(stacks);
  const deadline = Date.now() + (o.totalMs ?? PROBE_TOTAL_MS);
  const results: ProbeResult[] = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < targets.length; i = next++) results[i] = await one(targets[i]!);
  };
  const one = async (m: MonitorReport): Promise<ProbeResult> => {
    const built = plannedRequest(m, env);
    const rule = plannedSlowRule(m);
    const base = {
      stack: m.stack,
      address: m.address,
      name: m.name,
      url: m.url,
      httpStatus: null,
      responseTimeMs: null,
      acceptedStatusCodes: 'request' in built ? [...built.request.acceptedStatusCodes] : [],
      timeoutMs: 'request' in built ? built.request.timeoutMs : 0,
      slowThresholdMs: rule?.enabled ? rule.thresholdMs : null,
      slow: null,
      certificateDaysLeft: null,
    };
    if ('missing' in built)
      return {
        ...base,
        verdict: 'not-probed',
        category: 'missing-value',
        reason: built.missing,
      };
    for (const s of built.secrets) secrets.add(s);
    const left = deadline - Date.now();
    if (left < built.request.timeoutMs)
      return {
        ...base,
        verdict: 'not-probed',
        category: 'time-limit',
        reason: `the probe's total time limit (${Math.round((o.totalMs ?? PROBE_TOTAL_MS) / 1000)} s) was reached`,
      };
    const r = await checker.check(built.request);
    const slow =
      r.status === 'up' && rule?.enabled && r.responseTimeMs !== null
        ? r.responseTimeMs > rule.thresholdMs
        : null;
    const common = {
      ...base,
      httpStatus: r.httpStatus,
      responseTimeMs: r.responseTimeMs,
      slow,
      certificateDaysLeft: r.certificateDaysLeft,
    };
    if (r.refused)
      return {
        ...common,
        verdict: 'not-probed',
        category: 'refused',
        reason: `${r.refused} (allow a range with --probe-allow or UPTIME_PROBE_ALLOW)`,
      };
    if (r.status === 'down')
      return { ...common, verdict: 'down', category: r.failureCategory, reason: r.failureReason ?? 'down' };
    return {
      ...common,
      verdict: 'up',
      category: null,
      reason: `HTTP ${r.httpStatus} is accepted (${acceptedText(built.request.acceptedStatusCodes)})`,
    };
  };
  await Promise.all(Array.from({ length: Math.min(PROBE_CONCURRENCY, targets.length) }, worker));
  await checker.close();
  return results;
}
