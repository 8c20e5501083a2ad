// How the probe's verdicts and the backtests read in the report: a table (Markdown) or `!`/`+` lines (text) for
// the probe, and per backtested monitor its counts with a Mermaid xychart of its response times (bars, a gap drawn
// as a light column) and the thresholds of the rules that alert (Markdown; GitHub and GitLab render it) or a one-line
// sparkline with `·` for a gap (text); the caption says what a point is and what a gap means (backtestChart). Names
// and URLs go through the report's own escaping (format.ts for Markdown, the text renderer's quoting for text); the
// chart holds only numbers and our words.
import { escapeInvisible, jsEscape, quotedText } from '../protocol/template.js';
import { backtestChart, type Backtest, type BacktestChart, type Settings } from './backtest.js';
import { code, html, text } from './format.js';
import { escapeHtml } from './render.js';
import type { ProbeResult } from './probe.js';

export { CHART_POINTS, chartPoints } from './backtest.js';

const ICON = { up: '🟢 up', down: '🔴 down', 'not-probed': '⚪ not probed' } as const;
/** Rows of the probe table in the comment; the rest are counted (and all are in --full-out and JSON). */
export const PROBE_ROWS = 50;

function response(p: ProbeResult): string {
  if (p.responseTimeMs === null) return '—';
  const vs =
    p.slowThresholdMs === null
      ? ''
      : p.slow
        ? ` ⚠️ over the slow-response threshold (${p.slowThresholdMs} ms)`
        : ` (slow-response threshold ${p.slowThresholdMs} ms)`;
  return `${p.responseTimeMs} ms${vs}`;
}

function certificate(p: ProbeResult): string {
  if (p.certificateDaysLeft === null) return '—';
  const d = p.certificateDaysLeft;
  return d < 0 ? '⚠️ expired' : d <= 14 ? `⚠️ expires in ${d} day${d === 1 ? '' : 's'}` : `${d} days left`;
}

export function probeMarkdown(probes: ProbeResult[], allow: readonly string[]): string {
  const counts = (['up', 'down', 'not-probed'] as const).map(
    (v) => `${probes.filter((p) => p.verdict === v).length} ${v}`,
  );
  const out = [
    '### Probe: what these monitors would see now',
    '',
    `Requested once from where this report ran, as the service's checker would: ${counts.join(', ')}. ` +
      `Private, loopback, link-local and metadata addresses are not requested${allow.length ? ` (allowed here: ${allow.map(code).join(', ')})` : ''}.`,
    '',
  ];
  if (!probes.length) return [...out, 'No monitor is created or has its request changed.'].join('\n');
  out.push('| Monitor | Verdict | Why | Response time | Certificate |', '| --- | --- | --- | --- | --- |');
  for (const p of probes.slice(0, PROBE_ROWS))
    out.push(
      `| **${text(p.name)}** ${code(p.address)} | ${ICON[p.verdict]} | ${text(p.reason)} | ${response(p)} | ${certificate(p)} |`,
    );
  if (probes.length > PROBE_ROWS)
    out.push('', `… and ${probes.length - PROBE_ROWS} more (all of them in \`--format json\`).`);
  return out.join('\n');
}

const COLOURS = { bars: '#2563eb', gap: '#e5e7eb', today: '#6b7280', planned: '#dc2626' } as const;

/** The words of a chart point and of a gap, for the caption and the text form. */
export function chartWords(c: BacktestChart): { point: string; gap: string; axis: string } {
  if (c.point === 'average') {
    const span = c.periodMs ? duration(c.periodMs) : null;
    return {
      point: `the summary's average response time of ${span ? `a ${span} period` : 'each period'}`,
      gap: 'a period without an answered check',
      axis: span ? `${span} period` : 'period',
    };
  }
  return c.checksPerPoint === 1
    ? { point: 'the response time of one check', gap: 'a check that was down', axis: 'check' }
    : {
        point: `the slowest answered check of a bucket of about ${Math.round(c.checksPerPoint ?? 1)} checks`,
        gap: 'a bucket whose checks were all down',
        axis: 'bucket of checks',
      };
}

function duration(ms: number): string {
  const min = Math.round(ms / 60_000);
  return min >= 60 && min % 60 === 0 ? `${min / 60} h` : `${min} min`;
}

/** The Mermaid xychart of a backtest: the response times as bars, a gap as a light column at full height (Mermaid
 *  draws no line with holes, and a gap is not 0 ms), and the thresholds of the rules that alert as lines. */
export function mermaidChart(b: Backtest, c: BacktestChart | null = backtestChart(b)): string {
  if (!c) return '';
  const pts = c.points;
  const lines = [
    ...(b.old.slow.enabled ? [{ colour: COLOURS.today, ms: b.old.slow.thresholdMs }] : []),
    ...(b.new.slow.enabled ? [{ colour: COLOURS.planned, ms: b.new.slow.thresholdMs }] : []),
  ];
  const top = Math.max(...pts.map((t) => t ?? 0), ...lines.map((l) => l.ms));
  const axisMax = Math.ceil((top * 1.1) / 100) * 100;
  const gaps = pts.some((t) => t === null);
  // Mermaid draws every bar from a little below the axis' 0: the gap columns come after the response-time bars, so
  // they cover a gap's stub, and their own stub (at 0) is the same light strip under every bar
  const series = [
    { colour: COLOURS.bars, kind: 'bar', values: pts.map((t) => t ?? 0) },
    ...(gaps
      ? [{ colour: COLOURS.gap, kind: 'bar', values: pts.map((t) => (t === null ? axisMax : 0)) }]
      : []),
    ...lines.map((l) => ({ colour: l.colour, kind: 'line', values: pts.map(() => l.ms) })),
  ];
  return [
    '```mermaid',
    // one colour per series (xychart-beta draws no legend): the caption under the chart names them
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${series.map((x) => x.colour).join(', ')}"}}}}%%`,
    'xychart-beta',
    c.point === 'average'
      ? `  title "Response time (ms), ${b.checkCount} checks, averages per period, oldest first"`
      : `  title "Response time (ms), ${b.checkCount} checks, oldest first"`,
    `  x-axis "${chartWords(c).axis}" 1 --> ${Math.max(pts.length, 2)}`,
    `  y-axis "ms" 0 --> ${axisMax}`,
    ...(gaps ? ['  %% a gap (no response time) is a light column over a response-time bar of 0'] : []),
    ...series.map((x) => `  ${x.kind} [${x.values.join(', ')}]`),
    '```',
  ].join('\n');
}

/** The caption under the chart: what a bar, a gap and each line is. */
function chartCaption(b: Backtest, c: BacktestChart): string {
  const w = chartWords(c);
  const gaps = c.points.some((t) => t === null);
  const rule = (s: Settings['slow'], colour: string, today: boolean) =>
    s.enabled
      ? `${colour}: ${today ? "today's" : 'planned'} threshold ${s.thresholdMs} ms`
      : `${today ? 'today' : 'planned'}: slow-response alerts off (no line)`;
  return (
    `_Blue bars: ${w.point}, oldest first` +
    (gaps ? `; light columns: a gap, ${w.gap} (no response time, not 0 ms)` : '') +
    `; ${rule(b.old.slow, 'grey', true)}; ${rule(b.new.slow, 'red', false)}._`
  );
}

function settingsText(b: Backtest): string[] {
  const out: string[] = [];
  const o = b.old;
  const n = b.new;
  const rule = (s: Settings['slow']) =>
    s.enabled ? `${s.thresholdMs} ms (${s.consecutiveLimit} slow checks in a row)` : 'off';
  const off = o.slow.enabled ? '' : ' (alerts off)';
  if (o.slow.enabled !== n.slow.enabled)
    out.push(`slow-response threshold ${rule(o.slow)} → ${rule(n.slow)}`);
  else {
    if (o.slow.thresholdMs !== n.slow.thresholdMs)
      out.push(`slow-response threshold ${o.slow.thresholdMs} ms → ${n.slow.thresholdMs} ms${off}`);
    if (o.slow.consecutiveLimit !== n.slow.consecutiveLimit)
      out.push(`consecutive slow checks ${o.slow.consecutiveLimit} → ${n.slow.consecutiveLimit}${off}`);
  }
  if (o.timeoutMs !== n.timeoutMs) out.push(`timeout ${o.timeoutMs} ms → ${n.timeoutMs} ms`);
  if (JSON.stringify(o.acceptedStatusCodes) !== JSON.stringify(n.acceptedStatusCodes))
    out.push(
      `accepted status codes ${o.acceptedStatusCodes.join(', ') || 'any 2xx'} → ${n.acceptedStatusCodes.join(', ') || 'any 2xx'}`,
    );
  for (const attribute of b.unknown ?? []) out.push(`${attribute} → (known after apply)`);
  return out;
}

export function periodText(b: Backtest): string {
  const checks = b.checkCount ? `${b.checkCount} checks` : 'no checks';
  if (!b.period) return checks;
  const hours = (Date.parse(b.period.to) - Date.parse(b.period.from)) / 3_600_000;
  const span =
    hours >= 48
      ? `${Math.round(hours / 24)} days`
      : hours >= 2
        ? `${Math.round(hours)} h`
        : `${Math.round(hours * 60)} min`;
  return `${checks} over ${span} (${b.period.from} – ${b.period.to})`;
}

/** Lines shared by both forms: [label, today, planned]. */
export function backtestRows(b: Backtest): [string, number, number][] {
  if (!b.oldCounts || !b.newCounts) return [];
  return [
    ['checks down', b.oldCounts.down, b.newCounts.down],
    ['checks over the slow-response threshold', b.oldCounts.slow, b.newCounts.slow],
    ['availability alerts', b.oldCounts.availabilityAlerts, b.newCounts.availabilityAlerts],
    ['slow-response alerts', b.oldCounts.performanceAlerts, b.newCounts.performanceAlerts],
  ];
}

export function backtestMarkdown(b: Backtest): string {
  const s = [
    `<details open><summary>Backtest: <b>${html(b.name)}</b> · <code>${escapeHtml(b.address)}</code></summary>`,
    '',
    `- ${settingsText(b).join('; ')}`,
    `- history: ${b.source === 'none' ? 'not read' : `${periodText(b)}, from the ${b.source === 'checks' ? 'check results' : 'summary'}`}`,
  ];
  if (b.note) s.push(`- ${text(b.note)}`);
  const rows = backtestRows(b);
  if (rows.length) {
    s.push('', '| Over this period | Today | Planned |', '| --- | ---: | ---: |');
    for (const [l, o, n] of rows) s.push(`| ${l} | ${o} | ${n} |`);
  }
  const chart = backtestChart(b);
  if (chart) s.push('', mermaidChart(b, chart), '', chartCaption(b, chart));
  s.push('', '</details>', '');
  return s.join('\n') + '\n';
}

const BARS = '▁▂▃▄▅▆▇█';
/** A gap in the sparkline: no response time (not the lowest bar). */
export const SPARK_GAP = '·';

/** A sparkline of the chart's points, scaled to the slowest. */
export function sparkline(b: Backtest, c: BacktestChart | null = backtestChart(b)): string {
  const pts = c?.points ?? [];
  const top = Math.max(1, ...pts.map((p) => p ?? 0));
  return pts.map((p) => (p === null ? SPARK_GAP : BARS[Math.min(7, Math.floor((p / top) * 7.999))])).join('');
}

// ----- text (`--format text`, inside Atlantis' code block) -----

const SIGN = { up: '+', down: '-', 'not-probed': '!' } as const;

/** Our words around data: invisible characters escaped by the one rule. */
const words = (s: string) => escapeInvisible(s, jsEscape);

export function probeText(probes: ProbeResult[], allow: readonly string[]): string[] {
  const counts = (['up', 'down', 'not-probed'] as const).map(
    (v) => `${probes.filter((p) => p.verdict === v).length} ${v}`,
  );
  const out = [
    `# Probe (requested once from this runner, as the service's checker would): ${counts.join(', ')}`,
    `#   private, loopback, link-local and metadata addresses are not requested${allow.length ? ` (allowed here: ${allow.join(', ')})` : ''}`,
  ];
  for (const p of probes) {
    const extra = [
      p.responseTimeMs !== null ? response(p).replace('⚠️ ', '') : null,
      p.certificateDaysLeft !== null ? `certificate: ${certificate(p).replace('⚠️ ', '')}` : null,
    ].filter(Boolean);
    out.push(
      `${SIGN[p.verdict]} ${quotedText(p.name)} ${words(p.address)}: ${p.verdict === 'not-probed' ? 'not probed' : p.verdict} — ${words(p.reason)}${extra.length ? `; ${extra.join('; ')}` : ''}`,
    );
  }
  return out;
}

export function backtestText(b: Backtest): string[] {
  const out = [
    `~ backtest ${quotedText(b.name)} ${words(b.address)}: ${settingsText(b).join('; ')}`,
    `~     history: ${b.source === 'none' ? 'not read' : `${periodText(b)}, from the ${b.source === 'checks' ? 'check results' : 'summary'}`}`,
  ];
  if (b.note) out.push(`~     ${words(b.note)}`);
  for (const [l, o, n] of backtestRows(b)) out.push(`~     ${l}: today ${o}, planned ${n}`);
  const chart = backtestChart(b);
  if (chart) {
    const top = Math.max(0, ...chart.points.map((p) => p ?? 0));
    const at = (s: Settings['slow']) => (s.enabled ? `${s.thresholdMs} ms` : 'off');
    const w = chartWords(chart);
    out.push(
      `~     response times (oldest first, max ${top} ms; thresholds today ${at(b.old.slow)}, planned ${at(b.new.slow)}): ${sparkline(b, chart)}`,
      `~       each mark ${w.point}${chart.points.includes(null) ? `; ${SPARK_GAP} a gap: ${w.gap}` : ''}`,
    );
  }
  return out;
}
