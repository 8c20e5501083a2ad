// How one attribute reads in a report: its label and unit come from the field declarations (src/provider/fields),
// so `interval_seconds` 300 → 60 prints `interval 5 min → 1 min` and `timeout_ms` prints seconds.
import { escapeInvisible, jsEscape } from '../protocol/template.js';
import { fieldFacts, type FieldFacts } from '../provider/fields/index.js';

export function facts(resourceType: string, attribute: string): FieldFacts | undefined {
  return fieldFacts(resourceType, attribute);
}

export function label(resourceType: string, attribute: string): string {
  return facts(resourceType, attribute)?.label ?? attribute.replace(/_/g, ' ');
}

/** A hidden value never prints: sensitive and write-only attributes of our schema. */
export function isSecret(resourceType: string, attribute: string): boolean {
  const f = facts(resourceType, attribute);
  return !!f && (f.sensitive || f.writeOnly);
}

/** Seconds as a person says them: 45 s, 1 min, 5 min, 1 h, 1 h 30 min. */
export function seconds(n: number): string {
  if (n < 60 || n % 60 !== 0) return `${n} s`;
  const min = n / 60;
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

export function value(resourceType: string, attribute: string, v: unknown): string {
  if (v === null || v === undefined) return 'not set';
  const unit = facts(resourceType, attribute)?.unit;
  if (typeof v === 'number') {
    if (unit === 's') return seconds(v);
    if (unit === 'ms') return v % 1000 === 0 ? seconds(v / 1000) : `${v} ms`;
    if (unit === 'days') return `${v} days`;
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map((x) => value(resourceType, attribute, x)).join(', ') : 'none';
  if (typeof v === 'string') return code(v);
  return code(JSON.stringify(v));
}

/** Zero-width space: invisible, and GitHub's mention, reference and autolink rules no longer match across it. */
const ZWSP = '\u200b';

/** Text that cannot become a live @mention or team mention, an issue or pull-request reference (`#12`, `GH-12`,
 *  `org/repo#12`) or an autolink (`https://…`, `www.…`, `a@b.example`) once GitHub renders it, nor one of GitLab's
 *  references (merge request `!12`, label `~bug`, milestone `%v1`, snippet `$12`, epic `&12`, commit `9ba1224`),
 *  inline diff (`{+ … +}`) or emoji (`:bell:`): GitLab links them in the rendered text, after Markdown's escapes are
 *  gone, so only a zero-width space between the sigil and what follows keeps them text. */
export function inert(s: string): string {
  return s
    .replace(/[@#!~%$&]/g, (c) => `${c}${ZWSP}`)
    .replace(/\b(gh)-(?=\d)/gi, `$1-${ZWSP}`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
    .replace(/([{[])(?=[+-])/g, `$1${ZWSP}`)
    .replace(/:(?=[\w+-]+:)/g, `:${ZWSP}`)
    .replace(/\b[0-9a-f]{7,}\b/gi, (hex) => hex.replace(/(.{6})(?=.)/g, `$1${ZWSP}`));
}

/** Markdown-safe inline text (names and URLs come from configuration): no markup, HTML, entity, mention, link or
 *  math (GitHub renders `$…$`). */
export function text(s: string): string {
  return inert(visibleText(s)).replace(/[<>|*_`[\]\\&~!$]/g, (c) => `\\${c}`);
}

/** One line whose characters show as stored: line breaks become spaces, and every other invisible character
 *  (bidirectional overrides, separators, controls) is escaped by the one rule (`quotedText`'s, src/protocol). */
function visibleText(s: string): string {
  return escapeInvisible(s.replace(/[\r\n]+/g, ' '), jsEscape);
}

/** The same inside our own HTML (`<summary>`): escaped, and inert. */
export function html(s: string): string {
  return inert(visibleText(s)).replace(/[&<>"[\]$]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A code span holding any text (GitHub renders nothing inside code): fenced with more backticks than it holds. */
export function code(s: string): string {
  const flat = s.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest || flat.startsWith(' ') || flat.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A report line cut into its code spans (made by `code`/`value`; `content` unpadded) and the text between them.
 *  Spans are found the way CommonMark finds them: a run of backticks closed by a run of the same length. */
export function spans(s: string): { code: boolean; raw: string; content: string }[] {
  const out: { code: boolean; raw: string; content: string }[] = [];
  let plain = '';
  let i = 0;
  while (i < s.length) {
    const open = /`+/y;
    open.lastIndex = i;
    const run = s[i] === '`' ? open.exec(s)?.[0] : undefined;
    if (!run) {
      plain += s[i++];
      continue;
    }
    const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
    close.lastIndex = i + run.length;
    const end = close.exec(s);
    if (!end) {
      plain += run;
      i += run.length;
      continue;
    }
    if (plain) out.push({ code: false, raw: plain, content: plain });
    plain = '';
    const inner = s.slice(i + run.length, end.index);
    const padded = inner.length > 1 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '';
    out.push({
      code: true,
      raw: s.slice(i, end.index + run.length),
      content: padded ? inner.slice(1, -1) : inner,
    });
    i = end.index + run.length;
  }
  if (plain) out.push({ code: false, raw: plain, content: plain });
  return out;
}

/** One of our report lines for Markdown: its code spans keep their text (invisible characters escaped by the one
 *  rule), the text around them is made inert. */
export function inline(s: string): string {
  return spans(s)
    .map((p) => (p.code ? code(visibleText(p.content)) : text(p.raw)))
    .join('');
}
