// Independent check of `uptimectl provider install` in folders with odd names, proven by real Terraform: the CLI
// configuration's `filesystem_mirror { path = "…" }` must name the mirror exactly. Terraform (and OpenTofu) read that
// file with HCL 1 (internal/command/cliconfig: `hcl.Parse`, hashicorp/hcl v1), whose strings copy a `${…}` as it
// stands and have no `$${` escape, and do not expand environment variables in a mirror's path. So a folder named with
// `${…}`, `%{…}`, quotes, backslashes, tabs or non-ASCII letters must still be found by `terraform init`, and the
// mirror's launcher (a shell script here) must start the provider from such a folder (`terraform validate` reads the
// schema through it).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { withoutSharedPluginCache } from '../../src/cdk/cli.js';
import { installProvider, terraformPlatform } from '../../src/cli/provider-install.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import { requiredProviders, terraformAvailable } from '../helpers/terraform.js';

const describeTf = terraformAvailable() ? describe : describe.skip;

const NAMES = [
  'two words',
  `it's "quoted"`,
  'dollar ${var.x} and $${y} and $HOME',
  'percent %{if true}x%{endif} and %%{z}',
  'back\\slash\\n\\',
  'unicode é ☃ 𝄞 Ωmega',
  'tab\there',
  'brace ${a"b}',
];

function terraform(cwd: string, env: NodeJS.ProcessEnv, args: string[]) {
  return new Promise<{ code: number; out: string }>((resolve) =>
    execFile('terraform', args, { cwd, env }, (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

let root: string;
let launcher: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'install-paths-e2e-'));
  launcher = await buildProvider(REAL_PROVIDER_ENTRY);
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeTf('provider install into a folder with an odd name, read by real Terraform', () => {
  test.each(NAMES.map((n, i) => [n, i] as const))(
    '%j: init finds the mirror, and the provider starts from it',
    async (name, i) => {
      const dir = join(root, String(i), name);
      // The bundle lives in the odd folder too, so the launcher's quoting of its path is read by the shell.
      const bundleDir = join(dir, 'dist');
      mkdirSync(bundleDir, { recursive: true });
      for (const f of readdirSync(dirname(launcher)).filter((f) => f.endsWith('.cjs')))
        copyFileSync(join(dirname(launcher), f), join(bundleDir, f));
      const installed = installProvider({
        dir,
        bundle: join(bundleDir, 'terraform-provider-uptime.cjs'),
        version: '0.1.0',
      });
      const work = join(root, String(i), 'work');
      mkdirSync(work);
      writeFileSync(
        join(work, 'main.tf'),
        `${requiredProviders()}
resource "uptime_monitor" "m" {
  name = "odd folder"
  url  = "https://www.example.com/"
}
`,
      );
      const env = withoutSharedPluginCache({
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CHECKPOINT_DISABLE: '1',
        TF_IN_AUTOMATION: '1',
        TF_CLI_CONFIG_FILE: installed.cliConfigFile,
      });
      const init = await terraform(work, env, ['init', '-no-color']);
      expect(init.out).toContain('Installed uptime-monitoring/uptime v0.1.0');
      expect(init.code).toBe(0);
      expect(
        existsSync(
          join(
            work,
            '.terraform/providers/registry.terraform.io/uptime-monitoring/uptime/0.1.0',
            terraformPlatform(),
          ),
        ),
      ).toBe(true);
      const validate = await terraform(work, env, ['validate', '-no-color']);
      expect(validate.out).toContain('Success! The configuration is valid.');
    },
    120_000,
  );
});
