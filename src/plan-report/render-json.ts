// `plan-report --format json`: the whole report as one JSON document for bots and dashboards (schema in
// docs/guides/reviewing-changes-in-pull-requests.md, "JSON report"). Lines are in the text form (values quoted by
// the one quoting rule); nothing of the raw plan is copied (it holds sensitive values), and the document goes
// through the same scrubbing as the other forms.
import { backtestChart, type Backtest } from './backtest.js';
import type { StackReport } from './changes.js';
import type { ProbeResult } from './probe.js';
import { plain } from './render-text.js';

export const JSON_SCHEMA = 'uptimectl/plan-report/v1';

export interface GateState {
  requested: readonly string[];
  matched: readonly string[];
  approved: string | null;
  failed: boolean;
}

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

export function jsonReport(
  stacks: StackReport[],
  gates: GateState,
  preflight: { ok: boolean; markdown: string } | null,
  outcome: { probes: ProbeResult[]; backtests: Backtest[]; allow: readonly string[] } | null,
) {
  const backtestOf = new Map((outcome?.backtests ?? []).map((b) => [`${b.stack}\u0000${b.address}`, b]));
  return {
    schema: JSON_SCHEMA,
    changes: stacks.flatMap((s) =>
      s.monitors.map((m) => ({
        stack: m.stack,
        address: m.address,
        name: m.name,
        url: m.url,
        events: m.events,
        risks: m.risks.map((r) => ({ kind: r.kind, text: plain(r.text) })),
        lines: m.lines.map((l) => plain(l.text)),
        parts: m.parts.map((p) => ({
          address: p.address,
          title: p.title,
          lines: p.lines.map((l) => plain(l.text)),
        })),
      })),
    ),
    drift: stacks.flatMap((s) =>
      s.drift.map((d) => ({
        stack: d.stack,
        address: d.address,
        name: d.name,
        lines: d.lines.map((l) => plain(l.text)),
        updatedAt: d.updatedAt ?? null,
        version: d.version ?? null,
      })),
    ),
    gates,
    preflight: preflight
      ? {
          ok: preflight.ok,
          lines: preflight.markdown
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => plain(l.replace(/^#+ |^- /, ''))),
        }
      : null,
    probeAllow: outcome ? outcome.allow : null,
    probes: outcome
      ? outcome.probes.map((p) => {
          const b = backtestOf.get(`${p.stack}\u0000${p.address}`);
          return { ...p, backtest: b ? backtestJson(b) : null };
        })
      : null,
    backtests: outcome ? outcome.backtests.map(backtestJson) : null,
  };
}
