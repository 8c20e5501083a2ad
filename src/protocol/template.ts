// Text from outside (what the service calls a monitor, a header, a destination) in generated Terraform configuration.
// A quoted string in HCL, and every string value of Terraform JSON (what cdktf synthesizes), is a template: `${` starts
// an interpolation and `%{` a directive, which Terraform evaluates at plan time; `$${` and `%%{` stand for the literal
// characters. `escapeTemplate` keeps such text a literal, as Terraform's own generator does (hclwrite doubles `$` and
// `%` before `{`); `templateLiteral` reads a template back the way Terraform's scanner does. Characters a reader
// cannot see (controls, line and paragraph separators, bidirectional overrides, non-ASCII spaces: everything Go's
// unicode.IsPrint refuses, as hclwrite) are written as escapes.

/** `${` → `$${`, `%{` → `%%{`: the string as a template whose value is the string itself. */
export function escapeTemplate(s: string): string {
  return s.replace(/([$%])\{/g, (_m, c: string) => `${c}${c}{`);
}

/**
 * The value of a template that holds no interpolation or directive (`$${` → `${`, `%%{` → `%{`); undefined when it
 * holds one (its value is an expression, known only to Terraform).
 */
export function templateLiteral(s: string): string | undefined {
  if (!s.includes('{')) return s;
  let out = '';
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if ((c === '$' || c === '%') && s[i + 1] === c && s[i + 2] === '{') {
      out += `${c}{`;
      i += 3;
    } else if ((c === '$' || c === '%') && s[i + 1] === '{') return undefined;
    else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Every character but the ASCII space that is a control, format, separator, surrogate, private-use or unassigned
 *  code point (Unicode categories C and Z). */
const INVISIBLE = /[^\P{C}]|[^\P{Z} ]/gu;

/** `s` with each invisible character replaced by `escape(codePoint)` (and CR, LF, tab by `\r`, `\n`, `\t`). */
export function escapeInvisible(s: string, escape: (codePoint: number) => string): string {
  return s.replace(INVISIBLE, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return escape(c.codePointAt(0)!);
  });
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** `\uXXXX`, or `\UXXXXXXXX` beyond the BMP: HCL's escapes. */
export const hclEscape = (cp: number): string => (cp > 0xffff ? `\\U${hex(cp, 8)}` : `\\u${hex(cp, 4)}`);

/** `\uXXXX`, or `\u{XXXXX}` beyond the BMP: JavaScript's escapes. */
export const jsEscape = (cp: number): string => (cp > 0xffff ? `\\u{${hex(cp, 1)}}` : `\\u${hex(cp, 4)}`);

/**
 * Text for a one-line comment of generated code (`#` in HCL, `//` in TypeScript): nothing from outside can end the
 * comment (CR, LF, U+2028, U+2029 end a JavaScript comment) or hide what follows it.
 */
export function commentText(s: string): string {
  return escapeInvisible(s, jsEscape);
}

/** An HCL string literal holding exactly `s`: quotes, backslashes, invisible characters and template sequences
 *  escaped (the quoting Terraform itself gives an instance key, `aws_lb.web["a"]`). */
export function hclString(s: string): string {
  const body = escapeInvisible(s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'), hclEscape);
  return `"${escapeTemplate(body)}"`;
}

/** Text from outside quoted for a message (a diagnostic, a log line): JSON quoting, invisible characters escaped. */
export function quotedText(s: string): string {
  return escapeInvisible(JSON.stringify(s), jsEscape);
}
