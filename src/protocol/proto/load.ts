// Turns the embedded proto text into gRPC service definitions (no file system access, bundle-friendly).
// The definitions are built straight from protobufjs types, with the (de)serializers @grpc/proto-loader would
// make (`encode(fromObject(v))`, `toObject(decode(b), options)`), but without the reflection descriptors it also
// encodes for every message: those cost ~35 ms at each of Terraform's 3–4 provider launches and nothing reads them.
import protobuf from 'protobufjs';
import { GO_PLUGIN_PROTO, HEALTH_PROTO } from './definitions.js';
import { TFPLUGIN6_PROTO } from './tfplugin6.js';

/** Conversion options: enums as names, int64 as decimal strings (never lossy), bytes as Buffer, defaults filled. */
export const CONVERSION_OPTIONS: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: true,
  oneofs: true,
};

/** One method with its (de)serializers; the shape grpc-js clients also accept (the tests' driver uses one). */
export interface MethodDefinition {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize: (v: object) => Buffer;
  requestDeserialize: (b: Buffer) => any;
  responseSerialize: (v: object) => Buffer;
  responseDeserialize: (b: Buffer) => any;
  originalName: string;
}
export type ServiceDefinition = Record<string, MethodDefinition>;

export interface Services {
  provider: ServiceDefinition;
  controller: ServiceDefinition;
  stdio: ServiceDefinition;
  health: ServiceDefinition;
}

function serviceDefinition(root: protobuf.Root, fullName: string): ServiceDefinition {
  const service = root.lookupService(fullName);
  const definition: ServiceDefinition = {};
  for (const method of service.methodsArray) {
    method.resolve();
    const req = method.resolvedRequestType!;
    const res = method.resolvedResponseType!;
    definition[method.name] = {
      path: `/${fullName}/${method.name}`,
      requestStream: !!method.requestStream,
      responseStream: !!method.responseStream,
      requestSerialize: (v: object) => Buffer.from(req.encode(req.fromObject(v)).finish()),
      requestDeserialize: (b: Buffer) => req.toObject(req.decode(b), CONVERSION_OPTIONS),
      responseSerialize: (v: object) => Buffer.from(res.encode(res.fromObject(v)).finish()),
      responseDeserialize: (b: Buffer) => res.toObject(res.decode(b), CONVERSION_OPTIONS),
      originalName: method.name,
    };
  }
  return definition;
}

/** Parses one .proto text; its imports of Google's well-known types (timestamp.proto) come from protobufjs. */
function parse(text: string): protobuf.Root {
  const root = new protobuf.Root();
  const { imports } = protobuf.parse(text, root, { keepCase: true });
  for (const file of imports ?? []) {
    const wellKnown = protobuf.common.get(file);
    if (!wellKnown) throw new Error(`unresolved proto import ${file}`);
    root.addJSON(wellKnown.nested!);
  }
  return root;
}

let cached: Services | undefined;

export function loadServices(): Services {
  if (cached) return cached;
  const tfplugin6 = parse(TFPLUGIN6_PROTO);
  const plugin = parse(GO_PLUGIN_PROTO);
  cached = {
    provider: serviceDefinition(tfplugin6, 'tfplugin6.Provider'),
    controller: serviceDefinition(plugin, 'plugin.GRPCController'),
    stdio: serviceDefinition(plugin, 'plugin.GRPCStdio'),
    health: serviceDefinition(parse(HEALTH_PROTO), 'grpc.health.v1.Health'),
  };
  return cached;
}
