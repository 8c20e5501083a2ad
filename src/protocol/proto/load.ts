// gRPC service definitions of the plugin's services from the generated codecs (codecs.ts, made at build time by
// scripts/gen-proto-codecs.mjs from the embedded proto text): no .proto parsing, reflection or code generation at
// launch. Requests decode to protobufjs's toObject(decode(b), CONVERSION_OPTIONS) shape; responses encode as
// encode(fromObject(v)) would (test/protocol/codecs.test.ts holds the generated codecs to protobufjs).
import { MESSAGES, SERVICES } from './codecs.js';

/**
 * The plain-object shape of decoded messages, as protobufjs conversion options: enums as names, int64 as decimal
 * strings (never lossy), bytes as Buffer, defaults filled, oneof names set.
 */
export const CONVERSION_OPTIONS = {
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: true,
  oneofs: true,
} as const;

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

function serviceDefinition(fullName: string): ServiceDefinition {
  const definition: ServiceDefinition = {};
  for (const [name, requestStream, responseStream, request, response] of SERVICES[fullName]!) {
    const req = MESSAGES[request]!;
    const res = MESSAGES[response]!;
    definition[name] = {
      path: `/${fullName}/${name}`,
      requestStream,
      responseStream,
      requestSerialize: req.encode,
      requestDeserialize: req.decode,
      responseSerialize: res.encode,
      responseDeserialize: res.decode,
      originalName: name,
    };
  }
  return definition;
}

let cached: Services | undefined;

export function loadServices(): Services {
  cached ??= {
    provider: serviceDefinition('tfplugin6.Provider'),
    controller: serviceDefinition('plugin.GRPCController'),
    stdio: serviceDefinition('plugin.GRPCStdio'),
    health: serviceDefinition('grpc.health.v1.Health'),
  };
  return cached;
}
