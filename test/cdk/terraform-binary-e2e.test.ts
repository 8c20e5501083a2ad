// plan-report reads a saved plan with the command our tools run for Terraform or OpenTofu (a recording `tofu`
// stands in for OpenTofu, which cannot be installed here; the choice itself: terraform-binary.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { bin } from './fake-binaries.js';
import { loadPlan } from '../../src/plan-report/plan.js';

describe('the tools run that command', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('plan-report reads a saved plan with `tofu show -json` when OpenTofu is the tool', () => {
    const dir = bin(['tofu'], '{"format_version":"1.2","resource_changes":[]}');
    process.env.PATH = `${dir}${delimiter}${saved.PATH ?? ''}`;
    process.env.TERRAFORM_BINARY_NAME = 'tofu';
    const planFile = join(dir, 'saved.tfplan');
    writeFileSync(planFile, 'PK\u0003\u0004 a saved plan is a zip, not JSON');
    expect(loadPlan(planFile).plan.resource_changes).toEqual([]);
    expect(readFileSync(join(dir, 'tofu.argv'), 'utf8').split('\n')).toEqual(['show', '-json', planFile, '']);
  });
});
