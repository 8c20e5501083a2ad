// A filesystem mirror holding the uptime provider and the cloud-provider stand-ins (schemas.ts) under their real
// sources, a Terraform CLI configuration that installs every provider from it and none from a registry, and the local
// service the uptime provider plans against; and a working directory that plans configurations there with real
// Terraform and returns `terraform show -json`.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutSharedPluginCache } from '../../../src/cdk/cli.js';
import { installProvider, terraformPlatform } from '../../../src/cli/provider-install.js';
import { createService } from '../../../src/service/index.js';
import { testSeed } from '../../provider/helpers.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../../helpers/build.js';
import { refuseInUnitFile } from '../../helpers/unit-guard.js';
import { TEST_CLOUD_PROVIDERS } from './schemas.js';

export const CLOUD_PROVIDER_ENTRY = join(REPO_ROOT, 'test/coverage/providers/main.ts');

export interface CoverageMirror {
  dir: string;
  /** terraform's environment: the CLI configuration, no checkpoint, no input, and the service for the uptime
   *  provider (UPTIME_BASE_URL, UPTIME_API_TOKEN). */
  env: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

/** Starts a local service and installs the uptime provider and every stand-in of TEST_CLOUD_PROVIDERS into a fresh
 *  mirror. */
export async function coverageMirror(): Promise<CoverageMirror> {
  refuseInUnitFile('terraform');
  const svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  const [uptime, cloud] = await Promise.all([
    buildProvider(REAL_PROVIDER_ENTRY),
    buildProvider(CLOUD_PROVIDER_ENTRY),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'tf-coverage-'));
  const { mirrorDir } = installProvider({ dir, bundle: uptime, version: '0.1.0' });
  const sources = new Set<string>(['registry.terraform.io/uptime-monitoring/uptime']);
  for (const [name, p] of Object.entries(TEST_CLOUD_PROVIDERS)) {
    const type = p.source.split('/').pop()!;
    const pkg = join(mirrorDir, p.source, p.version, terraformPlatform());
    mkdirSync(pkg, { recursive: true });
    const exe = join(pkg, `terraform-provider-${type}_v${p.version}`);
    writeFileSync(
      exe,
      `#!/bin/sh\nCOVERAGE_TEST_PROVIDER='${name}' exec '${process.execPath}' '${cloud}' "$@"\n`,
    );
    chmodSync(exe, 0o755);
    sources.add(p.source);
  }
  const list = [...sources].map((s) => `"${s}"`).join(', ');
  const cli = join(dir, 'terraform.rc');
  writeFileSync(
    cli,
    `provider_installation {\n  filesystem_mirror {\n    path    = "${mirrorDir}"\n    include = [${list}]\n  }\n  direct {\n    exclude = [${list}]\n  }\n}\n`,
  );
  const env = withoutSharedPluginCache({
    ...process.env,
    UPTIME_BASE_URL: svc.baseUrl,
    UPTIME_API_TOKEN: svc.tokens.full,
    CHECKPOINT_DISABLE: '1',
    TF_CLI_CONFIG_FILE: cli,
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
  });
  return {
    dir,
    env,
    dispose: async () => {
      rmSync(dir, { recursive: true, force: true });
      await svc.close();
    },
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({
        code: err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 1
          : 0,
        stdout,
        stderr,
      }),
    ),
  );
}

/** A Terraform working directory in the mirror's environment. */
export class CoverageProject {
  readonly dir: string;
  constructor(
    readonly mirror: CoverageMirror,
    name: string,
  ) {
    this.dir = join(mirror.dir, name);
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes files (paths relative to the project; folders made as needed). */
  write(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      const file = join(this.dir, name);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
    }
  }

  async must(args: string[], ok: number[] = [0]): Promise<RunResult> {
    const r = await run('terraform', args, this.dir, this.mirror.env);
    if (!ok.includes(r.code))
      throw new Error(
        `terraform ${args.join(' ')} exited ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`,
      );
    return r;
  }

  /** init (once), plan -out, show -json: the plan JSON as text. */
  async plan(...args: string[]): Promise<string> {
    await this.must(['init', '-no-color', '-input=false']);
    await this.must(['plan', '-no-color', '-input=false', '-out=tfplan', ...args]);
    return (await this.must(['show', '-json', 'tfplan'])).stdout;
  }

  async apply(): Promise<void> {
    await this.must(['init', '-no-color', '-input=false']);
    await this.must(['apply', '-no-color', '-input=false', '-auto-approve']);
  }
}
