// `uptimectl run-task serve`: the HCP Terraform / Terraform Enterprise run-task integration (post-plan review of the
// monitor changes). Definition only; the server is src/run-task/server.ts, imported when the command runs.
// The HMAC key is read from UPTIME_RUN_TASK_HMAC_KEY only (an option would show in the process list).
import { Command, InvalidArgumentError } from 'commander';
import { addCoverageOptions, coverageSettings, type CoverageOptions } from './coverage-options.js';
import { addProbeOptions, probeSettings, type ProbeOptions } from './probe-options.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number (0 = any free port)');
  return n;
}

const collect = (v: string, prev: string[]) => [...prev, v];

interface ServeOptions extends ProbeOptions, CoverageOptions {
  port: number;
  host: string;
  json?: boolean;
  tfeUrl: string;
  planRedirectOrigin: string[];
  failOn: string[];
  baseUrl?: string;
  token?: string;
  detailsUrl?: string;
}

function serveCommand(): Command {
  const cmd = new Command('serve')
    .description(
      'Serve HCP Terraform’s run-task integration: verify the signed request, fetch the plan with its token, and send back the monitor review (plan-report’s) as the task’s status, message and outcomes',
    )
    .option('--port <port>', 'port to listen on (0 = any free port)', port, 0)
    .option('--host <host>', 'address to listen on (put a TLS proxy in front for HCP Terraform)', '127.0.0.1')
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
      'the task fails when the plan contains one of: archive, replace, pause, no-alerts, unpublish, slower-interval, drift, preflight, duplicate (needs a service token), probe-down (needs --probe), uncovered (turns --coverage on)',
      collect,
      [] as string[],
    );
  addCoverageOptions(
    cmd,
    'review which public HTTP endpoints the plan creates or changes that no monitor watches: one outcome per endpoint, with a suggested monitor for each uncovered one',
  );
  return addProbeOptions(
    cmd,
    'request once each monitor the plan creates or whose request changes; backtest alert changes',
    'total time the probe of one run may take (default 120)',
  )
    .option(
      '--base-url <url>',
      'monitoring service address for the duplicate preflight (default: UPTIME_BASE_URL)',
    )
    .option(
      '--token <token>',
      'API token for the duplicate preflight and backtest (default: UPTIME_API_TOKEN)',
    )
    .option('--details-url <url>', 'a link shown with every result (a runbook, a dashboard)')
    .action(async (opts: ServeOptions) => {
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
          ...probeSettings(opts, env),
          baseUrl: opts.baseUrl ?? env.UPTIME_BASE_URL,
          token: opts.token ?? env.UPTIME_API_TOKEN,
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
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

export function runTaskCommand(): Command {
  return new Command('run-task')
    .description(
      'HCP Terraform / Terraform Enterprise run task: the monitor review of each plan, on the run page',
    )
    .addCommand(serveCommand());
}
