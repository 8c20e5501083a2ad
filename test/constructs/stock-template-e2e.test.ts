// terraform-provider-uptime/cdktf in users' projects, from the packed tarball: the project `cdktf init
// --template=typescript` creates (its own template files from cdktf-cli: CommonJS, no moduleResolution, run by
// ts-node), a Node16-resolution CommonJS project, and an ESM NodeNext project. Each type-checks with tsc and synthesizes
// an app that uses UptimeMonitor (compiled by tsc and run by node, which is what ts-node does).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packedPackage, REPO_ROOT } from '../helpers/build.js';

const TEMPLATE = join(REPO_ROOT, 'node_modules', 'cdktf-cli', 'bundle', 'templates', 'typescript');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

let work: string;
let packageDir: string;

const MAIN = (importLine: string) => `${importLine}
import { Construct } from 'constructs';
import { App, TerraformStack } from 'cdktf';

class MyStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new provider.UptimeProvider(this, 'uptime', {});
    new UptimeMonitor(this, 'home', { url: 'https://www.example.com/', intervalSeconds: 300 });
  }
}

const app = new App();
new MyStack(app, 'stock');
app.synth();
`;

/** The packed tarball, unpacked as npm installs it, beside this checkout's dependencies. */
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'stock-template-'));
  packageDir = packedPackage(work);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>, without: string[] = []): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const dep of readdirSync(join(REPO_ROOT, 'node_modules')))
    if (dep !== '.bin' && dep !== 'terraform-provider-uptime' && !without.includes(dep))
      symlinkSync(join(REPO_ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  cpSync(packageDir, join(dir, 'node_modules', 'terraform-provider-uptime'), {
    recursive: true,
  });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

function typecheckAndSynth(dir: string, main = 'main.js'): any {
  execFileSync(process.execPath, [TSC, '-p', dir], { cwd: dir, encoding: 'utf8' });
  const out = join(dir, 'cdktf.out');
  execFileSync(process.execPath, [join(dir, main)], { cwd: dir, env: { ...process.env, CDKTF_OUTDIR: out } });
  return JSON.parse(readFileSync(join(out, 'stacks', 'stock', 'cdk.tf.json'), 'utf8'));
}

const fill = (text: string) =>
  text
    .replace('{{ $base }}', 'stock')
    .replace('{{projectId}}', 'test')
    .replace('"{{sendCrashReports}}"', 'false')
    .replace('{{futureFlags}}', '');

test('the stock `cdktf init --template=typescript` project (CommonJS, no moduleResolution): tsc and synth', () => {
  const dir = project('stock', {
    'package.json': fill(readFileSync(join(TEMPLATE, 'package.json'), 'utf8')),
    'tsconfig.json': readFileSync(join(TEMPLATE, 'tsconfig.json'), 'utf8'),
    'cdktf.json': fill(readFileSync(join(TEMPLATE, 'cdktf.json'), 'utf8')),
    'main.ts': MAIN("import { UptimeMonitor, provider } from 'terraform-provider-uptime/cdktf';"),
  });
  expect(JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).compilerOptions).toMatchObject({
    module: 'CommonJS',
  });
  const synth = typecheckAndSynth(dir);
  expect(Object.values(synth.resource.uptime_monitor)).toEqual([
    expect.objectContaining({ url: 'https://www.example.com/', interval_seconds: 300 }),
  ]);
}, 120_000);

test('a CommonJS project with Node16 resolution: tsc and synth (no TS1479)', () => {
  const template = JSON.parse(readFileSync(join(TEMPLATE, 'tsconfig.json'), 'utf8'));
  template.compilerOptions = { ...template.compilerOptions, module: 'Node16', moduleResolution: 'Node16' };
  const dir = project('node16', {
    'package.json': JSON.stringify({ name: 'node16', private: true }),
    'tsconfig.json': JSON.stringify(template),
    'main.ts': MAIN("import { UptimeMonitor, provider } from 'terraform-provider-uptime/cdktf';"),
  });
  expect(Object.keys(typecheckAndSynth(dir).resource.uptime_monitor)).toHaveLength(1);
}, 120_000);

test('an ESM project (type: module, NodeNext): tsc and synth', () => {
  const dir = project('esm', {
    'package.json': JSON.stringify({ name: 'esm', private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
      },
      include: ['*.ts'],
    }),
    'main.ts': MAIN("import { UptimeMonitor, provider } from 'terraform-provider-uptime/cdktf';"),
  });
  expect(Object.keys(typecheckAndSynth(dir).resource.uptime_monitor)).toHaveLength(1);
}, 120_000);

test('CDK Terrain: terraform-provider-uptime/cdktn in a cdktn app without cdktf installed (CommonJS and ESM)', () => {
  const main = MAIN("import { UptimeMonitor, provider } from 'terraform-provider-uptime/cdktn';").replace(
    "from 'cdktf';",
    "from 'cdktn';",
  );
  const cjs = project(
    'cdktn-cjs',
    {
      'package.json': JSON.stringify({ name: 'cdktn-cjs', private: true }),
      'tsconfig.json': readFileSync(join(TEMPLATE, 'tsconfig.json'), 'utf8'),
      'main.ts': main,
    },
    ['cdktf'],
  );
  expect(Object.keys(typecheckAndSynth(cjs).resource.uptime_monitor)).toHaveLength(1);
  const esm = project(
    'cdktn-esm',
    {
      'package.json': JSON.stringify({ name: 'cdktn-esm', private: true, type: 'module' }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
        },
        include: ['*.ts'],
      }),
      'main.ts': main,
    },
    ['cdktf'],
  );
  expect(Object.keys(typecheckAndSynth(esm).resource.uptime_monitor)).toHaveLength(1);
}, 120_000);
