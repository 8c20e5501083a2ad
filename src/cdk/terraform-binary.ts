// Which Terraform-compatible command line our tools run (plan-report reading a saved plan, adopt, import --verify,
// provider install --lock): the variable the CDK CLIs read for the same choice, TERRAFORM_BINARY_NAME (`tofu` for
// OpenTofu; the CI recipes in examples/ci set it too), else `terraform`, else `tofu` when only OpenTofu is on the PATH.
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean))
    for (const ext of exts) {
      const file = join(dir, name + ext.toLowerCase());
      if (existsSync(file) && statSync(file).isFile()) return true;
    }
  return false;
}

export function terraformBinary(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.TERRAFORM_BINARY_NAME?.trim();
  if (named) return named;
  return !onPath('terraform', env) && onPath('tofu', env) ? 'tofu' : 'terraform';
}
