'use strict';
// Entry of the single-file executable (Node SEA, built by build-release.ts): compiles the embedded provider bundle
// with the embedded V8 code cache, made by running the provider once at build time, so that the functions used up to
// the handshake are already compiled, as the npm launcher's on-disk cache does. A cache made by another V8 (other
// platforms' executables) is rejected by V8 and the bundle compiles normally.
const sea = require('node:sea');
const vm = require('node:vm');
const Module = require('node:module');

const filename = 'terraform-provider-uptime.bundle.cjs';
let cachedData;
try {
  cachedData = Buffer.from(sea.getAsset('cache'));
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(sea.getAsset('bundle', 'utf8')), { filename, cachedData });
if (process.env.UPTIME_SEA_DEBUG)
  require('node:fs').writeSync(
    2,
    `code cache: ${cachedData ? (script.cachedDataRejected ? 'rejected' : 'used') : 'none'}\n`,
  );
const mod = { exports: {} };
script.runInThisContext().call(mod.exports, mod.exports, require, mod, filename, process.cwd());
