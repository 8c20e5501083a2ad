// The plugin executable's entry (bundled by esbuild into dist/terraform-provider-uptime.cjs): serves the
// uptime provider over plugin protocol 6. Nothing may be written to stdout before the handshake line.
import { serve } from '../protocol/serve.js';
import { createProviderHandlers } from '../protocol/framework/server.js';
import { PROVIDER_ADDRESS, uptimeProvider } from '../provider/index.js';

serve((runtime) => createProviderHandlers(uptimeProvider, runtime), { address: PROVIDER_ADDRESS }).catch(
  (err: unknown) => {
    process.stderr.write(`terraform-provider-uptime: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
