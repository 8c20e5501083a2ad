// Process entry for a provider plugin: launch checks, where to listen (listener.ts), AutoMTLS, server start,
// handshake line, lifecycle (SIGINT ignored, exit on Shutdown or when Terraform is gone: parent-watch.ts), and the
// --debug (reattach) mode. On Windows Ctrl-C reaches the plugin as SIGINT too (ignored, like go-plugin's
// os.Interrupt), SIGTERM never comes, and Terraform's kill is TerminateProcess: nothing is left behind on TCP.
import { checkLaunch, formatHandshake, APP_PROTOCOL_VERSION } from './handshake.js';
import { ListenConfigError, pluginNetwork, portRange } from './listener.js';
import { Logger } from './logging.js';
import { watchParent } from './parent-watch.js';
import {
  PROVIDER_RPCS,
  PROVIDER_STREAM_RPCS,
  startPluginServer,
  UnimplementedError,
  type ProviderHandlers,
} from './server.js';
import { generateServerCertificate, rawBase64 } from './tls.js';

/** What the framework needs from the process: logging and cancellation (StopProvider). */
export interface ProviderRuntime {
  logger: Logger;
  /** Aborted when Terraform calls StopProvider; a fresh signal is issued afterwards. */
  readonly signal: AbortSignal;
}

export interface ServeOptions {
  /** Full provider address, used in the --debug reattach line. */
  address: string;
  argv?: string[];
  env?: NodeJS.ProcessEnv;
}

export type HandlersFactory = (runtime: ProviderRuntime) => ProviderHandlers | Promise<ProviderHandlers>;

/** Tells the npm launcher (scripts/provider-launcher.cjs), when it runs us, which code path (RPC) runs: its V8
 *  code cache is rewritten once after a path it does not cover yet. Read at call time, never at module load. */
function noteCodePath(rpc: string): void {
  const note = (globalThis as Record<symbol, unknown>)[Symbol.for('terraform-provider-uptime.codePath')];
  if (typeof note === 'function') (note as (name: string) => void)(rpc);
}

export async function serve(factory: HandlersFactory, opts: ServeOptions): Promise<void> {
  const env = opts.env ?? process.env;
  const argv = opts.argv ?? process.argv.slice(2);
  const debug = argv.includes('--debug');
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(
      `Terraform provider plugin for ${opts.address}.\nUsage: run by Terraform; --debug serves for TF_REATTACH_PROVIDERS.\n`,
    );
    process.exit(0);
  }
  if (!debug) {
    const check = checkLaunch(env);
    if (!check.ok) {
      process.stderr.write(check.message);
      process.exit(1);
    }
  }

  const logger = new Logger(undefined, 'provider');
  let stopper = new AbortController();
  const runtime: ProviderRuntime = {
    logger,
    get signal() {
      return stopper.signal;
    },
  };
  // The handlers (and everything they import) are built after the handshake line: Terraform launches the
  // provider 3–4 times per command, and the handshake only needs the gRPC server. Each RPC waits for them.
  let startBuilding!: () => void;
  const loaded = new Promise<ProviderHandlers>((resolve) => {
    startBuilding = () => resolve(Promise.resolve().then(() => factory(runtime)));
  });
  // A provider that cannot be built answers every RPC with the error as a diagnostic (see server.ts).
  loaded.catch((err: unknown) =>
    logger.error('provider failed to start', { error: err instanceof Error ? err.message : String(err) }),
  );
  // Every RPC the framework knows is registered before the handlers exist; one the provider leaves out answers
  // gRPC UNIMPLEMENTED (never an error diagnostic: Terraform ≥1.13 treats one from GetResourceIdentitySchemas as
  // fatal), exactly like an RPC the server never registered.
  const handlers: ProviderHandlers = {};
  for (const rpc of PROVIDER_RPCS) {
    handlers[rpc] = async (req: unknown) => {
      noteCodePath(rpc);
      const fn = (await loaded)[rpc];
      if (!fn) throw new UnimplementedError(rpc);
      return fn(req);
    };
  }
  for (const rpc of PROVIDER_STREAM_RPCS) {
    handlers[rpc] = async (req, sink) => {
      noteCodePath(rpc);
      const fn = (await loaded)[rpc];
      if (!fn) throw new UnimplementedError(rpc);
      return fn(req, sink);
    };
  }
  handlers.StopProvider = async () => {
    logger.info('StopProvider: cancelling work in flight');
    stopper.abort(new Error('provider stopped by Terraform'));
    stopper = new AbortController();
    return { Error: '' };
  };

  const clientCertPem = debug ? undefined : env.PLUGIN_CLIENT_CERT || undefined;
  const serverCert = clientCertPem ? generateServerCertificate() : undefined;
  let running: Awaited<ReturnType<typeof startPluginServer>>;
  try {
    const network = pluginNetwork(env);
    running = await startPluginServer({
      handlers,
      logger,
      ...(clientCertPem ? { clientCertPem } : {}),
      ...(serverCert ? { serverCert } : {}),
      onShutdown: () => process.exit(0),
      listen: network === 'tcp' ? { network, ports: portRange(env) } : { network },
    });
  } catch (err) {
    if (!(err instanceof ListenConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  logger.debug('plugin address', { network: running.network, address: running.address });

  if (debug) {
    const reattach = {
      [opts.address]: {
        Protocol: 'grpc',
        ProtocolVersion: APP_PROTOCOL_VERSION,
        Pid: process.pid,
        Test: true,
        Addr: { Network: running.network, String: running.address },
      },
    };
    process.stdout.write(
      `Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='${JSON.stringify(reattach)}'\n\n`,
    );
    const stop = () => {
      running.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    startBuilding();
    return;
  }

  // Ctrl-C reaches the whole process group; Terraform follows up with StopProvider, so ignore SIGINT.
  process.on('SIGINT', () => logger.debug('SIGINT ignored; waiting for StopProvider/Shutdown'));
  process.on('SIGTERM', () => {
    running.close();
    process.exit(0);
  });
  process.on('exit', () => running.close());
  watchParent((why) => {
    logger.warn('Terraform went away; exiting', { reason: why });
    running.close();
    process.exit(0);
  });

  process.stdout.write(
    formatHandshake(running.network, running.address, serverCert ? rawBase64(serverCert.der) : ''),
  );
  startBuilding();
}
