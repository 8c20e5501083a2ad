import { Testing, TerraformStack } from 'cdktf';
import { staleBindings } from '../../scripts/generate-bindings.js';
import { provider } from '../../src/constructs/index.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

describe('generated CDKTF bindings', () => {
  test('the committed bindings are what the current provider schema generates', async () => {
    expect(await staleBindings()).toEqual([]);
  }, 60_000);

  test('a stack pins the provider version shipped in this same package', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    new provider.UptimeProvider(stack, 'uptime', {
      baseUrl: 'http://127.0.0.1:8080/v1',
      requestTimeoutMs: 5000,
    });
    const synthesized = JSON.parse(Testing.synth(stack)) as Record<string, any>;
    expect(synthesized.terraform.required_providers.uptime).toEqual({
      source: 'uptime-monitoring/uptime',
      version: pkg.version,
    });
    expect(synthesized.provider.uptime).toEqual([
      { base_url: 'http://127.0.0.1:8080/v1', request_timeout_ms: 5000 },
    ]);
  });
});

test('the bindings link to docs that exist (shipped in the package), never to an unpublished registry page', () => {
  const { readdirSync, readFileSync, existsSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const { join } = jest.requireActual<typeof import('node:path')>('node:path');
  const root = join(__dirname, '..', '..');
  const dir = join(root, 'src', 'constructs', 'generated');
  const pages = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    if (!entry.endsWith('.ts')) continue;
    const text = readFileSync(join(dir, entry), 'utf8');
    expect([entry, text.includes('registry.terraform.io/providers')]).toEqual([entry, false]);
    for (const m of text.matchAll(/(docs\/[a-z/_-]+\.md) in the terraform-provider-uptime package/g))
      pages.add(m[1]!);
  }
  expect(pages.size).toBeGreaterThanOrEqual(10);
  for (const p of pages) expect([p, existsSync(join(root, p))]).toEqual([p, true]);
  expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files).toContain('docs');
});
