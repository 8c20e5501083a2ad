// Drives the bundled test provider as Terraform does and replays Terraform's consistency checks.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeMsgpack, encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import type { CtyType } from '../../src/protocol/cty/types.js';
import { unknown, type CtyValue } from '../../src/protocol/cty/values.js';
import { buildProvider, TEST_PROVIDER_ENTRY } from '../helpers/build.js';
import {
  assertObjectCompatible,
  assertPlanValid,
  proposedNew,
  schemaFromWire,
  type SchemaInfo,
} from './driver/checks.js';
import { launchProvider, makeClientCert, type Launched } from './driver/launch.js';
import { until } from '../helpers/wait.js';

type Obj = Record<string, CtyValue>;
let bundle: string;
let p: Launched;
let thing: { info: SchemaInfo; type: CtyType };
let providerType: CtyType;
let storePath: string;
const caps = { write_only_attributes_allowed: true };

const dv = (t: CtyType, v: CtyValue) => ({ msgpack: Buffer.from(encodeMsgpack(t, v)) });
const un = (t: CtyType, d: { msgpack?: Buffer } | null | undefined) =>
  decodeMsgpack(t, d?.msgpack) as Obj | null;

function config(over: Obj = {}): Obj {
  const base: Obj = {
    id: null,
    name: 'alpha',
    kind: null,
    size: null,
    big: null,
    enabled: null,
    secret: null,
    password_wo: null,
    tags: null,
    ports: null,
    settings: null,
    rules: null,
    created_at: null,
    revision: null,
    legacy: null,
  };
  return { ...base, ...over };
}

async function plan(prior: Obj | null, cfg: Obj, priorPrivate = Buffer.alloc(0)) {
  const res = await p.call('PlanResourceChange', {
    type_name: 'uptime_test_thing',
    prior_state: dv(thing.type, prior),
    proposed_new_state: dv(thing.type, proposedNew(thing.info, prior, cfg)),
    config: dv(thing.type, cfg),
    prior_private: priorPrivate,
    client_capabilities: caps,
  });
  const planned = un(thing.type, res.planned_state);
  expect(res.diagnostics).toEqual([]);
  expect(assertPlanValid(thing.info, prior, cfg, planned)).toEqual([]);
  return { planned, res };
}

async function apply(prior: Obj | null, planned: Obj | null, cfg: Obj | null, plannedPrivate: Buffer) {
  const res = await p.call('ApplyResourceChange', {
    type_name: 'uptime_test_thing',
    prior_state: dv(thing.type, prior),
    planned_state: dv(thing.type, planned),
    config: dv(thing.type, cfg),
    planned_private: plannedPrivate,
  });
  const state = un(thing.type, res.new_state);
  expect(assertObjectCompatible(thing.type, planned, state)).toEqual([]);
  return { state, res };
}

beforeAll(async () => {
  bundle = await buildProvider(TEST_PROVIDER_ENTRY);
  storePath = join(mkdtempSync(join(tmpdir(), 'tfp-store-')), 'store.json');
  p = await launchProvider(bundle, { env: { TF_LOG_PROVIDER: 'trace' } });
  const schema = await p.call('GetProviderSchema');
  thing = schemaFromWire(schema.resource_schemas.uptime_test_thing.block.attributes);
  providerType = schemaFromWire(schema.provider.block.attributes).type;
  const conf = await p.call('ConfigureProvider', {
    terraform_version: '1.11.4',
    config: dv(providerType, { store_path: storePath, token: 'SUPER-SECRET-TOKEN', slow_ms: null }),
  });
  expect(conf.diagnostics).toEqual([]);
}, 30_000);

afterAll(() => p?.close());

describe('launch and handshake', () => {
  it('prints one handshake line with an unpadded DER certificate that verifies for localhost', () => {
    const f = p.handshakeLine.trimEnd().split('|');
    expect(f).toHaveLength(6);
    expect(f.slice(0, 3)).toEqual(['1', '6', 'unix']);
    expect(f[4]).toBe('grpc');
    expect(f[5]).not.toMatch(/=/);
    expect(f[5]!.length).toBeGreaterThan(50);
    const cert = p.serverCert!;
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.ca).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyType).toBe('ec');
  });

  it('rejects a client certificate other than PLUGIN_CLIENT_CERT', async () => {
    const other = await launchProvider(bundle, { presentCert: await makeClientCert() });
    try {
      await expect(other.call('GetProviderSchema')).rejects.toThrow();
    } finally {
      other.close();
    }
  });

  it('serves plaintext without PLUGIN_CLIENT_CERT, health says SERVING, Shutdown exits promptly', async () => {
    const plain = await launchProvider(bundle, { tls: false, env: { TF_LOG_PROVIDER: 'debug' } });
    expect(plain.handshakeLine).toMatch(/^1\|6\|unix\|[^|]+\|grpc\|\n$/);
    expect(await plain.callService('Check', { service: 'plugin' }, 'health')).toEqual({ status: 'SERVING' });
    plain.child.kill('SIGINT'); // ignored: wait until the process has handled it (its debug line), not a fixed time
    await until(() => plain.stderr().includes('SIGINT ignored'), 'the provider to handle SIGINT');
    expect(plain.child.exitCode).toBeNull();
    expect(await plain.callService('Check', { service: 'plugin' }, 'health')).toEqual({ status: 'SERVING' });
    // Exits on Shutdown by itself (no kill; a handle left open would keep it up until the test's timeout).
    await plain.callService('Shutdown');
    expect(await plain.exited).toBe(0);
    plain.close();
  });

  it('prints a human message and exits 1 when run by hand, and honours PLUGIN_PROTOCOL_VERSIONS', async () => {
    await expect(launchProvider(bundle, { env: { TF_PLUGIN_MAGIC_COOKIE: '' } })).rejects.toThrow(
      /This binary is a plugin/,
    );
    await expect(launchProvider(bundle, { env: { PLUGIN_PROTOCOL_VERSIONS: '4,5' } })).rejects.toThrow(
      /protocol 6/,
    );
  });

  it('--debug serves plaintext and prints TF_REATTACH_PROVIDERS', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [bundle, '--debug'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const line = await new Promise<string>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /TF_REATTACH_PROVIDERS='(.*)'/.exec(out);
        if (m) resolve(m[1]!);
      }),
    );
    const reattach = JSON.parse(line)['registry.terraform.io/uptime-monitoring/uptime'];
    expect(reattach).toMatchObject({
      Protocol: 'grpc',
      ProtocolVersion: 6,
      Pid: child.pid,
      Test: true,
      Addr: { Network: 'unix' },
    });
    child.kill('SIGINT');
    await new Promise((r) => child.on('exit', r));
  });

  it('a provider that fails to build after the handshake reports the failure as an error diagnostic', async () => {
    const broken = await launchProvider(
      await buildProvider(join(__dirname, 'fixtures', 'broken-provider-main.ts')),
    );
    try {
      for (const rpc of ['GetProviderSchema', 'ValidateProviderConfig']) {
        const res = await broken.call(rpc);
        expect(res.diagnostics).toEqual([
          expect.objectContaining({
            severity: 'ERROR',
            detail: expect.stringContaining('provider configuration table is corrupt'),
          }),
        ]);
      }
      await broken.callService('Shutdown');
      expect(await broken.exited).toBe(0);
    } finally {
      broken.close();
    }
  });
});

describe('RPCs and Terraform consistency rules', () => {
  it('advertises plan_destroy and get_provider_schema_optional; unused RPCs answer empty', async () => {
    const s = await p.call('GetProviderSchema');
    expect(s.server_capabilities).toMatchObject({ plan_destroy: true, get_provider_schema_optional: true });
    expect(Object.keys(s.data_source_schemas)).toEqual(['uptime_test_echo']);
    expect(await p.call('GetResourceIdentitySchemas')).toEqual({ identity_schemas: {}, diagnostics: [] });
    expect((await p.call('GetMetadata')).resources).toEqual([{ type_name: 'uptime_test_thing' }]);
    expect(await p.call('StopProvider')).toEqual({ Error: '' });
  });

  it('a provider without list resources answers their RPCs with gRPC UNIMPLEMENTED, not a diagnostic', async () => {
    // Terraform ≥1.13 fails every command on an error diagnostic from GetResourceIdentitySchemas; an RPC the
    // provider leaves out must look exactly like one the server never registered.
    for (const rpc of ['ListResource', 'ValidateListResourceConfig'])
      expect([rpc, await p.probe(rpc)]).toEqual([rpc, expect.objectContaining({ code: 12 })]);
    // OpenTofu calls these without capability checks: answered, with an error that says why.
    const move = await p.call('MoveResourceState', {
      source_type_name: 'other_thing',
      target_type_name: 'uptime_test_thing',
    });
    expect(move.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'Move Resource State Not Supported' }),
    ]);
    expect((await p.call('CallFunction', { name: 'f' })).error.text).toContain('"f"');
    expect((await p.call('GetMetadata')).list_resources).toEqual([]);
  });

  it('validators report diagnostics with severity and attribute path', async () => {
    const res = await p.call('ValidateResourceConfig', {
      type_name: 'uptime_test_thing',
      config: dv(thing.type, config({ name: '', kind: 'zzz', size: 2.5, legacy: 'x' })),
      client_capabilities: caps,
    });
    const diags = res.diagnostics.map((d: any) => [d.severity, d.attribute?.steps?.[0]?.attribute_name]);
    expect(diags).toEqual(
      expect.arrayContaining([
        ['ERROR', 'name'],
        ['ERROR', 'kind'],
        ['ERROR', 'size'],
        ['WARNING', 'legacy'],
      ]),
    );
    const unknownOk = await p.call('ValidateResourceConfig', {
      type_name: 'uptime_test_thing',
      config: dv(thing.type, config({ name: unknown })),
      client_capabilities: caps,
    });
    expect(unknownOk.diagnostics).toEqual([]);
    const wo = await p.call('ValidateResourceConfig', {
      type_name: 'uptime_test_thing',
      config: dv(thing.type, config({ password_wo: 'pw' })),
      client_capabilities: { write_only_attributes_allowed: false },
    });
    expect(wo.diagnostics[0].summary).toBe('WriteOnly Attribute Not Allowed');
    // No capabilities at all (OpenTofu 1.8–1.10, Terraform's partial expansion): validation passes, plan refuses.
    const noCaps = { type_name: 'uptime_test_thing', config: dv(thing.type, config({ password_wo: 'pw' })) };
    expect((await p.call('ValidateResourceConfig', noCaps)).diagnostics).toEqual([]);
    const refused = await p.call('PlanResourceChange', {
      ...noCaps,
      prior_state: dv(thing.type, null),
      proposed_new_state: dv(thing.type, proposedNew(thing.info, null, config({ password_wo: 'pw' }))),
      prior_private: Buffer.alloc(0),
    });
    expect(refused.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'WriteOnly Attribute Not Allowed' }),
    ]);
    expect(refused.diagnostics[0].detail).toContain('"password_wo"');
    expect(un(thing.type, refused.planned_state)).toBeNull();
  });

  it('create → no-op re-plan → update → replace → drift → destroy, with private state carried', async () => {
    const cfg = config({
      secret: unknown,
      password_wo: 'pw',
      big: 123456789012345678901234567890n,
      settings: { mode: 'fast', level: null },
      rules: [{ name: 'r1', priority: null }],
      tags: { env: 'test' },
    });
    // Plan with an unknown config value: it stays unknown, computed attributes become unknown, defaults applied.
    const first = await plan(null, cfg);
    expect(first.planned).toMatchObject({
      id: unknown,
      secret: unknown,
      size: 1,
      created_at: unknown,
      password_wo: null,
    });
    expect((first.planned!.settings as Obj).level).toBe(3);
    expect((first.planned!.rules as Obj[])[0]!.priority).toBe(unknown);

    // Apply-time re-plan with the value now known must be compatible with the first plan.
    const known = { ...cfg, secret: 's3cret' };
    const second = await plan(null, known);
    expect(
      assertObjectCompatible(thing.type, first.planned, second.planned, 'root', { allowUnknown: true }),
    ).toEqual([]);
    const created = await apply(null, second.planned, known, second.res.planned_private);
    const state = created.state!;
    expect(state.id).toMatch(/^thing-\d+$/);
    expect(state.password_wo).toBeNull();
    expect(state.big).toBe(123456789012345678901234567890n);
    expect((state.rules as Obj[])[0]!.priority).toBe(10);
    const priv = created.res.private as Buffer;
    expect(JSON.parse(priv.toString()).etag).toBe(`"${String(state.id)}-1"`);

    // Read: wholly known, private echoed.
    const read = await p.call('ReadResource', {
      type_name: 'uptime_test_thing',
      current_state: dv(thing.type, state),
      private: priv,
    });
    const refreshed = un(thing.type, read.new_state)!;
    expect(refreshed).toEqual(state);
    expect(JSON.parse(read.private.toString()).etag).toBe(`"${String(state.id)}-1"`);

    // Same config again: planned == prior (NoOp), private carried to planned_private.
    const noop = await plan(refreshed, known, read.private);
    expect(noop.planned).toEqual(refreshed);
    expect(JSON.parse(noop.res.planned_private.toString()).etag).toBe(`"${String(state.id)}-1"`);

    // Update: id/created_at kept by useStateForUnknown, revision unknown, private reaches apply.
    const changed = { ...known, name: 'beta' };
    const up = await plan(refreshed, changed, read.private);
    expect(up.planned).toMatchObject({
      id: state.id,
      created_at: state.created_at,
      revision: unknown,
      name: 'beta',
    });
    expect(up.res.requires_replace).toEqual([]);
    const updated = await apply(refreshed, up.planned, changed, up.res.planned_private);
    expect(updated.res.diagnostics).toEqual([]);
    expect(updated.state).toMatchObject({ name: 'beta', revision: 2 });

    // Changing kind requires replacement.
    const repl = await plan(updated.state, { ...changed, kind: 'b' }, updated.res.private);
    expect(repl.res.requires_replace).toEqual([
      { steps: [{ attribute_name: 'kind', selector: 'attribute_name' }] },
    ]);

    // Deleted remotely: Read returns null.
    const store = JSON.parse(readFileSync(storePath, 'utf8'));
    delete store.things[state.id as string];
    writeFileSync(storePath, JSON.stringify(store));
    const gone = await p.call('ReadResource', {
      type_name: 'uptime_test_thing',
      current_state: dv(thing.type, updated.state),
      private: updated.res.private,
    });
    expect(gone.new_state.msgpack.toString('hex')).toBe('c0');

    // Destroy: planned null (plan_destroy) and apply returns null.
    const d = await p.call('PlanResourceChange', {
      type_name: 'uptime_test_thing',
      prior_state: dv(thing.type, updated.state),
      proposed_new_state: dv(thing.type, null),
      config: dv(thing.type, null),
      prior_private: updated.res.private,
    });
    expect(un(thing.type, d.planned_state)).toBeNull();
    const del = await apply(updated.state, null, null, d.planned_private);
    expect(del.state).toBeNull();
  });

  it('import → read yields a state that plans as no-op against matching config', async () => {
    const cfg = config({ name: 'imp' });
    const c = await plan(null, cfg);
    const made = await apply(null, c.planned, cfg, c.res.planned_private);
    const imp = await p.call('ImportResourceState', { type_name: 'uptime_test_thing', id: made.state!.id });
    expect(imp.imported_resources).toHaveLength(1);
    const stub = un(thing.type, imp.imported_resources[0].state)!;
    expect(stub.id).toBe(made.state!.id);
    const read = await p.call('ReadResource', {
      type_name: 'uptime_test_thing',
      current_state: imp.imported_resources[0].state,
      private: imp.imported_resources[0].private,
    });
    const full = un(thing.type, read.new_state)!;
    const again = await plan(full, cfg, read.private);
    expect(again.planned).toEqual(full);
  });

  it('UpgradeResourceState decodes raw JSON state exactly (same version = identity, unknown keys dropped)', async () => {
    const raw = {
      ...config({ id: 'thing-9', name: 'n', big: null }),
      size: 1,
      revision: 1,
      created_at: 'x',
      removed_attr: 1,
    };
    const json = JSON.stringify(raw).replace('"big":null', '"big":98765432109876543210.5');
    const res = await p.call('UpgradeResourceState', {
      type_name: 'uptime_test_thing',
      version: '0',
      raw_state: { json: Buffer.from(json) },
    });
    expect(res.diagnostics).toEqual([]);
    const v = un(thing.type, res.upgraded_state)!;
    expect(String(v.big)).toBe('98765432109876543210.5');
    expect(v.id).toBe('thing-9');
  });

  it('data source read returns a wholly known object', async () => {
    const t = schemaFromWire(
      (await p.call('GetProviderSchema')).data_source_schemas.uptime_test_echo.block.attributes,
    ).type;
    const res = await p.call('ReadDataSource', {
      type_name: 'uptime_test_echo',
      config: dv(t, { input: 'hi', output: null }),
    });
    expect(un(t, res.state)).toEqual({ input: 'hi', output: 'HI' });
  });

  it('StopProvider cancels work in flight', async () => {
    const slowStore = join(mkdtempSync(join(tmpdir(), 'tfp-store-')), 's.json');
    const slow = await launchProvider(bundle);
    try {
      await slow.call('ConfigureProvider', {
        config: dv(providerType, { store_path: slowStore, token: null, slow_ms: 20_000 }),
      });
      const cfg = config({ name: 'slow' });
      const pl = await slow.call('PlanResourceChange', {
        type_name: 'uptime_test_thing',
        prior_state: dv(thing.type, null),
        proposed_new_state: dv(thing.type, proposedNew(thing.info, null, cfg)),
        config: dv(thing.type, cfg),
      });
      let settled = false;
      const pending = slow
        .call('ApplyResourceChange', {
          type_name: 'uptime_test_thing',
          prior_state: dv(thing.type, null),
          planned_state: pl.planned_state,
          config: dv(thing.type, cfg),
        })
        .finally(() => (settled = true));
      // StopProvider cancels the work in flight: until the apply has started there is none, so stop until it ends
      // (on a loaded machine the apply may start well after the call is sent).
      await until(
        async () => {
          expect(await slow.call('StopProvider')).toEqual({ Error: '' });
          return settled;
        },
        'the apply to end on StopProvider',
        { everyMs: 100 },
      );
      const res = await pending;
      // "Operation cancelled" is only said when the stop ended the 20 s wait before it ran out.
      expect(res.diagnostics[0]).toMatchObject({ severity: 'ERROR', summary: 'Operation cancelled' });
      expect(un(thing.type, res.new_state)).toBeNull();
    } finally {
      slow.close();
    }
  });

  it('logs hclog JSON lines with 6-digit timestamps and never the sensitive token', () => {
    const lines = p.stderr().trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) {
      const e = JSON.parse(l);
      expect(typeof e['@message']).toBe('string');
      expect(e['@level']).toMatch(/^(trace|debug|info|warn|error)$/);
      expect(e['@timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
    expect(p.stderr()).toContain('ConfigureProvider');
    expect(p.stderr()).not.toContain('SUPER-SECRET-TOKEN');
    expect(p.stderr()).not.toContain('s3cret');
  });
});
