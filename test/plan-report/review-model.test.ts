// The review model: one review of a plan, and every output — Markdown, text, JSON, the drift issue, the run task's
// result — rendered from it; one rule for the options of `plan-report` and `run-task serve` (the same errors, one
// default that differs and says so); the gates declared once, listed by both commands' help; the run task reviewing
// the plan JSON it was handed, parsed once (a unit test: starting terraform here would fail the file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planReportCommand } from '../../src/cli/commands/plan-report.js';
import { runTaskCommand } from '../../src/cli/commands/run-task.js';
import {
  GATES,
  gateList,
  planReport,
  renderReview,
  resolveReviewOptions,
  review,
  type PlanReportOptions,
} from '../../src/plan-report/index.js';
import { loadPlan } from '../../src/plan-report/plan.js';
import { checkReviewOptions, reviewPlan } from '../../src/run-task/run.js';
import { resultMessage, taskResult } from '../../src/run-task/outcomes.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { testSeed } from '../provider/helpers.js';

const MIXED = join(__dirname, 'fixtures', 'mixed.plan.json');
const GOLDEN = join(__dirname, 'golden');

let svc: RunningService;
beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
});
afterAll(() => svc.close());

describe('one review, rendered', () => {
  test('the review is data; Markdown, text, JSON and the drift issue are renderings of it, as plan-report writes them', async () => {
    const r = await review([loadPlan(MIXED)], resolveReviewOptions({ failOn: ['archive,drift'] }));
    const monitors = r.stacks.flatMap((s) => s.monitors);
    expect(monitors.map((m) => m.address)).toContain('uptime_monitor.archive');
    expect(monitors.find((m) => m.address === 'uptime_monitor.archive')!.risks.map((x) => x.kind)).toEqual([
      'archive',
    ]);
    expect(r.gates).toEqual({
      requested: ['archive', 'drift'],
      matched: ['archive', 'drift'],
      approved: null,
      failed: true,
    });
    expect(r.preflight).toBeNull();
    expect(r.probe).toBeNull();

    // the golden report of this plan is the Markdown rendering of the review without gates
    const plain = await review([loadPlan(MIXED)], resolveReviewOptions({}));
    expect(renderReview(plain, { format: 'markdown' })).toBe(readFileSync(join(GOLDEN, 'mixed.md'), 'utf8'));
    for (const format of ['markdown', 'text', 'json'] as const)
      for (const drift of [false, true])
        expect(renderReview(r, { format, drift })).toBe(
          (await planReport({ inputs: [MIXED], failOn: ['archive,drift'], format, drift })).markdown,
        );
  });

  test("the run task's result renders the same review: its status is the gates', its message the review's", async () => {
    const r = await review([loadPlan(MIXED)], resolveReviewOptions({ failOn: ['archive'] }));
    const body = taskResult(r, { extraSecrets: [], outcomes: true });
    expect(body.data.attributes.status).toBe('failed');
    expect(body.data.attributes.message).toBe(resultMessage(r));
    expect(body.data.attributes.message).toMatch(/failed: --fail-on archive$/);
    const outcomes = body.data.relationships!.outcomes.data.map((o) => o.attributes['outcome-id']);
    const monitors = r.stacks.flatMap((s) => s.monitors).map((m) => m.address);
    const drift = r.stacks.flatMap((s) => s.drift).map((d) => `drift:${d.address}`);
    expect(outcomes).toEqual([...monitors, ...drift]);
  });
});

describe('the option rule, one meaning for plan-report and run-task serve', () => {
  const token = () => ({ baseUrl: svc.baseUrl, token: svc.tokens.full! });
  /** plan-report applies the rule before it reads a plan: a missing file proves the options passed. */
  const planReportError = (o: Omit<PlanReportOptions, 'inputs'>) =>
    planReport({ inputs: ['/nonexistent/plan.json'], ...o }).then(
      () => 'no error',
      (e: Error) => e.message,
    );
  const runTaskError = (o: Parameters<typeof checkReviewOptions>[0]) => {
    try {
      checkReviewOptions(o);
      return 'no error';
    } catch (e) {
      return (e as Error).message;
    }
  };

  test.each([
    ['--fail-on duplicate without --check', { failOn: ['duplicate'] }, /^--fail-on duplicate needs --check/],
    ['--fail-on preflight without --check', { failOn: ['preflight'] }, /^--fail-on preflight needs --check/],
    [
      '--fail-on probe-down without --probe',
      { failOn: ['probe-down'] },
      /^--fail-on probe-down needs --probe/,
    ],
    ['--check without a token', { check: true }, /^--check needs the service address and a token/],
    [
      '--probe-timeout 0',
      { probe: true, probeTotalMs: 0 },
      /^--probe-timeout: give the total time in seconds/,
    ],
    ['an unknown gate', { failOn: ['archve'] }, /^--fail-on: unknown gate "archve"; allowed values: /],
  ])('%s: the same error from both commands', async (_name, o, message) => {
    const fromPlanReport = await planReportError(o);
    expect(fromPlanReport).toMatch(message);
    expect(runTaskError(o)).toBe(fromPlanReport);
  });

  test('the one default that differs: run-task serve runs the preflight when it has a service token, unless --no-check', async () => {
    expect(await planReportError({ failOn: ['duplicate'], ...token() })).toMatch(
      /^--fail-on duplicate needs --check/,
    );
    expect(checkReviewOptions({ failOn: ['duplicate'], ...token() })).toMatchObject({
      check: true,
      gates: ['duplicate'],
    });
    expect(checkReviewOptions({ ...token() }).check).toBe(true);
    expect(checkReviewOptions({}).check).toBe(false);
    expect(runTaskError({ failOn: ['duplicate'], ...token(), check: false })).toMatch(
      /^--fail-on duplicate needs --check/,
    );
    expect(await planReportError({ failOn: ['duplicate'], check: true, ...token() })).toMatch(
      /ENOENT|nonexistent/,
    );
  });

  test("run-task serve's probe reads only what it is handed, never the server's environment", () => {
    expect(checkReviewOptions({ probe: true }).probe!.env).toEqual({});
    expect(resolveReviewOptions({ probe: true }).probe!.env).toBe(process.env);
  });
});

test('the gates are declared once: both help texts list every gate, with what it needs', () => {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const planReportHelp = flat(planReportCommand().helpInformation());
  const serve = runTaskCommand().commands.find((c) => c.name() === 'serve')!;
  const serveHelp = flat(serve.helpInformation());
  expect(planReportHelp).toContain(flat(gateList({ check: '--check', probe: '--probe' })));
  expect(serveHelp).toContain(
    flat(gateList({ check: '--check, on with a service token', probe: '--probe' })),
  );
  for (const help of [planReportHelp, serveHelp]) {
    // every gate, in the declared order, after "one of:"
    const list = /contains one of: (.*?\(turns --coverage on\))/.exec(help)![1]!;
    expect(list.replace(/ \([^)]*\)/g, '').split(', ')).toEqual(GATES);
    expect(list).toMatch(/preflight \(needs --check[^)]*\), duplicate \(needs --check/);
  }
});

describe('run-task reviews the plan JSON it was handed', () => {
  const o = () => checkReviewOptions({});
  test('parsed once, as JSON: what is not plan JSON fails the run with the reason, and nothing is run', async () => {
    await expect(
      reviewPlan('PK\u0003\u0004 a saved plan', o(), { extraSecrets: [], outcomes: true }, () => {}),
    ).rejects.toThrow('the plan is not valid JSON');
    await expect(
      reviewPlan('{"resource_changes": []}', o(), { extraSecrets: [], outcomes: true }, () => {}),
    ).rejects.toThrow('the plan is not Terraform plan JSON (no format_version)');
  });

  test('the same result as a review of the same plan, with the run token scrubbed as well', async () => {
    const text = readFileSync(MIXED, 'utf8');
    const token = 'run-token-9f8e7d6c5b4a';
    const direct = taskResult(await review([loadPlan(MIXED)], o()), {
      extraSecrets: [token],
      outcomes: true,
    });
    const fetched = await reviewPlan(text, o(), { extraSecrets: [token], outcomes: true }, () => {});
    expect(fetched).toEqual(direct);
  });
});
