// npm run bench:import — `uptimectl import` on accounts of 300 and 1,000 monitors (every 10th with non-default alert
// settings, every 10th with a status page): API requests and time of the export, the time the Pro preset's
// 120 requests/minute would make it take, and the `--verify` plan time (terraform init + plan of N imports).
// The baseline measured in the same run: `terraform plan` of N terraform_data resources (Terraform's own floor).
// BENCH_IMPORT_SIZES (default "300,1000"), BENCH_RUNS (default 3; the median is reported).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { installProvider } from '../src/cli/provider-install.js';
import { runImport } from '../src/import/index.js';
import { verify } from '../src/import/verify.js';
import { createService } from '../src/service/index.js';

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '300,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PRO_PER_MINUTE = 120;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  etag?: string,
) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'idempotency-key': `bench-${Math.random().toString(16).slice(2)}` } : {}),
      ...(etag ? { 'if-match': etag } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return { json: (await r.json()) as any, etag: r.headers.get('etag') ?? undefined };
}

async function main(): Promise<void> {
  console.log(execFileSync('uptime', { encoding: 'utf8' }).trim());
  const bundle = resolve('dist/terraform-provider-uptime.cjs');
  const version = '0.1.0';
  for (const n of SIZES) {
    const svc = await createService({
      port: 0,
      logErrors: false,
      engine: false,
      seed: {
        adminKey: 'bench-admin-key-0123456789',
        tenants: [
          {
            id: 'acme',
            name: 'Acme',
            plan: { preset: 'pro', monitorCapacity: n + 10, perMinuteLimit: 1_000_000, monthlyLimit: null },
            destinations: [
              {
                id: `dest_email_${'a'.repeat(24)}`,
                channel: 'email',
                value: 'ops@example.com',
                label: 'Ops',
                isDefault: true,
              },
              {
                id: `dest_email_${'c'.repeat(24)}`,
                channel: 'email',
                value: 'dev@example.com',
                label: 'Dev',
              },
            ],
            tokens: [{ name: 'full' }],
          },
        ],
      } as never,
    });
    const token = svc.tokens.full!;
    for (let i = 0; i < n; i++) {
      const m = (
        await call(svc.baseUrl, token, 'POST', '/monitors', {
          name: `Service ${i}`,
          url: `https://s${i}.bench.example.com/`,
        })
      ).json.data;
      if (i % 10 === 7) {
        const s = await call(svc.baseUrl, token, 'GET', `/monitors/${m.id}/alert-settings`);
        await call(
          svc.baseUrl,
          token,
          'PATCH',
          `/monitors/${m.id}/alert-settings`,
          { destinationIds: { email: `dest_email_${'c'.repeat(24)}` } },
          s.etag,
        );
      }
    }
    const times: number[] = [];
    const verifyTimes: number[] = [];
    const floorTimes: number[] = [];
    let requests = 0;
    for (let run = 0; run < RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
      const { cliConfigFile } = installProvider({ dir, bundle, version });
      Object.assign(process.env, {
        TF_CLI_CONFIG_FILE: cliConfigFile,
        UPTIME_BASE_URL: svc.baseUrl,
        UPTIME_API_TOKEN: token,
        CHECKPOINT_DISABLE: '1',
      });
      const out = join(dir, 'out');
      let t = performance.now();
      const r = await runImport({ out, format: 'hcl', baseUrl: svc.baseUrl, token, filters: {}, version });
      times.push(performance.now() - t);
      requests = r.requests;
      t = performance.now();
      await verify(out, 'hcl', () => {});
      verifyTimes.push(performance.now() - t);
      // Terraform's floor in the same run: init + plan of n terraform_data resources.
      const floor = join(dir, 'floor');
      mkdirSync(floor);
      writeFileSync(
        join(floor, 'main.tf'),
        `resource "terraform_data" "r" {\n  count = ${n}\n  input = count.index\n}\n`,
      );
      t = performance.now();
      execFileSync('terraform', ['init', '-input=false', '-no-color'], { cwd: floor, stdio: 'ignore' });
      execFileSync('terraform', ['plan', '-input=false', '-no-color'], {
        cwd: floor,
        stdio: 'ignore',
        maxBuffer: 256 * 1024 * 1024,
      });
      floorTimes.push(performance.now() - t);
      rmSync(dir, { recursive: true, force: true });
    }
    await svc.close();
    const exportS = median(times) / 1000;
    const verifyS = median(verifyTimes) / 1000;
    const floorS = median(floorTimes) / 1000;
    console.log(
      `N=${n}: export ${exportS.toFixed(2)} s in ${requests} requests (⌈N/100⌉ list pages + 1 alert-settings read per monitor + usage, destinations, status pages); ` +
        `at ${PRO_PER_MINUTE}/min that is ${(requests / PRO_PER_MINUTE).toFixed(1)} min; ` +
        `--verify init+plan ${verifyS.toFixed(1)} s vs terraform_data init+plan ${floorS.toFixed(1)} s (${(verifyS / floorS).toFixed(2)}×) [median of ${RUNS}]`,
    );
  }
}

await main();
