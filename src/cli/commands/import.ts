// `uptimectl import`: configuration and import blocks for the monitors a token can see, planning with imports only.
// Definition only; the work happens in ../../import/index.ts.
import { Command, Option } from 'commander';
import { collectList as collect } from './list-option.js';

interface Options {
  out: string;
  format: 'hcl' | 'cdktf';
  cdk?: 'cdktn' | 'cdktf';
  name?: string;
  status: string[];
  id: string[];
  includeArchived?: boolean;
  verify?: boolean;
  baseUrl?: string;
  token?: string;
}

export function importCommand(): Command {
  return new Command('import')
    .description(
      'Write Terraform (HCL) or CDKTF configuration with import blocks for existing monitors, alert settings and status pages; the plan shows only imports',
    )
    .requiredOption(
      '--out <dir>',
      'output directory (new, or one an earlier run wrote: then only new objects are added)',
    )
    .addOption(new Option('--format <format>', 'output format').choices(['hcl', 'cdktf']).default('hcl'))
    .addOption(
      new Option(
        '--cdk <library>',
        'CDKTF: the library the app is written against: cdktn (CDK Terrain, default) or cdktf (HashiCorp CDKTF 0.21); the project runs cdktn-cli either way (Node 22.19+ and 24)',
      ).choices(['cdktn', 'cdktf']),
    )
    .option('--name <glob>', 'only monitors whose name matches (* and ?, case-insensitive)')
    .addOption(
      new Option('--status <status>', 'only monitors with this status (repeatable, or comma-separated)')
        .choices(['up', 'down', 'pending', 'paused', 'archived'])
        .argParser(collect)
        .default([]),
    )
    .option('--id <id>', 'only these monitor ids (repeatable, or comma-separated)', collect, [] as string[])
    .option('--include-archived', 'also archived monitors (imported with archived = true)')
    .option(
      '--verify',
      'run terraform init + plan (CDKTF: synthesize first, as cdktf synth does) and fail unless the plan shows only imports',
    )
    .option('--base-url <url>', 'service address (default: UPTIME_BASE_URL)')
    .option('--token <token>', 'API token (default: UPTIME_API_TOKEN)')
    .action(async (opts: Options) => {
      const [{ runImport }, { readPackageVersion }] = await Promise.all([
        import('../../import/index.js'),
        import('../../import/version.js'),
      ]);
      const baseUrl = opts.baseUrl ?? process.env.UPTIME_BASE_URL;
      const token = opts.token ?? process.env.UPTIME_API_TOKEN;
      if (!baseUrl) throw new Error('set the service address: --base-url or UPTIME_BASE_URL');
      if (!token) throw new Error('set an API token: --token or UPTIME_API_TOKEN');
      if (opts.cdk && opts.format !== 'cdktf')
        throw new Error('--cdk chooses the library of a CDKTF app: use it with --format cdktf');
      const status = opts.status;
      if (status.includes('archived')) opts.includeArchived = true;
      const started = Date.now();
      const r = await runImport({
        out: opts.out,
        format: opts.format,
        cdk: opts.cdk,
        baseUrl,
        token,
        filters: { name: opts.name, status, ids: opts.id, includeArchived: !!opts.includeArchived },
        verify: !!opts.verify,
        version: readPackageVersion(),
        progress: (m) => process.stderr.write(`${m}\n`),
      });
      const counts = Object.entries(r.counts).map(([t, n]) => `${n} ${t}`);
      process.stdout.write(
        `${counts.length ? `Wrote ${counts.join(', ')} to ${opts.out} (${r.written.join(', ')})` : `Nothing new to import into ${opts.out}`}` +
          ` in ${((Date.now() - started) / 1000).toFixed(1)} s (${r.requests} API requests).\n` +
          (r.verified ? `Verified: ${r.verified}.\n` : '') +
          (opts.format === 'hcl'
            ? 'Next: terraform init && terraform plan (imports only), terraform apply; then the import blocks can be removed.\n'
            : 'Next: npm install && npm run deploy (imports only); then the importFrom calls can be removed.\n'),
      );
    });
}
