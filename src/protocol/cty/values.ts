// JavaScript representation of cty values:
//   null -> null; unknown -> the `unknown` sentinel; string -> string; bool -> boolean;
//   number -> number (exact float64/safe integer) | bigint (integer beyond 2^53) | Decimal (anything else, exact);
//   list/set/tuple -> array; map/object -> plain object; dynamic -> { type, value } (DynamicVal).
import type { CtyType } from './types.js';

/** An unknown value ("known after apply"). Refinements received from Terraform are dropped. */
export const unknown: unique symbol = Symbol.for('uptime.cty.unknown');
export type Unknown = typeof unknown;
export const isUnknown = (v: unknown): v is Unknown => v === unknown;

/** A number that neither a float64 nor a bigint holds exactly, kept as its canonical decimal string. */
export class Decimal {
  constructor(readonly value: string) {
    if (!/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/.test(value)) throw new Error(`not a canonical decimal: ${value}`);
  }
  toString(): string {
    return this.value;
  }
  toJSON(): string {
    return this.value;
  }
}

export type CtyNumber = number | bigint | Decimal;

export interface DynamicVal {
  type: CtyType;
  value: CtyValue;
}

export type CtyValue =
  null | Unknown | string | boolean | CtyNumber | CtyValue[] | { [key: string]: CtyValue } | DynamicVal;

/** Canonical decimal text of a number value (for exact comparison and string encoding). */
export function numberToString(n: CtyNumber): string {
  if (n instanceof Decimal) return n.value;
  if (typeof n === 'bigint') return n.toString();
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : n < 0 ? '-Infinity' : 'NaN';
  return normaliseDecimal(expandExponent(String(n)));
}

function expandExponent(s: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', expS] = m;
  const exp = Number(expS);
  let digits = int! + frac;
  let point = int!.length + exp;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) digits = digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function normaliseDecimal(s: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new Error(`invalid number ${JSON.stringify(s)}`);
  const sign = m[1] ?? '';
  let int = m[2] || '0';
  let frac = m[3] ?? '';
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  const out = frac ? `${int}.${frac}` : int;
  return out === '0' ? '0' : (sign === '-' ? '-' : '') + out;
}

/**
 * Parses decimal text (as cty sends when a number is neither an int64 nor an exact float64) without loss:
 * a number when float64 holds it exactly, a bigint for other integers, else a Decimal.
 */
const SAFE_INTEGER_TEXT = /^-?(?:0|[1-9]\d{0,14})$/; // at most 15 digits: always a safe integer

export function parseNumber(text: string): CtyNumber {
  if (SAFE_INTEGER_TEXT.test(text)) return Number(text) || 0; // the common case; -0 is 0 as below
  const t = text.trim();
  if (/^[+-]?inf(inity)?$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t))
    throw new Error(`invalid number ${JSON.stringify(text)}`);
  const canonical = normaliseDecimal(expandExponent(t.replace(/^\+/, '').replace(/^(-?)\./, '$10.')));
  if (!canonical.includes('.')) {
    const big = BigInt(canonical);
    if (big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(big);
    return big;
  }
  const f = Number(canonical);
  if (Number.isFinite(f) && numberToString(f) === canonical) return f;
  return new Decimal(canonical);
}

export function isNumberValue(v: unknown): v is CtyNumber {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof Decimal;
}

/** Deep equality of two values of the same type (sets compared without order). Unknown equals only unknown. */
export function valueEquals(t: CtyType, a: CtyValue, b: CtyValue): boolean {
  if (a === null || b === null || a === unknown || b === unknown) return a === b;
  switch (t.kind) {
    case 'number':
      return numberToString(a as CtyNumber) === numberToString(b as CtyNumber);
    case 'string':
    case 'bool':
      return a === b;
    case 'list':
    case 'tuple': {
      const x = a as CtyValue[];
      const y = b as CtyValue[];
      if (x.length !== y.length) return false;
      return x.every((e, i) => valueEquals(t.kind === 'list' ? t.element : t.elements[i]!, e, y[i]!));
    }
    case 'set': {
      const x = a as CtyValue[];
      const y = b as CtyValue[];
      if (x.length !== y.length) return false;
      return x.every((e) => y.some((f) => valueEquals(t.element, e, f)));
    }
    case 'map': {
      const x = a as Record<string, CtyValue>;
      const y = b as Record<string, CtyValue>;
      const kx = Object.keys(x);
      if (kx.length !== Object.keys(y).length) return false;
      return kx.every((k) => k in y && valueEquals(t.element, x[k]!, y[k]!));
    }
    case 'object': {
      const x = a as Record<string, CtyValue>;
      const y = b as Record<string, CtyValue>;
      return Object.entries(t.attributes).every(([k, at]) => valueEquals(at, x[k] ?? null, y[k] ?? null));
    }
    case 'dynamic': {
      const x = a as DynamicVal;
      const y = b as DynamicVal;
      return JSON.stringify(x.type) === JSON.stringify(y.type) && valueEquals(x.type, x.value, y.value);
    }
  }
}

/** True when the value contains no unknown anywhere. */
export function isWhollyKnown(t: CtyType, v: CtyValue): boolean {
  if (v === unknown) return false;
  if (v === null) return true;
  switch (t.kind) {
    case 'list':
    case 'set':
      return (v as CtyValue[]).every((e) => isWhollyKnown(t.element, e));
    case 'tuple':
      return (v as CtyValue[]).every((e, i) => isWhollyKnown(t.elements[i]!, e));
    case 'map':
      return Object.values(v as Record<string, CtyValue>).every((e) => isWhollyKnown(t.element, e));
    case 'object':
      return Object.entries(t.attributes).every(([k, at]) =>
        isWhollyKnown(at, (v as Record<string, CtyValue>)[k] ?? null),
      );
    case 'dynamic':
      return isWhollyKnown((v as DynamicVal).type, (v as DynamicVal).value);
    default:
      return true;
  }
}
