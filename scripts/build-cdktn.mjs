// terraform-provider-uptime/cdktn: the same constructs and generated bindings for CDK Terrain (cdktn, the maintained
// continuation of CDKTF). The built constructs (ESM in dist/constructs, CommonJS in dist/cjs/constructs) are copied
// to dist/cdktn and dist/cjs/cdktn with every `cdktf` module specifier rewritten to `cdktn`; their relative imports
// of the provider and the API model resolve to the same shared files.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SPECIFIER = /(from\s+|require\(|import\()(['"])cdktf\2/g;

function rewrite(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) rewrite(file);
    else if (/\.(js|d\.ts)$/.test(name)) {
      const text = readFileSync(file, 'utf8');
      const next = text.replace(SPECIFIER, '$1$2cdktn$2');
      if (next !== text) writeFileSync(file, next);
    }
  }
}

for (const [from, to] of [
  ['dist/constructs', 'dist/cdktn'],
  ['dist/cjs/constructs', 'dist/cjs/cdktn'],
]) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('.map') });
  rewrite(to);
}
