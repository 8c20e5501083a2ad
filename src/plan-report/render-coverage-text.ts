// The coverage section of the text report (inside Atlantis' ```diff block): `#` headings, `!` for what is not
// covered, `+` before each line of a suggested monitor (an addition to the configuration). Addresses keep their
// characters with invisible ones escaped, values are quoted by the one quoting rule, and every line starts with its
// marker, so nothing from a name ends the block.
import type { CoverageReview, Phrase } from '../coverage/index.js';
import { distinctSuggestions, LISTED, STATUS_ORDER, STATUS_TITLE } from './render-coverage.js';
import { clean, quote } from './render-text.js';

export function phraseText(p: Phrase): string {
  return p.map((x) => (typeof x === 'string' ? clean(x) : quote(x.code))).join('');
}

const MARK = { uncovered: '!', unknown: '#', covered: '#', 'not-public': '#' } as const;

/** Head lines: counts, and the endpoints per status. */
export function coverageTextLines(r: CoverageReview, multi: boolean): string[] {
  const counts = STATUS_ORDER.map((s) => [s, r.endpoints.filter((e) => e.status === s).length] as const)
    .filter(([, n]) => n)
    .map(([s, n]) => `${s} ${n}`);
  const out = [
    `# Monitoring coverage: ${counts.length ? counts.join(', ') : 'no public endpoint of the catalogue is created or changed'}`,
  ];
  for (const s of STATUS_ORDER) {
    const list = r.endpoints.filter((e) => e.status === s);
    if (!list.length) continue;
    const m = MARK[s];
    out.push(`${m} ${STATUS_TITLE[s]} (${list.length})`);
    for (const e of list.slice(0, LISTED))
      out.push(
        `${m}   ${multi ? `${quote(e.stack)}: ` : ''}${clean(e.address)} (${clean(e.what)}` +
          `${e.hostnames[0] ? ` ${quote(e.hostnames[0])}` : ''}): ${phraseText(e.because)}`,
      );
    if (list.length > LISTED) out.push(`${m}   … and ${list.length - LISTED} more`);
  }
  for (const i of r.ignored.slice(0, LISTED))
    out.push(
      `#   left out: ${multi ? `${quote(i.stack)}: ` : ''}${clean(i.address)} (${phraseText(i.because)})`,
    );
  if (r.ignored.length > LISTED) out.push(`#   … and ${r.ignored.length - LISTED} more left out`);
  return out;
}

/** One section per suggested monitor (the instances of a module's endpoint share one), each line an addition. */
export function suggestionTextSections(r: CoverageReview, multi: boolean): string[][] {
  return distinctSuggestions(r).map(({ e, count }) => {
    const s = e.suggestion!;
    const lines = (body: string) =>
      body
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => `+ ${l}`);
    return [
      '#',
      `# Suggested monitor for ${multi ? `${quote(e.stack)}: ` : ''}${clean(e.address)}` +
        `${count > 1 ? ` and ${count - 1} more` : ''}` +
        `${s.module ? ` (in ${clean(s.module)}, module-relative references)` : ''}`,
      ...lines(s.hcl),
      '# CDKTF:',
      ...lines(s.cdktf),
    ];
  });
}
