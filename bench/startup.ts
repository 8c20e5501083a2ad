// npm run bench:startup — median wall time from exec to the handshake line over N launches of the bundled
// provider (with AutoMTLS, as Terraform launches it), beside `node -e 0` measured in the same run; and the same for
// the single-file release executable (SEA) when `npm run build:release` has built the linux_amd64 zip.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAGIC_COOKIE_VALUE } from '../src/protocol/handshake.js';
import { generateServerCertificate } from '../src/protocol/tls.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
// What the bin entry and the filesystem_mirror wrapper run: the code-cache launcher of the bundle.
const bundle = join(process.cwd(), 'dist', 'terraform-provider-uptime.cjs');

function timeOnce(
  args: string[],
  env: NodeJS.ProcessEnv,
  untilLine: boolean,
  linger = 0,
  cmd = process.execPath,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const done = () => resolve(Number(process.hrtime.bigint() - t0) / 1e6);
    child.on('error', reject);
    if (untilLine) {
      let buf = '';
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        if (buf.includes('\n')) {
          done();
          setTimeout(() => child.kill('SIGKILL'), linger);
        }
      });
    } else child.on('exit', done);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const env = {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
    PLUGIN_PROTOCOL_VERSIONS: '5,6',
    PLUGIN_CLIENT_CERT: generateServerCertificate().certPem,
  };
  const nodeTimes: number[] = [];
  const providerTimes: number[] = [];
  await timeOnce(['-e', '0'], env, false); // warm the page cache
  await timeOnce([bundle], env, true, 1000); // first launch writes the V8 code cache
  const sea = seaExecutable();
  const seaTimes: number[] = [];
  if (sea) await timeOnce([], env, true, 200, sea);
  for (let i = 0; i < RUNS; i++) {
    nodeTimes.push(await timeOnce(['-e', '0'], env, false));
    providerTimes.push(await timeOnce([bundle], env, true));
    if (sea) seaTimes.push(await timeOnce([], env, true, 0, sea));
  }
  const n = median(nodeTimes);
  const p = median(providerTimes);
  process.stdout.write(
    `startup over ${RUNS} launches (median):\n` +
      `  node -e 0:                      ${n.toFixed(1)} ms\n` +
      `  provider exec -> handshake:     ${p.toFixed(1)} ms\n` +
      `  ratio:                          ${(p / n).toFixed(2)}x (target <= 2x)\n` +
      (sea
        ? `  SEA exec -> handshake:          ${median(seaTimes).toFixed(1)} ms (${(median(seaTimes) / n).toFixed(2)}x node -e 0, ${(median(seaTimes) / p).toFixed(2)}x the launcher)\n`
        : '  SEA: not measured (run npm run build:release first)\n'),
  );
}

/** The release's linux_amd64 executable, unzipped into a temporary directory; null when there is none. */
function seaExecutable(): string | null {
  const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    version: string;
  };
  const zip = join(process.cwd(), 'dist', 'release', `terraform-provider-uptime_${version}_linux_amd64.zip`);
  if (process.platform !== 'linux' || process.arch !== 'x64' || !existsSync(zip)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-sea-'));
  execFileSync('unzip', ['-q', zip, '-d', dir]);
  return join(dir, `terraform-provider-uptime_v${version}`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
