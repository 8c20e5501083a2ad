// `uptimectl monitors pause|activate`: the Terraform actions uptime_monitor_pause / uptime_monitor_activate for
// pipelines without Terraform 1.14 (older Terraform, CDKTF, scripts). Definition only; the work is
// ../monitor-control-run.ts on the same core as the actions (src/provider/monitor-control.ts).
import { Command } from 'commander';
import { MONITOR_LIST_STATUSES } from '../../api/limits.js';
import { baseUrlOption, requireConnection, tokenOption } from './connection-options.js';
import { idOption, nameOption, statusOption } from './selection-options.js';
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
    .addOption(idOption('select'))
    .addOption(nameOption('select'))
    .addOption(statusOption(MONITOR_LIST_STATUSES))
    .option('--allow-none', 'exit 0 when no monitor matches')
    .addOption(baseUrlOption())
    .addOption(tokenOption())
    .action(async (opts: MonitorControlOptions, command: Command) => {
      const connection = requireConnection(opts, command);
      const { runMonitorControl } = await import('../monitor-control-run.js');
      process.exitCode = await runMonitorControl(op, { ...opts, ...connection });
    });
}

export function monitorsCommand(): Command {
  return new Command('monitors')
    .description('Pause or activate monitors around a deployment (the same as the Terraform 1.14 actions)')
    .addCommand(controlCommand('pause'))
    .addCommand(controlCommand('activate'));
}
