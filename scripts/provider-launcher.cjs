'use strict';
/* global __dirname */
// Launcher for the bundled provider (copied to dist/terraform-provider-uptime.cjs by build-provider.mjs).
// Compiles the bundle with a V8 code cache kept next to it, which saves most of the compile time that each of
// Terraform's 3–4 launches per command would otherwise pay. The cache is (re)written at exit when missing or
// rejected (other Node version); an unwritable directory just means no cache.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, 'terraform-provider-uptime.bundle.cjs');
const cacheFile = `${file}.${process.version}.v8cache`;
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
if (!cachedData || script.cachedDataRejected) {
  let written = false;
  const writeCache = () => {
    if (written) return;
    written = true;
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile);
    } catch {
      // read-only install: run without a cache
    }
  };
  // After startup (functions used until the handshake are compiled by then), or at exit if sooner.
  setTimeout(writeCache, 300).unref();
  process.once('exit', writeCache);
}
const mod = new Module(file, module);
mod.filename = file;
mod.paths = [];
script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, __dirname);
