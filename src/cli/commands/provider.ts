// `uptimectl provider install`: a filesystem mirror and CLI config so Terraform, OpenTofu and `cdktf deploy` find
// the provider without a registry. Definition only; the work happens in ../provider-install.ts.
import { Command } from 'commander';

interface Options {
  dir: string;
  from?: string;
  lock?: string;
}

export function providerCommand(): Command {
  const provider = new Command('provider').description('Install the provider for Terraform and OpenTofu');
  provider
    .command('install')
    .description(
      'Write a filesystem mirror holding this provider (under registry.terraform.io and registry.opentofu.org) and a CLI config that Terraform and OpenTofu use (--from: the single-file release executables, no Node needed to run them)',
    )
    .option('--dir <dir>', 'where to write mirror/ and terraform.rc', '.terraform-uptime')
    .option(
      '--from <release-dir>',
      'install the release zips of `npm run build:release` (checked against SHA256SUMS)',
    )
    .option(
      '--lock <config-dir>',
      "with --from: write .terraform.lock.hcl in this Terraform directory for every released platform (with TERRAFORM_BINARY_NAME=tofu: OpenTofu's block)",
    )
    .action(async (opts: Options) => {
      const [install, path, url, fs, cp, { terraformBinary }] = await Promise.all([
        import('../provider-install.js'),
        import('node:path'),
        import('node:url'),
        import('node:fs'),
        import('node:child_process'),
        import('../../cdk/terraform-binary.js'),
      ]);
      const lines: string[] = [];
      if (opts.from) {
        const r = install.installFromRelease({ dir: opts.dir, from: opts.from });
        lines.push(
          `Installed uptime-monitoring/uptime ${r.version} (${r.platforms.join(', ')}) from ${opts.from} into ${r.mirrorDir}`,
          `CLI config (Terraform and OpenTofu): ${r.cliConfigFile}`,
        );
        const lockArgs = [
          'providers',
          'lock',
          `-fs-mirror=${r.mirrorDir}`,
          ...r.platforms.map((p) => `-platform=${p}`),
          'uptime-monitoring/uptime',
        ];
        if (opts.lock) {
          // The command the CDK CLIs and the CI recipes run: tofu writes OpenTofu's block (registry.opentofu.org/…).
          const binary = terraformBinary();
          cp.execFileSync(binary, lockArgs, {
            cwd: opts.lock,
            stdio: ['ignore', 'ignore', 'inherit'],
            env: { ...process.env, CHECKPOINT_DISABLE: '1', TF_CLI_CONFIG_FILE: r.cliConfigFile },
          });
          lines.push(
            `Lock file with hashes for ${r.platforms.join(', ')} (${binary} providers lock): ${path.join(opts.lock, '.terraform.lock.hcl')}`,
          );
        }
        lines.push(
          '',
          ...install.cliConfigUsage(r.cliConfigFile),
          '',
          'Lock file for every released platform (offline), then `cdktf deploy` needs no --skip-provider-lock:',
          `  ${install.commandLine(['terraform', ...lockArgs])}`,
          'OpenTofu records its own provider block (registry.opentofu.org/…) in the same .terraform.lock.hcl:',
          `  ${install.commandLine(['tofu', ...lockArgs])}`,
          '',
        );
      } else {
        if (opts.lock) throw new Error('--lock needs --from: lock files hold the hashes of release zips');
        // src/cli/commands or dist/cli/commands → the package root
        const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..', '..', '..');
        const bundle = path.join(root, 'dist', 'terraform-provider-uptime.cjs');
        if (!fs.existsSync(bundle))
          throw new Error(`the provider is not built (${bundle}); run \`npm run build\``);
        const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
          version: string;
        };
        const installed = install.installProvider({ dir: opts.dir, bundle, version });
        const platform = install.terraformPlatform();
        const lock = [
          'providers',
          'lock',
          `-fs-mirror=${installed.mirrorDir}`,
          `-platform=${platform}`,
          'uptime-monitoring/uptime',
        ];
        lines.push(
          `Installed uptime-monitoring/uptime ${version} (${platform}) into ${installed.mirrorDir}`,
          `CLI config (Terraform and OpenTofu): ${installed.cliConfigFile}`,
          '',
          ...install.cliConfigUsage(installed.cliConfigFile),
          '',
          'cdktf deploy offline: make the lock file from the mirror in the stack directory after `cdktf synth`',
          `  ${install.commandLine(['terraform', ...lock])}`,
          '(or deploy with --skip-provider-lock: cdktf cannot lock providers without a registry)',
          'OpenTofu records its own provider block (registry.opentofu.org/…) in the same .terraform.lock.hcl:',
          `  ${install.commandLine(['tofu', ...lock])}`,
          'or install the single-file release (`npm run build:release`, then --from dist/release), whose zips lock for every platform.',
          '',
        );
      }
      process.stdout.write(lines.join('\n'));
    });
  return provider;
}
