// `uptimectl provider install`: a filesystem mirror and CLI config so Terraform and `cdktf deploy` find the
// provider without a registry. Definition only; the work happens in ../provider-install.ts.
import { Command } from 'commander';

export function providerCommand(): Command {
  const provider = new Command('provider').description('Install the provider for Terraform');
  provider
    .command('install')
    .description('Write a filesystem mirror holding this provider and a Terraform CLI config that uses it')
    .option('--dir <dir>', 'where to write mirror/ and terraform.rc', '.terraform-uptime')
    .action(async (opts: { dir: string }) => {
      const [{ installProvider, terraformPlatform }, path, url, fs] = await Promise.all([
        import('../provider-install.js'),
        import('node:path'),
        import('node:url'),
        import('node:fs'),
      ]);
      // src/cli/commands or dist/cli/commands → the package root
      const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..', '..', '..');
      const bundle = path.join(root, 'dist', 'terraform-provider-uptime.cjs');
      if (!fs.existsSync(bundle))
        throw new Error(`the provider is not built (${bundle}); run \`npm run build\``);
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        version: string;
      };
      const installed = installProvider({ dir: opts.dir, bundle, version });
      process.stdout.write(
        [
          `Installed uptime-monitoring/uptime ${version} (${terraformPlatform()}) into ${installed.mirrorDir}`,
          `Terraform CLI config: ${installed.cliConfigFile}`,
          '',
          'Use it:',
          `  export TF_CLI_CONFIG_FILE=${installed.cliConfigFile}`,
          '  terraform init',
          '',
          'cdktf deploy offline: cdktf cannot lock providers without a registry, so either',
          '  cdktf deploy --skip-provider-lock',
          'or make the lock file from the mirror first:',
          `  terraform providers lock -fs-mirror=${installed.mirrorDir} -platform=${terraformPlatform()} uptime-monitoring/uptime`,
          '',
        ].join('\n'),
      );
    });
  return provider;
}
