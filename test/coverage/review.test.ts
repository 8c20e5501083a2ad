// The coverage review on plans real Terraform made (test/coverage/fixtures, from scenarios.ts): every endpoint of
// every scenario gets the status the catalogue's rules and the providers' docs give it, with the covering monitors;
// every catalogue type has its plan; suppressions, live monitors and the rules on monitors being deleted, `count = 0`,
// replacements and known hostnames.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE, phraseText, reviewCoverage, type CoverageReview } from '../../src/coverage/index.js';
import type { CoveragePlan } from '../../src/coverage/plan.js';
import { asOpenTofuPlan } from '../plan-report/opentofu-plan.js';
import { SCENARIOS, TYPE_SCENARIOS, type Expected } from './scenarios.js';

export function fixture(name: string): CoveragePlan {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.plan.json`), 'utf8')) as CoveragePlan;
}

function statuses(r: CoverageReview): Record<string, Expected> {
  const out: Record<string, Expected> = {};
  for (const e of r.endpoints) out[e.address] = e.status;
  for (const i of r.ignored) out[i.address] = 'ignored';
  return out;
}

describe.each(Object.keys(SCENARIOS))('%s', (name) => {
  const s = SCENARIOS[name]!;
  const r = reviewCoverage([{ name, plan: fixture(name) }]);

  it('gives each endpoint the status its rules say, and lists nothing else', () => {
    const want = Object.fromEntries(Object.entries(s.expect).filter(([, v]) => v !== 'absent'));
    expect(statuses(r)).toEqual(want);
  });

  it('names the monitors that cover, and a suggestion exactly for the uncovered', () => {
    for (const [address, monitors] of Object.entries(s.monitors ?? {}))
      expect(r.endpoints.find((e) => e.address === address)?.monitors).toEqual(monitors);
    for (const e of r.endpoints) {
      expect(!!e.suggestion).toBe(e.status === 'uncovered');
      if (e.status !== 'covered') expect(e.monitors).toEqual([]);
      expect(phraseText(e.because)).not.toBe('');
    }
  });
});

test('every catalogue type has a scenario planned with its provider', () => {
  expect(TYPE_SCENARIOS.sort()).toEqual(Object.keys(CATALOGUE).sort());
  for (const type of TYPE_SCENARIOS) {
    const plan = fixture(type);
    expect(plan.resource_changes?.some((rc) => rc.type === type)).toBe(true);
  }
});

test('the type is the one the plan has: aws_alb stays aws_alb', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('aws_alb') }]);
  expect(r.endpoints.map((e) => e.type)).toEqual(['aws_alb', 'aws_alb', 'aws_alb']);
});

test('one finding per chain, under the user-facing name: the DNS record, not the load balancer behind it', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('aws_route53_record') }]);
  const api = r.endpoints.find((e) => e.address === 'aws_route53_record.api')!;
  expect(api.chain).toEqual(['aws_route53_record.api', 'aws_lb.api']);
  expect(api.hostnames).toEqual(['api.example.com']);
  expect(api.suggestion!.hcl).toContain('url  = "https://${aws_route53_record.api.fqdn}/"');
  expect(r.endpoints.some((e) => e.address === 'aws_lb.api')).toBe(false);
});

test('a monitor of the load balancer behind a DNS record covers the chain', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('modules') }]);
  const edge = r.endpoints.find((e) => e.address === 'module.edge.aws_route53_record.this')!;
  expect(edge.chain).toEqual(['module.edge.aws_route53_record.this', 'module.edge.aws_lb.this']);
  expect(edge.status).toBe('covered');
});

test('an endpoint in a module gets a suggestion for that module, with module-relative references', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('modules') }]);
  const blue = r.endpoints.find((e) => e.address === 'module.svc["blue"].aws_lb.this')!;
  expect(blue.module).toBe('module.svc["blue"]');
  expect(blue.suggestion!.module).toBe('module.svc');
  expect(blue.suggestion!.hcl).toContain('# For module.svc (source "./modules/svc")');
  expect(blue.suggestion!.hcl).toContain('url  = "https://${aws_lb.this.dns_name}/"');
  expect(blue.suggestion!.hcl).not.toContain('module.svc["blue"].aws_lb');
});

test('count = 0 covers nothing; neither does a monitor the plan deletes', () => {
  const review = reviewCoverage([{ name: 'x', plan: fixture('review') }]);
  expect(review.endpoints.find((e) => e.address === 'google_cloud_run_v2_service.search')?.status).toBe(
    'uncovered',
  );
  const update = reviewCoverage([{ name: 'x', plan: fixture('update') }]);
  expect(update.endpoints.find((e) => e.address === 'aws_lb.orphan')?.status).toBe('uncovered');
});

test("a monitor whose known URL has the endpoint's known hostname covers it (an update: the plan knows dns_name)", () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('update') }]);
  const old = r.endpoints.find((e) => e.address === 'aws_lb.old')!;
  expect(old.status).toBe('covered');
  expect(old.hostnames).toEqual(['old-675803.eu-west-1.elb.amazonaws.com']);
  expect(r.endpoints.map((e) => e.address).sort()).toEqual(['aws_lb.old', 'aws_lb.orphan', 'aws_lb.renewed']);
});

test('with a service token, a live monitor with the hostname covers the endpoint', () => {
  const live = [{ id: 'mon_1', name: 'API (dashboard)', url: 'HTTPS://API.example.com./health' }];
  const r = reviewCoverage([{ name: 'x', plan: fixture('aws_route53_record') }], { live });
  const api = r.endpoints.find((e) => e.address === 'aws_route53_record.api')!;
  expect(api).toMatchObject({ status: 'covered', monitors: [], live });
  expect(phraseText(api.because)).toBe('watched by the live monitor "API (dashboard) (mon_1)"');
});

describe('--coverage-ignore', () => {
  const plan = fixture('review');
  it('drops the findings whose address (module path included) matches: * any run, ? one character', () => {
    const r = reviewCoverage([{ name: 'x', plan }], {
      ignore: ['aws_lb.tenants[*]', 'module.edge.aws_lb.admi?'],
    });
    expect(r.ignored.map((i) => i.address)).toEqual([
      'aws_lb.tenants["<img src=x>"]',
      'aws_lb.tenants["@team"]',
      'kubernetes_ingress_v1.legacy',
      'module.edge.aws_lb.admin',
    ]);
    expect(phraseText(r.ignored[0]!.because)).toBe('--coverage-ignore "aws_lb.tenants[*]"');
  });
  it('matches the whole address only, and any member of a chain', () => {
    expect(reviewCoverage([{ name: 'x', plan }], { ignore: ['aws_lb'] }).ignored).toHaveLength(1);
    const chain = reviewCoverage([{ name: 'x', plan }], { ignore: ['aws_lb.api'] });
    expect(chain.ignored.map((i) => i.address)).toContain('aws_route53_record.api');
  });
});

test('the tag, label or annotation uptime-coverage = "ignore" leaves the endpoint out, saying where', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('cloudflare_dns_record') }]);
  expect(r.ignored.map((i) => [i.address, phraseText(i.because)])).toEqual([
    ['cloudflare_dns_record.ignored', 'suppressed by "tags \\"uptime-coverage:ignore\\""'],
  ]);
});

test('a monitor url built from a local value leaves every otherwise uncovered endpoint unknown, naming it', () => {
  const r = reviewCoverage([{ name: 'x', plan: fixture('locals') }]);
  const api = r.endpoints.find((e) => e.address === 'aws_lb.api')!;
  expect(phraseText(api.because)).toBe(
    'the url of "uptime_monitor.api" is built from "local.api_url", which cannot be followed to a resource: it may watch this endpoint',
  );
});

test('several plans: findings carry their plan name', () => {
  const r = reviewCoverage([
    { name: 'web', plan: fixture('aws_alb') },
    { name: 'dns', plan: fixture('cloudflare_record') },
  ]);
  expect([...new Set(r.endpoints.map((e) => e.stack))]).toEqual(['web', 'dns']);
});

test("OpenTofu's plan of the same configuration gets the same findings", () => {
  const terraform = reviewCoverage([{ name: 'x', plan: fixture('review') }]);
  const tofu = reviewCoverage([
    { name: 'x', plan: asOpenTofuPlan(fixture('review'), { version: '1.11.0' }) },
  ]);
  expect(tofu).toEqual(terraform);
});
