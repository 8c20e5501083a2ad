'use strict';
/* global __dirname */
// Launcher for the bundled provider (copied to dist/terraform-provider-uptime.cjs by build-provider.mjs).
// Compiles the bundle with a V8 code cache kept next to it, which saves most of the compile time that each of
// Terraform's 3–4 launches per command would otherwise pay. A code cache holds the functions compiled when it was
// written, so it is (re)written when missing or rejected (other Node version), and again when a launch ran code
// paths it was not written after: the bundle names each path it runs (the RPC, through the hook below) and the
// paths a cache covers are kept beside it (<cache>.json). Launches 2–4 of a command (validate, plan, apply) then
// find their functions compiled too; once every path has run, the cache is only read. An unwritable directory
// just means no cache.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const file = path.join(__dirname, 'terraform-provider-uptime.bundle.cjs');
const cacheFile = `${file}.${process.version}.v8cache`;
const pathsFile = `${cacheFile}.json`;
const read = (f, enc) => {
  try {
    return fs.readFileSync(f, enc);
  } catch {
    return undefined;
  }
};

let cachedData = read(cacheFile);
// latin1 when the bundle is ASCII (set by build-provider.mjs): the same string without UTF-8 decoding.
const SOURCE_ENCODING = 'latin1';
const script = new vm.Script(Module.wrap(fs.readFileSync(file, SOURCE_ENCODING)), {
  filename: file,
  cachedData,
});
if (script.cachedDataRejected) cachedData = undefined;
let covered = [];
if (cachedData) {
  try {
    covered = JSON.parse(read(pathsFile, 'utf8') ?? '{}').paths ?? [];
  } catch {
    covered = [];
  }
}
const ran = new Set(covered);
let stale = !cachedData;
let written = false;
const writeCache = () => {
  if (!stale) return;
  stale = false;
  try {
    const paths = [...ran].sort();
    const tmp = `.${process.pid}.tmp`;
    fs.writeFileSync(cacheFile + tmp, script.createCachedData());
    fs.writeFileSync(pathsFile + tmp, `${JSON.stringify({ paths })}\n`);
    fs.renameSync(cacheFile + tmp, cacheFile);
    fs.renameSync(pathsFile + tmp, pathsFile);
  } catch {
    // read-only install: run without a cache
  }
};
// Written 300 ms after the first uncovered path (by then the functions it uses are compiled), or at exit if sooner;
// a path first run later makes another write.
const schedule = () => {
  if (!written) process.once('exit', writeCache);
  written = true;
  setTimeout(writeCache, 300).unref();
};
if (stale) schedule();
globalThis[Symbol.for('terraform-provider-uptime.codePath')] = (name) => {
  if (ran.has(name)) return;
  ran.add(name);
  if (!stale) {
    stale = true;
    schedule();
  }
};

const mod = new Module(file, module);
mod.filename = file;
mod.paths = [];
script.runInThisContext().call(mod.exports, mod.exports, require, mod, file, __dirname);
