// The README's main job (`npm run demo`): start a small example app on 127.0.0.1 (scripts/demo-app.ts) and the local
// service, install the provider for offline Terraform, deploy the CDKTF quickstart (examples/quickstart) with
// `cdktf deploy` (`cdktn deploy` where cdktf-cli cannot run) with its monitors pointed at the example app, run their
// first checks, show what the service now holds, destroy it, stop everything. No internet needed: the checks are
// real requests to the example app, so the monitors come out up with response times, and Docs down with HTTP 503.
// Prints each step; exits 0 and leaves nothing running. Everything it writes (seed, mirror, CLI config, cdktf.out,
// state) goes to a temporary directory that is removed at the end.
// `--keep-running`: after the deploy, keep the service, the example app and the deployed quickstart running, print
// the dashboard and status-page addresses; Enter then destroys and finishes the demo, Ctrl+C stops at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { findCdkCli, withoutSharedPluginCache } from '../src/cdk/cli.js';
import { UptimeClient } from '../src/client/index.js';
import { ALERT_CHANNELS, type AlertDestination, type Monitor } from '../src/api/index.js';
import { DEFAULT_SEED } from '../src/service/seed.js';
import { EXAMPLE_PATHS, startExampleApp, type ExampleApp } from './demo-app.js';

interface ServiceInfo {
  baseUrl: string;
  adminUrl: string;
  dashboardUrl: string;
  adminKey: string;
  tokens: Record<string, string>;
}

/** Checks of each monitor run at once after the deploy, so the response-time charts have points to draw. */
const FIRST_CHECKS = 12;

const { values: flags } = parseArgs({ options: { 'keep-running': { type: 'boolean', default: false } } });
/** Status pages the last `show` found published. */
let published: string[] = [];

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

let stepStarted = Date.now();
function step(text: string): void {
  stepStarted = Date.now();
  process.stdout.write(`\n==> ${text}\n`);
}
const took = () => `${((Date.now() - stepStarted) / 1000).toFixed(1)} s`;
const say = (text: string) => process.stdout.write(`    ${text}\n`);

/** What a cdktf/terraform line must say to be shown live (the rest: spinners, plan bodies, init notes). */
const SHOWN = [
  /will be (created|destroyed|updated in-place|replaced)/,
  /^Plan: /,
  /(Creation|Destruction|Modifications) complete/,
  /(Apply|Destroy) complete!/,
  /^No changes\./,
  /Installed uptime-monitoring\/uptime/,
  /^Error: /,
  /^Warning: (?!Incomplete lock file)/,
  /^status_page_url = "/,
];

/**
 * Runs a command to completion. Its output is cleaned (no colour codes, no spinner or progress lines, secrets
 * masked); with `brief`, only the lines matching SHOWN are printed, and all of it is printed if the command fails.
 */
async function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { hide?: string[]; brief?: boolean; cwd?: string } = {},
): Promise<void> {
  const child = spawn(cmd, args, { cwd: opts.cwd ?? repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const relay = (stream: NodeJS.ReadableStream) => {
    createInterface({ input: stream }).on('line', (raw) => {
      let line = stripVTControlCharacters(raw)
        .replace(/^quickstart {2}/, '')
        .trim();
      if (
        !line ||
        line.includes('"nodedir"') ||
        /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|Stacks? (deploying|destroying|done|waiting)/.test(line)
      )
        return;
      for (const secret of opts.hide ?? []) line = line.split(secret).join('***');
      log.push(line);
      if (!opts.brief || SHOWN.some((re) => re.test(line))) say(`| ${line}`);
    });
  };
  relay(child.stdout!);
  relay(child.stderr!);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    if (opts.brief) for (const line of log.slice(-80)) say(`| ${line}`);
    throw new Error(
      `${path.basename(args[0] ?? cmd)} ${args.slice(1, 3).join(' ')} exited ${code ?? signal}`,
    );
  }
}

/** `node --import tsx src/cli/uptimectl.ts …`: the CLI from the sources, one process (signals reach it). */
const uptimectl = (...args: string[]) => [
  '--import',
  'tsx',
  path.join(repo, 'src/cli/uptimectl.ts'),
  ...args,
];

async function startService(seedFile: string): Promise<{ child: ChildProcess; info: ServiceInfo }> {
  const child = spawn(process.execPath, uptimectl('service', '--port', '0', '--json', '--seed', seedFile), {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([l]) => l as string),
    once(child, 'exit').then(([code]) => {
      throw new Error(`uptimectl service exited ${code} before it was ready`);
    }),
  ]);
  lines.close();
  child.stdout!.resume();
  return { child, info: JSON.parse(first) as ServiceInfo };
}

async function show(client: UptimeClient): Promise<Monitor[]> {
  const destinations = new Map(
    ((await client.listAlertDestinations()).data as AlertDestination[]).map((d) => [
      d.id,
      `${d.label ?? d.maskedValue} (${d.channel})`,
    ]),
  );
  const monitors: Monitor[] = [];
  published = [];
  for await (const m of client.paginate.listMonitors({ limit: 100 })) monitors.push(m);
  for (const m of monitors) {
    say(
      `${m.name.padEnd(15)} ${m.status.padEnd(8)} every ${String(m.intervalSeconds).padStart(4)} s  ${m.requestMethod.padEnd(4)} ${m.url}`,
    );
    if (m.archived) continue;
    if (m.status === 'up' && m.responseTimeMs !== null)
      say(`${''.padEnd(15)} last check: HTTP ${m.httpStatus ?? '—'} in ${m.responseTimeMs} ms`);
    if (m.status === 'down') {
      // The engine really requests each URL: the example app's docs answer 503.
      const open = (await client.listMonitorIncidents(m.id, { limit: 100 })).data.items.find(
        (i) => i.status === 'open',
      );
      if (open)
        say(`${''.padEnd(15)} down since ${open.startedAt}: ${open.failureReason ?? open.failureCategory}`);
    }
    const a = (await client.getAlertSettings(m.id)).data;
    const to = ALERT_CHANNELS.filter((ch) => a.channels[ch]).map(
      (ch) => destinations.get(a.destinationIds[ch] ?? '') ?? `${ch} (no destination)`,
    );
    const slow = a.slowResponseAlerts.enabled
      ? `; slow-response alert after ${a.slowResponseAlerts.consecutiveLimit} checks over ${a.slowResponseAlerts.thresholdMs} ms`
      : '';
    say(`${''.padEnd(15)} alerts: ${to.join(', ') || 'none'}${slow}`);
    const headers = (m.requestHeaders ?? []).map(
      (h) => `${h.name} (value ${h.valueSet ? 'set, not readable' : 'none'})`,
    );
    if (headers.length) say(`${''.padEnd(15)} headers: ${headers.join(', ')}`);
    const page = (await client.getMonitorStatusPage(m.id)).data;
    if (page.enabled && page.url) published.push(page.url);
    if (page.enabled)
      say(`${''.padEnd(15)} status page: "${page.title ?? ''}" published at ${page.url ?? '(no URL)'}`);
  }
  return monitors;
}

/** One check of a monitor now, through the admin API: a real request to the monitor's URL. */
async function checkNow(info: ServiceInfo, monitorId: string): Promise<void> {
  const r = await fetch(`${info.adminUrl}/monitors/${encodeURIComponent(monitorId)}/check`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.adminKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!r.ok) throw new Error(`POST /admin/monitors/${monitorId}/check answered ${r.status}`);
}

/** `--keep-running`: a line on stdin (Enter) continues the demo, Ctrl+C (SIGINT) or SIGTERM stops it. */
function untilEnterOrStop(): Promise<'continue' | 'stop'> {
  return new Promise((resolve) => {
    const input = createInterface({ input: process.stdin });
    const stop = () => done('stop');
    const done = (how: 'continue' | 'stop') => {
      input.close();
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve(how);
    };
    // At the end of stdin (`< /dev/null`, no terminal) only a signal stops it.
    input.once('line', () => done('continue'));
    process.once('SIGINT', stop).once('SIGTERM', stop);
  });
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'uptime-demo-'));
  let service: ChildProcess | null = null;
  let app: ExampleApp | null = null;
  try {
    step(
      'Building the provider (npm run build:provider: one bundled file, dist/terraform-provider-uptime.cjs)',
    );
    await run(process.execPath, [path.join(repo, 'scripts/build-provider.mjs')], process.env);
    say(`built in ${took()}`);

    step('Starting the example app the monitors check (scripts/demo-app.ts, on 127.0.0.1)');
    app = await startExampleApp();
    say(
      `listening at ${app.url}: ${EXAMPLE_PATHS.home} and ${EXAMPLE_PATHS.api} answer 200, ${EXAMPLE_PATHS.docs} 503`,
    );

    // The default seed (one Pro account), its status site "Example status" checking the example app too.
    const seed = structuredClone(DEFAULT_SEED);
    for (const t of seed.tenants)
      for (const m of t.monitors ?? [])
        if (m.ref === 'example') (m.body as { url: string }).url = `${app.url}${EXAMPLE_PATHS.status}`;
    const seedFile = path.join(work, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    step('Starting the local service (uptimectl service --port 0 --json --seed …)');
    const svc = await startService(seedFile);
    service = svc.child;
    const { baseUrl, tokens } = svc.info;
    const token = tokens.full ?? Object.values(tokens)[0]!;
    say(`listening at ${baseUrl}; tokens: ${Object.keys(tokens).join(', ')} (values not shown)`);

    step(`Installing the provider for offline Terraform (uptimectl provider install --dir ${work})`);
    await run(process.execPath, uptimectl('provider', 'install', '--dir', work), process.env);

    // The quickstart's secret (the X-Api-Key header value) comes from a sensitive variable.
    const apiKey = `demo-${randomBytes(12).toString('hex')}`;
    const env = withoutSharedPluginCache({
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: path.join(work, 'terraform.rc'),
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
      UPTIME_BASE_URL: baseUrl,
      UPTIME_API_TOKEN: token,
      TF_VAR_api_key: apiKey,
      QUICKSTART_STATE_FILE: path.join(work, 'terraform.quickstart.tfstate'),
      QUICKSTART_SITE: app.url,
      FORCE_COLOR: '0',
    });
    // The CDK CLI for this Node (src/cdk/cli.ts): cdktf-cli where its native terminal module has a build for it (up
    // to Node 22), else cdktn-cli, the maintained fork, which has no native code. DEMO_CDK_CLI=cdktf|cdktn chooses.
    const cli = findCdkCli(repo, { choose: process.env.DEMO_CDK_CLI || undefined });
    const cdk = cli.bin;
    const out = path.join(work, 'cdktf.out');
    const hide = [token, apiKey];

    // cdktf locks providers through the registry unless the stack's lock file already has them: synthesize, then
    // make the lock file offline from the mirror, and deploy without --skip-provider-lock.
    step(
      `Synthesizing examples/quickstart and locking the provider offline (${cli.name} synth; terraform providers lock -fs-mirror)`,
    );
    say(`CDK CLI: ${cli.package} (${process.env.DEMO_CDK_CLI ? 'chosen by DEMO_CDK_CLI' : cli.why})`);
    await run(process.execPath, [cdk, 'synth', '--output', out], env, { hide, brief: true });
    const platform = `${process.platform}_${process.arch === 'x64' ? 'amd64' : process.arch}`;
    await run(
      'terraform',
      [
        'providers',
        'lock',
        `-fs-mirror=${path.join(work, 'mirror')}`,
        `-platform=${platform}`,
        'uptime-monitoring/uptime',
      ],
      env,
      { hide, brief: true, cwd: path.join(out, 'stacks', 'quickstart') },
    );

    step(`Deploying examples/quickstart (${cli.name} deploy --auto-approve)`);
    say(
      '3 monitors (2 in a group with shared defaults), their alert settings (destinations looked up by label),',
    );
    say(
      'and the content of the status page of the seeded monitor "Example status" (set up in the dashboard)',
    );
    await run(process.execPath, [cdk, 'deploy', '--auto-approve', '--output', out], env, {
      hide,
      brief: true,
    });
    say(`deployed in ${took()}`);

    const client = new UptimeClient({ baseUrl, token });
    step(
      `Running ${FIRST_CHECKS} checks of each monitor now (POST /admin/monitors/{id}/check), so the charts have points`,
    );
    say('then each is checked on its schedule, every 1 or 5 minutes');
    const active: Monitor[] = [];
    for await (const m of client.paginate.listMonitors({ limit: 100 })) if (!m.archived) active.push(m);
    await Promise.all(
      active.map(async (m) => {
        for (let i = 0; i < FIRST_CHECKS; i++) await checkNow(svc.info, m.id);
      }),
    );
    say(`${active.length * FIRST_CHECKS} checks in ${took()}`);

    step('What the service now holds (GET /monitors, alert settings, status pages)');
    const deployed = await show(client);
    const names = deployed.filter((m) => !m.archived).map((m) => m.name);
    for (const want of ['Homepage', 'Docs', 'API health'])
      if (!names.includes(want)) throw new Error(`monitor "${want}" is not in the service after deploy`);

    if (flags['keep-running']) {
      step('Leaving the local service and the example app running (--keep-running)');
      say(`dashboard:   ${svc.info.dashboardUrl}   (sign in with the admin key ${svc.info.adminKey})`);
      say(
        '             Homepage, API health and Example status up with their response times; Docs down with',
      );
      say('             its reason (HTTP 503), its open incident and the email alert to the Ops team');
      for (const url of published)
        say(`status page: ${url}   (a browser gets the web page, API clients JSON)`);
      say('             Example status operational: uptime timeline, response-time chart, incidents');
      say(`API:         ${baseUrl}`);
      say('Press Enter to destroy the quickstart and finish the demo, or Ctrl+C to stop everything now.');
      if ((await untilEnterOrStop()) === 'stop') return;
    }

    step(`Destroying the quickstart (${cli.name} destroy --auto-approve --skip-synth)`);
    await run(process.execPath, [cdk, 'destroy', '--auto-approve', '--skip-synth', '--output', out], env, {
      hide,
      brief: true,
    });
    say(`destroyed in ${took()}`);

    step('After destroy: the monitors are archived (history kept), the status page is unpublished');
    const after = await show(client);
    const live = after.filter((m) => !m.archived && ['Homepage', 'Docs', 'API health'].includes(m.name));
    if (live.length) throw new Error(`still active after destroy: ${live.map((m) => m.name).join(', ')}`);
  } finally {
    step('Stopping the local service and the example app');
    if (service && service.exitCode === null) {
      service.kill('SIGTERM');
      await once(service, 'exit');
    }
    await app?.close();
    say('stopped');
    rmSync(work, { recursive: true, force: true });
    say(`removed ${work}`);
  }
}

main().then(
  () => {
    process.stdout.write(`\nDemo complete in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
