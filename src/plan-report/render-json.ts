// `plan-report --format json`: the whole report as one JSON document for bots and dashboards (schema in
// docs/guides/reviewing-changes-in-pull-requests.md, "JSON report"). Lines are in the text form (values quoted by
// the one quoting rule); nothing of the raw plan is copied (it holds sensitive values), and the document goes
// through the same scrubbing as the other forms.
import { backtestChart, type Backtest } from './backtest.js';
import { PREFLIGHT_TITLE } from './preflight.js';
import { coverageJson } from './render-coverage-json.js';
import { plain } from './render-text.js';
import type { Review } from './review.js';

export const JSON_SCHEMA = 'uptimectl/plan-report/v1';

function backtestJson(b: Backtest) {
  return {
    stack: b.stack,
    address: b.address,
    name: b.name,
    monitorId: b.monitorId,
    source: b.source,
    period: b.period,
    checkCount: b.checkCount,
    note: b.note,
    old: { settings: b.old, counts: b.oldCounts },
    new: { settings: b.new, counts: b.newCounts },
    chart: backtestChart(b),
  };
}

export function jsonReport(r: Review) {
  const probe = r.probe;
  const backtestOf = new Map((probe?.backtests ?? []).map((b) => [`${b.stack}\u0000${b.address}`, b]));
  return {
    schema: JSON_SCHEMA,
    changes: r.stacks.flatMap((s) =>
      s.monitors.map((m) => ({
        stack: m.stack,
        address: m.address,
        name: m.name,
        url: m.url,
        events: m.events,
        risks: m.risks.map((x) => ({ kind: x.kind, text: plain(x.text) })),
        lines: m.lines.map((l) => plain(l.text)),
        parts: m.parts.map((p) => ({
          address: p.address,
          title: p.title,
          lines: p.lines.map((l) => plain(l.text)),
        })),
      })),
    ),
    drift: r.stacks.flatMap((s) =>
      s.drift.map((d) => ({
        stack: d.stack,
        address: d.address,
        name: d.name,
        lines: d.lines.map((l) => plain(l.text)),
        updatedAt: d.updatedAt ?? null,
        version: d.version ?? null,
      })),
    ),
    gates: r.gates,
    preflight: r.preflight
      ? { ok: r.preflight.ok, lines: [PREFLIGHT_TITLE, ...r.preflight.items].map((l) => plain(l)) }
      : null,
    probeAllow: probe ? probe.allow : null,
    probes: probe
      ? probe.results.map((p) => {
          const b = backtestOf.get(`${p.stack}\u0000${p.address}`);
          return { ...p, backtest: b ? backtestJson(b) : null };
        })
      : null,
    backtests: probe ? probe.backtests.map(backtestJson) : null,
    ...(r.coverage ? { coverage: coverageJson(r.coverage) } : {}),
  };
}
