// The generated codecs (src/protocol/proto/codecs.ts) against protobufjs reflection, the oracle, for EVERY message
// the plugin's services use: decode gives exactly toObject(decode(b), CONVERSION_OPTIONS), encode gives exactly the
// bytes of encode(fromObject(v)), on randomized and edge-case objects; and the committed file is what the generator
// makes from the embedded definitions today.
import protobuf from 'protobufjs';
import { MESSAGES, SERVICES } from '../../src/protocol/proto/codecs.js';
import { CONVERSION_OPTIONS } from '../../src/protocol/proto/load.js';
import { GO_PLUGIN_PROTO, HEALTH_PROTO } from '../../src/protocol/proto/definitions.js';
import { TFPLUGIN6_PROTO } from '../../src/protocol/proto/tfplugin6.js';

/** The oracle: the definitions parsed as load.ts parsed them at run time before the codecs were generated. */
function parse(text: string, unknown = false): protobuf.Root {
  const root = new protobuf.Root();
  const { imports } = protobuf.parse(text, root, { keepCase: true });
  for (const file of imports ?? []) root.addJSON(protobuf.common.get(file)!.nested!);
  if (unknown) addUnknownFields(root);
  return root;
}
/** Fields no definition has, of every wire type, added to every message: written by the oracle, skipped by both. */
const UNKNOWN: [string, number, string][] = [
  ['zz_varint', 100001, 'int64'],
  ['zz_delimited', 100002, 'string'],
  ['zz_fixed64', 100003, 'fixed64'],
  ['zz_fixed32', 100004, 'fixed32'],
  ['zz_message', 536870911, 'bytes'],
];
function addUnknownFields(ns: protobuf.NamespaceBase): void {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type)
      for (const [name, id, type] of UNKNOWN) nested.add(new protobuf.Field(name, id, type));
    if (nested instanceof protobuf.Namespace) addUnknownFields(nested);
  }
}
const TEXTS = [TFPLUGIN6_PROTO, GO_PLUGIN_PROTO, HEALTH_PROTO];
const roots = TEXTS.map((t) => parse(t));
const extended = TEXTS.map((t) => parse(t, true));
function lookup(rs: protobuf.Root[], name: string): protobuf.Type {
  for (const r of rs) {
    const t = r.lookup(name);
    if (t instanceof protobuf.Type) return t;
  }
  throw new Error(`no message ${name}`);
}

/** A deterministic PRNG (mulberry32), so a failure names the seed that reproduces it. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = [
  '',
  'a',
  'name',
  'héllo wörld',
  'ключ',
  '日本語',
  '😀 emoji',
  'x'.repeat(45),
  'é'.repeat(30),
  '\0',
];
const INT64 = ['0', '1', '-1', '300', '-300', '2147483648', '-2147483649', '4294967296', '9007199254740991'];
const BIG_INT64 = ['9007199254740993', '-9007199254740993', '9223372036854775807', '-9223372036854775808'];
const INT32 = [0, 1, -1, 127, 128, 300, 2147483647, -2147483648, 65536];

/**
 * A random plain object for `type`, as the framework could pass it to encode (variant: the other accepted forms of
 * each value: enum numbers, Uint8Array/number[]/base64 bytes, int64 numbers, {low, high}, null fields).
 */
function randomObject(type: protobuf.Type, rnd: () => number, depth: number, variant: boolean): any {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const obj: any = {};
  const chosen = new Set<string>();
  for (const o of type.oneofsArray) {
    const r = rnd();
    if (r < 0.6) chosen.add(pick(o.fieldsArray).name);
    if (r < 0.1) chosen.add(pick(o.fieldsArray).name); // two members: the oracle writes both
  }
  const value = (f: protobuf.Field): any => {
    const t = f.resolvedType;
    if (t instanceof protobuf.Enum) {
      const ids = Object.keys(t.valuesById).map(Number);
      const r = rnd();
      if (r < 0.15) return pick([7, 42, -1, 1000]); // numbers the enum does not know
      if (variant && r < 0.4) return pick(ids);
      return t.valuesById[pick(ids)];
    }
    if (t instanceof protobuf.Type) return depth > 3 ? {} : randomObject(t, rnd, depth + 1, variant);
    switch (f.type) {
      case 'string':
        return pick(STRINGS);
      case 'bool':
        return rnd() < 0.5;
      case 'int32':
        return pick(INT32);
      case 'int64': {
        const s = rnd() < 0.3 ? pick(BIG_INT64) : pick(INT64);
        if (variant && rnd() < 0.3 && Number.isSafeInteger(Number(s))) return Number(s);
        return s;
      }
      case 'bytes': {
        const b = Buffer.from(
          Array.from({ length: pick([0, 1, 3, 39, 40, 100]) }, () => Math.floor(rnd() * 256)),
        );
        if (!variant) return b;
        return pick([b, new Uint8Array(b), b.toString('base64'), [...b]]);
      }
      default:
        throw new Error(`no generator for ${f.type}`);
    }
  };
  for (const f of type.fieldsArray) {
    f.resolve();
    if (f.partOf && !chosen.has(f.name)) continue;
    const r = rnd();
    if (r < 0.2) continue;
    if (variant && r < 0.25) {
      obj[f.name] = null;
      continue;
    }
    if (f.map) {
      const m: any = {};
      for (const k of ['', 'a', 'ключ', 'b.c'].slice(0, Math.floor(rnd() * 5))) m[k] = value(f);
      obj[f.name] = m;
    } else if (f.repeated) obj[f.name] = Array.from({ length: Math.floor(rnd() * 4) }, () => value(f));
    else obj[f.name] = value(f);
  }
  if (type.oneofsArray.length && rnd() < 0.3) obj[type.oneofsArray[0]!.name] = 'ignored by encode';
  return obj;
}

/** Random values for the unknown fields, at every level of an object the oracle's extended types encode. */
function withUnknown(type: protobuf.Type, obj: any, rnd: () => number): any {
  if (!obj || typeof obj !== 'object') return obj;
  const out: any = { ...obj };
  for (const f of type.fieldsArray) {
    const t = f.resolvedType;
    if (!(t instanceof protobuf.Type) || out[f.name] == null) continue;
    if (f.map)
      out[f.name] = Object.fromEntries(
        Object.entries(out[f.name]).map(([k, v]) => [k, withUnknown(t, v, rnd)]),
      );
    else if (f.repeated) out[f.name] = out[f.name].map((v: any) => withUnknown(t, v, rnd));
    else out[f.name] = withUnknown(t, out[f.name], rnd);
  }
  if (rnd() < 0.7) out.zz_varint = pick2(rnd, ['5', '-5', '9223372036854775807']);
  if (rnd() < 0.5) out.zz_delimited = 'unknown ✓';
  if (rnd() < 0.5) out.zz_fixed64 = '12345678901234';
  if (rnd() < 0.5) out.zz_fixed32 = 7;
  if (rnd() < 0.5) out.zz_message = Buffer.from([8, 1, 18, 2, 104, 105]);
  return out;
}
function pick2<T>(rnd: () => number, xs: T[]): T {
  return xs[Math.floor(rnd() * xs.length)]!;
}

const oracleEncode = (t: protobuf.Type, v: object) => Buffer.from(t.encode(t.fromObject(v)).finish());
const oracleDecode = (t: protobuf.Type, b: Uint8Array) => t.toObject(t.decode(b), CONVERSION_OPTIONS);
/** Unknown fields before the first known one: a varint, a string and a group-free length-delimited message. */
const PREFIX = Buffer.from([0xa8, 0x1f, 0x01, 0xb2, 0x1f, 0x02, 0x68, 0x69, 0xbd, 0x1f, 1, 2, 3, 4]);

const names = Object.keys(MESSAGES).sort();
const SEED = Number(process.env.CODEC_SEED ?? 24);
const ROUNDS = 40;

describe('generated protocol codecs', () => {
  it('cover every message of the four services, and nothing else', () => {
    const used = new Set<string>();
    const visit = (t: protobuf.Type) => {
      if (used.has(t.fullName.slice(1))) return;
      used.add(t.fullName.slice(1));
      for (const f of t.fieldsArray)
        if (f.resolve().resolvedType instanceof protobuf.Type) visit(f.resolvedType as any);
    };
    for (const [service, methods] of Object.entries(SERVICES)) {
      const s = roots
        .map((r) => r.lookup(service))
        .find((x) => x instanceof protobuf.Service) as protobuf.Service;
      expect(methods.map((m) => m[0]).sort()).toEqual(s.methodsArray.map((m) => m.name).sort());
      for (const m of s.methodsArray) {
        m.resolve();
        visit(m.resolvedRequestType!);
        visit(m.resolvedResponseType!);
      }
    }
    expect(names).toEqual([...used].sort());
    expect(names.length).toBeGreaterThan(100);
  });

  it.each(names)('%s: decode equals protobufjs toObject(decode()), unknown fields skipped', (name) => {
    const type = lookup(roots, name);
    const ext = lookup(extended, name);
    const codec = MESSAGES[name]!;
    const rnd = prng(SEED ^ name.length);
    const inputs: Buffer[] = [Buffer.alloc(0), PREFIX];
    for (let i = 0; i < ROUNDS; i++) {
      const bytes = oracleEncode(ext, withUnknown(ext, randomObject(type, rnd, 0, false), rnd));
      inputs.push(bytes, Buffer.concat([PREFIX, bytes]));
    }
    for (const b of inputs) {
      const expected = oracleDecode(type, b);
      const actual = codec.decode(b);
      expect(actual).toStrictEqual(expected);
      // Same keys in the same order (protobufjs's toObject order), not just equal values.
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    }
  });

  it.each(names)('%s: encode equals protobufjs encode(fromObject()), in every accepted form', (name) => {
    const type = lookup(roots, name);
    const codec = MESSAGES[name]!;
    const rnd = prng(SEED ^ (name.length * 7919));
    const inputs: object[] = [{}, oracleDecode(type, Buffer.alloc(0))];
    for (let i = 0; i < ROUNDS; i++) inputs.push(randomObject(type, rnd, 0, i % 2 === 1));
    for (const v of inputs) {
      const bytes = codec.encode(v);
      expect(bytes.toString('hex')).toBe(oracleEncode(type, v).toString('hex'));
      expect(codec.decode(bytes)).toStrictEqual(oracleDecode(type, bytes));
    }
  });

  it.each(names.filter((n) => lookup(roots, n).fieldsArray.length > 0))(
    '%s: rejects what fromObject rejects, with the same message',
    (name) => {
      const type = lookup(roots, name);
      const codec = MESSAGES[name]!;
      const cases: unknown[] = ['text', 42];
      for (const f of type.fieldsArray) {
        if (f.resolve().resolvedType instanceof protobuf.Type || f.repeated || f.map)
          cases.push(
            { [f.name]: 'text' },
            { [f.name]: f.repeated ? ['text'] : f.map ? { k: 1 } : 42 },
            { [f.name]: f.repeated ? [null] : f.map ? { k: null } : true },
          );
      }
      for (const v of cases) {
        let expected: unknown;
        try {
          oracleEncode(type, v as object);
        } catch (e) {
          expected = (e as Error).message;
        }
        if (expected === undefined)
          expect(codec.encode(v as object)).toEqual(oracleEncode(type, v as object));
        else expect(() => codec.encode(v as object)).toThrow(expected as string);
      }
    },
  );

  it('int64: exact both ways beyond 2^53, negative and at the limits; numbers truncate and clamp like Long', () => {
    const codec = MESSAGES['google.protobuf.Timestamp']!;
    const type = lookup(roots, 'google.protobuf.Timestamp');
    for (const seconds of [...INT64, ...BIG_INT64, '18446744073709551615', '9223372036854775808']) {
      const bytes = codec.encode({ seconds });
      expect(bytes).toEqual(oracleEncode(type, { seconds }));
      expect(codec.decode(bytes).seconds).toBe(BigInt.asIntN(64, BigInt(seconds)).toString());
    }
    for (const seconds of [
      1.9,
      -1.9,
      2 ** 60 + 0.5,
      2 ** 64,
      -(2 ** 70),
      NaN,
      Infinity,
      -Infinity,
      2 ** 53 + 2,
    ])
      expect(codec.encode({ seconds })).toEqual(oracleEncode(type, { seconds }));
    expect(codec.encode({ seconds: { low: 1, high: 2 } })).toEqual(
      oracleEncode(type, { seconds: { low: 1, high: 2 } }),
    );
    // Not a decimal integer: an error naming the field (protobufjs would write whatever Long.fromString made of it).
    expect(() => codec.encode({ seconds: '1e3' })).toThrow('.google.protobuf.Timestamp.seconds: integer');
  });

  it('map keys named __proto__ stay own keys both ways', () => {
    const name = 'tfplugin6.RawState';
    const type = lookup(roots, name);
    const v = JSON.parse('{"json":"","flatmap":{"__proto__":"x","a":"b"}}');
    const bytes = MESSAGES[name]!.encode(v);
    expect(bytes).toEqual(oracleEncode(type, v));
    const decoded = MESSAGES[name]!.decode(bytes);
    expect(Object.keys(decoded.flatmap)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(decoded.flatmap)).toBe(Object.prototype);
    expect(decoded).toStrictEqual(oracleDecode(type, bytes));
  });

  it('a map entry without its message value decodes to that message with defaults (protobufjs fails on it)', () => {
    const bytes = Buffer.from([0x12, 0x03, 0x0a, 0x01, 0x72]); // resource_schemas { key: "r" }
    const decoded = MESSAGES['tfplugin6.GetProviderSchema.Response']!.decode(bytes);
    expect(decoded.resource_schemas).toStrictEqual({ r: { version: '0', block: null } });
  });

  it('truncated input is an error, not a short message', () => {
    const codec = MESSAGES['tfplugin6.PlanResourceChange.Request']!;
    const bytes = codec.encode({ type_name: 'x', config: { msgpack: Buffer.alloc(50, 1) } });
    expect(() => codec.decode(bytes.subarray(0, bytes.length - 10))).toThrow(RangeError);
  });
});
