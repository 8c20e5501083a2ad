// The stack of public-endpoints-stack.ts as an app of its own, on the built package:
// `tsx public-endpoints-app.ts <cdktf|cdktn> <outdir> <stack|app>` loads the CDK library it names and this package's
// CommonJS build for it (dist/cjs/constructs, or dist/cjs/cdktn with every `cdktf` import rewritten), adds
// MonitorPublicEndpoints to the stack (or to the App, where CDKTF never runs it) and synthesizes twice into <outdir>.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointStack, type Libraries } from './public-endpoints-stack.js';

const require = createRequire(import.meta.url);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const [lib = 'cdktf', outdir = 'cdktf.out', where = 'stack'] = process.argv.slice(2);
const cdk = require(lib) as Libraries['cdk'] & typeof import('cdktf');
const uptime = require(
  join(repo, 'dist', 'cjs', lib === 'cdktn' ? 'cdktn' : 'constructs', 'index.js'),
) as typeof import('../../src/constructs/index.js');
const app = new cdk.App({ outdir });
const { stack } = endpointStack({ cdk, uptime }, app);
cdk.Aspects.of(where === 'app' ? app : stack).add(
  new uptime.MonitorPublicEndpoints({ intervalSeconds: 300 }),
);
app.synth();
app.synth();
