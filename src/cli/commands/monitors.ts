// `uptimectl monitors pause|activate`: the Terraform actions uptime_monitor_pause / uptime_monitor_activate for
// pipelines without Terraform 1.14 (older Terraform, CDKTF, scripts). Definition only; the work is
// ../monitor-control-run.ts on the same core as the actions (src/provider/monitor-control.ts).
import { Command, Option } from 'commander';
import { collectList as collect } from './list-option.js';
import type { MonitorControlOptions } from '../monitor-control-run.js';

function controlCommand(op: 'pause' | 'activate'): Command {
  const what =
    op === 'pause'
      ? 'Pause the selected monitors (no checks, no alerts), e.g. before a deployment'
      : 'Activate the selected monitors, e.g. after a deployment (run it when the deployment fails too)';
  return new Command(op)
    .description(
      `${what}. Prints one line per monitor and a summary; exits 1 when a monitor could not be ${op === 'pause' ? 'paused' : 'activated'} or nothing matches`,
    )
    .option('--id <id>', 'monitor ids (repeatable, or comma-separated)', collect, [] as string[])
    .option('--name <glob>', 'monitors whose name matches (* and ?, case-insensitive; "*" for all)')
    .addOption(
      new Option('--status <status>', 'only monitors with this status (repeatable, or comma-separated)')
        .choices(['up', 'down', 'pending', 'paused'])
        .argParser(collect)
        .default([]),
    )
    .option('--allow-none', 'exit 0 when no monitor matches')
    .option('--base-url <url>', 'service address (default: UPTIME_BASE_URL)')
    .option('--token <token>', 'API token (default: UPTIME_API_TOKEN)')
    .action(async (opts: MonitorControlOptions) => {
      const { runMonitorControl } = await import('../monitor-control-run.js');
      process.exitCode = await runMonitorControl(op, opts);
    });
}

export function monitorsCommand(): Command {
  return new Command('monitors')
    .description('Pause or activate monitors around a deployment (the same as the Terraform 1.14 actions)')
    .addCommand(controlCommand('pause'))
    .addCommand(controlCommand('activate'));
}
