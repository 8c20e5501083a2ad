// `uptimectl adopt`: import blocks for the monitors an interrupted apply left behind. Definition only; the work
// happens in ../../adopt/index.ts.
import { Command, Option } from 'commander';

interface Options {
  dir: string;
  out?: string;
  format: 'hcl' | 'cdktf';
  cdk: 'cdktn' | 'cdktf';
  includeDifferent?: boolean;
  baseUrl?: string;
  token?: string;
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
    .addOption(
      new Option('--cdk <library>', 'the CDK library of the stack (cdktf format)')
        .choices(['cdktn', 'cdktf'])
        .default('cdktn'),
    )
    .option(
      '--include-different',
      'also import existing monitors whose settings differ from the configuration (listed apart otherwise; the next plan shows the differences)',
    )
    .option('--base-url <url>', 'service address (default: UPTIME_BASE_URL)')
    .option('--token <token>', 'API token (default: UPTIME_API_TOKEN)')
    .action(async (plans: string[], opts: Options) => {
      const { adopt } = await import('../../adopt/index.js');
      const r = await adopt({
        plans,
        dir: opts.dir,
        out: opts.out,
        format: opts.format,
        cdk: opts.cdk,
        includeDifferent: !!opts.includeDifferent,
        baseUrl: opts.baseUrl ?? process.env.UPTIME_BASE_URL,
        token: opts.token ?? process.env.UPTIME_API_TOKEN,
        say: (m) => process.stderr.write(`${m}\n`),
      });
      process.exitCode = r.exitCode;
    });
}
