// The options several uptimectl commands share (src/cli/commands/*-option(s).ts), through the commands that use
// them: parsed by commander as a user's command line would be, with the environment as the fallback.
import { Command, CommanderError } from 'commander';
import { MONITOR_LIST_STATUSES, MONITOR_STATUSES } from '../../../src/api/index.js';
import { adoptCommand } from '../../../src/cli/commands/adopt.js';
import { cdkLibrary, cdkLibraryOption } from '../../../src/cli/commands/cdk-option.js';
import {
  baseUrlOption,
  connectionOf,
  requireConnection,
  tokenOption,
  type ConnectionOptions,
} from '../../../src/cli/commands/connection-options.js';
import { importCommand } from '../../../src/cli/commands/import.js';
import { hostOption, portOption } from '../../../src/cli/commands/listen-options.js';
import { monitorsCommand } from '../../../src/cli/commands/monitors.js';
import { planReportCommand } from '../../../src/cli/commands/plan-report.js';
import { collect, collectChoices, collectList } from '../../../src/cli/commands/repeatable-option.js';
import { runTaskCommand } from '../../../src/cli/commands/run-task.js';
import { serviceCommand } from '../../../src/cli/commands/service.js';
import { stopOnSignals } from '../../../src/cli/commands/stop-signals.js';
import { statusOption } from '../../../src/cli/commands/selection-options.js';
import { CDK_LIBRARIES, DEFAULT_CDK_LIBRARY } from '../../../src/import/cdktf-project.js';

const TOKEN = `upt_${'ab'.repeat(20)}`;

/** Runs `args` through a command whose action only records what it was given (and its error, if any). */
async function parse(cmd: Command, args: string[], env: Record<string, string> = {}) {
  const saved = { ...process.env };
  delete process.env.UPTIME_BASE_URL;
  delete process.env.UPTIME_API_TOKEN;
  Object.assign(process.env, env);
  let got: { opts: Record<string, unknown>; connection: unknown; command: Command } | undefined;
  let error: string | undefined;
  cmd
    .exitOverride()
    .configureOutput({ writeErr: (s) => (error = s.trim()), writeOut: () => {} })
    .action((...a: unknown[]) => {
      const command = a[a.length - 1] as Command;
      const opts = command.opts();
      try {
        got = { opts, connection: connectionOf(opts as ConnectionOptions, command), command };
      } catch (e) {
        error = (e as Error).message;
      }
    });
  try {
    await cmd.parseAsync(args, { from: 'user' });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
  } finally {
    process.env = saved;
  }
  return { got, error };
}

const bare = () => new Command('x').addOption(baseUrlOption()).addOption(tokenOption());

describe('--base-url and --token', () => {
  test('the option wins over the environment; the environment is the fallback; empty counts as unset', async () => {
    const env = { UPTIME_BASE_URL: 'https://env.example.com/v1', UPTIME_API_TOKEN: TOKEN };
    expect((await parse(bare(), [], env)).got?.connection).toEqual({
      baseUrl: 'https://env.example.com/v1',
      token: TOKEN,
    });
    expect((await parse(bare(), ['--base-url', 'http://127.0.0.1:9/v1'], env)).got?.connection).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      token: TOKEN,
    });
    expect(
      (await parse(bare(), [], { UPTIME_BASE_URL: '', UPTIME_API_TOKEN: TOKEN })).got?.connection,
    ).toBeNull();
  });

  test('the base-URL rule, naming where the refused value came from, never echoing credentials', async () => {
    const fromEnv = await parse(bare(), [], {
      UPTIME_BASE_URL: 'http://api.example.com/v1',
      UPTIME_API_TOKEN: TOKEN,
    });
    expect(fromEnv.error).toMatch(/^UPTIME_BASE_URL must use https \(plain http only to a loopback host/);
    const fromOption = await parse(bare(), [
      '--base-url',
      'http://user:hunter2@api.example.com/v1',
      '--token',
      TOKEN,
    ]);
    expect(fromOption.error).toMatch(/^--base-url must use https/);
    expect(fromOption.error).not.toContain('hunter2');
    const creds = await parse(bare(), [
      '--base-url',
      'https://user:hunter2@api.example.com/v1',
      '--token',
      TOKEN,
    ]);
    expect(creds.error).toBe(
      '--base-url must not contain credentials (user:password@): the API token authenticates',
    );
  });

  test('a command that needs the service says what to set; the token is never part of a message', () => {
    expect(() => requireConnection({})).toThrow(
      'set the service address (--base-url or UPTIME_BASE_URL) and an API token (--token or UPTIME_API_TOKEN)',
    );
    expect(() => requireConnection({ token: TOKEN })).toThrow(
      'set the service address: --base-url or UPTIME_BASE_URL',
    );
    expect(() => requireConnection({ baseUrl: 'https://x.example/v1' })).toThrow(
      'set an API token: --token or UPTIME_API_TOKEN',
    );
    const refused = (() => {
      try {
        return requireConnection({ baseUrl: 'ftp://x.example/v1', token: TOKEN });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(refused).toMatch(/^--base-url must use https/);
    expect(refused).not.toContain(TOKEN);
  });

  test('one declaration serves every command that reads the account', async () => {
    const env = { UPTIME_BASE_URL: 'https://api.example.com/v1', UPTIME_API_TOKEN: TOKEN };
    const commands: [Command, string[]][] = [
      [importCommand(), ['--out', 'x']],
      [adoptCommand(), []],
      [monitorsCommand().commands.find((c) => c.name() === 'pause')!, ['--name', '*']],
      [planReportCommand(), ['plan.json']],
      [runTaskCommand().commands[0]!, []],
    ];
    for (const [cmd, args] of commands) {
      const flags = cmd.options.map((o) => o.long);
      expect(flags).toEqual(expect.arrayContaining(['--base-url', '--token']));
      expect((await parse(cmd, args, env)).got?.connection).toEqual({
        baseUrl: 'https://api.example.com/v1',
        token: TOKEN,
      });
    }
  });
});

describe('monitor selection', () => {
  test('--status takes the statuses from src/api, comma-separated or repeated, and refuses others', async () => {
    const imp = await parse(importCommand(), ['--out', 'x', '--status', 'up,archived', '--status', 'paused']);
    expect(imp.got?.opts.status).toEqual(['up', 'archived', 'paused']);
    const pause = monitorsCommand().commands.find((c) => c.name() === 'pause')!;
    const refused = await parse(pause, ['--name', '*', '--status', 'up,archived']);
    expect(refused.error).toContain(
      `"archived" is not allowed. Allowed choices are ${MONITOR_LIST_STATUSES.join(', ')}.`,
    );
    const help = importCommand().helpInformation();
    for (const s of MONITOR_STATUSES) expect(help).toContain(`"${s}"`);
  });

  test('--id is repeatable and comma-separated; --name is passed as given', async () => {
    const r = await parse(importCommand(), ['--out', 'x', '--id', 'a, b', '--id', 'c', '--name', 'api-*']);
    expect(r.got?.opts).toMatchObject({ id: ['a', 'b', 'c'], name: 'api-*', status: [] });
  });
});

describe('--cdk', () => {
  test('the libraries and the default are one declaration; not given stays undefined', async () => {
    expect(cdkLibraryOption().argChoices).toEqual([...CDK_LIBRARIES]);
    const none = await parse(adoptCommand(), []);
    expect(none.got?.opts.cdk).toBeUndefined();
    expect(cdkLibrary({})).toBe(DEFAULT_CDK_LIBRARY);
    expect((await parse(adoptCommand(), ['--cdk', 'cdktf'])).got?.opts.cdk).toBe('cdktf');
    expect((await parse(importCommand(), ['--out', 'x', '--cdk', 'cdk8s'])).error).toMatch(
      /Allowed choices are cdktn, cdktf/,
    );
  });
});

describe('--port and --host', () => {
  test('both servers: any free port by default, loopback, a port number checked', async () => {
    for (const cmd of [serviceCommand(), runTaskCommand().commands[0]!]) {
      const flags = cmd.options.map((o) => o.long);
      expect(flags).toEqual(expect.arrayContaining(['--port', '--host']));
    }
    const cmd = () => new Command('x').addOption(portOption()).addOption(hostOption());
    expect((await parse(cmd(), [])).got?.opts).toEqual({ port: 0, host: '127.0.0.1' });
    expect((await parse(cmd(), ['--port', '8080', '--host', '::1'])).got?.opts).toEqual({
      port: 8080,
      host: '::1',
    });
    expect((await parse(cmd(), ['--port', '70000'])).error).toContain(
      'must be a port number (0 = any free port)',
    );
  });
});

describe('repeatable options', () => {
  test('as given, comma-separated, or from a set', () => {
    expect(collect('a,b', ['x'])).toEqual(['x', 'a,b']);
    expect(collectList(' a, ,b ', ['x'])).toEqual(['x', 'a', 'b']);
    expect(collectChoices(['up', 'down'])('up,down', [])).toEqual(['up', 'down']);
    expect(() => collectChoices(['up', 'down'])('up,sideways', [])).toThrow('"sideways" is not allowed');
  });

  test('statusOption reads whatever set it is given', async () => {
    const r = await parse(new Command('x').addOption(statusOption(['a', 'b'])), ['--status', 'b']);
    expect(r.got?.opts.status).toEqual(['b']);
  });
});

describe('stopping on SIGINT or SIGTERM', () => {
  let exit: jest.SpyInstance;
  let stderr: jest.SpyInstance;
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  beforeEach(() => {
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    exit.mockRestore();
    stderr.mockRestore();
    for (const s of ['SIGINT', 'SIGTERM'] as const)
      for (const l of process.listeners(s)) if (!before[s].includes(l)) process.removeListener(s, l);
  });
  const settle = () => new Promise((r) => setImmediate(r));

  test('a signal during start-up closes the server once it is up, once', async () => {
    const stopper = stopOnSignals('uptimectl test');
    process.emit('SIGTERM');
    await settle();
    expect(exit).not.toHaveBeenCalled();
    const close = jest.fn(async () => {});
    stopper.closeWith(close);
    process.emit('SIGINT');
    await settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
  });

  test('a close that fails says so and exits 1', async () => {
    const stopper = stopOnSignals('uptimectl test');
    stopper.closeWith(async () => {
      throw new Error('port stuck');
    });
    expect(exit).not.toHaveBeenCalled();
    process.emit('SIGINT');
    await settle();
    expect(stderr).toHaveBeenCalledWith(
      'uptimectl test: error while stopping on SIGINT: Error: port stuck\n',
    );
    expect(exit).toHaveBeenCalledWith(1);
  });
});
