// `uptimectl adopt`: import blocks for the monitors an interrupted apply left behind. Definition only; the work
// happens in ../../adopt/index.ts.
import { Command, Option } from 'commander';
import { cdkLibrary, cdkLibraryOption, type CdkOptions } from './cdk-option.js';
import {
  baseUrlOption,
  requireConnection,
  tokenOption,
  type ConnectionOptions,
} from './connection-options.js';

interface Options extends CdkOptions, ConnectionOptions {
  dir: string;
  out?: string;
  format: 'hcl' | 'cdktf';
  includeDifferent?: boolean;
}

export function adoptCommand(): Command {
  return new Command('adopt')
    .description(
      'After an interrupted apply: write import blocks (imports.tf) for each monitor the plan would create that already exists with the same URL and request method; then run terraform apply',
    )
    .argument(
      '[plans...]',
      'saved plan files or their JSON (`terraform show -json`), one per CDKTF stack; none: run `terraform plan` in --dir',
    )
    .option(
      '--dir <dir>',
      'the configuration directory (where terraform plan runs, and imports.tf goes)',
      '.',
    )
    .option(
      '--out <file>',
      'where to write (default: imports.tf in --dir; adopted-monitors.ts for cdktf; - for stdout)',
    )
    .addOption(
      new Option(
        '--format <format>',
        'hcl: import blocks; cdktf: a TypeScript module that imports by logical id',
      )
        .choices(['hcl', 'cdktf'])
        .default('hcl'),
    )
    .addOption(cdkLibraryOption(' (with --format cdktf)'))
    .option(
      '--include-different',
      'also import existing monitors whose settings differ from the configuration (listed apart otherwise; the next plan shows the differences)',
    )
    .addOption(baseUrlOption())
    .addOption(tokenOption())
    .action(async (plans: string[], opts: Options, command: Command) => {
      const { baseUrl, token } = requireConnection(opts, command);
      const { adopt } = await import('../../adopt/index.js');
      const r = await adopt({
        plans,
        dir: opts.dir,
        out: opts.out,
        format: opts.format,
        cdk: cdkLibrary(opts),
        includeDifferent: !!opts.includeDifferent,
        baseUrl,
        token,
        say: (m) => process.stderr.write(`${m}\n`),
      });
      process.exitCode = r.exitCode;
    });
}
