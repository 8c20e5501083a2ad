// Writes src/protocol/proto/codecs.ts: plain encode/decode functions for every message the plugin's gRPC services
// use, generated at BUILD time with protobufjs reflection from the embedded definitions (tfplugin6.ts,
// definitions.ts), so a launch parses no .proto text and generates no code. Run by scripts/sync-tfplugin.mjs;
// `node scripts/gen-proto-codecs.mjs --stdout` prints the file instead (the test compares it with the committed one).
// The decoded shape is protobufjs's toObject(decode(b), CONVERSION_OPTIONS); encoding writes the bytes of
// encode(fromObject(v)): test/protocol/codecs.test.ts checks both against protobufjs for every message.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import * as prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'src/protocol/proto/codecs.ts');
/** The services the plugin registers, with the definitions they come from. */
const SERVICES = [
  ['tfplugin6.ts', 'TFPLUGIN6_PROTO', 'tfplugin6.Provider'],
  ['definitions.ts', 'GO_PLUGIN_PROTO', 'plugin.GRPCController'],
  ['definitions.ts', 'GO_PLUGIN_PROTO', 'plugin.GRPCStdio'],
  ['definitions.ts', 'HEALTH_PROTO', 'grpc.health.v1.Health'],
];
const SCALAR_READ = {
  string: 'r.string()',
  bytes: 'r.bytes()',
  bool: 'r.bool()',
  int32: 'r.int32()',
  uint32: 'r.uint32()',
  double: 'r.double()',
  int64: 'i64(r)',
};
const SCALAR_DEFAULT = {
  string: "''",
  bytes: 'EMPTY',
  bool: 'false',
  int32: '0',
  uint32: '0',
  double: '0',
  int64: "'0'",
};
const SCALAR_WRITE = {
  string: ['string', 'String(v)'],
  bytes: ['bytes', 'v'],
  bool: ['bool', 'v'],
  int32: ['int32', 'v | 0'],
  uint32: ['uint32', 'v >>> 0'],
  double: ['double', 'Number(v)'],
  int64: ['int64', null],
};
const WIRE = { string: 2, bytes: 2, bool: 0, int32: 0, uint32: 0, double: 1, int64: 0, enum: 0, message: 2 };

/** Parses one .proto text as load.ts did at run time (keepCase; Google's well-known imports from protobufjs). */
function parse(text) {
  const r = new protobuf.Root();
  const { imports } = protobuf.parse(text, r, { keepCase: true });
  for (const file of imports ?? []) r.addJSON(protobuf.common.get(file).nested);
  return r;
}

const plain = (fullName) => fullName.replace(/^\./, '');
const ident = (fullName) => plain(fullName).replace(/\./g, '_');
const q = (s) => `'${s}'`;

async function generate() {
  const texts = {};
  for (const file of new Set(SERVICES.map((s) => s[0])))
    texts[file] = await tsImport(join(root, 'src/protocol/proto', file), import.meta.url);
  const types = new Map();
  const enums = new Map();
  const services = [];
  const visit = (t) => {
    if (types.has(t.fullName)) return;
    types.set(t.fullName, t);
    for (const f of t.fieldsArray) {
      f.resolve();
      if (f.resolvedType instanceof protobuf.Type) visit(f.resolvedType);
      else if (f.resolvedType instanceof protobuf.Enum) enums.set(f.resolvedType.fullName, f.resolvedType);
    }
  };
  for (const [file, name, service] of SERVICES) {
    const s = parse(texts[file][name]).lookupService(service);
    const methods = s.methodsArray.map((m) => {
      m.resolve();
      visit(m.resolvedRequestType);
      visit(m.resolvedResponseType);
      return [m.name, !!m.requestStream, !!m.responseStream, m.resolvedRequestType, m.resolvedResponseType];
    });
    services.push([service, methods]);
  }
  const names = new Set();
  for (const full of [...types.keys(), ...enums.keys()]) {
    if (names.has(ident(full))) throw new Error(`two definitions map to the identifier ${ident(full)}`);
    names.add(ident(full));
  }

  const out = [];
  for (const [full, e] of [...enums].sort()) {
    const ids = Object.keys(e.valuesById).map(Number);
    if (ids.length !== Object.keys(e.values).length)
      throw new Error(`${full}: enum aliases are not supported`);
    const dense = ids.every((n, i) => n === i);
    const table = dense
      ? `[${ids.map((n) => q(e.valuesById[n])).join(', ')}]`
      : `{ ${ids.map((n) => `${n}: ${q(e.valuesById[n])}`).join(', ')} }`;
    out.push(`const E_${ident(full)} = enumOf(${table});`);
  }

  for (const [full, t] of [...types].sort()) {
    const fields = t.fieldsArray.slice().sort((a, b) => a.id - b.id);
    for (const f of fields) {
      if (f.name === '__proto__' || !/^[A-Za-z_$][\w$]*$/.test(f.name))
        throw new Error(`${f.fullName}: field name`);
      if (f.delimited) throw new Error(`${f.fullName}: groups are not supported`);
    }
    if (!fields.length) {
      out.push(`const d_${ident(full)} = none;`, `const e_${ident(full)} = nothing;`);
      continue;
    }
    out.push(decoder(full, fields), encoder(fields));
  }

  const messages = [...types.keys()]
    .sort()
    .map(
      (f) =>
        `  ${q(plain(f))}: codec(${q(plain(f))}, e_${ident(f)}, d_${ident(f)}, ${types.get(f).fieldsArray.length > 0}),`,
    );
  const table = services.map(
    ([service, methods]) =>
      `  ${q(service)}: [\n${methods
        .map(
          ([n, rs, ss, req, res]) =>
            `    [${q(n)}, ${rs}, ${ss}, ${q(plain(req.fullName))}, ${q(plain(res.fullName))}],`,
        )
        .join('\n')}\n  ],`,
  );
  const text = `// Generated by scripts/gen-proto-codecs.mjs (run by scripts/sync-tfplugin.mjs), do not edit: encode/decode for every
// message of tfplugin6.Provider, plugin.GRPCController, plugin.GRPCStdio and grpc.health.v1.Health, straight between
// bytes and the plain objects of protobufjs's toObject (keepCase, enums as names, int64 as decimal strings, bytes as
// Buffer, defaults, oneof names). Checked against protobufjs reflection by test/protocol/codecs.test.ts.
import {
  codec, EMPTY, entry, enumName, enumOf, enumValue, i64, long, map, msg, msgs, none, nothing, strs, sub,
  type Codec, type Reader, type Writer,
} from './runtime.js';

${out.join('\n\n')}

/** Each message's codec by full name (without the leading dot). */
export const MESSAGES: Record<string, Codec> = {
${messages.join('\n')}
};

/** Each service's methods: name, request streaming, response streaming, request and response message. */
export const SERVICES: Record<string, [string, boolean, boolean, string, string][]> = {
${table.join('\n')}
};
`;
  return prettier.format(text, { ...(await prettier.resolveConfig(OUT)), filepath: OUT });

  function kind(f) {
    if (f.resolvedType instanceof protobuf.Enum) return 'enum';
    if (f.resolvedType instanceof protobuf.Type) return 'message';
    if (!(f.type in SCALAR_READ))
      throw new Error(`${f.fullName}: type ${f.type} is not supported by the generator`);
    return f.type;
  }

  function read(f) {
    const k = kind(f);
    if (k === 'enum') return `enumName(E_${ident(f.resolvedType.fullName)}, r.int32())`;
    if (k === 'message') return `sub(r, d_${ident(f.resolvedType.fullName)})`;
    return SCALAR_READ[k];
  }

  function decoder(full, fields) {
    // protobufjs's toObject: repeated, then maps, then the other fields not in a oneof, each group by number.
    const defaults = [
      ...fields.filter((f) => f.repeated).map((f) => `${f.name}: []`),
      ...fields.filter((f) => f.map).map((f) => `${f.name}: {}`),
      ...fields
        .filter((f) => !f.repeated && !f.map && !f.partOf)
        .map((f) => {
          const k = kind(f);
          if (k === 'enum') return `${f.name}: ${q(f.resolvedType.valuesById[f.typeDefault])}`;
          return `${f.name}: ${k === 'message' ? 'null' : SCALAR_DEFAULT[k]}`;
        }),
    ];
    const cases = fields.map((f) => {
      let stmt;
      if (f.map) {
        if (f.keyType !== 'string')
          throw new Error(`${f.fullName}: map keys other than string are not supported`);
        const k = kind(f);
        if (k !== 'message' && k !== 'string') throw new Error(`${f.fullName}: map values of type ${k}`);
        stmt = `entry(r, m.${f.name}, ${k === 'message' ? `d_${ident(f.resolvedType.fullName)}` : 'null'})`;
      } else if (f.repeated) {
        if (!['message', 'string'].includes(kind(f))) throw new Error(`${f.fullName}: repeated ${kind(f)}`);
        stmt = `m.${f.name}.push(${read(f)})`;
      } else stmt = `${f.partOf ? `$${f.name}` : `m.${f.name}`} = ${read(f)}`;
      return `      case ${f.id}:\n        ${stmt};\n        break;`;
    });
    // Oneof members are set after the loop as protobufjs's toObject sets them: by number, each followed by the
    // oneof's name (so with two members on the wire, the higher-numbered one names it).
    const members = fields.filter((f) => f.partOf);
    const locals = members.length ? `  let ${members.map((f) => `$${f.name}: any`).join(', ')};\n` : '';
    const oneofs = members.map(
      (f) =>
        `  if ($${f.name} !== undefined) {\n    m.${f.name} = $${f.name};\n    m.${f.partOf.name} = ${q(f.name)};\n  }\n`,
    );
    return `function d_${ident(full)}(r: Reader, end: number): any {
  const m: any = { ${defaults.join(', ')} };
${locals}  while (r.pos < end) {
    const t = r.uint32();
    switch (t >>> 3) {
${cases.join('\n')}
      default:
        r.skipType(t & 7);
    }
  }
${oneofs.join('')}  return m;
}`;
  }

  function encoder(fields) {
    const full = fields[0].parent.fullName;
    const lines = fields.map((f) => {
      const k = kind(f);
      const tag = (f.id << 3) | (f.map || f.repeated ? 2 : WIRE[k]);
      const name = q(f.fullName);
      const get = `(v = m.${f.name})`;
      if (f.map)
        return `if ${get} map(w, ${tag}, v, ${k === 'message' ? `e_${ident(f.resolvedType.fullName)}` : 'null'}, ${name});`;
      if (f.repeated) {
        if (k === 'message')
          return `if ${get} msgs(w, ${tag}, v, e_${ident(f.resolvedType.fullName)}, ${name});`;
        if (k === 'string') return `if ${get} strs(w, ${tag}, v, ${name});`;
        throw new Error(`${f.fullName}: repeated ${k}`);
      }
      if (k === 'message')
        return `if (${get} != null) msg(w, ${tag}, v, e_${ident(f.resolvedType.fullName)}, ${name});`;
      if (k === 'enum')
        return `if ((v = enumValue(E_${ident(f.resolvedType.fullName)}, m.${f.name})) !== undefined) w.uint32(${tag}).int32(v);`;
      const [method, value] = SCALAR_WRITE[k];
      const guard = k === 'bytes' ? `${get} != null && v.length >= 0` : `${get} != null`;
      return `if (${guard}) w.uint32(${tag}).${method}(${value ?? `long(v, ${name})`});`;
    });
    return `function e_${ident(full)}(m: any, w: Writer): void {
  let v: any;
  ${lines.join('\n  ')}
}`;
  }
}

const text = await generate();
if (process.argv.includes('--stdout')) process.stdout.write(text);
else writeFileSync(OUT, text);
