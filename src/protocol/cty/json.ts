// cty JSON (DynamicValue.json and RawState.json of UpgradeResourceState). No unknowns exist in this form.
// Numbers are parsed from the JSON text itself so integers beyond 2^53 and long decimals stay exact.
import type { CtyType } from './types.js';
import { typeFromJSON, typeToJSON } from './types.js';
import {
  attributeNames,
  CtyCodecError,
  nfc,
  rethrowWithin,
  setKey,
  sortedAttributeNames,
} from './msgpack.js';
import { Decimal, numberToString, parseNumber, unknown, type CtyValue, type DynamicVal } from './values.js';

/** Marker wrapping a number's literal JSON text, produced by the exact parser below. */
class JsonNumber {
  constructor(readonly text: string) {}
}

export interface JsonDecodeOptions {
  /** Ignore object keys the type does not have (for same-version state upgrades). Default false. */
  ignoreUnknownKeys?: boolean;
}

export function decodeJSON(t: CtyType, text: string | Uint8Array, opts: JsonDecodeOptions = {}): CtyValue {
  const s = typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
  if (s.trim() === '') return null;
  return fromJSONValue(t, parseExact(s), opts);
}

/** Converts an already-parsed JSON value (numbers as JS numbers) to a cty value of type t. */
export function fromPlainJSON(t: CtyType, v: unknown, opts: JsonDecodeOptions = {}): CtyValue {
  return fromJSONValue(t, v, opts);
}

export function encodeJSON(t: CtyType, v: CtyValue): string {
  return stringify(toJSONValue(t, v));
}

function stringify(x: unknown): string {
  if (x instanceof JsonNumber) return x.text;
  if (Array.isArray(x)) return `[${x.map(stringify).join(',')}]`;
  if (isObj(x))
    return `{${Object.entries(x)
      .map(([k, e]) => `${JSON.stringify(k)}:${stringify(e)}`)
      .join(',')}}`;
  return JSON.stringify(x);
}

function toJSONValue(t: CtyType, v: CtyValue): unknown {
  if (v === null) return null;
  if (v === unknown) throw new CtyCodecError('unknown values cannot be encoded as JSON');
  switch (t.kind) {
    case 'number':
      return new JsonNumber(numberToString(v as number | bigint | Decimal));
    case 'list':
    case 'set':
      return (v as CtyValue[]).map((e, i) => elementToJSON(t.element, e, i));
    case 'tuple':
      return (v as CtyValue[]).map((e, i) => elementToJSON(t.elements[i]!, e, i));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v as object).sort())
        setKey(out, k, elementToJSON(t.element, (v as Record<string, CtyValue>)[k]!, k));
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of sortedAttributeNames(t.attributes))
        out[k] = elementToJSON(t.attributes[k]!, (v as Record<string, CtyValue>)[k] ?? null, k);
      return out;
    }
    case 'dynamic': {
      const d = v as DynamicVal;
      return { value: toJSONValue(d.type, d.value), type: typeToJSON(d.type) };
    }
    default:
      return v;
  }
}

function elementToJSON(t: CtyType, v: CtyValue, seg: string | number): unknown {
  try {
    return toJSONValue(t, v);
  } catch (err) {
    return rethrowWithin(err, seg);
  }
}

function fromJSONValue(t: CtyType, v: unknown, opts: JsonDecodeOptions): CtyValue {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'string':
      if (typeof v === 'string') return nfc(v);
      if (v instanceof JsonNumber) return v.text;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      throw new CtyCodecError(`string required`);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new CtyCodecError(`bool required`);
    case 'number':
      try {
        if (v instanceof JsonNumber) return parseNumber(v.text);
        if (typeof v === 'number') return parseNumber(numberToString(v));
        if (typeof v === 'string') return parseNumber(v);
      } catch (e) {
        throw new CtyCodecError((e as Error).message);
      }
      throw new CtyCodecError(`number required`);
    case 'list':
    case 'set':
      if (!Array.isArray(v)) throw new CtyCodecError(`${t.kind} required`);
      return v.map((e, i) => elementFromJSON(t.element, e, i, opts));
    case 'tuple':
      if (!Array.isArray(v) || v.length !== t.elements.length) throw new CtyCodecError(`tuple required`);
      return v.map((e, i) => elementFromJSON(t.elements[i]!, e, i, opts));
    case 'map': {
      if (!isObj(v)) throw new CtyCodecError(`map required`);
      const out: Record<string, CtyValue> = {};
      for (const k in v) setKey(out, k, elementFromJSON(t.element, v[k], k, opts));
      return out;
    }
    case 'object': {
      if (!isObj(v)) throw new CtyCodecError(`object required`);
      const attrs = t.attributes;
      if (!opts.ignoreUnknownKeys)
        for (const k in v)
          if (!Object.hasOwn(attrs, k)) throw new CtyCodecError(`unsupported attribute "${k}"`);
      const out: Record<string, CtyValue> = {};
      for (const k of attributeNames(attrs)) out[k] = elementFromJSON(attrs[k]!, v[k], k, opts);
      return out;
    }
    case 'dynamic': {
      if (!isObj(v) || !('type' in v)) throw new CtyCodecError('dynamic value needs {value, type}');
      const dt = typeFromJSON(unwrapNumbers(v.type));
      return { type: dt, value: fromJSONValue(dt, v.value, opts) };
    }
  }
}

function elementFromJSON(t: CtyType, v: unknown, seg: string | number, opts: JsonDecodeOptions): CtyValue {
  try {
    return fromJSONValue(t, v, opts);
  } catch (err) {
    return rethrowWithin(err, seg);
  }
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

function unwrapNumbers(v: unknown): unknown {
  if (v instanceof JsonNumber) return Number(v.text);
  if (Array.isArray(v)) return v.map(unwrapNumbers);
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, unwrapNumbers(e)]));
  return v;
}

/** A string without escapes or control characters (nearly all of them): its text is its value. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a JSON string may not hold raw
const PLAIN_STRING = /"([^"\\\x00-\x1f]*)"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** A small JSON parser that keeps number literals as text (JSON.parse would round them to float64). */
function parseExact(s: string): unknown {
  let i = 0;
  const ws = () => {
    for (let c = s.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = s.charCodeAt(++i));
  };
  const fail = (): never => {
    throw new CtyCodecError(`invalid JSON at offset ${i}`);
  };
  const word = (w: string, v: unknown): unknown => {
    if (!s.startsWith(w, i)) fail();
    i += w.length;
    return v;
  };
  const value = (): unknown => {
    ws();
    const c = s.charCodeAt(i);
    if (c === 123 /* { */) {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (s.charCodeAt(i) === 125) return (i++, out);
      for (;;) {
        ws();
        if (s.charCodeAt(i) !== 34) fail();
        const k = str();
        ws();
        if (s.charCodeAt(i++) !== 58 /* : */) fail();
        const v = value();
        setKey(out, k, v); // a key "__proto__" stays a plain key
        ws();
        const d = s.charCodeAt(i++);
        if (d === 125 /* } */) return out;
        if (d !== 44 /* , */) return (i--, fail());
      }
    }
    if (c === 91 /* [ */) {
      i++;
      const out: unknown[] = [];
      ws();
      if (s.charCodeAt(i) === 93) return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        const d = s.charCodeAt(i++);
        if (d === 93 /* ] */) return out;
        if (d !== 44) return (i--, fail());
      }
    }
    if (c === 34) return str();
    if (c === 116) return word('true', true);
    if (c === 102) return word('false', false);
    if (c === 110) return word('null', null);
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(s);
    if (!m) return fail();
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const str = (): string => {
    PLAIN_STRING.lastIndex = i;
    const plain = PLAIN_STRING.exec(s);
    if (plain) {
      i = PLAIN_STRING.lastIndex;
      return plain[1]!;
    }
    const start = i++;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 34) break;
      if (Number.isNaN(c)) return fail();
      i += c === 92 /* backslash */ ? 2 : 1;
    }
    i++;
    try {
      return JSON.parse(s.slice(start, i)) as string;
    } catch {
      return fail();
    }
  };
  const v = value();
  ws();
  if (i !== s.length) fail();
  return v;
}
