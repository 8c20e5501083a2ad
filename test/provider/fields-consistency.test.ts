// Every field declaration (src/provider/fields) appears, with the same default, limits and description, in the
// resource schema, the data-source schemas, the generated construct props and the local service's view.
import { readFileSync } from 'node:fs';
import { MonitorUpdate } from '../../src/api/index.js';
import type { Attr, Attributes } from '../../src/protocol/framework/index.js';
import { monitorDataSource } from '../../src/provider/data-sources/monitor.js';
import { monitorsDataSource } from '../../src/provider/data-sources/monitors.js';
import {
  attributeName,
  dataSourceDescription,
  resourceDescription,
  showDefault,
  type FieldDecl,
  type FieldTable,
} from '../../src/provider/fields/field.js';
import { monitorFields } from '../../src/provider/fields/monitor.js';
import { monitorResource } from '../../src/provider/resources/monitor.js';
import { monitorView } from '../../src/service/render.js';
import { Harness, testSeed } from '../service/helpers.js';

const entries = (t: FieldTable) => Object.entries(t) as [string, FieldDecl][];
const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

const FLAGS = {
  required: { required: true, optional: undefined, computed: undefined },
  optional: { required: undefined, optional: true, computed: undefined },
  'optional-computed': { required: undefined, optional: true, computed: true },
  computed: { required: undefined, optional: undefined, computed: true },
};

function expectSchemaKind(a: Attr, d: FieldDecl) {
  const kind = { string: 'string', enum: 'string', bool: 'bool', number: 'int64', list: 'list' }[d.kind];
  expect(a.kind).toBe(kind);
}

describe('monitor field declarations', () => {
  const resource = monitorResource.attributes as Attributes;
  const dsOne = monitorDataSource.attributes as Attributes;
  const dsList = (monitorsDataSource.attributes as Attributes).monitors!.nested!.attributes;

  test.each(entries(monitorFields).filter(([, d]) => !d.runtime))(
    '%s: in the resource schema with its presence, default and description',
    (api, d) => {
      const a = resource[attributeName(api, d)];
      expect(a).toBeDefined();
      expectSchemaKind(a!, d);
      expect({ required: a!.required, optional: a!.optional, computed: a!.computed }).toEqual(
        FLAGS[d.presence],
      );
      expect(a!.default).toEqual(d.default);
      expect(a!.description).toBe(resourceDescription(d));
      expect(a!.description!.startsWith(d.description)).toBe(true);
      if (d.default !== undefined)
        expect(a!.description).toContain(`Omitted or null: ${showDefault(d.default)}`);
    },
  );

  test.each(entries(monitorFields))('%s: in the data sources with the same description', (api, d) => {
    const name = attributeName(api, d);
    const targets = name === 'id' ? [dsList] : [dsOne, dsList];
    for (const attrs of targets) {
      const a = attrs[name];
      expect(a).toBeDefined();
      expectSchemaKind(a!, d);
      expect(a!.computed).toBe(true);
      expect(a!.description).toBe(dataSourceDescription(d));
      expect(a!.description!.startsWith(d.description)).toBe(true);
    }
  });

  test.each(entries(monitorFields).filter(([, d]) => d.presence !== 'computed' && !d.lifecycle))(
    '%s: the description states the limits of the model',
    (api, d) => {
      const s = (MonitorUpdate.shape as Record<string, any>)[api].unwrap();
      const limits: number[] = [];
      if (typeof s.maxLength === 'number') limits.push(s.maxLength);
      if (s.element?.minValue !== undefined) limits.push(s.element.minValue, s.element.maxValue);
      else if (d.values) {
        for (const v of d.values) expect(s.safeParse(v).success).toBe(true);
        expect(s.safeParse(d.kind === 'number' ? Number(d.values[0]) + 1 : 'OPTIONS').success).toBe(false);
        limits.push(...(d.values as number[]));
      } else if (typeof s.minValue === 'number') limits.push(s.minValue, s.maxValue);
      for (const n of limits) expect(d.description).toContain(String(n));
    },
  );

  const props = readFileSync('src/constructs/generated/props/monitor.ts', 'utf8');
  test.each(entries(monitorFields).filter(([, d]) => d.construct))(
    '%s: a construct prop with the same description and default',
    (api, d) => {
      const at = props.indexOf(
        `readonly ${camel(attributeName(api, d))}${d.presence === 'required' ? '' : '?'}:`,
      );
      expect(at).toBeGreaterThan(0);
      const doc = props.slice(props.lastIndexOf('/**', at), at);
      expect(doc).toContain(d.description);
      if (d.default !== undefined) expect(doc).toContain(`@default ${JSON.stringify(d.default)}`);
    },
  );

  describe('the local service', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await Harness.start(testSeed({}));
    });
    afterAll(() => h.close());

    test('renders every declared field, with the declared default when the create omits it', async () => {
      const r = await h.call('POST', '/monitors', { body: { url: 'https://fields.test/' }, ik: true });
      expect(r.status).toBe(201);
      const view = r.json.data as Record<string, unknown>;
      for (const [api, d] of entries(monitorFields)) {
        expect(view).toHaveProperty(api);
        if (d.default !== undefined) expect([api, view[api]]).toEqual([api, d.default]);
      }
      expect(monitorView(h.svc.store.monitor(view.id as string)!)).toEqual(view);
    });
  });
});
