// GitHub-flavoured Markdown: summary first, then what a reviewer must not miss, then one collapsible section per
// monitor, then drift. The whole report stays under GitHub's comment limit: sections that do not fit are cut with
// a clear note naming how many were left out and where the full report is.
import type { MonitorEvent, MonitorReport, Risk, StackReport } from './changes.js';
import { code, html, inline, text } from './format.js';
import { actionsMarkdown } from './actions.js';
import { driftStamp } from './render-drift.js';

/** GitHub rejects comments over 65,536 characters; leave room for the CI's own wrapper. */
export const COMMENT_LIMIT = 65_536;
export const DEFAULT_BUDGET = 60_000;
export const MARKER = '<!-- uptimectl:plan-report -->';

export const EVENT_WORDS: [MonitorEvent, string][] = [
  ['created', 'created'],
  ['changed', 'changed'],
  ['archived', 'archived'],
  ['reactivated', 'reactivated'],
  ['paused', 'paused'],
  ['resumed', 'resumed'],
  ['replaced', 'replaced'],
  ['imported', 'imported'],
];

export const RISK_TITLE: Record<Risk, string> = {
  duplicate: 'Already exists in the account (the create would fail)',
  archive: 'Archived',
  pause: 'Paused',
  replace: 'Replaced',
  'no-alerts': 'Alerts reach nobody',
  unpublish: 'Status page unpublished',
  'slower-interval': 'Checked less often',
};

export interface RenderOptions {
  /** Characters the report may use (default 60,000, under GitHub's 65,536). Infinity: no cut. */
  budget?: number;
  /** Where the full report was written, named in the cut note. */
  fullReportPath?: string | undefined;
  /** Sections of our own (preflight, gates, probe) placed after the risks. */
  sections?: string[];
  /** Whether destination labels could be read (else ids are shown, and the report says so). */
  destinationsResolved?: boolean;
  /** Sections placed before the monitors' and cut like them (the backtests). */
  leadSections?: string[];
}

function count(stacks: StackReport[], pred: (m: MonitorReport) => boolean): number {
  return stacks.reduce((n, s) => n + s.monitors.filter(pred).length, 0);
}

function who(m: MonitorReport, multi: boolean): string {
  const stack = multi ? `${text(m.stack)}: ` : '';
  return `${stack}**${text(m.name)}**${m.url ? ` (${code(m.url)})` : ''} ${code(m.address)}`;
}

export function render(stacks: StackReport[], o: RenderOptions = {}): string {
  const budget = o.budget ?? DEFAULT_BUDGET;
  const multi = stacks.length > 1;
  const monitors = stacks.flatMap((s) => s.monitors);
  const drift = stacks.flatMap((s) => s.drift);
  const head: string[] = [MARKER, '## Monitor changes', ''];

  const parts = EVENT_WORDS.map(([e, w]) => [w, count(stacks, (m) => m.events.includes(e))] as const).filter(
    ([, n]) => n > 0,
  );
  const routing = count(stacks, (m) => m.alertRouting);
  const pages = count(stacks, (m) => m.statusPage);
  const actions = actionsMarkdown(
    stacks.flatMap((s) => s.actions ?? []),
    multi,
  );
  if (!monitors.length && !drift.length) head.push('No monitor changes.', '');
  else {
    head.push('| Change | Monitors |', '| --- | ---: |');
    for (const [w, n] of parts) head.push(`| ${w} | ${n} |`);
    if (routing) head.push(`| alert settings changed | ${routing} |`);
    if (pages) head.push(`| status page changed | ${pages} |`);
    if (drift.length) head.push(`| changed outside Terraform (drift) | ${drift.length} |`);
    head.push('');
    if (multi)
      head.push(`Stacks: ${stacks.map((s) => `${code(s.name)} (${s.monitors.length})`).join(', ')}`, '');
  }

  const risky = monitors.filter((m) => m.risks.length);
  if (risky.length) {
    head.push('### ⚠️ Needs attention', '');
    for (const kind of Object.keys(RISK_TITLE) as Risk[]) {
      const hit = risky.flatMap((m) => m.risks.filter((r) => r.kind === kind).map((r) => ({ m, r })));
      if (!hit.length) continue;
      head.push(`**${RISK_TITLE[kind]}** (${hit.length})`, '');
      const shown = hit.slice(0, 25);
      for (const { m, r } of shown) head.push(`- ${who(m, multi)}: ${inline(r.text)}`);
      if (hit.length > shown.length) head.push(`- … and ${hit.length - shown.length} more`);
      head.push('');
    }
  }
  if (actions) head.push(actions, '');
  for (const e of o.sections ?? []) head.push(e, '');
  if (o.destinationsResolved === false && monitors.some((m) => m.alertRouting))
    head.push('_Alert destinations are shown as ids: set `UPTIME_API_TOKEN` to show their labels._', '');

  let out = head.join('\n');
  const sections = monitors.map((m) => section(m, multi));
  const lead = o.leadSections ?? [];
  if (drift.length) {
    const d = ['### Changed outside Terraform', ''];
    for (const x of drift) {
      const stamp = driftStamp(x);
      d.push(
        `- ${multi ? `${text(x.stack)}: ` : ''}**${text(x.name)}** ${code(x.address)}: ${x.lines.map((l) => inline(l.text)).join('; ')}` +
          (stamp ? ` (${stamp})` : ''),
      );
    }
    sections.push(d.join('\n') + '\n');
  }
  if (lead.length && monitors.length) sections[0] = `### Monitors\n\n${sections[0]}`;
  else if (sections.length && monitors.length) out += '### Monitors\n\n';
  sections.unshift(...lead);
  const tail = (left: number) =>
    `\n> ✂️ ${left} more section${left === 1 ? '' : 's'} not shown to keep this comment under GitHub's limit; ` +
    (o.fullReportPath
      ? `full report in ${code(o.fullReportPath)}.`
      : 'run `uptimectl plan-report --full-out <file>` for the full report.') +
    '\n';
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (out.length + s.length + tail(sections.length - i).length > budget) {
      out += tail(sections.length - i);
      return out;
    }
    out += s;
  }
  return out;
}

function section(m: MonitorReport, multi: boolean): string {
  const what = m.events.length ? m.events.join(', ') : 'settings changed';
  const s = [
    `<details><summary>${multi ? `${html(m.stack)}: ` : ''}<b>${html(m.name)}</b>${m.url ? ` (<code>${escapeHtml(m.url)}</code>)` : ''}: ${what} · <code>${escapeHtml(m.address)}</code></summary>`,
    '',
  ];
  for (const e of m.events) if (EVENT_LINE[e]) s.push(`- ${EVENT_LINE[e]}`);
  for (const l of m.lines) s.push(`- ${inline(l.text)}`);
  for (const p of m.parts) {
    s.push('', `**${p.title}** (${code(p.address)})`, '');
    for (const l of p.lines) s.push(`- ${inline(l.text)}`);
  }
  s.push('', '</details>', '');
  return s.join('\n') + '\n';
}

export const EVENT_LINE: Partial<Record<MonitorEvent, string>> = {
  archived: 'archived: checks stop; the monitor and its history are kept',
  reactivated: 'reactivated: checks start again',
  paused: 'paused: checks stop until resumed',
  resumed: 'resumed: checks start again',
  replaced: 'replaced: a new monitor (new id) is created; the old one is archived with its history',
  imported: 'imported into Terraform state (nothing changes on the service)',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
