// The examples end to end with real Terraform against the local service (default seed, as `npx uptimectl service`
// starts it): examples/hcl with terraform directly, examples/quickstart synthesized by its CDKTF app (via tsx)
// and applied from the synthesized cdk.tf.json. Each one: apply, the service holds what the example declares,
// a re-plan shows no changes, destroy archives the monitors and unpublishes the page. Plus: a destination label
// that matches nothing fails the plan with a message naming it.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TerraformStack, Testing } from 'cdktf';
import { UptimeAlertDestination, UptimeMonitor, provider } from '../../src/constructs/index.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { ServiceApi } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;

/** Never printed, never in a file: must not show up in terraform's output or the synthesized JSON. */
const API_KEY = `sentinel-api-key-${Math.random().toString(16).slice(2)}`;

interface Example {
  svc: RunningService;
  api: ServiceApi;
  ws: TerraformWorkspace;
}

async function startExample(): Promise<Example> {
  const svc = await createService({ port: 0, logErrors: false }); // the default seed
  const ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full, TF_VAR_api_key: API_KEY },
  });
  return { svc, ws, api: new ServiceApi(svc, svc.tokens.full!) };
}

/** The CDKTF app's synthesized stack, exactly as `cdktf synth` runs it (cdktf.json's app command). */
function synthQuickstart(outdir: string, stateFile: string): Promise<string> {
  const tsx = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [tsx, '--tsconfig', 'examples/quickstart/tsconfig.json', 'examples/quickstart/main.ts'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          CDKTF_OUTDIR: outdir,
          QUICKSTART_STATE_FILE: stateFile,
          CHECKPOINT_DISABLE: '1',
        },
      },
      (err, _stdout, stderr) =>
        err
          ? reject(new Error(`quickstart synth failed: ${stderr}`))
          : resolve(join(outdir, 'stacks', 'quickstart', 'cdk.tf.json')),
    ),
  );
}

/** What both examples declare, as the service reports it after apply. */
async function expectDeployed(api: ServiceApi): Promise<void> {
  const all = await api.listMonitors();
  const byName = new Map(all.filter((m) => !m.archived).map((m) => [m.name, m]));
  expect(byName.get('Homepage')).toMatchObject({
    url: 'https://www.example.com/',
    intervalSeconds: 300,
    timeoutMs: 5000,
    requestMethod: 'GET',
  });
  expect(byName.get('Docs')).toMatchObject({
    url: 'https://docs.example.com/',
    intervalSeconds: 300,
    requestMethod: 'HEAD',
    expiryMonitoring: { ssl: { enabled: true, warnDays: 21 } },
  });
  const apiMon = byName.get('API health');
  expect(apiMon).toMatchObject({
    url: 'https://api.example.com/health',
    intervalSeconds: 60,
    acceptedStatusCodes: [200],
    requestHeaders: [{ name: 'X-Api-Key', valueSet: true }],
  });

  const dests = (await api.call('GET', '/alert-destinations')).json.data as any[];
  const ops = dests.find((d) => d.channel === 'email' && d.label === 'Ops team').id;
  const onCall = dests.find((d) => d.channel === 'sms' && d.label === 'On-call phone').id;
  const settings = async (id: string) => (await api.call('GET', `/monitors/${id}/alert-settings`)).json.data;
  expect(await settings(apiMon.id)).toMatchObject({
    channels: { email: true, sms: true },
    destinationIds: { email: ops, sms: onCall },
    slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 3 },
  });
  for (const name of ['Homepage', 'Docs'])
    expect(await settings(byName.get(name).id)).toMatchObject({
      channels: { email: true, sms: false },
      destinationIds: { email: ops, sms: null },
      slowResponseAlerts: { enabled: false },
    });

  const page = (await api.call('GET', `/monitors/${byName.get('Example status').id}/status-page`)).json.data;
  expect(page).toMatchObject({
    enabled: true,
    title: 'Example Inc. status',
    description: 'Live availability of our website, docs and API.',
    displayOptions: { recentHistory: false, responseTime: true, uptimeTimeline: true, incidents: true },
  });
}

async function expectDestroyed(api: ServiceApi): Promise<void> {
  const all = await api.listMonitors();
  for (const name of ['Homepage', 'Docs', 'API health'])
    expect(all.find((m) => m.name === name)).toMatchObject({ archived: true, status: 'archived' });
  const seeded = all.find((m) => m.name === 'Example status');
  expect(seeded.archived).toBe(false); // looked up, not managed
  expect((await api.call('GET', `/monitors/${seeded.id}/status-page`)).json.data.enabled).toBe(false);
}

function expectNoSecret(...texts: string[]): void {
  for (const t of texts) expect(t).not.toContain(API_KEY);
}

describeTf('examples with real terraform against the local service', () => {
  it(
    'examples/hcl: apply, no changes on re-plan, destroy',
    async () => {
      const e = await startExample();
      try {
        copyFileSync(join(REPO_ROOT, 'examples/hcl/main.tf'), join(e.ws.workdir, 'main.tf'));
        await e.ws.init();
        const applied = await e.ws.apply();
        expect(applied.stdout).toMatch(/Apply complete! Resources: 7 added, 0 changed, 0 destroyed/);
        await expectDeployed(e.api);
        // Write-only by default: the secret is in neither the state nor a saved plan.
        expectNoSecret(readFileSync(join(e.ws.workdir, 'terraform.tfstate'), 'utf8'));
        await e.ws.must(['plan', '-no-color', '-out=saved.tfplan']);
        expectNoSecret((await e.ws.must(['show', '-json', 'saved.tfplan'])).stdout);
        const plan = await e.ws.planHasChanges();
        expect(plan.output).toMatch(/No changes/);
        expect(plan.changes).toBe(false);
        const destroyed = await e.ws.destroy();
        expect(destroyed.stdout).toMatch(/Destroy complete! Resources: 7 destroyed/);
        await expectDestroyed(e.api);
        expectNoSecret(applied.stdout, applied.stderr, plan.output, destroyed.stdout);
      } finally {
        e.ws.dispose();
        await e.svc.close();
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'examples/quickstart (CDKTF): synth, apply, no changes on re-plan, destroy',
    async () => {
      const e = await startExample();
      const out = mkdtempSync(join(tmpdir(), 'quickstart-synth-'));
      try {
        const stackFile = await synthQuickstart(out, join(e.ws.workdir, 'terraform.tfstate'));
        const json = readFileSync(stackFile, 'utf8');
        expectNoSecret(json);
        copyFileSync(stackFile, join(e.ws.workdir, 'cdk.tf.json'));
        await e.ws.init();
        const applied = await e.ws.apply();
        expect(applied.stdout).toMatch(/Apply complete! Resources: 7 added, 0 changed, 0 destroyed/);
        await expectDeployed(e.api);
        const plan = await e.ws.planHasChanges();
        expect(plan.output).toMatch(/No changes/);
        expect(plan.changes).toBe(false);
        const destroyed = await e.ws.destroy();
        expect(destroyed.stdout).toMatch(/Destroy complete! Resources: 7 destroyed/);
        await expectDestroyed(e.api);
        expectNoSecret(applied.stdout, applied.stderr, plan.output, destroyed.stdout);
      } finally {
        rmSync(out, { recursive: true, force: true });
        e.ws.dispose();
        await e.svc.close();
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'a destination label that matches nothing fails the plan, naming the label',
    async () => {
      const e = await startExample();
      try {
        const stack = new TerraformStack(Testing.app(), 'lookup');
        new provider.UptimeProvider(stack, 'uptime', {});
        new UptimeMonitor(stack, 'm', {
          url: 'https://example.com/',
          alerts: { email: UptimeAlertDestination.lookup(stack, 'email', 'Nobody') },
        });
        writeFileSync(join(e.ws.workdir, 'cdk.tf.json'), Testing.synth(stack, true));
        await e.ws.init();
        const plan = await e.ws.run(['plan', '-no-color']);
        expect(plan.code).toBe(1);
        expect(plan.stderr.replace(/\s+/g, ' ')).toContain(
          'Expected exactly one verified email destination labelled "Nobody", found 0.',
        );
        expect((await e.api.listMonitors()).map((m) => m.url)).not.toContain('https://example.com/');
      } finally {
        e.ws.dispose();
        await e.svc.close();
      }
    },
    HANG_GUARD_MS,
  );
});
