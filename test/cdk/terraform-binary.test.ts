// Which command our tools run for Terraform or OpenTofu: TERRAFORM_BINARY_NAME (the CDK CLIs' and the CI recipes'
// variable) wins; unset, `terraform`, or `tofu` when only OpenTofu is on the PATH. plan-report reading a saved plan
// with it: terraform-binary-e2e.test.ts.
import { delimiter } from 'node:path';
import { bin } from './fake-binaries.js';
import { terraformBinary } from '../../src/cdk/terraform-binary.js';
import { importCommand } from '../../src/plan-report/duplicates.js';

describe('terraformBinary', () => {
  it('TERRAFORM_BINARY_NAME wins, whatever is on the PATH', () => {
    expect(terraformBinary({ TERRAFORM_BINARY_NAME: 'tofu', PATH: bin(['terraform']) })).toBe('tofu');
    expect(terraformBinary({ TERRAFORM_BINARY_NAME: '/opt/tf/terraform', PATH: '' })).toBe(
      '/opt/tf/terraform',
    );
  });

  it('unset or blank: terraform when it is on the PATH, also beside tofu', () => {
    expect(terraformBinary({ PATH: bin(['terraform', 'tofu']) })).toBe('terraform');
    expect(terraformBinary({ TERRAFORM_BINARY_NAME: ' ', PATH: bin(['terraform']) })).toBe('terraform');
  });

  it('tofu when only OpenTofu is on the PATH; terraform (and its error) when neither is', () => {
    expect(terraformBinary({ PATH: [bin([]), bin(['tofu'])].join(delimiter) })).toBe('tofu');
    expect(terraformBinary({ PATH: bin([]) })).toBe('terraform');
  });
});

describe('the tools run that command', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('the suggested import command names the tool', () => {
    process.env.TERRAFORM_BINARY_NAME = 'tofu';
    expect(importCommand("uptime_monitor.it's", 'a-b')).toBe(`tofu import 'uptime_monitor.it'\\''s' a-b`);
  });
});
