// Bundles a provider entry into one self-contained CommonJS file (no module resolution at launch) and puts the
// code-cache launcher beside it.
// Usage: node scripts/build-provider.mjs [entry] [outdir]
//   -> <outdir>/terraform-provider-uptime.bundle.cjs and <outdir>/terraform-provider-uptime.cjs (launcher)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));

/** `undici` (imported by src/client on its first request) is the slim entry that has what the client uses; `zod` is
 *  loaded on first use (provider-zod.cjs), except by that module itself. */
const pluginEntries = {
  name: 'plugin-entries',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, () => ({ path: join(here, 'provider-undici.cjs') }));
    // The module itself gets zod's ESM build, as every other importer did (the same modules, lazily initialised).
    b.onResolve({ filter: /^zod$/ }, (args) =>
      args.pluginData === 'real zod'
        ? undefined
        : args.importer === join(here, 'provider-zod.cjs')
          ? b.resolve('zod', {
              kind: 'import-statement',
              resolveDir: args.resolveDir,
              pluginData: 'real zod',
            })
          : { path: join(here, 'provider-zod.cjs') },
    );
  },
};
const entry = process.argv[2] ?? 'src/cli/provider-main.ts';
const outdir = process.argv[3] ?? 'dist';
mkdirSync(outdir, { recursive: true });
for (const f of readdirSync(outdir)) if (f.includes('.v8cache')) rmSync(join(outdir, f));
await build({
  entryPoints: [entry],
  outfile: join(outdir, 'terraform-provider-uptime.bundle.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: process.env.PROVIDER_NO_MINIFY !== '1',
  legalComments: 'none',
  // `terraform-provider-uptime --version`
  define: {
    __PROVIDER_VERSION__: JSON.stringify(
      JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')).version,
    ),
  },
  logLevel: 'warning',
  plugins: [pluginEntries],
});
// The launcher reads the bundle as latin1 (no UTF-8 decoding) when it is ASCII, as esbuild's default charset makes
// it (comments of an unminified build may not be).
const bundle = readFileSync(join(outdir, 'terraform-provider-uptime.bundle.cjs'));
const encoding = bundle.some((b) => b > 0x7f) ? 'utf8' : 'latin1';
const launcher = readFileSync(join(here, 'provider-launcher.cjs'), 'utf8');
if (!launcher.includes("const SOURCE_ENCODING = 'latin1';"))
  throw new Error('launcher: SOURCE_ENCODING not found');
writeFileSync(
  join(outdir, 'terraform-provider-uptime.cjs'),
  launcher.replace("const SOURCE_ENCODING = 'latin1';", `const SOURCE_ENCODING = '${encoding}';`),
);
