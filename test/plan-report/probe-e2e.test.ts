// `plan-report --probe` end to end: real Terraform plans of monitors pointed at targets this suite serves on
// 127.0.0.1 (HTTP and HTTPS with certificates made here), each verdict and reason asserted in the Markdown, text and
// JSON forms; the private address refused by default (and the targets saw no request), then allowed; a write-only
// password not probed until handed in; no secret in any output. The backtest (a monitor with a known history in the
// local service, checked by the engine against a target whose latency the test sets) is in backtest-e2e.test.ts.
// Wall time ≈ 25 s (one provider build, one terraform init + plan, four reports of 10 probes each).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planReport, type PlanReport } from '../../src/plan-report/index.js';
import { probeSecretEnv } from '../../src/plan-report/probe.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { artifactsDir } from '../helpers/browser.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
} from '../helpers/terraform.js';
import { testSeed } from '../provider/helpers.js';
import { caSigned, selfSigned, Target } from './probe-targets.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = (terraformAvailable() || process.env.CI) && heavyE2eEnabled() ? describe : describe.skip;

const PASSWORD = 'pw-probe-secret-41c9e2';
const API_KEY = 'hdr-probe-secret-9b7d05';
const BASIC = `Basic ${Buffer.from(`probe:${PASSWORD}`).toString('base64')}`;
const RLO = '\u202e';

let svc: RunningService;
let ws: TerraformWorkspace;
let http: Target;
let selfTls: Target;
let caTls: Target;
let ca: string;
let planPath: string;
const logs: string[] = [];

const run = (o: Partial<Parameters<typeof planReport>[0]> = {}): Promise<PlanReport> =>
  planReport({
    inputs: [planPath],
    probe: true,
    probeCa: [ca],
    warn: (m) => logs.push(m),
    env: {},
    ...o,
  });

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  http = await Target.start();
  selfTls = await Target.start(await selfSigned(90));
  const signed = await caSigned(3);
  ca = signed.ca;
  caTls = await Target.start({ cert: signed.cert, key: signed.key });
  http.routes.set('/missing', { status: 404 });
  http.routes.set('/error', { status: 500 });
  http.routes.set('/moved', { status: 302, location: '/missing' });
  http.routes.set('/hangs', { delayMs: 1_600 });
  http.routes.set('/sluggish', { delayMs: 1_150 });
  http.routes.set('/admin', { requireAuth: BASIC });
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: {
      UPTIME_BASE_URL: svc.baseUrl,
      UPTIME_API_TOKEN: svc.tokens.full,
      TF_VAR_api_key: API_KEY,
      TF_VAR_probe_password: PASSWORD,
    },
  });
  const h = http.url;
  ws.write({
    'main.tf': `${requiredProviders()}
provider "uptime" {}
variable "api_key" {
  type      = string
  sensitive = true
}
variable "probe_password" {
  type      = string
  sensitive = true
  ephemeral = true
}
resource "uptime_monitor" "ok" {
  name       = "OK"
  url        = "${h}/ok"
  timeout_ms = 2000
}
resource "uptime_monitor" "missing" {
  name       = "Shop ${RLO}gnp.exe"
  url        = "${h}/missing"
  timeout_ms = 2000
}
resource "uptime_monitor" "error" {
  name       = "Errors"
  url        = "${h}/error"
  timeout_ms = 2000
}
resource "uptime_monitor" "moved" {
  name                  = "Moved"
  url                   = "${h}/moved"
  timeout_ms            = 2000
  accepted_status_codes = [200]
}
resource "uptime_monitor" "hangs" {
  name       = "Hangs"
  url        = "${h}/hangs"
  timeout_ms = 1000
}
resource "uptime_monitor" "sluggish" {
  name       = "Sluggish"
  url        = "${h}/sluggish"
  timeout_ms = 5000
}
resource "uptime_monitor_alert_settings" "sluggish" {
  monitor_id           = uptime_monitor.sluggish.id
  slow_response_alerts = { enabled = true, threshold_ms = 1000, consecutive_limit = 2 }
}
resource "uptime_monitor" "nowhere" {
  name       = "Nowhere"
  url        = "http://probe-target.invalid/health"
  timeout_ms = 2000
}
resource "uptime_monitor" "self_signed" {
  name       = "Self-signed"
  url        = "${selfTls.url}/"
  timeout_ms = 2000
}
resource "uptime_monitor" "expiring" {
  name       = "Expiring"
  url        = "${caTls.url}/"
  timeout_ms = 2000
}
resource "uptime_monitor" "admin" {
  name            = "Admin"
  url             = "${h}/admin"
  timeout_ms      = 2000
  request_headers = [{ name = "X-Api-Key", value = var.api_key }]
  auth_config = {
    type                = "basic"
    username            = "probe"
    password_wo         = var.probe_password
    password_wo_version = 1
  }
}
`,
  });
  await ws.init();
  const plan = await ws.must(['plan', '-out=tfplan', '-no-color']);
  logs.push(plan.stdout, plan.stderr);
  const json = await ws.must(['show', '-json', 'tfplan']);
  planPath = join(ws.dir, 'plan.json');
  writeFileSync(planPath, json.stdout);
}, HANG_GUARD_MS);

afterAll(async () => {
  ws?.dispose();
  await Promise.all([http?.close(), selfTls?.close(), caTls?.close(), svc?.close()]);
});

const ADDRESSES = [
  'ok',
  'missing',
  'error',
  'moved',
  'hangs',
  'sluggish',
  'nowhere',
  'self_signed',
  'expiring',
  'admin',
].map((n) => `uptime_monitor.${n}`);

describeTf('plan-report --probe', () => {
  test(
    'by default nothing private is requested: every 127.0.0.1 target is not probed, and none saw a request',
    async () => {
      const r = await run({ format: 'json', probeCa: [] });
      const doc = JSON.parse(r.markdown);
      const byAddress = new Map<string, any>(doc.probes.map((p: any) => [p.address, p]));
      expect([...byAddress.keys()].sort()).toEqual([...ADDRESSES].sort());
      for (const a of ADDRESSES.filter(
        (a) => a !== 'uptime_monitor.nowhere' && a !== 'uptime_monitor.admin',
      )) {
        expect(byAddress.get(a)).toMatchObject({
          verdict: 'not-probed',
          category: 'refused',
          httpStatus: null,
        });
        expect(byAddress.get(a).reason).toMatch(
          /127\.0\.0\.1, a loopback address: refused by default.*--probe-allow/,
        );
      }
      expect(byAddress.get('uptime_monitor.nowhere')).toMatchObject({ verdict: 'down', category: 'dns' });
      expect(http.seen).toEqual([]);
      expect(selfTls.seen).toEqual([]);
      expect(caTls.seen).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  describe('allowed with --probe-allow 127.0.0.0/8', () => {
    let md: PlanReport;
    let text: PlanReport;
    let json: any;
    beforeAll(async () => {
      const allow = { probeAllow: ['127.0.0.0/8'] };
      [md, text] = [await run(allow), await run({ ...allow, format: 'text' })];
      json = JSON.parse((await run({ ...allow, format: 'json' })).markdown);
      // the reports as CI keeps them (artifacts/), for a reader to look at
      const out = artifactsDir('plan-report');
      writeFileSync(join(out, 'probe-report.md'), md.markdown);
      writeFileSync(join(out, 'probe-report.txt'), text.markdown);
      writeFileSync(join(out, 'probe-report.json'), JSON.stringify(json, null, 2));
    }, HANG_GUARD_MS);

    const EXPECT: [string, string, string, RegExp][] = [
      ['ok', 'OK', 'up', /HTTP 200 is accepted \(any 2xx\)/],
      ['missing', `Shop ${RLO}gnp.exe`, 'down', /HTTP 404 is not an accepted status \(any 2xx\)/],
      ['error', 'Errors', 'down', /HTTP 500 is not an accepted status \(any 2xx\)/],
      ['moved', 'Moved', 'down', /HTTP 404 after 1 redirect is not an accepted status \(200\)/],
      ['hangs', 'Hangs', 'down', /no complete answer within 1000 ms/],
      ['sluggish', 'Sluggish', 'up', /HTTP 200 is accepted \(any 2xx\)/],
      ['nowhere', 'Nowhere', 'down', /the host name could not be resolved/],
      ['self_signed', 'Self-signed', 'down', /TLS handshake failed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/],
      ['expiring', 'Expiring', 'up', /HTTP 200 is accepted \(any 2xx\)/],
      [
        'admin',
        'Admin',
        'not-probed',
        /password is write-only \(password_wo\).*UPTIME_PROBE_PASSWORD_UPTIME_MONITOR_ADMIN/,
      ],
    ];

    test('JSON: verdict, category, status and reason per monitor', () => {
      const by = new Map<string, any>(json.probes.map((p: any) => [p.address, p]));
      for (const [n, name, verdict, reason] of EXPECT) {
        const p = by.get(`uptime_monitor.${n}`);
        expect({ n, name: p.name, verdict: p.verdict }).toEqual({ n, name, verdict });
        expect(p.reason).toMatch(reason);
      }
      expect(by.get('uptime_monitor.missing')).toMatchObject({ httpStatus: 404, category: 'http_status' });
      expect(by.get('uptime_monitor.hangs')).toMatchObject({ category: 'timeout', httpStatus: null });
      expect(by.get('uptime_monitor.nowhere').category).toBe('dns');
      expect(by.get('uptime_monitor.self_signed')).toMatchObject({
        category: 'tls',
        certificateDaysLeft: 89,
      });
      expect(by.get('uptime_monitor.expiring')).toMatchObject({ httpStatus: 200, certificateDaysLeft: 3 });
      expect(by.get('uptime_monitor.ok')).toMatchObject({
        httpStatus: 200,
        slowThresholdMs: null,
        certificateDaysLeft: null,
      });
      const slow = by.get('uptime_monitor.sluggish');
      expect(slow).toMatchObject({ verdict: 'up', slowThresholdMs: 1000, slow: true, timeoutMs: 5000 });
      expect(slow.responseTimeMs).toBeGreaterThan(1000);
      expect(by.get('uptime_monitor.admin').category).toBe('missing-value');
      expect(json.schema).toBe('uptimectl/plan-report/v1');
      expect(json.changes).toHaveLength(10);
      expect(json.probeAllow).toEqual(['127.0.0.0/8']);
    });

    test('Markdown: one table row per monitor with its verdict and reason', () => {
      const rows = md.markdown.split('\n').filter((l) => l.startsWith('| **'));
      const icon = { up: '🟢 up', down: '🔴 down', 'not-probed': '⚪ not probed' } as Record<string, string>;
      for (const [n, , verdict, reason] of EXPECT) {
        const row = rows.find((r) => r.includes(`\`uptime_monitor.${n}\``))!;
        expect(row).toContain(icon[verdict]);
        expect(row.replace(/\\(.)/g, '$1')).toMatch(reason); // Markdown escapes (`\_`) read as the text
      }
      expect(md.markdown).toContain('Requested once from where this report ran');
      // the bidirectional override in a name is shown escaped, not obeyed (the one rule, in Markdown too)
      expect(md.markdown).not.toContain(RLO);
      expect(md.markdown).toContain('**Shop \\\\u202egnp.exe**');
      expect(rows.find((r) => r.includes('expiring'))).toContain('⚠️ expires in 3 days');
      expect(rows.find((r) => r.includes('sluggish'))).toMatch(
        /\d+ ms ⚠️ over the slow-response threshold \(1000 ms\)/,
      );
    });

    test('text: one line per monitor, names quoted by the one rule (a bidi override shown escaped)', () => {
      const lines = text.markdown.split('\n');
      for (const [n, , verdict, reason] of EXPECT) {
        const line = lines.find((l) => l.includes(` uptime_monitor.${n}:`) && /^[+!-] /.test(l))!;
        expect(line[0]).toBe({ up: '+', down: '-', 'not-probed': '!' }[verdict]);
        expect(line).toContain(verdict === 'not-probed' ? 'not probed' : `: ${verdict} — `);
        expect(line).toMatch(reason);
      }
      expect(text.markdown).not.toContain(RLO);
      expect(text.markdown).toContain('"Shop \\u202egnp.exe"');
      expect(lines.find((l) => l.includes('uptime_monitor.expiring:'))).toContain(
        'certificate: expires in 3 days',
      );
    });

    test('the sensitive header reached the target; no secret is in any output or log', () => {
      const seen = http.seen.filter((s) => s.path === '/admin');
      expect(seen).toEqual([]); // not probed: the write-only password is missing
      for (const out of [md.markdown, md.full, text.markdown, JSON.stringify(json), ...logs]) {
        expect(out).not.toContain(PASSWORD);
        expect(out).not.toContain(API_KEY);
        expect(out).not.toContain(BASIC.slice(6));
      }
    });
  });

  test(
    'the write-only password handed in through its environment variable: probed, sent to the target only',
    async () => {
      const before = http.seen.length;
      const r = await run({
        probeAllow: ['127.0.0.0/8'],
        format: 'json',
        env: { [probeSecretEnv('PASSWORD', 'uptime_monitor.admin')]: PASSWORD },
      });
      const p = JSON.parse(r.markdown).probes.find((x: any) => x.address === 'uptime_monitor.admin');
      expect(p).toMatchObject({ verdict: 'up', httpStatus: 200 });
      const admin = http.seen.slice(before).find((s) => s.path === '/admin')!;
      expect(admin.headers.authorization).toBe(BASIC);
      expect(admin.headers['x-api-key']).toBe(API_KEY);
      expect(r.markdown).not.toContain(PASSWORD);
      expect(r.markdown).not.toContain(API_KEY);
    },
    HANG_GUARD_MS,
  );

  test(
    '--fail-on probe-down: exit 3 unless approved; it needs --probe',
    async () => {
      const gated = await run({ probeAllow: ['127.0.0.0/8'], failOn: ['probe-down'] });
      expect(gated).toMatchObject({ matched: ['probe-down'], exitCode: 3, approved: false });
      expect(gated.markdown).toContain('**Approval required**: this plan contains `probe-down`');
      const ok = await run({
        probeAllow: ['127.0.0.0/8'],
        failOn: ['probe-down'],
        approved: 'label not-deployed-yet',
      });
      expect(ok).toMatchObject({ exitCode: 0, approved: true });
      await expect(run({ probe: false, failOn: ['probe-down'] })).rejects.toThrow(
        /--fail-on probe-down needs --probe/,
      );
      await expect(run({ probeAllow: ['10.0.0.0/33'] })).rejects.toThrow(
        /--probe-allow: "10.0.0.0\/33": the prefix length must be 0–32/,
      );
    },
    HANG_GUARD_MS,
  );
});
