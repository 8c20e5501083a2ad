// How the probe's verdicts and the backtests read in the report: a table (Markdown) or `!`/`+` lines (text) for
// the probe, and per backtested monitor its counts with a Mermaid xychart of recent response times and the old and
// new thresholds (Markdown; GitHub and GitLab render it) or a one-line sparkline (text). Names and URLs go through
// the report's own escaping (format.ts for Markdown, the text renderer's quoting for text); the chart holds only
// numbers and our words.
import { escapeInvisible, jsEscape, quotedText } from '../protocol/template.js';
import type { Backtest } from './backtest.js';
import { code, html, text } from './format.js';
import { escapeHtml } from './render.js';
import type { ProbeResult } from './probe.js';

const ICON = { up: '🟢 up', down: '🔴 down', 'not-probed': '⚪ not probed' } as const;
/** Rows of the probe table in the comment; the rest are counted (and all are in --full-out and JSON). */
export const PROBE_ROWS = 50;
/** Points of the chart: buckets of results (the slowest answer of each bucket). */
export const CHART_POINTS = 48;

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

/** Buckets of results, oldest first: the slowest answer of each (null when a bucket has only down results). */
export function chartPoints(times: readonly (number | null)[], points = CHART_POINTS): (number | null)[] {
  if (times.length <= points) return [...times];
  const out: (number | null)[] = [];
  for (let i = 0; i < points; i++) {
    const slice = times.slice(
      Math.floor((i * times.length) / points),
      Math.floor(((i + 1) * times.length) / points),
    );
    const ups = slice.filter((t): t is number => t !== null);
    out.push(ups.length ? Math.max(...ups) : null);
  }
  return out;
}

export function mermaidChart(b: Backtest): string {
  const pts = chartPoints(b.responseTimes).map((t) => t ?? 0);
  const top = Math.max(...pts, b.old.slow.thresholdMs, b.new.slow.thresholdMs);
  const axisMax = Math.ceil((top * 1.1) / 100) * 100;
  const flat = (v: number) => `[${pts.map(() => v).join(', ')}]`;
  return [
    '```mermaid',
    // one colour per line (xychart-beta draws no legend): the caption under the chart names them
    '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#2563eb, #6b7280, #dc2626"}}}}%%',
    'xychart-beta',
    `  title "Response time (ms), ${b.checkCount} checks, oldest first"`,
    `  x-axis "check (bucketed)" 1 --> ${Math.max(pts.length, 2)}`,
    `  y-axis "ms" 0 --> ${axisMax}`,
    `  line [${pts.join(', ')}]`,
    `  line ${flat(b.old.slow.thresholdMs)}`,
    `  line ${flat(b.new.slow.thresholdMs)}`,
    '```',
  ].join('\n');
}

function settingsText(b: Backtest): string[] {
  const out: string[] = [];
  const o = b.old;
  const n = b.new;
  if (o.slow.thresholdMs !== n.slow.thresholdMs || o.slow.enabled !== n.slow.enabled)
    out.push(
      `slow-response threshold ${o.slow.enabled ? `${o.slow.thresholdMs} ms` : 'off'} → ${n.slow.enabled ? `${n.slow.thresholdMs} ms` : 'off'}`,
    );
  if (o.slow.consecutiveLimit !== n.slow.consecutiveLimit)
    out.push(`consecutive slow checks ${o.slow.consecutiveLimit} → ${n.slow.consecutiveLimit}`);
  if (o.timeoutMs !== n.timeoutMs) out.push(`timeout ${o.timeoutMs} ms → ${n.timeoutMs} ms`);
  if (JSON.stringify(o.acceptedStatusCodes) !== JSON.stringify(n.acceptedStatusCodes))
    out.push(
      `accepted status codes ${o.acceptedStatusCodes.join(', ') || 'any 2xx'} → ${n.acceptedStatusCodes.join(', ') || 'any 2xx'}`,
    );
  for (const attribute of b.unknown ?? []) out.push(`${attribute} → (known after apply)`);
  return out;
}

export function periodText(b: Backtest): string {
  if (!b.period) return `${b.checkCount} checks`;
  const hours = (Date.parse(b.period.to) - Date.parse(b.period.from)) / 3_600_000;
  const span =
    hours >= 48
      ? `${Math.round(hours / 24)} days`
      : hours >= 2
        ? `${Math.round(hours)} h`
        : `${Math.round(hours * 60)} min`;
  return `${b.checkCount} checks over ${span} (${b.period.from} – ${b.period.to})`;
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
  if (b.responseTimes.length) {
    s.push(
      '',
      mermaidChart(b),
      '',
      `_Blue: response time (slowest of each bucket; down checks at 0); grey: today's threshold ${b.old.slow.thresholdMs} ms; red: planned ${b.new.slow.thresholdMs} ms._`,
    );
  }
  s.push('', '</details>', '');
  return s.join('\n') + '\n';
}

const BARS = '▁▂▃▄▅▆▇█';

/** A sparkline of the chart's points; `·` a bucket of down checks only. */
export function sparkline(b: Backtest): string {
  const pts = chartPoints(b.responseTimes);
  const top = Math.max(1, ...pts.map((p) => p ?? 0));
  return pts.map((p) => (p === null ? '·' : BARS[Math.min(7, Math.floor((p / top) * 7.999))])).join('');
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
  if (b.responseTimes.length) {
    const top = Math.max(0, ...chartPoints(b.responseTimes).map((p) => p ?? 0));
    out.push(
      `~     response times (oldest first, max ${top} ms; thresholds today ${b.old.slow.thresholdMs} ms, planned ${b.new.slow.thresholdMs} ms): ${sparkline(b)}`,
    );
  }
  return out;
}
