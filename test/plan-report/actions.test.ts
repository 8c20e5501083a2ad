// plan-report lists the actions a Terraform 1.14+ plan will invoke (plan JSON `action_invocations`): ours with the
// monitors they select and what triggers them, others by type; selections are data (code spans, quoted in text).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../../src/plan-report/changes.js';
import type { PlanJson } from '../../src/plan-report/plan.js';
import { render } from '../../src/plan-report/render.js';
import { renderText } from '../../src/plan-report/render-text.js';

const plan = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'actions.plan.json'), 'utf8')) as PlanJson;

describe('plan-report: actions a plan will invoke', () => {
  const report = analyse('app', plan, new Map());

  it('reads each invocation: address, trigger, and the selection of our monitor actions', () => {
    expect(report.actions.map((a) => [a.address, a.trigger, a.selection])).toEqual([
      ['action.uptime_monitor_pause.api', 'before update of terraform_data.deployment', 'name "api-*"'],
      [
        'action.uptime_monitor_activate.api',
        'after update of terraform_data.deployment',
        'ids "mon_1", "mon_2", name (known at apply), status "paused"',
      ],
      [
        'action.uptime_monitor_pause.hostile',
        'terraform apply -invoke',
        expect.stringContaining('name "`@team'),
      ],
      ['action.aws_lambda_invoke.notify', 'terraform apply -invoke', null],
    ]);
  });

  it('Markdown: one line each, values in code spans, and what a pause left behind means', () => {
    const md = render([report]);
    expect(md).toContain('### Actions this plan will invoke (4)');
    expect(md).toContain(
      '- `action.uptime_monitor_pause.api` pauses monitors: `name "api-*"`, on `before update of terraform_data.deployment`',
    );
    expect(md).toContain(
      '- `action.aws_lambda_invoke.notify` `aws_lambda_invoke`, on `terraform apply -invoke`',
    );
    expect(md).toContain('shows as drift on `enabled`');
    // The hostile name stays inside one code span on one line: no mention, tag or heading is made of it.
    const line = md.split('\n').find((l) => l.includes('hostile'))!;
    expect(line).toMatch(/^- `action\.uptime_monitor_pause\.hostile` pauses monitors: ``.*``, on/);
    expect(md).not.toMatch(/^# heading/m);
  });

  it('text: the same lines under `!`, values quoted', () => {
    const text = renderText([report]);
    expect(text).toContain('! Actions this plan will invoke (4)');
    expect(text).toContain(
      '!   "action.uptime_monitor_pause.api" pauses monitors: "name \\"api-*\\"", on "before update of terraform_data.deployment"',
    );
  });

  it('a plan without action_invocations (Terraform 1.11) has no such section', () => {
    const old = analyse('app', { ...plan, action_invocations: undefined }, new Map());
    expect(old.actions).toEqual([]);
    expect(render([old])).not.toContain('Actions this plan');
  });
});
