// Record maps keyed by outside input (ids from paths, bodies, queries, seed files, persisted state): null-prototype
// objects, so an id such as `__proto__`, `constructor` or `toString` is just a key. A lookup never reaches an
// inherited member and an assignment never reaches the prototype every object shares. Kept as plain objects (not
// `Map`) so the state stays JSON as it is written to --data-dir.

/** A record map whose keys are data: no prototype, so no inherited members. */
export type Dict<T> = Record<string, T>;

/** A new record map, optionally filled from another object's own enumerable entries (or from pairs). */
export function dict<T>(from?: Readonly<Record<string, T>> | Iterable<readonly [string, T]>): Dict<T> {
  const out = Object.create(null) as Dict<T>;
  if (!from) return out;
  const entries = Symbol.iterator in from ? from : Object.entries(from);
  for (const [k, v] of entries as Iterable<readonly [string, T]>) out[k] = v;
  return out;
}

/** True when `key` is one of the object's own records (never an inherited member such as `constructor`). */
export const hasRecord = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** The object's own record under `key`, else undefined (safe on objects that do have a prototype). */
export function recordOf<T>(o: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasRecord(o, key) ? o[key] : undefined;
}
