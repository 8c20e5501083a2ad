// `--verify`: proves the output plans with imports only. HCL: `terraform init` + `terraform plan` in the output
// directory. CDKTF: `cdktf synth` (the app's own command) + `terraform init/plan` in each synthesized stack.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      cmd,
      args,
      {
        cwd,
        env: { ...process.env, CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1', TF_INPUT: '0' },
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

const IMPORTS_ONLY = /Plan: (\d+) to import, 0 to add, 0 to change, 0 to destroy\./;

async function planDir(dir: string): Promise<string> {
  await run('terraform', ['init', '-input=false', '-no-color'], dir);
  const out = await run('terraform', ['plan', '-input=false', '-no-color'], dir);
  const m = IMPORTS_ONLY.exec(out);
  if (m) return `${m[1]} to import, 0 to add, 0 to change, 0 to destroy`;
  if (/No changes\./.test(out)) return 'no changes';
  const summary = /Plan: .*\./.exec(out)?.[0] ?? 'the plan has changes';
  throw new Error(
    `--verify: the plan in ${dir} is not imports only (${summary}):\n${out.split('\n').slice(-60).join('\n')}`,
  );
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
  progress('verify: cdktf synth');
  await run('npx', ['--no-install', 'cdktf', 'synth'], out);
  const stacks = join(out, 'cdktf.out', 'stacks');
  const results: string[] = [];
  for (const s of readdirSync(stacks)) {
    progress(`verify: terraform init + plan in stack ${s}`);
    results.push(`${s}: ${await planDir(join(stacks, s))}`);
  }
  return results.join('; ');
}
