// `uptimectl import` end to end with real Terraform against the local service seeded with 300 monitors of every kind
// (plain, paused, archived, secret header, basic auth, non-default settings, expiry monitoring, alert settings,
// status pages, duplicate names). HCL: import --verify → imports only → apply → re-plan empty; 5 more monitors →
// a second run adds exactly those 5. CDKTF: the generated app synthesizes, plans imports only, applies, re-plans
// empty. No secret sentinel in any generated file or output.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { EMAIL_DEST_2, ServiceApi, SMS_DEST, testSeed } from '../provider/helpers.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const HEADER_SECRET = `hdr-IMPORT-SENTINEL-${Math.random().toString(16).slice(2)}`;
const PASSWORD = `pw-IMPORT-SENTINEL-${Math.random().toString(16).slice(2)}`;
const N = 300;

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;

async function must(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const r = await api.call(method, path, body, headers);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

/** Monitor i of the account: kind i % 10. */
async function addMonitor(i: number, tag = ''): Promise<void> {
  const url = `https://svc${i}${tag}.import.example.com/`;
  const kind = i % 10;
  const body: Record<string, unknown> = { name: kind === 9 ? 'Shop' : `Service ${i}${tag}`, url };
  if (kind === 1) body.enabled = false;
  if (kind === 3)
    body.requestHeaders = [
      { name: 'X-Api-Key', value: HEADER_SECRET },
      { name: 'Accept', value: 'text/html' },
    ];
  if (kind === 4) body.authConfig = { type: 'basic', username: 'monitor', password: PASSWORD };
  if (kind === 5)
    Object.assign(body, {
      timeoutMs: 5000,
      requestMethod: 'HEAD',
      followRedirects: false,
      acceptedStatusCodes: [200, 204],
      intervalSeconds: 60,
    });
  if (kind === 6)
    Object.assign(body, {
      sslMonitoring: { enabled: true, warnDays: 30 },
      domainMonitoring: { enabled: true },
    });
  const m = (await must('POST', '/monitors', body)).json.data;
  if (kind === 2)
    await must('POST', `/monitors/${m.id}/archive`, undefined, { 'if-match': `"${m.version}"` });
  if (kind === 7) {
    const s = await must('GET', `/monitors/${m.id}/alert-settings`);
    await must(
      'PATCH',
      `/monitors/${m.id}/alert-settings`,
      {
        channels: { email: true, sms: true },
        destinationIds: { email: EMAIL_DEST_2, sms: SMS_DEST },
        slowResponseAlerts: { enabled: true, thresholdMs: 2000, consecutiveLimit: 2 },
      },
      { 'if-match': `"${s.etag}"` },
    );
  }
  if (kind === 8) {
    const r = await fetch(`${svc.adminUrl}/monitors/${m.id}/status-page/setup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${svc.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: `page-${i}${tag}` }),
    });
    if (r.status >= 300) throw new Error(`setup: ${r.status} ${await r.text()}`);
    const p = await must('GET', `/monitors/${m.id}/status-page`);
    await must(
      'PATCH',
      `/monitors/${m.id}/status-page`,
      { title: `Status of ${i}`, noindex: true },
      { 'if-match': `"${p.etag}"` },
    );
  }
}

function uptimectl(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [TSX, join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'), ...args],
      { cwd, env: ws.env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    ),
  );
}

function terraform(args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile('terraform', args, { cwd, env: ws.env, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (e) => e.isFile() && !e.parentPath.includes('.terraform') && !e.parentPath.includes('node_modules'),
    )
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

function expectNoSecret(...texts: string[]): void {
  for (const t of texts) {
    expect(t).not.toContain(HEADER_SECRET);
    expect(t).not.toContain(PASSWORD);
  }
}

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 1000 }),
    logErrors: false,
    engine: false,
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (let i = 0; i < N; i++) await addMonitor(i);
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
  });
}, HANG_GUARD_MS);
afterAll(async () => {
  if (!process.env.KEEP_E2E_DIR) ws?.dispose();
  await svc?.close();
});

describeTf('uptimectl import', () => {
  test(
    `HCL: ${N} monitors of every kind → imports only (--verify) → apply → re-plan empty; 5 more → exactly 5 added`,
    async () => {
      const out = join(ws.dir, 'hcl');
      const first = await uptimectl(['import', '--out', out, '--include-archived', '--verify'], ws.dir);
      expect({ code: first.code, stderr: first.code ? first.stderr.slice(-3000) : '' }).toEqual({
        code: 0,
        stderr: '',
      });
      const monitors = N + 1; // and the seed's example monitor
      expect(first.stdout).toMatch(
        new RegExp(
          `Wrote ${monitors} uptime_monitor, 30 uptime_monitor_alert_settings, 31 uptime_status_page`,
        ),
      );
      expect(first.stdout).toMatch(
        new RegExp(`Verified: ${monitors + 61} to import, 0 to add, 0 to change, 0 to destroy`),
      );
      expect(first.stderr).toMatch(/reading the account: about \d+ requests/);
      const files = allText(out);
      expectNoSecret(files, first.stdout, first.stderr);
      // Idiomatic: references, lookups by label, no literal destination ids, no null lines, secrets kept.
      expect(files).toMatch(/monitor_id += uptime_monitor\.service_7\.id/);
      expect(files).toMatch(
        /data "uptime_alert_destinations" "dev_email" \{\n {2}channel = "email"\n {2}label {3}= "Dev"/,
      );
      expect(files).toContain('email = data.uptime_alert_destinations.dev_email.ids[0]');
      expect(files).not.toContain('dest_email_');
      expect(files).not.toMatch(/= null/);
      expect(files).toContain('resource "uptime_monitor" "shop_2"');
      expect(files).toMatch(/request_headers += \[\{ name = "X-Api-Key" \}, \{ name = "Accept" \}\]/);
      expect(files).toMatch(/# Saved values of X-Api-Key, Accept are kept/);
      expect(files).toMatch(/archived += true/);
      expect((await terraform(['fmt', '-check', '-recursive'], out)).code).toBe(0);

      const apply = await terraform(['apply', '-auto-approve', '-no-color'], out);
      expect(apply.out).toMatch(
        new RegExp(`Apply complete! Resources: ${monitors + 61} imported, 0 added, 0 changed, 0 destroyed`),
      );
      const replan = await terraform(['plan', '-detailed-exitcode', '-no-color'], out);
      expect({ code: replan.code, out: replan.code ? replan.out.slice(-3000) : '' }).toEqual({
        code: 0,
        out: '',
      });
      expectNoSecret(apply.out, replan.out);

      for (let i = 0; i < 5; i++) await addMonitor(i * 10, '-new');
      const second = await uptimectl(['import', '--out', out, '--include-archived', '--verify'], ws.dir);
      expect({ code: second.code, stderr: second.code ? second.stderr.slice(-3000) : '' }).toEqual({
        code: 0,
        stderr: '',
      });
      expect(second.stdout).toContain('Wrote 5 uptime_monitor to');
      expect(second.stdout).toContain('monitors-2.tf');
      expect(second.stdout).toContain('Verified: 5 to import, 0 to add, 0 to change, 0 to destroy');
      const third = await uptimectl(['import', '--out', out, '--include-archived'], ws.dir);
      expect(third.stdout).toContain('Nothing new to import');
    },
    HANG_GUARD_MS,
  );

  test(
    `CDKTF: all ${N} monitors (archived included): the app synthesizes, plans imports only, applies, and re-plans empty`,
    async () => {
      const out = join(ws.dir, 'cdktf');
      const r = await uptimectl(['import', '--out', out, '--format', 'cdktf', '--include-archived'], ws.dir);
      expect({ code: r.code, stderr: r.code ? r.stderr.slice(-3000) : '' }).toEqual({ code: 0, stderr: '' });
      for (const f of [
        'main.ts',
        'imported-1.ts',
        'imported-index.ts',
        'cdktf.json',
        'package.json',
        'tsconfig.json',
      ])
        expect(readdirSync(out)).toContain(f);
      expectNoSecret(allText(out));
      // The app's dependencies: this checkout (built package) and its cdktn (the default library).
      mkdirSync(join(out, 'node_modules'));
      for (const dep of ['cdktn', 'constructs'])
        symlinkSync(join(REPO_ROOT, 'node_modules', dep), join(out, 'node_modules', dep));
      symlinkSync(REPO_ROOT, join(out, 'node_modules', 'terraform-provider-uptime'));
      const synth = await new Promise<{ code: number; err: string }>((resolve) =>
        execFile(process.execPath, [TSX, 'main.ts'], { cwd: out, env: ws.env }, (err, _o, stderr) =>
          resolve({ code: err ? 1 : 0, err: String(stderr) }),
        ),
      );
      expect(synth).toEqual({ code: 0, err: '' });
      const stack = join(out, 'cdktf.out', 'stacks', 'monitors');
      expect((await terraform(['init', '-no-color'], stack)).code).toBe(0);
      const plan = await terraform(['plan', '-no-color'], stack);
      expect(plan.out).toMatch(/Plan: \d{3} to import, 0 to add, 0 to change, 0 to destroy\./);
      const apply = await terraform(['apply', '-auto-approve', '-no-color'], stack);
      expect(apply.out).toMatch(/Apply complete! Resources: \d+ imported, 0 added, 0 changed, 0 destroyed/);
      const replan = await terraform(['plan', '-detailed-exitcode', '-no-color'], stack);
      expect({ code: replan.code, out: replan.code ? replan.out.slice(-3000) : '' }).toEqual({
        code: 0,
        out: '',
      });
    },
    HANG_GUARD_MS,
  );
});
