// `uptimectl cdk <command…>`: runs the project's CDK CLI that works on this Node (cdktf-cli, else cdktn-cli) with the
// given command, so CI scripts synthesize the same way on Node 22 and 24. Definition only; the choice is
// ../../cdk/cli.ts.
import { Command } from 'commander';

interface Options {
  dir: string;
  cli?: string;
  which?: boolean;
}

export function cdkCommand(): Command {
  return new Command('cdk')
    .description(
      "Run the project's CDK CLI that works on this Node (cdktf-cli where its native module loads, else cdktn-cli) with the given command, e.g. `uptimectl cdk synth`",
    )
    .argument('[command...]', 'what to pass to the CLI (synth, deploy --auto-approve, …)')
    .option('--dir <dir>', 'the CDKTF project (where cdktf.json is)', '.')
    .option(
      '--cli <name>',
      'use this CLI: cdktf or cdktn (default: UPTIME_CDK_CLI, else the first that runs)',
    )
    .option('--which', 'only print which CLI would run and why')
    .passThroughOptions()
    .allowUnknownOption()
    .action(async (args: string[], opts: Options) => {
      const [{ findCdkCli }, { spawn }] = await Promise.all([
        import('../../cdk/cli.js'),
        import('node:child_process'),
      ]);
      const cli = findCdkCli(opts.dir, { choose: opts.cli ?? (process.env.UPTIME_CDK_CLI || undefined) });
      const line = `${cli.package} ${cli.version} (${cli.why})`;
      if (opts.which) {
        process.stdout.write(`${cli.name}\t${line}\n`);
        return;
      }
      if (!args.length) throw new Error('give the command to run, e.g. `uptimectl cdk synth`');
      process.stderr.write(`uptimectl cdk: ${line}\n`);
      const child = spawn(process.execPath, [cli.bin, ...args], { cwd: opts.dir, stdio: 'inherit' });
      const code = await new Promise<number>((done) =>
        child.on('close', (c, signal) => done(c ?? (signal ? 128 : 1))),
      );
      process.exitCode = code;
    });
}
