// Secret redaction. Every secret the client learns (the token, header values, passwords) is registered here
// so that any text that leaves the client (error messages, kept response bodies, log events) can be scrubbed.
import { dict, isSecretField, isWriteOnlyField, SECRET_MARKERS } from '../api/index.js';

export const REDACTED = SECRET_MARKERS.log;

/** Short values would redact ordinary words; they are still never logged or kept by construction. */
const MIN_SECRET_LENGTH = 4;

/** `text` with every occurrence of each secret replaced by `[REDACTED]` (longest secrets first). */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  const list = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const s of list) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

export class SecretSet {
  private readonly secrets = new Set<string>();

  add(value: string | null | undefined): void {
    if (value && value.length >= MIN_SECRET_LENGTH) this.secrets.add(value);
  }

  /** Adds every secret a write body carries: the values of its write-only fields (header values, the basic-auth
   *  password; `WRITE_ONLY_FIELDS`, src/api/secrets.ts), at any depth. */
  addFromBody(body: unknown): void {
    if (Array.isArray(body)) for (const v of body) this.addFromBody(v);
    else if (body && typeof body === 'object')
      for (const [k, v] of Object.entries(body)) {
        if (typeof v === 'string') {
          if (isWriteOnlyField(k)) this.add(v);
        } else this.addFromBody(v);
      }
  }

  redact(text: string): string {
    return redact(text, this.secrets);
  }

  /**
   * A parsed JSON value with every registered secret scrubbed from its strings and keys. Works on the parsed
   * value (not its JSON text), so a secret holding characters JSON escapes (quotes, backslashes) is found too.
   */
  redactDeep(value: unknown): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (Array.isArray(value)) return value.map((v) => this.redactDeep(v));
    if (value && typeof value === 'object') {
      const out = dict<unknown>();
      for (const [k, v] of Object.entries(value)) out[this.redact(k)] = this.redactDeep(v);
      return out;
    }
    return value;
  }
}

/** Bodies sent to the API, as they may appear in logs: secret fields replaced whatever their value. */
export function redactBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactBody);
  if (!body || typeof body !== 'object') return body;
  const out = dict<unknown>();
  for (const [k, v] of Object.entries(body)) {
    out[k] = isSecretField(k) && v != null ? REDACTED : redactBody(v);
  }
  return out;
}
