// What the local service's dashboard shows, per account: monitors (state and why a monitor is down, last check, a
// small response-time trend), incidents, alerts (channel, destination label, delivery result), webhook deliveries,
// exports and each token's usage by name; then the request log. Values that are secrets (token values, header
// values, passwords, webhook secrets, destination addresses) are never read here. Rendered by Eta (auto-escaping).
import type { ServiceContext } from '../context.js';
import type { TenantRecord } from '../store.js';
import { compile, dateTime, linePoints } from './html.js';

const TREND_CHECKS = 20;
const LISTED = 25;
const LOG_SHOWN = 100;

const LIVE_TEMPLATE = `<% it.tenants.forEach(function (t) { %>
<section class="tenant" data-tenant="<%= t.id %>" aria-labelledby="t-<%= t.id %>">
<h2 id="t-<%= t.id %>"><bdi><%= t.name %></bdi> <span class="muted">(<%= t.id %>, plan <%= t.plan %><%= t.state === 'active' ? '' : ', ' + t.state %>)</span></h2>
<h3>Monitors (<%= t.monitors.length %>)</h3>
<% if (t.monitors.length === 0) { %><p class="muted">No monitors.</p><% } else { %>
<div class="scroll"><table class="wide" data-table="monitors">
<thead><tr><th scope="col">Monitor</th><th scope="col">State</th><th scope="col">Last check</th><th scope="col">HTTP</th><th scope="col">Response</th><th scope="col">Trend</th></tr></thead>
<tbody>
<% t.monitors.forEach(function (m) { %><tr data-monitor-id="<%= m.id %>" data-status="<%= m.status %>"><td><bdi dir="auto"><%= m.name %></bdi><br><code class="muted"><%= m.id %></code></td><td><span class="badge s-<%= m.status %>"><%= m.status %></span><% if (m.reason) { %><br><span class="muted" data-reason><bdi dir="auto"><%= m.reason %></bdi></span><% } %></td><td><%= m.lastCheck %></td><td><%= m.httpStatus %></td><td class="nowrap"><%= m.ms %></td><td><% if (m.trend) { %><svg class="spark" viewBox="0 0 80 20" width="80" height="20" role="img" aria-label="Response times of the last <%= m.trendCount %> checks"><polyline class="line" points="<%= m.trend %>"/></svg><% } else { %>—<% } %></td></tr>
<% }) %>
</tbody></table></div>
<% } %>
<div class="grid">
<div class="card"><h3>Incidents</h3>
<% if (t.incidents.length === 0) { %><p class="muted">None.</p><% } else { %><ul class="plain" data-list="incidents">
<% t.incidents.forEach(function (i) { %><li><span class="badge <%= i.status === 'open' ? 's-down' : 's-unknown' %>"><%= i.status %></span> <%= i.type %> — <bdi dir="auto"><%= i.monitor %></bdi><br><span class="muted"><%= i.started %></span></li>
<% }) %></ul><% } %></div>
<div class="card"><h3>Alerts</h3>
<% if (t.alerts.length === 0) { %><p class="muted">None.</p><% } else { %><ul class="plain" data-list="alerts">
<% t.alerts.forEach(function (a) { %><li><strong><%= a.type %></strong> via <%= a.channel %> to <bdi dir="auto"><%= a.destination %></bdi>: <span class="badge s-unknown"><%= a.delivery %></span><br><span class="muted"><bdi dir="auto"><%= a.monitor %></bdi>, <%= a.at %></span></li>
<% }) %></ul><% } %></div>
<div class="card"><h3>Webhook deliveries</h3>
<% if (t.deliveries.length === 0) { %><p class="muted">None.</p><% } else { %><ul class="plain" data-list="webhook-deliveries">
<% t.deliveries.forEach(function (d) { %><li><strong><%= d.type %></strong> to <%= d.host %>: <span class="badge s-unknown"><%= d.status %></span> <%= d.attempts %> attempt(s)<%= d.last %><br><span class="muted"><%= d.at %></span></li>
<% }) %></ul><% } %></div>
<div class="card"><h3>Exports</h3>
<% if (t.exports.length === 0) { %><p class="muted">None.</p><% } else { %><ul class="plain" data-list="exports">
<% t.exports.forEach(function (e) { %><li><code><%= e.id %></code>: <span class="badge s-unknown"><%= e.status %></span> <%= e.rows %><br><span class="muted"><%= e.at %></span></li>
<% }) %></ul><% } %></div>
</div>
<h3>Tokens</h3>
<div class="scroll"><table data-table="tokens">
<thead><tr><th scope="col">Token</th><th scope="col">Scopes</th><th scope="col">This minute</th><th scope="col">This month (account)</th></tr></thead>
<tbody>
<% t.tokens.forEach(function (k) { %><tr data-token="<%= k.name %>"><td><bdi dir="auto"><%= k.name %></bdi><%= k.revoked ? ' (revoked)' : '' %></td><td><%= k.scopes %></td><td><%= k.minute %></td><td><%= k.month %></td></tr>
<% }) %>
</tbody></table></div>
</section>
<% }) %>
<section aria-labelledby="h-log">
<h2 id="h-log">Request log</h2>
<p class="muted">The last <%= it.log.length %> API and admin calls, newest first.</p>
<div class="scroll"><table class="wide" data-table="request-log">
<thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Took</th><th scope="col">Token</th><th scope="col">Idempotency-Key</th><th scope="col">If-Match</th></tr></thead>
<tbody>
<% it.log.forEach(function (e) { %><tr data-method="<%= e.method %>" data-path="<%= e.path %>" data-status="<%= e.status %>"><td class="nowrap"><%= e.at %></td><td><code><%= e.method %> <%= e.path %></code></td><td><%= e.status %></td><td class="nowrap"><%= e.ms %> ms</td><td><bdi dir="auto"><%= e.token %></bdi></td><td><%= e.idempotency %></td><td><%= e.ifMatch %></td></tr>
<% }) %>
</tbody></table></div>
</section>`;

export const renderLive = compile(LIVE_TEMPLATE);

const host = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
};

/** Newest first, at most LISTED, of the records of one tenant. */
function latest<T extends { tenantId: string }>(
  records: Record<string, T>,
  tenantId: string,
  at: (r: T) => string,
): T[] {
  const out: T[] = [];
  for (const r of Object.values(records)) if (r.tenantId === tenantId) out.push(r);
  out.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
  return out.slice(0, LISTED);
}

function tenantModel(svc: ServiceContext, t: TenantRecord) {
  const { store } = svc;
  const st = store.state;
  const name = (id: string | null | undefined) => (id ? (st.monitors[id]?.name ?? id) : '—');
  const monitors = store.monitorsOf(t.id).map((m) => {
    const checks = st.checks[m.id] ?? [];
    const times = checks.slice(-TREND_CHECKS).map((c) => c.responseTimeMs);
    const last = checks[checks.length - 1];
    return {
      id: m.id,
      name: m.name,
      status: m.status,
      // Why it is down: the last check's reason (`HTTP 503 is not an accepted status …`, a DNS failure, …).
      reason: m.status === 'down' ? (last?.failureReason ?? null) : null,
      lastCheck: dateTime(m.lastCheckAt),
      httpStatus: m.httpStatus ?? '—',
      ms: m.responseTimeMs === null ? '—' : `${m.responseTimeMs} ms`,
      trend: times.length > 1 ? linePoints(times, 80, 20) : '',
      trendCount: times.length,
    };
  });
  const incidents = latest(st.incidents, t.id, (i) => i.startedAt).map((i) => ({
    status: i.status,
    type: i.type,
    monitor: name(i.monitorId),
    started: dateTime(i.startedAt),
  }));
  const alerts = latest(st.alerts, t.id, (a) => a.timestamp).map((a) => {
    const d = a.destinationId ? st.destinations[a.destinationId] : undefined;
    return {
      type: a.type,
      channel: a.channel ?? '—',
      // The label only: the address or number is the account's data, not the dashboard's to show.
      destination: d ? (d.label ?? `${d.channel} destination ${d.id}`) : '—',
      delivery: a.suppressed ? 'suppressed' : (a.deliveryStatus ?? (a.delivered ? 'delivered' : 'pending')),
      monitor: a.monitorName ?? name(a.monitorId),
      at: dateTime(a.timestamp),
    };
  });
  const deliveries = latest(st.webhookDeliveries, t.id, (d) => d.createdAt).map((d) => {
    const last = d.attempts[d.attempts.length - 1];
    const endpoint = st.webhookEndpoints[d.endpointId];
    return {
      type: d.type,
      // Host only: webhook URLs often carry a secret in their path or query.
      host: endpoint ? host(endpoint.url) : d.endpointId,
      status: d.status,
      attempts: d.attempts.length,
      last: last ? `, last ${last.httpStatus ?? last.error ?? '—'}` : '',
      at: dateTime(d.createdAt),
    };
  });
  const exports = latest(st.exports, t.id, (e) => e.createdAt).map((e) => ({
    id: e.id,
    status: e.status,
    rows: typeof e.rowCount === 'number' ? `${e.rowCount} rows` : '',
    at: dateTime(e.createdAt),
  }));
  const tokens = Object.values(st.tokens)
    .filter((k) => k.tenantId === t.id)
    .map((k) => {
      const a = svc.limiter.peek({ token: k, tenant: t, selection: null });
      return {
        name: k.name,
        revoked: k.revoked,
        scopes: k.scopes.length > 8 ? `${k.scopes.length} scopes` : k.scopes.join(', '),
        minute: `${a.perMinute.limit - a.perMinute.remaining} of ${a.perMinute.limit}`,
        month: a.monthly ? `${a.monthly.used} of ${a.monthly.limit}` : 'no monthly limit',
      };
    });
  return {
    id: t.id,
    name: t.name,
    plan: t.plan.name,
    state: t.accountState,
    monitors,
    incidents,
    alerts,
    deliveries,
    exports,
    tokens,
  };
}

/** The dashboard's live part (replaced in place while the page polls). */
export function dashboardLiveHtml(svc: ServiceContext): string {
  const tenants = Object.values(svc.store.state.tenants).map((t) => tenantModel(svc, t));
  const log = svc.requestLog.recent(LOG_SHOWN).map((e) => ({
    at: new Date(e.at).toISOString().slice(11, 23),
    method: e.method,
    path: e.path,
    status: e.status,
    ms: e.durationMs,
    token: e.token ?? '—',
    idempotency: e.idempotency ?? '',
    ifMatch: e.ifMatch ?? '',
  }));
  return renderLive({ tenants, log });
}
