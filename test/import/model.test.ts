// Names and literals of the generated configuration: a monitor name can hold anything, the HCL must stay valid and
// inert (no interpolation), and resource names must be valid identifiers, unique and stable.
import { hclString } from '../../src/import/hcl.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST, runImport } from '../../src/import/index.js';
import { slug, uniqueName } from '../../src/import/model.js';

test('HCL strings escape quotes, backslashes, newlines, control characters and template sequences', () => {
  expect(hclString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
  expect(hclString('line\nbreak\ttab')).toBe('"line\\nbreak\\ttab"');
  expect(hclString('${var.secret} %{ if true }')).toBe('"$${var.secret} %%{ if true }"');
  expect(hclString('bell\u0007')).toBe('"bell\\u0007"');
});

test('resource names: slugged identifiers, never empty or starting with a digit, de-duplicated in order', () => {
  expect(slug('Checkout API (EU)')).toBe('checkout_api_eu');
  expect(slug('Café – Crème')).toBe('cafe_creme');
  expect(slug('123 go')).toBe('m_123_go');
  expect(slug('💥')).toBe('monitor');
  const taken = new Set<string>();
  expect(['shop', 'shop', 'shop'].map((s) => uniqueName(s, taken))).toEqual(['shop', 'shop_2', 'shop_3']);
});

test('a damaged import record in --out is a clear error naming the file, before any request', async () => {
  const out = mkdtempSync(join(tmpdir(), 'import-bad-'));
  const opts = {
    out,
    format: 'hcl' as const,
    baseUrl: 'http://127.0.0.1:9/v1',
    token: 'upt_x',
    filters: {},
    version: '0.1.0',
  };
  writeFileSync(join(out, MANIFEST), '{ not json');
  await expect(runImport(opts)).rejects.toThrow(`${join(out, MANIFEST)} is not valid JSON`);
  writeFileSync(join(out, MANIFEST), '[]');
  await expect(runImport(opts)).rejects.toThrow('is not an uptimectl import record');
  writeFileSync(
    join(out, MANIFEST),
    JSON.stringify({ format: 'cdktf', names: {}, imported: [], lookups: {}, files: [] }),
  );
  await expect(runImport(opts)).rejects.toThrow('was written with --format cdktf');
});
