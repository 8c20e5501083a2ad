// Protocol compatibility with OpenTofu 1.8–1.11: the real provider and the local service, driven as OpenTofu
// drives a protocol-6 provider (../shared/reference/opentofu.md §3-4, §6), with a client built from OpenTofu's own
// definitions (tfplugin/opentofu/). Two profiles: 1.8/1.9 (6.5, no client capabilities) and 1.10/1.11 (6.9, the
// capabilities 1.11 sends on every call that carries them; 1.10, which sends none, is replayed where it differs).
// OpenTofu's call order: a validate walk on an unconfigured instance (what `tofu test`'s mock_provider also sends),
// then, in the plan/apply process, schemas from the cache (get_provider_schema_optional), configure, and per object
// UpgradeResourceState → ReadResource → ValidateResourceConfig → PlanResourceChange → ApplyResourceChange.
import { createService, type RunningService } from '../../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../../helpers/build.js';
import { ServiceApi, testSeed } from '../../provider/helpers.js';
import { TOFU_PROFILES, Terraform, type Obj, type Profile } from './terraform.js';

let svc: RunningService;
let api: ServiceApi;
let bundle: string;
let existing: string;

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  existing = (await api.listMonitors()).find((m) => m.name === 'Example status').id;
  bundle = process.env.UPTIME_PROVIDER_EXECUTABLE || (await buildProvider(REAL_PROVIDER_ENTRY));
}, 120_000);

afterAll(async () => {
  await svc?.close();
});

const errors = (res: any) => res.diagnostics.filter((d: any) => d.severity === 'ERROR');
const monitorsAt = async (url: string) => (await api.listMonitors()).filter((m) => m.url === url);

/** An object of the resource type with every attribute null, then `over`. */
function cfg(t: Terraform, type: string, over: Obj = {}): Obj {
  const out: Obj = {};
  for (const k of Object.keys(t.resources[type]!.info.attributes)) out[k] = null;
  return { ...out, ...over };
}

/** OpenTofu's own check on every object a 1.11 provider returns (validation.WriteOnlyAttributes in
 *  internal/plugin6/grpc_provider.go v1.11.0): write-only attributes are null, at any depth. */
function writeOnlySet(t: Terraform, type: string, v: Obj | null): string[] {
  const out: string[] = [];
  const walk = (info: any, o: any, path: string) => {
    if (!o || typeof o !== 'object') return;
    for (const [k, a] of Object.entries<any>(info.attributes)) {
      const x = o[k];
      if (x === null || x === undefined) continue;
      if (a.writeOnly) out.push(`${path}${k}`);
      if (a.nested) for (const e of Array.isArray(x) ? x : [x]) walk(a.nested, e, `${path}${k}.`);
    }
  };
  walk(t.resources[type]!.info, v, '');
  return out;
}

describe.each(TOFU_PROFILES)('OpenTofu $version', (profile: Profile) => {
  const sixNine = profile.proto.includes('6.9');
  const label = sixNine ? '1.10/1.11' : '1.8/1.9';
  /** The validate-walk instance (never configured), and the plan/apply instance. */
  let unconfigured: Terraform;
  let t: Terraform;
  const url = `https://tofu-${profile.version}.example.com/`;

  beforeAll(async () => {
    unconfigured = await Terraform.launch(profile, bundle);
    t = await Terraform.launch(profile, bundle);
  }, 60_000);
  afterAll(() => {
    unconfigured?.close();
    t?.close();
  });

  it(`${label}: handshake is exactly the 6 fields go-plugin 1.4.3 splits, with an unpadded base64 certificate`, () => {
    // go-plugin 1.4.3 (OpenTofu ≤1.10) uses strings.SplitN(line, "|", 6); all decode the cert RawStdEncoding.
    const fields = t.p.handshakeLine.trimEnd().split('|');
    expect(fields.slice(0, 3)).toEqual(['1', '6', 'unix']);
    expect(fields[4]).toBe('grpc');
    expect(fields).toHaveLength(6);
    expect(fields[5]).toMatch(/^[A-Za-z0-9+/]+$/);
  });

  it('validate walk and mock_provider calls work on an instance that is never configured', async () => {
    const u = unconfigured;
    await u.loadSchemas();
    expect(u.calls).toEqual(['GetProviderSchema']); // no GetResourceIdentitySchemas: OpenTofu never calls it
    const v = await u.call('ValidateProviderConfig', {
      config: { msgpack: Buffer.from([0xc0]) }, // null: a provider block with nothing in it
    });
    expect(errors(v)).toEqual([]);
    const headers = [
      sixNine
        ? { name: 'X-Token', value: null, value_wo: 'wo-secret', value_wo_version: 1 }
        : { name: 'X-Token', value: 'kept-secret', value_wo: null, value_wo_version: null },
    ];
    const monitor = cfg(u, 'uptime_monitor', { name: 'v', url, request_headers: headers });
    // Validation passes with OpenTofu's capabilities and without any (1.8–1.10 send none).
    expect(errors(await u.validate('uptime_monitor', monitor))).toEqual([]);
    expect(errors(await u.validate('uptime_monitor', monitor, null))).toEqual([]);
    // (A bad url is refused at plan, not here: a url is often another object's attribute, mocked by tofu test.)
    const bad = await u.validate(
      'uptime_monitor',
      cfg(u, 'uptime_monitor', { name: 'v', url, interval_seconds: 61 }),
    );
    expect(errors(bad)[0].attribute.steps).toEqual([
      expect.objectContaining({ attribute_name: 'interval_seconds' }),
    ]);
    const ds = await u.call('ValidateDataResourceConfig', {
      type_name: 'uptime_monitor',
      config: { msgpack: Buffer.from([0xc0]) },
    });
    expect(errors(ds)).toEqual([]);
    // tofu test's mock_provider passes UpgradeResourceState and GetFunctions to the real provider, unconfigured.
    const state = cfg(u, 'uptime_monitor', { id: existing, name: 'Example status', url });
    const up = await u.upgrade('uptime_monitor', state);
    expect(errors(up.res)).toEqual([]);
    expect(up.state!.id).toBe(existing);
    expect(await u.call('GetFunctions')).toEqual({ functions: {}, diagnostics: [] });
    expect(u.calls).not.toContain('ConfigureProvider');
  });

  it('plans and applies create, update and delete, reads and imports, after configure', async () => {
    // Schemas come from OpenTofu's cache (get_provider_schema_optional): this process gets no GetProviderSchema.
    Object.assign(t.resources, unconfigured.resources);
    t.providerType = unconfigured.providerType;
    await t.configure({
      base_url: svc.baseUrl,
      token: svc.tokens.full!,
      max_retries: 0,
      request_timeout_ms: null,
    });
    expect(t.calls).toEqual(['ValidateProviderConfig', 'ConfigureProvider']);
    const type = 'uptime_monitor';
    const header = sixNine
      ? { name: 'X-Token', value: null, value_wo: 'wo-secret', value_wo_version: 1 }
      : { name: 'X-Token', value: 'kept-secret', value_wo: null, value_wo_version: null };
    const config = cfg(t, type, { name: `tofu ${label}`, url, request_headers: [header] });

    const created = await t.create(type, config);
    expect(created.res.diagnostics).toEqual([]);
    const id = created.state!.id as string;
    expect(writeOnlySet(t, type, created.state)).toEqual([]);
    const remote = (await monitorsAt(url))[0];
    expect(remote.id).toBe(id);
    expect(remote.requestHeaders).toEqual([{ name: 'X-Token', valueSet: true }]);

    // Every later use of the object: upgrade, read, validate, plan (no change), as a refresh-then-plan does.
    const up = await t.upgrade(type, created.state!);
    expect(up.state).toEqual(created.state);
    const read = await t.read(type, up.state!, { private: created.res.private });
    expect(read.res.diagnostics).toEqual([]);
    expect(writeOnlySet(t, type, read.state)).toEqual([]);
    const same = await t.plan(type, read.state, config, { priorPrivate: read.res.private });
    expect(same.planned).toEqual(read.state);

    const renamed = { ...config, name: `tofu ${label} renamed`, interval_seconds: 300 };
    expect(errors(await t.validate(type, renamed))).toEqual([]);
    const plan = await t.plan(type, read.state, renamed, { priorPrivate: read.res.private });
    expect(plan.res.requires_replace).toEqual([]);
    const updated = await t.apply(type, read.state, plan.planned, renamed, {
      plannedPrivate: plan.res.planned_private,
    });
    expect(updated.res.diagnostics).toEqual([]);
    expect(updated.state).toMatchObject({ id, name: `tofu ${label} renamed`, interval_seconds: 300 });
    expect((await api.call('GET', `/monitors/${id}`)).json.data.intervalSeconds).toBe(300);

    // Import by id (OpenTofu has no identity), then read, then the matching config plans no change.
    const imported = await t.import(type, { id: existing });
    expect(imported.res.diagnostics).toEqual([]);
    const importedRead = await t.read(type, imported.state!, { private: imported.private });
    expect(importedRead.state!.id).toBe(existing);
    const matching = cfg(t, type, {
      name: 'Example status',
      url: 'https://status.example.org/healthz',
      interval_seconds: 60,
    });
    const noop = await t.plan(type, importedRead.state, matching, { priorPrivate: importedRead.res.private });
    expect(noop.planned).toEqual(importedRead.state);

    const destroy = await t.plan(type, updated.state, null);
    expect(destroy.planned).toBeNull();
    const gone = await t.apply(type, updated.state, null, null, { plannedPrivate: updated.res.private });
    expect(gone.res.diagnostics).toEqual([]);
    expect(gone.state).toBeNull();
    expect((await api.call('GET', `/monitors/${id}`)).json.data.archived).toBe(true);

    // OpenTofu 1.11 allows deferral but turns a `deferred` answer into an error (providers/deferral.go): none.
    for (const r of [same.res, plan.res, read.res, imported.res, importedRead.res])
      expect(r.deferred ?? null).toBeNull();

    // OpenTofu's order: configure first, then per object validate → plan → apply; never an identity call.
    expect(t.calls.indexOf('ConfigureProvider')).toBeLessThan(t.calls.indexOf('ValidateResourceConfig'));
    expect(t.calls).not.toContain('GetProviderSchema');
    expect(t.calls).not.toContain('GetResourceIdentitySchemas');
  }, 60_000);

  const noCaps = sixNine ? '1.10 (no capabilities)' : label;
  it(`${noCaps}: a write-only value is refused at plan, naming the attribute and the stored alternative`, async () => {
    // A client that announces no write-only support treats value_wo as an ordinary attribute: planning it null
    // would stop OpenTofu with "Provider produced invalid plan … does not match config value".
    const without = sixNine
      ? await Terraform.launch({ ...profile, caps: null, version: '1.10.0' }, bundle)
      : t;
    try {
      if (without !== t) {
        Object.assign(without.resources, t.resources);
        without.providerType = t.providerType;
        await without.configure({ base_url: svc.baseUrl, token: svc.tokens.full!, max_retries: 0 });
      }
      const type = 'uptime_monitor';
      const woUrl = `https://wo-${profile.version}.example.com/`;
      const config = cfg(without, type, {
        name: 'write-only on an old client',
        url: woUrl,
        request_headers: [
          { name: 'X-Token', value: null, value_wo: 'WO-HEADER-SECRET', value_wo_version: 1 },
        ],
        auth_config: {
          type: 'basic',
          username: 'probe',
          password: null,
          password_wo: 'WO-PASSWORD-SECRET',
          password_wo_version: 1,
        },
      });
      // Validation keeps passing: the refusal is at plan.
      expect(errors(await without.validate(type, config, null))).toEqual([]);
      const plan = await without.plan(type, null, config);
      const diags = errors(plan.res);
      expect(diags.map((d: any) => d.summary)).toEqual([
        'WriteOnly Attribute Not Allowed',
        'WriteOnly Attribute Not Allowed',
      ]);
      expect(diags[0].attribute.steps).toEqual([
        expect.objectContaining({ attribute_name: 'request_headers' }),
        expect.objectContaining({ element_key_int: '0' }),
        expect.objectContaining({ attribute_name: 'value_wo' }),
      ]);
      expect(diags[0].detail).toContain('"request_headers[0].value_wo"');
      expect(diags[0].detail).toContain('Set "request_headers[0].value" instead');
      expect(diags[0].detail).toMatch(/OpenTofu 1\.11/);
      expect(diags[1].detail).toContain('"auth_config.password_wo"');
      expect(diags[1].detail).toContain('Set "auth_config.password" instead');
      // Nothing planned, nothing stored, no secret in the answer.
      expect(plan.planned).toBeNull();
      expect(JSON.stringify(plan.res)).not.toMatch(/WO-(HEADER|PASSWORD)-SECRET/);
      expect(await monitorsAt(woUrl)).toEqual([]);
      // The alternative the message names works on the same client.
      const alt = {
        ...config,
        request_headers: [{ name: 'X-Token', value: 'v', value_wo: null, value_wo_version: null }],
        auth_config: {
          type: 'basic',
          username: 'probe',
          password: 'p',
          password_wo: null,
          password_wo_version: null,
        },
      };
      const ok = await without.plan(type, null, alt);
      expect(errors(ok.res)).toEqual([]);
    } finally {
      if (without !== t) without.close();
    }
  }, 60_000);

  it('GetFunctions answers an empty list without error; CallFunction, if sent, names the missing function', async () => {
    // context_functions.go: a function missing from GetProviderSchema.functions is looked up with GetFunctions on
    // the configured provider; not there → "Function not found in provider", and CallFunction is never sent.
    expect(await t.call('GetFunctions')).toEqual({ functions: {}, diagnostics: [] });
    const call = await t.call('CallFunction', { name: 'parse_id', arguments: [] });
    expect(call.error.text).toContain('"parse_id"');
    expect(call.error.text).toMatch(/defines no functions/);
  });

  if (sixNine)
    it('MoveResourceState (1.10+, sent without checking the capability) is a clear error, nothing moved', async () => {
      const state = cfg(t, 'uptime_monitor', { id: existing, name: 'Example status', url });
      const res = await t.call('MoveResourceState', {
        source_provider_address: 'uptime', // OpenTofu sends the implied provider's type name (a TODO in its code)
        source_type_name: 'uptime_monitor',
        source_schema_version: '0',
        source_state: { json: Buffer.from(JSON.stringify(state)) },
        source_private: Buffer.alloc(0),
        target_type_name: 'uptime_status_page',
      });
      expect(res.target_state).toBeNull();
      expect(errors(res)).toEqual([
        expect.objectContaining({ summary: 'Move Resource State Not Supported' }),
      ]);
      expect(res.diagnostics[0].detail).toContain(
        'uptime_status_page cannot take over the state of uptime_monitor',
      );
      expect(res.diagnostics[0].detail).toMatch(/import block.*removed block/);
    });

  it('StopProvider answers without error', async () => {
    expect(await t.call('StopProvider')).toEqual({ Error: '' });
  });
});
