// `npm run generate`: CDKTF bindings from the provider's own schema document (what `uptimectl schema`
// prints), through @cdktf/provider-generator, and the constructs' props from the field declarations
// (scripts/construct-props.ts). No terraform and no registry are needed.
//   tsx scripts/generate-bindings.ts           write src/constructs/generated/
//   tsx scripts/generate-bindings.ts --check   exit 1 when the committed bindings are stale
import { mkdtemp, readFile, readdir, rm, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const GENERATED_DIR = path.join('src', 'constructs', 'generated');
const SOURCE = 'uptime-monitoring/uptime';

/** Generated files keyed by their path under GENERATED_DIR. */
export async function generateBindings(): Promise<Map<string, string>> {
  process.env.CHECKPOINT_DISABLE = '1';
  const [{ renderSchemaDocument }, { uptimeProvider, PROVIDER_ADDRESS }, generator, codemaker, commons] =
    await Promise.all([
      import('../src/protocol/framework/json-schema.js'),
      import('../src/provider/index.js'),
      // The generator class itself: the package index also loads constructs-maker, which needs jsii-pacmak.
      import('@cdktf/provider-generator/lib/get/generator/provider-generator.js'),
      import('codemaker'),
      import('@cdktf/commons'),
    ]);
  const version = await packageVersion();
  const schema = JSON.parse(renderSchemaDocument(uptimeProvider));
  schema.provider_versions = { [PROVIDER_ADDRESS]: version };

  const code = new codemaker.CodeMaker();
  const constraint = new commons.TerraformProviderConstraint(
    `${SOURCE}@~> ${version.split('.').slice(0, 2).join('.')}`,
  );
  new generator.TerraformProviderGenerator(code, schema).generate(
    new commons.ConstructsMakerProviderTarget(constraint, commons.LANGUAGES[0]),
  );
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'uptime-bindings-'));
  try {
    await code.save(tmp);
    const root = path.join(tmp, 'providers', 'uptime');
    const files = new Map<string, string>();
    for (const rel of await listFiles(root)) {
      if (!rel.endsWith('.ts')) continue; // per-namespace README.md files: the docs live in docs/
      files.set(rel, toShippedDocs(toNodeNextImports(await readFile(path.join(root, rel), 'utf8'))));
    }
    // The product constructs' props, from the field declarations.
    const { constructProps } = await import('./construct-props.js');
    for (const [rel, content] of constructProps()) files.set(rel, content);
    return files;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The generator links every attribute to a registry page, which is not published. The same pages ship in this
 * package (docs/, generated from the schema by `npm run docs`): point there instead, naming the attribute.
 */
export function toShippedDocs(source: string): string {
  const URL = String.raw`https:\/\/registry\.terraform\.io\/providers\/[^/\s]+\/[^/\s]+\/[^/\s]+\/docs(?:\/(resources|data-sources)\/([a-z_]+))?(?:#([a-z_]+))?`;
  const page = (kind?: string, name?: string) => (kind ? `docs/${kind}/${name}.md` : 'docs/index.md');
  const where = (kind?: string, name?: string) =>
    `${page(kind, name)} in the terraform-provider-uptime package`;
  return source
    .replace(
      new RegExp(String.raw`Docs at Terraform Registry: \{@link ${URL} [^}]*\}`, 'g'),
      (_m, kind?: string, name?: string, anchor?: string) =>
        `Docs: ${where(kind, name)}` +
        (anchor === 'import' ? ', section Import' : anchor ? `, attribute \`${anchor}\`` : ''),
    )
    .replace(
      new RegExp(String.raw`\{@link ${URL} ([^}]*)\}`, 'g'),
      (_m, kind?: string, name?: string, _anchor?: string, text?: string) => `${text} (${where(kind, name)})`,
    )
    .replace(new RegExp(URL, 'g'), (_m, kind?: string, name?: string) => where(kind, name));
}

/** The generator writes extensionless relative imports; this package is ESM with NodeNext resolution. */
function toNodeNextImports(source: string): string {
  return source.replace(/(from\s+|import\()'(\.{1,2}\/[^']*)'/g, (_m, lead: string, spec: string) => {
    const target = spec.endsWith('.js') ? spec : `${spec}/index.js`;
    return `${lead}'${target}'`;
  });
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

async function packageVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.resolve('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Differences between fresh bindings and the committed ones, as readable lines (empty when current). */
export async function staleBindings(): Promise<string[]> {
  const fresh = await generateBindings();
  const problems: string[] = [];
  const committed = existsSync(GENERATED_DIR) ? await listFiles(GENERATED_DIR) : [];
  for (const [rel, content] of fresh) {
    const file = path.join(GENERATED_DIR, rel);
    if (!existsSync(file)) problems.push(`missing: ${file}`);
    else if ((await readFile(file, 'utf8')) !== content) problems.push(`differs: ${file}`);
  }
  for (const rel of committed)
    if (!fresh.has(rel)) problems.push(`no longer generated: ${path.join(GENERATED_DIR, rel)}`);
  return problems;
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const problems = await staleBindings();
    if (problems.length) {
      console.error(`CDKTF bindings are stale; run \`npm run generate\`:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log('CDKTF bindings are current');
    return;
  }
  const files = await generateBindings();
  await rm(GENERATED_DIR, { recursive: true, force: true });
  for (const [rel, content] of files) {
    const file = path.join(GENERATED_DIR, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  console.log(`wrote ${files.size} files under ${GENERATED_DIR}`);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('scripts', 'generate-bindings.ts'))) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
