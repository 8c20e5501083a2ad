// How the local service keeps the blocks that hold a secret (MONITOR_SECRET_BLOCKS, src/api/monitor.ts): a write is
// merged with what is saved (a field left out keeps the saved value of the item with the same name, exactly or else
// ignoring case, or of a saved block of the same kind; a kind's unused fields are cleared; its required fields must
// be there, written or saved), and a view shows `<secret>Set` instead of the secret (the one rule:
// WRITE_ONLY_FIELDS, src/api/secrets.ts).
import type { ErrorDetail, SecretBlock } from '../api/index.js';
import { isWriteOnlyField, savedFlag } from '../api/index.js';

type Values = Record<string, unknown>;

const sameKey = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** A record's fields with each write-only one replaced by its flag (`value` → `valueSet`); nulls left out. */
export function hideSecrets<T extends object>(o: T): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(o)) {
    if (isWriteOnlyField(k)) out[savedFlag(k)] = v !== null && v !== undefined;
    else if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

/** The saved item a written one continues: the same name exactly, else ignoring case (names that differ only in
 *  case are different items), at the same position when that one has it, else the first that has it. */
function continued(key: string, saved: Values[], item: Values, i: number): Values | undefined {
  for (const same of [(a: unknown, b: unknown) => a === b, sameKey]) {
    if (saved[i] && same(saved[i][key], item[key])) return saved[i];
    const found = saved.find((s) => same(s[key], item[key]));
    if (found) return found;
  }
  return undefined;
}

/** One list item as stored: the written fields, its secret written or else the saved item's (null: none). */
function storedItem(decl: SecretBlock, saved: Values[], item: Values, i: number): Values {
  const old = continued(decl.key, saved, item, i);
  return { ...item, [decl.secret]: item[decl.secret] ?? old?.[decl.secret] ?? null };
}

/** The block `field` as stored after a write of `input` over `saved`, or the detail of a required field missing. */
export function mergeSecretBlock(
  decl: SecretBlock,
  field: string,
  saved: Values | Values[],
  input: Values | Values[],
): { stored: Values | Values[] } | { problem: ErrorDetail } {
  if (Array.isArray(input))
    return { stored: input.map((item, i) => storedItem(decl, Array.isArray(saved) ? saved : [], item, i)) };
  const old = Array.isArray(saved) ? {} : saved;
  const kind = input[decl.key];
  const rules = typeof kind === 'string' ? decl.kinds?.[kind] : undefined;
  const fields = new Set([decl.secret, ...Object.values(decl.kinds ?? {}).flatMap((k) => k.uses)]);
  const out: Values = { [decl.key]: kind };
  for (const f of fields) {
    const kept = sameKey(old[decl.key], kind) ? old[f] : null;
    out[f] = rules && !rules.uses.includes(f) ? null : (input[f] ?? kept ?? null);
  }
  for (const f of rules?.requires ?? [])
    if (out[f] === null)
      return {
        problem: {
          field: `${field}.${f}`,
          rule: 'required',
          message: `${field}.${f} is required when ${field}.${decl.key} is ${JSON.stringify(kind)}`,
        },
      };
  return { stored: out };
}
