// The entry of the run-task server's single-file executable (`npm run build:run-task`):
// `uptimectl-run-task serve …` is `uptimectl run-task serve …` without the rest of uptimectl.
import { runTaskCommand } from './commands/run-task.js';

runTaskCommand()
  .name('uptimectl-run-task')
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    process.stderr.write(`uptimectl-run-task: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
