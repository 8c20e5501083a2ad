// A resource address from Terraform's or OpenTofu's plan JSON (`module.a["x"].uptime_monitor.m[0]`) written again
// as an HCL traversal for an import block's `to`: string keys are re-quoted as HCL literals, so a key holding `${` or
// `%{` stays text (src/protocol/template.ts), never an expression. Both tools already write a key with HCL's quoting
// (addrs.StringKey: `$${`, `%%{`, `\uXXXX`; seen with Terraform 1.11), older Terraform with Go's %q: the key is read
// back to its text first, so it is escaped once, not twice.
import { hclString } from '../import/hcl.js';

const SEGMENT = /^\.?([A-Za-z_][A-Za-z0-9_-]*)/;

/** A quoted key as written in an address: HCL's quoting, or Go's %q (escapes JSON does not read). */
function unquote(q: string): string {
  const json = q
    .replace(/\\x([0-9a-fA-F]{2})/g, (_m, h: string) => `\\u00${h}`)
    .replace(/\\U([0-9a-fA-F]{8})/g, (_m, h: string) =>
      String.fromCodePoint(parseInt(h, 16))
        .split('')
        .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join(''),
    )
    .replace(/\\a/g, '\\u0007')
    .replace(/\\v/g, '\\u000b');
  // HCL's template escapes: `$${` and `%%{` are the text `${` and `%{` (a bare `${` is Go's %q, already text).
  return (JSON.parse(json) as string).replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{');
}

/** The address as HCL; throws on text that is not a resource address. */
export function hclAddress(address: string): string {
  let rest = address;
  let out = '';
  while (rest) {
    const name = SEGMENT.exec(rest);
    if (!name) throw new Error(`not a resource address: ${JSON.stringify(address)}`);
    out += (out ? '.' : '') + name[1];
    rest = rest.slice(name[0].length);
    for (;;) {
      const num = /^\[(\d+)\]/.exec(rest);
      const str = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
      if (num) {
        out += `[${num[1]}]`;
        rest = rest.slice(num[0].length);
      } else if (str) {
        out += `[${hclString(unquote(str[1]!))}]`;
        rest = rest.slice(str[0].length);
      } else break;
    }
  }
  return out;
}
