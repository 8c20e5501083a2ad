// Turns the embedded proto text into grpc-js service definitions (no file system access, bundle-friendly).
import { loadPackageDefinition, type GrpcObject, type ServiceDefinition } from '@grpc/grpc-js';
import { fromJSON, type Options } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { GO_PLUGIN_PROTO, HEALTH_PROTO, TFPLUGIN6_PROTO } from './definitions.js';

/** Loader options: enums as names, int64 as decimal strings (never lossy), bytes as Buffer, defaults filled. */
export const LOADER_OPTIONS: Options = {
  keepCase: true,
  longs: String,
  enums: String,
  bytes: Buffer,
  defaults: true,
  oneofs: true,
};

export interface Services {
  provider: ServiceDefinition;
  controller: ServiceDefinition;
  stdio: ServiceDefinition;
  health: ServiceDefinition;
  /** The raw package objects, for clients (the test driver). */
  packages: { tfplugin6: GrpcObject; plugin: GrpcObject; health: GrpcObject };
}

function pkg(text: string): GrpcObject {
  const root = protobuf.parse(text, { keepCase: true }).root;
  return loadPackageDefinition(fromJSON(root.toJSON(), LOADER_OPTIONS));
}

let cached: Services | undefined;

export function loadServices(): Services {
  if (cached) return cached;
  const tfplugin6 = pkg(TFPLUGIN6_PROTO).tfplugin6 as GrpcObject;
  const plugin = pkg(GO_PLUGIN_PROTO).plugin as GrpcObject;
  const health = ((pkg(HEALTH_PROTO).grpc as GrpcObject).health as GrpcObject).v1 as GrpcObject;
  const svc = (o: GrpcObject, name: string) => (o[name] as unknown as { service: ServiceDefinition }).service;
  cached = {
    provider: svc(tfplugin6, 'Provider'),
    controller: svc(plugin, 'GRPCController'),
    stdio: svc(plugin, 'GRPCStdio'),
    health: svc(health, 'Health'),
    packages: { tfplugin6, plugin, health },
  };
  return cached;
}
