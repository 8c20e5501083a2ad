// The plugin executable's entry (bundled by esbuild into dist/terraform-provider-uptime.cjs): serves the
// uptime provider over plugin protocol 6. Nothing may be written to stdout before the handshake line.
// The provider itself (framework, resources, API model and client) is imported after the handshake; esbuild
// keeps dynamically imported modules lazy inside the bundle.
import { serve } from '../protocol/serve.js';
import { PROVIDER_ADDRESS } from '../provider/address.js';

/** Set by the bundler (scripts/build-provider.mjs); absent when run from source. */
declare const __PROVIDER_VERSION__: string | undefined;

if (process.argv.includes('--version')) {
  const version = typeof __PROVIDER_VERSION__ === 'string' ? __PROVIDER_VERSION__ : 'development build';
  // The Node that runs it: embedded in the single-file release executable, else the one on the machine.
  const node = `Node ${process.version}${process.getBuiltinModule('node:sea').isSea() ? ' (embedded)' : ''}`;
  process.stdout.write(
    `terraform-provider-uptime ${version} (plugin protocol 6.0, ${PROVIDER_ADDRESS}; ${node})\n`,
  );
  process.exit(0);
}

serve(
  async (runtime) => {
    const [{ createProviderHandlers }, { uptimeProvider }] = await Promise.all([
      import('../protocol/framework/server.js'),
      import('../provider/index.js'),
    ]);
    return createProviderHandlers(uptimeProvider, runtime);
  },
  { address: PROVIDER_ADDRESS },
).catch((err: unknown) => {
  process.stderr.write(`terraform-provider-uptime: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
