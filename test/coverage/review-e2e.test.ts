// The coverage review end to end, with real Terraform planning the stand-ins of the cloud providers and the uptime
// provider against the local service, and `uptimectl plan-report` run as a user runs it (on the saved plan file):
// the plan of about a dozen endpoints in every status gives each its status and covering monitors
// (`--coverage --format json`), the Markdown shows the uncovered ones with a suggested block, `--fail-on uncovered`
// fails it (exit 3), `--coverage-ignore` (option and UPTIME_COVERAGE_IGNORE) drops findings, and the suggested HCL,
// pasted into the configuration (the module's own for an endpoint in a module), makes the next review say
// `covered` and pass the gate: for that plan, for hostile instance keys (`@team`, `<img>`, `${…}`, `%{…}`, a line
// break) and for modules with for_each.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { coverageMirror, CoverageProject, run, type CoverageMirror } from './providers/mirror.js';
import { SCENARIOS, scenarioFiles } from './scenarios.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
jest.setTimeout(HANG_GUARD_MS);
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const UPTIMECTL = join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts');

let mirror: CoverageMirror;

beforeAll(async () => {
  mirror = await coverageMirror();
}, HANG_GUARD_MS);
afterAll(async () => {
  await mirror?.dispose();
});

/** `uptimectl plan-report tfplan …` in the project, without the service (no token: the plan's monitors only). */
function planReport(p: CoverageProject, args: string[], env: NodeJS.ProcessEnv = {}) {
  const { UPTIME_API_TOKEN: _t, UPTIME_BASE_URL: _b, ...rest } = mirror.env;
  return run(process.execPath, [TSX, UPTIMECTL, 'plan-report', 'tfplan', ...args], p.dir, {
    ...rest,
    ...env,
  });
}

interface Endpoint {
  address: string;
  status: string;
  monitors: string[];
  suggestion?: { hcl: string; cdktf: string; module: string | null };
}

async function coverage(p: CoverageProject, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const r = await planReport(p, ['--coverage', '--format', 'json', ...args], env);
  expect(r.code).toBe(0);
  const doc = JSON.parse(r.stdout) as { coverage: { endpoints: Endpoint[]; ignored: { address: string }[] } };
  return doc.coverage;
}

const statusOf = (c: { endpoints: Endpoint[] }) =>
  Object.fromEntries(c.endpoints.map((e) => [e.address, e.status]));

/** Pastes each suggestion where it says: the root module's main.tf, or the module's own (its source directory). */
function paste(p: CoverageProject, endpoints: Endpoint[], moduleDirs: Record<string, string>): number {
  const seen = new Set<string>();
  for (const e of endpoints) {
    const s = e.suggestion;
    if (!s || seen.has(`${s.module}\u0000${s.hcl}`)) continue;
    seen.add(`${s.module}\u0000${s.hcl}`);
    appendFileSync(join(p.dir, s.module ? moduleDirs[s.module]! : '', 'main.tf'), `\n${s.hcl}`);
  }
  return seen.size;
}

let projects = 0;
async function plannedProject(name: string): Promise<CoverageProject> {
  const s = SCENARIOS[name]!;
  const p = new CoverageProject(mirror, `${name}-e2e-${++projects}`);
  p.write(scenarioFiles(s));
  await p.plan();
  return p;
}

describeTf('plan-report --coverage on real plans', () => {
  let review: CoverageProject;
  beforeAll(async () => {
    review = await plannedProject('review');
  }, HANG_GUARD_MS);

  it('gives each endpoint of the dozen its status and covering monitors', async () => {
    const c = await coverage(review);
    const want = Object.fromEntries(
      Object.entries(SCENARIOS.review!.expect).filter(([, s]) => s !== 'absent' && s !== 'ignored'),
    );
    expect(statusOf(c)).toEqual(want);
    expect(new Set(Object.values(statusOf(c)))).toEqual(
      new Set(['covered', 'not-public', 'uncovered', 'unknown']),
    );
    for (const [address, monitors] of Object.entries(SCENARIOS.review!.monitors!))
      expect(c.endpoints.find((e) => e.address === address)!.monitors).toEqual(monitors);
    expect(c.ignored.map((i) => i.address)).toEqual(['kubernetes_ingress_v1.legacy']);
  });

  it('shows the uncovered ones in Markdown with a suggested block', async () => {
    const r = await planReport(review, ['--coverage']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('**Uncovered: no monitor watches these public endpoints** (7)');
    expect(r.stdout).toContain(
      '<details><summary>Suggested monitor for <code>aws_route53_record.api</code></summary>',
    );
    expect(r.stdout).toContain('url  = "https://${aws_route53_record.api.fqdn}/"');
  });

  it('--fail-on uncovered fails it with exit 3', async () => {
    const r = await planReport(review, ['--fail-on', 'uncovered']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('plan-report: --fail-on matched: uncovered');
  });

  it('--coverage-ignore and UPTIME_COVERAGE_IGNORE drop findings', async () => {
    const c = await coverage(review, ['--coverage-ignore', 'aws_route53_record.api'], {
      UPTIME_COVERAGE_IGNORE: 'aws_lb.tenants[*],\nmodule.edge.*',
    });
    const addresses = c.endpoints.map((e) => e.address);
    for (const a of [
      'aws_route53_record.api',
      'aws_lb.tenants["@team"]',
      'module.edge.aws_lb.admin',
      'module.edge.aws_lb.this',
    ])
      expect(addresses).not.toContain(a);
    expect(c.ignored.map((i) => i.address)).toEqual(
      expect.arrayContaining([
        'aws_route53_record.api',
        'aws_lb.tenants["@team"]',
        'module.edge.aws_lb.admin',
      ]),
    );
  });

  it('the suggested HCL, pasted in, makes the next review say covered and pass the gate', async () => {
    const before = await coverage(review);
    const uncovered = before.endpoints.filter((e) => e.status === 'uncovered');
    expect(paste(review, uncovered, { 'module.edge': 'modules/edge' })).toBe(7);
    await review.plan();
    const after = await coverage(review);
    for (const e of uncovered) {
      const now = after.endpoints.find((x) => x.address === e.address)!;
      expect([e.address, now.status]).toEqual([e.address, 'covered']);
      expect(now.monitors).toHaveLength(1);
    }
    expect((await planReport(review, ['--fail-on', 'uncovered'])).code).toBe(0);
  });
});

describeTf('suggestions that paste as valid, inert HCL', () => {
  it('hostile instance keys: every suggestion plans, and the next review says covered', async () => {
    const p = await plannedProject('aws_route53_record');
    const before = await coverage(p);
    const uncovered = before.endpoints.filter((e) => e.status === 'uncovered');
    expect(uncovered.map((e) => e.address)).toEqual(
      expect.arrayContaining([
        'aws_route53_record.team["@team"]',
        'aws_route53_record.team["<img src=x onerror=alert(1)>"]',
        'aws_route53_record.team["$${jndi:ldap://x}"]',
        'aws_route53_record.team["%%{ if true }x%%{ endif }"]',
        'aws_route53_record.team["line\\nbreak"]',
      ]),
    );
    paste(p, uncovered, {});
    const planned = JSON.parse(await p.plan());
    // The keys stayed text: each new monitor's name is the record's hostname, never an evaluated template.
    const names = (planned.resource_changes as { type: string; change: { after: { name?: string } } }[])
      .filter((r) => r.type === 'uptime_monitor')
      .map((r) => r.change.after.name);
    expect(names.filter((n) => n?.includes('jndi') || n?.includes('endif'))).toEqual([]);
    const after = await coverage(p);
    for (const e of uncovered)
      expect(after.endpoints.find((x) => x.address === e.address)!.status).toBe('covered');
    expect(readFileSync(join(p.dir, 'main.tf'), 'utf8')).toContain(
      'url  = "https://${aws_route53_record.team["$${jndi:ldap://x}"].fqdn}/"',
    );
  });

  it("hostile instance keys: the CDKTF suggestion's url, as cdk.tf.json holds it, makes the review say covered", async () => {
    const p = await plannedProject('aws_route53_record');
    const uncovered = (await coverage(p)).endpoints.filter(
      (e) => e.status === 'uncovered' && e.address.includes('['),
    );
    const monitors: Record<string, { name: string; url: string }> = {};
    uncovered.forEach((e, n) => {
      const literal = /^ {2}url: (.*),$/m.exec(e.suggestion!.cdktf)![1]!;
      monitors[`cdktf_${n}`] = { name: `cdktf ${n}`, url: new Function(`return ${literal};`)() as string };
    });
    p.write({ 'cdktf.tf.json': JSON.stringify({ resource: { uptime_monitor: monitors } }, null, 2) });
    await p.plan();
    const after = await coverage(p);
    for (const e of uncovered)
      expect([e.address, after.endpoints.find((x) => x.address === e.address)!.status]).toEqual([
        e.address,
        'covered',
      ]);
  });

  it('modules with for_each: the suggestion is written for the module, and covers its instances', async () => {
    const p = await plannedProject('modules');
    const before = await coverage(p);
    const blue = before.endpoints.find((e) => e.address === 'module.svc["blue"].aws_lb.this')!;
    expect(blue.suggestion!.module).toBe('module.svc');
    paste(p, [blue], { 'module.svc': 'modules/svc' });
    await p.plan();
    const after = await coverage(p);
    expect(after.endpoints.find((e) => e.address === 'module.svc["blue"].aws_lb.this')).toMatchObject({
      status: 'covered',
      monitors: ['module.svc["blue"].uptime_monitor.this'],
    });
    expect(after.endpoints.find((e) => e.address === 'module.watched.aws_lb.this')!.monitors).toEqual([
      'module.watched.uptime_monitor.inside[0]',
      'module.watched.uptime_monitor.this',
    ]);
  });
});
