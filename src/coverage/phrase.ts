// The words of a finding (why it has its status): our text, and values from the configuration kept apart, so each
// format shows the values as data (Markdown: code spans; text and JSON: quoted by the one quoting rule).

/** Our own words, and `{ code }` for a value from the configuration (an address, a setting, a hostname). */
export type Phrase = (string | { code: string })[];

/** The phrase as one line, values quoted as JSON strings (what the JSON report and logs carry). */
export function phraseText(p: Phrase, quote: (s: string) => string = (s) => JSON.stringify(s)): string {
  return p.map((x) => (typeof x === 'string' ? x : quote(x.code))).join('');
}
