// Independent check: every uptimectl command that reads the account refuses a bad service address the same way,
// whether it came from --base-url or UPTIME_BASE_URL, before anything is sent, naming where it came from and never
// repeating a credential (the URL's own, or the token given as the address when the two are swapped). Each command
// runs its own action here, in this process, as commander parses a user's command line.
import { Command } from 'commander';
import { adoptCommand } from '../../../src/cli/commands/adopt.js';
import { importCommand } from '../../../src/cli/commands/import.js';
import { monitorsCommand } from '../../../src/cli/commands/monitors.js';
import { planReportCommand } from '../../../src/cli/commands/plan-report.js';
import { runTaskCommand } from '../../../src/cli/commands/run-task.js';

const TOKEN = `upt_${'5e'.repeat(20)}`;
const ID = '0b5e5d3c-1a2b-4c3d-8e9f-0123456789ab';

/** Each command with arguments that get it to its connection check. */
const COMMANDS: [string, () => Command, string[]][] = [
  ['monitors pause', monitorsCommand, ['pause', '--id', ID]],
  ['monitors activate', monitorsCommand, ['activate', '--id', ID]],
  ['import', importCommand, ['--out', '/nonexistent/import-out']],
  ['adopt', adoptCommand, ['/nonexistent/plan.json']],
  ['plan-report', planReportCommand, ['/nonexistent/plan.json']],
  ['run-task serve', runTaskCommand, ['serve', '--port', '0']],
];

const BAD: [string, string, RegExp, string | null][] = [
  [
    'plain http to another host',
    'http://api.example.com/v1',
    /must use https \(plain http only to a loopback host/,
    null,
  ],
  ['a name that only looks local', 'http://127.0.0.1.nip.io/v1', /must use https/, null],
  [
    'credentials in the URL',
    'https://ci:hunter2@api.example.com/v1',
    /must not contain credentials/,
    'hunter2',
  ],
  [
    'credentials in a URL that does not parse',
    'https://ci:hunter2@api example.com/v1',
    /must be an absolute URL/,
    'hunter2',
  ],
  ['the token instead of the address', TOKEN, /must be an absolute URL/, TOKEN],
];

async function refusal(make: () => Command, args: string[], env: Record<string, string>): Promise<string> {
  const saved = process.env;
  process.env = { PATH: saved.PATH, HOME: saved.HOME, ...env };
  const cmd = make().exitOverride();
  for (const sub of cmd.commands) sub.exitOverride();
  try {
    await cmd.parseAsync(args, { from: 'user' });
    return '(accepted)';
  } catch (e) {
    return (e as Error).message;
  } finally {
    process.env = saved;
  }
}

describe.each(COMMANDS)('%s', (_name, make, args) => {
  test.each(BAD)('refuses %s from --base-url, naming the option', async (_what, url, rule, secret) => {
    const msg = await refusal(make, [...args, '--base-url', url, '--token', TOKEN], {});
    expect(msg).toMatch(new RegExp(`^--base-url ${rule.source}`));
    if (secret) expect(msg).not.toContain(secret);
    expect(msg).not.toContain(TOKEN);
  });

  test.each(BAD)('refuses %s from UPTIME_BASE_URL, naming the variable', async (_what, url, rule, secret) => {
    const msg = await refusal(make, args, { UPTIME_BASE_URL: url, UPTIME_API_TOKEN: TOKEN });
    expect(msg).toMatch(new RegExp(`^UPTIME_BASE_URL ${rule.source}`));
    if (secret) expect(msg).not.toContain(secret);
    expect(msg).not.toContain(TOKEN);
  });
});
