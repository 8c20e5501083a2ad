// The project around the CDKTF app `uptimectl import --format cdktf` writes, on its first run: main.ts (the stack;
// the user's to edit), cdktf.json, package.json and tsconfig.json. Its scripts run cdktn-cli (CDK Terrain's command
// line), which works on Node 22.19+ and 24; cdktf-cli cannot run on Node 24 (its native terminal module has no build
// for it). The app is written against one of two libraries, which the user chooses with `--cdk`:
// - `cdktn` (default): CDK Terrain, the maintained continuation of CDKTF; `terraform-provider-uptime/cdktn`.
// - `cdktf`: HashiCorp's CDKTF 0.21 (archived), for teams whose other stacks use it; cdktn-cli runs such apps too.

export const CDK_LIBRARIES = ['cdktn', 'cdktf'] as const;
export type CdkLibrary = (typeof CDK_LIBRARIES)[number];

/** The library a new import writes for when `--cdk` is not given. */
export const DEFAULT_CDK_LIBRARY: CdkLibrary = 'cdktn';

/** Where the constructs and bindings come from, per library. */
export function bindingsModule(library: CdkLibrary): string {
  return `terraform-provider-uptime/${library}`;
}

/**
 * The versions the project asks for: the ones this package is built and tested with. Narrow on purpose, because npm
 * refuses a tree whose peers disagree: cdktn-cli 0.24.0 wants exactly cdktn 0.24.0, and cdktn 0.24 wants constructs
 * >=10.6.0 <10.8.0 (a `^10.4.2` would take constructs 10.8, and `npm install` would fail with ERESOLVE).
 * `test/import/cdktf-project.test.ts` holds them against this checkout's installed packages.
 */
export const PROJECT_VERSIONS = {
  cdktn: '0.24.0',
  'cdktn-cli': '0.24.0',
  cdktf: '^0.21.0',
  constructs: '~10.7.2',
  tsx: '^4.20.0',
  typescript: '~5.9.0',
  '@types/node': '^22.0.0',
} as const;

/** cdktn-cli's `engines` (Node 22.19 or later), repeated so npm warns on an older Node before anything fails. */
export const PROJECT_NODE = '>=22.19.0';

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function mainTs(library: CdkLibrary): string {
  return [
    '// Written by `uptimectl import`. The monitors are in imported-<n>.ts; importedMonitors adds them all.',
    '// After the first `npm run deploy` (which imports them into state) the importFrom calls can be removed.',
    `import { App, TerraformStack } from '${library}';`,
    "import type { Construct } from 'constructs';",
    `import { provider } from '${bindingsModule(library)}';`,
    "import { importedMonitors } from './imported-index.js';",
    '',
    'class Monitors extends TerraformStack {',
    '  constructor(scope: Construct, id: string) {',
    '    super(scope, id);',
    '    // base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.',
    "    new provider.UptimeProvider(this, 'uptime', {});",
    '    importedMonitors(this);',
    '  }',
    '}',
    '',
    'const app = new App();',
    "new Monitors(app, 'monitors');",
    'app.synth();',
    '',
  ].join('\n');
}

/** The files of the first run besides imported-1.ts and imported-index.ts. */
export function projectFiles(version: string, library: CdkLibrary): [string, string][] {
  const v = PROJECT_VERSIONS;
  return [
    ['main.ts', mainTs(library)],
    [
      'cdktf.json',
      json({ language: 'typescript', app: 'npx tsx main.ts', terraformProviders: [], context: {} }),
    ],
    [
      'package.json',
      json({
        name: 'uptime-monitors',
        private: true,
        type: 'module',
        engines: { node: PROJECT_NODE },
        scripts: { synth: 'cdktn synth', diff: 'cdktn diff', deploy: 'cdktn deploy' },
        dependencies: {
          [library]: v[library],
          constructs: v.constructs,
          'terraform-provider-uptime': `^${version}`,
        },
        devDependencies: {
          '@types/node': v['@types/node'],
          'cdktn-cli': v['cdktn-cli'],
          tsx: v.tsx,
          typescript: v.typescript,
        },
      }),
    ],
    [
      'tsconfig.json',
      json({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['*.ts'],
      }),
    ],
  ];
}
