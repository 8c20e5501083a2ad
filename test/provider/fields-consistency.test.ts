// Every field declaration (src/provider/fields) appears, with the same default, limits and description, in the
// resource schema, the data-source schemas, the generated construct props and the local service's view.
import { readFileSync } from 'node:fs';
import { DECIDED, MonitorAlertSettingsUpdate, MonitorUpdate, StatusPageUpdate } from '../../src/api/index.js';
import type { Attr, Attributes } from '../../src/protocol/framework/index.js';
import { monitorDataSource } from '../../src/provider/data-sources/monitor.js';
import { monitorsDataSource } from '../../src/provider/data-sources/monitors.js';
import { statusPageDataSource } from '../../src/provider/data-sources/status-page.js';
import {
  alertChannelFields,
  alertSettingsFields,
  slowResponseFields,
} from '../../src/provider/fields/alert-settings.js';
import {
  attributeName,
  dataSourceDescription,
  defaultsOf,
  resourceDescription,
  showDefault,
  type FieldDecl,
  type FieldTable,
} from '../../src/provider/fields/field.js';
import { monitorFields } from '../../src/provider/fields/monitor.js';
import {
  customDomainFields,
  displayOptionsFields,
  statusPageFields,
} from '../../src/provider/fields/status-page.js';
import { alertSettingsResource } from '../../src/provider/resources/alert-settings.js';
import { monitorResource } from '../../src/provider/resources/monitor.js';
import { statusPageResource } from '../../src/provider/resources/status-page.js';
import { alertSettingsView, monitorView, statusPageView } from '../../src/service/render.js';
import { Harness, testSeed } from '../service/helpers.js';

const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const nestedOf = (attrs: Attributes, name: string): Attributes => attrs[name]!.nested!.attributes;

/** One declared table and where its fields must appear. */
interface Placement {
  name: string;
  table: FieldTable;
  /** Resource attributes holding the fields; `block`: the nested block they form (its default is the table's). */
  resource: Attributes;
  block?: Attr;
  /** Data-source attribute sets holding the fields (computed). */
  dataSources: Attributes[];
  /** The write schema's fields (zod shape) holding the writable fields. */
  write: Record<string, any>;
  /** The generated construct props file, when the table has construct props. */
  props?: string;
  /** The fields in the local service's view of a new monitor (see below). */
  view: (v: Views) => Record<string, unknown>;
}
interface Views {
  monitor: Record<string, any>;
  alerts: Record<string, any>;
  page: Record<string, any>;
}

const monitorAttrs = monitorResource.attributes as Attributes;
const alertAttrs = alertSettingsResource.attributes as Attributes;
const pageAttrs = statusPageResource.attributes as Attributes;
const pageDs = statusPageDataSource.attributes as Attributes;
const alertWrite = (MonitorAlertSettingsUpdate as any).shape;
const pageWrite = (StatusPageUpdate as any).shape;

const PLACEMENTS: Placement[] = [
  {
    name: 'uptime_monitor',
    table: monitorFields,
    resource: monitorAttrs,
    dataSources: [
      monitorDataSource.attributes as Attributes,
      nestedOf(monitorsDataSource.attributes as Attributes, 'monitors'),
    ],
    write: MonitorUpdate.shape,
    props: 'props/monitor.ts',
    view: (v) => v.monitor,
  },
  {
    name: 'uptime_monitor_alert_settings',
    table: alertSettingsFields,
    resource: alertAttrs,
    dataSources: [],
    write: alertWrite,
    view: (v) => v.alerts,
  },
  {
    name: 'uptime_monitor_alert_settings.channels',
    table: alertChannelFields,
    resource: nestedOf(alertAttrs, 'channels'),
    block: alertAttrs.channels,
    dataSources: [],
    write: alertWrite.channels.unwrap().shape,
    view: (v) => v.alerts.channels,
  },
  {
    name: 'uptime_monitor_alert_settings.slow_response_alerts',
    table: slowResponseFields,
    resource: nestedOf(alertAttrs, 'slow_response_alerts'),
    block: alertAttrs.slow_response_alerts,
    dataSources: [],
    write: alertWrite.slowResponseAlerts.unwrap().shape,
    props: 'props/alert-settings.ts',
    view: (v) => v.alerts.slowResponseAlerts,
  },
  {
    name: 'uptime_status_page',
    table: statusPageFields,
    resource: pageAttrs,
    dataSources: [pageDs],
    write: pageWrite,
    props: 'props/status-page.ts',
    view: (v) => v.page,
  },
  {
    name: 'uptime_status_page.display_options',
    table: displayOptionsFields,
    resource: nestedOf(pageAttrs, 'display_options'),
    block: pageAttrs.display_options,
    dataSources: [nestedOf(pageDs, 'display_options')],
    write: pageWrite.displayOptions.unwrap().shape,
    props: 'props/status-page.ts',
    view: (v) => v.page.displayOptions,
  },
  {
    name: 'uptime_status_page.custom_domain',
    table: customDomainFields,
    resource: nestedOf(pageAttrs, 'custom_domain'),
    block: pageAttrs.custom_domain,
    dataSources: [nestedOf(pageDs, 'custom_domain')],
    write: {},
    view: (v) => v.page.customDomain,
  },
];

/** Declared defaults that are the resource's choice, not what the service gives a new object. */
const RESOURCE_DEFAULTS: Record<string, string> = {
  'uptime_status_page.enabled': 'declaring the resource publishes the page; a new page is unpublished',
};

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

/** The zod schema inside optional/nullable wrappers. */
function inner(s: any): any {
  while (s && typeof s.unwrap === 'function') s = s.unwrap();
  return s;
}

const rows = (filter: (d: FieldDecl, p: Placement) => boolean = () => true) =>
  PLACEMENTS.flatMap((p) =>
    Object.entries(p.table)
      .filter(([, d]) => filter(d, p))
      .map(([api, d]) => [`${p.name} ${api}`, api, d, p] as [string, string, FieldDecl, Placement]),
  );

describe('field declarations', () => {
  test.each(rows((d) => !d.runtime))(
    '%s: in the resource schema with its presence, default and description',
    (_n, api, d, p) => {
      const a = p.resource[attributeName(api, d)];
      expect(a).toBeDefined();
      expectSchemaKind(a!, d);
      expect({ required: a!.required, optional: a!.optional, computed: a!.computed }).toEqual(
        FLAGS[d.presence],
      );
      expect(a!.default).toEqual(d.default);
      expect(a!.description).toBe(resourceDescription(d, p.block !== undefined));
      expect(a!.description!.startsWith(d.description)).toBe(true);
      if (d.default !== undefined)
        expect(a!.description).toContain(
          `${p.block ? 'Omitted' : 'Omitted or null'}: ${d.omitted ?? showDefault(d.default)}`,
        );
    },
  );

  test.each(PLACEMENTS.filter((p) => p.block))('$name: the block default is the declared defaults', (p) => {
    const defaults = defaultsOf(p.table);
    if (Object.keys(defaults).length) expect(p.block!.default).toEqual(defaults);
    else expect(p.block!.default).toBeUndefined();
  });

  test.each(rows((_d, p) => p.dataSources.length > 0))(
    '%s: in the data sources with the same description',
    (_n, api, d, p) => {
      const name = attributeName(api, d);
      // The single-monitor data source takes `id` as its argument; the list declares it computed.
      const targets = p.table === monitorFields && name === 'id' ? p.dataSources.slice(1) : p.dataSources;
      for (const attrs of targets) {
        const a = attrs[name];
        expect(a).toBeDefined();
        expectSchemaKind(a!, d);
        expect(a!.computed).toBe(true);
        expect(a!.description).toBe(dataSourceDescription(d));
        expect(a!.description!.startsWith(d.description)).toBe(true);
      }
    },
  );

  test.each(rows((d) => d.presence !== 'computed' && !d.lifecycle))(
    '%s: the model accepts it, and the description states its limits',
    (_n, api, d, p) => {
      const s = inner(p.write[api]);
      expect(s).toBeDefined();
      const limits: number[] = [];
      if (typeof s.maxLength === 'number') limits.push(s.maxLength);
      if (s.element?.minValue !== undefined) limits.push(s.element.minValue, s.element.maxValue);
      else if (d.values) {
        for (const v of d.values) expect(s.safeParse(v).success).toBe(true);
        const outside = d.kind === 'number' ? Math.max(...(d.values as number[])) + 1 : 'OPTIONS';
        expect(s.safeParse(outside).success).toBe(false);
        limits.push(...(d.values as number[]));
      } else if (typeof s.minValue === 'number') limits.push(s.minValue, s.maxValue);
      for (const n of limits) expect(d.description).toContain(String(n));
    },
  );

  test.each(rows((d, p) => d.construct !== undefined && p.props !== undefined))(
    '%s: a construct prop with the same description and default',
    (_n, api, d, p) => {
      const props = readFileSync(`src/constructs/generated/${p.props}`, 'utf8');
      const at = props.indexOf(
        `readonly ${camel(attributeName(api, d))}${d.presence === 'required' ? '' : '?'}:`,
      );
      expect(at).toBeGreaterThan(0);
      const doc = props.slice(props.lastIndexOf('/**', at), at);
      expect(doc).toContain(d.description);
      if (d.default !== undefined) expect(doc).toContain(`@default ${JSON.stringify(d.default)}`);
    },
  );

  test('every table with construct props has a generated props file', () => {
    for (const p of PLACEMENTS)
      if (Object.values(p.table).some((d) => d.construct)) expect(p.props).toBeDefined();
  });

  describe('the local service', () => {
    let h: Harness;
    let views: Views;
    let id: string;
    beforeAll(async () => {
      h = await Harness.start(testSeed({}));
      const r = await h.call('POST', '/monitors', { body: { url: 'https://fields.test/' }, ik: true });
      expect(r.status).toBe(201);
      id = r.json.data.id;
      const alerts = await h.call('GET', `/monitors/${id}/alert-settings`);
      const page = await h.call('GET', `/monitors/${id}/status-page`);
      expect([alerts.status, page.status]).toEqual([200, 200]);
      views = { monitor: r.json.data, alerts: alerts.json.data, page: page.json.data };
    });
    afterAll(() => h.close());

    test.each(rows())(
      '%s: in the view of a new monitor, with the declared default when the create omits it',
      (_n, api, d, p) => {
        const view = p.view(views);
        expect(view).toHaveProperty(api);
        const key = `${p.name}.${attributeName(api, d)}`;
        if (d.default !== undefined && !(key in RESOURCE_DEFAULTS))
          expect([api, view[api]]).toEqual([api, d.default]);
      },
    );

    test('a resource-only default differs from what the service gives a new object', () => {
      expect(views.page.enabled).toBe(DECIDED.statusPageDefaults.enabled);
      expect(statusPageFields.enabled.default).not.toBe(DECIDED.statusPageDefaults.enabled);
    });

    test('the views are derived from the stored record', () => {
      const m = h.svc.store.monitor(id)!;
      expect(monitorView(m)).toEqual(views.monitor);
      expect(alertSettingsView(m)).toEqual(views.alerts);
      expect(statusPageView(m, h.svc.origin)).toEqual(views.page);
    });
  });
});
