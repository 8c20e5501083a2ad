// Works with any service that keeps the spec: the flows a team runs, with real Terraform, against the
// local service answering as each service profile (src/service/profiles.ts: another choice wherever the spec says
// "not shown" or a field is nullable), and against its own choices as the baseline. Per alternative, in order:
// create + re-plan, `uptimectl import --verify`, import, drift, update + pause, a service-side validation error,
// `uptimectl plan-report --check` and a duplicate create, destroy. Every cell of the matrix (alternative × flow) is a
// test; the requests each flow made are counted on the service, and the extra requests an alternative costs over
// the baseline are printed as a table (and written to $UPTIME_PROFILES_REPORT when set). Heavy: alternatives run in
// parallel (UPTIME_PROFILES_CONCURRENCY, default 4), once per CI run (heavyE2eEnabled); UPTIME_PROFILES=<names>
// runs those profiles only (and the baseline).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, PROFILES, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
  type RunResult,
} from '../helpers/terraform.js';
import { EMAIL_DEST_2, SMS_DEST, ServiceApi, testSeed } from './helpers.js';

const RUN = terraformAvailable() && heavyE2eEnabled();
const describeHeavy = RUN ? describe : describe.skip;
const CONCURRENCY = Number(process.env.UPTIME_PROFILES_CONCURRENCY ?? 4);
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const UPTIMECTL = join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts');

/** '' is the local service's own choices (docs/api-decisions.md): the baseline. */
const BASELINE = '';
const ALTERNATIVES = [BASELINE, ...(process.env.UPTIME_PROFILES?.split(',') ?? PROFILES.map((p) => p.name))];
const FLOWS = [
  'create + re-plan',
  'import --verify',
  'import',
  'drift',
  'update + pause',
  'service-side validation error',
  'plan-report --check',
  'duplicate create',
  'destroy',
] as const;
type Flow = (typeof FLOWS)[number];

interface Outcome {
  error: string | null;
  /** Requests the flow's commands made, by route (`GET /v1/monitors/{monitorId}`). */
  requests: Record<string, number>;
  ms: number;
}
const results = new Map<string, Map<Flow, Outcome>>();
const flat = (s: string) => s.replace(/\s+/g, ' ');

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({
        code: err ? ((err as { code?: number }).code ?? 1) : 0,
        stdout: String(stdout),
        stderr: String(stderr),
      }),
    ),
  );
}

interface Config {
  name: string;
  interval: number;
  enabled: boolean;
  sms: boolean;
  title: string;
  /** More resource and import blocks. */
  extra?: string;
}

/** The configuration a team keeps: a monitor with headers and codes, its alert settings, a status page. */
function config(c: Config, exampleId: string): string {
  return `resource "uptime_monitor" "api" {
  name                  = "${c.name}"
  url                   = "https://api.profiles.example/health"
  interval_seconds      = ${c.interval}
  enabled               = ${c.enabled}
  accepted_status_codes = [200, 204]
  request_headers       = [{ name = "X-Probe", value = "probe-value" }]
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id
  channels = {
    email = true
    sms   = ${c.sms}
  }
  destination_ids = {
    email = "${EMAIL_DEST_2}"
    sms   = "${SMS_DEST}"
  }
  slow_response_alerts = {
    enabled           = true
    threshold_ms      = 2000
    consecutive_limit = 3
  }
}

resource "uptime_status_page" "example" {
  monitor_id = "${exampleId}"
  title      = "${c.title}"
}
${c.extra ?? ''}`;
}

/** Runs the flows against one alternative, recording each flow's outcome; a failed flow does not stop the next. */
async function runAlternative(alt: string, bundle: string): Promise<void> {
  const outcomes = new Map<Flow, Outcome>();
  results.set(alt, outcomes);
  let counting: Record<string, number> | null = null;
  const seed = testSeed() as any;
  seed.tenants[0].plan.monthlyLimit = 1_000_000; // monthly headers to leave out (no-monthly-headers)
  const svc: RunningService = await createService({
    port: 0,
    seed,
    logErrors: false,
    engine: false,
    ...(alt ? { profiles: alt } : {}),
    onResponse: (r) => {
      if (counting && r.route) {
        const k = `${r.method} ${r.route}`;
        counting[k] = (counting[k] ?? 0) + 1;
      }
    },
  });
  const api = new ServiceApi(svc, svc.tokens.full!);
  const ws = TerraformWorkspace.create({
    providerBundle: bundle,
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
  });
  const uptimectl = (args: string[], cwd = ws.workdir) =>
    run(process.execPath, [TSX, UPTIMECTL, ...args], cwd, ws.env);
  /** Out-of-band calls (what a dashboard user does), in our service's own answers. */
  const raw = async <T>(f: () => Promise<T>): Promise<T> => {
    const saved = counting;
    counting = null;
    try {
      return await f();
    } finally {
      counting = saved;
    }
  };
  const flow = async (name: Flow, f: () => Promise<void>) => {
    const requests: Record<string, number> = {};
    const t0 = Date.now();
    let error: string | null = null;
    counting = requests;
    try {
      await f();
    } catch (e) {
      error = (e as Error).message.slice(0, 4000);
    } finally {
      counting = null;
    }
    outcomes.set(name, { error, requests, ms: Date.now() - t0 });
  };
  const must = (cond: boolean, what: string, detail = '') => {
    if (!cond) throw new Error(`${what}${detail ? `\n${detail.slice(-3000)}` : ''}`);
  };
  const emptyPlan = async () => {
    const p = await ws.planHasChanges();
    must(!p.changes, 're-plan after apply is not empty', p.output);
  };
  const monitors = () => raw(() => api.listMonitors());

  try {
    ws.write({ 'versions.tf': requiredProviders() });
    await ws.init();
    const exampleId = (await monitors()).find((m) => m.name === 'Example status')!.id as string;
    const base: Config = { name: 'API', interval: 300, enabled: true, sms: true, title: 'Status' };
    const write = (c: Config) => ws.write({ 'main.tf': config(c, exampleId) });
    let apiId = '';
    let bId = '';
    let dupId = '';

    // Profiles whose capabilities lack facts the plan-time checks need: those checks are off, said once per run.
    const factsMissing = alt.startsWith('account-records-');
    await flow('create + re-plan', async () => {
      write(base);
      const applied = await ws.apply();
      const warnings = (applied.stdout.match(/Warning: Some plan-time checks are off/g) ?? []).length;
      must(
        factsMissing ? warnings >= 1 && warnings <= 2 : warnings === 0,
        `${warnings} warnings about checks that are off (one per provider process that planned: plan and apply)`,
        applied.stdout,
      );
      await emptyPlan();
      apiId = (await ws.resourceValues('uptime_monitor.api'))!.id;
      const m = await raw(() => api.monitor(apiId));
      must(JSON.stringify(m.acceptedStatusCodes) === '[200,204]', 'accepted status codes not written');
      must(m.requestHeaders[0]?.valueSet === true, 'header value not saved');
      const s = (await raw(() => api.call('GET', `/monitors/${apiId}/alert-settings`))).json;
      must(s.data.channels.sms === true, 'alert settings not written', JSON.stringify(s));
    });

    await flow('import --verify', async () => {
      const out = mkdtempSync(join(tmpdir(), 'profiles-import-'));
      const r = await uptimectl(['import', '--out', out, '--verify']);
      must(r.code === 0, `uptimectl import --verify exited ${r.code}`, r.stderr);
      must(
        /Verified: \d+ to import, 0 to add, 0 to change, 0 to destroy/.test(r.stdout),
        'not imports only',
        r.stdout,
      );
    });

    // The monitor made by hand that the import flow brings under Terraform, enabled like api until the update
    // pauses both: with every monitor of the state in the same listing, which refresh read comes first (always a
    // GET) does not change how many requests a refresh makes, and the other read comes from a listing page.
    const handMade = (enabled: boolean) => `import {
  to = uptime_monitor.b
  id = "${bId}"
}

resource "uptime_monitor" "b" {
  name             = "Made by hand"
  url              = "https://b.profiles.example/"
  interval_seconds = 900
  enabled          = ${enabled}
}
`;
    await flow('import', async () => {
      const b = await raw(() =>
        api.call('POST', '/monitors', {
          name: 'Made by hand',
          url: 'https://b.profiles.example/',
          intervalSeconds: 900,
        }),
      );
      bId = b.json.data.id;
      write({ ...base, extra: handMade(true) });
      const r = await ws.apply();
      must(
        /Resources: 1 imported, 0 added, 0 changed, 0 destroyed/.test(r.stdout),
        'import not applied',
        r.stdout,
      );
      await emptyPlan();
    });

    // Both monitors changed in the dashboard: the refresh reads one with a GET and the other from the listing, so the
    // write of the listed one needs the version the listing gave (or, when it gave none, one read singly).
    await flow('drift', async () => {
      await raw(() => api.patchMonitor(apiId, { name: 'changed in the dashboard', timeoutMs: 4000 }));
      await raw(() => api.patchMonitor(bId, { name: 'renamed by hand' }));
      const p = await ws.planHasChanges();
      must(
        p.changes &&
          p.output.includes('"changed in the dashboard" -> "API"') &&
          p.output.includes('"renamed by hand" -> "Made by hand"'),
        'drift not shown',
        p.output,
      );
      await ws.apply();
      await emptyPlan();
      const m = await raw(() => api.monitor(apiId));
      must(m.name === 'API' && m.timeoutMs === 10000, 'drift not undone', JSON.stringify(m));
      must(
        (await raw(() => api.monitor(bId))).name === 'Made by hand',
        'drift of the other monitor not undone',
      );
    });

    const v2: Config = { name: 'API v2', interval: 900, enabled: false, sms: false, title: 'Status v2' };
    await flow('update + pause', async () => {
      v2.extra = handMade(false);
      write(v2);
      await ws.apply();
      await emptyPlan();
      const m = await raw(() => api.monitor(apiId));
      must(
        m.name === 'API v2' && m.intervalSeconds === 900 && m.enabled === false && m.status === 'paused',
        'update or pause not made',
        JSON.stringify(m),
      );
      must((await raw(() => api.monitor(bId))).status === 'paused', 'the imported monitor not paused');
      const page = (await raw(() => api.call('GET', `/monitors/${exampleId}/status-page`))).json.data;
      must(page.title === 'Status v2', 'status page title not changed');
    });

    const rejected = 'url must have at most 40 characters on this service';
    await flow('service-side validation error', async () => {
      await raw(() =>
        api.admin('POST', '/faults', {
          route: 'createMonitor',
          count: 1,
          validation: [{ field: 'url', rule: 'max_length', message: rejected, allowed: [] }],
        }),
      );
      const before = (await monitors()).length;
      ws.write({
        'main.tf': `${config(v2, exampleId)}
resource "uptime_monitor" "c" {
  url = "https://a-long-host-name-for-this-service.profiles.example/health"
}
`,
      });
      const r = await ws.run(['apply', '-auto-approve', '-no-color']);
      const err = flat(r.stderr);
      must(r.code === 1, 'apply did not fail', r.stdout);
      // The service's words when it sent some; with an empty body, what its status means.
      must(
        err.includes(rejected) || (alt === 'empty-errors' && /(400|422) invalid request/.test(err)),
        'the service text is not shown',
        err,
      );
      must(!/does not match the v1 contract|UnexpectedResponse/.test(err), 'contract error', err);
      must((await monitors()).length === before, 'something was created');
      must(!(await ws.resourceValues('uptime_monitor.c')), 'the rejected monitor is in state');
      write(v2);
      await emptyPlan();
    });

    const dupUrl = 'https://dup.profiles.example/';
    await flow('plan-report --check', async () => {
      dupId = (await raw(() => api.call('POST', '/monitors', { name: 'Already there', url: dupUrl }))).json
        .data.id;
      v2.extra += `
resource "uptime_monitor" "dup" {
  name = "Duplicate"
  url  = "${dupUrl}"
}
`;
      write(v2);
      await ws.must(['plan', '-no-color', '-out=dup.tfplan'], [0]);
      const r = await uptimectl(['plan-report', 'dup.tfplan', '--check', '--fail-on', 'duplicate']);
      must(r.code === 3, `plan-report --check exited ${r.code}`, r.stderr + r.stdout);
      must(
        r.stdout.includes('already in the account: 1 of 1 monitor to create'),
        'duplicate not flagged',
        r.stdout,
      );
      // Facts the service does not report are named as not checked, never guessed.
      must(
        factsMissing === r.stdout.includes('⚠️ capacity: not checked (the service does not report'),
        'capacity check and the usage facts disagree',
        r.stdout,
      );
    });

    await flow('duplicate create', async () => {
      const r = await ws.run(['apply', '-auto-approve', '-no-color', 'dup.tfplan']);
      const err = flat(r.stderr);
      must(r.code === 1, 'apply did not fail', r.stdout);
      must(
        err.includes(`Monitor already exists`) && err.includes(dupId),
        'the existing monitor is not named',
        err,
      );
      must(err.includes('`npx uptimectl adopt`'), 'no adopt command', err);
      must(
        (await monitors()).filter((m) => m.url === dupUrl && !m.archived).length === 1,
        'a duplicate was made',
      );
      v2.extra = v2.extra!.slice(0, v2.extra!.indexOf('\nresource "uptime_monitor" "dup"'));
      write(v2);
      await emptyPlan();
    });

    await flow('destroy', async () => {
      await ws.destroy();
      const all = await monitors();
      for (const id of [apiId, bId])
        must(all.find((m) => m.id === id)?.archived === true, `monitor ${id} not archived`);
      const s = (await raw(() => api.call('GET', `/monitors/${apiId}/alert-settings`))).json.data;
      must(
        s.channels.sms === false && s.slowResponseAlerts.enabled === false,
        'alert settings not restored',
        JSON.stringify(s),
      );
      const page = (await raw(() => api.call('GET', `/monitors/${exampleId}/status-page`))).json.data;
      must(page.enabled === false, 'status page not disabled');
    });
  } catch (e) {
    for (const f of FLOWS)
      if (!outcomes.has(f))
        outcomes.set(f, { error: `setup failed: ${(e as Error).message}`, requests: {}, ms: 0 });
  } finally {
    writeFileSync(join(ws.dir, 'done'), '');
    if (!process.env.KEEP_E2E_DIR) ws.dispose();
    await svc.close();
  }
}

async function pool<T>(items: T[], n: number, f: (x: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.max(1, n) }, async () => {
      for (let x = queue.shift(); x !== undefined; x = queue.shift()) await f(x);
    }),
  );
}

const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

/** The matrix and the extra requests over the baseline, per flow, as Markdown. */
function report(): string {
  const base = results.get(BASELINE);
  const head = `| alternative | ${FLOWS.join(' | ')} |\n|---|${FLOWS.map(() => '---').join('|')}|`;
  const rows = ALTERNATIVES.map((alt) => {
    const cells = FLOWS.map((f) => {
      const o = results.get(alt)?.get(f);
      if (!o) return 'not run';
      if (o.error) return '❌';
      const extra = total(o.requests) - total(base?.get(f)?.requests ?? {});
      return alt === BASELINE ? `✅ ${total(o.requests)}` : `✅ ${extra > 0 ? `+${extra}` : extra}`;
    });
    return `| ${alt || '(our choices: requests per flow)'} | ${cells.join(' | ')} |`;
  });
  const extras = ALTERNATIVES.filter((a) => a !== BASELINE).flatMap((alt) =>
    FLOWS.flatMap((f) => {
      const mine = results.get(alt)?.get(f)?.requests ?? {};
      const theirs = base?.get(f)?.requests ?? {};
      const diff = Object.keys({ ...mine, ...theirs })
        .sort()
        .map((k) => [k, (mine[k] ?? 0) - (theirs[k] ?? 0)] as const)
        .filter(([, d]) => d !== 0)
        .map(([k, d]) => `${d > 0 ? '+' : ''}${d} ${k}`);
      return diff.length ? [`- ${alt}, ${f}: ${diff.join(', ')}`] : [];
    }),
  );
  const seconds = FLOWS.map((f) => {
    const ms = ALTERNATIVES.map((a) => results.get(a)?.get(f)?.ms ?? 0).sort((a, b) => a - b);
    return `${f} ${(ms[ms.length >> 1]! / 1000).toFixed(1)} s`;
  });
  return [
    head,
    ...rows,
    '',
    'Requests that differ from the baseline, by route:',
    ...extras,
    '',
    `Median time per flow: ${seconds.join(', ')}`,
    '',
  ].join('\n');
}

describeHeavy('the provider against every service profile (alternatives × flows, real Terraform)', () => {
  beforeAll(async () => {
    const bundle = await buildProvider(REAL_PROVIDER_ENTRY);
    const t0 = Date.now();
    await pool(ALTERNATIVES, CONCURRENCY, (alt) => runAlternative(alt, bundle));
    const text = `${report()}\nwall time: ${Math.round((Date.now() - t0) / 1000)} s at concurrency ${CONCURRENCY}\n`;
    process.stdout.write(`\n${text}`);
    if (process.env.UPTIME_PROFILES_REPORT) writeFileSync(process.env.UPTIME_PROFILES_REPORT, text);
  }, 3_600_000);

  describe.each(ALTERNATIVES)('%s', (alt) => {
    test.each(FLOWS)('%s', (f) => {
      const o = results.get(alt)?.get(f);
      expect({ flow: f, error: o ? o.error : 'not run' }).toEqual({ flow: f, error: null });
    });
  });
});
