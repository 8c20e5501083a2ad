// npm run bench:stacks K M — K stacks of M monitors each, applied, re-planned and destroyed at once with one token
// (a monorepo CI matrix, Atlantis' parallel plans, terragrunt run-all). For each phase: the wall time of
// the K runs against the allowance's ideal (the requests the service served ÷ the token's per-minute allowance),
// the attempts and how many were answered 429, the slowest/fastest stack, the longest a resource took (Terraform's
// "… complete after Ns"), whether every run succeeded; after the apply, whether every monitor exists exactly once;
// after the destroy, whether anything is left (in the service or in a state).
// The local service runs in this process (no checks engine), with one tenant and one token.
// Environment: BENCH_LIMIT requests per minute (60), BENCH_PARALLELISM (-parallelism, 20), BENCH_SHARE (sets
// UPTIME_RATE_LIMIT_SHARE, e.g. 1/6; unset: estimated), BENCH_WINDOW (the service's test-only window in seconds:
// the allowance is then per window; 60), BENCH_PROVIDER (another build's dist/terraform-provider-uptime.cjs, to
// measure it, e.g. main's).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installProvider } from '../src/cli/provider-install.js';
import { createService, type ResponseInfo } from '../src/service/index.js';
import { adminOf, load, terraformVersion } from './common.js';

const [K, M] = process.argv.slice(2).map(Number) as [number, number];
const LIMIT = Number(process.env.BENCH_LIMIT ?? 60);
const PARALLELISM = Number(process.env.BENCH_PARALLELISM ?? 20);
const WINDOW_S = Number(process.env.BENCH_WINDOW ?? 60);
const SHARE = process.env.BENCH_SHARE;
const PROVIDER = resolve(process.env.BENCH_PROVIDER ?? 'dist/terraform-provider-uptime.cjs');
const ADMIN_KEY = 'bench-stacks-admin-key-0123456789';

if (![K, M, LIMIT, PARALLELISM, WINDOW_S].every((n) => Number.isInteger(n) && n > 0))
  throw new Error(
    'usage: npm run bench:stacks K M (positive integers; BENCH_LIMIT, BENCH_PARALLELISM, BENCH_WINDOW too)',
  );

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Run {
  code: number;
  ms: number;
  out: string;
}

function terraform(dir: string, env: NodeJS.ProcessEnv, args: string[]): Promise<Run> {
  return new Promise((done) => {
    const t0 = performance.now();
    execFile(
      'terraform',
      [...args, '-input=false', '-no-color'],
      { cwd: dir, env, maxBuffer: 256 * 1024 * 1024 },
      (err, stdout, stderr) =>
        done({
          code: err ? (typeof err.code === 'number' ? err.code : 1) : 0,
          ms: performance.now() - t0,
          out: `${stdout}\n${stderr}`,
        }),
    );
  });
}

const config = (stack: number) => `terraform {
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "0.1.0"
    }
  }
}

resource "uptime_monitor" "m" {
  count = ${M}
  name  = "Stack ${stack} service \${count.index}"
  url   = "https://s\${count.index}.stack${stack}.bench-stacks.example.com/"
}
`;

interface Phase {
  name: string;
  runs: Run[];
  answers: ResponseInfo[];
  wallMs: number;
  /** Exit codes that count as success (plan -detailed-exitcode: 0 = no changes). */
  ok: number[];
}

async function main(): Promise<void> {
  const before = load().line;
  console.log(before);
  const root = mkdtempSync(join(tmpdir(), 'bench-stacks-'));
  const answers: ResponseInfo[] = [];
  const svc = await createService({
    port: 0,
    logErrors: true,
    engine: false,
    seed: { adminKey: ADMIN_KEY, tenants: [] },
    rateLimitWindowSeconds: WINDOW_S,
    onResponse: (r) => {
      if (r.url.startsWith('/v1/')) answers.push(r);
    },
  });
  const admin = adminOf(svc);

  /** Monitors of this bench the service holds, not archived. */
  const live = async (): Promise<{ id: string; url: string }[]> => {
    const out: { id: string; url: string }[] = [];
    let cursor: string | null = null;
    do {
      const r = await fetch(
        `${svc.baseUrl}/monitors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { authorization: `Bearer ${reader}` } },
      );
      const j = (await r.json()) as {
        data: { id: string; url: string; archived: boolean }[];
        pagination: any;
      };
      out.push(...j.data.filter((m) => !m.archived && m.url.includes('bench-stacks')));
      cursor = j.pagination.nextCursor;
    } while (cursor);
    return out;
  };
  let reader = '';
  try {
    await admin('POST', '/tenants', {
      id: 'stacks',
      plan: { preset: 'pro', monitorCapacity: K * M + 10, monthlyLimit: null },
    });
    const token = (await admin('POST', '/tenants/stacks/tokens', { name: 'shared', perMinuteLimit: LIMIT }))
      .value as string;
    // the bench's own reads go through another token, so they never take from the stacks' allowance
    reader = (await admin('POST', '/tenants/stacks/tokens', { name: 'reader', perMinuteLimit: 1_000_000 }))
      .value as string;
    const { cliConfigFile } = installProvider({ dir: root, bundle: PROVIDER, version: '0.1.0' });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CHECKPOINT_DISABLE: '1',
      TF_CLI_CONFIG_FILE: cliConfigFile,
      TF_IN_AUTOMATION: '1',
      UPTIME_BASE_URL: svc.baseUrl,
      UPTIME_API_TOKEN: token,
      ...(SHARE ? { UPTIME_RATE_LIMIT_SHARE: SHARE } : {}),
    };
    for (const k of ['TF_PLUGIN_CACHE_DIR', 'TF_LOG', 'TF_LOG_PROVIDER', 'TF_LOG_PATH']) delete env[k];
    const dirs = Array.from({ length: K }, (_, i) => {
      const dir = join(root, `stack-${i}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'main.tf'), config(i));
      return dir;
    });
    for (const dir of dirs) {
      const r = await terraform(dir, env, ['init']);
      if (r.code !== 0) throw new Error(`terraform init in ${dir} failed:\n${r.out.slice(-3000)}`);
    }
    // start at the beginning of a window, so that runs of the bench compare
    const windowMs = WINDOW_S * 1000;
    await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 200));

    const phase = async (name: string, args: string[], ok = [0]): Promise<Phase> => {
      const from = answers.length;
      const t0 = performance.now();
      const runs = await Promise.all(dirs.map((dir) => terraform(dir, env, args)));
      const wallMs = performance.now() - t0;
      console.log(
        `${name}: ${seconds(wallMs)}, exit codes ${runs.map((r) => r.code).join(' ')}, ${answers.length - from} answers`,
      );
      return { name, runs, answers: answers.slice(from), wallMs, ok };
    };
    const phases: Phase[] = [];
    phases.push(await phase('apply', ['apply', '-auto-approve', `-parallelism=${PARALLELISM}`]));
    const afterApply = await live();
    phases.push(await phase('re-plan', ['plan', '-detailed-exitcode', `-parallelism=${PARALLELISM}`]));
    phases.push(await phase('destroy', ['destroy', '-auto-approve', `-parallelism=${PARALLELISM}`]));
    const afterDestroy = await live();
    const states = await Promise.all(dirs.map((dir) => terraform(dir, env, ['state', 'list'])));
    const inState = states.reduce(
      (n, s) => n + s.out.split('\n').filter((l) => l.startsWith('uptime_')).length,
      0,
    );
    const after = load().line;
    console.log(after);

    const rows = phases.map((p) => {
      const served = p.answers.filter((a) => a.status !== 429).length;
      const limited = p.answers.length - served;
      const idealMs = (served / LIMIT) * WINDOW_S * 1000;
      const times = p.runs.map((r) => r.ms);
      const longest = Math.max(
        0,
        ...p.runs.flatMap((r) =>
          [...r.out.matchAll(/complete after (?:(\d+)m)?(\d+)s/g)].map(
            (m) => Number(m[1] ?? 0) * 60 + Number(m[2]),
          ),
        ),
      );
      const failed = p.runs.filter((r) => !p.ok.includes(r.code)).length;
      const warnings = p.runs.filter((r) => /Warning: API rate limit slowed/.test(r.out)).length;
      return `| ${p.name} | ${seconds(p.wallMs)} | ${seconds(idealMs)} | ${(p.wallMs / idealMs).toFixed(2)}× | ${p.answers.length} | ${limited} (${((100 * limited) / Math.max(1, p.answers.length)).toFixed(1)}%) | ${(Math.max(...times) / Math.min(...times)).toFixed(2)} | ${longest} s | ${failed} of ${K} | ${warnings} |`;
    });
    const failures = phases.flatMap((p) =>
      p.runs.flatMap((r, i) =>
        p.ok.includes(r.code)
          ? []
          : [
              `${p.name}, stack ${i}: ${p.name === 're-plan' && r.code === 2 ? 'changes planned' : lastError(r.out)}`,
            ],
      ),
    );
    const urls = afterApply.map((m) => m.url);
    console.log(
      [
        '',
        `## bench:stacks — ${K} stacks × ${M} monitors, -parallelism=${PARALLELISM}, one token at ${LIMIT} requests per ${WINDOW_S === 60 ? 'minute' : `${WINDOW_S} s`}, share ${SHARE ?? 'estimated'}, provider ${PROVIDER}, Terraform ${terraformVersion(env)}, Node ${process.version}`,
        '',
        '| phase | wall | allowance ideal | wall / ideal | attempts | answered 429 | slowest / fastest stack | longest resource | runs failed | runs with a rate-limit warning |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
        `After the apply: ${afterApply.length} monitors of ${K * M} (${new Set(urls).size} distinct URLs, ${urls.length - new Set(urls).size} duplicated). After the destroy: ${afterDestroy.length} left in the service, ${inState} left in states.`,
        ...(failures.length ? ['', 'Failures:', ...failures.map((f) => `- ${f}`)] : []),
        '',
        `\`uptime\` before: ${before}`,
        `\`uptime\` after: ${after} (${availableParallelism()} CPUs)`,
        '',
      ].join('\n'),
    );
  } finally {
    await svc.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The last error Terraform printed (its summary line), else its last line. */
function lastError(out: string): string {
  const lines = out.trim().split('\n');
  return lines.filter((l) => l.startsWith('Error: ')).pop() ?? lines.pop() ?? '';
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
