// `uptimectl run-task serve --coverage` against the HCP Terraform stand-in (hcp-stand-in.ts): the plan of about a
// dozen endpoints (test/coverage/fixtures/review) comes back with one outcome per endpoint (status tag, the
// suggestion's HCL in the body for an uncovered one), the counts in the message, `--fail-on uncovered` failing the
// task, `--coverage-ignore` dropping a finding, and nothing about coverage without the option.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startRunTaskServer,
  type RunTaskServer,
  type RunTaskServerOptions,
} from '../../src/run-task/server.js';
import { LIMITS } from '../../src/run-task/outcomes.js';
import { liveMarkup } from '../plan-report/markdown-oracle.js';
import { HcpStandIn } from './hcp-stand-in.js';

const KEY = 'run-task-coverage-hmac-key-0b7a';
const PLAN = JSON.parse(
  readFileSync(join(__dirname, '..', 'coverage', 'fixtures', 'review.plan.json'), 'utf8'),
);

let hcp: HcpStandIn;
const servers: RunTaskServer[] = [];

beforeAll(async () => {
  hcp = await new HcpStandIn().start();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await hcp.close();
});

interface Outcome {
  attributes: {
    'outcome-id': string;
    description: string;
    body: string;
    tags: Record<string, { label: string; level: string }[]>;
  };
}

async function review(o: Partial<RunTaskServerOptions['review']>) {
  const server = await startRunTaskServer({
    hmacKey: KEY,
    hcp: {
      tfeUrl: hcp.api.url,
      redirectOrigins: [hcp.archivist.url],
      retry: { baseMs: 5, attempts: 4, maxWaitMs: 50 },
    },
    log: () => {},
    review: o,
  });
  servers.push(server);
  const run = hcp.addRun(PLAN);
  const r = await HcpStandIn.send(server.url, JSON.stringify(hcp.payload(run)), KEY);
  expect(r.status).toBe(200);
  await server.settled();
  const cb = run.callbacks[0] as {
    data: {
      attributes: { status: string; message: string };
      relationships?: { outcomes: { data: Outcome[] } };
    };
  };
  const outcomes = cb.data.relationships?.outcomes.data ?? [];
  return { cb, outcomes, byId: (id: string) => outcomes.find((x) => x.attributes['outcome-id'] === id) };
}

test('one outcome per endpoint, the suggestion in the body, the counts in the message; the gate fails the task', async () => {
  const { cb, outcomes, byId } = await review({ coverage: true, failOn: ['uncovered'] });
  expect(cb.data.attributes.status).toBe('failed');
  expect(cb.data.attributes.message).toContain('coverage: 7 uncovered, 1 unknown, 4 covered, 4 not-public');
  expect(cb.data.attributes.message).toContain('failed: --fail-on uncovered');
  const coverage = outcomes.filter((o) => o.attributes['outcome-id'].startsWith('coverage:'));
  expect(coverage).toHaveLength(16);
  const api = byId('coverage:aws_route53_record.api')!;
  expect(api.attributes.tags).toEqual({
    severity: [{ label: 'uncovered', level: 'error' }],
    coverage: [{ label: 'uncovered', level: 'none' }],
  });
  expect(api.attributes.description).toBe('coverage uncovered: "aws_route53_record.api"');
  expect(api.attributes.body).toContain(
    '```hcl\n# Watches aws_route53_record.api (DNS record), and what it points at: aws_lb.api.',
  );
  expect(api.attributes.body).toContain('url  = "https://${aws_route53_record.api.fqdn}/"');
  expect(byId('coverage:azurerm_linux_web_app.portal')!.attributes.tags.severity).toEqual([
    { label: 'not decided', level: 'info' },
  ]);
  const covered = byId('coverage:aws_api_gateway_stage.orders')!;
  expect(covered.attributes.tags).toEqual({ coverage: [{ label: 'covered', level: 'none' }] });
  expect(covered.attributes.body).toContain('Monitors: `uptime_monitor.orders`');
  // Names are data: the @team key is no mention in the Markdown body.
  const team = byId('coverage:aws_lb.tenants["@team"]')!;
  expect(team.attributes.body).toContain('@team');
  expect(liveMarkup(team.attributes.body)).toEqual([]);
  for (const o of outcomes) {
    expect(o.attributes['outcome-id'].length).toBeLessThanOrEqual(LIMITS.outcomeId);
    expect(o.attributes.body.length).toBeLessThanOrEqual(LIMITS.body);
  }
});

test('without --fail-on uncovered the task passes, an uncovered endpoint a warning', async () => {
  const { cb, byId } = await review({ coverage: true });
  expect(cb.data.attributes.status).toBe('passed');
  expect(byId('coverage:aws_route53_record.api')!.attributes.tags.severity).toEqual([
    { label: 'uncovered', level: 'warning' },
  ]);
});

test('--coverage-ignore drops a finding', async () => {
  const { outcomes } = await review({ coverage: true, coverageIgnore: ['aws_route53_record.*'] });
  const ids = outcomes.map((o) => o.attributes['outcome-id']);
  expect(ids).not.toContain('coverage:aws_route53_record.api');
  expect(ids).toContain('coverage:aws_lb.tenants["@team"]');
});

test('without --coverage: no coverage outcome and no word of it in the message', async () => {
  const { cb, outcomes } = await review({});
  expect(outcomes.some((o) => o.attributes['outcome-id'].startsWith('coverage:'))).toBe(false);
  expect(cb.data.attributes.message).not.toContain('coverage');
});
