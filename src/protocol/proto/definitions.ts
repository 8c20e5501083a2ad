// go-plugin's grpc_controller.proto / grpc_stdio.proto and grpc.health.v1, reduced to what the plugin server
// registers (names and field numbers exactly those of the originals, MPL-2.0 / Apache-2.0). Terraform's own
// tfplugin6 definitions are in tfplugin6.ts. Read by scripts/gen-proto-codecs.mjs, which generates codecs.ts.

export const GO_PLUGIN_PROTO = `
syntax = "proto3";
package plugin;

message Empty {}

service GRPCController {
  rpc Shutdown(Empty) returns (Empty);
}

message StdioData {
  enum Channel {
    INVALID = 0;
    STDOUT = 1;
    STDERR = 2;
  }
  Channel channel = 1;
  bytes data = 2;
}

service GRPCStdio {
  rpc StreamStdio(Empty) returns (stream StdioData);
}
`;
// Note: GRPCStdio's request is google.protobuf.Empty upstream; an empty message has the same (empty) wire form.

export const HEALTH_PROTO = `
syntax = "proto3";
package grpc.health.v1;

message HealthCheckRequest {
  string service = 1;
}
message HealthCheckResponse {
  enum ServingStatus {
    UNKNOWN = 0;
    SERVING = 1;
    NOT_SERVING = 2;
    SERVICE_UNKNOWN = 3;
  }
  ServingStatus status = 1;
}
service Health {
  rpc Check(HealthCheckRequest) returns (HealthCheckResponse);
}
`;
