// Terraform 1.14+ actions at the protocol level: uptime_monitor_pause / uptime_monitor_activate played as
// Terraform drives them (ValidateActionConfig in the validate walk, PlanAction in plan, the InvokeAction stream in
// apply; cancellation by StopProvider and by the stream's end) against the real provider process and the local
// service, from the official 6.10 and 6.11 definitions (terraform.ts).
import { createService, type RunningService } from '../../../src/service/index.js';
import { unknown } from '../../../src/protocol/cty/values.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../../helpers/build.js';
import { ServiceApi, testSeed } from '../../provider/helpers.js';
import { PROFILES, Terraform, type Obj } from './terraform.js';

const ACTION_PROFILES = PROFILES.filter((p) => p.query); // 1.14.0, 1.15.9, 1.16.0-rc2
const BULK = 12;
let svc: RunningService;
let api: ServiceApi;
let bundle: string;
const id: Record<string, string> = {};

beforeAll(async () => {
  const seed = testSeed() as any;
  const tenant = seed.tenants[0];
  for (const n of ['api-eu', 'api-us', 'api-asia', 'web-shop'])
    tenant.monitors.push({ ref: n, body: { name: n, url: `https://${n}.example.com/health` } });
  for (let i = 1; i <= BULK; i++) {
    const n = `bulk-${String(i).padStart(2, '0')}`;
    tenant.monitors.push({ ref: n, body: { name: n, url: `https://${n}.example.com/` } });
  }
  tenant.tokens.push({ name: 'api-eu-only', monitors: ['api-eu'] });
  tenant.tokens.push({ name: 'read-only', scopes: ['monitors:read'] });
  svc = await createService({ port: 0, seed, logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (const m of await api.listMonitors()) id[m.name] = m.id;
  bundle = process.env.UPTIME_PROVIDER_EXECUTABLE || (await buildProvider(REAL_PROVIDER_ENTRY));
}, 120_000);

afterAll(async () => {
  await svc?.close();
});

const enabled = async (names: string[]) =>
  Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await api.monitor(id[n]!)).enabled])));
const setEnabled = async (names: string[], on: boolean) => {
  for (const n of names)
    if ((await api.monitor(id[n]!)).enabled !== on)
      expect((await api.call('POST', `/monitors/${id[n]}/${on ? 'activate' : 'pause'}`)).status).toBe(200);
};
const sel = (o: Partial<Obj>): Obj => ({ ids: null, name: null, status: null, ...o }) as Obj;
const API = ['api-eu', 'api-us', 'api-asia'];
const BULK_NAMES = Array.from({ length: BULK }, (_, i) => `bulk-${String(i + 1).padStart(2, '0')}`);

const session = (profile: (typeof PROFILES)[number], token = 'full', env: NodeJS.ProcessEnv = {}) =>
  Terraform.session(profile, bundle, { baseUrl: svc.baseUrl, token: svc.tokens[token]! }, env);

describe.each(ACTION_PROFILES)('Terraform $version actions', (profile) => {
  let t: Terraform;
  beforeAll(async () => {
    t = await session(profile);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    await api.admin('DELETE', '/faults');
    await setEnabled([...API, ...BULK_NAMES], true);
  });

  it('declares both actions in GetMetadata and action_schemas: a config block of optional ids, name, status', async () => {
    const meta = await t.call('GetMetadata');
    expect(meta.actions.map((a: any) => a.type_name).sort()).toEqual([
      'uptime_monitor_activate',
      'uptime_monitor_pause',
    ]);
    const { schema } = await t.loadSchemas();
    for (const name of ['uptime_monitor_pause', 'uptime_monitor_activate']) {
      const attrs = schema.action_schemas[name].schema.block.attributes;
      expect(attrs.map((a: any) => [a.name, a.optional, a.required, a.computed])).toEqual([
        ['ids', true, false, false],
        ['name', true, false, false],
        ['status', true, false, false],
      ]);
      expect(schema.action_schemas[name].schema.block.description).toMatch(/Terraform 1\.14/);
    }
  });

  it('validates the selection: something must be selected, statuses are checked, unknowns pass', async () => {
    const none = await t.validateAction('uptime_monitor_pause', sel({}));
    expect(none.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'No monitors selected' }),
    ]);
    const bad = await t.validateAction('uptime_monitor_pause', sel({ name: 'api-*', status: ['sleeping'] }));
    expect(bad.diagnostics[0]).toMatchObject({ severity: 'ERROR', summary: 'Invalid status' });
    expect(bad.diagnostics[0].detail).toContain('"sleeping"');
    expect(bad.diagnostics[0].attribute.steps.map((s: any) => s.attribute_name ?? s.element_key_int)).toEqual(
      ['status', '0'],
    );
    expect((await t.validateAction('uptime_monitor_pause', sel({ name: unknown }))).diagnostics).toEqual([]);
    expect(
      (await t.validateAction('uptime_monitor_activate', sel({ ids: [id['api-eu']!] }))).diagnostics,
    ).toEqual([]);
  });

  it('plans: says how many monitors it will touch; unknown values pass; a missing id fails naming it', async () => {
    await setEnabled(['api-asia'], false);
    const plan = await t.planAction('uptime_monitor_pause', sel({ name: 'API-*' }));
    expect(plan.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        summary: 'uptime_monitor_pause will touch 2 of 3 selected monitors',
      }),
    ]);
    expect(plan.diagnostics[0].detail).toContain('1 already paused will be skipped');
    const activate = await t.planAction('uptime_monitor_activate', sel({ name: 'api-*' }));
    expect(activate.diagnostics[0].summary).toBe(
      'uptime_monitor_activate will touch 1 of 3 selected monitors',
    );
    expect((await t.planAction('uptime_monitor_pause', sel({ ids: unknown }))).diagnostics).toEqual([]);
    const missing = await t.planAction('uptime_monitor_pause', sel({ ids: [id['api-eu']!, 'mon_missing'] }));
    expect(missing.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'Monitor selection cannot be used' }),
    ]);
    expect(missing.diagnostics[0].detail).toContain('"mon_missing" was not found');
    const empty = await t.planAction('uptime_monitor_pause', sel({ name: 'nothing-*' }));
    expect(empty.diagnostics[0]).toMatchObject({
      severity: 'WARNING',
      summary: 'uptime_monitor_pause selects no monitors',
    });
    expect(await enabled(API)).toEqual({ 'api-eu': true, 'api-us': true, 'api-asia': false });
  });

  it('invokes pause then activate: one progress event per monitor, skips say so, a summary, no error', async () => {
    await setEnabled(['api-asia'], false);
    const pause = await t.invokeAction('uptime_monitor_pause', sel({ name: 'api-*' }));
    expect(pause.code).toBe(0);
    expect(pause.diagnostics).toEqual([]);
    expect(pause.progress[0]).toBe('3 monitors selected (name "api-*").');
    const perMonitor = pause.progress.slice(1, -1);
    expect(perMonitor.sort()).toEqual(
      [
        `Paused "api-eu" (${id['api-eu']})`,
        `Paused "api-us" (${id['api-us']})`,
        `Skipped "api-asia" (${id['api-asia']}): already paused`,
      ].sort(),
    );
    expect(pause.progress.at(-1)).toBe('Paused 2 monitors, 1 already paused (3 selected).');
    expect(await enabled([...API, 'web-shop'])).toEqual({
      'api-eu': false,
      'api-us': false,
      'api-asia': false,
      'web-shop': true,
    });

    const again = await t.invokeAction('uptime_monitor_pause', sel({ name: 'api-*' }));
    expect(again.progress.at(-1)).toBe('Paused 0 monitors, 3 already paused (3 selected).');

    const activate = await t.invokeAction(
      'uptime_monitor_activate',
      sel({ ids: [id['api-eu']!, id['api-us']!, id['api-asia']!], status: ['paused'] }),
    );
    expect(activate.diagnostics).toEqual([]);
    expect(activate.progress.slice(1, -1)).toHaveLength(3);
    expect(activate.progress.at(-1)).toBe('Activated 3 monitors (3 selected).');
    expect(await enabled(API)).toEqual({ 'api-eu': true, 'api-us': true, 'api-asia': true });
  });

  it('a failed write is reported by name, the others go on, and the action ends with an error', async () => {
    // A refusal, not a 503: a 5xx leaves the write in doubt, and the client replays it until the service answers.
    await api.admin('POST', '/faults', { route: 'pauseMonitor', status: 409, count: 1 });
    const r = await t.invokeAction('uptime_monitor_pause', sel({ name: 'api-*' }));
    const failed = r.progress.filter((m) => m.startsWith('Failed to pause'));
    expect(failed).toHaveLength(1);
    expect(r.progress.filter((m) => m.startsWith('Paused "'))).toHaveLength(2);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ severity: 'ERROR', summary: 'uptime_monitor_pause did not finish' }),
    ]);
    expect(r.diagnostics![0].detail).toMatch(/Not paused \(failed\): "api-/);
  });

  it('StopProvider mid-invoke: the monitor in hand finishes, the rest are untouched, and the result names both', async () => {
    await api.admin('POST', '/faults', { route: 'pauseMonitor', latencyMs: 150 });
    try {
      let stopped: Promise<unknown> | undefined;
      const r = await t.invokeAction('uptime_monitor_pause', sel({ name: 'bulk-*' }), {
        onEvent: (_e, n) => {
          if (n === 3) stopped = t.call('StopProvider'); // "selected" + two monitors done
        },
      });
      await stopped;
      const done = r.progress.filter((m) => m.startsWith('Paused "'));
      expect(done.length).toBeGreaterThanOrEqual(2);
      expect(done.length).toBeLessThan(BULK);
      expect(r.diagnostics).toEqual([
        expect.objectContaining({
          severity: 'ERROR',
          summary: 'uptime_monitor_pause stopped before the end',
        }),
      ]);
      const state = await enabled(BULK_NAMES);
      const paused = BULK_NAMES.filter((n) => !state[n]);
      // Exactly the monitors the progress events name are paused; the rest are named as not reached.
      expect(paused.sort()).toEqual(done.map((m) => /"([^"]+)"/.exec(m)![1]).sort());
      for (const n of BULK_NAMES.filter((x) => state[x]))
        expect(r.diagnostics![0].detail).toMatch(new RegExp(`not reached: .*"${n}"`));
    } finally {
      await api.admin('DELETE', '/faults');
    }
  });

  it('a restricted token pauses only what it can see; an id outside its selection fails naming it', async () => {
    const r = await session(profile, 'api-eu-only');
    try {
      const res = await r.invokeAction('uptime_monitor_pause', sel({ name: 'api-*' }));
      expect(res.progress.at(-1)).toBe('Paused 1 monitor (1 selected).');
      expect(await enabled(API)).toEqual({ 'api-eu': false, 'api-us': true, 'api-asia': true });
      const outside = await r.planAction('uptime_monitor_activate', sel({ ids: [id['api-us']!] }));
      expect(outside.diagnostics[0].detail).toContain('restricted to selected monitors');
    } finally {
      r.close();
    }
    const ro = await session(profile, 'read-only');
    try {
      const plan = await ro.planAction('uptime_monitor_pause', sel({ name: 'api-*' }));
      expect(plan.diagnostics).toContainEqual(
        expect.objectContaining({ severity: 'ERROR', summary: 'Token cannot pause or activate monitors' }),
      );
    } finally {
      ro.close();
    }
  });
});

describe('InvokeAction cancelled by the client (Terraform 1.16 definitions)', () => {
  it('stops before the next monitor; what was done after the cancel is in the provider log, by name', async () => {
    await api.admin('POST', '/faults', { route: 'pauseMonitor', latencyMs: 150 });
    const t = await session(PROFILES.at(-1)!, 'full', { TF_LOG_PROVIDER: 'warn' });
    try {
      const r = await t.invokeAction('uptime_monitor_pause', sel({ name: 'bulk-*' }), { cancelAfter: 3 });
      expect(r.code).toBe(1); // CANCELLED
      const delivered = r.progress.filter((m) => m.startsWith('Paused "'));
      // The provider finishes the monitor in hand and logs what nobody could read any more.
      const logged = () =>
        t.p
          .stderr()
          .split('\n')
          .filter((l) => l.includes('not delivered'));
      const deadline = Date.now() + 10_000;
      while (!logged().some((l) => l.includes('Action result not delivered')) && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 50));
      const lines = logged();
      expect(lines.some((l) => l.includes('stopped before the end'))).toBe(true);
      const late = lines
        .filter((l) => l.includes('Action progress not delivered') && l.includes('Paused \\"'))
        .map((l) => /Paused \\"([^\\]+)\\"/.exec(l)![1]);
      const state = await enabled(BULK_NAMES);
      const paused = BULK_NAMES.filter((n) => !state[n]);
      expect(paused.length).toBeLessThan(BULK);
      expect(paused.sort()).toEqual([...delivered.map((m) => /"([^"]+)"/.exec(m)![1]!), ...late].sort());
    } finally {
      t.close();
      await api.admin('DELETE', '/faults');
      await setEnabled(BULK_NAMES, true);
    }
  }, 30_000);
});

/** An object of the resource type with every attribute null, then `over`. */
function cfg(t: Terraform, type: string, over: Obj = {}): Obj {
  const out: Obj = {};
  for (const k of Object.keys(t.resources[type]!.info.attributes)) out[k] = null;
  return { ...out, ...over };
}

describe('Terraform 1.14 apply with action triggers on the deployed monitor', () => {
  let t: Terraform;
  const type = 'uptime_monitor';
  beforeAll(async () => {
    t = await session(ACTION_PROFILES[0]!);
  }, 60_000);
  afterAll(() => t?.close());

  async function deployed(run: string) {
    const config = (name: string, interval: number) =>
      cfg(t, type, {
        name: `${run}-${name}`,
        url: `https://${run}-${name}.example.com/`,
        interval_seconds: interval,
      });
    const target = await t.create(type, config('target', 300));
    const other = await t.create(type, config('other', 300));
    expect([target.res.diagnostics, other.res.diagnostics]).toEqual([[], []]);
    return { target, other, config, selection: sel({ name: `${run}-*` }) };
  }

  /** Refresh and plan as the next `terraform plan` does: Read, then Plan against the same configuration. */
  async function replan(state: Obj, config: Obj, priv: Buffer) {
    const read = await t.read(type, state, { private: priv });
    const plan = await t.plan(type, read.state, config, { priorPrivate: read.res.private });
    return { read: read.state!, plan: plan.planned!, changed: plan.planned!.enabled !== read.state!.enabled };
  }

  it('before_update pause, update, after_update activate: every monitor ends enabled, the next plan has no change', async () => {
    const { target, other, config, selection } = await deployed('deploy-ok');
    const next = config('target', 900);
    // plan: the resource change and both triggered actions
    const plan = await t.plan(type, target.state, next, { priorPrivate: target.res.private });
    expect((await t.planAction('uptime_monitor_pause', selection)).diagnostics[0].summary).toBe(
      'uptime_monitor_pause will touch 2 of 2 selected monitors',
    );
    // apply: before_update, the update, after_update
    const paused = await t.invokeAction('uptime_monitor_pause', selection);
    expect(paused.progress.at(-1)).toBe('Paused 2 monitors (2 selected).');
    const applied = await t.apply(type, target.state, plan.planned, next, {
      plannedPrivate: plan.res.planned_private,
    });
    // The pause moved the monitor's version on; the update knows that was this run, not someone else.
    expect(applied.res.diagnostics).toEqual([]);
    expect([applied.state!.interval_seconds, applied.state!.enabled]).toEqual([900, true]);
    const activated = await t.invokeAction('uptime_monitor_activate', selection);
    // The updated monitor's own apply made it what its configuration says (enabled = true); the other one waited.
    expect(activated.progress.at(-1)).toBe('Activated 1 monitor, 1 already active (2 selected).');
    // the next plan
    const a = await replan(applied.state!, next, applied.res.private);
    const b = await replan(other.state!, config('other', 300), other.res.private);
    expect([a.read.enabled, b.read.enabled, a.changed, b.changed]).toEqual([true, true, false, false]);
  }, 60_000);

  it('a failed update leaves the monitors paused: the next plan shows enabled false -> true; activate fixes it', async () => {
    const { target, other, config, selection } = await deployed('deploy-failed');
    const next = config('target', 900);
    const plan = await t.plan(type, target.state, next, { priorPrivate: target.res.private });
    await t.invokeAction('uptime_monitor_pause', selection);
    await api.admin('POST', '/faults', { route: 'updateMonitor', status: 400 });
    try {
      const failed = await t.apply(type, target.state, plan.planned, next, {
        plannedPrivate: plan.res.planned_private,
      });
      expect(failed.res.diagnostics.some((d: any) => d.severity === 'ERROR')).toBe(true);
    } finally {
      await api.admin('DELETE', '/faults');
    }
    // Terraform stops: after_update does not run. The next plan shows the pause as drift on `enabled`.
    const drift = await replan(other.state!, config('other', 300), other.res.private);
    expect([drift.read.enabled, drift.plan.enabled]).toEqual([false, true]);
    await t.invokeAction('uptime_monitor_activate', selection);
    const fixed = await replan(other.state!, config('other', 300), other.res.private);
    expect([fixed.read.enabled, fixed.changed]).toEqual([true, false]);
  }, 60_000);
});
