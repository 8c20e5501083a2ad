// npm run bench:service — req/s and p99 latency of the local service's hot reads:
// GET /monitors/{id} and GET /monitors?limit=100; then the checks engine's throughput: how many
// monitors at 60 s intervals one service process checks without falling behind (BENCH_CHECK_MONITORS,
// default 10,000, against a loopback target server started here; BENCH_CHECK_SECONDS bounds the run). The service runs
// as a child process (its own core) from the build, as `npx uptimectl service` runs it (the npm script builds first);
// autocannon drives it from this process with a token whose per-minute limit is raised through the
// admin API, so 429s do not pollute the numbers. Last, --data-dir persistence (BENCH_PERSIST, below): create latency
// as the account grows, on disk and in memory, and start-up time with 100,000 monitors on disk.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type LibsqlDatabase from 'libsql';

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
const CHECK_MONITORS = Number(process.env.BENCH_CHECK_MONITORS ?? 10_000);
const CHECK_SECONDS = Number(process.env.BENCH_CHECK_SECONDS ?? 65);
/** BENCH_CHECK_DATA_DIR=1: the checks engine bench runs with --data-dir (results and observations written every 10 s). */
const CHECK_DATA_DIR = process.env.BENCH_CHECK_DATA_DIR === '1';
const TENANT_MONITORS = 500;

interface Info {
  baseUrl: string;
  adminUrl: string;
  adminKey: string;
}

async function startService(args: string[] = []): Promise<{ child: ChildProcess; info: Info }> {
  const child = spawn(process.execPath, ['bin/uptimectl.js', 'service', '--port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', res);
    child.once('exit', (code) => rej(new Error(`service exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) as Info };
}

function adminOf(info: Info) {
  return async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${info.adminUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${info.adminKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { data: any };
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Checks throughput. N monitors at 60 s point at a loopback server; they are spread over tenants of
 * 500 (per-tenant list scans stay small while creating). Each first check is due when its monitor is created,
 * then the steady state needs N/60 checks per second. "Without falling behind": after the first
 * interval, the scheduling lag (service time a check starts − its due time) stays bounded (p99 < 5 s)
 * over a window of at least one interval, and no monitor waits for a pool slot at the end.
 */
async function checksBench(): Promise<string> {
  let hits = 0;
  const target = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  target.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const dataDir = CHECK_DATA_DIR ? mkdtempSync(join(tmpdir(), 'bench-checks-')) : null;
  const { child, info } = await startService(dataDir ? ['--data-dir', dataDir] : []);
  try {
    const admin = adminOf(info);
    const createStart = Date.now();
    const tenants = Math.ceil(CHECK_MONITORS / TENANT_MONITORS);
    for (let t = 0; t < tenants; t++) {
      const id = `bench${t}`;
      await admin('POST', '/tenants', {
        id,
        plan: {
          preset: 'pro',
          monitorCapacity: TENANT_MONITORS,
          monthlyLimit: null,
          perMinuteLimit: 1_000_000_000,
        },
      });
      const token = (await admin('POST', `/tenants/${id}/tokens`, { name: 'bench' })).data.value as string;
      const count = Math.min(TENANT_MONITORS, CHECK_MONITORS - t * TENANT_MONITORS);
      // 16 creates in flight per tenant
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < count) {
            const i = next++;
            const r = await fetch(`${info.baseUrl}/monitors`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': `bench-check-${t}-${i}`,
              },
              body: JSON.stringify({
                url: `${targetUrl}/t${t}/m${i}`,
                intervalSeconds: 60,
                timeoutMs: 10_000,
              }),
            });
            if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
            await r.arrayBuffer();
          }
        }),
      );
    }
    const createdIn = (Date.now() - createStart) / 1000;
    const firstChecks = hits;
    // Each monitor is due once per 60 s: measure one full interval and a bit (every monitor's slot falls
    // in it once or twice), starting when the last monitor exists.
    await admin('GET', '/engine?reset=true');
    const hitsBefore = hits;
    const t0 = Date.now();
    await sleep(Math.max(60, CHECK_SECONDS) * 1000);
    const seconds = (Date.now() - t0) / 1000;
    const stats = (await admin('GET', '/engine')).data as {
      scheduled: number;
      lagMs: { p50: number; p99: number; max: number };
      inFlight: number;
      backlog: number;
    };
    const rate = (hits - hitsBefore) / seconds;
    const needed = CHECK_MONITORS / 60;
    const keepsUp = stats.lagMs.p99 < 5_000 && stats.backlog === 0 && rate >= needed * 0.9;
    return [
      `checks engine: ${CHECK_MONITORS} monitors at 60 s against a loopback target${dataDir ? ', --data-dir' : ''} (created in ${createdIn.toFixed(1)} s)`,
      `  first checks while creating: ${firstChecks} (each new monitor is due at once)`,
      `  steady state over ${seconds.toFixed(0)} s: ${rate.toFixed(0)} checks/s (needed ${needed.toFixed(0)}/s), lag p50 ${stats.lagMs.p50} ms p99 ${stats.lagMs.p99} ms max ${stats.lagMs.max} ms, backlog ${stats.backlog}`,
      `  ${keepsUp ? 'keeps up' : 'FALLS BEHIND'}: ${CHECK_MONITORS} monitors at 60 s in one process`,
    ].join('\n');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    target.closeAllConnections();
    target.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ----- --data-dir persistence -----
// BENCH_PERSIST: 1 (default) runs this phase after the others, `only` runs it alone, 0 skips it.
const PERSIST = process.env.BENCH_PERSIST ?? '1';
/** Account sizes at which create latency is sampled (one tenant, so the per-tenant duplicate and capacity checks see them all). */
const PERSIST_SIZES = (process.env.BENCH_PERSIST_SIZES ?? '100,1000,5000,20000').split(',').map(Number);
/** Creates timed one at a time at each size. */
const PERSIST_SAMPLE = Number(process.env.BENCH_PERSIST_SAMPLE ?? 300);
/** Monitors in the data directory whose start-up is timed (0: skip). */
const STARTUP_MONITORS = Number(process.env.BENCH_PERSIST_STARTUP ?? 100_000);

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

async function createMonitors(
  info: Info,
  token: string,
  count: number,
  from: number,
  concurrency: number,
  targetUrl: string,
) {
  const lat: number[] = [];
  let next = from;
  const end = from + count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < end) {
        const i = next++;
        const t0 = performance.now();
        const r = await fetch(`${info.baseUrl}/monitors`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': `bench-persist-${i}`,
          },
          body: JSON.stringify({
            url: `${targetUrl}/m${i}`,
            name: `persist ${i}`,
            intervalSeconds: 3600,
            requestHeaders: [{ name: 'X-Api-Key', value: 'secret' }],
          }),
        });
        if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
        lat.push(performance.now() - t0);
      }
    }),
  );
  return lat.sort((a, b) => a - b);
}

/**
 * Create latency as the account grows: the account is filled to each size in PERSIST_SIZES (16 creates in flight),
 * then the next PERSIST_SAMPLE creates run one at a time and their client-side latency is recorded (p50/p95). Monitors point at
 * a loopback server (hourly checks; each new monitor's first check runs at once, as in real use).
 */
async function createLatency(dataDir: string | null, targetUrl: string): Promise<Map<number, number[]>> {
  const { child, info } = await startService(dataDir ? ['--data-dir', dataDir] : []);
  const out = new Map<number, number[]>();
  try {
    const admin = adminOf(info);
    await admin('POST', '/tenants', {
      id: 'persist',
      plan: { preset: 'pro', monitorCapacity: 1_000_000, monthlyLimit: null, perMinuteLimit: 1_000_000_000 },
    });
    const token = (await admin('POST', '/tenants/persist/tokens', { name: 'bench' })).data.value as string;
    let have = 0;
    for (const size of PERSIST_SIZES) {
      const fill = size - have;
      if (fill > 0) {
        await createMonitors(info, token, fill, have, 16, targetUrl);
        have += fill;
      }
      out.set(size, await createMonitors(info, token, PERSIST_SAMPLE, have, 1, targetUrl));
      have += PERSIST_SAMPLE;
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  return out;
}

/** Time from spawn to the service's first output line (state loaded, listening), median of `runs`. */
async function startupMs(args: string[], runs = 3): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { child } = await startService(['--no-engine', ...args]);
    times.push(performance.now() - t0);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  return times.sort((a, b) => a - b);
}

/**
 * Grows a data directory made by createLatency to `total` monitors by copying its monitor records under new ids
 * (and URLs) straight in the database, which is much faster than creating them through the API.
 */
function growDataDir(dir: string, total: number): number {
  const Database = require('libsql') as typeof LibsqlDatabase;
  const db = new Database(join(dir, 'state.db'));
  try {
    const count = () =>
      (db.prepare("SELECT count(*) FROM records WHERE collection = 'monitors'").raw().get() as number[])[0]!;
    const base = count();
    for (let copy = 1; count() < total; copy++) {
      const need = total - count();
      db.prepare(
        `INSERT INTO records (collection, id, json)
         SELECT 'monitors', id || '-' || ?1, json_set(json, '$.id', id || '-' || ?1, '$.url', json_extract(json, '$.url') || '?copy=' || ?1)
         FROM records WHERE collection = 'monitors' AND id NOT LIKE '%-%-%-%-%-%' LIMIT ?2`,
      ).run(copy, Math.min(need, base));
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return count();
  } finally {
    db.close();
  }
}

async function persistBench(): Promise<string> {
  const target = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-persist-'));
  const rows: string[] = [];
  try {
    const memory = await createLatency(null, targetUrl);
    const disk = await createLatency(join(dir, 'data'), targetUrl);
    rows.push(
      `--data-dir persistence: create latency (client side, one at a time, ${PERSIST_SAMPLE} creates at each account size; one tenant)`,
      `  ${'monitors'.padStart(8)}   ${'in memory p50 / p95'.padStart(22)}   ${'--data-dir p50 / p95'.padStart(22)}`,
    );
    const f = (v: number) => v.toFixed(2).padStart(7);
    for (const size of PERSIST_SIZES) {
      const m = memory.get(size)!;
      const d = disk.get(size)!;
      rows.push(
        `  ${String(size).padStart(8)}   ${f(quantile(m, 0.5))} / ${f(quantile(m, 0.95))} ms   ${f(quantile(d, 0.5))} / ${f(quantile(d, 0.95))} ms`,
      );
    }
    if (STARTUP_MONITORS > 0) {
      const n = growDataDir(join(dir, 'data'), STARTUP_MONITORS);
      const empty = await startupMs([]);
      const full = await startupMs(['--data-dir', join(dir, 'data')]);
      const ms = (t: number[]) =>
        `${(quantile(t, 0.5) / 1000).toFixed(2)} s (runs: ${t.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
      rows.push(
        `  start-up with ${n} monitors on disk: ${ms(full)}; in memory with the default seed: ${ms(empty)}`,
      );
    }
  } finally {
    target.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows.join('\n');
}

async function main(): Promise<void> {
  if (PERSIST === 'only') {
    process.stdout.write(`${await persistBench()}\n`);
    return;
  }
  const child = spawn(process.execPath, ['bin/uptimectl.js', 'service', '--port', '0', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  if (CHECK_MONITORS > 0) process.stdout.write(`${await checksBench()}\n`);
  if (PERSIST !== '0') process.stdout.write(`${await persistBench()}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:service failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
