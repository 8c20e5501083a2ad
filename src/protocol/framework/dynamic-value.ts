// DynamicValue coding: msgpack (what Terraform sends) or JSON in, msgpack out; absent or empty means null.
import { decodeMsgpack, encodeMsgpack } from '../cty/msgpack.js';
import { decodeJSON } from '../cty/json.js';
import type { CtyType } from '../cty/types.js';
import type { CtyValue } from '../cty/values.js';

export type DV = { msgpack?: Buffer; json?: Buffer } | null | undefined;

export function decodeDV(c: { type: CtyType }, dv: DV): CtyValue {
  if (dv?.msgpack && dv.msgpack.length) return decodeMsgpack(c.type, dv.msgpack);
  if (dv?.json && dv.json.length) return decodeJSON(c.type, dv.json);
  return null;
}

export function encodeDV(c: { type: CtyType }, v: CtyValue): { msgpack: Buffer } {
  const bytes = encodeMsgpack(c.type, v); // a fresh array: wrap it, no copy
  return { msgpack: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
