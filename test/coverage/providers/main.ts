// Plugin entry of the cloud-provider stand-ins (schemas.ts): the mirror's launcher names which one to serve in
// COVERAGE_TEST_PROVIDER (aws, google, azurerm, cloudflare, cloudflare4, kubernetes).
import { serve } from '../../../src/protocol/serve.js';
import { blockProviderHandlers } from './block-provider.js';
import { TEST_CLOUD_PROVIDERS } from './schemas.js';

const which = process.env.COVERAGE_TEST_PROVIDER ?? '';
const p = TEST_CLOUD_PROVIDERS[which];
if (!p) {
  process.stderr.write(`coverage test provider: unknown COVERAGE_TEST_PROVIDER ${JSON.stringify(which)}\n`);
  process.exit(1);
}
serve(() => blockProviderHandlers(p.decl), { address: p.source }).catch((err: unknown) => {
  process.stderr.write(`coverage test provider: ${String(err)}\n`);
  process.exit(1);
});
