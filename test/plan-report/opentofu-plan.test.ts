// Our tools read the plans OpenTofu writes: a plan made by real Terraform (test/plan-report/fixtures) and the same plan
// rewritten as OpenTofu 1.8 and 1.11 write it (opentofu-plan.ts, from the differences read in OpenTofu's source)
// give the same monitor changes in plan-report (Markdown, text, JSON, --check, --drift, --probe) and in adopt.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adopt } from '../../src/adopt/index.js';
import { planReport, type PlanReportOptions } from '../../src/plan-report/index.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { asOpenTofuPlan, TOFU_EPHEMERALS } from './opentofu-plan.js';
import { Target } from './probe-targets.js';

const FIX = join(__dirname, 'fixtures');
const MIXED = JSON.parse(readFileSync(join(FIX, 'mixed.plan.json'), 'utf8'));
const SMALL = JSON.parse(readFileSync(join(FIX, 'small.plan.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'tofu-plans-'));
let n = 0;
/** Writes a plan where plan-report reads it; the file name (the report's stack name) is the same for every shape. */
function file(plan: unknown, name: string): string {
  const d = join(dir, String(n++));
  mkdirSync(d);
  const f = join(d, `${name}.plan.json`);
  writeFileSync(f, JSON.stringify(plan));
  return f;
}

let svc: RunningService;
let api: ServiceApi;
beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
});
afterAll(() => svc.close());

const SHAPES = [
  ['OpenTofu 1.8', { version: '1.8.0' }],
  ['OpenTofu 1.11', { version: '1.11.0' }],
] as const;

describe('the rewrite follows the reference list', () => {
  test('host, absent fields, ephemeral resources, OpenTofu version', () => {
    const t = asOpenTofuPlan(MIXED, { version: '1.11.0' });
    expect(MIXED.applyable).toBe(true); // the Terraform plan has what OpenTofu lacks
    expect(Object.keys(t)).not.toEqual(expect.arrayContaining(['applyable']));
    expect(t.complete).toBeUndefined();
    expect(t.terraform_version).toBe('1.11.0');
    const names = new Set(t.resource_changes.map((rc: any) => rc.provider_name));
    expect(names).toEqual(
      new Set(['registry.opentofu.org/uptime-monitoring/uptime', 'registry.opentofu.org/hashicorp/random']),
    );
    expect(t.resource_changes.filter((rc: any) => rc.mode === 'ephemeral')).toHaveLength(
      TOFU_EPHEMERALS.length,
    );
    expect(asOpenTofuPlan(MIXED, { version: '1.8.0' }).resource_changes).toHaveLength(
      MIXED.resource_changes.length,
    );
  });
});

describe.each(SHAPES)('%s', (_label, shape) => {
  const report = async (plan: unknown, o: Partial<PlanReportOptions> = {}) =>
    planReport({ inputs: [file(plan, 'mixed')], ...o });
  const both = async (o: Partial<PlanReportOptions> = {}, plan: unknown = MIXED) => ({
    terraform: await report(plan, o),
    tofu: await report(asOpenTofuPlan(plan, shape), o),
  });

  test('plan-report: the same Markdown, text and JSON report', async () => {
    for (const format of ['markdown', 'text', 'json'] as const) {
      const r = await both({ format });
      expect(r.tofu.markdown).toBe(r.terraform.markdown);
      expect(r.tofu.exitCode).toBe(r.terraform.exitCode);
    }
    const md = (await both()).tofu.markdown;
    // What the report says of the real plan (plan-report.test.ts), and nothing of the ephemeral resources.
    for (const want of ['| created | 1 |', '| archived | 2 |', '| replaced | 1 |', '| imported | 1 |'])
      expect(md).toContain(want);
    expect(md).not.toMatch(/random_password|probe_token|\bopen\b/);
    const json = JSON.parse((await both({ format: 'json' })).tofu.markdown);
    expect(JSON.stringify(json)).not.toMatch(/1\.11\.0|1\.8\.0|opentofu/);
  });

  test('--fail-on gates and --check against the account give the same result', async () => {
    const gates = ['archive', 'replace', 'pause', 'no-alerts', 'drift'];
    const r = await both({ failOn: gates, check: true, baseUrl: svc.baseUrl, token: svc.tokens.full });
    expect(r.tofu.matched).toEqual(r.terraform.matched);
    expect(r.tofu.matched.length).toBeGreaterThan(0);
    expect(r.tofu.markdown).toBe(r.terraform.markdown);
    expect(r.tofu.markdown).toContain('Preflight against the account');
  });

  test('--drift: the same drift report', async () => {
    const r = await both({ drift: true });
    expect(r.tofu.markdown).toBe(r.terraform.markdown);
    expect(r.tofu.markdown).toContain('Checkout API (renamed in dashboard)');
  });

  test('--probe on a local target: the same monitors probed, with the same verdicts', async () => {
    const target = await Target.start();
    target.routes.set('/missing', { status: 404 });
    try {
      const plan = structuredClone(MIXED);
      const created = plan.resource_changes.find((rc: any) => rc.address === 'uptime_monitor.new');
      created.change.after.url = `${target.url}/health`;
      const updated = plan.resource_changes.find((rc: any) => rc.address === 'uptime_monitor.keep');
      if (updated.change.after.url !== updated.change.before.url)
        updated.change.after.url = `${target.url}/missing`;
      const r = await both({ probe: true, probeAllow: ['127.0.0.1/32'], env: {} }, plan);
      const verdicts = (x: typeof r.terraform) =>
        x.probes.map((p) => [p.address, p.url, p.verdict, p.category, p.httpStatus]);
      expect(verdicts(r.tofu)).toEqual(verdicts(r.terraform));
      expect(verdicts(r.tofu)).toContainEqual([
        'uptime_monitor.new',
        `${target.url}/health`,
        'up',
        null,
        200,
      ]);
      expect(target.seen.length).toBe(2 * r.terraform.probes.filter((p) => p.httpStatus !== null).length);
    } finally {
      await target.close();
    }
  });

  test('adopt: the same import blocks for the monitors an interrupted apply left', async () => {
    // The monitor the plan creates exists already (the interrupted apply made it).
    const after = MIXED.resource_changes.find((rc: any) => rc.address === 'uptime_monitor.new').change.after;
    const existing = (await api.listMonitors()).find((m: any) => m.url === after.url);
    if (!existing)
      await api.data('POST', '/monitors', {
        name: after.name,
        url: after.url,
        intervalSeconds: after.interval_seconds,
        timeoutMs: after.timeout_ms,
      });
    const run = async (plan: unknown) => {
      const out = mkdtempSync(join(tmpdir(), 'tofu-adopt-'));
      const lines: string[] = [];
      const r = await adopt({
        plans: [file(plan, 'mixed')],
        dir: out,
        format: 'hcl',
        cdk: 'cdktn',
        includeDifferent: false,
        baseUrl: svc.baseUrl,
        token: svc.tokens.full,
        say: (l) => lines.push(l),
      });
      return {
        r,
        file: readFileSync(join(out, 'imports.tf'), 'utf8'),
        lines: lines.map((l) => l.replaceAll(out, '<dir>')),
      };
    };
    const tf = await run(MIXED);
    const tofu = await run(asOpenTofuPlan(MIXED, shape));
    expect(tf.r.adopted.map((a) => [a.address, a.id])).toEqual([['uptime_monitor.new', expect.any(String)]]);
    expect(tofu.r.adopted).toEqual(tf.r.adopted);
    expect(tofu.file).toBe(tf.file);
    expect(tofu.lines).toEqual(tf.lines);
  });
});

describe('what only OpenTofu writes', () => {
  test('delete_because_enabled_false archives the monitor and says why', async () => {
    const plan = asOpenTofuPlan(MIXED, { version: '1.11.0' });
    const gone = plan.resource_changes.find((rc: any) => rc.address === 'uptime_monitor.gone');
    gone.action_reason = 'delete_because_enabled_false';
    const r = await planReport({ inputs: [file(plan, 'mixed')] });
    expect(r.markdown).toContain('| archived | 2 |');
    expect(r.markdown).toContain(
      'archived: turned off in the configuration (`enabled = false` in its lifecycle block)',
    );
    expect(r.markdown).not.toContain('archived by destroy');
  });

  test("another provider's resource that shares a type name is not ours, on either host", async () => {
    for (const host of ['registry.terraform.io', 'registry.opentofu.org']) {
      const plan = structuredClone(SMALL);
      const base = await planReport({ inputs: [file(plan, 'small')] });
      for (const rc of plan.resource_changes) rc.provider_name = `${host}/acme/othermon`;
      const other = await planReport({ inputs: [file(plan, 'small')] });
      expect(base.markdown).toMatch(/\| created \| 1 \|/);
      expect(other.markdown).not.toMatch(/\| created \|/);
    }
  });

  test('terraform_version is not read as a Terraform version', async () => {
    const actions = JSON.parse(readFileSync(join(FIX, 'actions.plan.json'), 'utf8'));
    const base = await planReport({ inputs: [file(actions, 'actions')] });
    for (const v of ['1.8.0', '1.11.0', '0.1.0', 'not a version']) {
      const r = await planReport({ inputs: [file({ ...actions, terraform_version: v }, 'actions')] });
      expect([v, r.markdown]).toEqual([v, base.markdown]);
    }
  });
});
