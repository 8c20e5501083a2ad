// Which command our tools run for Terraform or OpenTofu: TERRAFORM_BINARY_NAME (the CDK CLIs' and the CI recipes'
// variable) wins; unset, `terraform`, or `tofu` when only OpenTofu is on the PATH. plan-report reading a saved plan
// runs that command (a recording `tofu` stands in for OpenTofu, which cannot be installed here).
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { terraformBinary } from '../../src/cdk/terraform-binary.js';
import { importCommand } from '../../src/plan-report/duplicates.js';
import { loadPlan } from '../../src/plan-report/plan.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A folder holding executables with these names; each records its argv in `<name>.argv` and prints `out`. */
function bin(names: string[], out = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'tf-binary-'));
  dirs.push(dir);
  for (const n of names) {
    const file = join(dir, n);
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$@" > "${file}.argv"\nprintf '%s' '${out}'\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

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

  it('plan-report reads a saved plan with `tofu show -json` when OpenTofu is the tool', () => {
    const dir = bin(['tofu'], '{"format_version":"1.2","resource_changes":[]}');
    process.env.PATH = `${dir}${delimiter}${saved.PATH ?? ''}`;
    process.env.TERRAFORM_BINARY_NAME = 'tofu';
    const planFile = join(dir, 'saved.tfplan');
    writeFileSync(planFile, 'PK\u0003\u0004 a saved plan is a zip, not JSON');
    expect(loadPlan(planFile).plan.resource_changes).toEqual([]);
    expect(readFileSync(join(dir, 'tofu.argv'), 'utf8').split('\n')).toEqual(['show', '-json', planFile, '']);
  });

  it('the suggested import command names the tool', () => {
    process.env.TERRAFORM_BINARY_NAME = 'tofu';
    expect(importCommand("uptime_monitor.it's", 'a-b')).toBe(`tofu import 'uptime_monitor.it'\\''s' a-b`);
  });
});
