// `uptimectl schema`: prints the provider's JSON schema document (the `terraform providers schema -json`
// format). Definition only; the implementation is imported when the command runs.
import { Command } from 'commander';

export function schemaCommand(): Command {
  return new Command('schema')
    .description('Print the provider schema as JSON, exactly as `terraform providers schema -json` prints it')
    .action(async () => {
      const [{ renderSchemaDocument }, { uptimeProvider }] = await Promise.all([
        import('../../protocol/framework/json-schema.js'),
        import('../../provider/index.js'),
      ]);
      process.stdout.write(renderSchemaDocument(uptimeProvider));
    });
}
