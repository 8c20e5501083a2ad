// One plan whose monitors leave timeout, method, redirects and accepted status codes out, read by the probe, the
// backtest and the duplicate check of one `plan-report --check --probe` run: all three use the schema's defaults
// (what the service does with a monitor created without them), so they cannot disagree. The probe requests a target
// on 127.0.0.1 (allowed with --probe-allow) with GET, following the redirect, within the default timeout, and calls
// 204 up (any 2xx); the backtest replays a real history of the local service (checks of a 204 target that were down
// under the state's `[200]`) under the same default codes and timeout; the duplicate check keys the create without
// a method as GET, as the service's 409 rule does. No Terraform: the plan JSON is written here (a producer that
// leaves optional values out, as hand-made plans and other producers may). Wall time ≈ 3 s.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planReport, type PlanReport } from '../../src/plan-report/index.js';
import { fieldFacts } from '../../src/provider/fields/index.js';
import { engineHarness, tick } from '../service/engine-helpers.js';
import type { Harness } from '../service/helpers.js';
import { Target } from './probe-targets.js';

let h: Harness;
let target: Target;
let existing: { id: string; version: string; name: string };
let report: PlanReport;
const CHECKS = 6;

/** The documented defaults (the schema's "Omitted or null: …"). */
const DEFAULT_TIMEOUT = fieldFacts('uptime_monitor', 'timeout_ms')!.default as number;

const create = (
  name: string,
  after: Record<string, unknown>,
  afterUnknown: Record<string, unknown> = {},
) => ({
  address: `uptime_monitor.${name}`,
  mode: 'managed',
  type: 'uptime_monitor',
  name,
  change: {
    actions: ['create'],
    before: null,
    after: { name, ...after }, // no timeout_ms, request_method, follow_redirects, accepted_status_codes
    after_unknown: { id: true, version: true, interval_seconds: true, ...afterUnknown },
  },
});

beforeAll(async () => {
  h = await engineHarness();
  target = await Target.start();
  target.routes.set('/nocontent', { status: 204 });
  target.routes.set('/moved', { status: 302, location: '/nocontent' });
  // An existing monitor whose history is down: the target answers 204, the monitor accepts only 200.
  existing = await h.createMonitor({
    name: 'Existing',
    url: `${target.url}/nocontent`,
    intervalSeconds: 60,
    timeoutMs: 3000,
    acceptedStatusCodes: [200],
  });
  await tick(h);
  for (let i = 1; i < CHECKS; i++) await h.advance(60);
  const state = {
    id: existing.id,
    name: 'Existing',
    url: `${target.url}/nocontent`,
    interval_seconds: 60,
    timeout_ms: 3000,
    request_method: 'GET',
    follow_redirects: true,
    accepted_status_codes: [200],
    enabled: true,
    archived: false,
    version: existing.version,
  };
  const after: Record<string, unknown> = { ...state };
  delete after.timeout_ms; // removed from the configuration: back to the default
  delete after.accepted_status_codes;
  const plan = {
    format_version: '1.2',
    resource_changes: [
      create('fresh', { url: `${target.url}/moved` }),
      create('twin', { url: `${target.url.toUpperCase()}/nocontent` }), // the existing monitor's URL and method
      create('later', { url: `${target.url}/nocontent` }, { timeout_ms: true }),
      {
        address: 'uptime_monitor.existing',
        mode: 'managed',
        type: 'uptime_monitor',
        name: 'existing',
        change: { actions: ['update'], before: state, after, after_unknown: {} },
      },
    ],
  };
  const file = join(mkdtempSync(join(tmpdir(), 'planned-defaults-')), 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  report = await planReport({
    inputs: [file],
    check: true,
    probe: true,
    probeAllow: ['127.0.0.0/8'],
    baseUrl: h.svc.baseUrl,
    token: h.token('full'),
    env: {},
  });
});

afterAll(async () => {
  await target?.close();
  await h?.close();
});

const probeOf = (name: string) => report.probes.find((p) => p.address === `uptime_monitor.${name}`)!;

test('the probe requests with the default method, follows redirects, waits the default timeout, accepts any 2xx', () => {
  const fresh = probeOf('fresh');
  expect(fresh).toMatchObject({
    verdict: 'up',
    httpStatus: 204,
    timeoutMs: DEFAULT_TIMEOUT,
    acceptedStatusCodes: [],
  });
  expect(fresh.reason).toMatch(/HTTP 204 is accepted \(any 2xx\)/);
  const seen = target.seen.filter((s) => s.path === '/moved');
  expect(seen.map((s) => s.method)).toEqual(['GET']);
  // the existing monitor's request changed (timeout, codes): probed with the planned defaults too
  expect(probeOf('existing')).toMatchObject({ verdict: 'up', httpStatus: 204, timeoutMs: DEFAULT_TIMEOUT });
  // a value known only after apply is never guessed from a default
  expect(probeOf('later')).toMatchObject({ verdict: 'not-probed', category: 'missing-value' });
  expect(probeOf('later').reason).toBe('timeout_ms is known only after apply');
});

test('the backtest judges the history with the same defaults the probe used', () => {
  const [b] = report.backtests;
  expect(b).toMatchObject({ address: 'uptime_monitor.existing', source: 'checks', checkCount: CHECKS });
  expect(b!.old).toMatchObject({ timeoutMs: 3000, acceptedStatusCodes: [200] });
  // the planned settings are the probe's request settings for the same monitor
  expect(b!.new.timeoutMs).toBe(probeOf('existing').timeoutMs);
  expect(b!.new.acceptedStatusCodes).toEqual(probeOf('existing').acceptedStatusCodes);
  // down under [200] today; under the default (any 2xx) the same 204 answers are up, as the probe saw
  expect(b!.oldCounts).toMatchObject({ down: CHECKS });
  expect(b!.newCounts).toMatchObject({ down: 0, availabilityAlerts: 0 });
  expect(report.markdown).toContain(`timeout 3000 ms → ${DEFAULT_TIMEOUT} ms`);
  expect(report.markdown).toContain('accepted status codes 200 → any 2xx');
});

test('the duplicate check keys a create without a method as the default method, as the service does', () => {
  const md = report.markdown.replace(/\u200b/g, '');
  expect(md).toContain(
    `\`GET ${target.url.toUpperCase()}/nocontent\` is already monitored by Existing (\`${existing.id}\`)`,
  );
  // `later` has the same URL and (default) method as the existing monitor too
  expect(md).toMatch(/already in the account: 2 of 3 monitors to create/);
});
