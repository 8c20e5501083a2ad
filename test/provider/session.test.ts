// The run session (src/provider/session.ts) as the provider's configure() makes it, against the local service: the
// refresh's listings answer reads until the process sends its first write, whichever part sends it (a resource that
// never reported its writes, an action's pause), and then every read sees the service as it is now.
import type { Monitor } from '../../src/api/index.js';
import { uptimeProvider } from '../../src/provider/index.js';
import { alertSettingsResource } from '../../src/provider/resources/alert-settings.js';
import { monitorResource } from '../../src/provider/resources/monitor.js';
import { ActionVersions, RunSession } from '../../src/provider/session.js';
import { Diagnostics } from '../../src/protocol/diagnostics.js';
import { Logger } from '../../src/protocol/logging.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { ServiceApi, testSeed } from './helpers.js';

let svc: RunningService;
let api: ServiceApi;
const ids: Record<string, string> = {};

beforeAll(async () => {
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (const n of ['a', 'b', 'c'])
    ids[n] = (await api.data('POST', '/monitors', { name: n, url: `https://${n}.example.com/` })).id;
});
afterAll(() => svc.close());

/** A provider process: configure() as Terraform calls it, and the API requests its client sends. */
async function providerProcess() {
  const requests: string[] = [];
  const logger = new Logger('debug', 'provider', (line) => {
    const e = JSON.parse(line) as { '@message': string };
    if (e['@message'].startsWith('request ')) requests.push(e['@message'].slice('request '.length));
  });
  const session = (await uptimeProvider.configure!({
    config: {
      base_url: svc.baseUrl,
      token: svc.tokens.full!,
      request_timeout_ms: null,
      max_retries: null,
      rate_limit_max_wait: null,
      rate_limit_share: null,
      in_doubt_max_wait: null,
    } as never,
    terraformVersion: '1.11.4',
    ctx: { diagnostics: new Diagnostics(), signal: new AbortController().signal, logger },
  })) as RunSession;
  const ctx = {
    providerData: session,
    diagnostics: new Diagnostics(),
    signal: new AbortController().signal,
    logger,
    private: {},
  } as never;
  /** ReadResource of an uptime_monitor (as a refresh sends it). */
  const read = async (id: string) =>
    (await monitorResource.read({ state: { id } as never, ctx })) as unknown as Monitor & { version: string };
  return { session, ctx, read, requests };
}

const lists = (requests: string[]) => requests.filter((r) => r === 'GET /monitors').length;

test('a resource write that reports nothing still ends the listings: later reads see the service', async () => {
  const { ctx, read, requests } = await providerProcess();
  await read(ids.a!); // the first read of a process is a GET
  expect((await read(ids.b!)).name).toBe('b');
  expect((await read(ids.c!)).name).toBe('c');
  expect(lists(requests)).toBe(1); // b and c came from one listing page

  // Changed outside this process: the listing read before still answers (that is what saves the requests).
  expect((await api.patchMonitor(ids.c!, { name: 'c renamed' })).status).toBe(200);
  expect((await read(ids.c!)).name).toBe('c');

  // An alert-settings update: a write of this process that also moves the monitor's version on the side.
  const settings = await alertSettingsResource.read({ state: { monitor_id: ids.a } as never, ctx });
  const plan = { ...settings!, slow_response_alerts: { ...settings!.slow_response_alerts, enabled: true } };
  await alertSettingsResource.update({ plan: plan as never, prior: settings!, config: plan as never, ctx });

  const listsBefore = lists(requests);
  expect((await read(ids.c!)).name).toBe('c renamed');
  expect((await read(ids.a!)).version).toBe((await api.monitor(ids.a!)).version);
  expect((await read(ids.b!)).name).toBe('b');
  expect(lists(requests)).toBe(listsBefore); // no listing any more: one GET per read
  await api.patchMonitor(ids.c!, { name: 'c' });
});

test("a write any part of the process sends through the client counts, e.g. an action's pause", async () => {
  const { session, read, requests } = await providerProcess();
  await read(ids.a!);
  expect((await read(ids.b!)).enabled).toBe(true);
  expect(lists(requests)).toBe(1);
  await session.client!.pauseMonitor(ids.b!);
  try {
    expect((await read(ids.b!)).enabled).toBe(false);
    expect(requests.at(-1)).toBe('GET /monitors/{monitorId}');
  } finally {
    await session.client!.activateMonitor(ids.b!);
  }
});

test('a process that only reads keeps its listings', async () => {
  const { read, requests } = await providerProcess();
  for (const id of [ids.a!, ids.b!, ids.c!, ids.a!, ids.b!]) await read(id);
  expect(requests.filter((r) => r.startsWith('GET /monitors/'))).toHaveLength(1);
  expect(lists(requests)).toBe(1);
});

test('a provider whose configuration is unknown has a session without a client', async () => {
  const session = RunSession.unconfigured();
  expect(session.client).toBeNull();
  expect(await session.listings.monitor(ids.a!)).toBeUndefined();
  await expect(session.destinations()).rejects.toThrow('Provider not configured');
});

test("the account's destinations are read once per process", async () => {
  const { session, requests } = await providerProcess();
  const [first, second] = await Promise.all([session.destinations(), session.destinations()]);
  expect(second).toBe(first);
  expect(first.map((d) => d.channel).sort()).toEqual(['email', 'email', 'sms']);
  expect(requests.filter((r) => r === 'GET /alert-destinations')).toHaveLength(1);
});

test('versions an action moved a monitor through are followed to the last', () => {
  const v = new ActionVersions();
  v.record('m1', 'v1', 'v2');
  v.record('m1', 'v2', 'v3');
  v.record('__proto__', 'v1', 'x');
  expect(v.after('m1', 'v1')).toBe('v3');
  expect(v.after('m1', 'v9')).toBe('v9');
  expect(v.after('m2', 'v1')).toBe('v1');
  expect(v.after('__proto__', 'v1')).toBe('x');
});
