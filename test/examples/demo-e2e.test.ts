// The README's main job, `npm run demo`, end to end: it must exit 0, deploy and destroy the CDKTF quickstart
// with the real CDK CLI (cdktf-cli where it runs, cdktn-cli on Node 24, where cdktf-cli's node-pty has no build)
// and Terraform, show the monitors as the service reports them, print no secret,
// leave nothing running and write nothing into the repository. Offline, the monitors check the example app the
// demo starts: Homepage, API health and the status site up with response times, Docs down with HTTP 503.
// Where the heavy matrices run (Node 24 in CI) it runs as `npm run demo -- --keep-running`: while it waits, the
// dashboard and the status page are opened in Chromium (screenshots in UPTIME_ARTIFACTS/demo/), then Enter lets
// it destroy and finish; elsewhere the plain `npm run demo`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir, chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { REPO_ROOT } from '../helpers/build.js';
import { heavyE2eEnabled, terraformAvailable } from '../helpers/terraform.js';
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

/** `--keep-running` and the browser: once per CI run (the heavy matrices' runtime), where Chromium is. */
const inBrowser = terraformAvailable() && heavyE2eEnabled() && chromiumAvailable();
const KEPT = 'Press Enter to destroy the quickstart and finish the demo';

/** The points of an SVG polyline (a drawn line has at least two). */
const points = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el.getAttribute('points') ?? '').trim().split(/\s+/).filter(Boolean).length);

/**
 * What a newcomer sees while `--keep-running` waits: the dashboard (signed in with the printed admin key) and
 * the status page, each asserted from the DOM and shot to the artifacts. Returns the screenshot paths.
 */
async function lookAtTheDemo(stdout: string): Promise<string[]> {
  const dashboard = /dashboard: +(http:\/\/\S+)/.exec(stdout)![1]!;
  const adminKey = /sign in with the admin key (\S+)\)/.exec(stdout)![1]!;
  const statusPage = /status page: +(http:\/\/\S+)/.exec(stdout)![1]!;
  const dir = artifactsDir('demo');
  const shots = [join(dir, 'dashboard.png'), join(dir, 'status-page.png')];
  const chromium = await launchChromium();
  try {
    const ctx = await chromium.context();
    const page = await ctx.newPage();
    await page.goto(dashboard);
    await page.fill('#key', adminKey);
    await Promise.all([page.waitForURL(/\/_dashboard\/$/), page.click('button[type=submit]')]);
    const row = (name: string) => `table[data-table="monitors"] tr:has(bdi:text-is("${name}"))`;
    for (const name of ['Homepage', 'API health', 'Example status']) {
      expect(await page.getAttribute(row(name), 'data-status')).toBe('up');
      expect(await page.textContent(`${row(name)} td:nth-child(4)`)).toBe('200');
      expect(await page.textContent(`${row(name)} td:nth-child(5)`)).toMatch(/^\d+ ms$/);
      expect(await points(page, `${row(name)} svg.spark polyline`)).toBeGreaterThanOrEqual(10);
    }
    expect(await page.getAttribute(row('Docs'), 'data-status')).toBe('down');
    expect(await page.textContent(`${row('Docs')} [data-reason]`)).toMatch(
      /^HTTP 503 is not an accepted status/,
    );
    expect(await page.textContent(`${row('Docs')} td:nth-child(4)`)).toBe('503');
    expect(await page.textContent('[data-list="incidents"]')).toMatch(/open\s+availability — Docs/);
    expect(await page.textContent('[data-list="alerts"]')).toMatch(/availability via email to Ops team/);
    await page.screenshot({ path: shots[0]! });

    const status = await ctx.newPage();
    expect((await status.goto(statusPage))?.status()).toBe(200);
    expect(await status.textContent('h1')).toBe('Example Inc. status');
    expect(await status.textContent('#current-state [data-status="up"]')).toBe('Operational');
    expect(
      await status.$$eval('section[data-section]', (els) => els.map((e) => e.getAttribute('data-section'))),
    ).toEqual(['uptime-timeline', 'response-time', 'incidents']);
    expect(await status.textContent('[data-section="uptime-timeline"] p')).toMatch(
      /^100% uptime over \d+ checks\.$/,
    );
    // Today's bar green (yesterday's too, if the demo ran across midnight); no day down or partly down.
    expect(await status.locator('[data-section="uptime-timeline"] rect.up').count()).toBeGreaterThanOrEqual(
      1,
    );
    expect(await status.locator('[data-section="uptime-timeline"] rect:is(.down, .partial)').count()).toBe(0);
    expect(await status.textContent('[data-section="response-time"] p')).toMatch(
      /^Last \d+ checks: average \d+ ms, fastest \d+ ms, slowest \d+ ms\.$/,
    );
    expect(await points(status, '[data-section="response-time"] polyline')).toBeGreaterThanOrEqual(10);
    await status.screenshot({ path: shots[1]!, fullPage: true });
    await ctx.close();
  } finally {
    await chromium.close();
  }
  return shots;
}

describeTf('npm run demo', () => {
  it(
    'deploys the quickstart with the CDK CLI, shows it, destroys it, and cleans up after itself',
    async () => {
      const before = snapshot();
      const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      const child = spawn(
        process.execPath,
        [tsx, 'scripts/demo.ts', ...(inBrowser ? ['--keep-running'] : [])],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, CHECKPOINT_DISABLE: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      let looked: Promise<string[]> | null = null;
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        // Enter after looking, whatever the browser found, so the demo always finishes and cleans up.
        if (inBrowser && !looked && stdout.includes(KEPT)) {
          const started = Date.now();
          looked = lookAtTheDemo(stdout).finally(() => {
            process.stdout.write(`the browser looked at the demo in ${(Date.now() - started) / 1000} s\n`);
            child.stdin.write('\n');
          });
          looked.catch(() => undefined); // awaited (and its failure reported) once the demo has finished
        }
      });
      const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
      if (code !== 0) throw new Error(`demo exited ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);
      if (inBrowser) {
        expect(looked).not.toBeNull();
        process.stdout.write(`screenshots:\n${(await looked!).map((s) => `  ${s}`).join('\n')}\n`);
      }

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
        'Starting the example app the monitors check',
        'Starting the local service',
        'Installing the provider for offline Terraform',
        'Synthesizing examples/quickstart and locking the provider offline',
        'Deploying examples/quickstart',
        `Running 12 checks of each monitor now`,
        'What the service now holds',
        ...(inBrowser ? ['Leaving the local service and the example app running'] : []),
        'Destroying the quickstart',
        'After destroy: the monitors are archived',
        'Stopping the local service and the example app',
      ]);
      expect(stdout).toMatch(/Apply complete! Resources: 7 added, 0 changed, 0 destroyed\./);
      expect(stdout).toMatch(/Destroy complete! Resources: 7 destroyed\./);

      // What was created, as the service reports it.
      // Offline, every monitor checks the example app on 127.0.0.1: three up with a response time, Docs down
      // with the reason an HTTP 503 gives.
      const [deployed, after] = stdout.split('==> After destroy');
      const app = /listening at (http:\/\/127\.0\.0\.1:\d+): /.exec(stdout)![1]!.replace(/\./g, '\\.');
      const up = (name: string, every: number, method: string, path: string) =>
        new RegExp(
          `${name} +up +every +${every} s +${method} +${app}${path}\\n +last check: HTTP 200 in \\d+ ms\\n`,
        );
      expect(deployed).toMatch(up('Example status', 60, 'GET', '/healthz'));
      expect(deployed).toMatch(up('API health', 60, 'GET', '/api/health'));
      expect(deployed).toMatch(up('Homepage', 300, 'GET', '/'));
      expect(deployed).toMatch(
        new RegExp(
          `Docs +down +every +300 s +HEAD +${app}/docs/\\n +down since \\S+: HTTP 503 is not an accepted status`,
        ),
      );
      expect(deployed.split('==> What the service now holds')[1]).not.toMatch(/https?:\/\/(?!127\.0\.0\.1:)/);
      expect(deployed).toMatch(
        /alerts: Ops team \(email\), On-call phone \(sms\); slow-response alert after 3 checks over 2000 ms/,
      );
      expect(deployed).toMatch(/headers: X-Api-Key \(value set, not readable\)/);
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
      const appUrl = /listening at (http:\/\/127\.0\.0\.1:\d+): /.exec(stdout)![1]!;
      await expect(fetch(`${appUrl}/healthz`)).rejects.toThrow();
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
