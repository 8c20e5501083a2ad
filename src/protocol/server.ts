// The plugin process's gRPC server: tfplugin6.Provider (handlers supplied by the framework), the go-plugin
// controller (Shutdown), GRPCStdio (an open, silent stream) and grpc.health.v1 ("plugin" = SERVING).
// Listens on a unix socket; mutual TLS when a client certificate is given, plaintext otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { loadServices } from './proto/load.js';
import { diagnosticFromError, diagnosticToWire } from './diagnostics.js';
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
  'ReadDataSource',
  'GenerateResourceConfig',
  'ValidateListResourceConfig',
  'GetFunctions',
  'StopProvider',
] as const;
/** The server-streaming ones. */
export const PROVIDER_STREAM_RPCS = ['ListResource'] as const;
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
}

export interface RunningServer {
  network: 'unix';
  address: string;
  close(): void;
}

const MAX_MESSAGE = 256 * 1024 * 1024;

/** Runs a streaming handler on one call: backpressure honoured, client cancellation aborts the handler's signal,
 *  an unexpected failure ends the stream with one event carrying an error diagnostic. */
function serveStream(
  rpc: string,
  fn: StreamHandler,
  call: ServerWritableStream<any, any>,
  log: Logger,
): void {
  const cancelled = new AbortController();
  call.on('cancelled', () => cancelled.abort(new Error(`${rpc} cancelled by the client`)));
  const sink: EventSink = {
    signal: cancelled.signal,
    write: (event) =>
      new Promise<void>((resolve) => {
        if (cancelled.signal.aborted) return resolve();
        if (call.write(event)) return resolve();
        // Wait for the client to read, or stop waiting when it cancels (no 'drain' comes then).
        const done = () => {
          call.off('drain', done);
          cancelled.signal.removeEventListener('abort', done);
          resolve();
        };
        call.once('drain', done);
        cancelled.signal.addEventListener('abort', done, { once: true });
      }),
  };
  log.trace('Received request', { tf_rpc: rpc });
  fn(call.request, sink).then(
    () => {
      log.trace('Served request', { tf_rpc: rpc });
      if (!cancelled.signal.aborted) call.end();
    },
    (err: unknown) => {
      if (err instanceof UnimplementedError) {
        call.emit('error', { code: status.UNIMPLEMENTED, details: err.message });
        return;
      }
      log.error('Unhandled error in RPC', {
        tf_rpc: rpc,
        error: err instanceof Error ? err.message : String(err),
      });
      if (cancelled.signal.aborted) return;
      call.write({ diagnostic: [diagnosticToWire(diagnosticFromError(err, `Internal error in ${rpc}`))] });
      call.end();
    },
  );
}

export async function startPluginServer(opts: PluginServerOptions): Promise<RunningServer> {
  const services = loadServices();
  const server = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE,
    'grpc.max_send_message_length': MAX_MESSAGE,
    // Channelz keeps per-call bookkeeping nobody reads here; off saves a few percent of a 1,000-resource plan.
    'grpc.enable_channelz': 0,
  });
  const log = opts.logger;

  const provider: UntypedServiceImplementation = {};
  for (const rpc of PROVIDER_RPCS) {
    const fn = opts.handlers[rpc];
    if (!fn) continue; // grpc-js answers UNIMPLEMENTED
    provider[rpc] = (call: ServerUnaryCall<any, any>, cb: sendUnaryData<any>) => {
      const started = Date.now();
      log.trace('Received request', { tf_rpc: rpc });
      fn(call.request).then(
        (res) => {
          log.trace('Served request', { tf_rpc: rpc, tf_req_duration_ms: Date.now() - started });
          cb(null, res);
        },
        (err: unknown) => {
          if (err instanceof UnimplementedError)
            return cb({ code: status.UNIMPLEMENTED, details: err.message });
          log.error('Unhandled error in RPC', {
            tf_rpc: rpc,
            error: err instanceof Error ? err.message : String(err),
          });
          // Terraform never reads gRPC error details: answer with an error diagnostic instead.
          cb(null, { diagnostics: [diagnosticToWire(diagnosticFromError(err, `Internal error in ${rpc}`))] });
        },
      );
    };
  }
  for (const rpc of PROVIDER_STREAM_RPCS) {
    const fn = opts.handlers[rpc];
    if (fn) provider[rpc] = (call: ServerWritableStream<any, any>) => serveStream(rpc, fn, call, log);
  }
  server.addService(services.provider, provider);

  const stdioStreams = new Set<ServerWritableStream<any, any>>();
  server.addService(services.stdio, {
    StreamStdio: (call: ServerWritableStream<any, any>) => {
      stdioStreams.add(call);
      call.on('cancelled', () => stdioStreams.delete(call));
    },
  });
  server.addService(services.health, {
    Check: (call: ServerUnaryCall<any, any>, cb: sendUnaryData<any>) => {
      const svc = call.request.service as string;
      if (svc === '' || svc === 'plugin') cb(null, { status: 'SERVING' });
      else cb({ code: status.NOT_FOUND, details: `unknown service ${svc}` });
    },
  });

  const dir = mkdtempSync(join(tmpdir(), 'tfp-'));
  const address = join(dir, 'plugin.sock');
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    for (const s of stdioStreams) s.end();
    server.forceShutdown();
    rmSync(dir, { recursive: true, force: true });
  };
  /** Lets answers in flight (the Shutdown reply itself) reach the client, then closes; forced after 500 ms. */
  const drainAndClose = (done: () => void) => {
    for (const s of stdioStreams) s.end();
    const force = setTimeout(() => {
      close();
      done();
    }, 500);
    server.tryShutdown(() => {
      clearTimeout(force);
      close();
      done();
    });
  };

  server.addService(services.controller, {
    Shutdown: (_call: ServerUnaryCall<any, any>, cb: sendUnaryData<any>) => {
      log.debug('Shutdown requested');
      cb(null, {});
      setImmediate(() => drainAndClose(opts.onShutdown));
    },
  });

  const creds =
    opts.clientCertPem && opts.serverCert
      ? ServerCredentials.createSsl(
          Buffer.from(opts.clientCertPem),
          [
            {
              cert_chain: Buffer.from(opts.serverCert.certPem),
              private_key: Buffer.from(opts.serverCert.keyPem),
            },
          ],
          true,
        )
      : ServerCredentials.createInsecure();

  await new Promise<void>((resolve, reject) =>
    server.bindAsync(`unix:${address}`, creds, (err) => (err ? reject(err) : resolve())),
  );
  return { network: 'unix', address, close };
}
