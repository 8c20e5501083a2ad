// The coverage section of the Markdown report: a count per status, then the endpoints of each status with why, and
// one collapsible section per suggested monitor (HCL, then CDKTF) in code blocks: an uncovered endpoint's, or the one
// block for all the instances of a module's endpoint.
// Addresses, hostnames and values are data: code spans and code blocks (fenced longer than any backtick run they
// hold), our words through `text`, so no name becomes markup, a link or a mention.
import type { CoverageEndpoint, CoverageReview, CoverageStatus, Phrase } from '../coverage/index.js';
import { code, html, text } from './format.js';
import { escapeHtml } from './render.js';

export const STATUS_TITLE: Record<CoverageStatus, string> = {
  uncovered: 'Uncovered: no monitor watches these public endpoints',
  unknown: 'Not decided (never fails a gate)',
  covered: 'Covered',
  'not-public': 'Not public',
};

/** Most endpoints listed per status; the rest are counted. */
export const LISTED = 25;

export const STATUS_ORDER: CoverageStatus[] = ['uncovered', 'unknown', 'covered', 'not-public'];

export function phraseMarkdown(p: Phrase): string {
  return p.map((x) => (typeof x === 'string' ? text(x) : code(x.code))).join('');
}

function where(e: CoverageEndpoint, multi: boolean): string {
  const stack = multi ? `${text(e.stack)}: ` : '';
  const host = e.hostnames[0] ? `, ${code(e.hostnames[0])}` : '';
  const chain = e.chain.length > 1 ? `, points at ${e.chain.slice(1).map(code).join(', ')}` : '';
  return `${stack}${code(e.address)} (${text(e.what)}${host}${chain})`;
}

/** The head section: counts, and the endpoints per status. */
export function coverageMarkdown(r: CoverageReview, multi: boolean): string {
  const out = ['### Monitoring coverage', ''];
  if (!r.endpoints.length)
    out.push('No public endpoint of the catalogue is created or changed by this plan.', '');
  else {
    out.push('| Status | Endpoints |', '| --- | ---: |');
    for (const s of STATUS_ORDER) {
      const n = r.endpoints.filter((e) => e.status === s).length;
      if (n) out.push(`| ${s} | ${n} |`);
    }
    out.push('');
    for (const s of STATUS_ORDER) {
      const list = r.endpoints.filter((e) => e.status === s);
      if (!list.length) continue;
      out.push(`**${STATUS_TITLE[s]}** (${list.length})`, '');
      for (const e of list.slice(0, LISTED))
        out.push(
          `- ${where(e, multi)}: ${phraseMarkdown(e.because)}${e.suggestion ? '; suggested monitor below' : ''}`,
        );
      if (list.length > LISTED) out.push(`- … and ${list.length - LISTED} more`);
      out.push('');
    }
  }
  if (r.ignored.length) {
    const shown = r.ignored
      .slice(0, LISTED)
      .map((i) => `${multi ? `${text(i.stack)}: ` : ''}${code(i.address)} (${phraseMarkdown(i.because)})`);
    out.push(
      `_Left out: ${shown.join(', ')}${r.ignored.length > LISTED ? `, and ${r.ignored.length - LISTED} more` : ''}._`,
      '',
    );
  }
  return out.join('\n').trimEnd();
}

/** A fenced code block holding `body` as it is. */
export function fenced(language: string, body: string): string {
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${body.replace(/\n$/, '')}\n${fence}`;
}

/** The uncovered endpoints with a suggestion, each suggestion once (the instances of a module's endpoint share one),
 *  with how many endpoints it is for. */
export function distinctSuggestions(r: CoverageReview): { e: CoverageEndpoint; count: number }[] {
  const out = new Map<NonNullable<CoverageEndpoint['suggestion']>, { e: CoverageEndpoint; count: number }>();
  for (const e of r.endpoints) {
    if (!e.suggestion) continue;
    const seen = out.get(e.suggestion);
    if (seen) seen.count++;
    else out.set(e.suggestion, { e, count: 1 });
  }
  return [...out.values()];
}

/** One collapsible section per suggested monitor (an uncovered endpoint, or a module's endpoint in all its instances). */
export function suggestionSections(r: CoverageReview, multi: boolean): string[] {
  return distinctSuggestions(r).map(({ e, count }, n) => {
    const s = e.suggestion!;
    const stack = multi ? `${html(e.stack)}: ` : '';
    const more =
      count > 1 && s.module ? ` and ${count - 1} more of <code>${escapeHtml(s.module)}</code>` : '';
    return [
      ...(n ? [] : ['', '### Suggested monitors', '']),
      `<details><summary>Suggested monitor for ${stack}<code>${escapeHtml(e.address)}</code>${more}</summary>`,
      '',
      s.module ? `In the module ${code(s.module)} (module-relative references):` : 'HCL:',
      '',
      fenced('hcl', s.hcl),
      '',
      'CDKTF:',
      '',
      fenced('ts', s.cdktf),
      '',
      '</details>',
      '',
    ].join('\n');
  });
}
