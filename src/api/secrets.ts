// Secrets in the v1 API and how our outputs hide them: the one list of secret fields (the client's redaction, the
// local service's views, the provider's mapping, `uptimectl import`) and the markers that stand in for a secret.

/**
 * Fields written but never read back: a request header's `value` and basic auth's `password`. A view answers
 * `<field>Set: boolean` in their place (`valueSet`, `passwordSet`; docs/api-decisions.md).
 */
export const WRITE_ONLY_FIELDS = ['value', 'password'] as const;
export type WriteOnlyField = (typeof WRITE_ONLY_FIELDS)[number];

/**
 * A write field that holds a write-only secret: a list whose items are named by `key` (matched exactly, else ignoring case), or
 * one object whose `key` says which kind it is (`kinds`: the fields each kind uses, and those it requires). A write
 * that leaves the secret (or another field) out keeps the saved one: of the item with the same name, or of a saved
 * object of the same kind; a view shows `<secret>Set` instead of the secret.
 */
export interface SecretBlock {
  nesting: 'list' | 'single';
  key: string;
  secret: WriteOnlyField;
  kinds?: Readonly<Record<string, { uses: readonly string[]; requires?: readonly string[] }>>;
}

/**
 * Every field name that holds a secret in a body: the write-only fields, API tokens (`token`, `authorization`)
 * and webhook signing secrets (`secret`). Compared case-insensitively.
 */
export const SECRET_FIELDS = [...WRITE_ONLY_FIELDS, 'token', 'secret', 'authorization'] as const;

const SECRET_NAMES = new Set<string>(SECRET_FIELDS);

/** True when a body field of this name holds a secret (`Password`, `token`, …). */
export const isSecretField = (name: string): boolean => SECRET_NAMES.has(name.toLowerCase());

/** True for a write-only field (`value`, `password`). */
export const isWriteOnlyField = (name: string): name is WriteOnlyField =>
  (WRITE_ONLY_FIELDS as readonly string[]).includes(name);

/** The flag a view shows in place of a write-only field: `value` → `valueSet`. */
export const savedFlag = <F extends WriteOnlyField>(field: F): `${F}Set` => `${field}Set`;

/** Whether a view says the write-only field has a saved value (`{ valueSet: true }`). */
export function isSaved(view: object | null | undefined, field: WriteOnlyField): boolean {
  return (view as Record<string, unknown> | null | undefined)?.[savedFlag(field)] === true;
}

/**
 * What stands in for a hidden secret. Three wordings, each for the place it is read in:
 * - `value`: a whole attribute value replaced where Terraform would show it (the provider's log of a planned or
 *   stored value), in Terraform's own wording. The framework spells it in src/protocol/framework/redact.ts
 *   (src/protocol depends on nothing of ours); test/api/rules.test.ts holds the two equal.
 * - `report`: a secret scrubbed out of the text of a pull-request report (Markdown: no brackets).
 * - `log`: a secret scrubbed out of the client's error messages, kept response bodies and log events.
 */
export const SECRET_MARKERS = {
  value: '(sensitive value)',
  report: '(sensitive value hidden)',
  log: '[REDACTED]',
} as const;
