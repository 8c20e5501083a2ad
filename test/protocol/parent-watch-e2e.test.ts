// The parent watch (src/protocol/parent-watch.ts) with real processes: a parent starts the provider as Terraform
// does, reads its handshake and is killed (SIGKILL, as when Terraform crashes); the provider must end by itself
// within a few seconds, on the unix socket and on TCP. (Under Wine, where the Windows parent id never changes, the
// same check runs in test/cli/release-windows-e2e.test.ts.)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MAGIC_COOKIE_VALUE } from '../../src/protocol/handshake.js';
import { buildProvider, TEST_PROVIDER_ENTRY } from '../helpers/build.js';
import { processRunning } from '../helpers/processes.js';
import { HANG_GUARD_MS, until } from '../helpers/wait.js';

/** Starts the provider from a parent process of its own; resolves with both pids once the handshake is out. */
async function providerUnderParent(bundle: string, errFile: string, env: NodeJS.ProcessEnv) {
  const parentScript = `
    const { spawn } = require('node:child_process');
    const fs = require('node:fs');
    const err = fs.openSync(process.argv[2], 'a');
    const child = spawn(process.execPath, [process.argv[1]], { stdio: ['ignore', 'pipe', err] });
    child.stdout.once('data', (d) => process.stdout.write(child.pid + ' ' + d));
    setInterval(() => {}, 60000);
  `;
  const parent = spawn(process.execPath, ['-e', parentScript, bundle, errFile], {
    env: {
      PATH: process.env.PATH,
      TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: '6',
      PLUGIN_MIN_PORT: '10000',
      PLUGIN_MAX_PORT: '25000',
      TF_LOG_PROVIDER: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: parent.stdout! }).once('line', resolve),
  );
  const [pid, handshake] = line.split(' ') as [string, string];
  return { parent, provider: Number(pid), handshake };
}

describe('the provider ends when its parent is killed', () => {
  let bundle: string;
  let dir: string;
  beforeAll(async () => {
    bundle = await buildProvider(TEST_PROVIDER_ENTRY);
    dir = mkdtempSync(join(tmpdir(), 'parent-watch-'));
  }, HANG_GUARD_MS);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['unix', {}],
    ['tcp', { UPTIME_PLUGIN_NETWORK: 'tcp' }],
  ])(
    'on %s: within a few seconds of SIGKILL to the parent, saying why',
    async (network, env) => {
      const errFile = join(dir, `${network}.err`);
      const { parent, provider, handshake } = await providerUnderParent(bundle, errFile, env);
      expect(handshake).toMatch(new RegExp(`^1\\|6\\|${network}\\|`));
      // Still running while the parent is.
      await new Promise((r) => setTimeout(r, 1500));
      expect(processRunning(provider)).toBe(true);
      const killedAt = Date.now();
      parent.kill('SIGKILL');
      await until(() => !processRunning(provider), 'the provider to exit after its parent was killed', {
        timeoutMs: 10_000,
        everyMs: 50,
      });
      const tookMs = Date.now() - killedAt;
      process.stdout.write(
        `parent watch (${network}): provider gone ${tookMs} ms after its parent's SIGKILL\n`,
      );
      expect(readFileSync(errFile, 'utf8')).toMatch(
        new RegExp(`"@message":"Terraform went away; exiting".*"reason":"parent process ${parent.pid} `),
      );
    },
    HANG_GUARD_MS,
  );
});
