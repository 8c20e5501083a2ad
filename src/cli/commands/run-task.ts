// `uptimectl run-task serve`: the HCP Terraform / Terraform Enterprise run-task integration (post-plan review of the
// monitor changes). Definition only; the server is src/run-task/server.ts, imported when the command runs.
// The HMAC key is read from UPTIME_RUN_TASK_HMAC_KEY only (an option would show in the process list).
import { Command } from 'commander';
import { baseUrlOption, connectionOf, tokenOption, type ConnectionOptions } from './connection-options.js';
import { hostOption, portOption, type ListenOptions } from './listen-options.js';
import { gateList } from '../../plan-report/gates.js';
import { CHECK_DESCRIPTION } from '../../plan-report/options.js';
import { addCoverageOptions, coverageSettings, type CoverageOptions } from './coverage-options.js';
import { addProbeOptions, probeSettings, type ProbeOptions } from './probe-options.js';
import { collect } from './repeatable-option.js';
import { stopOnSignals } from './stop-signals.js';

interface ServeOptions extends ProbeOptions, ListenOptions, ConnectionOptions, CoverageOptions {
  json?: boolean;
  tfeUrl: string;
  planRedirectOrigin: string[];
  failOn: string[];
  check?: boolean;
  detailsUrl?: string;
}

function serveCommand(): Command {
  const cmd = new Command('serve')
    .description(
      'Serve HCP Terraform’s run-task integration: verify the signed request, fetch the plan with its token, and send back the monitor review (plan-report’s) as the task’s status, message and outcomes',
    )
    .addOption(portOption())
    .addOption(hostOption(' (put a TLS proxy in front for HCP Terraform)'))
    .option('--json', 'print one JSON line {"url": …} first on stdout')
    .option(
      '--tfe-url <url>',
      'the HCP Terraform or Terraform Enterprise origin: the only place the run’s token is sent (default: UPTIME_RUN_TASK_TFE_URL, else https://app.terraform.io)',
    )
    .option(
      '--plan-redirect-origin <origin>',
      'an origin the plan download may redirect to, without the token (default: https://archivist.terraform.io for app.terraform.io, else only the --tfe-url origin; also UPTIME_RUN_TASK_REDIRECT_ORIGINS, comma-separated)',
      collect,
      [] as string[],
    )
    .option(
      '--fail-on <gates>',
      `the task fails when the plan contains one of: ${gateList({ check: '--check, on with a service token', probe: '--probe' })}`,
      collect,
      [] as string[],
    )
    .option('--check', `${CHECK_DESCRIPTION}; default: on when a service token is given`)
    .option('--no-check', 'no preflight, even with a service token');
  addCoverageOptions(
    cmd,
    'review which public HTTP endpoints the plan creates or changes that no monitor watches: one outcome per endpoint, with a suggested monitor for each uncovered one',
  );
  return addProbeOptions(
    cmd,
    'request once each monitor the plan creates or whose request changes; backtest alert changes',
    'total time the probe of one run may take (default 120)',
  )
    .addOption(baseUrlOption('for --check and the backtest'))
    .addOption(tokenOption('for --check and the backtest'))
    .option('--details-url <url>', 'a link shown with every result (a runbook, a dashboard)')
    .action(async (opts: ServeOptions, command: Command) => {
      const connection = connectionOf(opts, command);
      const stopper = stopOnSignals('uptimectl run-task');
      const { startRunTaskServer } = await import('../../run-task/server.js');
      const env = process.env;
      const redirects = [
        ...opts.planRedirectOrigin,
        ...(env.UPTIME_RUN_TASK_REDIRECT_ORIGINS ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ];
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const { probeEnv } = await import('../../run-task/run.js');
      const server = await startRunTaskServer({
        port: opts.port,
        host: opts.host,
        hmacKey: env.UPTIME_RUN_TASK_HMAC_KEY || undefined,
        hcp: {
          tfeUrl: opts.tfeUrl ?? env.UPTIME_RUN_TASK_TFE_URL ?? 'https://app.terraform.io',
          ...(redirects.length ? { redirectOrigins: redirects } : {}),
        },
        review: {
          failOn: opts.failOn,
          ...(opts.check !== undefined ? { check: opts.check } : {}),
          ...probeSettings(opts, env),
          ...coverageSettings(opts, env),
          baseUrl: connection?.baseUrl,
          token: connection?.token,
          env: probeEnv(env),
          detailsUrl: opts.detailsUrl,
          ...coverageSettings(opts, env),
        },
        log,
      });
      if (opts.json) process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
      else
        process.stdout.write(
          `uptimectl run-task: listening on ${server.url} (HMAC key ${env.UPTIME_RUN_TASK_HMAC_KEY ? 'set' : 'NOT set: requests are not authenticated'})\nPress Ctrl+C to stop.\n`,
        );
      if (!env.UPTIME_RUN_TASK_HMAC_KEY)
        log(
          'uptimectl run-task: no UPTIME_RUN_TASK_HMAC_KEY: anyone who reaches this server can start a review',
        );
      stopper.closeWith(() => server.close());
    });
}

export function runTaskCommand(): Command {
  return new Command('run-task')
    .description(
      'HCP Terraform / Terraform Enterprise run task: the monitor review of each plan, on the run page',
    )
    .addCommand(serveCommand());
}
