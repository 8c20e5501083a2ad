// `plan-report --format text`: the same report as plain text, for places that show a command's output inside a code
// block — Atlantis puts a plan step's output in its pull-request comment between ```diff fences. So each line starts
// with a diff marker (+ created, - archived/paused/replaced, ~ changed, ! needs attention, # heading) that the
// block's highlighting colours, values are quoted as Terraform's plan text quotes them, and nothing from a name can
// end the block: every line starts with its marker, never with a backtick fence, and invisible characters (controls,
// bidirectional overrides) are shown escaped by the one quoting rule, `quotedText`. Inside a code block nothing
// renders, so names need no other escaping.
import type { DriftReport, MonitorReport, Risk, StackReport } from './changes.js';
import { actionsMarkdown } from './actions.js';
import { escapeInvisible, jsEscape, quotedText } from '../protocol/template.js';
import { spans } from './format.js';
import { DEFAULT_BUDGET, EVENT_LINE, EVENT_WORDS, RISK_TITLE } from './render.js';

/** Data as a quoted string: the one quoting rule of every format (src/protocol/template.ts `quotedText`: JSON's
 *  quoting, and every invisible character — controls, bidirectional overrides, separators — shown escaped), so a
 *  value is one visible line whose characters read in the order they are stored. */
export const quote = quotedText;

/** Our own words, with any invisible character shown escaped (the same rule, without the quotes). */
export function clean(s: string): string {
  return escapeInvisible(s, jsEscape);
}

/** A report line in plain text: code spans become quoted values, the text around them stays (it is ours). */
export function plain(line: string): string {
  return spans(line)
    .map((p) => (p.code ? quote(p.content) : clean(p.content.replace(/\*\*/g, ''))))
    .join('');
}

function marker(m: MonitorReport): string {
  if (m.events.some((e) => e === 'archived' || e === 'paused' || e === 'replaced')) return '-';
  if (m.events.some((e) => e === 'created' || e === 'reactivated' || e === 'resumed')) return '+';
  return '~';
}

function who(m: { stack: string; name: string; address: string; url?: string }, multi: boolean): string {
  return (
    `${multi ? `${quote(m.stack)}: ` : ''}${quote(m.name)}` +
    `${m.url ? ` (${quote(m.url)})` : ''} ${clean(m.address)}`
  );
}

function driftItem(d: DriftReport, multi: boolean, stamp: boolean): string[] {
  const when = stamp && d.updatedAt ? ` (updated ${quote(d.updatedAt)})` : '';
  const version =
    stamp && d.version && d.version.before !== d.version.after
      ? ` version ${quote(d.version.before ?? 'none')} → ${quote(d.version.after ?? 'none')}`
      : '';
  return [`! ${who(d, multi)}${when}${version}`, ...d.lines.map((l) => `!     ${plain(l.text)}`)];
}

/** Markdown of our own making (the preflight and gate sections) as text lines under `!`. */
export function markdownLines(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => `! ${plain(l.replace(/^#+ /, '').replace(/^- /, '  '))}`);
}

export interface TextOptions {
  budget?: number;
  fullReportPath?: string | undefined;
  /** Sections of our own placed after the risks (preflight, gates, probe), already in text form. */
  sections?: string[][];
  /** Whether destination labels could be read (else ids are shown, and the report says so). */
  destinationsResolved?: boolean;
  /** Sections placed before the monitors' (the backtests), already in text form. */
  leadSections?: string[][];
}

/** Adds sections while they fit; then one line saying how many were left out. */
function fill(head: string[], sections: string[][], o: TextOptions): string {
  const budget = o.budget ?? DEFAULT_BUDGET;
  let out = `${head.join('\n')}\n`;
  const tail = (left: number) =>
    `# ✂ ${left} more not shown to stay within the comment limit; ` +
    (o.fullReportPath
      ? `full report in ${quote(o.fullReportPath)}`
      : 'run uptimectl plan-report --full-out <file> for all of it') +
    '\n';
  for (let i = 0; i < sections.length; i++) {
    const s = `${sections[i]!.join('\n')}\n`;
    if (out.length + s.length + tail(sections.length - i).length > budget)
      return out + tail(sections.length - i);
    out += s;
  }
  return out;
}

export function renderText(stacks: StackReport[], o: TextOptions = {}): string {
  const multi = stacks.length > 1;
  const monitors = stacks.flatMap((s) => s.monitors);
  const drift = stacks.flatMap((s) => s.drift);
  const head = ['# Monitor changes (uptimectl plan-report)'];
  if (!monitors.length && !drift.length) head.push('# No monitor changes.');
  else {
    const counts = EVENT_WORDS.map(
      ([e, w]) => [w, monitors.filter((m) => m.events.includes(e)).length] as const,
    )
      .filter(([, n]) => n > 0)
      .map(([w, n]) => `${w} ${n}`);
    const routing = monitors.filter((m) => m.alertRouting).length;
    const pages = monitors.filter((m) => m.statusPage).length;
    if (routing) counts.push(`alert settings changed ${routing}`);
    if (pages) counts.push(`status page changed ${pages}`);
    if (drift.length) counts.push(`changed outside Terraform ${drift.length}`);
    head.push(`#   ${counts.join(', ')}`);
    if (multi)
      head.push(`#   stacks: ${stacks.map((s) => `${quote(s.name)} (${s.monitors.length})`).join(', ')}`);
  }
  const risky = monitors.filter((m) => m.risks.length);
  if (risky.length) {
    head.push('#', '! Needs attention');
    for (const [kind, title] of Object.entries(RISK_TITLE) as [Risk, string][]) {
      const hit = risky.flatMap((m) => m.risks.filter((r) => r.kind === kind).map((r) => ({ m, r })));
      if (!hit.length) continue;
      head.push(`! ${title} (${hit.length})`);
      for (const { m, r } of hit.slice(0, 25)) head.push(`!   ${who(m, multi)}: ${plain(r.text)}`);
      if (hit.length > 25) head.push(`!   … and ${hit.length - 25} more`);
    }
  }
  const actions = actionsMarkdown(
    stacks.flatMap((s) => s.actions ?? []),
    multi,
  );
  if (actions) head.push('#', ...markdownLines(actions));
  for (const lines of o.sections ?? []) if (lines.length) head.push('#', ...lines);
  if (o.destinationsResolved === false && monitors.some((m) => m.alertRouting))
    head.push('#', '# Alert destinations are shown as ids: set UPTIME_API_TOKEN to show their labels.');

  const sections = monitors.map((m) => {
    const sign = marker(m);
    const what = m.events.length ? m.events.join(', ') : 'settings changed';
    return [
      `${sign} ${who(m, multi)}: ${what}`,
      ...m.events.flatMap((e) => (EVENT_LINE[e] ? [`${sign}     ${EVENT_LINE[e]}`] : [])),
      ...m.lines.map((l) => `${sign}     ${plain(l.text)}`),
      ...m.parts.flatMap((p) => [
        `${sign}   ${p.title} (${clean(p.address)})`,
        ...p.lines.map((l) => `${sign}     ${plain(l.text)}`),
      ]),
    ];
  });
  if (monitors.length) sections.unshift(['#', '# Monitors']);
  sections.unshift(...(o.leadSections ?? []));
  if (drift.length)
    sections.push(['#', '# Changed outside Terraform', ...drift.flatMap((d) => driftItem(d, multi, true))]);
  return fill(head, sections, o);
}

/** `--drift --format text`: only what changed outside Terraform. */
export function renderDriftText(stacks: StackReport[], o: TextOptions = {}): string {
  const multi = stacks.length > 1;
  const drift = stacks.flatMap((s) => s.drift);
  const head = ['# Monitors changed outside Terraform (uptimectl plan-report --drift)'];
  if (!drift.length) return `${[...head, '# No drift: the service matches the code.'].join('\n')}\n`;
  head.push(
    `# ${drift.length} resource${drift.length === 1 ? '' : 's'} differ${drift.length === 1 ? 's' : ''} from the code; ` +
      'terraform apply puts the values of the code back.',
  );
  return fill(
    head,
    drift.map((d) => driftItem(d, multi, true)),
    o,
  );
}
