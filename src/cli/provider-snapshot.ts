// Entry of the release executable that starts from a V8 startup snapshot (scripts/build-release.ts, SEA
// useSnapshot): at build time it loads and initialises everything (framework, provider, API model, protocol
// codecs, the provider's handlers) and runs one schema request through them; the process that starts from the
// snapshot only reads argv and env, makes the TLS certificate, loads node:http2 and serves. Nothing here may keep
// process state (env, time, randomness, handles) from the build: the runtime (logger, StopProvider signal) is bound
// when the process starts. Every such read sits inside a function (test/cli/release-e2e.test.ts builds with TF_LOG=trace
// and a dead UPTIME_BASE_URL to prove they are read at run time). Node's crypto.randomUUID() keeps a pool that a
// snapshot captures when it is used at build time (two processes would then return the same UUIDs), so nothing in
// the warm-up may call it; the API client makes its Idempotency-Keys with it at run time only.
import { startupSnapshot } from 'node:v8';
import { createProviderHandlers } from '../protocol/framework/server.js';
import { Logger, type LogLevel } from '../protocol/logging.js';
import { formatHandshake } from '../protocol/handshake.js';
import { loadServices, type ServiceDefinition } from '../protocol/proto/load.js';
import type { ProviderRuntime } from '../protocol/serve.js';
import { generateServerCertificate, rawBase64 } from '../protocol/tls.js';
import { uptimeProvider } from '../provider/index.js';
import { runProvider } from './provider-run.js';

/** The runtime serve() makes when the process starts; undefined while the snapshot is built. */
let live: ProviderRuntime | undefined;
const quiet = new Logger('off');

/** Logs through the started process's logger (its level comes from that process's TF_LOG/TF_LOG_PROVIDER). */
class LateLogger extends Logger {
  constructor() {
    super('off');
  }
  private get current(): Logger {
    return live?.logger ?? quiet;
  }
  override named(module: string): Logger {
    return this.current.named(module);
  }
  override enabled(level: LogLevel): boolean {
    return this.current.enabled(level);
  }
  override log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    this.current.log(level, message, fields);
  }
}

const runtime: ProviderRuntime = {
  logger: new LateLogger(),
  get signal() {
    if (!live) throw new Error('no provider runtime while the startup snapshot is built');
    return live.signal;
  },
};
const handlers = createProviderHandlers(uptimeProvider, runtime);

/**
 * Runs, once, the code every launch runs first, so that the snapshot holds it compiled (V8 keeps the bytecode of
 * functions that ran): every message codec, the schema requests answered and encoded, and the certificate maker
 * (its key and certificate are dropped: each process makes its own).
 */
async function warmUp(): Promise<void> {
  const services = loadServices();
  for (const service of Object.values<ServiceDefinition>({ ...services }))
    for (const codec of Object.values(service)) {
      codec.requestDeserialize(codec.requestSerialize({}));
      codec.responseDeserialize(codec.responseSerialize({}));
    }
  for (const rpc of ['GetMetadata', 'GetProviderSchema', 'GetResourceIdentitySchemas'] as const) {
    const codec = services.provider[rpc]!;
    codec.responseDeserialize(codec.responseSerialize(await handlers[rpc]!({})));
  }
  formatHandshake('unix', '/warm-up', rawBase64(generateServerCertificate().der));
}

const start = () =>
  runProvider((r) => {
    live = r;
    return handlers;
  }, true);

if (startupSnapshot.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(start);
  warmUp().catch((err: unknown) => {
    process.stderr.write(
      `startup snapshot: warm-up failed: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  });
} else {
  start();
}
