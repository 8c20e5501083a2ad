// The plugin executable's entry (bundled by esbuild into dist/terraform-provider-uptime.cjs): serves the
// uptime provider over plugin protocol 6. Nothing may be written to stdout before the handshake line.
// The provider itself (framework, resources, API model and client) is imported after the handshake; esbuild
// keeps dynamically imported modules lazy inside the bundle. (The linux_amd64 release executable starts from
// provider-snapshot.ts instead, with all of it already loaded.)
import { runProvider } from './provider-run.js';

runProvider(async (runtime) => {
  const [{ createProviderHandlers }, { uptimeProvider }] = await Promise.all([
    import('../protocol/framework/server.js'),
    import('../provider/index.js'),
  ]);
  return createProviderHandlers(uptimeProvider, runtime);
});
