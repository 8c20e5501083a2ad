// A throwaway resource declared only in a field table — a plain field, a list of blocks named by a key, each with a
// secret — gets its schema, its typed model, every mapping, its plan-time rules, the configuration `uptimectl import`
// writes, and its construct props and their mapping, with no mapping code of its own.
import { z } from 'zod';
import type { ModelOf } from '../../../src/protocol/framework/index.js';
import { Diagnostics } from '../../../src/protocol/diagnostics.js';
import { unknown } from '../../../src/protocol/cty/values.js';
import { renderSchemaDocument } from '../../../src/protocol/framework/json-schema.js';
import { declarationsFor, defineProvider } from '../../../src/protocol/framework/index.js';
import { checkDeclaredRules } from '../../../src/provider/fields/checks.js';
import {
  computedValues,
  createFields,
  draftFields,
  stateFields,
  updateFields,
} from '../../../src/provider/fields/mapping.js';
import {
  computedAttributes,
  fieldTable,
  resourceAttributes,
  type ResourceModel,
} from '../../../src/provider/fields/schema.js';
import { configAttrs } from '../../../src/provider/config-from-record.js';
import { plannedOf } from '../../../src/provider/mapping/planned.js';
import { newDraft, validateDraft } from '../../../src/provider/validation.js';
import { objects } from '../../../src/import/hcl.js';
import { declaredBindingProps, declaredConfig } from '../../../src/constructs/fields.js';
import { blockItems, propsInterface } from '../../../scripts/construct-props.js';

/** The service's model of a widget: what it answers, and what a write takes. */
interface Widget {
  id: string;
  title: string;
  size: number;
  tokens?: { name: string; valueSet?: boolean }[];
}
interface WidgetWrite {
  title: string;
  size?: number;
  tokens?: { name: string; value?: string }[];
}
const WidgetWrite = z
  .object({
    title: z.string().max(40),
    size: z.number().int().min(1).max(9),
    tokens: z
      .array(z.object({ name: z.string().min(1), value: z.string().max(8).optional() }).strict())
      .max(3),
  })
  .partial()
  .strict();

const tokenFields = fieldTable<{ name: string; value: string }>()({
  name: {
    kind: 'string',
    label: 'token name',
    presence: 'required',
    example: '"ci"',
    description: 'Token name.',
  },
  value: {
    kind: 'secret',
    label: 'token value',
    noun: 'value',
    presence: 'optional',
    example: 'secret.stringValue',
    description: 'Token value, at most 8 characters.',
  },
});

const widgetTable = fieldTable<Widget, WidgetWrite>()({
  id: { kind: 'string', label: 'id', presence: 'computed', stable: true, description: 'Widget id.' },
  title: {
    kind: 'string',
    label: 'title',
    presence: 'required',
    construct: 'own',
    example: '"Front"',
    description: 'Title, at most 40 characters.',
  },
  size: {
    kind: 'number',
    label: 'size',
    presence: 'optional-computed',
    default: 3,
    construct: 'settings',
    example: '5',
    description: 'Size, 1 to 9.',
  },
  tokens: {
    kind: 'block',
    nesting: 'list',
    key: 'name',
    fields: tokenFields,
    label: 'tokens',
    presence: 'optional',
    description: 'Tokens, at most 3.',
    omitted: 'no tokens',
    construct: {
      in: 'settings',
      type: 'WidgetToken',
      typeDoc: 'One token of a widget.',
      default: 'none',
      example: "[{ name: 'ci', value: secret.stringValue }]",
    },
  },
});

type WidgetModel = ResourceModel<typeof widgetTable>;
const attributes = resourceAttributes(widgetTable, { model: WidgetWrite });

type Token = NonNullable<WidgetModel['tokens']>[number];
const token = (name: string, o: Partial<Token> = {}): Token => ({
  name,
  value: null,
  value_wo: null,
  value_wo_version: null,
  ...o,
});
const model = (o: Partial<WidgetModel> = {}): WidgetModel => ({
  id: null,
  title: 'Front',
  size: null,
  tokens: null,
  ...o,
});

describe('a resource declared only in a table', () => {
  test('its schema: flags, defaults, the secret as stored, write-only and version attributes, descriptions', () => {
    const doc = JSON.parse(
      renderSchemaDocument(
        defineProvider({
          typeName: 'widgets',
          address: 'registry.terraform.io/example/widgets',
          schema: { attributes: {} },
          resources: [
            declarationsFor<undefined>().resource({
              typeName: 'widgets_widget',
              attributes,
              create: async ({ plan }) => ({ ...model(), title: String(plan.title) }),
              read: async ({ state }) => state,
              update: async ({ prior }) => prior,
              delete: async () => {},
            }),
          ],
        }),
      ),
    );
    const block =
      doc.provider_schemas['registry.terraform.io/example/widgets'].resource_schemas.widgets_widget.block;
    expect(Object.keys(block.attributes).sort()).toEqual(['id', 'size', 'title', 'tokens']);
    expect(block.attributes.title).toMatchObject({ type: 'string', required: true });
    expect(block.attributes.size).toMatchObject({ type: 'number', optional: true, computed: true });
    expect(block.attributes.size.description).toBe('Size, 1 to 9. Omitted or null: 3.');
    const tokens = block.attributes.tokens;
    expect(tokens.description).toBe(
      'Tokens, at most 3. Omitted, null or `[]`: no tokens; null and `[]` are equivalent.',
    );
    expect(tokens.nested_type.nesting_mode).toBe('list');
    expect(tokens.nested_type.attributes).toMatchObject({
      name: { type: 'string', required: true },
      value: { type: 'string', optional: true, sensitive: true },
      value_wo: { type: 'string', optional: true, sensitive: true, write_only: true },
      value_wo_version: { type: 'number', optional: true },
    });
    expect(tokens.nested_type.attributes.value.description).toContain(
      'Null: the saved value (if any) is kept.',
    );
    // Data sources: the secret as whether one is saved.
    expect(Object.keys(computedAttributes(widgetTable).tokens.nested!.attributes)).toEqual([
      'name',
      'value_set',
    ]);
  });

  test('its model is typed from the table', () => {
    const m: ModelOf<typeof attributes> = model({ tokens: [token('ci', { value_wo_version: 1 })] });
    const same: WidgetModel = m;
    // @ts-expect-error a misspelt attribute fails to compile
    const wrong: WidgetModel = { ...m, sise: 4 };
    expect([same, wrong]).toBeDefined();
  });

  test('config → draft: the model validates it, a write-only value is named by its own attribute', () => {
    const d = newDraft();
    draftFields(d, d.body, '', widgetTable, {
      title: 'Front',
      size: 12,
      tokens: [
        { name: 'ci', value: null, value_wo: 'far-too-long', value_wo_version: 1 },
        { name: unknown, value: null, value_wo: null, value_wo_version: null },
      ],
    });
    const problems = validateDraft(WidgetWrite, d);
    expect(problems.map((p) => p.path)).toEqual([['size'], ['tokens']]);
    expect(problems[1]!.detail).toMatch(/^tokens\[0\]\.value_wo must have at most 8 characters/);
    expect(JSON.stringify(problems)).not.toContain('far-too-long');
  });

  test('plan-time rules of the secret: one of its forms, and a version with the write-only one', () => {
    const diags = new Diagnostics();
    checkDeclaredRules(
      widgetTable,
      { tokens: [token('ci', { value: 'a', value_wo: 'b', value_wo_version: null })] },
      diags,
    );
    expect(diags.items.map((x) => x.detail)).toEqual([
      'tokens[0]: set either value or value_wo, not both.',
      expect.stringMatching(/^tokens\[0\]\.value_wo_version is required when tokens\[0\]\.value_wo is set/),
    ]);
  });

  test('model → bodies: the secret from plan or config on create, again only when new or its version changed', () => {
    const plan = model({
      size: 5,
      tokens: [token('ci', { value_wo_version: 1 }), token('dev', { value: 'd' })],
    });
    const config = model({ tokens: [token('ci', { value_wo: 'w1', value_wo_version: 1 }), token('dev')] });
    expect(createFields(widgetTable, plan, config)).toEqual({
      title: 'Front',
      size: 5,
      tokens: [
        { name: 'ci', value: 'w1' },
        { name: 'dev', value: 'd' },
      ],
    });
    expect(updateFields(widgetTable, plan, plan, config)).toEqual({});
    const next = model({
      size: 5,
      tokens: [token('ci', { value_wo_version: 2 }), token('dev', { value: 'd' })],
    });
    const nextConfig = model({
      tokens: [token('ci', { value_wo: 'w2', value_wo_version: 2 }), token('dev')],
    });
    expect(updateFields(widgetTable, next, plan, nextConfig)).toEqual({
      tokens: [
        { name: 'ci', value: 'w2' },
        { name: 'dev', value: 'd' },
      ],
    });
    // Removing every token clears the list (null ≡ []).
    expect(updateFields(widgetTable, model({ size: 5 }), plan, model())).toEqual({ tokens: [] });
  });

  test('record → state: the secret kept while the service says it is saved, the key spelled as configured', () => {
    const prior = model({ tokens: [token('CI', { value_wo_version: 1 }), token('dev', { value: 'd' })] });
    const record: Widget = {
      id: 'w1',
      title: 'Front',
      size: 3,
      tokens: [
        { name: 'ci', valueSet: true },
        { name: 'dev', valueSet: false },
      ],
    };
    expect(stateFields(widgetTable, record, prior)).toEqual({
      id: 'w1',
      title: 'Front',
      size: 3,
      tokens: [token('CI', { value_wo_version: 1 }), token('dev')],
    });
    expect(stateFields(widgetTable, { ...record, tokens: [] }, null).tokens).toBeNull();
    expect(computedValues(widgetTable, record).tokens).toEqual([
      { name: 'ci', value_set: true },
      { name: 'dev', value_set: false },
    ]);
  });

  test('plan JSON → the API shape, secrets never revealed by accident', () => {
    const p = plannedOf(
      widgetTable,
      {
        title: 'Front',
        size: null,
        tokens: [{ name: 'ci', value: 's3cret', value_wo: null, value_wo_version: null }],
      },
      { id: true },
    );
    expect(JSON.parse(JSON.stringify(p.value))).toEqual({
      title: 'Front',
      size: 3,
      tokens: [{ name: 'ci', value: { state: 'planned', value: '(sensitive value)' } }],
    });
    expect(p.unknown).toEqual([{ field: 'id', attribute: 'id' }]);
  });

  test('record → the HCL uptimectl import writes: what differs from omitting, no secret, how to manage it', () => {
    const attrs = configAttrs(widgetTable, {
      id: 'w1',
      title: 'Front',
      size: 3,
      tokens: [{ name: 'ci', valueSet: true }],
    } satisfies Widget);
    const hcl = objects([{ type: 'uptime_monitor', name: 'front', id: 'w1', monitor: 'front', attrs }]);
    expect(hcl).toContain(
      [
        '  title = "Front"',
        '  # Saved values of ci are kept (the API never returns them). To manage a value here, set',
        '  # value_wo = var.<name> (a sensitive variable) and value_wo_version = 1.',
        '  tokens = [{ name = "ci" }]',
      ].join('\n'),
    );
  });

  test('construct props: generated with their TSDoc, mapped to the resource configuration and the binding', () => {
    const source = [
      propsInterface(widgetTable, 'settings', 'WidgetSettings', 'Shared.'),
      ...blockItems(widgetTable),
    ];
    expect(source.join('\n')).toContain('readonly tokens?: WidgetToken[];');
    expect(source.join('\n')).toContain('export interface WidgetToken {');
    expect(source.join('\n')).toMatch(/Token value, at most 8 characters\. Secret: this must be a token/);
    const props = { title: 'Front', tokens: [{ name: 'ci', value: '${var.ci}' }] };
    expect(declaredConfig(widgetTable, props)).toEqual({
      title: 'Front',
      size: undefined,
      tokens: [{ name: 'ci', value: '${var.ci}' }],
    });
    expect(declaredBindingProps(widgetTable, props)).toEqual({
      title: 'Front',
      tokens: [{ name: 'ci', value: '${var.ci}' }],
    });
  });
});
