// What the upgrade fixture's generator and its end-to-end test both run, so that a set is made and checked the same
// way: `uptimectl import` from this checkout, the synth and type check of a stored CDKTF app against this checkout's
// constructs, and moving the local service's clock with its engine.
//
// A stored CDKTF app imports `terraform-provider-uptime/cdktf`, as a user's app does; it is run with tsx and
// type-checked with tsc under a temporary tsconfig whose `paths` map that name to src/constructs/index.ts, so what
// is checked is this checkout's source, never a stale build in dist/.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from './build.js';

const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
export const CONSTRUCTS_ENTRY = join(REPO_ROOT, 'src', 'constructs', 'index.ts');

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runNode(
  args: string[],
  o: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ProcessResult> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      args,
      {
        cwd: o.cwd ?? REPO_ROOT,
        env: { ...process.env, CHECKPOINT_DISABLE: '1', ...o.env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        done({
          code: err ? (typeof err.code === 'number' ? err.code : 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    ),
  );
}

function mustSucceed(what: string, r: ProcessResult): ProcessResult {
  if (r.code !== 0)
    throw new Error(
      `${what} exited ${r.code}\n--- stdout\n${r.stdout.slice(-4000)}\n--- stderr\n${r.stderr.slice(-4000)}`,
    );
  return r;
}

/** `uptimectl import --out <out> …` of this checkout against a service. */
export async function uptimectlImport(
  out: string,
  args: string[],
  service: { baseUrl: string; token: string },
): Promise<ProcessResult> {
  return mustSucceed(
    `uptimectl import ${args.join(' ')}`,
    await runNode([TSX, join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'), 'import', '--out', out, ...args], {
      env: { UPTIME_BASE_URL: service.baseUrl, UPTIME_API_TOKEN: service.token },
    }),
  );
}

/** A temporary tsconfig for a stored app: the package's name mapped to this checkout's constructs. */
function appTsconfig(dir: string, entry: string): string {
  if (!existsSync(CONSTRUCTS_ENTRY))
    throw new Error(
      `${CONSTRUCTS_ENTRY} is gone: point the upgrade helper (test/helpers/upgrade-run.ts) at the constructs`,
    );
  const file = join(dir, 'tsconfig.json');
  writeFileSync(
    file,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
        paths: { 'terraform-provider-uptime/cdktf': [CONSTRUCTS_ENTRY] },
      },
      files: [entry],
    }),
  );
  return file;
}

/** Runs a stored CDKTF app (`<appDir>/main.ts`, which calls app.synth()) as `cdktf synth` would, into `outDir`. */
export async function synthApp(dir: string, outDir: string): Promise<void> {
  const appDir = resolve(dir);
  const scratch = mkdtempSync(join(tmpdir(), 'upgrade-synth-'));
  try {
    const entry = join(appDir, 'main.ts');
    mustSucceed(
      `synth of ${entry}`,
      await runNode([TSX, '--tsconfig', appTsconfig(scratch, entry), entry], {
        cwd: appDir,
        env: { CDKTF_OUTDIR: resolve(outDir) },
      }),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** tsc's errors for a stored CDKTF app against this checkout's constructs, each `main.ts(line,col): error TS…`. */
export async function typeErrorsOfApp(dir: string): Promise<string[]> {
  const appDir = resolve(dir);
  const scratch = mkdtempSync(join(tmpdir(), 'upgrade-tsc-'));
  try {
    const entry = join(appDir, 'main.ts');
    const r = await runNode([TSC, '-p', appTsconfig(scratch, entry), '--pretty', 'false'], { cwd: appDir });
    const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /error TS\d+/.test(l));
    if (r.code !== 0 && !lines.length) mustSucceed(`tsc for ${entry}`, r);
    return lines.map((l) => {
      const [file, ...rest] = l.split('(');
      const rel = relative(appDir, resolve(appDir, file!)).split(sep).join('/');
      return [rel, ...rest].join('(');
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Admin API call of the local service that must succeed. */
export async function adminCall(
  service: { adminUrl: string; adminKey: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const r = await fetch(`${service.adminUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${service.adminKey}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`admin ${method} ${path}: ${r.status} ${text}`);
  return text ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

/**
 * Moves the service clock by each step and runs what became due (checks, incidents, alerts, expiry, summaries):
 * the time that passes between the day a set was made and the day it is read, and the engine's work in it.
 */
export async function letTimePass(
  service: { adminUrl: string; adminKey: string },
  stepsSeconds: number[],
): Promise<{ checked: number }> {
  let checked = 0;
  for (const s of stepsSeconds) {
    await adminCall(service, 'POST', '/clock', { advanceSeconds: s });
    const stats = (await adminCall(service, 'POST', '/engine/tick')) as { monitorsChecked?: number };
    checked = Math.max(checked, stats.monitorsChecked ?? 0);
  }
  return { checked };
}
