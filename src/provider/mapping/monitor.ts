// uptime_monitor: Terraform model ↔ API body/record. Pure functions, unit-tested in test/provider/mapping.test.ts.
//
// The plain fields (name, url, interval, timeout, method, redirects, status codes, lifecycle and computed
// fields) are declared in src/provider/fields/monitor.ts and mapped by src/provider/fields/mapping.ts; this
// module maps the rest by hand. Equivalences that keep plans quiet (each documented on the attribute):
// - `request_headers`, `accepted_status_codes`: null and [] both mean "none" (the service's default).
// - `auth_config`: null means `{type = "none"}`.
// - `ssl_monitoring` / `domain_monitoring`: null means disabled with the default warn_days.
// - `request_method`: the user's spelling is kept when it equals the service's (upper-case) value.
// - header names: the user's spelling is kept when equal ignoring case (the service matches them that way).
// Secrets are never readable: `value`/`password` stay as in state while the service says `valueSet`/`passwordSet`,
// and are dropped (so the next plan re-sends them) when it says they are gone; the same flip nulls the
// `*_wo_version` of write-only variants.
import {
  DECIDED,
  isSaved,
  MonitorUpdate,
  type Monitor,
  type MonitorCreate,
  type MonitorUpdate as MonitorUpdateBody,
} from '../../api/index.js';
import { isUnknown } from '../../protocol/cty/values.js';
import { newDraft, put, validateDraft, type BodyDraft } from '../validation.js';
import { createFields, draftFields, stateFields, updateFields } from '../fields/mapping.js';
import { monitorFields } from '../fields/monitor.js';
import type { PlainModel } from '../fields/schema.js';
import type { Diagnostic } from '../../protocol/diagnostics.js';

export interface HeaderModel {
  name: string;
  value: string | null;
  value_wo: string | null;
  value_wo_version: number | null;
}
export interface AuthModel {
  type: string;
  username: string | null;
  password: string | null;
  password_wo: string | null;
  password_wo_version: number | null;
}
export interface ExpiryModel {
  enabled: boolean;
  warn_days: number | null;
}
/** Resource values: the plain fields of the table (src/provider/fields/monitor.ts) and the blocks mapped here. */
export type MonitorModel = PlainModel<typeof monitorFields> & {
  request_headers: HeaderModel[] | null;
  auth_config: AuthModel | null;
  ssl_monitoring: ExpiryModel | null;
  domain_monitoring: ExpiryModel | null;
};

const EXPIRY_DEFAULT = { enabled: false, warnDays: DECIDED.expiryWarnDays.default };

// ---------------------------------------------------------------------------------------------------------
// Config → body (also used, on partly unknown config, for plan-time validation)

/** The write fields of a (possibly partly unknown) config as an API body draft. */
export function monitorDraft(config: Record<string, unknown>): BodyDraft {
  const d = newDraft();
  const b = d.body;
  draftFields(d, b, '', monitorFields, config);
  const headers = config.request_headers;
  if (isUnknown(headers)) d.unknownPaths.push('requestHeaders');
  else if (Array.isArray(headers)) {
    b.requestHeaders = headers.map((h: unknown, i: number) => {
      const path = `requestHeaders[${i}]`;
      const out: Record<string, unknown> = {};
      if (isUnknown(h) || h === null) {
        d.unknownPaths.push(path);
        return out;
      }
      const hm = h as Record<string, unknown>;
      put(d, out, path, 'name', hm.name);
      if (hm.value_wo !== null && hm.value_wo !== undefined) {
        put(d, out, path, 'value', hm.value_wo);
        d.renames.set(`${path}.value`, ['request_headers', i, 'value_wo']);
      } else put(d, out, path, 'value', hm.value);
      return out;
    });
  }
  const auth = config.auth_config;
  if (isUnknown(auth)) d.unknownPaths.push('authConfig');
  else if (auth !== null && auth !== undefined) {
    const am = auth as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    put(d, out, 'authConfig', 'type', am.type);
    put(d, out, 'authConfig', 'username', am.username);
    if (am.password_wo !== null && am.password_wo !== undefined) {
      put(d, out, 'authConfig', 'password', am.password_wo);
      d.renames.set('authConfig.password', ['auth_config', 'password_wo']);
    } else put(d, out, 'authConfig', 'password', am.password);
    b.authConfig = out;
  }
  for (const [attr, key] of [
    ['ssl_monitoring', 'sslMonitoring'],
    ['domain_monitoring', 'domainMonitoring'],
  ] as const) {
    const e = config[attr];
    if (isUnknown(e)) d.unknownPaths.push(key);
    else if (e !== null && e !== undefined) {
      const em = e as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      put(d, out, key, 'enabled', em.enabled);
      put(d, out, key, 'warnDays', em.warn_days);
      b[key] = out;
    }
  }
  return d;
}

/** Validation of a monitor config against the model (MonitorUpdate: every write field's limits); `planFields`:
 *  fields left to the plan-time validators. */
export function validateMonitorConfig(
  config: Record<string, unknown>,
  planFields: readonly string[] = [],
): Diagnostic[] {
  return validateDraft(MonitorUpdate, monitorDraft(config), { planFields });
}

/** POST /monitors body from the planned values (wholly known at apply) and the config (write-only values). */
export function monitorCreateBody(plan: MonitorModel, config: MonitorModel): MonitorCreate {
  const body = createFields(monitorFields, plan) as MonitorCreate;
  if (plan.request_headers?.length)
    body.requestHeaders = plan.request_headers.map((h, i) => {
      const v = h.value ?? config.request_headers?.[i]?.value_wo ?? null;
      return v === null ? { name: h.name } : { name: h.name, value: v };
    });
  if (plan.auth_config) body.authConfig = authBody(plan.auth_config, config.auth_config, true);
  if (plan.ssl_monitoring) body.sslMonitoring = expiryBody(plan.ssl_monitoring);
  if (plan.domain_monitoring) body.domainMonitoring = expiryBody(plan.domain_monitoring);
  if (plan.enabled === false) body.enabled = false;
  return body;
}

function authBody(
  plan: AuthModel,
  config: AuthModel | null,
  sendPassword: boolean,
): MonitorCreate['authConfig'] {
  if (plan.type === 'none') return { type: 'none' };
  const out: NonNullable<MonitorCreate['authConfig']> = { type: plan.type as 'basic' };
  if (plan.username !== null) out.username = plan.username;
  const pw = plan.password ?? config?.password_wo ?? null;
  if (sendPassword && pw !== null) out.password = pw;
  return out;
}

function expiryBody(e: ExpiryModel): { enabled: boolean; warnDays?: number } {
  return e.warn_days === null ? { enabled: e.enabled } : { enabled: e.enabled, warnDays: e.warn_days };
}

/** The comparable form of the expiry blocks, for diffing plan and prior. */
function expiryFields(m: MonitorModel): Record<string, string> {
  const j = JSON.stringify;
  return {
    sslMonitoring: j(m.ssl_monitoring ? expiryBody(withDefaultDays(m.ssl_monitoring)) : EXPIRY_DEFAULT),
    domainMonitoring: j(
      m.domain_monitoring ? expiryBody(withDefaultDays(m.domain_monitoring)) : EXPIRY_DEFAULT,
    ),
  };
}
const withDefaultDays = (e: ExpiryModel): ExpiryModel => ({
  enabled: e.enabled,
  warn_days: e.warn_days ?? DECIDED.expiryWarnDays.default,
});

/**
 * PATCH body: only the fields that differ between prior state and plan. Secrets are sent when they are new or
 * changed (`value`/`password` differ, or the `*_wo_version` changed); a header sent without `value` keeps the
 * saved one (docs/api-decisions.md). Returns null when no field changes.
 */
export function monitorUpdateBody(
  plan: MonitorModel,
  prior: MonitorModel,
  config: MonitorModel,
): MonitorUpdateBody | null {
  const body = updateFields(monitorFields, plan, prior) as MonitorUpdateBody;
  const p = expiryFields(plan);
  const q = expiryFields(prior);
  if (p.sslMonitoring !== q.sslMonitoring)
    body.sslMonitoring = plan.ssl_monitoring
      ? expiryBody(withDefaultDays(plan.ssl_monitoring))
      : EXPIRY_DEFAULT;
  if (p.domainMonitoring !== q.domainMonitoring)
    body.domainMonitoring = plan.domain_monitoring
      ? expiryBody(withDefaultDays(plan.domain_monitoring))
      : EXPIRY_DEFAULT;

  // Headers: the whole list is replaced when anything about it changed.
  const ph = plan.request_headers ?? [];
  const qh = prior.request_headers ?? [];
  const headersChanged =
    ph.length !== qh.length ||
    ph.some((h, i) => {
      const o = qh[i]!;
      return (
        h.name !== o.name ||
        h.value !== o.value ||
        h.value_wo_version !== o.value_wo_version ||
        (h.value === null && h.value_wo_version === null) !==
          (o.value === null && o.value_wo_version === null)
      );
    });
  if (headersChanged)
    body.requestHeaders = ph.map((h, i) => {
      const old = qh.find((o) => o.name.toLowerCase() === h.name.toLowerCase());
      const wo = config.request_headers?.[i]?.value_wo ?? null;
      let value: string | null = null;
      if (h.value !== null) value = h.value;
      else if (
        wo !== null &&
        (!old || old.value_wo_version !== h.value_wo_version || old.value_wo_version === null)
      )
        value = wo;
      return value === null ? { name: h.name } : { name: h.name, value };
    });

  // Auth.
  const pa = plan.auth_config ?? NONE_AUTH;
  const qa = prior.auth_config ?? NONE_AUTH;
  if (
    pa.type !== qa.type ||
    pa.username !== qa.username ||
    pa.password !== qa.password ||
    pa.password_wo_version !== qa.password_wo_version
  ) {
    if (pa.type === 'none') body.authConfig = { type: 'none' };
    else {
      const out: NonNullable<MonitorUpdateBody['authConfig']> = { type: 'basic' };
      if (pa.username !== null) out.username = pa.username;
      const wo = config.auth_config?.password_wo ?? null;
      if (pa.password !== null && (pa.password !== qa.password || qa.type !== 'basic'))
        out.password = pa.password;
      else if (
        pa.password === null &&
        wo !== null &&
        (pa.password_wo_version !== qa.password_wo_version ||
          qa.password_wo_version === null ||
          qa.type !== 'basic')
      )
        out.password = wo;
      body.authConfig = out;
    }
  }
  return Object.keys(body).length ? body : null;
}

const NONE_AUTH: AuthModel = {
  type: 'none',
  username: null,
  password: null,
  password_wo: null,
  password_wo_version: null,
};

// ---------------------------------------------------------------------------------------------------------
// Record → model

/**
 * State from an API record. `prior` is the state being refreshed (null on import): secrets, spellings and
 * null-vs-empty choices are taken from it where the API value is equivalent.
 */
export function monitorToModel(m: Monitor, prior: MonitorModel | null): MonitorModel {
  const headers = (m.requestHeaders ?? []).map((h, i): HeaderModel => {
    const old =
      prior?.request_headers?.[i]?.name.toLowerCase() === h.name.toLowerCase()
        ? prior.request_headers[i]
        : prior?.request_headers?.find((o) => o.name.toLowerCase() === h.name.toLowerCase());
    const set = isSaved(h, 'value');
    return {
      name: old && old.name.toLowerCase() === h.name.toLowerCase() ? old.name : h.name,
      value: set ? (old?.value ?? null) : null,
      value_wo: null,
      value_wo_version: set ? (old?.value_wo_version ?? null) : null,
    };
  });
  const auth = m.authConfig ?? { type: 'none' as const };
  let authModel: AuthModel | null;
  if (auth.type === 'none') authModel = prior?.auth_config ? { ...NONE_AUTH } : null;
  else {
    const old = prior?.auth_config?.type === 'basic' ? prior.auth_config : null;
    const set = isSaved(auth, 'password');
    authModel = {
      type: 'basic',
      username: auth.username ?? null,
      password: set ? (old?.password ?? null) : null,
      password_wo: null,
      password_wo_version: set ? (old?.password_wo_version ?? null) : null,
    };
  }
  const expiry = (
    e: { enabled: boolean; warnDays: number } | undefined,
    old: ExpiryModel | null | undefined,
  ): ExpiryModel | null => {
    const v = e ?? EXPIRY_DEFAULT;
    if (!old && !v.enabled && v.warnDays === EXPIRY_DEFAULT.warnDays) return null;
    return { enabled: v.enabled, warn_days: v.warnDays };
  };
  return {
    ...(stateFields(monitorFields, m, prior) as PlainModel<typeof monitorFields>),
    request_headers:
      headers.length === 0 && (prior === null || prior.request_headers === null) ? null : headers,
    auth_config: authModel,
    ssl_monitoring: expiry(m.expiryMonitoring?.ssl, prior?.ssl_monitoring),
    domain_monitoring: expiry(m.expiryMonitoring?.domain, prior?.domain_monitoring),
    // While archived, `enabled` keeps the value to restore on reactivation (the service reports false).
    enabled:
      m.archived && prior?.enabled !== null && prior?.enabled !== undefined ? prior.enabled : m.enabled,
  };
}
