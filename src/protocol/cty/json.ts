// cty JSON (DynamicValue.json and RawState.json of UpgradeResourceState). No unknowns exist in this form.
// Numbers are parsed from the JSON text itself so integers beyond 2^53 and long decimals stay exact.
import type { CtyType } from './types.js';
import { typeFromJSON, typeToJSON } from './types.js';
import { CtyCodecError } from './msgpack.js';
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
  return fromJSONValue(t, parseExact(s), [], opts);
}

/** Converts an already-parsed JSON value (numbers as JS numbers) to a cty value of type t. */
export function fromPlainJSON(t: CtyType, v: unknown, opts: JsonDecodeOptions = {}): CtyValue {
  return fromJSONValue(t, v, [], opts);
}

export function encodeJSON(t: CtyType, v: CtyValue): string {
  return stringify(toJSONValue(t, v, []));
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

function toJSONValue(t: CtyType, v: CtyValue, path: (string | number)[]): unknown {
  if (v === null) return null;
  if (v === unknown) throw new CtyCodecError('unknown values cannot be encoded as JSON', path);
  switch (t.kind) {
    case 'number':
      return new JsonNumber(numberToString(v as number | bigint | Decimal));
    case 'list':
    case 'set':
      return (v as CtyValue[]).map((e, i) => toJSONValue(t.element, e, [...path, i]));
    case 'tuple':
      return (v as CtyValue[]).map((e, i) => toJSONValue(t.elements[i]!, e, [...path, i]));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v as object).sort())
        out[k] = toJSONValue(t.element, (v as Record<string, CtyValue>)[k]!, [...path, k]);
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(t.attributes).sort())
        out[k] = toJSONValue(t.attributes[k]!, (v as Record<string, CtyValue>)[k] ?? null, [...path, k]);
      return out;
    }
    case 'dynamic': {
      const d = v as DynamicVal;
      return { value: toJSONValue(d.type, d.value, path), type: typeToJSON(d.type) };
    }
    default:
      return v;
  }
}

function fromJSONValue(t: CtyType, v: unknown, path: (string | number)[], opts: JsonDecodeOptions): CtyValue {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'string':
      if (typeof v === 'string') return v.normalize('NFC');
      if (v instanceof JsonNumber) return v.text;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      throw new CtyCodecError(`string required`, path);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new CtyCodecError(`bool required`, path);
    case 'number':
      try {
        if (v instanceof JsonNumber) return parseNumber(v.text);
        if (typeof v === 'number') return parseNumber(numberToString(v));
        if (typeof v === 'string') return parseNumber(v);
      } catch (e) {
        throw new CtyCodecError((e as Error).message, path);
      }
      throw new CtyCodecError(`number required`, path);
    case 'list':
    case 'set':
      if (!Array.isArray(v)) throw new CtyCodecError(`${t.kind} required`, path);
      return v.map((e, i) => fromJSONValue(t.element, e, [...path, i], opts));
    case 'tuple':
      if (!Array.isArray(v) || v.length !== t.elements.length)
        throw new CtyCodecError(`tuple required`, path);
      return v.map((e, i) => fromJSONValue(t.elements[i]!, e, [...path, i], opts));
    case 'map': {
      if (!isObj(v)) throw new CtyCodecError(`map required`, path);
      const out: Record<string, CtyValue> = {};
      for (const [k, e] of Object.entries(v)) out[k] = fromJSONValue(t.element, e, [...path, k], opts);
      return out;
    }
    case 'object': {
      if (!isObj(v)) throw new CtyCodecError(`object required`, path);
      if (!opts.ignoreUnknownKeys)
        for (const k of Object.keys(v))
          if (!(k in t.attributes)) throw new CtyCodecError(`unsupported attribute "${k}"`, path);
      const out: Record<string, CtyValue> = {};
      for (const [k, at] of Object.entries(t.attributes))
        out[k] = fromJSONValue(at, v[k], [...path, k], opts);
      return out;
    }
    case 'dynamic': {
      if (!isObj(v) || !('type' in v)) throw new CtyCodecError('dynamic value needs {value, type}', path);
      const dt = typeFromJSON(unwrapNumbers(v.type));
      return { type: dt, value: fromJSONValue(dt, v.value, path, opts) };
    }
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

/** A small JSON parser that keeps number literals as text. */
function parseExact(s: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < s.length && ' \t\n\r'.includes(s[i]!)) i++;
  };
  const fail = (): never => {
    throw new CtyCodecError(`invalid JSON at offset ${i}`);
  };
  const value = (): unknown => {
    ws();
    const c = s[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (s[i] === '}') return (i++, out);
      for (;;) {
        ws();
        if (s[i] !== '"') fail();
        const k = str();
        ws();
        if (s[i++] !== ':') fail();
        out[k] = value();
        ws();
        if (s[i] === ',') i++;
        else if (s[i] === '}') return (i++, out);
        else fail();
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (s[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (s[i] === ',') i++;
        else if (s[i] === ']') return (i++, out);
        else fail();
      }
    }
    if (c === '"') return str();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(s.slice(i, i + 1100));
    if (!m) return fail();
    i += m[0].length;
    if (m[0] === 'true') return true;
    if (m[0] === 'false') return false;
    if (m[0] === 'null') return null;
    return new JsonNumber(m[0]);
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
    if (i >= s.length) fail();
    i++;
    return JSON.parse(s.slice(start, i)) as string;
  };
  const v = value();
  ws();
  if (i !== s.length) fail();
  return v;
}
