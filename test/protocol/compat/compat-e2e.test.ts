// Protocol compatibility suite: the real provider and the local service, driven as Terraform 1.12, 1.13, 1.14,
// 1.15 and 1.16-rc drive a provider (terraform.ts). Terraform 1.11.4 itself runs in the e2e suites.
import { createService, type RunningService } from '../../../src/service/index.js';
import { unknown } from '../../../src/protocol/cty/values.js';
import { PROVIDER_RPCS, PROVIDER_STREAM_RPCS } from '../../../src/protocol/server.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../../helpers/build.js';
import { ServiceApi, testSeed } from '../../provider/helpers.js';
import { officialService, PROFILES, Terraform, type Obj, type Profile } from './terraform.js';

const MONITORS = 305; // four pages of 100
let svc: RunningService;
let api: ServiceApi;
let bundle: string;
const listRequests: { url: string; receivedAt: number }[] = [];
const ids: { paused: string; archived: string; secret: string; example: string; hostile: string } =
  {} as never;
/** A name Terraform would evaluate if it were code: GenerateResourceConfig hands it over as data (Terraform's
 *  hclwrite escapes `${` and `%{` when it writes the file), so it must arrive unchanged, never pre-escaped. */
const HOSTILE_NAME = '${var.secret} %{ if true }x%{ endif } $${kept} \\ "q"';

beforeAll(async () => {
  const seed = testSeed({ monitorCapacity: 1000 }) as any;
  const tenant = seed.tenants[0];
  for (let i = 1; i <= MONITORS; i++)
    tenant.monitors.push({
      body: { name: `shop-${String(i).padStart(3, '0')}`, url: `https://shop.example.com/${i}` },
    });
  tenant.tokens.push({ name: 'exports-only', scopes: ['exports:create'] });
  svc = await createService({
    port: 0,
    seed,
    logErrors: false,
    engine: false,
    onResponse: (r) => {
      if (r.method === 'GET' && r.route?.endsWith('/monitors'))
        listRequests.push({ url: r.url, receivedAt: r.receivedAt });
    },
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  const all = await api.listMonitors();
  ids.example = all.find((m) => m.name === 'Example status').id;
  ids.paused = all.find((m) => m.name === 'shop-002').id;
  ids.archived = all.find((m) => m.name === 'shop-003').id;
  expect((await api.call('POST', `/monitors/${ids.paused}/pause`)).status).toBe(200);
  const cur = await api.call('GET', `/monitors/${ids.archived}`);
  expect(
    (await api.call('POST', `/monitors/${ids.archived}/archive`, undefined, { 'if-match': `"${cur.etag}"` }))
      .status,
  ).toBe(200);
  const secret = await api.call('POST', '/monitors', {
    name: 'Billing API',
    url: 'https://billing.example.com/health',
    requestHeaders: [{ name: 'X-Api-Key', value: 'SECRET-HEADER-VALUE' }],
    authConfig: { type: 'basic', username: 'probe', password: 'SECRET-PASSWORD' },
    timeoutMs: 5000,
  });
  expect(secret.status).toBe(201);
  ids.secret = secret.json.data.id;
  const hostile = await api.call('POST', '/monitors', {
    name: HOSTILE_NAME,
    url: 'https://hostile.example.com/',
  });
  expect(hostile.status).toBe(201);
  ids.hostile = hostile.json.data.id;
  // UPTIME_PROVIDER_EXECUTABLE=<file> runs the suite against that executable (e.g. the release's, unzipped).
  bundle = process.env.UPTIME_PROVIDER_EXECUTABLE || (await buildProvider(REAL_PROVIDER_ENTRY));
}, 120_000);

afterAll(async () => {
  await svc?.close();
});

/** An object of the resource type with every attribute null, then `over`. */
function cfg(t: Terraform, type: string, over: Obj = {}): Obj {
  const out: Obj = {};
  for (const k of Object.keys(t.resources[type]!.info.attributes)) out[k] = null;
  return { ...out, ...over };
}

const session = (profile: Profile, token = 'full'): Promise<Terraform> =>
  Terraform.session(profile, bundle, { baseUrl: svc.baseUrl, token: svc.tokens[token]! });

describe.each(PROFILES)('Terraform $version', (profile) => {
  let t: Terraform;
  beforeAll(async () => {
    t = await session(profile);
  }, 60_000);
  afterAll(() => t?.close());

  it('loads schemas with identity schemas (GetProviderSchema, then GetResourceIdentitySchemas)', async () => {
    expect(t.calls.slice(0, 2)).toEqual(['GetProviderSchema', 'GetResourceIdentitySchemas']);
    const { identities, schema } = await t.loadSchemas();
    expect(identities.diagnostics).toEqual([]);
    const expected = (name: string) => ({
      version: '0',
      identity_attributes: [
        expect.objectContaining({
          name,
          type: Buffer.from('"string"'),
          required_for_import: true,
          optional_for_import: false,
        }),
      ],
    });
    expect(identities.identity_schemas).toEqual({
      uptime_monitor: expected('id'),
      uptime_monitor_alert_settings: expected('monitor_id'),
      uptime_status_page: expected('monitor_id'),
    });
    expect(schema.server_capabilities).toMatchObject({ plan_destroy: true, generate_resource_config: true });
    expect(Object.keys(schema.list_resource_schemas).sort()).toEqual([
      'uptime_monitor',
      'uptime_status_page',
    ]);
    for (const l of Object.values<any>(schema.list_resource_schemas))
      for (const a of l.block.attributes)
        expect([a.name, a.required, a.optional]).toEqual([a.name, false, true]);
  });

  it('answers gRPC UNIMPLEMENTED, never an error diagnostic, for every RPC it does not serve', async () => {
    const served = new Set<string>([...PROVIDER_RPCS, ...PROVIDER_STREAM_RPCS]);
    const unserved = Object.keys(officialService(profile.proto)).filter((m) => !served.has(m));
    expect(unserved).toEqual(expect.arrayContaining(['ReadStateBytes', 'ValidateEphemeralResourceConfig']));
    // Served for OpenTofu (which calls them without capability checks) with a clear error; Terraform never calls
    // them (move_resource_state is false, and no function is declared).
    expect(unserved).not.toEqual(expect.arrayContaining(['MoveResourceState']));
    expect(unserved).not.toEqual(expect.arrayContaining(['CallFunction']));
    for (const rpc of unserved)
      expect([rpc, await t.p.probe(rpc)]).toEqual([rpc, expect.objectContaining({ code: 12 })]);
  });

  it('returns one stable identity through create, read, update, replace and destroy', async () => {
    const type = 'uptime_monitor';
    const config = cfg(t, type, {
      name: `life-${profile.version}`,
      url: 'https://life.example.com/',
      interval_seconds: 300,
    });
    const created = await t.create(type, config);
    expect(created.res.diagnostics).toEqual([]);
    const id = created.state!.id as string;
    expect(created.identity).toEqual({ id });

    const read = await t.read(type, created.state!, {
      private: created.res.private,
      identity: created.identity,
    });
    expect(read.identity).toEqual({ id });

    const renamed = { ...config, name: `life-${profile.version}-2` };
    const plan = await t.plan(type, read.state, renamed, {
      priorPrivate: read.res.private,
      priorIdentity: read.identity,
    });
    expect(plan.identity).toEqual({ id });
    const applied = await t.apply(type, read.state, plan.planned, renamed, {
      plannedPrivate: plan.res.planned_private,
      plannedIdentity: plan.identity,
    });
    expect(applied.res.diagnostics).toEqual([]);
    expect(applied.identity).toEqual({ id });

    // Replace (alert settings moved to another monitor): the first plan asks for it, the re-plan has a null prior
    // and the first plan's identity; the new object's identity may be unknown until apply.
    const subType = 'uptime_monitor_alert_settings';
    const sub = await t.create(subType, cfg(t, subType, { monitor_id: id }));
    expect(sub.res.diagnostics).toEqual([]);
    expect(sub.identity).toEqual({ monitor_id: id });
    const moved = cfg(t, subType, { monitor_id: ids.example });
    const first = await t.plan(subType, sub.state, moved, { priorIdentity: sub.identity });
    expect(first.res.requires_replace.length).toBeGreaterThan(0);
    const del = await t.apply(subType, sub.state, null, null, { plannedIdentity: sub.identity });
    expect(del.state).toBeNull();
    expect(del.identity).toBeNull();
    const replanned = await t.plan(subType, null, moved, { priorIdentity: first.identity });
    const replaced = await t.apply(subType, null, replanned.planned, moved, {
      plannedIdentity: replanned.identity,
    });
    expect(replaced.res.diagnostics).toEqual([]);
    expect(replaced.identity).toEqual({ monitor_id: ids.example });

    const destroyPlan = await t.plan(type, applied.state, null, { priorIdentity: applied.identity });
    expect(destroyPlan.planned).toBeNull();
    expect([null, { id }]).toContainEqual(destroyPlan.identity);
    const gone = await t.apply(type, applied.state, null, null);
    expect(gone.state).toBeNull();
  }, 60_000);

  it('imports by id and by identity; Read keeps the identity; the matching config plans no change', async () => {
    const type = 'uptime_monitor';
    const byId = await t.import(type, { id: ids.example });
    expect(byId.identity).toEqual({ id: ids.example });
    const byIdentity = await t.import(type, { identity: { id: ids.example } });
    expect(byIdentity.res.diagnostics).toEqual([]);
    expect(byIdentity.identity).toEqual({ id: ids.example });
    const read = await t.read(type, byIdentity.state!, {
      private: byIdentity.private,
      identity: byIdentity.identity,
    });
    expect(read.identity).toEqual({ id: ids.example });
    const config = cfg(t, type, {
      name: 'Example status',
      url: 'https://status.example.org/healthz',
      interval_seconds: 60,
    });
    const plan = await t.plan(type, read.state, config, {
      priorPrivate: read.res.private,
      priorIdentity: read.identity,
    });
    expect(plan.planned).toEqual(read.state);
    expect(plan.identity).toEqual({ id: ids.example });

    for (const sub of ['uptime_monitor_alert_settings', 'uptime_status_page']) {
      const imported = await t.import(sub, { identity: { monitor_id: ids.example } });
      expect([sub, imported.identity]).toEqual([sub, { monitor_id: ids.example }]);
      const r = await t.read(sub, imported.state!, {
        private: imported.private,
        identity: imported.identity,
      });
      expect([sub, r.identity]).toEqual([sub, { monitor_id: ids.example }]);
    }
  });

  it('a malformed, missing or unknown id in an identity import is a diagnostic, never a gRPC error', async () => {
    for (const identity of [{ id: 'not-a-uuid' }, { id: null }, { id: '' }]) {
      const r = await t.import('uptime_monitor', { identity });
      expect(r.res.imported_resources).toEqual([]);
      expect(r.res.diagnostics).toEqual([expect.objectContaining({ severity: 'ERROR' })]);
    }
    const empty = await t.import('uptime_monitor', { id: '' });
    expect(empty.res.diagnostics[0]).toMatchObject({ severity: 'ERROR', summary: 'Invalid import ID' });
    // Well-formed but not there: the stub imports, Read says it is gone (Terraform: "non-existent object").
    const missing = await t.import('uptime_monitor', {
      identity: { id: '3f2b8c1e-0000-4000-8000-000000000000' },
    });
    const read = await t.read('uptime_monitor', missing.state!, { identity: missing.identity });
    expect(read.state).toBeNull();
    expect(read.res.diagnostics).toEqual([]);
  });

  it('accepts write-only values with the capability and without any capabilities (Stacks), not when refused', async () => {
    const type = 'uptime_monitor';
    const headers = [{ name: 'X-Token', value: null, value_wo: 'from-a-variable', value_wo_version: 1 }];
    const config = cfg(t, type, { name: 'wo', url: 'https://wo.example.com/', request_headers: headers });
    expect((await t.validate(type, config)).diagnostics).toEqual([]);
    expect((await t.validate(type, config, null)).diagnostics).toEqual([]);
    const refused = await t.validate(type, config, { write_only_attributes_allowed: false });
    expect(refused.diagnostics).toEqual([
      expect.objectContaining({ summary: 'WriteOnly Attribute Not Allowed' }),
    ]);
  });

  it('the apply-time re-plan gives the same plan and private data, with or without planned_private', async () => {
    const type = 'uptime_monitor';
    const imported = await t.import(type, { id: ids.example });
    const read = await t.read(type, imported.state!, { identity: imported.identity });
    const config = cfg(t, type, {
      name: 'Example status',
      url: 'https://status.example.org/healthz',
      interval_seconds: 120,
    });
    const first = await t.plan(type, read.state, config, { priorPrivate: read.res.private });
    const again = await t.plan(type, read.state, config, {
      priorPrivate: read.res.private,
      plannedPrivate: first.res.planned_private,
    });
    expect(again.planned).toEqual(first.planned);
    expect(again.res.planned_private).toEqual(first.res.planned_private);
    expect(again.identity).toEqual(first.identity);
  });

  // 1.12 and 1.13 never read list schemas nor call the list or generate RPCs.
  if (profile.query)
    describe('terraform query', () => {
      const none = { name: null, status: null, enabled: null, include_archived: null };

      it('lists every non-archived monitor (paused included) with identity and name, following every page', async () => {
        const visible = (await api.listMonitors()).filter((m) => !m.archived);
        listRequests.length = 0;
        const r = await t.listResource('uptime_monitor', none, { include: false, limit: 1000 });
        expect(r.validation.diagnostics).toEqual([]);
        expect(r.code).toBe(0);
        const listed = new Map(r.events.map((e) => [e.identity!.id, e]));
        expect(listed.size).toBe(visible.length);
        expect(listed.size).toBeGreaterThan(100);
        expect(listed.get(ids.paused)?.displayName).toBe('shop-002');
        expect(listed.has(ids.archived)).toBe(false);
        expect(r.events.every((e) => e.object === null && e.diagnostics.length === 0)).toBe(true);
        expect(listRequests.map((r) => r.url)).toEqual([
          expect.stringContaining('limit=100'),
          expect.stringContaining('cursor='),
          expect.stringContaining('cursor='),
          expect.stringContaining('cursor='),
        ]);
      });

      it('sends complete objects when asked, without secrets', async () => {
        const r = await t.listResource(
          'uptime_monitor',
          { ...none, name: 'billing*' },
          { include: true, limit: 10 },
        );
        expect(r.events).toHaveLength(1);
        const obj = r.events[0]!.object!;
        expect(obj.id).toBe(ids.secret);
        expect(obj.name).toBe('Billing API');
        expect(JSON.stringify(obj)).not.toMatch(/SECRET/);
        expect(Object.values(obj)).not.toContain(unknown);
      });

      it('filters: status, enabled, include_archived, name', async () => {
        const names = async (c: Obj) =>
          (await t.listResource('uptime_monitor', { ...none, ...c }, { include: false, limit: 1000 })).events
            .map((e) => e.displayName)
            .sort();
        expect(await names({ status: 'paused' })).toEqual(['shop-002']);
        expect(await names({ enabled: false })).toEqual(['shop-002']);
        expect(await names({ name: 'SHOP-00?' })).toEqual([
          'shop-001',
          'shop-002',
          'shop-004',
          'shop-005',
          'shop-006',
          'shop-007',
          'shop-008',
          'shop-009',
        ]);
        expect(await names({ name: 'shop-003', include_archived: true })).toEqual(['shop-003']);
        const bad = await t.listResource(
          'uptime_monitor',
          { ...none, status: 'sleeping' },
          { include: false, limit: 5 },
        );
        expect(bad.validation.diagnostics[0]).toMatchObject({
          severity: 'ERROR',
          attribute: { steps: [{ attribute_name: 'status' }] },
        });
      });

      it('honours the limit, and stops paging when Terraform cancels the stream', async () => {
        expect(
          (await t.listResource('uptime_monitor', none, { include: false, limit: 2 })).events,
        ).toHaveLength(2);
        expect(
          (await t.listResource('uptime_monitor', none, { include: false, limit: 0 })).events,
        ).toHaveLength(0);
        listRequests.length = 0;
        const cancelled = await t.listResource('uptime_monitor', none, {
          include: true,
          limit: 1000,
          cancelAfter: 3,
        });
        expect(cancelled.events.length).toBeGreaterThanOrEqual(3);
        expect(cancelled.cancelledAt).toBeDefined();
        await new Promise((r) => setTimeout(r, 300));
        // Four pages exist. The provider asks for the next page only after streaming the 100 events of the
        // current one, so it may have asked for one more before the client (slow on a loaded machine) got round
        // to cancelling, or while the RST_STREAM was on its way; after that, never. A provider that ignores the
        // cancel reads all four.
        const afterCancel = listRequests.filter((r) => r.receivedAt > cancelled.cancelledAt!);
        expect(afterCancel.length).toBeLessThanOrEqual(1);
        expect(listRequests.length).toBeLessThanOrEqual(2);
      });

      it('reports API errors as a diagnostic on the stream', async () => {
        const limited = await session(profile, 'exports-only');
        try {
          const r = await limited.listResource('uptime_monitor', none, { include: false, limit: 10 });
          expect(r.code).toBe(0);
          expect(r.events).toEqual([
            expect.objectContaining({
              identity: null,
              diagnostics: [expect.objectContaining({ severity: 'ERROR' })],
            }),
          ]);
          expect(r.events[0]!.diagnostics[0].summary).toBe('Listing monitors failed');
        } finally {
          limited.close();
        }
      }, 30_000);

      it('generated configuration carries a hostile name as data, byte for byte, and plans no change', async () => {
        const listed = await t.listResource(
          'uptime_monitor',
          { ...none, name: '${var*' },
          { include: true, limit: 3 },
        );
        expect(listed.events.map((e) => e.object!.id)).toEqual([ids.hostile]);
        const gen = await t.generate('uptime_monitor', listed.events[0]!.object!);
        expect(gen.res.diagnostics).toEqual([]);
        expect(gen.config!.name).toBe(HOSTILE_NAME);
        const imported = await t.import('uptime_monitor', { identity: listed.events[0]!.identity! });
        const read = await t.read('uptime_monitor', imported.state!, { identity: imported.identity });
        expect(read.state!.name).toBe(HOSTILE_NAME);
        const plan = await t.plan('uptime_monitor', read.state, gen.config!, {
          priorIdentity: read.identity,
        });
        expect(plan.planned).toEqual(read.state);
      }, 30_000);

      it('round trip: list → generate → import by identity → read → plan shows no change', async () => {
        const events = [];
        for (const name of ['Billing*', 'Example*', 'shop-00?'])
          events.push(
            ...(await t.listResource('uptime_monitor', { ...none, name }, { include: true, limit: 3 }))
              .events,
          );
        expect(events).toHaveLength(5);
        for (const e of events) {
          const gen = await t.generate('uptime_monitor', e.object!);
          expect(gen.res.diagnostics).toEqual([]);
          const config = gen.config!;
          expect(JSON.stringify(config)).not.toMatch(/SECRET/);
          expect((await t.validate('uptime_monitor', config)).diagnostics).toEqual([]);
          const imported = await t.import('uptime_monitor', { identity: e.identity! });
          const read = await t.read('uptime_monitor', imported.state!, {
            private: imported.private,
            identity: imported.identity,
          });
          const plan = await t.plan('uptime_monitor', read.state, config, {
            priorPrivate: read.res.private,
            priorIdentity: read.identity,
          });
          expect([e.displayName, plan.planned]).toEqual([e.displayName, read.state]);
          expect(plan.res.requires_replace).toEqual([]);
          // The listed object is the object Read returns after an import.
          expect(e.object).toEqual(read.state);
        }
        const pages = await t.listResource(
          'uptime_status_page',
          { enabled: null },
          { include: true, limit: 10 },
        );
        expect(pages.events.length).toBeGreaterThan(0);
        for (const e of pages.events) {
          const gen = await t.generate('uptime_status_page', e.object!);
          expect(gen.config!.monitor_id).toBe(e.identity!.monitor_id);
          const imported = await t.import('uptime_status_page', { identity: e.identity! });
          const read = await t.read('uptime_status_page', imported.state!, { identity: imported.identity });
          const plan = await t.plan('uptime_status_page', read.state, gen.config!, {
            priorIdentity: read.identity,
          });
          expect(plan.planned).toEqual(read.state);
          expect(e.object).toEqual(read.state);
        }
      }, 60_000);
    });
});
