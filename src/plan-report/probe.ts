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
import { DECIDED } from '../api/index.js';
import {
  AddressGuard,
  acceptedText,
  HttpChecker,
  type CheckFailure,
  type HttpCheckRequest,
} from '../checker/index.js';
import type { MonitorReport, StackReport } from './changes.js';

export const PROBE_CONCURRENCY = 4;
export const PROBE_BODY_LIMIT = 64 * 1024;
export const PROBE_TOTAL_MS = 120_000;
/** Request attributes whose change makes a monitor probed again. */
const REQUEST_ATTRS = [
  'url',
  'request_method',
  'request_headers',
  'auth_config',
  'timeout_ms',
  'follow_redirects',
  'accepted_status_codes',
];

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

type Values = Record<string, unknown>;
const get = (v: unknown, k: string | number): unknown =>
  v && typeof v === 'object' ? (v as Values)[k as string] : undefined;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `UPTIME_PROBE_PASSWORD_UPTIME_MONITOR_ADMIN`: where a write-only secret of a monitor may be handed in. */
export function probeSecretEnv(kind: 'PASSWORD' | 'HEADER', address: string, header?: string): string {
  const up = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return `UPTIME_PROBE_${kind}_${up(address)}${header ? `_${up(header)}` : ''}`;
}

/** Monitors the probe requests: created (not archived), or with a changed request. */
export function probeTargets(stacks: StackReport[]): MonitorReport[] {
  return stacks.flatMap((s) =>
    s.monitors.filter((m) => {
      const rc = m.inputs?.monitor;
      if (!rc) return false;
      const { actions, before, after, after_unknown } = rc.change;
      if (!after || after.archived === true || after.enabled === false) return false;
      if (actions.includes('create')) return true;
      return (
        actions.includes('update') &&
        REQUEST_ATTRS.some((k) => !same(get(before, k), get(after, k)) || get(after_unknown, k) !== undefined)
      );
    }),
  );
}

type Built = { request: HttpCheckRequest; secrets: string[] } | { missing: string };

/** The request the service would send for this planned monitor, or which value the plan does not hold. */
export function plannedRequest(m: MonitorReport, env: NodeJS.ProcessEnv): Built {
  const change = m.inputs!.monitor!.change;
  const after = change.after ?? {};
  const unknown = change.after_unknown;
  for (const k of REQUEST_ATTRS)
    if (get(unknown, k) === true) return { missing: `${k} is known only after apply` };
  const secrets: string[] = [];
  const headers: { name: string; value: string }[] = [];
  const list = (after.request_headers ?? []) as Values[];
  for (let i = 0; i < list.length; i++) {
    const h = list[i]!;
    const name = String(h.name ?? '');
    if (
      get(get(get(unknown, 'request_headers'), i), 'value') === true ||
      get(get(unknown, 'request_headers'), i) === true
    )
      return { missing: `the value of header "${name}" is known only after apply` };
    if (typeof h.value === 'string') headers.push({ name, value: h.value });
    else if (h.value_wo_version !== null && h.value_wo_version !== undefined) {
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
  const auth = after.auth_config as Values | null | undefined;
  if (auth && auth.type === 'basic') {
    if (get(unknown, 'auth_config') === true || get(get(unknown, 'auth_config'), 'username') === true)
      return { missing: 'the basic-auth username is known only after apply' };
    let password = typeof auth.password === 'string' ? auth.password : null;
    if (password === null && auth.password_wo_version !== null && auth.password_wo_version !== undefined) {
      const envName = probeSecretEnv('PASSWORD', m.address);
      password = env[envName] || null;
      if (!password)
        return {
          missing: `the basic-auth password is write-only (password_wo), so the plan does not hold it; set ${envName} for the probe to send it`,
        };
    }
    if (password) secrets.push(password);
    basicAuth = { username: String(auth.username ?? ''), password };
  }
  const codes = (after.accepted_status_codes ?? []) as number[];
  return {
    request: {
      url: String(after.url ?? ''),
      method: String(after.request_method ?? DECIDED.monitorDefaults.requestMethod).toUpperCase(),
      headers,
      basicAuth,
      timeoutMs: Number(after.timeout_ms ?? DECIDED.monitorDefaults.timeoutMs),
      followRedirects: (after.follow_redirects ?? DECIDED.monitorDefaults.followRedirects) !== false,
      acceptedStatusCodes: codes,
    },
    secrets,
  };
}

/** The slow-response threshold the plan gives the monitor when its alerts are on; null when off or not known. */
export function plannedSlowRule(
  m: MonitorReport,
): { enabled: boolean; thresholdMs: number; consecutiveLimit: number } | null {
  const d = DECIDED.alertSettingsDefaults.slowResponseAlerts;
  const from = (v: unknown) =>
    v && typeof v === 'object'
      ? {
          enabled: get(v, 'enabled') === true,
          thresholdMs: Number(get(v, 'threshold_ms') ?? d.thresholdMs),
          consecutiveLimit: Number(get(v, 'consecutive_limit') ?? d.consecutiveLimit),
        }
      : { ...d };
  const alerts = m.inputs?.alerts?.change.after;
  if (alerts) return from(alerts.slow_response_alerts);
  if (m.inputs?.alertsInState) return from(m.inputs.alertsInState.slow_response_alerts);
  if (m.inputs?.monitor?.change.actions.includes('create')) return { ...d };
  return null;
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
