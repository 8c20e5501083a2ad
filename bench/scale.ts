// npm run bench:scale — Terraform at scale, in one run: `terraform apply` and a no-op `terraform plan`
// (with and without -refresh=false) of N uptime_monitor resources against the local service, beside the same for N
// `terraform_data` resources (Terraform's built-in floor) and N `minimal_thing` resources of a provider whose handlers
// do nothing, served by the same framework and plugin server (bench/fixtures/minimal-provider.ts: the floor the
// framework and the protocol put under any resource). Then the API requests of the no-op plans by endpoint, for the
// N monitors and for a mixed configuration (N monitors + M alert settings + M status pages), with the time each
// would take at the Pro preset's 120 requests/minute.
// The service runs in this process (no checks engine) with one tenant per apply run (exactly N monitors each) and a
// token whose per-minute allowance is raised through the admin API, so rate limiting does not enter the times.
// Runs of the three kinds are interleaved, so machine noise hits them alike; times are medians.
// BENCH_N (default 1000), BENCH_RUNS (default 3), BENCH_MIXED (default 100, at most N).
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installProvider, PROVIDER_SOURCE, terraformPlatform } from '../src/cli/provider-install.js';
import { createService, type ResponseInfo } from '../src/service/index.js';
import { adminOf, load, terraformVersion } from './common.js';
import { MINIMAL_PROVIDER_ADDRESS } from './fixtures/minimal-address.js';

const N = Number(process.env.BENCH_N ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MIXED = Math.min(N, Number(process.env.BENCH_MIXED ?? 100));
const PRO_PER_MINUTE = 120;
const VERSION = '0.1.0';
const ADMIN_KEY = 'bench-scale-admin-key-0123456789';

if (!(Number.isInteger(N) && N > 0 && Number.isInteger(RUNS) && RUNS > 0 && Number.isInteger(MIXED)))
  throw new Error('BENCH_N and BENCH_RUNS must be positive integers, BENCH_MIXED a non-negative integer');

type Kind = 'uptime' | 'minimal' | 'data';
const KINDS: Kind[] = ['data', 'minimal', 'uptime'];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

// ----- configurations -----

function config(kind: Kind, run: number): string {
  switch (kind) {
    case 'data':
      return `resource "terraform_data" "r" {
  count = ${N}
  input = "https://s\${count.index}.run${run}.bench.example.com/"
}
`;
    case 'minimal':
      return `terraform {
  required_providers {
    minimal = {
      source  = "bench/minimal"
      version = "${VERSION}"
    }
  }
}

resource "minimal_thing" "r" {
  count = ${N}
  name  = "https://s\${count.index}.run${run}.bench.example.com/"
}
`;
    case 'uptime':
      return `terraform {
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "${VERSION}"
    }
  }
}

# base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.
provider "uptime" {}

resource "uptime_monitor" "m" {
  count = ${N}
  name  = "Service \${count.index}"
  url   = "https://s\${count.index}.run${run}.bench.example.com/"
}
`;
  }
}

/** The uptime configuration plus alert settings and a status page for each of the first MIXED monitors. */
function mixedConfig(run: number): string {
  return `${config('uptime', run)}
resource "uptime_monitor_alert_settings" "a" {
  count      = ${MIXED}
  monitor_id = uptime_monitor.m[count.index].id
  channels   = { email = true, sms = false }
}

resource "uptime_status_page" "p" {
  count      = ${MIXED}
  monitor_id = uptime_monitor.m[count.index].id
  title      = "Service \${count.index} status"
}
`;
}

// ----- Terraform -----

interface Workspace {
  kind: Kind;
  dir: string;
  env: NodeJS.ProcessEnv;
}

interface TfResult {
  ms: number;
  code: number;
  stdout: string;
  stderr: string;
}

function terraform(ws: Workspace, args: string[], ok: number[] = [0]): Promise<TfResult> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    execFile(
      'terraform',
      [...args, '-input=false', '-no-color'],
      { cwd: ws.dir, env: ws.env, maxBuffer: 512 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const ms = performance.now() - t0;
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        if (!ok.includes(code))
          fail(
            new Error(
              `terraform ${args.join(' ')} (${ws.kind}, ${ws.dir}) exited ${code}\n${stderr.slice(-4000) || stdout.slice(-4000)}`,
            ),
          );
        else done({ ms, code, stdout, stderr });
      },
    );
  });
}

/** A no-op plan (exit 0 with -detailed-exitcode); anything else means the measurement is not of a no-op. */
async function noopPlan(ws: Workspace, ...extra: string[]): Promise<number> {
  const r = await terraform(ws, ['plan', '-detailed-exitcode', ...extra], [0, 2]);
  if (r.code === 2) {
    const summary = /Plan: .*/.exec(r.stdout)?.[0] ?? 'changes';
    throw new Error(
      `${ws.kind}: plan ${extra.join(' ')} is not a no-op after apply (${summary}) in ${ws.dir}`,
    );
  }
  return r.ms;
}

/**
 * One filesystem mirror with both plugins, each behind the same `exec node <launcher>` wrapper that
 * `uptimectl provider install` writes, and the CLI config that points Terraform at it.
 */
function buildMirror(root: string, uptimeLauncher: string, minimalLauncher: string): string {
  const { mirrorDir, cliConfigFile } = installProvider({
    dir: root,
    bundle: uptimeLauncher,
    version: VERSION,
  });
  const pkg = join(mirrorDir, MINIMAL_PROVIDER_ADDRESS, VERSION, terraformPlatform());
  mkdirSync(pkg, { recursive: true });
  const exe = join(pkg, `terraform-provider-minimal_v${VERSION}`);
  writeFileSync(exe, `#!/bin/sh\nexec '${process.execPath}' '${minimalLauncher}' "$@"\n`);
  chmodSync(exe, 0o755);
  const sources = JSON.stringify([PROVIDER_SOURCE, MINIMAL_PROVIDER_ADDRESS]);
  writeFileSync(
    cliConfigFile,
    `provider_installation {
  filesystem_mirror {
    path    = "${mirrorDir}"
    include = ${sources}
  }
  direct {
    exclude = ${sources}
  }
}
`,
  );
  return cliConfigFile;
}

// ----- request counting -----

/** Requests to the v1 API while a recording is open, by endpoint: method, path pattern, `?…` when a query was sent. */
class RequestLog {
  private current: Map<string, number> | null = null;
  private errors = 0;

  readonly hook = (r: ResponseInfo): void => {
    if (!this.current || !r.url.startsWith('/v1/')) return;
    const key = `${r.method} ${r.route ?? r.url.split('?')[0]}${r.url.includes('?') ? '?…' : ''}`;
    this.current.set(key, (this.current.get(key) ?? 0) + 1);
    if (r.status >= 400) this.errors++;
  };

  async record<T>(fn: () => Promise<T>): Promise<{ result: T; counts: Map<string, number>; errors: number }> {
    this.current = new Map();
    this.errors = 0;
    try {
      const result = await fn();
      return { result, counts: this.current, errors: this.errors };
    } finally {
      this.current = null;
    }
  }
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const byEndpoint = (counts: Map<string, number>) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, v]) => `\`${k}\` ${v}`)
    .join(', ');
/** Seconds the requests take at a per-minute allowance (the limiter lets that many through per minute). */
const atAllowance = (requests: number) => `${((requests / PRO_PER_MINUTE) * 60).toFixed(0)} s`;

// ----- main -----

async function main(): Promise<void> {
  const before = load();
  console.log(before.line);
  const uptimeLauncher = resolve('dist/terraform-provider-uptime.cjs');
  const root = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const requests = new RequestLog();
  const svc = await createService({
    port: 0,
    logErrors: true,
    engine: false,
    seed: { adminKey: ADMIN_KEY, tenants: [] },
    onResponse: requests.hook,
  });
  const admin = adminOf(svc);

  try {
    // The fixture provider, bundled with its launcher like the real one (scripts/build-provider.mjs).
    const minimalOut = join(root, 'minimal-dist');
    execFileSync(
      process.execPath,
      ['scripts/build-provider.mjs', 'bench/fixtures/minimal-provider.ts', minimalOut],
      {
        stdio: 'inherit',
      },
    );
    const cliConfigFile = buildMirror(
      root,
      uptimeLauncher,
      join(minimalOut, 'terraform-provider-uptime.cjs'),
    );
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: cliConfigFile,
      TF_IN_AUTOMATION: '1',
      TF_INPUT: '0',
      UPTIME_BASE_URL: svc.baseUrl,
    };
    for (const k of ['TF_PLUGIN_CACHE_DIR', 'TF_LOG', 'TF_LOG_PROVIDER', 'TF_LOG_PATH', 'UPTIME_API_TOKEN'])
      delete baseEnv[k];

    /** A tenant with room for N monitors, a default email destination, and a token without a practical limit. */
    const tenant = async (id: string): Promise<string> => {
      await admin('POST', '/tenants', {
        id,
        plan: { preset: 'pro', monitorCapacity: N + 10, monthlyLimit: null },
      });
      await admin('POST', `/tenants/${id}/destinations`, {
        channel: 'email',
        value: 'ops@example.com',
        label: 'Ops',
        isDefault: true,
      });
      const token = (
        await admin('POST', `/tenants/${id}/tokens`, { name: 'bench', perMinuteLimit: 1_000_000_000 })
      ).value as string;
      return token;
    };

    const workspace = async (kind: Kind, run: number): Promise<Workspace> => {
      const dir = join(root, `${kind}-${run}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.tf'), config(kind, run));
      const env = kind === 'uptime' ? { ...baseEnv, UPTIME_API_TOKEN: await tenant(`bench${run}`) } : baseEnv;
      const ws = { kind, dir, env };
      await terraform(ws, ['init']);
      return ws;
    };

    // 1. apply: a fresh workspace (and for uptime a fresh tenant) per run and kind.
    const applyMs: Record<Kind, number[]> = { data: [], minimal: [], uptime: [] };
    const last = {} as Record<Kind, Workspace>;
    let applyRequests = 0;
    for (let run = 0; run < RUNS; run++) {
      for (const kind of KINDS) {
        const ws = await workspace(kind, run);
        const { result, counts } = await requests.record(() => terraform(ws, ['apply', '-auto-approve']));
        applyMs[kind].push(result.ms);
        if (kind === 'uptime') applyRequests = total(counts);
        console.log(`apply ${kind} run ${run + 1}/${RUNS}: ${seconds(result.ms)}`);
        last[kind] = ws;
      }
    }

    // 2. no-op plans of the last applied workspaces, interleaved, with and without refresh.
    const planMs: Record<Kind, number[]> = { data: [], minimal: [], uptime: [] };
    const planNoRefreshMs: Record<Kind, number[]> = { data: [], minimal: [], uptime: [] };
    const planCounts: Map<string, number>[] = [];
    const noRefreshCounts: Map<string, number>[] = [];
    let planErrors = 0;
    for (let run = 0; run < RUNS; run++) {
      for (const kind of KINDS) {
        const p = await requests.record(() => noopPlan(last[kind]));
        planMs[kind].push(p.result);
        const q = await requests.record(() => noopPlan(last[kind], '-refresh=false'));
        planNoRefreshMs[kind].push(q.result);
        if (kind === 'uptime') {
          planCounts.push(p.counts);
          noRefreshCounts.push(q.counts);
          planErrors += p.errors + q.errors;
        }
        console.log(
          `plan ${kind} run ${run + 1}/${RUNS}: ${seconds(p.result)}, -refresh=false ${seconds(q.result)}`,
        );
      }
    }

    // Optional: one more uptime plan with the provider under the V8 profiler (BENCH_PROFILE_DIR=dir), to see where
    // the provider's own time goes (open the .cpuprofile in Chrome DevTools or speedscope; PROVIDER_NO_MINIFY=1 keeps
    // function names readable).
    if (process.env.BENCH_PROFILE_DIR) {
      const dir = process.env.BENCH_PROFILE_DIR;
      mkdirSync(dir, { recursive: true });
      const preload = join(process.cwd(), 'bench/fixtures/cpu-profile.cjs');
      const env = { ...last.uptime.env, NODE_OPTIONS: `--require ${preload}`, BENCH_CPU_PROFILE_DIR: dir };
      await noopPlan({ ...last.uptime, env });
      console.log(`provider CPU profile of one no-op plan written to ${dir}`);
    }

    // 3. the mixed configuration in the last uptime workspace: status pages set up "in the dashboard" (admin API)
    // for the first MIXED monitors, apply, then no-op plans.
    const mixedMs: number[] = [];
    const mixedNoRefreshMs: number[] = [];
    const mixedCounts: Map<string, number>[] = [];
    let mixedApplyMs = 0;
    if (MIXED > 0) {
      const ws = last.uptime;
      const state = JSON.parse(readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8')) as {
        resources: { type: string; instances: { index_key: number; attributes: { id: string } }[] }[];
      };
      const ids = new Map<number, string>();
      for (const r of state.resources)
        if (r.type === 'uptime_monitor') for (const i of r.instances) ids.set(i.index_key, i.attributes.id);
      for (let i = 0; i < MIXED; i++)
        await admin('POST', `/monitors/${ids.get(i)}/status-page/setup`, {
          slug: `bench-${i}`,
          verificationStatus: 'verified',
        });
      writeFileSync(join(ws.dir, 'main.tf'), mixedConfig(RUNS - 1));
      mixedApplyMs = (await terraform(ws, ['apply', '-auto-approve'])).ms;
      console.log(`apply mixed (+${MIXED} alert settings, +${MIXED} status pages): ${seconds(mixedApplyMs)}`);
      for (let run = 0; run < RUNS; run++) {
        const p = await requests.record(() => noopPlan(ws));
        mixedMs.push(p.result);
        mixedCounts.push(p.counts);
        planErrors += p.errors;
        const q = await noopPlan(ws, '-refresh=false');
        mixedNoRefreshMs.push(q);
        console.log(
          `plan mixed run ${run + 1}/${RUNS}: ${seconds(p.result)}, ${total(p.counts)} requests; -refresh=false ${seconds(q)}`,
        );
      }
    }
    const after = load();
    console.log(after.line);

    // 4. the report
    const m = (xs: Record<Kind, number[]>) => ({
      data: median(xs.data),
      minimal: median(xs.minimal),
      uptime: median(xs.uptime),
    });
    const apply = m(applyMs);
    const plan = m(planMs);
    const planNR = m(planNoRefreshMs);
    const totals = (cs: Map<string, number>[]) => [...new Set(cs.map(total))].join('/');
    const lines = [
      '',
      `## bench:scale — N = ${N}, median of ${RUNS} run(s), Terraform ${terraformVersion(baseEnv)}, Node ${process.version}`,
      '',
      '| N | operation | uptime_monitor | minimal_thing (framework floor) | terraform_data (floor) | uptime / floor | minimal / floor | uptime / minimal |',
      '|---|---|---|---|---|---|---|---|',
      ...(
        [
          ['apply', apply],
          ['no-op plan', plan],
          ['no-op plan -refresh=false', planNR],
        ] as const
      ).map(
        ([name, t]) =>
          `| ${N} | ${name} | ${seconds(t.uptime)} | ${seconds(t.minimal)} | ${seconds(t.data)} | ${ratio(t.uptime, t.data)} | ${ratio(t.minimal, t.data)} | ${ratio(t.uptime, t.minimal)} |`,
      ),
      '',
      `| API requests (uptime) | count | at ${PRO_PER_MINUTE}/min | by endpoint |`,
      '|---|---|---|---|',
      `| apply of ${N} monitors | ${applyRequests} | ${atAllowance(applyRequests)} | |`,
      `| no-op plan, ${N} monitors | ${totals(planCounts)} | ${atAllowance(total(planCounts[0]!))} | ${byEndpoint(planCounts[0]!)} |`,
      `| no-op plan -refresh=false | ${totals(noRefreshCounts)} | ${atAllowance(total(noRefreshCounts[0]!))} | ${byEndpoint(noRefreshCounts[0]!)} |`,
      ...(MIXED > 0
        ? [
            `| no-op plan, mixed: ${N} monitors + ${MIXED} alert settings + ${MIXED} status pages (plan ${seconds(median(mixedMs))}, -refresh=false ${seconds(median(mixedNoRefreshMs))}, apply ${seconds(mixedApplyMs)}) | ${totals(mixedCounts)} | ${atAllowance(total(mixedCounts[0]!))} | ${byEndpoint(mixedCounts[0]!)} |`,
          ]
        : []),
      '',
      `Requests answered 4xx/5xx during the plans: ${planErrors}. \`uptime\` load (1 min) before: ${before.one}, after: ${after.one} (this run's own Terraform and provider processes count in the second; ${availableParallelism()} CPUs).`,
      '',
    ];
    console.log(lines.join('\n'));
  } finally {
    await svc.close();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
