// The CommonJS build (dist/cjs) beside the ESM one: `require('terraform-provider-uptime/cdktf')` from a CommonJS
// project (the stock `cdktf init --template=typescript` app) gets CommonJS code and CommonJS-typed declarations.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.cjs.json'], {
  stdio: 'inherit',
});
// Marks the .js and .d.ts files under dist/cjs as CommonJS for Node and for TypeScript's node16/nodenext resolution.
writeFileSync('dist/cjs/package.json', '{ "type": "commonjs" }\n');
