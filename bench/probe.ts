// npm run bench:probe — the time `plan-report --probe` adds to a report of 10 and 100 changed monitors: the same plan
// reported without and with the probe, alternating, median of BENCH_RUNS (default 5). The targets are local: one
// HTTP server on 127.0.0.1 (allowed with --probe-allow 127.0.0.0/8) answering each monitor's path after
// BENCH_PROBE_LATENCY_MS (default 50 ms, a nearby health endpoint). The plan is Terraform's JSON plan format with N
// monitor creates (what plan-report reads), so the numbers are plan-report's own. BENCH_PROBE_SIZES (default
// "10,100"). Prints `uptime` before and after: the machine is shared.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { planReport } from '../src/plan-report/index.js';
import { PROBE_CONCURRENCY } from '../src/plan-report/probe.js';
import { load } from './common.js';

const SIZES = (process.env.BENCH_PROBE_SIZES ?? '10,100').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATENCY = Number(process.env.BENCH_PROBE_LATENCY_MS ?? 50);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function plan(n: number, base: string) {
  return {
    format_version: '1.2',
    resource_changes: Array.from({ length: n }, (_, i) => ({
      address: `uptime_monitor.m${i}`,
      mode: 'managed',
      type: 'uptime_monitor',
      name: `m${i}`,
      change: {
        actions: ['create'],
        before: null,
        after: {
          name: `Monitor ${i}`,
          url: `${base}/health/${i}`,
          interval_seconds: 60,
          timeout_ms: 5000,
          request_method: 'GET',
          follow_redirects: true,
          accepted_status_codes: [],
          request_headers: null,
          auth_config: null,
          enabled: true,
          archived: false,
        },
        after_unknown: { id: true, version: true },
      },
    })),
  };
}

async function main() {
  const server = createServer((_req, res) => setTimeout(() => res.end('ok'), LATENCY));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-probe-'));
  const before = load();
  console.log(`uptime before: ${before.line}`);
  console.log(
    `target latency ${LATENCY} ms, ${PROBE_CONCURRENCY} probes at once, ${RUNS} runs each (median)`,
  );
  for (const n of SIZES) {
    const file = join(dir, `plan-${n}.json`);
    writeFileSync(file, JSON.stringify(plan(n, base)));
    const time = async (probe: boolean) => {
      const t = performance.now();
      const r = await planReport({ inputs: [file], probe, probeAllow: ['127.0.0.0/8'], env: {} });
      const ms = performance.now() - t;
      if (probe && r.probes.filter((p) => p.verdict === 'up').length !== n)
        throw new Error('a probe was not up');
      return ms;
    };
    await time(false);
    await time(true); // warm-up
    const without: number[] = [];
    const withProbe: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      without.push(await time(false));
      withProbe.push(await time(true));
    }
    const a = median(without);
    const b = median(withProbe);
    console.log(
      `${n} monitors: without --probe ${a.toFixed(1)} ms, with --probe ${b.toFixed(1)} ms: adds ${(b - a).toFixed(0)} ms, ratio ${(b / a).toFixed(1)}×` +
        ` (ideal at ${PROBE_CONCURRENCY} at once: ${Math.ceil(n / PROBE_CONCURRENCY) * LATENCY} ms of waiting)`,
    );
  }
  console.log(`uptime after: ${load().line}`);
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
