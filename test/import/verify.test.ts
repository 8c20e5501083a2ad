// `uptimectl import --verify` judges the plan output of Terraform and of OpenTofu alike. The OpenTofu lines are
// the formats of its source (internal/command/jsonformat/plan.go, v1.8.0 and v1.11.0, colour codes removed), with
// what 1.11 prints for an ephemeral resource around them.
import { importsOnly } from '../../src/import/verify.js';

const TOFU_1_11_IMPORTS = `ephemeral.random_password.db: Opening...
ephemeral.random_password.db: Opening complete after 0s
uptime_monitor.checkout: Preparing import... [id=6f1c1a8e-5d1e-4a51-9a53-0c0f4e0c2a11]
uptime_monitor.checkout: Refreshing state... [id=6f1c1a8e-5d1e-4a51-9a53-0c0f4e0c2a11]

OpenTofu will perform the following actions:

  # uptime_monitor.checkout will be imported
    resource "uptime_monitor" "checkout" {
        id   = "6f1c1a8e-5d1e-4a51-9a53-0c0f4e0c2a11"
    }

Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.
ephemeral.random_password.db: Closing...
`;

test("OpenTofu's imports-only plan, with an ephemeral resource opened, passes", () => {
  expect(importsOnly(TOFU_1_11_IMPORTS, 'out')).toBe('1 to import, 0 to add, 0 to change, 0 to destroy');
});

test("OpenTofu's no-change plan passes", () => {
  expect(importsOnly('\nNo changes. Your infrastructure matches the configuration.\n\n', 'out')).toBe(
    'no changes',
  );
});

test('a plan that also forgets, adds or destroys is refused, quoting its summary', () => {
  const forget = TOFU_1_11_IMPORTS.replace('0 to destroy.', '0 to destroy, 1 to forget.');
  expect(() => importsOnly(forget, 'out')).toThrow(
    /not imports only \(Plan: 1 to import, 0 to add, 0 to change, 0 to destroy, 1 to forget\.\)/,
  );
  expect(() => importsOnly('Plan: 2 to import, 1 to add, 0 to change, 0 to destroy.', 'out')).toThrow(
    /--verify: the plan in out is not imports only/,
  );
});
