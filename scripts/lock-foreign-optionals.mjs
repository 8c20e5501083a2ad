#!/usr/bin/env node
// Run after `npm install` on this machine: the npm mirror here lacks some other-platform builds (for example
// @swc/core-darwin-arm64 at the locked version), so npm leaves them out of package-lock.json and `npm ci` then
// refuses the lock ("Missing: … from lock file"). This adds an entry for every optional dependency the lock
// names but does not hold, with the os/cpu/libc its name encodes, so `npm ci` accepts the lock and skips it.
import fs from 'node:fs';

const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'netbsd',
  'openbsd',
  'aix',
];
const CPU = ['arm64', 'x64', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32', 'arm'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux' && parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const added = [];
for (const [key, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const here = `${key ? `${key}/` : ''}node_modules/${dep}`;
    if (packages[here] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = { version, ...platform, dev: pkg.dev, optional: true };
    added.push(`${dep}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} foreign optional entries:\n  ${added.join('\n  ')}` : 'lock complete',
);
