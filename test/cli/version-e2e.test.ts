// `terraform-provider-uptime --version` names the provider, its protocol and the Node that runs it (the machine's
// Node for the npm package; the release executables say "(embedded)", see release-e2e.test.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';

test('--version prints the provider version, the protocol and the Node version', async () => {
  const launcher = await buildProvider(REAL_PROVIDER_ENTRY);
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const out = execFileSync(process.execPath, [launcher, '--version'], { encoding: 'utf8' });
  expect(out).toBe(
    `terraform-provider-uptime ${version} (plugin protocol 6.0, registry.terraform.io/uptime-monitoring/uptime; Node ${process.version})\n`,
  );
}, 60_000);
