// examples/ci/github-actions.yml and drift.yml read the way GitHub Actions reads them: which pull_request activity
// types start the workflow (without `types`: opened, synchronize, reopened only), whether the plan job runs, and
// what the `${{ }}` expressions evaluate to (`&&`/`||` return operands as in JavaScript; '' is falsy).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/build.js';

const DEFAULT_TYPES = ['opened', 'synchronize', 'reopened'];
const gates = 'archive,replace,no-alerts,unpublish,duplicate';

interface Workflow {
  on: Record<string, { types?: string[]; paths?: string[]; cron?: string } | null> & {
    schedule?: { cron: string }[];
  };
  jobs: Record<
    string,
    { if?: string; steps: { name?: string; env?: Record<string, string>; run?: string }[] }
  >;
}

function workflow(file: string): Workflow {
  return parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', file), 'utf8')) as Workflow;
}

/** The subset of GitHub's expression language the recipe uses, evaluated with GitHub's semantics. */
function evaluate(expression: string, github: unknown): unknown {
  const body = expression
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
    .replace(/\bgithub((?:\.[A-Za-z_][\w-]*|\.\*)+)/g, (_m, path: string) => {
      let js = 'github';
      for (const part of path.slice(1).split('.'))
        js = part === '*' ? `flat(${js})` : `get(${js}, ${JSON.stringify(part)})`;
      return js;
    });
  const get = (o: unknown, k: string): unknown =>
    Array.isArray(o)
      ? o.map((x) => get(x, k))
      : o && typeof o === 'object'
        ? ((o as Record<string, unknown>)[k] ?? null)
        : null;
  const flat = (o: unknown) => (Array.isArray(o) ? o : []);
  const contains = (hay: unknown, needle: unknown) =>
    Array.isArray(hay)
      ? hay.some((x) => String(x).toLowerCase() === String(needle).toLowerCase())
      : String(hay ?? '')
          .toLowerCase()
          .includes(String(needle).toLowerCase());
  return new Function('github', 'get', 'flat', 'contains', `return (${body});`)(github, get, flat, contains);
}

function pullRequestEvent(action: string, labels: string[], label?: string) {
  return {
    event_name: 'pull_request',
    event: {
      action,
      ...(label ? { label: { name: label } } : {}),
      pull_request: { number: 7, labels: labels.map((name) => ({ name })) },
    },
  };
}

describe('examples/ci/github-actions.yml', () => {
  const wf = workflow('github-actions.yml');
  const types = wf.on.pull_request?.types ?? DEFAULT_TYPES;
  const plan = wf.jobs.plan!;
  const step = plan.steps.find((s) => s.name === 'Plan and report')!;
  const planRuns = (github: unknown) => evaluate(plan.if ?? 'true', github) === true;

  test('the plan step gates, and the approval label lifts the gates (the script reads the labels when it runs)', () => {
    expect(step.run).toBe('bash ci/plan-and-report.sh monitors plan');
    expect(step.env).toMatchObject({
      PLAN_REPORT_FAIL_ON: gates,
      PLAN_REPORT_APPROVAL_LABEL: 'monitors-approved',
      GITHUB_TOKEN: '${{ github.token }}',
      PR_NUMBER: '${{ github.event.pull_request.number }}',
    });
    expect(evaluate(step.env!.PR_NUMBER!, pullRequestEvent('opened', []))).toBe(7);
  });

  test('adding or removing the approval label re-runs the plan job', () => {
    expect(types).toEqual(expect.arrayContaining(['labeled', 'unlabeled', ...DEFAULT_TYPES]));
    expect(planRuns(pullRequestEvent('labeled', ['monitors-approved'], 'monitors-approved'))).toBe(true);
    expect(planRuns(pullRequestEvent('unlabeled', ['docs'], 'monitors-approved'))).toBe(true);
  });

  test('a push to the pull request plans; other labels start no plan; a push to main does not plan', () => {
    expect(planRuns(pullRequestEvent('synchronize', []))).toBe(true);
    expect(planRuns(pullRequestEvent('labeled', ['docs'], 'docs'))).toBe(false);
    expect(planRuns({ event_name: 'push', event: {} })).toBe(false);
  });
});

describe('examples/ci/drift-detection.yml', () => {
  const wf = workflow('drift-detection.yml') as Workflow & {
    permissions: Record<string, string>;
    concurrency: { group: string; 'cancel-in-progress': boolean };
  };
  const apply = workflow('github-actions.yml') as Workflow & { concurrency: { group: string } };

  test('runs on a schedule and on demand, may write issues, and runs the drift script', () => {
    expect(wf.on.schedule?.[0]?.cron).toMatch(/^(\S+ ){4}\S+$/);
    expect(Object.keys(wf.on)).toContain('workflow_dispatch');
    expect(wf.permissions).toEqual({ contents: 'read', issues: 'write' });
    const steps = wf.jobs.drift!.steps;
    expect(steps.some((s) => s.run === 'bash ci/drift-detect.sh monitors')).toBe(true);
    expect(steps.find((s) => s.run?.includes('drift-detect.sh'))!.env!.GITHUB_TOKEN).toBe(
      '${{ github.token }}',
    );
  });

  test('waits for an apply on main instead of reading the state half-way through it', () => {
    // One group for both workflows: on main, github.ref is the same for the push and the schedule.
    expect(wf.concurrency.group).toBe(apply.concurrency.group);
    expect(wf.concurrency['cancel-in-progress']).toBe(false);
  });
});

describe('OpenTofu in the GitHub workflows: the repository variable TERRAFORM_BINARY_NAME', () => {
  interface Step {
    uses?: string;
    if?: string;
    with?: Record<string, unknown>;
    run?: string;
  }
  /** Evaluates an expression with the `vars` and `env` contexts given (GitHub's `||`: the first truthy operand). */
  const withContexts = (
    expression: string,
    ctx: { vars: Record<string, string>; env: Record<string, string> },
  ) =>
    evaluate(
      expression.replace(/\b(vars|env)\.([A-Za-z_]\w*)/g, (_m, c: 'vars' | 'env', name: string) =>
        JSON.stringify(ctx[c][name] ?? null),
      ),
      {},
    );

  test.each(['github-actions.yml', 'drift-detection.yml'])(
    '%s: unset → setup-terraform; tofu → setup-opentofu (no wrapper), and the scripts see TERRAFORM_BINARY_NAME',
    (file) => {
      const wf = parse(readFileSync(join(REPO_ROOT, 'examples', 'ci', file), 'utf8')) as {
        env: Record<string, string>;
        jobs: Record<string, { steps: Step[] }>;
      };
      for (const [vars, binary, action] of [
        [{}, 'terraform', 'hashicorp/setup-terraform@v3'],
        [{ TERRAFORM_BINARY_NAME: 'terraform' }, 'terraform', 'hashicorp/setup-terraform@v3'],
        [{ TERRAFORM_BINARY_NAME: 'tofu' }, 'tofu', 'opentofu/setup-opentofu@v1'],
      ] as const) {
        const env = {
          TERRAFORM_BINARY_NAME: String(withContexts(wf.env.TERRAFORM_BINARY_NAME!, { vars, env: {} })),
        };
        expect(env.TERRAFORM_BINARY_NAME).toBe(binary);
        for (const [job, { steps }] of Object.entries(wf.jobs)) {
          const setups = steps.filter((s) => /setup-(terraform|opentofu)/.test(s.uses ?? ''));
          const running = setups.filter((s) => withContexts(s.if ?? 'true', { vars, env }) === true);
          expect([job, running.map((s) => s.uses)]).toEqual([job, [action]]);
          // No wrapper: the script reads `show -json` from the binary's own stdout.
          expect(running[0]!.with).toEqual(
            binary === 'tofu' ? { tofu_wrapper: false } : { terraform_wrapper: false },
          );
          expect(steps.some((s) => s.run?.includes('ci/'))).toBe(true);
        }
      }
    },
  );
});
