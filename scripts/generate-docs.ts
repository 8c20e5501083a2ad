// `npm run docs`: writes the reference pages (docs/index.md, docs/resources/*.md, docs/data-sources/*.md,
// docs/actions/*.md) from
// the provider's declarations (src/provider), the one source of truth for schema, examples and import text, and
// docs/constructs.md from the product constructs' TSDoc (scripts/construct-docs.ts).
// `npm run docs -- --check` writes nothing and exits 1 when a committed page differs or is missing.
// Guides (docs/guides) are written by hand and left alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderProviderDocs } from '../src/protocol/framework/docs.js';
import { uptimeProvider } from '../src/provider/index.js';
import { renderConstructDocs } from './construct-docs.js';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs');
/** Directories whose every page is generated (anything else in them is stale). */
const GENERATED_DIRS = ['resources', 'data-sources', 'actions'];

interface DocsChanges {
  /** Pages to write (missing or out of date), keyed by path under docs/. */
  write: Map<string, string>;
  /** Pages in generated directories that no declaration produces. */
  remove: string[];
  /** Every generated page. */
  pages: Record<string, string>;
}

function docsChanges(): DocsChanges {
  const pages = { ...renderProviderDocs(uptimeProvider), 'constructs.md': renderConstructDocs() };
  const write = new Map<string, string>();
  for (const [rel, text] of Object.entries(pages)) {
    const file = join(DOCS, rel);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) write.set(rel, text);
  }
  const remove: string[] = [];
  for (const dir of GENERATED_DIRS) {
    const abs = join(DOCS, dir);
    if (!existsSync(abs)) continue;
    for (const name of readdirSync(abs).sort())
      if (!(`${dir}/${name}` in pages)) remove.push(`${dir}/${name}`);
  }
  return { write, remove, pages };
}

/** Differences between the committed reference pages and the declarations, as readable lines (empty when current). */
export function staleDocs(changes: DocsChanges = docsChanges()): string[] {
  const { write, remove } = changes;
  return [
    ...[...write.keys()].map(
      (rel) => `${existsSync(join(DOCS, rel)) ? 'out of date' : 'missing'}: docs/${rel}`,
    ),
    ...remove.map((rel) => `not generated from a declaration: docs/${rel}`),
  ];
}

function main(): void {
  const changes = docsChanges();
  if (process.argv.includes('--check')) {
    const problems = staleDocs(changes);
    if (problems.length) {
      console.error(`${problems.join('\n')}\nRun \`npm run docs\` to regenerate the reference pages.`);
      process.exit(1);
    }
  } else {
    const { write, remove } = changes;
    for (const [rel, text] of write) {
      mkdirSync(dirname(join(DOCS, rel)), { recursive: true });
      writeFileSync(join(DOCS, rel), text);
      console.log(`wrote docs/${rel}`);
    }
    for (const rel of remove) {
      rmSync(join(DOCS, rel));
      console.log(`removed docs/${rel}`);
    }
  }
  console.log(`${Object.keys(changes.pages).length} reference pages up to date`);
}

if (process.argv[1] && resolve(process.argv[1]).endsWith(join('scripts', 'generate-docs.ts'))) main();
