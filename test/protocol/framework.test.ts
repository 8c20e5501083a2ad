import { checkAttributes } from '../../src/protocol/framework/schema.js';
import { providerSchemaDocument } from '../../src/protocol/framework/json-schema.js';
import { renderProviderDocs } from '../../src/protocol/framework/docs.js';
import { PrivateState } from '../../src/protocol/framework/private-state.js';
import {
  stringAttr,
  int64Attr,
  singleNestedAttr,
  type Validator,
} from '../../src/protocol/framework/attributes.js';
import { validateAtPlan, validateAttributes } from '../../src/protocol/framework/validate.js';
import { errorDiag } from '../../src/protocol/diagnostics.js';
import { redact } from '../../src/protocol/framework/redact.js';
import { unknown } from '../../src/protocol/cty/values.js';
import { ctyObject, ctyString } from '../../src/protocol/cty/types.js';
import { uptimeProvider } from '../../src/provider/index.js';
import { testProvider } from './fixtures/test-provider.js';
import { assertObjectCompatible, assertPlanValid } from './driver/checks.js';
import { hclogTimestamp, Logger, levelFromEnv } from '../../src/protocol/logging.js';

describe('schema rules at definition time', () => {
  it('rejects declarations Terraform would refuse', () => {
    expect(() => checkAttributes({ Bad: stringAttr({ optional: true }) }, 'x')).toThrow(/must match/);
    expect(() => checkAttributes({ a: stringAttr({}) }, 'x')).toThrow(/required, optional or computed/);
    expect(() => checkAttributes({ a: stringAttr({ required: true, computed: true }) }, 'x')).toThrow(
      /required excludes/,
    );
    expect(() => checkAttributes({ a: int64Attr({ optional: true, default: 1 }) }, 'x')).toThrow(
      /default needs optional \+ computed/,
    );
    expect(() =>
      checkAttributes({ a: stringAttr({ optional: true, writeOnly: true, computed: true }) }, 'x'),
    ).toThrow(/write-only/);
    const wo = { optional: true, writeOnly: true } as const;
    expect(() => checkAttributes({ a_wo: stringAttr({ ...wo, writeOnlyAlternative: 'a' }) }, 'x')).toThrow(
      /writeOnlyAlternative must name a sibling/,
    );
    expect(() =>
      checkAttributes(
        { a: int64Attr({ optional: true }), a_wo: stringAttr({ ...wo, writeOnlyAlternative: 'a' }) },
        'x',
      ),
    ).toThrow(/same type/);
    expect(() =>
      checkAttributes(
        { a: stringAttr({ optional: true }), b: stringAttr({ optional: true, writeOnlyAlternative: 'a' }) },
        'x',
      ),
    ).toThrow(/for write-only attributes/);
  });
});

describe('plan-time validators', () => {
  const bad: Validator<string> = {
    description: 'not "bad"',
    validate: ({ value, path }) => (value === 'bad' ? [errorDiag('Bad', 'bad value', path)] : []),
  };
  const attrs = {
    a: stringAttr({ optional: true, planValidators: [bad] }),
    n: singleNestedAttr({
      optional: true,
      attributes: { b: stringAttr({ optional: true, planValidators: [bad] }) },
    }),
    c: stringAttr({ optional: true, validators: [bad] }),
  };

  it('run where the value is used, not at validation; nested ones too; unknown values skipped', () => {
    const config = { a: 'bad', n: { b: 'bad' }, c: 'good' };
    expect(validateAttributes(attrs, config)).toEqual([]);
    expect(validateAtPlan(attrs, config).map((d) => d.path)).toEqual([['a'], ['n', 'b']]);
    expect(validateAtPlan(attrs, { a: unknown, n: null, c: 'bad' })).toEqual([]);
    expect(validateAttributes(attrs, { a: 'good', n: null, c: 'bad' }).map((d) => d.path)).toEqual([['c']]);
  });
});

describe('JSON schema document', () => {
  it('has the terraform providers schema -json shape for the uptime provider', () => {
    const doc = providerSchemaDocument(uptimeProvider) as any;
    expect(doc.format_version).toBe('1.0');
    const p = doc.provider_schemas['registry.terraform.io/uptime-monitoring/uptime'];
    expect(Object.keys(p)).toEqual(['provider', 'resource_schemas', 'data_source_schemas']);
    expect(p.provider.version).toBe(0);
    expect(Object.keys(p.provider.block.attributes)).toEqual([
      'base_url',
      'in_doubt_max_wait',
      'max_retries',
      'rate_limit_max_wait',
      'rate_limit_share',
      'request_timeout_ms',
      'token',
    ]);
    expect(p.provider.block.attributes.token).toEqual({
      type: 'string',
      description: 'API token. Defaults to the `UPTIME_API_TOKEN` environment variable.',
      description_kind: 'markdown',
      optional: true,
      sensitive: true,
    });
    expect(p.provider.block.attributes.max_retries.type).toBe('number');
  });

  it('renders nested attributes and write-only flags', () => {
    const doc = providerSchemaDocument(testProvider) as any;
    const attrs =
      doc.provider_schemas['registry.terraform.io/uptime-monitoring/uptime'].resource_schemas
        .uptime_test_thing.block.attributes;
    expect(attrs.rules.nested_type.nesting_mode).toBe('list');
    expect(attrs.rules.nested_type.attributes.priority).toEqual({
      type: 'number',
      description_kind: 'plain',
      computed: true,
    });
    expect(attrs.password_wo.write_only).toBe(true);
    expect(attrs.legacy.deprecated).toBe(true);
  });
});

describe('docs renderer', () => {
  it('renders one page per type with required/optional/read-only sections', () => {
    const pages = renderProviderDocs(testProvider);
    expect(Object.keys(pages).sort()).toEqual([
      'data-sources/test_echo.md',
      'index.md',
      'resources/test_thing.md',
    ]);
    const page = pages['resources/test_thing.md']!;
    expect(page).toContain('# uptime_test_thing (Resource)');
    expect(page).toMatch(/### Required\n\n- `name` \(String\) Display name\./);
    expect(page).toMatch(/- `secret` \(String, Sensitive\)/);
    expect(page).toMatch(/- `size` \(Number\) A number with a default\. Defaults to `1`\./);
    expect(page).toMatch(/### Read-Only[\s\S]*- `id` \(String\)/);
    expect(page).toContain('### Nested Schema for `rules`');
  });
});

describe('private state', () => {
  it('round-trips keys and is empty bytes when empty', () => {
    const p = new PrivateState();
    expect(p.toBytes().length).toBe(0);
    p.set('etag', '"v1"');
    const q = new PrivateState(p.toBytes());
    expect(q.get('etag')).toBe('"v1"');
    expect(() => q.set('.reserved', 1)).toThrow(/reserved/);
    expect(new PrivateState(Buffer.from('not json')).keys()).toEqual([]);
  });
});

describe('redaction and logging', () => {
  it('redacts sensitive and write-only values by schema', () => {
    const attrs = { a: stringAttr({ optional: true, sensitive: true }), b: stringAttr({ optional: true }) };
    expect(redact(attrs, { a: 'secret', b: 'plain' })).toEqual({ a: '(sensitive value)', b: 'plain' });
    expect(redact(attrs, { a: null, b: unknown })).toEqual({ a: null, b: '(unknown)' });
  });

  it('writes hclog lines honouring TF_LOG_PROVIDER over TF_LOG', () => {
    expect(levelFromEnv({ TF_LOG: 'debug', TF_LOG_PROVIDER: 'error' })).toBe('error');
    expect(levelFromEnv({ TF_LOG: 'INFO' })).toBe('info');
    expect(levelFromEnv({})).toBe('off');
    expect(hclogTimestamp(new Date('2026-01-02T03:04:05.123Z'))).toBe('2026-01-02T03:04:05.123000Z');
    const lines: string[] = [];
    const log = new Logger('info', 'provider', (l) => lines.push(l));
    log.debug('hidden');
    log.warn('shown', { k: 1, '@level': 'bogus' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ '@level': 'warn', '@message': 'shown', k: 1 });
  });
});

describe('the test driver checks can fail', () => {
  const info = {
    attributes: {
      name: { computed: false, optional: false, type: ctyString },
      id: { computed: true, optional: false, type: ctyString },
    },
  };
  it('flags plans that break Terraform rules', () => {
    expect(assertPlanValid(info, null, { name: 'a', id: null }, { name: 'b', id: unknown })).toEqual([
      'name: planned value does not match config value',
    ]);
    expect(assertPlanValid(info, null, { name: unknown, id: null }, { name: 'x', id: null })).toEqual([
      'name: planned value for an unknown config value must be unknown',
    ]);
    expect(assertPlanValid(info, null, { name: 'a', id: null }, null)).toEqual([
      'root: planned for absence but config wants existence',
    ]);
  });
  it('flags apply results that differ from the plan', () => {
    const t = ctyObject({ name: ctyString, id: ctyString });
    expect(assertObjectCompatible(t, { name: 'a', id: unknown }, { name: 'b', id: 'x' })).toEqual([
      'root.name: was "a", but now "b"',
    ]);
    expect(assertObjectCompatible(t, { name: 'a', id: unknown }, { name: 'a', id: unknown })).toEqual([
      'root.id: provider still indicated an unknown value',
    ]);
  });
});
