// uptime_monitor's attributes: the declared plain fields (src/provider/fields/monitor.ts) plus the hand-written
// request headers, basic auth and expiry blocks, whose secrets have write-only variants.
import { DECIDED, MonitorUpdate } from '../../api/index.js';
import {
  boolAttr,
  int64Attr,
  listNestedAttr,
  singleNestedAttr,
  stringAttr,
} from '../../protocol/framework/index.js';
import { monitorFields } from '../fields/monitor.js';
import { resourceAttributes } from '../fields/schema.js';
import { modelFieldValidator } from '../validation.js';

const plainFields = resourceAttributes(monitorFields);

const secretNote =
  'Sensitive: never readable from the API. Terraform keeps the configured value in state while the service reports that a value is saved; if the service reports it gone (for example removed in the dashboard), state drops it and the next plan sends it again.';

export const monitorAttributes = {
  ...plainFields,
  // Often built from another object's attribute: checked at plan time (mock_provider mocks it), as monitor ids are.
  url: { ...plainFields.url, planValidators: [modelFieldValidator(MonitorUpdate, 'url')] },
  request_headers: listNestedAttr({
    optional: true,
    description:
      'Headers sent with every check, at most 10. The list replaces the saved list as a whole. Omitted, null or `[]`: no headers (equivalent). Every value is sensitive.',
    attributes: {
      name: stringAttr({
        required: true,
        description: 'Header name (an HTTP token, at most 256 characters).',
      }),
      value: stringAttr({
        optional: true,
        sensitive: true,
        description: `Header value, at most 4096 characters. ${secretNote} Null: the saved value (if any) is kept. Conflicts with \`value_wo\`.`,
      }),
      value_wo: stringAttr({
        optional: true,
        sensitive: true,
        writeOnly: true,
        writeOnlyAlternative: 'value',
        description:
          'Write-only header value (Terraform or OpenTofu ≥ 1.11; older clients get an error at plan: use `value`): never stored in plan or state. Requires `value_wo_version` (checked at plan time). Sent on create, when `value_wo_version` changes, and when the service reports the value gone. Conflicts with `value`.',
      }),
      value_wo_version: int64Attr({
        optional: true,
        description:
          'Required with `value_wo`. Change this number to send `value_wo` again. Set to null in state when the service reports the value gone, so the next plan re-sends it.',
      }),
    },
  }),
  auth_config: singleNestedAttr({
    optional: true,
    description:
      'Authentication for the checked URL. Omitted or null: none (`type = "none"`, the service default; equivalent).',
    attributes: {
      type: stringAttr({ required: true, description: '`none` or `basic`.' }),
      username: stringAttr({
        optional: true,
        description: 'Basic-auth user name, at most 256 characters; required when `type = "basic"`.',
      }),
      password: stringAttr({
        optional: true,
        sensitive: true,
        description: `Basic-auth password, at most 1024 characters. ${secretNote} Null: the saved password is kept. Conflicts with \`password_wo\`.`,
      }),
      password_wo: stringAttr({
        optional: true,
        sensitive: true,
        writeOnly: true,
        writeOnlyAlternative: 'password',
        description:
          'Write-only password (Terraform or OpenTofu ≥ 1.11; older clients get an error at plan: use `password`): never stored in plan or state. Requires `password_wo_version` (checked at plan time). Sent on create, when `password_wo_version` changes, and when the service reports the password gone.',
      }),
      password_wo_version: int64Attr({
        optional: true,
        description:
          'Required with `password_wo`. Change this number to send `password_wo` again. Set to null in state when the service reports the password gone, so the next plan re-sends it.',
      }),
    },
  }),
  ssl_monitoring: singleNestedAttr({
    optional: true,
    description:
      'SSL certificate expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).',
    attributes: {
      enabled: boolAttr({ required: true, description: 'Whether certificate expiry is watched.' }),
      warn_days: int64Attr({
        optional: true,
        computed: true,
        default: DECIDED.expiryWarnDays.default,
        description: 'Days before expiry to warn, 1 to 90. Omitted or null: 14.',
      }),
    },
  }),
  domain_monitoring: singleNestedAttr({
    optional: true,
    description:
      'Domain registration expiry monitoring. Omitted or null: disabled with `warn_days = 14` (the service default; equivalent).',
    attributes: {
      enabled: boolAttr({ required: true, description: 'Whether domain expiry is watched.' }),
      warn_days: int64Attr({
        optional: true,
        computed: true,
        default: DECIDED.expiryWarnDays.default,
        description: 'Days before expiry to warn, 1 to 90. Omitted or null: 14.',
      }),
    },
  }),
};
