import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { terraformAvailable, requiredProviders } from '../helpers/terraform.js';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const hasTerraform = terraformAvailable();

describe('uptimectl provider install', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'uptimectl-install-'));
    if (!existsSync(path.join(root, 'dist/terraform-provider-uptime.cjs')))
      execFileSync('npm', ['run', 'build:provider'], { cwd: root, stdio: 'ignore' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('writes a mirror and CLI config and says how to use them', async () => {
    const { stdout } = await run(
      'npx',
      ['tsx', 'src/cli/uptimectl.ts', 'provider', 'install', '--dir', dir],
      {
        cwd: root,
      },
    );
    expect(stdout).toContain(`export TF_CLI_CONFIG_FILE=${path.join(dir, 'terraform.rc')}`);
    expect(stdout).toContain('--skip-provider-lock');
    expect(stdout).toContain('terraform providers lock -fs-mirror=');
    expect(existsSync(path.join(dir, 'terraform.rc'))).toBe(true);
  }, 60_000);

  (hasTerraform ? test : test.skip)(
    'terraform init installs the provider from that mirror, offline',
    async () => {
      const work = path.join(dir, 'work');
      execFileSync('mkdir', ['-p', work]);
      writeFileSync(path.join(work, 'main.tf'), requiredProviders());
      const env = {
        ...process.env,
        CHECKPOINT_DISABLE: '1',
        TF_CLI_CONFIG_FILE: path.join(dir, 'terraform.rc'),
      };
      const init = await run('terraform', ['init', '-no-color'], { cwd: work, env });
      expect(init.stdout).toContain('Installed uptime-monitoring/uptime v0.1.0');
      const schema = await run('terraform', ['providers', 'schema', '-json'], { cwd: work, env });
      expect(Object.keys(JSON.parse(schema.stdout).provider_schemas)).toEqual([
        'registry.terraform.io/uptime-monitoring/uptime',
      ]);
    },
    60_000,
  );
});
