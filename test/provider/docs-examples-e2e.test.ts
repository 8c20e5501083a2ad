// The HCL in the docs is real: every ```terraform / ```hcl block of the reference pages and guides passes
// `terraform fmt -check`, and the ```terraform blocks of each page, put together in one directory, pass
// `terraform init` + `terraform validate` with the built provider from a filesystem mirror (validate runs the
// provider's schema and config validation; it needs no service). Without terraform the test is skipped, except
// with CI=true, where that is a failure (test/helpers/terraform.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import { requiredProviders, terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';

const DOCS = resolve(__dirname, '..', '..', 'docs');
const describeTf = terraformAvailable() ? describe : describe.skip;

interface Block {
  page: string;
  lang: 'terraform' | 'hcl';
  code: string;
}

function docPages(): string[] {
  return [
    'index.md',
    ...['resources', 'data-sources', 'guides'].flatMap((dir) =>
      readdirSync(join(DOCS, dir))
        .filter((n) => n.endsWith('.md'))
        .sort()
        .map((n) => `${dir}/${n}`),
    ),
  ];
}

function blocks(page: string): Block[] {
  const text = readFileSync(join(DOCS, page), 'utf8');
  return [...text.matchAll(/^```(terraform|hcl)\n([\s\S]*?)^```$/gm)].map((m) => ({
    page,
    lang: m[1] as Block['lang'],
    code: m[2]!,
  }));
}

const slug = (page: string) => page.replace(/\.md$/, '').replace(/[^a-z0-9]+/gi, '_');

describeTf('HCL examples in the docs', () => {
  let ws: TerraformWorkspace;
  const all = docPages().flatMap(blocks);

  beforeAll(async () => {
    ws = TerraformWorkspace.create({ providerBundle: await buildProvider(REAL_PROVIDER_ENTRY) });
  }, 120_000);
  afterAll(() => ws?.dispose());

  it('every resource, data source and guide page has examples', () => {
    const withExamples = new Set(all.map((b) => b.page));
    for (const p of docPages()) if (!p.startsWith('guides/')) expect(withExamples.has(p)).toBe(true);
    expect(all.length).toBeGreaterThan(15);
  });

  it('are formatted as `terraform fmt` formats them', async () => {
    mkdirSync(join(ws.workdir, 'fmt'));
    const names = new Map<string, Block>();
    all.forEach((b, i) => {
      const name = `${slug(b.page)}_${i}.tf`;
      names.set(name, b);
      writeFileSync(join(ws.workdir, 'fmt', name), b.code);
    });
    const r = await ws.run(['fmt', '-check', '-diff', '-no-color', 'fmt']);
    expect({ code: r.code, out: r.stdout + r.stderr }).toEqual({ code: 0, out: '' });
  }, 60_000);

  it('validate with the provider (one directory per page: its terraform blocks together)', async () => {
    const byPage = new Map<string, string[]>();
    for (const b of all.filter((x) => x.lang === 'terraform'))
      byPage.set(b.page, [...(byPage.get(b.page) ?? []), b.code]);
    const failures: string[] = [];
    const queue = [...byPage.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [page, codes] = next;
        const dir = `validate_${slug(page)}`;
        mkdirSync(join(ws.workdir, dir));
        const main = codes.join('\n');
        writeFileSync(join(ws.workdir, dir, 'main.tf'), main);
        if (!main.includes('required_providers'))
          writeFileSync(join(ws.workdir, dir, 'versions.tf'), requiredProviders());
        const init = await ws.run([`-chdir=${dir}`, 'init', '-no-color', '-backend=false']);
        if (init.code !== 0) {
          failures.push(`${page}: terraform init\n${init.stdout}${init.stderr}`);
          continue;
        }
        const v = await ws.run([`-chdir=${dir}`, 'validate', '-json', '-no-color']);
        const out = JSON.parse(v.stdout || '{}');
        if (v.code !== 0 || !out.valid || out.warning_count)
          failures.push(
            `${page}: terraform validate\n${JSON.stringify(out.diagnostics ?? v.stderr, null, 2)}`,
          );
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    // Every reference page was validated.
    for (const p of docPages()) if (!p.startsWith('guides/')) expect(byPage.has(p)).toBe(true);
  }, 240_000);
});
