// The project `uptimectl import --format cdktf` writes around the app (src/import/cdktf-project.ts): its scripts run
// cdktn-cli, its versions are the ones this checkout installs and tests, and npm would accept them together (cdktn-cli
// wants exactly its cdktn, cdktn wants constructs >=10.6.0 <10.8.0); the library (`--cdk`) is the one the output was
// written with on every later run. The install, synth and deploy themselves: cdktf-project-e2e.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { runImport } from '../../src/import/index.js';
import { PROJECT_NODE, PROJECT_VERSIONS, projectFiles } from '../../src/import/cdktf-project.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { REPO_ROOT } from '../helpers/build.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';

const installed = (name: string) =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
    engines?: { node?: string };
    peerDependencies?: Record<string, string>;
  };

test('package.json: cdktn-cli scripts, and versions npm accepts together and this checkout tests', () => {
  for (const library of ['cdktn', 'cdktf'] as const) {
    const pkg = JSON.parse(new Map(projectFiles('0.1.0', library)).get('package.json')!);
    expect(pkg.scripts).toEqual({ synth: 'cdktn synth', diff: 'cdktn diff', deploy: 'cdktn deploy' });
    expect(pkg.devDependencies['cdktn-cli']).toBe(PROJECT_VERSIONS['cdktn-cli']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(
      [library, 'constructs', 'terraform-provider-uptime'].sort(),
    );
    expect(pkg.dependencies['terraform-provider-uptime']).toBe('^0.1.0');
    expect(pkg.devDependencies).not.toHaveProperty('cdktf-cli');
  }
  // Each range holds the version this checkout installs (what the suite runs).
  for (const [name, range] of Object.entries(PROJECT_VERSIONS))
    expect({ name, ok: semver.satisfies(installed(name).version, range) }).toEqual({ name, ok: true });
  // Peers npm checks on install: every version the ranges allow satisfies them.
  const cli = installed('cdktn-cli');
  expect(semver.subset(PROJECT_VERSIONS.cdktn, cli.peerDependencies!.cdktn!)).toBe(true);
  expect(semver.subset(PROJECT_VERSIONS.constructs, installed('cdktn').peerDependencies!.constructs!)).toBe(
    true,
  );
  expect(semver.subset(PROJECT_VERSIONS.constructs, installed('cdktf').peerDependencies!.constructs!)).toBe(
    true,
  );
  // cdktn-cli's own Node requirement, repeated so npm warns before anything fails.
  expect(PROJECT_NODE).toBe(cli.engines!.node);
});

test('main.ts and the imported files import from the chosen library and its bindings', () => {
  const files = new Map(projectFiles('0.1.0', 'cdktn'));
  expect(files.get('main.ts')).toContain("import { App, TerraformStack } from 'cdktn';");
  expect(files.get('main.ts')).toContain("import { provider } from 'terraform-provider-uptime/cdktn';");
  expect(files.get('main.ts')).not.toMatch(/from 'cdktf'/);
  const cdktf = new Map(projectFiles('0.1.0', 'cdktf'));
  expect(cdktf.get('main.ts')).toContain("import { provider } from 'terraform-provider-uptime/cdktf';");
});

describe('the library of an output directory', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  });
  afterAll(() => svc.close());

  const run = (out: string, cdk?: 'cdktn' | 'cdktf') =>
    runImport({
      out,
      format: 'cdktf',
      cdk,
      baseUrl: svc.baseUrl,
      token: svc.tokens.full!,
      filters: { status: [], ids: [], includeArchived: false },
      version: '0.1.0',
    });
  const read = (out: string, f: string) => readFileSync(join(out, f), 'utf8');

  test('cdktn by default, recorded; a later run adds with the same library, a different --cdk is refused', async () => {
    const out = mkdtempSync(join(tmpdir(), 'import-cdk-'));
    await run(out);
    expect(read(out, 'imported-1.ts')).toContain("from 'terraform-provider-uptime/cdktn';");
    expect(JSON.parse(read(out, '.uptimectl-import.json')).cdk).toBe('cdktn');
    await expect(run(out, 'cdktf')).rejects.toThrow(
      /was written with --cdk cdktn; use the same library to add to it/,
    );
  });

  test('--cdk cdktf writes for cdktf; an output written before the choice (no record) stays cdktf', async () => {
    const out = mkdtempSync(join(tmpdir(), 'import-cdk-'));
    await run(out, 'cdktf');
    expect(read(out, 'main.ts')).toContain("from 'cdktf';");
    expect(read(out, 'imported-1.ts')).toContain("from 'terraform-provider-uptime/cdktf';");
    const manifest = JSON.parse(read(out, '.uptimectl-import.json'));
    delete manifest.cdk;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(out, '.uptimectl-import.json'), JSON.stringify(manifest));
    await expect(run(out, 'cdktn')).rejects.toThrow(/was written with --cdk cdktf/);
    const made = await new ServiceApi(svc, svc.tokens.full!).call('POST', '/monitors', {
      name: 'Added later',
      url: 'https://later.cdk.example.com/',
    });
    expect(made.status).toBe(201);
    await expect(run(out)).resolves.toMatchObject({ written: ['imported-2.ts', 'imported-index.ts'] });
    expect(read(out, 'imported-2.ts')).toContain("from 'terraform-provider-uptime/cdktf';");
  });
});
