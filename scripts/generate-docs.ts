// `npm run docs`: writes the reference pages (docs/index.md, docs/resources/*.md, docs/data-sources/*.md) from
// the provider's declarations (src/provider), the one source of truth for schema, examples and import text.
// `npm run docs -- --check` writes nothing and exits 1 when a committed page differs or is missing.
// Guides (docs/guides) are written by hand and left alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderProviderDocs } from '../src/protocol/framework/docs.js';
import { uptimeProvider } from '../src/provider/index.js';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
/** Directories whose every page is generated (anything else in them is stale). */
const GENERATED_DIRS = ['resources', 'data-sources'];

const pages = renderProviderDocs(uptimeProvider);
const check = process.argv.includes('--check');
const problems: string[] = [];

for (const [rel, text] of Object.entries(pages)) {
  const file = join(DOCS, rel);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === text) continue;
  if (check) problems.push(`${current === null ? 'missing' : 'out of date'}: docs/${rel}`);
  else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote docs/${rel}`);
  }
}
for (const dir of GENERATED_DIRS) {
  const abs = join(DOCS, dir);
  if (!existsSync(abs)) continue;
  for (const name of readdirSync(abs).sort()) {
    const rel = `${dir}/${name}`;
    if (rel in pages) continue;
    if (check) problems.push(`not generated from a declaration: docs/${rel}`);
    else {
      rmSync(join(abs, name));
      console.log(`removed docs/${rel}`);
    }
  }
}
if (problems.length) {
  console.error(`${problems.join('\n')}\nRun \`npm run docs\` to regenerate the reference pages.`);
  process.exit(1);
}
console.log(`${Object.keys(pages).length} reference pages up to date`);
