// Secret redaction. Every secret the client learns (the token, header values, passwords) is registered here
// so that any text that leaves the client (error messages, kept response bodies, log events) can be scrubbed.

export const REDACTED = '[REDACTED]';

export class SecretSet {
  private readonly secrets = new Set<string>();

  add(value: string | null | undefined): void {
    // Very short values would redact ordinary words; they are still never logged by construction.
    if (value && value.length >= 4) this.secrets.add(value);
  }

  /** Adds every secret a monitor write body carries: header values and the basic-auth password. */
  addFromBody(body: unknown): void {
    if (!body || typeof body !== 'object') return;
    const b = body as { requestHeaders?: { value?: unknown }[]; authConfig?: { password?: unknown } };
    for (const h of b.requestHeaders ?? []) if (typeof h?.value === 'string') this.add(h.value);
    if (typeof b.authConfig?.password === 'string') this.add(b.authConfig.password);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  }
}

/** Bodies sent to the API, as they may appear in logs: secret fields replaced whatever their value. */
export function redactBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactBody);
  if (!body || typeof body !== 'object') return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    out[k] = /^(value|password|token|secret|authorization)$/i.test(k) && v != null ? REDACTED : redactBody(v);
  }
  return out;
}
