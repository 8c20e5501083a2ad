// `uptimectl plan-report`: a pull-request comment about the monitor changes of one or more Terraform plans.
// Definition only; the work happens in ../../plan-report/index.ts.
import { Command, Option } from 'commander';
import { baseUrlOption, connectionOf, tokenOption, type ConnectionOptions } from './connection-options.js';
import { gateList } from '../../plan-report/gates.js';
import { CHECK_DESCRIPTION, REPORT_FORMATS } from '../../plan-report/options.js';
import { addCoverageOptions, coverageSettings, type CoverageOptions } from './coverage-options.js';
import { addProbeOptions, probeSettings, type ProbeOptions } from './probe-options.js';
import { collect } from './repeatable-option.js';

interface Options extends ProbeOptions, ConnectionOptions, CoverageOptions {
  out?: string;
  fullOut?: string;
  check?: boolean;
  drift?: boolean;
  failOn: string[];
  format: 'markdown' | 'text' | 'json';
  approved?: string;
}

export function planReportCommand(): Command {
  const cmd = new Command('plan-report')
    .description(
      'Markdown report of the monitor changes in Terraform plans, for a pull-request comment (always under 65,536 characters)',
    )
    .argument(
      '<plans...>',
      'saved plan files (read with `terraform show -json`), their JSON, or - for JSON on stdin; one per CDKTF stack',
    )
    .option('--out <file>', 'write the report to a file instead of stdout')
    .option('--full-out <file>', 'also write the uncut report here (named in the comment when it is cut)')
    .option(
      '--drift',
      'only the drift part (changes made outside Terraform, with the time and version token): the body of the scheduled drift issue (examples/ci/drift-detect.sh)',
    )
    .option('--check', CHECK_DESCRIPTION)
    .option(
      '--fail-on <gates>',
      `exit 3 when the plan contains one of: ${gateList({ check: '--check', probe: '--probe' })}`,
      collect,
      [] as string[],
    )
    .option(
      '--approved <who>',
      'the change was approved (e.g. "label monitors-approved"): matched gates are reported as approved and do not fail the run; empty means not approved',
    );
  addCoverageOptions(
    cmd,
    'list the public HTTP endpoints (load balancers, API stages, DNS records, Cloud Run services, ingresses…) the plans create or change, whether a monitor watches each, and a suggested monitor for each one none does',
  );
  return addProbeOptions(
    cmd,
    'request once each monitor the plan creates or whose request changes, as the service would (up/down and why, response time, certificate), and backtest changed alert settings against recent checks (needs a token for the backtest)',
    'total time the probe may take (default 120)',
  )
    .addOption(
      new Option(
        '--format <format>',
        'markdown (a pull-request comment), text (inside a code block, e.g. the output of an Atlantis step) or json (the whole report as one JSON document)',
      )
        .choices(REPORT_FORMATS)
        .default('markdown'),
    )
    .addOption(baseUrlOption())
    .addOption(tokenOption('for destination labels and --check'))
    .action(async (inputs: string[], opts: Options, command: Command) => {
      const connection = connectionOf(opts, command);
      const [{ planReport }, { writeFileSync }] = await Promise.all([
        import('../../plan-report/index.js'),
        import('node:fs'),
      ]);
      const r = await planReport({
        inputs,
        failOn: opts.failOn,
        check: !!opts.check,
        drift: !!opts.drift,
        format: opts.format,
        approved: opts.approved,
        ...probeSettings(opts),
        ...coverageSettings(opts),
        fullOut: opts.fullOut,
        baseUrl: connection?.baseUrl,
        token: connection?.token,
        warn: (m) => process.stderr.write(`${m}\n`),
      });
      if (opts.out) writeFileSync(opts.out, r.markdown);
      else process.stdout.write(r.markdown);
      if (r.matched.length) {
        process.stderr.write(
          `plan-report: --fail-on matched: ${r.matched.join(', ')}${r.approved ? ' (approved)' : ''}\n`,
        );
        process.exitCode = r.exitCode;
      }
    });
}
