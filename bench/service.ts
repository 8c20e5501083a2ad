// npm run bench:service — req/s and p99 latency of the local service's hot reads:
// GET /monitors/{id} and GET /monitors?limit=100. The service runs as a child process (its own core);
// autocannon drives it from this process with a token whose per-minute limit is raised through the
// admin API, so 429s do not pollute the numbers.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const require = createRequire(`${process.cwd()}/package.json`);
// autocannon ships no types; only the fields used here are declared.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const MONITORS = 150;

async function main(): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/uptimectl.ts', 'service', '--port', '0', '--json'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const line = await new Promise<string>((res, rej) => {
      createInterface({ input: child.stdout }).once('line', res);
      child.once('exit', (code) => rej(new Error(`service exited with ${code}`)));
    });
    const info = JSON.parse(line) as { baseUrl: string; adminUrl: string; adminKey: string };
    const admin = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${info.adminUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${info.adminKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as { data: any };
    };
    await admin('PATCH', '/tenants/acme', { plan: { monitorCapacity: 10_000, monthlyLimit: null } });
    const token = (
      await admin('POST', '/tenants/acme/tokens', { name: 'bench', perMinuteLimit: 1_000_000_000 })
    ).data.value as string;
    const headers = { authorization: `Bearer ${token}` };
    let id = '';
    for (let i = 0; i < MONITORS; i++) {
      const r = await fetch(`${info.baseUrl}/monitors`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `bench-create-${i}` },
        body: JSON.stringify({
          url: `https://bench-${i}.example.com/health`,
          requestHeaders: [{ name: 'X-Api-Key', value: 'secret' }],
          intervalSeconds: 60,
        }),
      });
      if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
      id ||= ((await r.json()) as { data: { id: string } }).data.id;
    }

    const targets = [
      { name: 'GET /monitors/{id}', url: `${info.baseUrl}/monitors/${id}` },
      { name: 'GET /monitors?limit=100', url: `${info.baseUrl}/monitors?limit=100` },
    ];
    const rows: string[] = [];
    for (const t of targets) {
      // short warm-up, then the measured run
      await autocannon({ url: t.url, headers, connections: CONNECTIONS, duration: 2 });
      const r = await autocannon({ url: t.url, headers, connections: CONNECTIONS, duration: DURATION });
      rows.push(
        `${t.name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms   non-2xx ${r.non2xx}   errors ${r.errors + r.timeouts}`,
      );
    }
    process.stdout.write(
      `local service bench: ${DURATION}s per endpoint, ${CONNECTIONS} connections, ${MONITORS} monitors, node ${process.version}\n${rows.join('\n')}\n`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:service failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
