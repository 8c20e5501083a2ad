// Independent end-to-end checks of the coverage review with real Terraform (the stand-ins of the cloud providers and
// the uptime provider, test/coverage/providers), written from docs/guides/monitoring-coverage.md: a module per load
// balancer (`for_each` over the load balancers, `each.value.dns_name` passed in) covers each by its key; a monitor
// instance whose index picks no instance of its keyed target covers none of them (the others become `unknown`, and
// `--fail-on uncovered` passes on unknown); the one suggestion for an endpoint in a module with three instances,
// pasted once, gives each instance one monitor; every suggestion is formatted HCL (`terraform fmt -check`).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { coverageMirror, CoverageProject, run, type CoverageMirror } from './providers/mirror.js';
import { header } from './scenarios.js';

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

interface Endpoint {
  address: string;
  status: string;
  because: string;
  monitors: string[];
  suggestion?: { hcl: string; cdktf: string; module: string | null };
}

function planReport(p: CoverageProject, args: string[]) {
  const { UPTIME_API_TOKEN: _t, UPTIME_BASE_URL: _b, ...env } = mirror.env;
  return run(process.execPath, [TSX, UPTIMECTL, 'plan-report', 'tfplan', ...args], p.dir, env);
}

async function coverage(p: CoverageProject): Promise<Endpoint[]> {
  const r = await planReport(p, ['--coverage', '--format', 'json']);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { coverage: { endpoints: Endpoint[] } }).coverage.endpoints;
}

const statuses = (es: Endpoint[]) => Object.fromEntries(es.map((e) => [e.address, e.status]));

let n = 0;
async function project(files: Record<string, string>): Promise<CoverageProject> {
  const p = new CoverageProject(mirror, `independent-${++n}`);
  p.write({ ...files, 'main.tf': `${header('aws')}\n${files['main.tf']}` });
  await p.plan();
  return p;
}

describeTf('coverage on real plans, independently', () => {
  it('a module per load balancer, for_each over them with each.value.dns_name passed in, covers each by its key', async () => {
    const p = await project({
      'main.tf': `resource "aws_lb" "web" {
  for_each = toset(["a", "b"])
  name     = each.key
}
module "probe" {
  source   = "./modules/probe"
  for_each = { for k, v in aws_lb.web : k => v if k == "a" }
  host     = each.value.dns_name
}`,
      'modules/probe/main.tf': `${header('aws')}
variable "host" { type = string }
resource "uptime_monitor" "this" {
  name = "probe"
  url  = "https://\${var.host}/"
}`,
    });
    const es = await coverage(p);
    expect(statuses(es)).toEqual({ 'aws_lb.web["a"]': 'covered', 'aws_lb.web["b"]': 'uncovered' });
    expect(es.find((e) => e.address === 'aws_lb.web["a"]')!.monitors).toEqual([
      'module.probe["a"].uptime_monitor.this',
    ]);
  });

  it('a monitor whose index picks no instance by its own key covers none: the rest is unknown, and the gate passes', async () => {
    const p = await project({
      'main.tf': `resource "aws_lb" "web" {
  for_each = toset(["b", "c"])
  name     = each.key
}
resource "uptime_monitor" "pick" {
  for_each = { x = "b" }
  name     = "pick"
  url      = "https://\${aws_lb.web[each.value].dns_name}/"
}`,
    });
    const es = await coverage(p);
    expect(statuses(es)).toEqual({ 'aws_lb.web["b"]': 'unknown', 'aws_lb.web["c"]': 'unknown' });
    expect(es[0]!.because).toContain('uptime_monitor.pick');
    expect((await planReport(p, ['--fail-on', 'uncovered'])).code).toBe(0);
  });

  it('hostile keys and a module of three instances: formatted suggestions, pasted once, one monitor per instance', async () => {
    const p = await project({
      'main.tf': `resource "aws_lb" "web" {
  for_each = toset(["$\${var.secret}", "%%{ if true }x%%{ endif }", "@team", "<img src=x>", "[a](https://e.example)", "\`x\` \`\`\`", "a\\nb", "q\\"\\\\"])
  name     = "web"
}
module "svc" {
  source   = "./modules/svc"
  for_each = toset(["blue", "green", "red"])
  name     = each.key
}`,
      'modules/svc/main.tf': `${header('aws')}
variable "name" { type = string }
resource "aws_lb" "this" { name = var.name }`,
    });
    const before = await coverage(p);
    expect(before).toHaveLength(11);
    expect(before.every((e) => e.status === 'uncovered')).toBe(true);
    expect((await planReport(p, ['--fail-on', 'uncovered'])).code).toBe(3);

    const distinct = new Map<string, { module: string | null; hcl: string }>();
    for (const e of before) distinct.set(`${e.suggestion!.module}\u0000${e.suggestion!.hcl}`, e.suggestion!);
    expect([...distinct.values()].filter((s) => s.module === 'module.svc')).toHaveLength(1);

    // terraform fmt -check on every suggestion, as it would be pasted.
    const fmtDir = join(p.dir, '..', `fmt-${n}`);
    mkdirSync(fmtDir, { recursive: true });
    [...distinct.values()].forEach((s, i) => writeFileSync(join(fmtDir, `s${i}.tf`), s.hcl));
    const fmt = await run('terraform', ['fmt', '-check', '-diff', fmtDir], fmtDir, mirror.env);
    expect([fmt.code, fmt.stdout]).toEqual([0, '']);

    for (const s of distinct.values())
      appendFileSync(join(p.dir, s.module ? 'modules/svc' : '', 'main.tf'), `\n${s.hcl}`);
    await p.plan();
    const after = await coverage(p);
    for (const e of before) {
      const now = after.find((x) => x.address === e.address)!;
      expect([e.address, now.status, now.monitors.length]).toEqual([e.address, 'covered', 1]);
    }
    expect((await planReport(p, ['--fail-on', 'uncovered'])).code).toBe(0);
  });
});
