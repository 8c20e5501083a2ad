// `uptimectl`: the project's command-line tool. Each command is defined in its own module under ./commands;
// a definition module is light (options and help only) and imports its heavy implementation when it runs.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { serviceCommand } from './commands/service.js';
import { schemaCommand } from './commands/schema.js';
import { providerCommand } from './commands/provider.js';
import { planReportCommand } from './commands/plan-report.js';
import { importCommand } from './commands/import.js';
import { cdkCommand } from './commands/cdk.js';
import { postCommand } from './commands/post.js';
import { monitorsCommand } from './commands/monitors.js';
import { adoptCommand } from './commands/adopt.js';
import { runTaskCommand } from './commands/run-task.js';

const program = new Command('uptimectl')
  .description(
    'Tools for the uptime-monitoring Terraform provider: local service, schema, provider install, plan reports, import, adopting what an interrupted apply left, posting to code hosts, the CDK CLI, pausing monitors around deployments, the HCP Terraform run task',
  )
  .version(packageVersion(), '-V, --version', 'print the version')
  .showHelpAfterError()
  .enablePositionalOptions()
  .addCommand(serviceCommand())
  .addCommand(schemaCommand())
  .addCommand(providerCommand())
  .addCommand(planReportCommand())
  .addCommand(importCommand())
  .addCommand(cdkCommand())
  .addCommand(postCommand())
  .addCommand(monitorsCommand())
  .addCommand(adoptCommand())
  .addCommand(runTaskCommand());

function packageVersion(): string {
  // src/cli or dist/cli → the package root
  const pkg = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`uptimectl: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
