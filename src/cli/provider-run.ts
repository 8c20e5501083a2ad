// What the plugin executable does when it starts, shared by its two entries (provider-main.ts, loading the provider
// after the handshake, and provider-snapshot.ts, restored from a V8 startup snapshot): reads argv and env now.
import { serve, type HandlersFactory } from '../protocol/serve.js';
import { PROVIDER_ADDRESS } from '../provider/address.js';

/** Set by the bundler (scripts/build-provider.mjs); absent when run from source. */
declare const __PROVIDER_VERSION__: string | undefined;

/** `--version`, else serves the provider over plugin protocol 6 (nothing may reach stdout before the handshake). */
export function runProvider(factory: HandlersFactory, fromSnapshot = false): void {
  if (process.argv.includes('--version')) {
    const version = typeof __PROVIDER_VERSION__ === 'string' ? __PROVIDER_VERSION__ : 'development build';
    // The Node that runs it: embedded in the single-file release executable, else the one on the machine.
    const embedded = process.getBuiltinModule('node:sea').isSea();
    const how = [embedded ? 'embedded' : '', fromSnapshot ? 'startup snapshot' : '']
      .filter(Boolean)
      .join(', ');
    const node = `Node ${process.version}${how ? ` (${how})` : ''}`;
    process.stdout.write(
      `terraform-provider-uptime ${version} (plugin protocol 6.0, ${PROVIDER_ADDRESS}; ${node})\n`,
    );
    process.exit(0);
  }
  serve(factory, { address: PROVIDER_ADDRESS }).catch((err: unknown) => {
    process.stderr.write(`terraform-provider-uptime: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
