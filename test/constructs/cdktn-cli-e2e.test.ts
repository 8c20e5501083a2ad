// The CDK Terrain CLI end to end: a project laid out as `cdktn init --template=typescript` makes it (the template's
// package.json, tsconfig.json and cdktf.json, CommonJS), and the same app as an ESM NodeNext project, each using
// terraform-provider-uptime/cdktn from the packed tarball with no cdktf installed, run `cdktn synth`, `cdktn deploy`
// and `cdktn destroy` against the local service with real Terraform and the provider from a filesystem mirror,
// offline. Needs a Node cdktn-cli supports (its engines field: Node >= 22.19); on older Node it is skipped.
// The ESM project runs with TERRAFORM_BINARY_NAME=tofu, the variable cdktn reads for the binary it runs
// (@cdktn/commons terraform.js: `process.env.TERRAFORM_BINARY_NAME || "terraform"`): no tofu can be installed here,
// so a `tofu` on the PATH records its arguments and hands them to Terraform, and a recording `terraform` beside it
// shows that cdktn never ran `terraform` itself.
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
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
import semver from 'semver';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, packedPackage, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { ServiceApi } from '../provider/helpers.js';

const CLI_PKG = join(REPO_ROOT, 'node_modules', 'cdktn-cli');
const TEMPLATE = join(CLI_PKG, 'bundle', 'templates', 'typescript');
const CDKTN = join(CLI_PKG, 'bin', 'cdktn');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const cliEngines = JSON.parse(readFileSync(join(CLI_PKG, 'package.json'), 'utf8')).engines.node as string;
const cliRuns = semver.satisfies(process.version, cliEngines);
if (!cliRuns)
  process.stdout.write(
    `NOTICE: cdktn-cli needs Node ${cliEngines}; skipping the cdktn CLI tests on ${process.version}\n`,
  );
const describeCli = cliRuns && terraformAvailable() ? describe : describe.skip;

/** Never printed, never in a file. */
const SECRET = `sentinel-${Math.random().toString(16).slice(2)}`;

const MAIN = (stack: string) => `import { Construct } from 'constructs';
import { App, TerraformStack, TerraformVariable } from 'cdktn';
import { UptimeMonitor, provider } from 'terraform-provider-uptime/cdktn';

class MyStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new provider.UptimeProvider(this, 'uptime', {});
    const apiKey = new TerraformVariable(this, 'api_key', { type: 'string', sensitive: true });
    new UptimeMonitor(this, 'home', {
      name: 'cdktn ${stack}',
      url: 'https://www.example.com/${stack}',
      intervalSeconds: 300,
      requestHeaders: [{ name: 'X-Api-Key', value: apiKey.stringValue }],
    });
  }
}

const app = new App();
new MyStack(app, '${stack}');
app.synth();
`;

let work: string;
let packageDir: string;
let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;

beforeAll(async () => {
  if (!cliRuns) return;
  work = mkdtempSync(join(tmpdir(), 'cdktn-cli-'));
  packageDir = packedPackage(work);
  svc = await createService({ port: 0, logErrors: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: {
      UPTIME_BASE_URL: svc.baseUrl,
      UPTIME_API_TOKEN: svc.tokens.full,
      TF_VAR_api_key: SECRET,
      FORCE_COLOR: '0',
    },
  });
}, HANG_GUARD_MS);
afterAll(async () => {
  await svc?.close();
  ws?.dispose();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A project beside this checkout's dependencies (without cdktf and cdktf-cli) with the packed package installed. */
function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const dep of readdirSync(join(REPO_ROOT, 'node_modules')))
    if (!['.bin', 'terraform-provider-uptime', 'cdktf', 'cdktf-cli'].includes(dep))
      symlinkSync(join(REPO_ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  cpSync(packageDir, join(dir, 'node_modules', 'terraform-provider-uptime'), {
    recursive: true,
  });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

/** cdktf.json from the cdktn template; the app is compiled by tsc and run by node (the template's ts-node does that). */
function cdktfJson(): string {
  const json = JSON.parse(
    readFileSync(join(TEMPLATE, 'cdktf.json'), 'utf8')
      .replace('{{projectId}}', 'test')
      .replace('"{{sendCrashReports}}"', 'false')
      .replace('{{futureFlags}}', ''),
  );
  expect(json.app).toBe('npx ts-node main.ts');
  json.app = `"${process.execPath}" "${TSC}" && "${process.execPath}" main.js`;
  return JSON.stringify(json, null, 2);
}

function cdktn(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [CDKTN, ...args],
      { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`cdktn ${args.join(' ')} failed\n--- stdout\n${stdout}\n--- stderr\n${stderr}`))
          : resolve(stdout + stderr),
    ),
  );
}

async function synthDeployDestroy(dir: string, stack: string, env = ws.env): Promise<void> {
  const synthOut = await cdktn(dir, env, 'synth');
  const synth = JSON.parse(readFileSync(join(dir, 'cdktf.out', 'stacks', stack, 'cdk.tf.json'), 'utf8'));
  expect(Object.values(synth.resource.uptime_monitor)).toEqual([
    expect.objectContaining({ name: `cdktn ${stack}`, interval_seconds: 300 }),
  ]);

  // The registry is out of reach: terraform init makes the lock file from the mirror.
  const deployOut = await cdktn(dir, env, 'deploy', '--auto-approve', '--skip-provider-lock');
  expect(deployOut).toMatch(/Apply complete! Resources: 1 added, 0 changed, 0 destroyed\./);
  const live = (await api.listMonitors()).filter((m: any) => m.name === `cdktn ${stack}`);
  expect(live).toEqual([
    expect.objectContaining({
      url: `https://www.example.com/${stack}`,
      intervalSeconds: 300,
      archived: false,
    }),
  ]);
  expect(live[0].requestHeaders).toEqual([expect.objectContaining({ name: 'X-Api-Key', valueSet: true })]);
  expect(existsSync(join(dir, `terraform.${stack}.tfstate`))).toBe(true);

  const destroyOut = await cdktn(dir, env, 'destroy', '--auto-approve');
  expect(destroyOut).toMatch(/Destroy complete! Resources: 1 destroyed\./);
  expect((await api.monitor(live[0].id)).archived).toBe(true);
  for (const out of [synthOut, deployOut, destroyOut]) expect(out).not.toContain(SECRET);
}

describeCli('cdktn CLI (cdktn-cli) with terraform-provider-uptime/cdktn', () => {
  it(
    'a `cdktn init --template=typescript` project (CommonJS): cdktn synth, deploy, destroy',
    async () => {
      const pkg = JSON.parse(
        readFileSync(join(TEMPLATE, 'package.json'), 'utf8').replace('{{ $base }}', 'cjs'),
      );
      expect(pkg.type).toBeUndefined();
      const tsconfig = JSON.parse(readFileSync(join(TEMPLATE, 'tsconfig.json'), 'utf8'));
      expect(tsconfig.compilerOptions.module).toBe('CommonJS');
      const dir = project('cjs', {
        'package.json': JSON.stringify(pkg),
        'tsconfig.json': JSON.stringify(tsconfig),
        'cdktf.json': cdktfJson(),
        'main.ts': MAIN('cjs'),
      });
      await synthDeployDestroy(dir, 'cjs');
    },
    HANG_GUARD_MS,
  );

  it(
    'an ESM project (type: module, NodeNext): cdktn synth, deploy, destroy',
    async () => {
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
        'cdktf.json': cdktfJson(),
        'main.ts': MAIN('esm'),
      });
      // OpenTofu's binary name: `tofu` (recording, then Terraform), and a recording `terraform` that must stay unused.
      const bin = join(work, 'tofu-bin');
      const log = join(work, 'binaries.log');
      const terraform = execFileSync('/bin/sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim();
      mkdirSync(bin);
      for (const name of ['tofu', 'terraform']) {
        writeFileSync(
          join(bin, name),
          `#!/bin/sh\necho "${name} $*" >> '${log}'\nexec '${terraform}' "$@"\n`,
        );
        chmodSync(join(bin, name), 0o755);
      }
      await synthDeployDestroy(dir, 'esm', {
        ...ws.env,
        PATH: `${bin}:${ws.env.PATH}`,
        TERRAFORM_BINARY_NAME: 'tofu',
      });
      // cdktn asks `tofu version -json` / `tofu -v`, then runs init, apply, output (deploy) and init, destroy.
      const calls = readFileSync(log, 'utf8').trim().split('\n');
      expect(calls.filter((c) => !c.startsWith('tofu '))).toEqual([]);
      expect(calls.filter((c) => !/^tofu (version|-v)\b/.test(c))).toEqual([
        'tofu init -no-color',
        'tofu apply -auto-approve -no-color',
        'tofu output -json',
        'tofu init -no-color',
        'tofu destroy -auto-approve -no-color',
      ]);
    },
    HANG_GUARD_MS,
  );
});
