// The framework's identity, list and generated-configuration rules, in-process with small declarations: what
// Terraform core does not check (identity stability) and what the compat suite cannot provoke with real resources.
import { encodeMsgpack, decodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { ctyMap, ctyObject, ctyString, type CtyType } from '../../src/protocol/cty/types.js';
import { unknown, type CtyValue } from '../../src/protocol/cty/values.js';
import {
  defineListResource,
  defineProvider,
  defineResource,
  int64Attr,
  stringAttr,
  type AnyListResource,
  type AnyResource,
} from '../../src/protocol/framework/index.js';
import { createProviderHandlers } from '../../src/protocol/framework/server.js';
import { Logger } from '../../src/protocol/logging.js';
import type { EventSink, ProviderHandlers } from '../../src/protocol/server.js';

type Obj = Record<string, CtyValue>;
const attrs = {
  id: stringAttr({ computed: true }),
  name: stringAttr({ required: true }),
  size: int64Attr({ optional: true, computed: true, default: 3 }),
  token: stringAttr({ optional: true, sensitive: true }),
  token_wo: stringAttr({ optional: true, writeOnly: true }),
};
const T = ctyObject({
  id: ctyString,
  name: ctyString,
  size: { kind: 'number' },
  token: ctyString,
  token_wo: ctyString,
});
const ID_T = ctyObject({ id: ctyString });
const dv = (t: CtyType, v: CtyValue) => ({ msgpack: Buffer.from(encodeMsgpack(t, v)) });
const un = (t: CtyType, d: any) => (d?.msgpack?.length ? (decodeMsgpack(t, d.msgpack) as Obj) : null);
const idData = (id: string | null) => ({ identity_data: dv(ID_T, { id }) });
const state = (over: Obj = {}): Obj => ({
  id: 'a',
  name: 'n',
  size: 3,
  token: null,
  token_wo: null,
  ...over,
});

let nextId = 'a';
function resource(extra: Partial<AnyResource> = {}): AnyResource {
  return defineResource({
    typeName: 'test_thing',
    attributes: attrs,
    identity: {
      attributes: { id: { type: ctyString, forImport: 'required' } },
      fromState: (s: any) => ({ id: s.id }),
    },
    importState: async (id: string) => ({ id }),
    create: async ({ plan }: any) => ({ ...plan, id: nextId }),
    read: async ({ state: s }: any) => ({ ...s, id: nextId }),
    update: async ({ plan }: any) => ({ ...plan, id: nextId }),
    delete: async () => {},
    ...extra,
  } as never);
}

function handlers(r: AnyResource = resource(), lists: AnyListResource[] = []): ProviderHandlers {
  const provider = defineProvider({
    typeName: 'test',
    address: 'registry.terraform.io/x/test',
    schema: { attributes: {} },
    resources: [r],
    listResources: lists,
  });
  return createProviderHandlers(provider, {
    logger: new Logger(undefined, 'test'),
    signal: new AbortController().signal,
  });
}

beforeEach(() => {
  nextId = 'a';
});

describe('identity declarations', () => {
  it('rejects what Terraform refuses when loading identity schemas', () => {
    const bad = (identity: unknown) => () => handlers(resource({ identity } as never));
    expect(
      bad({
        attributes: { tags: { type: ctyMap(ctyString), forImport: 'required' } },
        fromState: () => ({}),
      }),
    ).toThrow(/map, set, object/);
    expect(bad({ attributes: { id: { type: ctyString } }, fromState: () => ({}) })).toThrow(/forImport/);
    expect(
      bad({
        version: -1,
        attributes: { id: { type: ctyString, forImport: 'required' } },
        fromState: () => ({}),
      }),
    ).toThrow(/version/);
    const list = (typeName: string, a: object) =>
      defineListResource({ typeName, attributes: a as never, async *list() {} });
    expect(() => handlers(resource(), [list('test_other', {})])).toThrow(/declares an identity/);
    expect(() => handlers(resource(), [list('test_thing', { q: stringAttr({ required: true }) })])).toThrow(
      /optional only/,
    );
  });

  it('is served with version 0 and one import flag per attribute', async () => {
    const res = await handlers().GetResourceIdentitySchemas!({});
    expect(res).toEqual({
      identity_schemas: {
        test_thing: {
          version: '0',
          identity_attributes: [
            {
              name: 'id',
              type: Buffer.from('"string"'),
              required_for_import: true,
              optional_for_import: false,
              description: '',
            },
          ],
        },
      },
      diagnostics: [],
    });
  });
});

describe('identity stability (Terraform core does not check it; the framework does)', () => {
  it('Read: a changed identity is an error and the state is kept', async () => {
    nextId = 'b';
    const res = await handlers().ReadResource!({
      type_name: 'test_thing',
      current_state: dv(T, state()),
      current_identity: idData('a'),
    });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'Unexpected Identity Change' }),
    ]);
    expect(un(T, res.new_state)).toEqual(state());
    expect(un(ID_T, (res.new_identity as any).identity_data)).toEqual({ id: 'a' });
  });

  it('Plan: an update that would change the identity is an error; the prior identity is planned', async () => {
    const h = handlers(resource({ modifyPlan: ({ plan }: any) => ({ ...plan, id: 'z' }) } as never));
    const res = await h.PlanResourceChange!({
      type_name: 'test_thing',
      prior_state: dv(T, state()),
      proposed_new_state: dv(T, state({ name: 'm' })),
      config: dv(T, state({ id: null, size: null, name: 'm' })),
      prior_identity: idData('a'),
    });
    expect(res.diagnostics).toEqual([expect.objectContaining({ summary: 'Unexpected Identity Change' })]);
  });

  it('Apply: create returns the new identity; one other than a known planned identity, or none, is an error', async () => {
    nextId = 'new';
    const planned = state({ id: unknown });
    const req = {
      type_name: 'test_thing',
      prior_state: dv(T, null),
      planned_state: dv(T, planned),
      config: dv(T, state({ id: null, size: null })),
    };
    const ok = await handlers().ApplyResourceChange!(req);
    expect(ok.diagnostics).toEqual([]);
    expect(un(ID_T, (ok.new_identity as any).identity_data)).toEqual({ id: 'new' });
    const other = await handlers().ApplyResourceChange!({ ...req, planned_identity: idData('x') });
    expect(other.diagnostics).toEqual([expect.objectContaining({ summary: 'Unexpected Identity Change' })]);
    const bad = resource({
      identity: {
        attributes: { id: { type: ctyString, forImport: 'required' } },
        fromState: () => ({ id: null }),
      },
    } as never);
    const res = await handlers(bad).ApplyResourceChange!(req);
    expect(res.diagnostics).toEqual([
      expect.objectContaining({ summary: 'Missing Resource Identity After Create' }),
    ]);
  });

  it('Import by identity: the object must be the one named; an identity for a type without one is refused', async () => {
    const other = handlers(resource({ importState: async () => ({ id: 'other' }) } as never));
    const res = await other.ImportResourceState!({ type_name: 'test_thing', id: '', identity: idData('a') });
    expect(res.imported_resources).toEqual([]);
    expect(res.diagnostics).toEqual([expect.objectContaining({ summary: 'Unexpected Identity Change' })]);
    const plain = handlers(resource({ identity: undefined } as never));
    const no = await plain.ImportResourceState!({ type_name: 'test_thing', id: '', identity: idData('a') });
    expect(no.diagnostics).toEqual([
      expect.objectContaining({ summary: 'Import by identity not supported' }),
    ]);
  });
});

describe('UpgradeResourceIdentity', () => {
  it('runs the declared upgraders to the current version', async () => {
    const r = resource({
      identity: {
        version: 1,
        attributes: { id: { type: ctyString, forImport: 'required' } },
        fromState: (s: any) => ({ id: s.id }),
        upgrade: { 0: (raw: any) => ({ id: raw.legacy_id }) },
      },
    } as never);
    const res = await handlers(r).UpgradeResourceIdentity!({
      type_name: 'test_thing',
      version: '0',
      raw_identity: { json: Buffer.from('{"legacy_id":"x"}') },
    });
    expect(un(ID_T, (res.upgraded_identity as any).identity_data)).toEqual({ id: 'x' });
    const newer = await handlers(r).UpgradeResourceIdentity!({
      type_name: 'test_thing',
      version: '2',
      raw_identity: { json: Buffer.from('{"id":"x"}') },
    });
    expect(newer.diagnostics).toEqual([expect.objectContaining({ severity: 'ERROR' })]);
  });
});

describe('GenerateResourceConfig without a generator', () => {
  it('leaves out computed-only, sensitive, write-only and default values', async () => {
    const res = await handlers().GenerateResourceConfig!({
      type_name: 'test_thing',
      state: dv(T, state({ token: 'SECRET', size: 3 })),
    });
    expect(un(T, res.config)).toEqual({ id: null, name: 'n', size: null, token: null, token_wo: null });
    const sized = await handlers().GenerateResourceConfig!({
      type_name: 'test_thing',
      state: dv(T, state({ size: 9 })),
    });
    expect(un(T, sized.config)!.size).toBe(9);
    const declined = handlers(resource({ generateConfig: async () => undefined } as never));
    const same = await declined.GenerateResourceConfig!({
      type_name: 'test_thing',
      state: dv(T, state({ size: 9 })),
    });
    expect(un(T, same.config)).toEqual(un(T, sized.config));
    const own = handlers(
      resource({ generateConfig: async () => ({ name: 'g', token: 'SECRET', id: 'x' }) } as never),
    );
    const mine = await own.GenerateResourceConfig!({ type_name: 'test_thing', state: dv(T, state()) });
    expect(un(T, mine.config)).toEqual({ id: null, name: 'g', size: null, token: null, token_wo: null });
  });
});

describe('PlanResourceChange with 1.16 planned_private', () => {
  it('keeps keys the plan-time plan decided', async () => {
    const h = handlers(
      resource({
        modifyPlan: ({ plan, ctx }: any) => {
          if (ctx.private.get('decided') === undefined && ctx.private.get('k') === undefined)
            ctx.private.set('k', 1);
          return plan;
        },
      } as never),
    );
    const req = {
      type_name: 'test_thing',
      prior_state: dv(T, state()),
      proposed_new_state: dv(T, state({ name: 'm' })),
      config: dv(T, state({ id: null, size: null, name: 'm' })),
    };
    const first = await h.PlanResourceChange!(req);
    const again = await h.PlanResourceChange!({ ...req, planned_private: Buffer.from('{"decided":true}') });
    expect(JSON.parse(String(first.planned_private))).toEqual({ k: 1 });
    expect(JSON.parse(String(again.planned_private))).toEqual({ decided: true });
  });
});

describe('ListResource', () => {
  const listT = ctyObject({ q: ctyString });
  function lister(pages: number, fail = false) {
    const state = { fetched: 0 };
    const l = defineListResource({
      typeName: 'test_thing',
      attributes: { q: stringAttr({ optional: true }) },
      async *list({ ctx }) {
        for (let p = 0; p < pages; p++) {
          if (ctx.signal.aborted) return;
          state.fetched++;
          if (fail && p === 1) throw new Error('page 2 failed (503)');
          for (let i = 0; i < 10; i++)
            yield { displayName: `t${p}-${i}`, state: { id: `${p}-${i}`, name: `t${p}-${i}` } };
        }
      },
    });
    return { state, h: handlers(resource(), [l]) };
  }
  const run = async (h: ProviderHandlers, req: object, cancelAfter?: number) => {
    const events: any[] = [];
    const ac = new AbortController();
    const sink: EventSink = {
      signal: ac.signal,
      write: async (e) => {
        events.push(e);
        if (cancelAfter !== undefined && events.length >= cancelAfter) ac.abort();
      },
    };
    await h.ListResource!({ type_name: 'test_thing', config: dv(listT, { q: null }), ...req }, sink);
    return events;
  };

  it('stops at the limit, and stops paging at once when the client cancels', async () => {
    const a = lister(5);
    const limited = await run(a.h, { limit: '12', include_resource_object: false });
    expect(limited).toHaveLength(12);
    expect(a.state.fetched).toBe(2);
    expect(limited[0].resource_object).toBeUndefined();
    expect(un(ID_T, limited[0].identity.identity_data)).toEqual({ id: '0-0' });
    const b = lister(5);
    expect(await run(b.h, { limit: '100' }, 3)).toHaveLength(3);
    expect(b.state.fetched).toBe(1);
    expect(await run(lister(5).h, { limit: '0' })).toEqual([]);
  });

  it('sends full objects when asked, and a failure as a final diagnostic event', async () => {
    const full = await run(lister(1).h, { limit: '100', include_resource_object: true });
    expect(un(T, full[0].resource_object)).toEqual({
      id: '0-0',
      name: 't0-0',
      size: null,
      token: null,
      token_wo: null,
    });
    const failed = await run(lister(3, true).h, { limit: '100' });
    expect(failed).toHaveLength(11);
    expect(failed[10]).toEqual({
      diagnostic: [
        expect.objectContaining({ severity: 'ERROR', detail: expect.stringContaining('page 2 failed') }),
      ],
    });
  });
});
