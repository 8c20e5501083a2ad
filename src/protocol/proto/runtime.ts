// The small runtime under the generated codecs (codecs.ts): protobufjs/minimal's Reader and Writer plus what it
// lacks for plain objects: exact int64 decimal strings both ways, bounded nested reads, map entries, enum tables and
// the type checks protobufjs's fromObject makes (same messages), so no reflection or code generation runs at launch.
import pb from 'protobufjs/minimal.js';

export type Reader = pb.Reader;
export type Writer = pb.Writer;
export type Decode = (r: Reader, end: number) => any;
export type Encode = (m: any, w: Writer) => void;
/** An enum: number -> name (array when dense from 0), and name -> number without a prototype. */
export interface EnumTable {
  names: readonly string[] | Readonly<Record<number, string>>;
  values: Record<string, number>;
}

/** The zero-length bytes default (shared: a zero-length Buffer cannot be written to). */
export const EMPTY = Buffer.alloc(0);

function outOfRange(r: Reader, n = 1): RangeError {
  return new RangeError(`index out of range: ${r.pos} + ${n} > ${r.len}`);
}

/** Reads a length-delimited message with `decode`, which may not read past its end (as protobufjs does). */
export function sub(r: Reader, decode: Decode): any {
  const end = r.uint32() + r.pos;
  if (end > r.len) throw outOfRange(r, end - r.pos);
  const len = r.len;
  r.len = end;
  const m = decode(r, end);
  if (r.pos !== end) throw outOfRange(r);
  r.len = len;
  return m;
}

/** Reads a varint int64 as its exact decimal string (protobufjs gives a Long, or a lossy number without `long`). */
export function i64(r: Reader): string {
  const buf = r.buf;
  const len = r.len;
  let pos = r.pos;
  let lo = 0;
  let hi = 0;
  let b = 0;
  for (let i = 0; i < 4; i++) {
    if (pos >= len) throw outOfRange(r);
    b = buf[pos++]!;
    lo = (lo | ((b & 127) << (i * 7))) >>> 0;
    if (b < 128) {
      r.pos = pos;
      return String(lo);
    }
  }
  if (pos >= len) throw outOfRange(r);
  b = buf[pos++]!;
  lo = (lo | ((b & 127) << 28)) >>> 0;
  hi = (b & 127) >> 4;
  for (let i = 0; b >= 128; i++) {
    if (i === 5) throw new Error('invalid varint encoding');
    if (pos >= len) throw outOfRange(r);
    b = buf[pos++]!;
    hi = (hi | ((b & 127) << (i * 7 + 3))) >>> 0;
  }
  r.pos = pos;
  return longString(lo, hi);
}

function longString(lo: number, hi: number): string {
  if (hi < 0x200000) return String(hi * 4294967296 + lo);
  if (hi > 0xffe00000) {
    const l = (~lo + 1) >>> 0;
    const h = l === 0 ? (~hi + 1) >>> 0 : ~hi >>> 0;
    return String(-(h * 4294967296 + l));
  }
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)).toString();
}

interface LongBits {
  low: number;
  high: number;
}
const MAX = 2 ** 63;
const DECIMAL = /^-?\d+$/;

function bits(v: bigint): LongBits {
  const u = BigInt.asUintN(64, v);
  return { low: Number(u & 0xffffffffn), high: Number(u >> 32n) };
}

/**
 * An int64 field value for Writer.int64, as protobufjs's fromObject accepts it: a number (truncated, clamped to the
 * int64 range, NaN = 0), a decimal string (wrapped to 64 bits, like Long.fromString), a bigint or {low, high}.
 * Other strings are an error naming the field instead of the digits protobufjs would make of them.
 */
export function long(v: unknown, field: string): number | pb.Long {
  return int64(v, field) as number | pb.Long; // Writer.int64 reads only low and high of an object
}

function int64(v: unknown, field: string): number | LongBits {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return v;
    if (v !== v) return 0;
    if (v >= MAX) return { low: 0xffffffff, high: 0x7fffffff };
    if (v <= -MAX) return { low: 0, high: 0x80000000 };
    return bits(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (v.length < 16 && DECIMAL.test(v)) return Number(v);
    if (DECIMAL.test(v)) return bits(BigInt(v));
    throw new TypeError(`${field}: integer (decimal string) expected`);
  }
  if (typeof v === 'bigint') return bits(v);
  if (v !== null && typeof v === 'object') return v as LongBits;
  throw new TypeError(`${field}: integer expected`);
}

/** Builds an enum table from its names by number. */
export function enumOf(names: readonly string[] | Record<number, string>): EnumTable {
  const values: Record<string, number> = Object.create(null);
  for (const [n, name] of Object.entries(names)) values[name] = Number(n);
  return { names, values };
}

/** The name of an enum number, or the number itself when the enum does not know it (protobufjs's toObject). */
export function enumName(e: EnumTable, n: number): string | number {
  const name = (e.names as Record<number, string>)[n];
  return name === undefined ? n : name;
}

/** A name or number to write, or undefined for anything else (protobufjs's fromObject leaves such a field unset). */
export function enumValue(e: EnumTable, v: unknown): number | undefined {
  return typeof v === 'number' ? v : typeof v === 'string' ? e.values[v] : undefined;
}

function setKey(map: any, k: string, v: unknown): void {
  if (k === '__proto__')
    Object.defineProperty(map, k, { value: v, enumerable: true, configurable: true, writable: true });
  else map[k] = v;
}

/** Reads one map<string, V> entry into `map`; V is a message (`decode`) or a string (`decode` null). */
export function entry(r: Reader, map: any, decode: Decode | null): void {
  const end = r.uint32() + r.pos;
  if (end > r.len) throw outOfRange(r, end - r.pos);
  const len = r.len;
  r.len = end;
  let k = '';
  let v: any;
  while (r.pos < end) {
    const t = r.uint32();
    if (t >>> 3 === 1) k = r.string();
    else if (t >>> 3 === 2) v = decode ? sub(r, decode) : r.string();
    else r.skipType(t & 7);
  }
  if (r.pos !== end) throw outOfRange(r);
  r.len = len;
  // A missing value is the message's (or string's) default; protobufjs would fail on a null message here.
  setKey(map, k, v !== undefined ? v : decode ? decode(r, r.pos) : '');
}

function objectExpected(field: string): TypeError {
  return new TypeError(`${field}: object expected`);
}

/** Writes a message field (protobufjs's fromObject checks it is an object). */
export function msg(w: Writer, tag: number, v: any, encode: Encode, field: string): void {
  if (typeof v !== 'object') throw objectExpected(field);
  w.uint32(tag).fork();
  encode(v, w);
  w.ldelim();
}

function arrayOf(v: unknown, field: string): unknown[] {
  if (!Array.isArray(v)) throw new TypeError(`${field}: array expected`);
  return v;
}

/** Writes a repeated message field. */
export function msgs(w: Writer, tag: number, v: unknown, encode: Encode, field: string): void {
  for (const x of arrayOf(v, field)) {
    if (!x) throw objectExpected(field);
    msg(w, tag, x, encode, field);
  }
}

/** Writes a repeated string field. */
export function strs(w: Writer, tag: number, v: unknown, field: string): void {
  for (const x of arrayOf(v, field)) w.uint32(tag).string(String(x));
}

/** Writes a map<string, V> field; V is a message (`encode`) or a string (`encode` null). */
export function map(w: Writer, tag: number, v: any, encode: Encode | null, field: string): void {
  if (typeof v !== 'object') throw objectExpected(field);
  for (const k of Object.keys(v)) {
    const x = v[k];
    w.uint32(tag).fork().uint32(10).string(k);
    if (!encode) w.uint32(18).string(String(x));
    else if (x && typeof x === 'object') msg(w, 18, x, encode, field);
    else throw objectExpected(field);
    w.ldelim();
  }
}

/** A message's top-level (de)serializers, as gRPC method definitions use them. */
export interface Codec {
  encode(v: any): Buffer;
  decode(b: Uint8Array): any;
}

export function codec(name: string, encode: Encode, decode: Decode, hasFields: boolean): Codec {
  return {
    encode(v) {
      if (hasFields && !(v && typeof v === 'object')) throw new TypeError(`.${name}: object expected`);
      const w = pb.Writer.create();
      encode(v, w);
      return w.finish() as Buffer;
    },
    decode(b) {
      const r = pb.Reader.create(b);
      return decode(r, r.len);
    },
  };
}

/** Decodes a message without fields: skips whatever is there. */
export function none(r: Reader, end: number): any {
  while (r.pos < end) r.skipType(r.uint32() & 7);
  return {};
}

/** Encodes a message without fields. */
export function nothing(): void {}
