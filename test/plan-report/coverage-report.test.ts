// `plan-report --coverage` on the plan of about a dozen endpoints in every status (test/coverage/fixtures/review):
// the JSON's `coverage` object (each endpoint's status, covering monitors, suggestion), the Markdown and text
// sections (uncovered endpoints with their suggested block; names inert), `--fail-on uncovered` (fails it; passes a
// plan with nothing uncovered, also one with only undecided endpoints), `--coverage-ignore`, and nothing new without
// `--coverage`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATE_EXIT, planReport, type PlanReportOptions } from '../../src/plan-report/index.js';
import { SCENARIOS } from '../coverage/scenarios.js';
import { liveMarkup, visible } from './markdown-oracle.js';

const FIXTURES = join(__dirname, '..', 'coverage', 'fixtures');
const text = (name: string) => readFileSync(join(FIXTURES, `${name}.plan.json`), 'utf8');

function report(plan: string, o: Partial<PlanReportOptions> = {}) {
  return planReport({ inputs: ['-'], readStdin: () => plan, ...o });
}

describe('--coverage --format json', () => {
  it('gives each endpoint its status and covering monitors, and the uncovered a suggestion in HCL and CDKTF', async () => {
    const r = await report(text('review'), { coverage: true, format: 'json' });
    const doc = JSON.parse(r.markdown);
    const want = Object.fromEntries(
      Object.entries(SCENARIOS.review!.expect).filter(([, s]) => s !== 'absent' && s !== 'ignored'),
    );
    expect(Object.fromEntries(doc.coverage.endpoints.map((e: any) => [e.address, e.status]))).toEqual(want);
    for (const [address, monitors] of Object.entries(SCENARIOS.review!.monitors!))
      expect(doc.coverage.endpoints.find((e: any) => e.address === address).monitors).toEqual(monitors);
    expect(doc.coverage.counts).toEqual({ covered: 4, 'not-public': 4, uncovered: 7, unknown: 1 });
    const api = doc.coverage.endpoints.find((e: any) => e.address === 'aws_route53_record.api');
    expect(api).toMatchObject({
      stack: 'stdin',
      type: 'aws_route53_record',
      status: 'uncovered',
      monitors: [],
      chain: ['aws_route53_record.api', 'aws_lb.api'],
      hostnames: ['api.example.com'],
      module: null,
    });
    expect(api.suggestion.hcl).toBe(
      [
        '# Watches aws_route53_record.api (DNS record), and what it points at: aws_lb.api.',
        'resource "uptime_monitor" "api" {',
        '  name = "api.example.com"',
        '  url  = "https://${aws_route53_record.api.fqdn}/"',
        '}',
        '',
      ].join('\n'),
    );
    expect(api.suggestion.cdktf).toContain('url: "https://" + apiEndpoint.getStringAttribute("fqdn") + "/",');
    for (const e of doc.coverage.endpoints) expect('suggestion' in e).toBe(e.status === 'uncovered');
    expect(doc.coverage.ignored).toEqual([
      {
        stack: 'stdin',
        address: 'kubernetes_ingress_v1.legacy',
        because: 'suppressed by "metadata.annotations[\\"uptime-coverage\\"] = \\"ignore\\""',
      },
    ]);
    expect(doc.gates).toEqual({ requested: [], matched: [], approved: null, failed: false });
  });

  it('writes the module path in the address and the module in the suggestion', async () => {
    const doc = JSON.parse((await report(text('review'), { coverage: true, format: 'json' })).markdown);
    const admin = doc.coverage.endpoints.find((e: any) => e.address === 'module.edge.aws_lb.admin');
    expect(admin.module).toBe('module.edge');
    expect(admin.suggestion.module).toBe('module.edge');
    expect(admin.suggestion.hcl).toContain('url  = "https://${aws_lb.admin.dns_name}/"');
  });
});

describe('--fail-on uncovered', () => {
  it('fails a plan with an uncovered endpoint with the gates exit code, and turns coverage on', async () => {
    const r = await report(text('review'), { failOn: ['uncovered'], format: 'json' });
    expect(r.exitCode).toBe(GATE_EXIT);
    expect(r.matched).toEqual(['uncovered']);
    expect(JSON.parse(r.markdown).coverage.counts.uncovered).toBe(7);
  });
  it('passes a plan whose public endpoints are all covered (or not public)', async () => {
    const r = await report(text('azurerm_windows_web_app'), { failOn: ['uncovered'] });
    expect(r.exitCode).toBe(0);
    expect(r.markdown).toContain('Gates passed: none of `uncovered`.');
  });
  it('never fails on unknown', async () => {
    const r = await report(text('locals'), { failOn: ['uncovered'], format: 'json' });
    const doc = JSON.parse(r.markdown);
    expect(doc.coverage.counts).toMatchObject({ uncovered: 0, unknown: 1 });
    expect(r.exitCode).toBe(0);
  });
  it('an approval lifts it like every gate', async () => {
    const r = await report(text('review'), { failOn: ['uncovered'], approved: 'label coverage-ok' });
    expect(r.exitCode).toBe(0);
    expect(r.approved).toBe(true);
  });
  it('--coverage-ignore drops the finding: ignoring every uncovered endpoint passes the gate', async () => {
    const doc = JSON.parse((await report(text('review'), { coverage: true, format: 'json' })).markdown);
    const uncovered = doc.coverage.endpoints
      .filter((e: any) => e.status === 'uncovered')
      .map((e: any) => e.address);
    const r = await report(text('review'), {
      failOn: ['uncovered'],
      format: 'json',
      coverageIgnore: uncovered.map((a: string) => a.replace(/\[.*\]$/, '[*]')),
    });
    expect(r.exitCode).toBe(0);
    const after = JSON.parse(r.markdown).coverage;
    expect(after.endpoints.map((e: any) => e.address)).not.toContain('aws_route53_record.api');
    expect(after.ignored.map((i: any) => i.address)).toContain('aws_route53_record.api');
  });
});

describe('Markdown', () => {
  it('lists each uncovered endpoint and gives its suggested block in a collapsible section', async () => {
    const md = (await report(text('review'), { coverage: true })).markdown;
    expect(md).toContain('### Monitoring coverage');
    expect(md).toContain('**Uncovered: no monitor watches these public endpoints** (7)');
    expect(md).toContain(
      "- `aws_route53_record.api` (DNS record, `api.example.com`, points at `aws_lb.api`): no monitor's url refers to it or to its hostname; suggested monitor below",
    );
    expect(md).toContain(
      '<details><summary>Suggested monitor for <code>aws_route53_record.api</code></summary>',
    );
    expect(md).toContain(
      '```hcl\n# Watches aws_route53_record.api (DNS record), and what it points at: aws_lb.api.\n',
    );
    expect(md.match(/<details><summary>Suggested monitor for/g)).toHaveLength(7);
  });

  it('cuts the suggestions, not the summary, to stay within the budget', async () => {
    const md = (await report(text('review'), { coverage: true, budget: 4000 })).markdown;
    expect(md).toContain('**Uncovered: no monitor watches these public endpoints** (7)');
    expect(md).toMatch(/✂️ \d+ more sections? not shown/);
    expect(md.length).toBeLessThanOrEqual(4000 + 2000);
  });

  it('says when the plan changes no public endpoint', async () => {
    const md = (
      await report(readFileSync(join(__dirname, 'fixtures', 'small.plan.json'), 'utf8'), { coverage: true })
    ).markdown;
    expect(md).toContain('No public endpoint of the catalogue is created or changed by this plan.');
  });
});

describe('text (Atlantis)', () => {
  it('marks every line, and gives the suggestion as additions', async () => {
    const out = (await report(text('review'), { coverage: true, format: 'text' })).markdown;
    const lines = out.trimEnd().split('\n');
    for (const l of lines) expect(l).toMatch(/^[#!+~-]( |$)/);
    expect(out).toContain('# Monitoring coverage: uncovered 7, unknown 1, covered 4, not-public 4');
    expect(out).toContain(
      '!   aws_route53_record.api (DNS record "api.example.com"): no monitor\'s url refers to it or to its hostname',
    );
    expect(out).toContain(
      '# Suggested monitor for aws_route53_record.api\n+ # Watches aws_route53_record.api',
    );
    expect(out).toContain('+   url  = "https://${aws_route53_record.api.fqdn}/"');
  });
});

describe('without --coverage nothing changes', () => {
  it('has no coverage object, section or gate', async () => {
    for (const format of ['json', 'markdown', 'text'] as const) {
      const off = (await report(text('review'), { format })).markdown;
      expect(off).not.toMatch(/coverage|Suggested monitor/i);
      const ignoredOnly = (await report(text('review'), { format, coverageIgnore: ['*'] })).markdown;
      expect(ignoredOnly).toBe(off);
    }
  });
  it('--drift refuses coverage (the drift report is left as it is)', async () => {
    await expect(report(text('review'), { drift: true, coverage: true })).rejects.toThrow(
      /--coverage and --fail-on uncovered are not part of the drift report/,
    );
  });
});

test('a hostname held by a sensitive variable is scrubbed like every secret', async () => {
  const plan = JSON.parse(text('review'));
  plan.variables = { host: { value: 'api.example.com' } };
  plan.configuration.root_module.variables = { host: { sensitive: true } };
  const md = (await report(JSON.stringify(plan), { coverage: true })).markdown;
  expect(md).not.toContain('api.example.com');
});

test('names are inert: hostile keys, hostnames and module sources become no mention, link, HTML or math', async () => {
  const plan = JSON.parse(text('aws_route53_record'));
  const other = JSON.parse(text('modules'));
  other.configuration.root_module.module_calls.svc.source =
    './@org/team <img src=x> $x$ [a](https://evil.example)';
  for (const p of [plan, other, JSON.parse(text('review'))]) {
    const md = (await report(JSON.stringify(p), { coverage: true, budget: Infinity })).markdown;
    expect(liveMarkup(md)).toEqual([]);
  }
  const md = visible((await report(JSON.stringify(plan), { coverage: true, budget: Infinity })).markdown);
  for (const name of ['@team', '<img src=x onerror=alert(1)>', '$${jndi:ldap://x}', 'line\\nbreak'])
    expect(md).toContain(name);
});
