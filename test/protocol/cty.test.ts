import { decode } from '@msgpack/msgpack';
import { decodeMsgpack, encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { decodeJSON, encodeJSON } from '../../src/protocol/cty/json.js';
import {
  ctyBool,
  ctyDynamic,
  ctyList,
  ctyMap,
  ctyNumber,
  ctyObject,
  ctySet,
  ctyString,
  ctyTuple,
  typeFromJSON,
  typeToBytes,
  typeToJSON,
} from '../../src/protocol/cty/types.js';
import { Decimal, parseNumber, unknown, valueEquals, type CtyValue } from '../../src/protocol/cty/values.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const roundTrip = (t: Parameters<typeof encodeMsgpack>[0], v: CtyValue) =>
  decodeMsgpack(t, encodeMsgpack(t, v));

describe('cty types', () => {
  it('writes type JSON as go-cty does', () => {
    expect(typeToBytes(ctyString).toString()).toBe('"string"');
    const t = ctyObject({ b: ctyList(ctyNumber), a: ctyMap(ctySet(ctyBool)) });
    expect(JSON.stringify(typeToJSON(t))).toBe(
      '["object",{"a":["map",["set","bool"]],"b":["list","number"]}]',
    );
    expect(typeFromJSON(typeToJSON(t))).toEqual(
      ctyObject({ a: ctyMap(ctySet(ctyBool)), b: ctyList(ctyNumber) }),
    );
    expect(() => typeFromJSON(['list'])).toThrow();
  });
});

describe('msgpack codec', () => {
  const obj = ctyObject({
    s: ctyString,
    n: ctyNumber,
    b: ctyBool,
    l: ctyList(ctyString),
    set: ctySet(ctyNumber),
    m: ctyMap(ctyBool),
    nested: ctyList(ctyObject({ x: ctyString, y: ctyNumber })),
    t: ctyTuple([ctyString, ctyNumber]),
  });

  it('round-trips every type, null and unknown', () => {
    const v: CtyValue = {
      s: 'héllo',
      n: 42,
      b: true,
      l: ['a', 'b'],
      set: [1, 2.5],
      m: { k: false },
      nested: [
        { x: 'p', y: unknown },
        { x: null, y: -7 },
      ],
      t: ['z', 1],
    };
    expect(roundTrip(obj, v)).toEqual(v);
    expect(roundTrip(obj, null)).toBeNull();
    expect(roundTrip(obj, unknown)).toBe(unknown);
    expect(roundTrip(ctyList(ctyString), [])).toEqual([]);
  });

  it('emits exactly the schema keys, sorted, missing ones as nil', () => {
    const t = ctyObject({ b: ctyString, a: ctyString });
    expect(hex(encodeMsgpack(t, { b: 'x' } as never))).toBe('82a161c0a162a178');
    expect(() => encodeMsgpack(t, { a: 'x', c: 'y' } as never)).toThrow(/unsupported attribute "c"/);
  });

  it('rejects objects with missing or extra keys on decode', () => {
    const t = ctyObject({ a: ctyString, b: ctyString });
    expect(() => decodeMsgpack(t, Uint8Array.from([0x81, 0xa1, 0x61, 0xc0]))).toThrow(
      /2 attributes is required \(1 given\)/,
    );
    expect(() =>
      decodeMsgpack(t, Uint8Array.from([0x83, 0xa1, 0x61, 0xc0, 0xa1, 0x62, 0xc0, 0xa1, 0x63, 0xc0])),
    ).toThrow(/unsupported/);
  });

  it('encodes unknown as d4 00 00 and reads any extension type as unknown', () => {
    expect(hex(encodeMsgpack(ctyString, unknown))).toBe('d40000');
    expect(decodeMsgpack(ctyString, Uint8Array.from([0xd4, 0x00, 0x00]))).toBe(unknown);
    // ext 12 (refined unknown: not null, prefix "ab")
    const refined = Uint8Array.from(
      [0xc7, 0x06, 0x0c, 0x82, 0x01, 0xc2, 0x02, 0xa2, 0x61, 0x62].slice(0, 10),
    );
    refined[1] = refined.length - 3;
    expect(decodeMsgpack(ctyString, refined)).toBe(unknown);
    expect(decodeMsgpack(ctyNumber, Uint8Array.from([0xd5, 0x07, 0x00, 0x00]))).toBe(unknown);
  });

  it('empty bytes decode as null (Terraform rule)', () => {
    expect(decodeMsgpack(ctyString, new Uint8Array())).toBeNull();
  });

  it('keeps integers beyond 2^53 and decimals exact', () => {
    const big = 2n ** 63n - 1n;
    expect(roundTrip(ctyNumber, big)).toBe(big);
    expect(hex(encodeMsgpack(ctyNumber, big))).toBe('cf7fffffffffffffff'); // uint64 encoding, which cty reads exactly
    expect(hex(encodeMsgpack(ctyNumber, -(2n ** 63n)))).toBe('d38000000000000000');
    const u = 2n ** 64n - 1n;
    expect(roundTrip(ctyNumber, u)).toBe(u);
    // beyond 64 bits: a decimal string on the wire, never wrapped
    const huge = 2n ** 64n;
    expect(decode(encodeMsgpack(ctyNumber, huge))).toBe('18446744073709551616');
    expect(roundTrip(ctyNumber, huge)).toBe(huge);
    expect(roundTrip(ctyNumber, -(2n ** 70n))).toBe(-(2n ** 70n));
    // decimals Terraform sends as strings
    const tenth = decodeMsgpack(ctyNumber, Uint8Array.from([0xa3, 0x30, 0x2e, 0x31]));
    expect(tenth).toBe(0.1);
    const exact = new Decimal('3.14159265358979323846264338327950288');
    const rt = roundTrip(ctyNumber, exact);
    expect(rt).toBeInstanceOf(Decimal);
    expect(String(rt)).toBe('3.14159265358979323846264338327950288');
    expect(roundTrip(ctyNumber, 2.5)).toBe(2.5);
    expect(roundTrip(ctyNumber, Infinity)).toBe(Infinity);
    expect(() => encodeMsgpack(ctyNumber, NaN)).toThrow(/NaN/);
    // small values that came as int64/uint64 encodings become plain numbers
    expect(decodeMsgpack(ctyNumber, Uint8Array.from([0xd3, 0, 0, 0, 0, 0, 0, 0, 5]))).toBe(5);
  });

  it('parses number text without loss', () => {
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('12345678901234567890')).toBe(12345678901234567890n);
    expect(String(parseNumber('0.10000000000000000001'))).toBe('0.10000000000000000001');
    expect(parseNumber('-0.5')).toBe(-0.5);
    expect(() => parseNumber('abc')).toThrow();
  });

  it('round-trips nested attributes (single, list, set, map nesting)', () => {
    const inner = ctyObject({ name: ctyString, priority: ctyNumber });
    const t = ctyObject({ single: inner, list: ctyList(inner), set: ctySet(inner), map: ctyMap(inner) });
    const v: CtyValue = {
      single: { name: 'a', priority: unknown },
      list: [{ name: 'b', priority: 1 }],
      set: [{ name: 'c', priority: null }],
      map: { k: { name: 'd', priority: 2n ** 60n } },
    };
    const got = roundTrip(t, v);
    expect(got).toEqual(v);
    expect(valueEquals(t, got, v)).toBe(true);
  });

  it('handles dynamic values', () => {
    const v = { type: ctyList(ctyString), value: ['x'] };
    expect(roundTrip(ctyDynamic, v)).toEqual(v);
    expect(roundTrip(ctyDynamic, unknown)).toBe(unknown);
  });

  it('rejects wrongly typed JS values instead of guessing', () => {
    expect(() => encodeMsgpack(ctyString, 5 as never)).toThrow(/expected string/);
    expect(() => decodeMsgpack(ctyBool, Uint8Array.from([0x01]))).toThrow(/bool required/);
  });
});

describe('JSON codec (raw state)', () => {
  const t = ctyObject({ id: ctyString, n: ctyNumber, tags: ctyMap(ctyString), l: ctyList(ctyNumber) });

  it('decodes big and decimal numbers exactly', () => {
    const v = decodeJSON(
      t,
      '{"id":"x","n":123456789012345678901234567890,"tags":{"a":"b"},"l":[0.1, 1e2]}',
    ) as Record<string, CtyValue>;
    expect(v.n).toBe(123456789012345678901234567890n);
    expect(v.l).toEqual([0.1, 100]);
    expect(encodeJSON(t, v)).toBe(
      '{"id":"x","l":[0.1,100],"n":123456789012345678901234567890,"tags":{"a":"b"}}',
    );
  });

  it('fills missing keys with null; extra keys error unless ignored', () => {
    expect(decodeJSON(t, '{"id":"x"}')).toEqual({ id: 'x', n: null, tags: null, l: null });
    expect(() => decodeJSON(t, '{"id":"x","gone":1}')).toThrow(/unsupported attribute "gone"/);
    expect(decodeJSON(t, '{"id":"x","gone":1}', { ignoreUnknownKeys: true })).toEqual({
      id: 'x',
      n: null,
      tags: null,
      l: null,
    });
  });

  it('refuses to encode unknowns', () => {
    expect(() => encodeJSON(t, { id: unknown, n: null, tags: null, l: null })).toThrow(/unknown/);
  });
});

describe('cty codec errors and edge cases', () => {
  const t = ctyObject({
    outer: ctyObject({ list: ctyList(ctyObject({ n: ctyNumber })) }),
    tags: ctyMap(ctyString),
  });

  it('names the full path of a bad value, in every codec', () => {
    const bad = { outer: { list: [{ n: 1 }, { n: 'x' }] }, tags: null } as never;
    expect(() => encodeMsgpack(t, bad)).toThrow('outer.list[1].n: expected number, got string');
    expect(() => decodeJSON(t, '{"outer":{"list":[{"n":1},{"n":true}]},"tags":{"a":"b"}}')).toThrow(
      'outer.list[1].n: number required',
    );
    expect(() => encodeJSON(t, { outer: null, tags: { k: unknown } } as never)).toThrow(
      'tags.k: unknown values cannot be encoded as JSON',
    );
    const wire = encodeMsgpack(t, { outer: null, tags: { k: 'v' } });
    // the map value "v" (fixstr a1 76) replaced by true (c3) on the wire
    expect(() => decodeMsgpack(t, Buffer.from(hex(wire).replace(/a176$/, 'c3'), 'hex'))).toThrow(
      'tags.k: string required, got boolean',
    );
  });

  it('decodes objects with their attributes in declaration order, however the input orders them', () => {
    const o = ctyObject({ zeta: ctyString, alpha: ctyString });
    expect(Object.keys(decodeJSON(o, '{"alpha":"a","zeta":"z"}') as object)).toEqual(['zeta', 'alpha']);
    expect(Object.keys(roundTrip(o, { alpha: 'a', zeta: 'z' }) as object)).toEqual(['zeta', 'alpha']);
    expect(hex(encodeMsgpack(o, { zeta: 'z', alpha: 'a' }))).toBe(
      hex(encodeMsgpack(o, { alpha: 'a', zeta: 'z' })),
    );
  });

  it('parses JSON strings with escapes and refuses raw control characters and broken input', () => {
    const s = ctyObject({ s: ctyString });
    expect(decodeJSON(s, '{"s":"a\\"b\\\\c\\u00e9\\n"}')).toEqual({ s: 'a"b\\cé\n' });
    expect(decodeJSON(s, ' { "s" : "plain" } ')).toEqual({ s: 'plain' });
    expect(() => decodeJSON(s, '{"s":"a\u0001b"}')).toThrow(/invalid JSON/);
    expect(() => decodeJSON(s, '{"s":"open')).toThrow(/invalid JSON/);
    expect(() => decodeJSON(s, '{"s":"x",}')).toThrow(/invalid JSON/);
    expect(() => decodeJSON(s, '{"s":tru}')).toThrow(/invalid JSON/);
    expect(() => decodeJSON(s, '{"s":"x"} x')).toThrow(/invalid JSON/);
  });

  it('treats a "__proto__" key as data (an unsupported attribute), never as the prototype', () => {
    const s = ctyObject({ s: ctyString });
    expect(() => decodeJSON(s, '{"s":"x","__proto__":{"polluted":1}}')).toThrow(
      /unsupported attribute "__proto__"/,
    );
    const m = decodeJSON(ctyMap(ctyString), '{"__proto__":"v"}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(Object.keys(m)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps integers exact on the fast path and beyond it', () => {
    expect(parseNumber('0')).toBe(0);
    expect(Object.is(parseNumber('-0'), 0)).toBe(true);
    expect(parseNumber('999999999999999')).toBe(999999999999999);
    expect(parseNumber('9007199254740993')).toBe(9007199254740993n);
    expect(parseNumber('-12')).toBe(-12);
    expect(parseNumber(' 12 ')).toBe(12);
    expect(() => parseNumber('012')).not.toThrow(); // decimal text with a leading zero, as cty accepts
    expect(decodeJSON(ctyNumber, '12345678901234567890')).toBe(12345678901234567890n);
  });
});
