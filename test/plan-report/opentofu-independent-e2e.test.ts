// An OpenTofu 1.11 plan, written by hand from OpenTofu's JSON plan format (docs/internals/json-format and
// internal/command/jsonplan/plan.go, summarised in /work/shared/reference/opentofu.md §5), not from our Terraform
// fixtures or test/plan-report/opentofu-plan.ts: `terraform_version` holds OpenTofu's version, there is no `applyable`,
// `complete` or `errored`, providers are `registry.opentofu.org/…`, an ephemeral resource is listed with
// `"mode": "ephemeral"` and `actions: ["open"]`, a resource switched off with OpenTofu's `enabled` meta-argument is
// deleted with `action_reason: "delete_because_enabled_false"`. Instance keys are hostile (`${x}`, `%{y}`, quotes,
// `__proto__`); addresses quote them as both tools do (`["$${x}"]`, HCL's quoting, checked against a real
// `terraform show -json` of such keys). Everything runs through the `uptimectl` process, as CI runs it: plan-report in
// each format, with --check and --drift against the local service, and adopt, whose import blocks real Terraform
// then plans against the same service.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { ServiceApi } from '../provider/helpers.js';

const TOFU_PROVIDER = 'registry.opentofu.org/uptime-monitoring/uptime';
const HOSTILE_NAME = '${x} %{ if true }y%{ endif } @team <img src=x onerror=alert(1)> #12';
const ADDR = {
  module: 'module.edge.uptime_monitor.site["$${x}"]',
  proto: 'uptime_monitor.site["__proto__"]',
  quoted: 'uptime_monitor.site["%%{y} \\"q\\""]',
  old: 'uptime_monitor.old',
};

const monitorAfter = (url: string, name: string, interval = 300) => ({
  accepted_status_codes: null,
  archived: false,
  auth_config: null,
  domain_monitoring: null,
  enabled: true,
  follow_redirects: true,
  interval_seconds: interval,
  name,
  request_headers: null,
  request_method: 'GET',
  ssl_monitoring: null,
  timeout_ms: 10000,
  url,
});
const stateOf = (id: string, url: string, name: string, interval: number, version: string, at: string) => ({
  ...monitorAfter(url, name, interval),
  id,
  type: 'http',
  created_at: '2026-11-01T00:00:00Z',
  updated_at: at,
  version,
});
const COMPUTED = { created_at: true, id: true, type: true, updated_at: true, version: true };

function tofuPlan(quotedId: string) {
  const created = (address: string, index: string, url: string, name: string, module?: string) => ({
    address,
    ...(module ? { module_address: module } : {}),
    mode: 'managed',
    type: 'uptime_monitor',
    name: 'site',
    index,
    provider_name: TOFU_PROVIDER,
    change: {
      actions: ['create'],
      before: null,
      after: monitorAfter(url, name),
      after_unknown: COMPUTED,
      before_sensitive: false,
      after_sensitive: {},
    },
  });
  const quotedBefore = stateOf(
    quotedId,
    'https://tofu-three.example.com/',
    'three',
    60,
    'v2-a1',
    '2026-11-28T10:00:00Z',
  );
  const quotedNow = {
    ...quotedBefore,
    interval_seconds: 900,
    version: 'v3-b2',
    updated_at: '2026-11-28T22:30:00Z',
  };
  return {
    format_version: '1.2',
    terraform_version: '1.11.0',
    planned_values: { root_module: {} },
    resource_drift: [
      {
        address: ADDR.quoted,
        mode: 'managed',
        type: 'uptime_monitor',
        name: 'site',
        index: '%{y} "q"',
        provider_name: TOFU_PROVIDER,
        change: {
          actions: ['update'],
          before: quotedBefore,
          after: quotedNow,
          after_unknown: {},
          before_sensitive: {},
          after_sensitive: {},
        },
      },
    ],
    resource_changes: [
      created(ADDR.module, '${x}', 'https://tofu-one.example.com/', HOSTILE_NAME, 'module.edge'),
      created(ADDR.proto, '__proto__', 'https://tofu-two.example.com/', '__proto__'),
      {
        address: ADDR.quoted,
        mode: 'managed',
        type: 'uptime_monitor',
        name: 'site',
        index: '%{y} "q"',
        provider_name: TOFU_PROVIDER,
        change: {
          actions: ['update'],
          before: quotedNow,
          after: {
            ...monitorAfter('https://tofu-three.example.com/', 'three', 60),
            id: quotedId,
            type: 'http',
          },
          after_unknown: { updated_at: true, version: true, created_at: false },
          before_sensitive: {},
          after_sensitive: {},
        },
      },
      {
        address: 'ephemeral.uptime_session.tmp',
        mode: 'ephemeral',
        type: 'uptime_session',
        name: 'tmp',
        provider_name: TOFU_PROVIDER,
        change: {
          actions: ['open'],
          before: null,
          after: null,
          after_unknown: {},
          before_sensitive: false,
          after_sensitive: false,
        },
      },
      {
        address: ADDR.old,
        mode: 'managed',
        type: 'uptime_monitor',
        name: 'old',
        provider_name: TOFU_PROVIDER,
        action_reason: 'delete_because_enabled_false',
        change: {
          actions: ['delete'],
          before: stateOf(
            '3f2b8c1e-0000-4000-8000-0000000000aa',
            'https://old.example.com/',
            'Old "quoted" one',
            60,
            'v1-aa',
            '2026-11-01T00:00:00Z',
          ),
          after: null,
          after_unknown: {},
          before_sensitive: {},
          after_sensitive: false,
        },
      },
    ],
    configuration: {
      provider_config: { uptime: { name: 'uptime', full_name: TOFU_PROVIDER } },
      root_module: { module_calls: { edge: { source: './edge', module: {} } } },
    },
    timestamp: '2026-11-28T23:00:00Z',
  };
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function uptimectl(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'src/cli/uptimectl.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, UPTIME_BASE_URL: '', UPTIME_API_TOKEN: '', CHECKPOINT_DISABLE: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** A string as an HCL literal: JSON's escapes plus the doubled template introducers. */
const hclText = (v: string) =>
  JSON.stringify(v)
    .replace(/\$\{/g, () => '$${')
    .replace(/%\{/g, () => '%%{');

/** Markdown outside code spans and <code> elements: what GitHub would render as markup. */
function outsideCode(md: string): string {
  return md
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/(`+)[\s\S]*?\1/g, ' ')
    .replace('<!-- uptimectl:plan-report -->', '')
    .replace(/<\/?(details|summary|b)>/g, '');
}

describe('an OpenTofu 1.11 plan through uptimectl (process)', () => {
  let dir: string;
  let planFile: string;
  let svc: RunningService;
  let api: ServiceApi;
  let env: NodeJS.ProcessEnv;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tofu-plan-'));
    svc = await createService({ port: 0, logErrors: false, engine: false });
    api = new ServiceApi(svc, svc.tokens.full!);
    env = { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full };
    for (const [k, url] of [
      ['one', 'https://tofu-one.example.com/'],
      ['two', 'https://tofu-two.example.com/'],
      ['three', 'https://tofu-three.example.com/'],
    ] as const)
      ids[k] = (await api.data('POST', '/monitors', { url, name: `existing ${k}` })).id;
    planFile = join(dir, 'plan.json');
    writeFileSync(planFile, JSON.stringify(tofuPlan(ids.three!)));
  }, HANG_GUARD_MS);
  afterAll(async () => {
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'plan-report: the same changes in every format; the ephemeral "open" is no change; enabled = false archives; names stay data',
    async () => {
      const [md, text, json] = await Promise.all(
        ['markdown', 'text', 'json'].map((f) => uptimectl(['plan-report', '--format', f, planFile])),
      );
      for (const r of [md, text, json]) expect([r.code, r.stderr]).toEqual([0, '']);
      const report = JSON.parse(json.stdout) as {
        changes: { address: string; name: string; events: string[]; risks: { kind: string }[] }[];
      };
      expect(report.changes.map((c) => [c.address, c.events])).toEqual([
        [ADDR.module, ['created']],
        [ADDR.proto, ['created']],
        [ADDR.quoted, ['changed']],
        [ADDR.old, ['archived']],
      ]);
      expect(report.changes[0]!.name).toBe(HOSTILE_NAME);
      expect(report.changes[3]!.risks.map((r) => r.kind)).toEqual(['archive']);
      expect(json.stdout).not.toContain('ephemeral');

      // Markdown: the counts, the reason OpenTofu gave, and nothing GitHub would turn into markup.
      expect(md.stdout).toMatch(/\| created \| 2 \|/);
      expect(md.stdout).toMatch(/\| archived \| 1 \|/);
      expect(md.stdout).toContain('enabled = false');
      expect(md.stdout).not.toContain('uptime_session');
      const live = outsideCode(md.stdout);
      for (const bad of ['<img', '@team', '${x}', '%{ if', '#12'])
        expect([bad, live.includes(bad)]).toEqual([bad, false]);

      // Text: one line per entry (no name breaks a line or opens a code fence), each address once as written.
      expect(text.stdout).toContain('created 2');
      expect(text.stdout).not.toMatch(/^```/m);
      for (const a of Object.values(ADDR)) expect(text.stdout).toContain(a);
      expect(text.stdout).not.toContain('uptime_session');
    },
    HANG_GUARD_MS,
  );

  it(
    '--check against the account: both creates already exist; the import command names each address as Terraform and OpenTofu parse it',
    async () => {
      const r = await uptimectl(['plan-report', '--check', '--format', 'text', planFile], env);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const out = r.stdout;
      expect(out).toContain(`terraform import '${ADDR.module.replace(/"/g, '\\"')}' ${ids.one}`);
      expect(out).toContain(`terraform import '${ADDR.proto.replace(/"/g, '\\"')}' ${ids.two}`);
      expect(out).toMatch(/2 of 2 monitors to create have the URL and request method of a live monitor/);
      expect(out).toMatch(/2 monitors to create, \d+ of \d+ left on the plan \(1 to archive\)/);
    },
    HANG_GUARD_MS,
  );

  it(
    '--drift: the change made outside OpenTofu, on the address with its hostile key, and nothing else',
    async () => {
      const r = await uptimectl(['plan-report', '--drift', planFile], env);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toContain('v3-b2');
      expect(r.stdout).toMatch(/interval/i);
      expect(r.stdout).not.toContain('tofu-one');
      expect(r.stdout).not.toContain('__proto__');
      const live = outsideCode(r.stdout);
      expect(live).not.toContain('%{y}');
    },
    HANG_GUARD_MS,
  );

  (terraformAvailable() ? it : it.skip)(
    'adopt: import blocks for both creates, addresses kept as written, and real Terraform plans them as imports',
    async () => {
      const r = await uptimectl(['adopt', '--include-different', '--out', '-', planFile], env);
      expect(r.code).toBe(0);
      const imports = r.stdout;
      expect(imports).toContain(`to = ${ADDR.module}`);
      expect(imports).toContain(`to = ${ADDR.proto}`);
      expect(imports).toContain(`id = "${ids.one}"`);
      expect(imports).toContain(`id = "${ids.two}"`);
      expect(imports).not.toContain('uptime_monitor.old');

      // The blocks are valid HCL whose addresses match a configuration with those keys: plan shows two imports.
      const ws = TerraformWorkspace.create({ providerBundle: await buildProvider(REAL_PROVIDER_ENTRY) });
      try {
        mkdirSync(join(ws.workdir, 'edge'));
        const site = (key: string, url: string, name: string) =>
          `resource "uptime_monitor" "site" {\n  for_each = { ${hclText(key)} = ${hclText(url)} }\n  url      = each.value\n  name     = ${hclText(name)}\n}\n`;
        ws.write({
          'main.tf': `terraform {\n  required_providers {\n    uptime = { source = "uptime-monitoring/uptime" }\n  }\n}\nmodule "edge" {\n  source = "./edge"\n}\n${site('__proto__', 'https://tofu-two.example.com/', 'existing two')}`,
          'edge/main.tf': `terraform {\n  required_providers {\n    uptime = { source = "uptime-monitoring/uptime" }\n  }\n}\n${site('${x}', 'https://tofu-one.example.com/', 'existing one')}`,
          'imports.tf': imports,
        });
        await ws.must(['init', '-no-color']);
        const plan = await ws.run(['plan', '-no-color'], env);
        expect([plan.code, plan.stderr]).toEqual([0, '']);
        expect(plan.stdout).toContain(`${ADDR.module}: Preparing import... [id=${ids.one}]`);
        expect(plan.stdout).toContain(`${ADDR.proto}: Preparing import... [id=${ids.two}]`);
        expect(plan.stdout).toMatch(/Plan: 2 to import, 0 to add, 0 to change, 0 to destroy\./);
      } finally {
        ws.dispose();
      }
    },
    HANG_GUARD_MS,
  );
});
