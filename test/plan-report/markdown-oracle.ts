// The comment read the way GitHub reads it: our own tags and code (spans, <code> elements, fenced blocks) are inert,
// everything else is text GitHub post-processes into mentions, references, links, HTML and math.
/** The comment without its code: fenced blocks, <code> elements, and code spans the way CommonMark finds them (a
 *  backtick run closed by a run of the same length). */
export function withoutCode(md: string): string {
  // Fenced code blocks (a run of 3 or more backticks at a line start, closed by a run at least as long).
  let out = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1`*[ \t]*$/gm, ' ');
  out = out.replace(/<code>[\s\S]*?<\/code>/g, ' ');
  out = out.replace(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, ' ');
  return out;
}

/** Everything GitHub would turn into a mention, reference, link or HTML, as a list of findings. */
export function liveMarkup(md: string): string[] {
  const found: string[] = [];
  let s = withoutCode(md)
    .replace('<!-- uptimectl:plan-report -->', '')
    .replace(/<\/?(details|summary|b)>/g, '');
  for (const m of s.matchAll(/(?<!\\)<[A-Za-z/!?][^>\n]*>?/g)) found.push(`HTML ${m[0]}`);
  for (const m of s.matchAll(/(?<!\\)\[[^\]\n]*(?<!\\)\]\(/g)) found.push(`link ${m[0]}`);
  // Math delimiters are raw dollars: an entity (`&#36;`) or an escaped one is text.
  for (const m of s.matchAll(/(?<!\\)\$+/g)) found.push(`math ${m[0]}`);
  // What GitHub sees after Markdown: escapes and entities resolved.
  s = s
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&(#\d+|amp|lt|gt|quot|commat);/g, (_m, e: string) =>
      e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : { amp: '&', lt: '<', gt: '>', quot: '"', commat: '@' }[e]!,
    );
  for (const m of s.matchAll(/(?<![\w`])@[A-Za-z0-9][\w-]*(\/[\w-]+)?/g)) found.push(`mention ${m[0]}`);
  for (const m of s.matchAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)) found.push(`email ${m[0]}`);
  for (const m of s.matchAll(/(?<![\w&])#\d+|\bGH-\d+/gi)) found.push(`reference ${m[0]}`);
  for (const m of s.matchAll(/\bhttps?:\/\/|\bwww\./gi)) found.push(`autolink ${m[0]}`);
  return found;
}

export const visible = (md: string) => md.replace(/\u200b/g, '');
