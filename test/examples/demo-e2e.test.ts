// The README's main job, `npm run demo`, end to end: it must exit 0, deploy and destroy the CDKTF quickstart
// with the real CDK CLI (cdktf-cli where it runs, cdktn-cli on Node 24, where cdktf-cli's node-pty has no build)
// and Terraform, show the monitors as the service reports them, print no secret,
// leave nothing running and write nothing into the repository.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;

/** Paths a careless run of cdktf/terraform would create in the repository. */
const REPO_OUTPUTS = ['cdktf.out', 'terraform.quickstart.tfstate', '.terraform', '.terraform-uptime', '.gen'];
const snapshot = () =>
  REPO_OUTPUTS.map((p) => {
    const f = join(REPO_ROOT, p);
    return `${p}:${existsSync(f) ? statSync(f).mtimeMs : 'absent'}`;
  });

/** cdktf-cli runs where its native terminal module loads (Node 20 and 22); Node 24 has no build of it. */
const cdktfRuns =
  spawnSync(process.execPath, ['-e', "require('@cdktf/node-pty-prebuilt-multiarch')"], { cwd: REPO_ROOT })
    .status === 0;
const CLI = cdktfRuns ? 'cdktf' : 'cdktn';

describeTf('npm run demo', () => {
  it(
    'deploys the quickstart with the CDK CLI, shows it, destroys it, and cleans up after itself',
    async () => {
      const before = snapshot();
      const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
        (resolve) =>
          execFile(
            process.execPath,
            [tsx, 'scripts/demo.ts'],
            { cwd: REPO_ROOT, env: { ...process.env, CHECKPOINT_DISABLE: '1' }, maxBuffer: 16 * 1024 * 1024 },
            (err, out, errOut) =>
              resolve({
                code: err ? ((err as { code?: number }).code ?? 1) : 0,
                stdout: out,
                stderr: errOut,
              }),
          ),
      );
      if (code !== 0) throw new Error(`demo exited ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);

      // The CLI deploys with the lock file made from the mirror, not with --skip-provider-lock.
      expect(stdout).toContain(`CDK CLI: ${CLI}-cli (`);
      expect(stdout).toContain(`==> Deploying examples/quickstart (${CLI} deploy --auto-approve)\n`);
      expect(stdout).toContain(
        `==> Destroying the quickstart (${CLI} destroy --auto-approve --skip-synth)\n`,
      );
      // Each step, in order.
      const steps = [...stdout.matchAll(/^==> (.*)$/gm)].map((m) => m[1]!.split(' (')[0]);
      expect(steps).toEqual([
        'Building the provider',
        'Starting the local service',
        'Installing the provider for offline Terraform',
        'Synthesizing examples/quickstart and locking the provider offline',
        'Deploying examples/quickstart',
        'What the service now holds',
        'Destroying the quickstart',
        'After destroy: the monitors are archived',
        'Stopping the local service',
      ]);
      expect(stdout).toMatch(/Apply complete! Resources: 7 added, 0 changed, 0 destroyed\./);
      expect(stdout).toMatch(/Destroy complete! Resources: 7 destroyed\./);

      // What was created, as the service reports it.
      const [deployed, after] = stdout.split('==> After destroy');
      expect(deployed).toMatch(
        /API health +(up|down|pending) +every +60 s +GET +https:\/\/api\.example\.com\/health/,
      );
      expect(deployed).toMatch(
        /alerts: Ops team \(email\), On-call phone \(sms\); slow-response alert after 3 checks over 2000 ms/,
      );
      expect(deployed).toMatch(/headers: X-Api-Key \(value set, not readable\)/);
      expect(deployed).toMatch(/Docs +(up|down|pending) +every +300 s +HEAD/);
      expect(deployed).toMatch(/status page: "Example Inc\. status" published at http/);
      for (const name of ['Homepage', 'Docs', 'API health'])
        expect(after).toMatch(new RegExp(`${name} +archived`));
      expect(after).not.toMatch(/status page: /);
      expect(stdout).toMatch(/Demo complete in \d+\.\d s\./);

      // No secret in the output: API tokens (upt_ + 40 hex) and the generated header value.
      expect(stdout + stderr).not.toMatch(/upt_[0-9a-f]{40}/);
      expect(stdout + stderr).not.toMatch(/demo-[0-9a-f]{24}/);

      // Nothing left running: the service's port is closed, no process works in the demo's directory.
      const baseUrl = /listening at (http:\/\/\S+)\/v1/.exec(stdout)![1]!;
      await expect(fetch(`${baseUrl}/v1/health`)).rejects.toThrow();
      const work = /removed (\S+)/.exec(stdout)![1]!;
      expect(existsSync(work)).toBe(false);
      const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
      expect(processes.split('\n').filter((l) => l.includes(work))).toEqual([]);

      // Nothing written into the repository.
      expect(snapshot()).toEqual(before);
    },
    HANG_GUARD_MS,
  );
});
