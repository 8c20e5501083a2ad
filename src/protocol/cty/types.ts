// The cty type model (the subset of go-cty's type system Terraform uses on the wire) and its JSON form,
// which is what Schema.Attribute.type carries (e.g. `"string"`, `["list","number"]`).

export type CtyType =
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'bool' }
  | { kind: 'dynamic' }
  | { kind: 'list'; element: CtyType }
  | { kind: 'set'; element: CtyType }
  | { kind: 'map'; element: CtyType }
  | { kind: 'object'; attributes: Record<string, CtyType>; optional?: string[] }
  | { kind: 'tuple'; elements: CtyType[] };

export const ctyString: CtyType = { kind: 'string' };
export const ctyNumber: CtyType = { kind: 'number' };
export const ctyBool: CtyType = { kind: 'bool' };
export const ctyDynamic: CtyType = { kind: 'dynamic' };
export const ctyList = (element: CtyType): CtyType => ({ kind: 'list', element });
export const ctySet = (element: CtyType): CtyType => ({ kind: 'set', element });
export const ctyMap = (element: CtyType): CtyType => ({ kind: 'map', element });
export const ctyObject = (attributes: Record<string, CtyType>, optional?: string[]): CtyType =>
  optional && optional.length ? { kind: 'object', attributes, optional } : { kind: 'object', attributes };
export const ctyTuple = (elements: CtyType[]): CtyType => ({ kind: 'tuple', elements });

/** The JSON value go-cty produces for a type (object keys sorted, as Go's encoder writes them). */
export function typeToJSON(t: CtyType): unknown {
  switch (t.kind) {
    case 'string':
    case 'number':
    case 'bool':
      return t.kind;
    case 'dynamic':
      return 'dynamic';
    case 'list':
    case 'set':
    case 'map':
      return [t.kind, typeToJSON(t.element)];
    case 'object': {
      const attrs: Record<string, unknown> = {};
      for (const k of Object.keys(t.attributes).sort()) attrs[k] = typeToJSON(t.attributes[k]!);
      return t.optional && t.optional.length ? ['object', attrs, [...t.optional].sort()] : ['object', attrs];
    }
    case 'tuple':
      return ['tuple', t.elements.map(typeToJSON)];
  }
}

export function typeFromJSON(j: unknown): CtyType {
  if (typeof j === 'string') {
    if (j === 'string' || j === 'number' || j === 'bool' || j === 'dynamic') return { kind: j } as CtyType;
    throw new Error(`invalid cty type ${JSON.stringify(j)}`);
  }
  if (Array.isArray(j) && typeof j[0] === 'string') {
    const [kind, arg, opt] = j as [string, unknown, unknown];
    if (kind === 'list' || kind === 'set' || kind === 'map') return { kind, element: typeFromJSON(arg) };
    if (kind === 'tuple' && Array.isArray(arg)) return ctyTuple(arg.map(typeFromJSON));
    if (kind === 'object' && arg && typeof arg === 'object' && !Array.isArray(arg)) {
      const attributes: Record<string, CtyType> = {};
      for (const [k, v] of Object.entries(arg)) attributes[k] = typeFromJSON(v);
      return ctyObject(attributes, Array.isArray(opt) ? (opt as string[]) : undefined);
    }
  }
  throw new Error(`invalid cty type ${JSON.stringify(j)}`);
}

/** Bytes for Schema.Attribute.type. */
export function typeToBytes(t: CtyType): Buffer {
  return Buffer.from(JSON.stringify(typeToJSON(t)));
}

export function typeEquals(a: CtyType, b: CtyType): boolean {
  return JSON.stringify(typeToJSON(a)) === JSON.stringify(typeToJSON(b));
}

export function typeName(t: CtyType): string {
  return JSON.stringify(typeToJSON(t));
}
