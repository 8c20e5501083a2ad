// `uptimectl run-task serve` against a stand-in for HCP Terraform (hcp-stand-in.ts): what the callback receives for
// a plan with created, changed and duplicate monitors (duplicate preflight against the local service) and for a probe
// that finds a new monitor down; the token's travels (plan endpoint only, never the archivist or a foreign host);
// refusals with nothing sent anywhere (forged or missing signature, foreign plan or callback host, foreign redirect,
// oversized body); a callback that fails twice; two runs at once; a plan with write-only and sensitive secrets.
import { createService, type RunningService } from '../../src/service/index.js';
import {
  startRunTaskServer,
  type RunTaskServer,
  type RunTaskServerOptions,
} from '../../src/run-task/server.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';
import { Target } from '../plan-report/probe-targets.js';
import { HcpStandIn, Recorder, type StandInRun } from './hcp-stand-in.js';

const KEY = 'run-task-hmac-key-5f1e0c9a7b';
const HEADER_SECRET = 'hdr-secret-value-7d2c91';
const PASSWORD_SECRET = 'pw-secret-value-44a0e3';
const VARIABLE_SECRET = 'var-secret-value-c81b5f';

let hcp: HcpStandIn;
let foreign: Recorder;
let svc: RunningService;
let target: Target;
const logs: string[] = [];
const servers: RunTaskServer[] = [];

async function serve(o: Partial<RunTaskServerOptions> = {}): Promise<RunTaskServer> {
  const s = await startRunTaskServer({
    hmacKey: KEY,
    hcp: {
      tfeUrl: hcp.api.url,
      redirectOrigins: [hcp.archivist.url],
      retry: { baseMs: 5, attempts: 4, maxWaitMs: 50 },
    },
    log: (l) => logs.push(l),
    ...o,
  });
  servers.push(s);
  return s;
}

type Values = Record<string, unknown>;
function monitor(name: string, actions: string[], before: Values | null, after: Values | null): Values {
  return {
    address: `uptime_monitor.${name}`,
    mode: 'managed',
    type: 'uptime_monitor',
    name,
    change: {
      actions,
      before,
      after,
      after_unknown: actions.includes('create') ? { id: true, version: true } : {},
    },
  };
}
const base = (name: string, url: string): Values => ({
  name,
  url,
  request_method: 'GET',
  interval_seconds: 300,
  timeout_ms: 5000,
  enabled: true,
  archived: false,
  accepted_status_codes: [200],
});
const plan = (changes: Values[], extra: Values = {}) => ({
  format_version: '1.2',
  resource_changes: changes,
  ...extra,
});

interface Callback {
  data: {
    type: string;
    attributes: { status: string; message: string; url?: string };
    relationships?: {
      outcomes: {
        data: {
          type: string;
          attributes: {
            'outcome-id': string;
            description: string;
            body: string;
            tags: Record<string, { label: string; level: string }[]>;
          };
        }[];
      };
    };
  };
}

async function runAndWait(server: RunTaskServer, run: StandInRun, overrides: Values = {}) {
  const r = await HcpStandIn.send(server.url, JSON.stringify(hcp.payload(run, overrides)), KEY);
  expect(r.status).toBe(200);
  await server.settled();
  return run.callbacks as Callback[];
}

const outcomes = (c: Callback) => c.data.relationships?.outcomes.data ?? [];
const outcome = (c: Callback, id: string) => outcomes(c).find((o) => o.attributes['outcome-id'] === id);
const severity = (c: Callback, id: string) => outcome(c, id)?.attributes.tags.severity ?? [];

beforeAll(async () => {
  hcp = await new HcpStandIn().start();
  foreign = await new Recorder().start();
  target = await Target.start();
  target.routes.set('/down', { status: 503 });
  svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
  const api = new ServiceApi(svc, svc.tokens.full!);
  const r = await api.call('POST', '/monitors', {
    name: 'Shop (dashboard)',
    url: 'https://shop.example.com/x',
  });
  expect(r.status).toBe(201);
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await Promise.all([hcp.close(), foreign.close(), target.close(), svc.close()]);
});

afterEach(() => {
  for (const run of hcp.runs.values()) for (const l of logs) expect(l).not.toContain(run.token);
});

const nothingSent = () => {
  expect(hcp.api.seen).toEqual([]);
  expect(hcp.archivist.seen).toEqual([]);
  expect(foreign.seen).toEqual([]);
};
const clearSeen = () => {
  hcp.api.seen.length = 0;
  hcp.archivist.seen.length = 0;
  foreign.seen.length = 0;
};

describe('the callback says what the plan does to monitors', () => {
  test('created, changed and duplicate monitors: failed by --fail-on duplicate, one outcome per monitor', async () => {
    const server = await serve({
      review: { failOn: ['duplicate'], baseUrl: svc.baseUrl, token: svc.tokens.full },
    });
    const run = hcp.addRun(
      plan([
        monitor('shop', ['create'], null, base('Shop', 'https://shop.example.com/x')),
        monitor('api', ['create'], null, base('API @platform-team', 'https://api.example.com/health')),
        monitor(
          'blog',
          ['update'],
          { ...base('Blog', 'https://blog.example.com/'), id: 'mon_1', interval_seconds: 60 },
          { ...base('Blog', 'https://blog.example.com/'), id: 'mon_1', interval_seconds: 300 },
        ),
      ]),
      { notReady: 1 },
    );
    clearSeen();
    const [cb, ...more] = await runAndWait(server, run);
    expect(more).toEqual([]);
    expect(cb!.data.type).toBe('task-results');
    expect(cb!.data.attributes.status).toBe('failed');
    const message = cb!.data.attributes.message;
    expect(message).toMatch(/3 monitors changed/);
    expect(message).toMatch(/2 created/);
    expect(message).toMatch(/1 changed/);
    expect(message).toMatch(/1 duplicate/);
    expect(message).toMatch(/--fail-on duplicate/);
    expect(message).not.toContain('\n');
    expect(
      outcomes(cb!)
        .map((o) => o.attributes['outcome-id'])
        .sort(),
    ).toEqual(['preflight', 'uptime_monitor.api', 'uptime_monitor.blog', 'uptime_monitor.shop']);
    // The duplicate also fails the account preflight (its create would answer 409): one outcome says so.
    expect(severity(cb!, 'uptime_monitor.shop')).toContainEqual({ label: 'duplicate', level: 'error' });
    expect(outcome(cb!, 'uptime_monitor.shop')!.attributes.body).toMatch(/live monitor|already/i);
    expect(severity(cb!, 'uptime_monitor.api')).toEqual([]);
    expect(outcome(cb!, 'uptime_monitor.api')!.attributes.tags.change).toEqual([
      { label: 'created', level: 'none' },
    ]);
    // Names are data: no live @mention in the Markdown body.
    expect(outcome(cb!, 'uptime_monitor.api')!.attributes.body).not.toMatch(/@platform/);
    expect(outcome(cb!, 'uptime_monitor.blog')!.attributes.body).toMatch(/1 min → 5 min/);
    // The token went to the plan endpoint and the callback; the archivist got the plan request without it.
    const planCalls = hcp.api.seen.filter((s) => s.method === 'GET');
    expect(planCalls).toHaveLength(2); // 204 (not finished), then 307
    for (const s of hcp.api.seen) expect(s.headers.authorization).toBe(`Bearer ${run.token}`);
    expect(hcp.archivist.seen).toHaveLength(1);
    expect(hcp.archivist.seen[0]!.headers.authorization).toBeUndefined();
  });

  test('a probe that finds a new monitor down: failed by --fail-on probe-down', async () => {
    const server = await serve({
      review: { failOn: ['probe-down'], probe: true, probeAllow: ['127.0.0.1/32'] },
    });
    const run = hcp.addRun(
      plan([
        monitor('down', ['create'], null, base('Checkout', `${target.url}/down`)),
        monitor('up', ['create'], null, base('Home', `${target.url}/ok`)),
      ]),
    );
    const [cb] = await runAndWait(server, run);
    expect(cb!.data.attributes.status).toBe('failed');
    expect(cb!.data.attributes.message).toMatch(/probe: 1 down, 1 up/);
    expect(cb!.data.attributes.message).toMatch(/--fail-on probe-down/);
    expect(severity(cb!, 'uptime_monitor.down')).toContainEqual({ label: 'probe down', level: 'error' });
    expect(outcome(cb!, 'uptime_monitor.down')!.attributes.body).toMatch(/Probe: down.*503/);
    expect(severity(cb!, 'uptime_monitor.up')).toContainEqual({ label: 'probe up', level: 'info' });
    expect(target.seen.map((s) => s.path).sort()).toEqual(['/down', '/ok']);
  });

  test('the probe keeps the address guard: a private target is not requested unless allowed', async () => {
    const server = await serve({ review: { probe: true } });
    const before = target.seen.length;
    const run = hcp.addRun(
      plan([monitor('internal', ['create'], null, base('Internal', `${target.url}/ok`))]),
    );
    const [cb] = await runAndWait(server, run);
    expect(cb!.data.attributes.status).toBe('passed');
    expect(severity(cb!, 'uptime_monitor.internal')).toContainEqual({ label: 'not probed', level: 'none' });
    expect(target.seen.length).toBe(before);
  });

  test('a plan with write-only and sensitive secrets: none of them in the result or the log', async () => {
    const server = await serve();
    const after = {
      ...base(`Admin ${HEADER_SECRET}`, 'https://admin.example.com/'),
      request_headers: [
        { name: 'X-Api-Key', value: null, value_wo: null, value_wo_version: 1 },
        { name: 'X-Other', value: HEADER_SECRET, value_wo: null, value_wo_version: null },
      ],
      auth_config: { type: 'basic', username: 'probe', password: PASSWORD_SECRET, password_wo: null },
    };
    const run = hcp.addRun(
      plan([monitor('admin', ['create'], null, after)], {
        variables: { key: { value: VARIABLE_SECRET } },
        configuration: { root_module: { variables: { key: { sensitive: true } } } },
      }),
    );
    for (const s of [HEADER_SECRET, PASSWORD_SECRET, VARIABLE_SECRET]) expect(run.plan).toContain(s); // the plan holds them
    const [cb] = await runAndWait(server, run);
    const sent = JSON.stringify(cb);
    for (const s of [HEADER_SECRET, PASSWORD_SECRET, VARIABLE_SECRET, run.token]) {
      expect(sent).not.toContain(s);
      for (const l of logs) expect(l).not.toContain(s);
    }
    expect(severity(cb!, 'uptime_monitor.admin')).toContainEqual({ label: 'secret-safe', level: 'info' });
    expect(outcome(cb!, 'uptime_monitor.admin')!.attributes.description).toContain(
      '(sensitive value hidden)',
    );
  });
});

describe('refused, with nothing sent anywhere', () => {
  let server: RunTaskServer;
  let run: StandInRun;
  beforeAll(async () => {
    server = await serve();
    run = hcp.addRun(plan([monitor('a', ['create'], null, base('A', 'https://a.example.com/'))]));
  });
  beforeEach(clearSeen);
  afterEach(async () => {
    await server.settled();
    nothingSent();
    expect(run.callbacks).toEqual([]);
  });

  test('a forged signature (another key), a changed body, a missing or empty signature', async () => {
    const body = JSON.stringify(hcp.payload(run));
    expect((await HcpStandIn.send(server.url, body, 'another-key-of-16-chars-or-more')).status).toBe(401);
    const signedOther = JSON.stringify(hcp.payload(run, { run_message: 'x' }));
    const { createHmac } = await import('node:crypto');
    const sigOfOther = createHmac('sha512', KEY).update(signedOther).digest('hex');
    expect((await HcpStandIn.send(server.url, body, null, sigOfOther)).status).toBe(401);
    expect((await HcpStandIn.send(server.url, body, null, '')).status).toBe(401);
    const r = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(r.status).toBe(401);
  });

  test('a verification request with a bad signature is refused too (signature first)', async () => {
    const body = JSON.stringify({ ...hcp.payload(run), access_token: 'test-token' });
    expect((await HcpStandIn.send(server.url, body, 'wrong-key-but-long-enough')).status).toBe(401);
  });

  test('a payload that points the plan at another host', async () => {
    for (const planUrl of [
      `${foreign.url}/api/v2/plans/${run.planId}/json-output`,
      'https://evil.example/p',
    ]) {
      const r = await HcpStandIn.send(
        server.url,
        JSON.stringify(hcp.payload(run, { plan_json_api_url: planUrl })),
        KEY,
      );
      expect(r.status).toBe(422);
      expect(r.text).toMatch(/plan_json_api_url is on .* not on the HCP Terraform origin/);
      expect(r.text).not.toContain(run.token);
    }
  });

  test('a payload that points the callback at another host', async () => {
    const r = await HcpStandIn.send(
      server.url,
      JSON.stringify(
        hcp.payload(run, { task_result_callback_url: `${foreign.url}/api/v2/task-results/x/callback` }),
      ),
      KEY,
    );
    expect(r.status).toBe(422);
    expect(r.text).toMatch(/task_result_callback_url/);
  });

  test('an oversized body, declared or streamed', async () => {
    const big = JSON.stringify(hcp.payload(run, { run_message: 'x'.repeat(70 * 1024) }));
    expect((await HcpStandIn.send(server.url, big, KEY)).status).toBe(413);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        server.url,
        { method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.write(big);
      req.end();
    });
    expect(status).toBe(413);
  });

  test('not JSON, or not a run-task payload', async () => {
    expect((await HcpStandIn.send(server.url, 'not json', KEY)).status).toBe(400);
    const r = await HcpStandIn.send(
      server.url,
      JSON.stringify({ ...hcp.payload(run), payload_version: 2 }),
      KEY,
    );
    expect(r.status).toBe(422);
    expect(r.text).toMatch(/payload_version/);
  });
});

describe('runs that go wrong end failed, with the reason', () => {
  test('a plan that cannot be fetched (404)', async () => {
    const server = await serve();
    const run = hcp.addRun(plan([]));
    const [cb] = await runAndWait(server, run, {
      plan_json_api_url: `${hcp.api.url}/api/v2/plans/plan-unknown/json-output`,
    });
    expect(cb!.data.attributes.status).toBe('failed');
    expect(cb!.data.attributes.message).toMatch(/could not review this plan: the plan endpoint answered 404/);
  });

  test('a plan download redirected to a host that is not allowed: not followed', async () => {
    const server = await serve();
    const run = hcp.addRun(plan([]));
    hcp.redirectBase = foreign.url;
    try {
      clearSeen();
      const [cb] = await runAndWait(server, run);
      expect(cb!.data.attributes.status).toBe('failed');
      expect(cb!.data.attributes.message).toMatch(
        /redirected to http:\/\/127\.0\.0\.1:\d+, which is not an allowed/,
      );
      expect(foreign.seen).toEqual([]);
    } finally {
      hcp.redirectBase = null;
    }
  });

  test('a callback that fails twice (503, then 429) before succeeding is sent again', async () => {
    const server = await serve();
    const run = hcp.addRun(plan([monitor('a', ['create'], null, base('A', 'https://a.example.com/'))]), {
      callbackFailures: [503, 429],
    });
    clearSeen();
    const callbacks = await runAndWait(server, run);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.data.attributes.status).toBe('passed');
    expect(hcp.api.seen.filter((s) => s.method === 'PATCH')).toHaveLength(3);
  });

  test('a callback answered 501 is not sent again: the server will never take it', async () => {
    const server = await serve();
    const run = hcp.addRun(plan([monitor('a', ['create'], null, base('A', 'https://a.example.com/'))]), {
      callbackFailures: [501],
    });
    clearSeen();
    const before = logs.length;
    expect(await runAndWait(server, run)).toHaveLength(0);
    expect(hcp.api.seen.filter((s) => s.method === 'PATCH')).toHaveLength(1);
    expect(logs.slice(before).some((l) => /the callback refused the result \(501\)/.test(l))).toBe(true);
  });

  test('a stage without a plan (pre_plan) fails and says where to attach the task', async () => {
    const server = await serve();
    const run = hcp.addRun(plan([]));
    const [cb] = await runAndWait(server, run, { stage: 'pre_plan', plan_json_api_url: null });
    expect(cb!.data.attributes.status).toBe('failed');
    expect(cb!.data.attributes.message).toMatch(/post_plan/);
  });
});

test('two runs at once: each callback gets its own plan, with its own token', async () => {
  const server = await serve();
  const one = hcp.addRun(plan([monitor('one', ['create'], null, base('One', 'https://one.example.com/'))]));
  const two = hcp.addRun(
    plan([
      monitor('two', ['create'], null, base('Two', 'https://two.example.com/')),
      monitor('three', ['create'], null, base('Three', 'https://three.example.com/')),
    ]),
  );
  const sent = await Promise.all(
    [one, two].map((r) => HcpStandIn.send(server.url, JSON.stringify(hcp.payload(r)), KEY)),
  );
  expect(sent.map((s) => s.status)).toEqual([200, 200]);
  await server.settled();
  expect(one.callbacks).toHaveLength(1);
  expect(two.callbacks).toHaveLength(1);
  expect(outcomes(one.callbacks[0] as Callback).map((o) => o.attributes['outcome-id'])).toEqual([
    'uptime_monitor.one',
  ]);
  expect(
    outcomes(two.callbacks[0] as Callback)
      .map((o) => o.attributes['outcome-id'])
      .sort(),
  ).toEqual(['uptime_monitor.three', 'uptime_monitor.two']);
});

test('a request HCP Terraform sends again while its run is under review is answered 200 and reviewed once', async () => {
  const server = await serve();
  const run = hcp.addRun(plan([monitor('a', ['create'], null, base('A', 'https://a.example.com/'))]));
  const body = JSON.stringify(hcp.payload(run));
  const [a, b] = await Promise.all([
    HcpStandIn.send(server.url, body, KEY),
    HcpStandIn.send(server.url, body, KEY),
  ]);
  expect([a.status, b.status]).toEqual([200, 200]);
  await server.settled();
  expect(run.callbacks).toHaveLength(1);
});

test('ids from the payload cannot forge log lines; --details-url is the result’s link', async () => {
  const server = await serve({ review: { detailsUrl: 'https://runbooks.example.com/monitors' } });
  const run = hcp.addRun(plan([]));
  const before = logs.length;
  const [cb] = await runAndWait(server, run, { run_id: 'run-1\nrun-task: accepted run \u001b[31mforged' });
  expect(cb!.data.attributes.url).toBe('https://runbooks.example.com/monitors');
  expect(cb!.data.attributes.message).toBe('uptimectl: no monitor changes');
  const lines = logs.slice(before);
  expect(lines.length).toBeGreaterThan(1);
  for (const l of lines) for (const c of ['\n', '\u001b']) expect(l).not.toContain(c);
  await expect(serve({ review: { detailsUrl: 'javascript:alert(1)' } })).rejects.toThrow(/--details-url/);
});

test('outcomes: none when the payload says HCP does not take them; a 422 on them is answered with the status alone', async () => {
  const server = await serve({ review: { failOn: ['slower-interval'] } });
  const slower = monitor(
    'blog',
    ['update'],
    { ...base('Blog', 'https://blog.example.com/'), id: 'mon_1', interval_seconds: 60 },
    { ...base('Blog', 'https://blog.example.com/'), id: 'mon_1', interval_seconds: 300 },
  );
  const a = hcp.addRun(plan([slower]));
  const [withoutCapability] = await runAndWait(server, a, { capabilities: { outcomes: false } });
  expect(withoutCapability!.data.relationships).toBeUndefined();
  expect(withoutCapability!.data.attributes.status).toBe('failed');
  const b = hcp.addRun(plan([slower]), { refuseOutcomes: true });
  const [fallback, ...more] = await runAndWait(server, b);
  expect(more).toEqual([]);
  expect(fallback!.data.relationships).toBeUndefined();
  expect(fallback!.data.attributes.status).toBe('failed');
  expect(fallback!.data.attributes.message).toMatch(/--fail-on slower-interval/);
});

test('the HMAC key: too short refuses to start (without echoing it); a signed request to a server without a key is 400', async () => {
  const short = 'short-key-123';
  const e = await startRunTaskServer({ hmacKey: short }).catch((err: Error) => err);
  expect((e as Error).message).toMatch(/UPTIME_RUN_TASK_HMAC_KEY must be at least 16 characters/);
  expect((e as Error).message).not.toContain(short);
  const server = await serve({ hmacKey: undefined });
  const run = hcp.addRun(plan([]));
  clearSeen();
  const r = await HcpStandIn.send(server.url, JSON.stringify(hcp.payload(run)), KEY);
  expect(r.status).toBe(400);
  expect(r.text).toMatch(/UPTIME_RUN_TASK_HMAC_KEY/);
  await server.settled();
  nothingSent();
});
