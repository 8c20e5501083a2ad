// The plugin process's gRPC server (on grpc-h2.ts): tfplugin6.Provider (handlers supplied by the framework), the go-plugin
// controller (Shutdown), GRPCStdio (an open, silent stream) and grpc.health.v1 ("plugin" = SERVING).
// Listens on a unix socket or on TCP 127.0.0.1 (which, and which ports: listener.ts); mutual TLS when a client
// certificate is given, plaintext otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createGrpcServer,
  GrpcError,
  GrpcStatus,
  type GrpcMethod,
  type ServerStreamCall,
} from './grpc-h2.js';
import { loadServices, type ServiceDefinition } from './proto/load.js';
import { diagnosticFromError, diagnosticToWire } from './diagnostics.js';
import { listenTcp, type PluginNetwork, type PortRange } from './listener.js';
import type { Logger } from './logging.js';

/** The unary tfplugin6.Provider RPCs the framework can serve (a provider may leave some out). */
export const PROVIDER_RPCS = [
  'GetMetadata',
  'GetProviderSchema',
  'ValidateProviderConfig',
  'ValidateResourceConfig',
  'ValidateDataResourceConfig',
  'UpgradeResourceState',
  'GetResourceIdentitySchemas',
  'UpgradeResourceIdentity',
  'ConfigureProvider',
  'ReadResource',
  'PlanResourceChange',
  'ApplyResourceChange',
  'ImportResourceState',
  'MoveResourceState',
  'ReadDataSource',
  'GenerateResourceConfig',
  'ValidateListResourceConfig',
  'GetFunctions',
  'CallFunction',
  'ValidateActionConfig',
  'PlanAction',
  'StopProvider',
] as const;
/** The server-streaming ones. */
export const PROVIDER_STREAM_RPCS = ['ListResource', 'InvokeAction'] as const;
export type ProviderRpc = (typeof PROVIDER_RPCS)[number];
export type ProviderStreamRpc = (typeof PROVIDER_STREAM_RPCS)[number];

/** Where a streaming handler writes its events; `signal` aborts when the client cancels the stream. */
export interface EventSink {
  write(event: Record<string, unknown>): Promise<void>;
  readonly signal: AbortSignal;
}
export type UnaryHandler = (req: any) => Promise<Record<string, unknown>>;
export type StreamHandler = (req: any, sink: EventSink) => Promise<void>;
/** Wire-level handlers for tfplugin6.Provider: request object in, response object (or events) out. */
export type ProviderHandlers = Partial<Record<ProviderRpc, UnaryHandler>> &
  Partial<Record<ProviderStreamRpc, StreamHandler>>;

/**
 * Thrown by a handler for an RPC the provider does not serve: answered with gRPC UNIMPLEMENTED, which Terraform
 * understands ("not supported"), never with an error diagnostic (fatal for GetResourceIdentitySchemas on 1.13+).
 */
export class UnimplementedError extends Error {
  constructor(rpc: string) {
    super(`${rpc} is not implemented by this provider`);
  }
}

export interface PluginServerOptions {
  handlers: ProviderHandlers;
  logger: Logger;
  /** PEM of the client certificate (PLUGIN_CLIENT_CERT); plaintext when absent. */
  clientCertPem?: string;
  serverCert?: { certPem: string; keyPem: string };
  /** Called after Shutdown has been answered. */
  onShutdown: () => void;
  /** Default: a unix socket in a new temporary folder. */
  listen?: { network: 'unix' } | { network: 'tcp'; ports: PortRange };
}

export interface RunningServer {
  network: PluginNetwork;
  /** The socket's path, or `127.0.0.1:PORT`. */
  address: string;
  close(): void;
}

const MAX_MESSAGE = 256 * 1024 * 1024;

/** Runs a streaming handler on one call: backpressure honoured, client cancellation aborts the handler's signal,
 *  an unexpected failure ends the stream with one event carrying an error diagnostic. */
function serveStream(
  rpc: string,
  fn: StreamHandler,
  request: unknown,
  call: ServerStreamCall,
  log: Logger,
): void {
  const cancelled = call.cancelled;
  const sink: EventSink = {
    signal: cancelled,
    write: (event) =>
      new Promise<void>((resolve) => {
        if (cancelled.aborted) return resolve();
        // Resolved on the next turn of the event loop, so a cancellation (RST_STREAM) that arrived meanwhile is seen
        // before the handler asks the API for another page (http2 buffers many events without backpressure).
        if (call.write(event)) return void setImmediate(resolve);
        // Wait for the client to read, or stop waiting when it cancels (no 'drain' comes then).
        const done = () => {
          cancelled.removeEventListener('abort', done);
          resolve();
        };
        call.onDrain(done);
        cancelled.addEventListener('abort', done, { once: true });
      }),
  };
  log.trace('Received request', { tf_rpc: rpc });
  fn(request, sink).then(
    () => {
      log.trace('Served request', { tf_rpc: rpc });
      if (!cancelled.aborted) call.end();
    },
    (err: unknown) => {
      if (err instanceof UnimplementedError)
        return call.fail(new GrpcError(GrpcStatus.UNIMPLEMENTED, err.message));
      log.error('Unhandled error in RPC', {
        tf_rpc: rpc,
        error: err instanceof Error ? err.message : String(err),
      });
      if (cancelled.aborted) return;
      const diagnostics = [diagnosticToWire(diagnosticFromError(err, `Internal error in ${rpc}`))];
      // The stream's last event carries the error: ListResource's `diagnostic`, InvokeAction's `completed`.
      call.write(rpc === 'InvokeAction' ? { completed: { diagnostics } } : { diagnostic: diagnostics });
      call.end();
    },
  );
}

export async function startPluginServer(opts: PluginServerOptions): Promise<RunningServer> {
  const services = loadServices();
  const log = opts.logger;
  const methods = new Map<string, GrpcMethod>();
  const unary = (def: ServiceDefinition, name: string, handle: (req: any) => Promise<object>) => {
    const m = def[name]!;
    methods.set(m.path, { kind: 'unary', decode: m.requestDeserialize, encode: m.responseSerialize, handle });
  };
  const stream = (
    def: ServiceDefinition,
    name: string,
    handle: (req: any, call: ServerStreamCall) => void,
  ) => {
    const m = def[name]!;
    methods.set(m.path, {
      kind: 'stream',
      decode: m.requestDeserialize,
      encode: m.responseSerialize,
      handle,
    });
  };

  for (const rpc of PROVIDER_RPCS) {
    const fn = opts.handlers[rpc];
    if (!fn) continue; // answered UNIMPLEMENTED, like any unknown method
    unary(services.provider, rpc, async (req) => {
      const started = Date.now();
      log.trace('Received request', { tf_rpc: rpc });
      try {
        const res = await fn(req);
        log.trace('Served request', { tf_rpc: rpc, tf_req_duration_ms: Date.now() - started });
        return res;
      } catch (err) {
        if (err instanceof UnimplementedError) throw new GrpcError(GrpcStatus.UNIMPLEMENTED, err.message);
        log.error('Unhandled error in RPC', {
          tf_rpc: rpc,
          error: err instanceof Error ? err.message : String(err),
        });
        // Terraform never reads gRPC error details: answer with an error diagnostic instead.
        return { diagnostics: [diagnosticToWire(diagnosticFromError(err, `Internal error in ${rpc}`))] };
      }
    });
  }
  for (const rpc of PROVIDER_STREAM_RPCS) {
    const fn = opts.handlers[rpc];
    if (fn) stream(services.provider, rpc, (req, call) => serveStream(rpc, fn, req, call, log));
  }

  const stdioStreams = new Set<ServerStreamCall>();
  stream(services.stdio, 'StreamStdio', (_req, call) => {
    stdioStreams.add(call);
    call.cancelled.addEventListener('abort', () => stdioStreams.delete(call));
  });
  unary(services.health, 'Check', async (req: { service: string }) => {
    if (req.service === '' || req.service === 'plugin') return { status: 'SERVING' };
    throw new GrpcError(GrpcStatus.NOT_FOUND, `unknown service ${req.service}`);
  });

  const at = opts.listen ?? { network: 'unix' };
  const dir = at.network === 'unix' ? mkdtempSync(join(tmpdir(), 'tfp-')) : null;
  let closed = false;
  const server = createGrpcServer({
    methods,
    maxMessageBytes: MAX_MESSAGE,
    ...(opts.clientCertPem && opts.serverCert
      ? { tls: { key: opts.serverCert.keyPem, cert: opts.serverCert.certPem, ca: opts.clientCertPem } }
      : {}),
  });
  const close = () => {
    if (closed) return;
    closed = true;
    for (const s of stdioStreams) s.end();
    server.forceClose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  unary(services.controller, 'Shutdown', async () => {
    log.debug('Shutdown requested');
    // Lets answers in flight (this one included) reach the client, then closes; forced after 500 ms.
    setImmediate(() => {
      for (const s of stdioStreams) s.end();
      server.shutdown(500, () => {
        close();
        opts.onShutdown();
      });
    });
    return {};
  });

  if (dir) {
    const path = join(dir, 'plugin.sock');
    await server.listen({ path });
    return { network: 'unix', address: path, close };
  }
  const ports = at.network === 'tcp' ? at.ports : null;
  const address = await listenTcp((port) => server.listen({ host: '127.0.0.1', port }), ports);
  return { network: 'tcp', address, close };
}
