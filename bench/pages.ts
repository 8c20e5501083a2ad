// npm run bench:pages — served time of the HTML pages with realistic data in place: the public status page of a
// monitor with 30 days of one-minute checks (43,200) and the dashboard of an account with 1,000 monitors (20 checks
// each, for their trends). Medians of several requests, each reported as a ratio to a baseline measured in the same
// run on the same service: GET /v1/monitors/{id} (the API's hottest read). The service runs in this process (the
// history is written into its state directly); requests go over loopback HTTP with fetch.
import type { CheckResult } from '../src/api/index.js';
import { createService } from '../src/service/index.js';
import { load } from './common.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DASHBOARD_MONITORS = Number(process.env.BENCH_DASHBOARD_MONITORS ?? 1000);
const HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const r = await fetch(url, { headers });
  const body = await r.text();
  const ms = performance.now() - t;
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${body.slice(0, 200)}`);
  return { ms, bytes: body.length };
}

async function measure(url: string, headers: Record<string, string>, each?: () => void) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    each?.();
    const r = await timed(url, headers);
    times.push(r.ms);
    bytes = r.bytes;
  }
  return { median: median(times), bytes };
}

function history(monitorId: string, count: number, stepMs: number, end: number): CheckResult[] {
  const out: CheckResult[] = [];
  for (let i = count; i > 0; i--) {
    const t = end - i * stepMs;
    const down = i % 997 === 0;
    out.push({
      id: `chk_${monitorId.slice(0, 8)}_${i}`,
      monitorId,
      checkedAt: new Date(t).toISOString(),
      status: down ? 'down' : 'up',
      httpStatus: down ? 503 : 200,
      responseTimeMs: 40 + (i % 60),
      failureCategory: down ? 'http_status' : null,
      failureReason: down ? 'HTTP 503' : null,
    });
  }
  return out;
}

async function main() {
  const svc = await createService({
    engine: false,
    logErrors: true,
    seed: {
      tenants: [
        {
          id: 'bench',
          name: 'Bench',
          plan: {
            preset: 'pro',
            monitorCapacity: DASHBOARD_MONITORS + 10,
            perMinuteLimit: 1_000_000,
            monthlyLimit: null,
          },
          monitors: [
            {
              ref: 'page',
              body: { name: 'Status page monitor', url: 'https://page.example.com/', intervalSeconds: 60 },
              statusPage: {
                slug: 'bench',
                verificationStatus: 'verified',
                content: { enabled: true, title: 'Bench' },
              },
            },
          ],
          tokens: [{ name: 'bench' }],
        },
      ],
    },
  });
  try {
    const token = svc.tokens.bench!;
    const auth = { authorization: `Bearer ${token}` };
    const page = svc.store.monitorsOf('bench')[0]!;
    const now = svc.clock.now();
    svc.store.state.checks[page.id] = history(page.id, 30 * 24 * 60, 60_000, now);
    const pageUrl = `${svc.origin}/public/status-pages/bench`;
    const baselineUrl = `${svc.baseUrl}/monitors/${page.id}`;

    // Warm-up (JIT, connection), then the first HTML request counts 43,200 checks into day buckets once.
    for (let i = 0; i < 5; i++) await timed(baselineUrl, auth);
    const cold = await timed(pageUrl, HTML);
    const baseline1 = await measure(baselineUrl, auth);
    let n = 0;
    // Each request after a new check: the page reads only what was appended.
    const warm = await measure(pageUrl, HTML, () => {
      const c = history(page.id, 1, 1, now + ++n * 60_000)[0]!;
      svc.store.state.checks[page.id]!.push({ ...c, id: `chk_new_${n}` });
    });
    const json = await measure(pageUrl, {});

    // Dashboard: 1,000 monitors created through the API, 20 checks each.
    for (let i = 1; i < DASHBOARD_MONITORS; i++) {
      const r = await fetch(`${svc.baseUrl}/monitors`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-key-${i}` },
        body: JSON.stringify({ name: `Monitor ${i}`, url: `https://m${i}.example.com/health` }),
      });
      if (r.status !== 201) throw new Error(`create ${i}: ${r.status} ${await r.text()}`);
    }
    for (const m of svc.store.monitorsOf('bench'))
      if (m.id !== page.id) svc.store.state.checks[m.id] = history(m.id, 20, 60_000, now);
    const login = await fetch(`${svc.dashboardUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: svc.adminKey }),
      redirect: 'manual',
    });
    const cookie = { cookie: login.headers.get('set-cookie')!.split(';')[0]! };
    await timed(`${svc.dashboardUrl}/`, cookie);
    const baseline2 = await measure(baselineUrl, auth);
    const dashboard = await measure(`${svc.dashboardUrl}/`, cookie);
    const live = await measure(`${svc.dashboardUrl}/live`, cookie);

    const baseline = median([baseline1.median, baseline2.median]);
    const row = (what: string, ms: number, bytes?: number) =>
      `| ${what} | ${ms.toFixed(1)} ms | ${(ms / baseline).toFixed(1)}× | ${bytes === undefined ? '' : `${Math.round(bytes / 1024)} KB`} |`;
    const l = load();
    process.stdout.write(
      [
        `bench:pages — medians of ${RUNS} requests, Node ${process.version}; uptime: ${l.line}`,
        '',
        '| request | served in | × baseline | body |',
        '| --- | --- | --- | --- |',
        row('baseline: GET /v1/monitors/{id}', baseline),
        row('status page HTML, 43,200 checks, first request (counts every check once)', cold.ms, cold.bytes),
        row('status page HTML, 43,200 checks, after a new check each time', warm.median, warm.bytes),
        row('status page JSON (API clients)', json.median, json.bytes),
        row(`dashboard page, ${DASHBOARD_MONITORS} monitors`, dashboard.median, dashboard.bytes),
        row(
          `dashboard live update (what the page polls), ${DASHBOARD_MONITORS} monitors`,
          live.median,
          live.bytes,
        ),
        '',
      ].join('\n'),
    );
  } finally {
    await svc.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:pages failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
