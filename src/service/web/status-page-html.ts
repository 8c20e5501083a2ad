// The public status page as HTML (what a browser gets at /public/status-pages/{slug}): the published snapshot's
// title, description and display options, the monitor's current state, and one section per display option that
// is on, each marked `data-section` for tests. Server-rendered, no script. Everything from the account is escaped
// by the template (Eta, autoEscape) and shown with dir="auto", so names stay text.
import type { IncidentDetail } from '../../api/index.js';
import type { MonitorRecord, Store } from '../store.js';
import { BASE_CSS, HEAD_START, compile, dateTime, linePoints } from './html.js';
import type { PageStats } from './page-stats.js';

const CHART_W = 600;
const CHART_H = 120;
/** Checks drawn in the response-time chart and listed in the recent history. */
const CHART_CHECKS = 60;
const HISTORY_CHECKS = 20;
const INCIDENTS_SHOWN = 10;

const STATUS_LABEL: Record<string, string> = {
  up: 'Operational',
  down: 'Down',
  pending: 'Waiting for the first check',
  paused: 'Paused',
  archived: 'Archived',
};

interface Snapshot {
  title?: string | null;
  description?: string | null;
  noindex?: boolean;
  displayOptions?: Partial<
    Record<'uptimeTimeline' | 'responseTime' | 'incidents' | 'recentHistory', boolean>
  >;
  publishedAt?: string;
}

const TEMPLATE = `${HEAD_START}<% if (it.noindex) { %><meta name="robots" content="noindex">
<% } %><title><%= it.title %> — status</title>
<style><%~ it.css %></style>
</head>
<body>
<main>
<header>
<h1 dir="auto"><bdi><%= it.title %></bdi></h1>
<% if (it.description) { %><p dir="auto" class="description"><%= it.description %></p><% } %>
<p id="current-state">Current state of <bdi><%= it.monitorName %></bdi>:
<span class="badge s-<%= it.status %>" data-status="<%= it.status %>"><%= it.statusLabel %></span></p>
</header>
<% if (it.show.uptimeTimeline) { %>
<section data-section="uptime-timeline" aria-labelledby="h-uptime">
<h2 id="h-uptime">Uptime, last 30 days</h2>
<p><% if (it.overall === null) { %>No checks in the last 30 days.<% } else { %><strong><%= it.overall %>%</strong> uptime over <%= it.totalChecks %> checks.<% } %></p>
<svg class="chart bars" viewBox="0 0 300 40" preserveAspectRatio="none" role="img" aria-label="Daily uptime for the last 30 days<%= it.overall === null ? '' : ', ' + it.overall + '% overall' %>">
<% it.days.forEach(function (d) { %><rect class="<%= d.cls %>" x="<%= d.x %>" y="0" width="8" height="40"><title><%= d.label %></title></rect><% }) %>
</svg>
<div class="legend muted" aria-hidden="true"><span><%= it.firstDay %></span><span>today</span></div>
</section>
<% } %>
<% if (it.show.responseTime) { %>
<section data-section="response-time" aria-labelledby="h-rt">
<h2 id="h-rt">Response time</h2>
<% if (!it.chart) { %><p>No response times recorded yet.</p><% } else { %>
<p>Last <%= it.chart.count %> checks: average <strong><%= it.chart.avg %> ms</strong>, fastest <%= it.chart.min %> ms, slowest <%= it.chart.max %> ms.</p>
<svg class="chart" viewBox="0 0 ${CHART_W} ${CHART_H}" preserveAspectRatio="none" role="img" aria-label="Response times of the last <%= it.chart.count %> checks, from <%= it.chart.min %> to <%= it.chart.max %> ms">
<polyline class="line" points="<%= it.chart.points %>"/>
</svg>
<% } %>
</section>
<% } %>
<% if (it.show.incidents) { %>
<section data-section="incidents" aria-labelledby="h-inc">
<h2 id="h-inc">Incidents</h2>
<% if (it.incidents.length === 0) { %><p>No incidents in the last 30 days.</p><% } else { %>
<ul class="plain">
<% it.incidents.forEach(function (i) { %><li><span class="badge <%= i.open ? 's-down' : 's-unknown' %>"><%= i.open ? 'Open' : 'Resolved' %></span>
<%= i.kind %> incident from <time datetime="<%= i.startedAt %>"><%= i.started %></time><% if (!i.open) { %> to <time datetime="<%= i.resolvedAt %>"><%= i.resolved %></time><% } %><% if (i.reason) { %> — <bdi><%= i.reason %></bdi><% } %></li>
<% }) %>
</ul>
<% } %>
</section>
<% } %>
<% if (it.show.recentHistory) { %>
<section data-section="recent-history" aria-labelledby="h-hist">
<h2 id="h-hist">Recent checks</h2>
<% if (it.history.length === 0) { %><p>No checks yet.</p><% } else { %>
<div class="scroll"><table>
<thead><tr><th scope="col">Time</th><th scope="col">Result</th><th scope="col">HTTP</th><th scope="col">Response</th></tr></thead>
<tbody>
<% it.history.forEach(function (h) { %><tr><td><time datetime="<%= h.checkedAt %>"><%= h.at %></time></td><td><span class="badge s-<%= h.status %>"><%= h.status %></span></td><td><%= h.httpStatus %></td><td><%= h.ms %></td></tr>
<% }) %>
</tbody></table></div>
<% } %>
</section>
<% } %>
<footer class="muted"><p>Published <%= it.publishedAt %>. Page generated <%= it.generatedAt %>.</p></footer>
</main>
</body>
</html>
`;

const render = compile(TEMPLATE);

/** The monitor's incidents, open ones first, then the most recent, at most `limit`. */
export function monitorIncidents(store: Store, monitorId: string, limit: number): IncidentDetail[] {
  const list: IncidentDetail[] = [];
  for (const i of Object.values(store.state.incidents)) if (i.monitorId === monitorId) list.push(i);
  list.sort((a, b) =>
    a.status !== b.status ? (a.status === 'open' ? -1 : 1) : a.startedAt < b.startedAt ? 1 : -1,
  );
  return list.slice(0, limit);
}

export function statusPageHtml(m: MonitorRecord, store: Store, stats: PageStats): string {
  const snap = (m.page.snapshot ?? {}) as Snapshot;
  const opts = snap.displayOptions ?? {};
  const now = store.clock.now();
  const checks = store.state.checks[m.id] ?? [];
  const show = {
    uptimeTimeline: opts.uptimeTimeline === true,
    responseTime: opts.responseTime === true,
    incidents: opts.incidents === true,
    recentHistory: opts.recentHistory === true,
  };

  let days: { cls: string; x: number; label: string }[] = [];
  let overall: number | null = null;
  let totalChecks = 0;
  let firstDay = '';
  if (show.uptimeTimeline) {
    const buckets = stats.days(m.id, checks, now, 30);
    let up = 0;
    for (const b of buckets) {
      totalChecks += b.checks;
      up += b.up;
    }
    overall = totalChecks ? Math.round((up / totalChecks) * 10000) / 100 : null;
    firstDay = new Date(buckets[0]!.start).toISOString().slice(0, 10);
    days = buckets.map((b, i) => {
      const day = new Date(b.start).toISOString().slice(0, 10);
      const p = b.uptimePercent;
      return {
        x: i * 10 + 1,
        cls: p === null ? 'none' : p >= 99.9 ? 'up' : p >= 95 ? 'partial' : 'down',
        label: p === null ? `${day}: no checks` : `${day}: ${p}% uptime (${b.checks} checks)`,
      };
    });
  }

  let chart: { points: string; min: number; max: number; avg: number; count: number } | null = null;
  if (show.responseTime) {
    const times = checks.slice(-CHART_CHECKS).map((c) => c.responseTimeMs);
    const present = times.filter((t): t is number => t !== null);
    if (present.length)
      chart = {
        points: linePoints(times, CHART_W, CHART_H),
        min: Math.min(...present),
        max: Math.max(...present),
        avg: Math.round(present.reduce((s, t) => s + t, 0) / present.length),
        count: times.length,
      };
  }

  const cutoff = new Date(now - 30 * 86_400_000).toISOString();
  const incidents = show.incidents
    ? monitorIncidents(store, m.id, INCIDENTS_SHOWN)
        .filter((i) => i.status === 'open' || i.startedAt >= cutoff)
        .map((i) => ({
          open: i.status === 'open',
          kind: i.type === 'availability' ? 'Availability' : 'Slow response',
          startedAt: i.startedAt,
          started: dateTime(i.startedAt),
          resolvedAt: i.resolvedAt ?? '',
          resolved: dateTime(i.resolvedAt),
          reason: i.failureReason ?? null,
        }))
    : [];

  const history = show.recentHistory
    ? checks
        .slice(-HISTORY_CHECKS)
        .reverse()
        .map((c) => ({
          checkedAt: c.checkedAt,
          at: dateTime(c.checkedAt),
          status: c.status,
          httpStatus: c.httpStatus ?? '—',
          ms: c.responseTimeMs === null ? '—' : `${c.responseTimeMs} ms`,
        }))
    : [];

  return render({
    css: BASE_CSS,
    title: snap.title || m.name,
    description: snap.description ?? null,
    noindex: snap.noindex === true,
    monitorName: m.name,
    status: Object.hasOwn(STATUS_LABEL, m.status) ? m.status : 'unknown',
    statusLabel: Object.hasOwn(STATUS_LABEL, m.status) ? STATUS_LABEL[m.status] : m.status,
    show,
    days,
    overall,
    totalChecks,
    firstDay,
    chart,
    incidents,
    history,
    publishedAt: dateTime(snap.publishedAt),
    generatedAt: dateTime(new Date(now).toISOString()),
  });
}
