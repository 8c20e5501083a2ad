// `--verify`: proves the output plans with imports only. HCL: `terraform init` + `terraform plan` in the output
// directory. CDKTF: synth as `cdktf synth` does it (cdktf.json's app command with CDKTF_OUTDIR and the context; no CDK
// CLI needed, so it works on every Node, also where cdktf-cli's native module cannot load) + `terraform init/plan` in
// each synthesized stack.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { terraformBinary } from '../cdk/terraform-binary.js';

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      cmd,
      args,
      {
        cwd,
        env: { ...process.env, CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1', TF_INPUT: '0', ...env },
        maxBuffer: 512 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        err
          ? reject(
              new Error(
                `${cmd} ${args.join(' ')} failed in ${cwd}:\n${(stderr || stdout).trim().split('\n').slice(-25).join('\n')}`,
              ),
            )
          : resolve(stdout),
    ),
  );
}

// Terraform's and OpenTofu's plan summary lines are the same (OpenTofu: jsonformat/plan.go and
// views/json/change_summary.go, v1.8.0–v1.11.0; its ephemeral resources are not counted); a plan that forgets
// objects ends `, N to forget.` and is not imports only.
const IMPORTS_ONLY = /Plan: (\d+) to import, 0 to add, 0 to change, 0 to destroy\./;

/** The verdict on `plan -no-color` output: imports only (or no changes), else an error quoting the plan. */
export function importsOnly(out: string, dir: string): string {
  const m = IMPORTS_ONLY.exec(out);
  if (m) return `${m[1]} to import, 0 to add, 0 to change, 0 to destroy`;
  if (/No changes\./.test(out)) return 'no changes';
  const summary = /Plan: .*\./.exec(out)?.[0] ?? 'the plan has changes';
  throw new Error(
    `--verify: the plan in ${dir} is not imports only (${summary}):\n${out.split('\n').slice(-60).join('\n')}`,
  );
}

async function planDir(dir: string): Promise<string> {
  const tf = terraformBinary();
  await run(tf, ['init', '-input=false', '-no-color'], dir);
  return importsOnly(await run(tf, ['plan', '-input=false', '-no-color'], dir), dir);
}

/** The app command and context of the output's cdktf.json (what `cdktf synth` runs). */
function readCdktfJson(dir: string): { app: string; context?: Record<string, unknown> } {
  const file = join(dir, 'cdktf.json');
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`--verify: cannot read ${file}: ${(e as Error).message}`);
  }
  const app = (config as { app?: unknown } | null)?.app;
  if (typeof app !== 'string' || !app.trim())
    throw new Error(`--verify: ${file} has no "app" command to synthesize`);
  return config as { app: string; context?: Record<string, unknown> };
}

export async function verify(
  out: string,
  format: 'hcl' | 'cdktf',
  progress: (m: string) => void,
): Promise<string> {
  if (format === 'hcl') {
    progress('verify: terraform init + plan');
    return planDir(out);
  }
  const outdir = join(out, 'cdktf.out');
  const config = readCdktfJson(out);
  progress(`verify: synth (${config.app})`);
  await run('sh', ['-c', config.app], out, {
    CDKTF_OUTDIR: outdir,
    CDKTF_CONTEXT_JSON: JSON.stringify(config.context ?? {}),
  });
  const stacks = join(outdir, 'stacks');
  const results: string[] = [];
  for (const s of readdirSync(stacks)) {
    progress(`verify: terraform init + plan in stack ${s}`);
    results.push(`${s}: ${await planDir(join(stacks, s))}`);
  }
  return results.join('; ');
}
