// Real-Terraform end-to-end helper: a temporary working directory with its own CLI config whose
// filesystem_mirror holds the built provider, and wrappers for init/plan/apply/destroy/show.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { withoutSharedPluginCache } from '../../src/cdk/cli.js';
import { installProvider, terraformPlatform, PROVIDER_SOURCE } from '../../src/cli/provider-install.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refuseInUnitFile } from './unit-guard.js';

export { PROVIDER_SOURCE };

/**
 * True when `terraform` can run. With CI=true a missing terraform throws (CI never skips the e2e tests);
 * elsewhere it prints a notice and returns false so the caller skips.
 */
export function terraformAvailable(): boolean {
  refuseInUnitFile('terraform');
  try {
    execFileSync('terraform', ['version'], {
      env: { ...process.env, CHECKPOINT_DISABLE: '1' },
      stdio: 'ignore',
    });
    return true;
  } catch {
    if (process.env.CI === 'true' || process.env.CI === '1')
      throw new Error('terraform is not on PATH, but CI=true: the end-to-end tests cannot be skipped in CI');
    process.stdout.write('NOTICE: terraform not found on PATH: skipping real-Terraform end-to-end tests\n');
    return false;
  }
}

export const platformDir = terraformPlatform;

/**
 * Heavy real-Terraform matrices (many applies, many service variants) run once per CI run, on the first runtime of
 * the matrix: `.ci/run` sets `UPTIME_HEAVY_E2E=skip` for the others, and the skip is printed, never silent. A plain
 * `npm test` runs them.
 */
export function heavyE2eEnabled(): boolean {
  if (process.env.UPTIME_HEAVY_E2E !== 'skip') return true;
  process.stdout.write(
    `NOTICE: UPTIME_HEAVY_E2E=skip: the heavy end-to-end matrices run on another runtime of this CI run (Node ${process.version} skips them)\n`,
  );
  return false;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface WorkspaceOptions {
  /** Path of the bundled provider (.cjs) to install into the mirror. */
  providerBundle: string;
  version?: string;
  /** Extra environment for terraform and the provider it launches. */
  env?: NodeJS.ProcessEnv;
}

export class TerraformWorkspace {
  readonly dir: string;
  readonly workdir: string;
  readonly env: NodeJS.ProcessEnv;

  private constructor(dir: string, env: NodeJS.ProcessEnv) {
    this.dir = dir;
    this.workdir = join(dir, 'work');
    this.env = env;
  }

  /** Installs the provider into a fresh mirror and writes the CLI config. */
  static create(opts: WorkspaceOptions): TerraformWorkspace {
    const version = opts.version ?? '0.1.0';
    const dir = mkdtempSync(join(tmpdir(), 'tf-e2e-'));
    const { cliConfigFile: cli } = installProvider({ dir, bundle: opts.providerBundle, version });
    mkdirSync(join(dir, 'work'));
    const env = withoutSharedPluginCache({
      ...process.env,
      ...opts.env,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: cli,
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
    });
    return new TerraformWorkspace(dir, env);
  }

  /** Writes main.tf (and any other files) into the working directory. */
  write(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(this.workdir, name), text);
  }

  run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<RunResult> {
    return new Promise((resolve) => {
      execFile(
        'terraform',
        args,
        { cwd: this.workdir, env: { ...this.env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 },
        (err, stdout, stderr) => {
          const code = err
            ? typeof (err as { code?: unknown }).code === 'number'
              ? (err as { code: number }).code
              : 1
            : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  /** Like run, but throws with terraform's output when the exit code is not one of `ok`. */
  async must(args: string[], ok: number[] = [0]): Promise<RunResult> {
    const r = await this.run(args);
    if (!ok.includes(r.code))
      throw new Error(
        `terraform ${args.join(' ')} exited ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`,
      );
    return r;
  }

  init(): Promise<RunResult> {
    return this.must(['init', '-no-color']);
  }

  apply(...extra: string[]): Promise<RunResult> {
    return this.must(['apply', '-auto-approve', '-no-color', ...extra]);
  }

  destroy(): Promise<RunResult> {
    return this.must(['destroy', '-auto-approve', '-no-color']);
  }

  /** `plan -detailed-exitcode`: false = no changes (exit 0), true = changes (exit 2). */
  async planHasChanges(...extra: string[]): Promise<{ changes: boolean; output: string }> {
    const r = await this.must(['plan', '-detailed-exitcode', '-no-color', ...extra], [0, 2]);
    return { changes: r.code === 2, output: r.stdout };
  }

  /** Parsed `terraform show -json`. */
  async show(): Promise<any> {
    return JSON.parse((await this.must(['show', '-json'])).stdout);
  }

  /** The `values` of one resource from `terraform show -json` (by address), or undefined. */
  async resourceValues(address: string): Promise<Record<string, any> | undefined> {
    const s = await this.show();
    return (s.values?.root_module?.resources ?? []).find((r: any) => r.address === address)?.values;
  }

  async providersSchemaJSON(): Promise<string> {
    return (await this.must(['providers', 'schema', '-json'])).stdout;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** required_providers block for the uptime provider. */
export function requiredProviders(version = '0.1.0'): string {
  return `terraform {
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "${version}"
    }
  }
}
`;
}
