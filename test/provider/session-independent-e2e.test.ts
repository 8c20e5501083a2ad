// Independent check of the provider's run session (src/provider/session.ts): the refresh's listing cache answers
// reads from pages fetched once, but from the first write the process sends, by any path, every later read in that
// process goes to the service. Played with the real provider process and the local service as Terraform 1.14 drives
// it (test/protocol/compat/terraform.ts): a refresh that has filled the listing, then a write (a pause action's
// InvokeAction, or a resource's destroy), then a read of a monitor the listing holds, which must show the service as
// it is now. (Terraform 1.11, installed here, has no actions, and no command of it reads in the process that wrote:
// the apply walk reads nothing back; so the order is played at the protocol level.)
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY } from '../helpers/build.js';
import { PROFILES, Terraform, type Obj } from '../protocol/compat/terraform.js';
import { ServiceApi, testSeed } from './helpers.js';

const PROFILE = PROFILES.find((p) => p.version === '1.14.0')!;
const NAMES = ['first', 'second', 'third', 'fourth'];
let svc: RunningService;
let api: ServiceApi;
let bundle: string;
const id: Record<string, string> = {};

beforeAll(async () => {
  const seed = testSeed() as any;
  for (const n of NAMES)
    seed.tenants[0].monitors.push({ ref: n, body: { name: n, url: `https://${n}.example.com/` } });
  svc = await createService({ port: 0, seed, logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (const m of await api.listMonitors()) id[m.name] = m.id;
  bundle = await buildProvider(REAL_PROVIDER_ENTRY);
}, 300_000);

afterAll(async () => {
  await svc?.close();
});

/** A configured provider process, the states of `names` (imported), and a refresh of the first two: the second read
 *  is answered from the listing, which then holds every monitor. */
async function refreshed(names: string[]) {
  const t = await Terraform.session(PROFILE, bundle, { baseUrl: svc.baseUrl, token: svc.tokens.full! });
  const states: Record<string, Obj> = {};
  for (const n of names) states[n] = (await t.import('uptime_monitor', { id: id[n]! })).state!;
  states[names[0]!] = (await t.read('uptime_monitor', states[names[0]!]!)).state!;
  const listed = (await t.read('uptime_monitor', states[names[1]!]!)).state!;
  expect(listed.name).toBe(names[1]);
  states[names[1]!] = listed;
  return { t, states };
}

test('after a pause action, a read in the same process shows the monitor paused', async () => {
  const { t, states } = await refreshed(['first', 'second', 'fourth']);
  try {
    const before = (await t.read('uptime_monitor', states.fourth!)).state!;
    expect(before.enabled).toBe(true);
    const paused = await t.invokeAction('uptime_monitor_pause', {
      ids: [id.fourth!],
      name: null,
      status: null,
    } as Obj);
    expect(paused.diagnostics ?? []).toEqual([]);
    expect((await api.monitor(id.fourth!)).enabled).toBe(false);
    const after = (await t.read('uptime_monitor', states.fourth!)).state!;
    expect(after.enabled).toBe(false);
  } finally {
    t.close();
    await api.call('POST', `/monitors/${id.fourth}/activate`);
  }
}, 120_000);

test('after a resource write (a destroy), a read in the same process shows a change made since the listing', async () => {
  const { t, states } = await refreshed(['first', 'second', 'third']);
  try {
    // Changed by someone else after the listing was fetched: a refresh may answer from its listing until it writes.
    expect((await api.patchMonitor(id.third!, { name: 'third, renamed' })).status).toBe(200);
    const errors = (r: { res: { diagnostics: { severity: string }[] } }) =>
      r.res.diagnostics.filter((d) => d.severity === 'ERROR');
    expect(errors(await t.plan('uptime_monitor', states.first!, null))).toEqual([]);
    expect(errors(await t.apply('uptime_monitor', states.first!, null, null))).toEqual([]);
    expect((await api.monitor(id.first!)).status).toBe('archived');
    const after = (await t.read('uptime_monitor', states.third!)).state!;
    expect(after.name).toBe('third, renamed');
  } finally {
    t.close();
  }
}, 120_000);

test('without a write, the listing answers (the cache is on: the check above can fail)', async () => {
  const { t, states } = await refreshed(['second', 'fourth', 'third']);
  try {
    expect((await api.patchMonitor(id.third!, { name: 'third, again' })).status).toBe(200);
    const after = (await t.read('uptime_monitor', states.third!)).state!;
    expect(after.name).not.toBe('third, again');
  } finally {
    t.close();
  }
}, 120_000);
