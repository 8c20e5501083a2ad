// `uptimectl service`: runs the local Monitoring Service API v1. Definition only; the implementation
// (src/service) is imported when the command runs.
import { Command, InvalidArgumentError } from 'commander';
import { MIN_SECRET_LENGTH, secretProblem } from '../../api/secret-checks.js';
import { hostOption, portOption, type ListenOptions } from './listen-options.js';
import { stopOnSignals } from './stop-signals.js';

/** Its bounds are checked by createService (RATE_LIMIT_WINDOW_SECONDS). */
function windowSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of seconds');
  return n;
}

/** A positive whole number (seconds or connections); the service checks the limits together. */
function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

interface Options extends ListenOptions {
  seed?: string;
  dataDir?: string;
  json?: boolean;
  adminKey?: string;
  engine: boolean;
  profile?: string;
  listProfiles?: boolean;
  rateLimitWindow?: number;
  headersTimeout?: number;
  requestTimeout?: number;
  keepAliveTimeout?: number;
  maxConnections?: number;
  lingerTimeout?: number;
}

export function serviceCommand(): Command {
  return new Command('service')
    .description(
      'Run the local implementation of the Monitoring Service API v1 (state in memory or --data-dir)',
    )
    .addOption(portOption())
    .addOption(hostOption())
    .option('--seed <file>', 'seed file (JSON; see docs/local-service.md); default: one Pro tenant')
    .option('--data-dir <dir>', 'keep state in this directory across restarts')
    .option(
      '--json',
      'print one JSON line {baseUrl, adminUrl, dashboardUrl, adminKey, tokens} first on stdout',
    )
    .option(
      '--admin-key <key>',
      `admin API key, at least ${MIN_SECRET_LENGTH} characters (default: from the seed, else random)`,
    )
    .option(
      '--no-engine',
      'do not run checks, alert deliveries, export jobs or webhook deliveries by themselves',
    )
    .option(
      '--profile <names>',
      'answer as another implementation of the spec might, where it says "not shown" (comma-separated; see --list-profiles)',
    )
    .option('--list-profiles', 'print the service profiles and what each changes, then exit')
    .option(
      '--rate-limit-window <seconds>',
      'test only: per-token rate-limit windows of this many seconds (1 to 60) instead of a minute; the per-minute limits apply per window',
      windowSeconds,
    )
    .option(
      '--headers-timeout <seconds>',
      'drop a client whose request headers take longer (default 10)',
      positive,
    )
    .option(
      '--request-timeout <seconds>',
      'drop a client whose whole request (headers and body) takes longer (default 30)',
      positive,
    )
    .option(
      '--keep-alive-timeout <seconds>',
      'close a keep-alive connection idle this long (default 5)',
      positive,
    )
    .option(
      '--max-connections <n>',
      'connections open at once; more are closed on arrival (default 1024)',
      positive,
    )
    .option(
      '--linger-timeout <seconds>',
      'after an answer that closes its connection (408, 413 …), release it this long later at most, whatever the client does (default 2)',
      positive,
    )
    .action(async (opts: Options, cmd: Command) => {
      // Checked here, not by an argument parser: commander would echo the refused key in its message.
      const weak = opts.adminKey !== undefined ? secretProblem('--admin-key', opts.adminKey) : null;
      if (weak) cmd.error(`error: ${weak}`);
      if (opts.listProfiles) {
        const { PROFILES } = await import('../../service/profiles.js');
        process.stdout.write(PROFILES.map((p) => `${p.name}\n  ${p.does}\n  spec: ${p.gap}\n`).join(''));
        return;
      }
      const stopper = stopOnSignals('uptimectl service');
      const { createService } = await import('../../service/index.js');
      const svc = await createService({
        port: opts.port,
        host: opts.host,
        ...(opts.seed ? { seed: opts.seed } : {}),
        dataDir: opts.dataDir ?? null,
        ...(opts.adminKey ? { adminKey: opts.adminKey } : {}),
        engine: opts.engine,
        ...(opts.profile ? { profiles: opts.profile } : {}),
        ...(opts.rateLimitWindow ? { rateLimitWindowSeconds: opts.rateLimitWindow } : {}),
        limits: {
          ...(opts.headersTimeout ? { headersTimeoutMs: opts.headersTimeout * 1000 } : {}),
          ...(opts.requestTimeout ? { requestTimeoutMs: opts.requestTimeout * 1000 } : {}),
          ...(opts.keepAliveTimeout ? { keepAliveTimeoutMs: opts.keepAliveTimeout * 1000 } : {}),
          ...(opts.maxConnections ? { maxConnections: opts.maxConnections } : {}),
          ...(opts.lingerTimeout ? { lingerMs: opts.lingerTimeout * 1000 } : {}),
        },
      });
      const info = {
        baseUrl: svc.baseUrl,
        adminUrl: svc.adminUrl,
        dashboardUrl: svc.dashboardUrl,
        adminKey: svc.adminKey,
        tokens: svc.tokens,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(info)}\n`);
      } else {
        const lines = [
          'Local Monitoring Service API v1',
          `  base URL:  ${info.baseUrl}`,
          `  admin URL: ${info.adminUrl}`,
          `  dashboard: ${info.dashboardUrl} (sign in with the admin key)`,
          `  admin key: ${info.adminKey}`,
          '  tokens:',
          ...Object.entries(info.tokens).map(([name, value]) => `    ${name}: ${value}`),
          opts.dataDir
            ? `  data dir:  ${opts.dataDir}`
            : '  state:     in memory (use --data-dir to keep it)',
          ...(opts.profile ? [`  profiles:  ${opts.profile}`] : []),
          'Press Ctrl+C to stop.',
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      stopper.closeWith(() => svc.close());
    });
}
