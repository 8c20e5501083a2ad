// `uptimectl import`: configuration and import blocks for the monitors a token can see, planning with imports only.
// Definition only; the work happens in ../../import/index.ts.
import { Command, Option } from 'commander';
import { MONITOR_STATUSES } from '../../api/limits.js';
import { cdkLibraryOption, type CdkOptions } from './cdk-option.js';
import {
  baseUrlOption,
  requireConnection,
  tokenOption,
  type ConnectionOptions,
} from './connection-options.js';
import { idOption, nameOption, statusOption, type SelectionOptions } from './selection-options.js';

interface Options extends CdkOptions, ConnectionOptions, SelectionOptions {
  out: string;
  format: 'hcl' | 'cdktf';
  includeArchived?: boolean;
  verify?: boolean;
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
      cdkLibraryOption(
        '; a later run into the same --out keeps the library it was written with; the project runs cdktn-cli either way (Node 22.19+ and 24)',
      ),
    )
    .addOption(nameOption('filter'))
    .addOption(statusOption(MONITOR_STATUSES))
    .addOption(idOption('filter'))
    .option('--include-archived', 'also archived monitors (imported with archived = true)')
    .option(
      '--verify',
      'run terraform init + plan (CDKTF: synthesize first, as cdktf synth does) and fail unless the plan shows only imports',
    )
    .addOption(baseUrlOption())
    .addOption(tokenOption())
    .action(async (opts: Options, command: Command) => {
      const [{ runImport }, { readPackageVersion }] = await Promise.all([
        import('../../import/index.js'),
        import('../../import/version.js'),
      ]);
      const { baseUrl, token } = requireConnection(opts, command);
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
