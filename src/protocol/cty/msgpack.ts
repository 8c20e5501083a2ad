// DynamicValue msgpack codec, driven by the schema type (never by the JS value's shape): every object gets
// exactly its type's keys, unknown is emitted as fixext1 type 0 (`d4 00 00`) and any extension type is read
// as unknown, numbers never lose precision or wrap.
import { Decoder, Encoder, ExtData } from '@msgpack/msgpack';
import { typeFromJSON, typeName, typeToJSON, type CtyType } from './types.js';
import {
  Decimal,
  isNumberValue,
  numberToString,
  parseNumber,
  unknown,
  type CtyValue,
  type DynamicVal,
} from './values.js';

export class CtyCodecError extends Error {
  /** The message without the path. */
  readonly reason: string;
  readonly path: (string | number)[];
  constructor(message: string, path: (string | number)[] = []) {
    super(path.length ? `${formatPath(path)}: ${message}` : message);
    this.reason = message;
    this.path = [...path];
  }

  /** The same error one level further out (`seg` is the attribute, key or index that held the bad value). */
  within(seg: string | number): this {
    this.path.unshift(seg);
    this.message = `${formatPath(this.path)}: ${this.reason}`;
    return this;
  }
}

/** Rethrows `err` with `seg` prepended to its path (paths are built only when something fails). */
export function rethrowWithin(err: unknown, seg: string | number): never {
  throw err instanceof CtyCodecError ? err.within(seg) : err;
}

/** An object type's attribute names, sorted as cty sorts them; computed once per type. */
const sortedKeysCache = new WeakMap<Record<string, CtyType>, string[]>();
export function sortedAttributeNames(attributes: Record<string, CtyType>): string[] {
  let keys = sortedKeysCache.get(attributes);
  if (!keys) {
    keys = Object.keys(attributes).sort();
    sortedKeysCache.set(attributes, keys);
  }
  return keys;
}

/** An object type's attribute names in declaration order (the order decoded objects get); computed once per type. */
const namesCache = new WeakMap<Record<string, CtyType>, string[]>();
export function attributeNames(attributes: Record<string, CtyType>): string[] {
  let keys = namesCache.get(attributes);
  if (!keys) {
    keys = Object.keys(attributes);
    namesCache.set(attributes, keys);
  }
  return keys;
}

/** out[k] = v, where a key "__proto__" is an own property like any other (never the prototype setter). */
export function setKey(out: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;
/** Unicode NFC, as cty normalizes every string; ASCII (nearly every string) is already NFC. */
export const nfc = (s: string): string => (ASCII.test(s) ? s : s.normalize('NFC'));

export function formatPath(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;
const UNKNOWN_EXT = new ExtData(0, new Uint8Array([0]));

// One encoder and decoder per process (each call of msgpack's encode()/decode() would build new ones, with fresh
// buffers and key caches: a tenth of an RPC's time). Both are re-entrant and encode() returns a copy.
const encoder = new Encoder({ useBigInt64: true, sortKeys: false });
const decoder = new Decoder({ useBigInt64: true });

/** Encodes a value of type `t` to msgpack bytes. */
export function encodeMsgpack(t: CtyType, v: CtyValue): Uint8Array {
  return encoder.encode(toWire(t, v));
}

/** Decodes msgpack bytes as a value of type `t`. Empty input means null (Terraform's rule). */
export function decodeMsgpack(t: CtyType, bytes: Uint8Array | undefined | null): CtyValue {
  if (!bytes || bytes.length === 0) return null;
  const raw = decoder.decode(bytes);
  return fromWire(t, raw);
}

function toWire(t: CtyType, v: CtyValue): unknown {
  if (v === null || v === undefined) return null;
  if (v === unknown) return UNKNOWN_EXT;
  switch (t.kind) {
    case 'string':
      if (typeof v !== 'string') throw new CtyCodecError(`expected string, got ${describe(v)}`);
      return nfc(v);
    case 'bool':
      if (typeof v !== 'boolean') throw new CtyCodecError(`expected bool, got ${describe(v)}`);
      return v;
    case 'number':
      if (!isNumberValue(v)) throw new CtyCodecError(`expected number, got ${describe(v)}`);
      return numberToWire(v);
    case 'list':
    case 'set':
      if (!Array.isArray(v)) throw new CtyCodecError(`expected ${t.kind}, got ${describe(v)}`);
      return v.map((e, i) => elementToWire(t.element, e, i));
    case 'tuple':
      if (!Array.isArray(v) || v.length !== t.elements.length)
        throw new CtyCodecError(`expected tuple of ${t.elements.length}, got ${describe(v)}`);
      return v.map((e, i) => elementToWire(t.elements[i]!, e, i));
    case 'map': {
      if (!isPlainObject(v)) throw new CtyCodecError(`expected map, got ${describe(v)}`);
      const m = v as Record<string, CtyValue>;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(m).sort()) setKey(out, k, elementToWire(t.element, m[k]!, k));
      return out;
    }
    case 'object': {
      if (!isPlainObject(v)) throw new CtyCodecError(`expected object, got ${describe(v)}`);
      const o = v as Record<string, CtyValue | undefined>;
      const attrs = t.attributes;
      for (const k in o)
        if (!Object.hasOwn(attrs, k)) throw new CtyCodecError(`unsupported attribute "${k}"`);
      const out: Record<string, unknown> = {};
      for (const k of sortedAttributeNames(attrs)) out[k] = elementToWire(attrs[k]!, o[k] ?? null, k);
      return out;
    }
    case 'dynamic': {
      const d = v as DynamicVal;
      if (!d || typeof d !== 'object' || !('type' in d))
        throw new CtyCodecError(`expected a dynamic value {type, value}`);
      if (d.value === unknown) return UNKNOWN_EXT;
      return [Buffer.from(JSON.stringify(typeToJSON(d.type))), toWire(d.type, d.value)];
    }
  }
}

function elementToWire(t: CtyType, v: CtyValue, seg: string | number): unknown {
  try {
    return toWire(t, v);
  } catch (err) {
    return rethrowWithin(err, seg);
  }
}

function numberToWire(n: number | bigint | Decimal): unknown {
  if (typeof n === 'number') {
    if (Number.isNaN(n)) throw new CtyCodecError('NaN is not a valid number');
    if (Number.isInteger(n) && !Number.isSafeInteger(n)) return BigInt(n); // exact integer in float64
    return n; // safe integer -> msgpack int, otherwise float64 (or ±Inf)
  }
  if (typeof n === 'bigint') {
    if (n >= INT64_MIN && n <= UINT64_MAX) {
      if (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n);
      return n; // int64/uint64 encodings, exact
    }
    return n.toString(); // beyond 64 bits: decimal string, as cty does
  }
  return numberToString(n);
}

function fromWire(t: CtyType, raw: unknown): CtyValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) return unknown; // type 0, 12 (refined) or any other: unknown
  switch (t.kind) {
    case 'string':
      if (typeof raw === 'string') return nfc(raw);
      if (raw instanceof Uint8Array) return nfc(Buffer.from(raw).toString('utf8'));
      throw new CtyCodecError(`string required, got ${describe(raw)}`);
    case 'bool':
      if (typeof raw !== 'boolean') throw new CtyCodecError(`bool required, got ${describe(raw)}`);
      return raw;
    case 'number':
      if (typeof raw === 'number') return raw;
      if (typeof raw === 'bigint') return bigintToNumber(raw);
      if (typeof raw === 'string') {
        try {
          return parseNumber(raw);
        } catch (e) {
          throw new CtyCodecError((e as Error).message);
        }
      }
      throw new CtyCodecError(`number required, got ${describe(raw)}`);
    case 'list':
    case 'set':
      if (!Array.isArray(raw)) throw new CtyCodecError(`${t.kind} required, got ${describe(raw)}`);
      return raw.map((e, i) => elementFromWire(t.element, e, i));
    case 'tuple':
      if (!Array.isArray(raw) || raw.length !== t.elements.length)
        throw new CtyCodecError(`tuple of ${t.elements.length} required`);
      return raw.map((e, i) => elementFromWire(t.elements[i]!, e, i));
    case 'map': {
      if (!isPlainObject(raw)) throw new CtyCodecError(`map required, got ${describe(raw)}`);
      const out: Record<string, CtyValue> = {};
      for (const k in raw) setKey(out, k, elementFromWire(t.element, raw[k], k));
      return out;
    }
    case 'object': {
      if (!isPlainObject(raw)) throw new CtyCodecError(`object required, got ${describe(raw)}`);
      const attrs = t.attributes;
      const want = attributeNames(attrs);
      let got = 0;
      for (const k in raw) {
        if (!Object.hasOwn(attrs, k)) throw new CtyCodecError(`unsupported attribute "${k}"`);
        got++;
      }
      if (got !== want.length)
        throw new CtyCodecError(`an object with ${want.length} attributes is required (${got} given)`);
      const out: Record<string, CtyValue> = {};
      for (const k of want) out[k] = elementFromWire(attrs[k]!, raw[k], k);
      return out;
    }
    case 'dynamic': {
      if (!Array.isArray(raw) || raw.length !== 2)
        throw new CtyCodecError('dynamic value must be a [type, value] pair');
      const typeBytes = raw[0] instanceof Uint8Array ? Buffer.from(raw[0]).toString('utf8') : String(raw[0]);
      const dt = typeFromJSON(JSON.parse(typeBytes));
      return { type: dt, value: fromWire(dt, raw[1]) };
    }
  }
}

function elementFromWire(t: CtyType, raw: unknown, seg: string | number): CtyValue {
  try {
    return fromWire(t, raw);
  } catch (err) {
    return rethrowWithin(err, seg);
  }
}

function bigintToNumber(b: bigint): number | bigint {
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}

function isPlainObject(v: unknown): v is Record<string, any> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Uint8Array) &&
    !(v instanceof Decimal)
  );
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v instanceof Uint8Array) return 'bytes';
  return typeof v;
}

export { typeName };
