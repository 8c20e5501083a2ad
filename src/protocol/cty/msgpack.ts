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
  constructor(
    message: string,
    readonly path: (string | number)[] = [],
  ) {
    super(path.length ? `${formatPath(path)}: ${message}` : message);
  }
}

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
  return encoder.encode(toWire(t, v, []));
}

/** Decodes msgpack bytes as a value of type `t`. Empty input means null (Terraform's rule). */
export function decodeMsgpack(t: CtyType, bytes: Uint8Array | undefined | null): CtyValue {
  if (!bytes || bytes.length === 0) return null;
  const raw = decoder.decode(bytes);
  return fromWire(t, raw, []);
}

function toWire(t: CtyType, v: CtyValue, path: (string | number)[]): unknown {
  if (v === null || v === undefined) return null;
  if (v === unknown) return UNKNOWN_EXT;
  switch (t.kind) {
    case 'string':
      if (typeof v !== 'string') throw new CtyCodecError(`expected string, got ${describe(v)}`, path);
      return v.normalize('NFC');
    case 'bool':
      if (typeof v !== 'boolean') throw new CtyCodecError(`expected bool, got ${describe(v)}`, path);
      return v;
    case 'number':
      if (!isNumberValue(v)) throw new CtyCodecError(`expected number, got ${describe(v)}`, path);
      return numberToWire(v, path);
    case 'list':
    case 'set':
      if (!Array.isArray(v)) throw new CtyCodecError(`expected ${t.kind}, got ${describe(v)}`, path);
      return v.map((e, i) => toWire(t.element, e, [...path, i]));
    case 'tuple':
      if (!Array.isArray(v) || v.length !== t.elements.length)
        throw new CtyCodecError(`expected tuple of ${t.elements.length}, got ${describe(v)}`, path);
      return v.map((e, i) => toWire(t.elements[i]!, e, [...path, i]));
    case 'map': {
      if (!isPlainObject(v)) throw new CtyCodecError(`expected map, got ${describe(v)}`, path);
      const m = v as Record<string, CtyValue>;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(m).sort()) out[k] = toWire(t.element, m[k]!, [...path, k]);
      return out;
    }
    case 'object': {
      if (!isPlainObject(v)) throw new CtyCodecError(`expected object, got ${describe(v)}`, path);
      const o = v as Record<string, CtyValue | undefined>;
      for (const k of Object.keys(o))
        if (!(k in t.attributes)) throw new CtyCodecError(`unsupported attribute "${k}"`, path);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(t.attributes).sort())
        out[k] = toWire(t.attributes[k]!, o[k] ?? null, [...path, k]);
      return out;
    }
    case 'dynamic': {
      const d = v as DynamicVal;
      if (!d || typeof d !== 'object' || !('type' in d))
        throw new CtyCodecError(`expected a dynamic value {type, value}`, path);
      if (d.value === unknown) return UNKNOWN_EXT;
      return [Buffer.from(JSON.stringify(typeToJSON(d.type))), toWire(d.type, d.value, path)];
    }
  }
}

function numberToWire(n: number | bigint | Decimal, path: (string | number)[]): unknown {
  if (typeof n === 'number') {
    if (Number.isNaN(n)) throw new CtyCodecError('NaN is not a valid number', path);
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

function fromWire(t: CtyType, raw: unknown, path: (string | number)[]): CtyValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) return unknown; // type 0, 12 (refined) or any other: unknown
  switch (t.kind) {
    case 'string':
      if (typeof raw === 'string') return raw.normalize('NFC');
      if (raw instanceof Uint8Array) return Buffer.from(raw).toString('utf8').normalize('NFC');
      throw new CtyCodecError(`string required, got ${describe(raw)}`, path);
    case 'bool':
      if (typeof raw !== 'boolean') throw new CtyCodecError(`bool required, got ${describe(raw)}`, path);
      return raw;
    case 'number':
      if (typeof raw === 'number') return raw;
      if (typeof raw === 'bigint') return bigintToNumber(raw);
      if (typeof raw === 'string') {
        try {
          return parseNumber(raw);
        } catch (e) {
          throw new CtyCodecError((e as Error).message, path);
        }
      }
      throw new CtyCodecError(`number required, got ${describe(raw)}`, path);
    case 'list':
    case 'set':
      if (!Array.isArray(raw)) throw new CtyCodecError(`${t.kind} required, got ${describe(raw)}`, path);
      return raw.map((e, i) => fromWire(t.element, e, [...path, i]));
    case 'tuple':
      if (!Array.isArray(raw) || raw.length !== t.elements.length)
        throw new CtyCodecError(`tuple of ${t.elements.length} required`, path);
      return raw.map((e, i) => fromWire(t.elements[i]!, e, [...path, i]));
    case 'map': {
      if (!isPlainObject(raw)) throw new CtyCodecError(`map required, got ${describe(raw)}`, path);
      const out: Record<string, CtyValue> = {};
      for (const [k, e] of Object.entries(raw)) out[k] = fromWire(t.element, e, [...path, k]);
      return out;
    }
    case 'object': {
      if (!isPlainObject(raw)) throw new CtyCodecError(`object required, got ${describe(raw)}`, path);
      const want = Object.keys(t.attributes);
      const got = Object.keys(raw);
      for (const k of got)
        if (!(k in t.attributes)) throw new CtyCodecError(`unsupported attribute "${k}"`, path);
      if (got.length !== want.length)
        throw new CtyCodecError(
          `an object with ${want.length} attributes is required (${got.length} given)`,
          path,
        );
      const out: Record<string, CtyValue> = {};
      for (const k of want) out[k] = fromWire(t.attributes[k]!, raw[k], [...path, k]);
      return out;
    }
    case 'dynamic': {
      if (!Array.isArray(raw) || raw.length !== 2)
        throw new CtyCodecError('dynamic value must be a [type, value] pair', path);
      const typeBytes = raw[0] instanceof Uint8Array ? Buffer.from(raw[0]).toString('utf8') : String(raw[0]);
      const dt = typeFromJSON(JSON.parse(typeBytes));
      return { type: dt, value: fromWire(dt, raw[1], path) };
    }
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
