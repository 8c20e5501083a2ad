// Attacks on `uptimectl run-task serve`, written from HCP Terraform's documentation (run tasks integration API, plans
// API, the callback's JSON schemas) and the security promises of docs/security.md, without reading the server first.
// A scripted HCP origin, an allowed redirect origin (the "archivist") and a foreign host run on 127.0.0.1; every
// request each of them sees is recorded. After every test: no log line holds any run's token, and the foreign host
// never saw a token.
// - the token's travels: URL tricks in the payload (user info, port, scheme, host spelling, relative URLs) and in
//   redirects (chains through the archivist, every 3xx, a loop, Location with a credential), the callback's redirect;
// - the token echoed by HCP's error answers, inside the plan, or unusable as a header: never in a log or a result;
// - signatures: prefixes, extensions, non-hex, whitespace-altered bodies, duplicate headers: 401 and never 5xx;
// - bodies: a declared huge length, prototype keys, wrong types, missing fields, deep nesting, unknown stages;
//   slow clients (slowloris: headers or body never finished) lose their connection at the deadline;
// - concurrency: past the queue bound an answer HCP retries (503), two tasks of one run each answered;
// - outcomes: hostile names inert and within the schema's limits, 1,000 monitors, sensitive values of every kind;
// - waiting: a plan never ready (204), a Retry-After of years; a verification request pointing anywhere sends nothing;
// - the plan download: a gzip bomb against the plan size limit, a trickling or silent archivist against the deadline.
// Bugs these found (fixed): a token with CR LF / non-ASCII wedged the shared connection pool (every later run
// hung); a trickling download held a review for ever (the deadline was per chunk); a client that never finished its
// headers kept its connection 30 s, not the 10 s promised (Node checks every 30 s by default). Wall time ≈ 4 s.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { HcpClient } from '../../src/run-task/hcp-client.js';
import {
  startRunTaskServer,
  type RunTaskServer,
  type RunTaskServerOptions,
} from '../../src/run-task/server.js';
import { HcpStandIn, Recorder, type Seen } from './hcp-stand-in.js';

const KEY = 'attack-hmac-key-93c1f0be57a2';

interface Run {
  runId: string;
  taskResultId: string;
  token: string;
  planId: string;
  guid: string;
  plan: string;
  callbacks: { auth: string | undefined; body: Callback }[];
}
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
            body?: string;
            url?: string;
            tags?: Record<string, { label: string; level: string }[]>;
          };
        }[];
      };
    };
  };
}

type Route = (req: Seen, res: ServerResponse) => void;
let api: Recorder;
let archivist: Recorder;
let foreign: Recorder;
const routes: { api: Route; archivist: Route; foreign: Route } = {
  api: (r, s) => defaultApi(r, s),
  archivist: (r, s) => defaultArchivist(r, s),
  foreign: (_r, s) => s.end('ok'),
};
const runs = new Map<string, Run>();
const logs: string[] = [];
const servers: RunTaskServer[] = [];

function newRun(planDoc: unknown, token?: string): Run {
  const id = randomBytes(6).toString('hex');
  const run: Run = {
    runId: `run-${id}`,
    taskResultId: `taskrs-${id}`,
    token: token ?? `${randomBytes(7).toString('hex')}.atlasv1.${randomBytes(30).toString('base64url')}`,
    planId: `plan-${id}`,
    guid: randomUUID(),
    plan: JSON.stringify(planDoc),
    callbacks: [],
  };
  runs.set(run.planId, run);
  return run;
}

function payload(run: Run, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    payload_version: 1,
    stage: 'post_plan',
    access_token: run.token,
    capabilities: { outcomes: true },
    configuration_version_download_url: null,
    configuration_version_id: 'cv-x',
    is_speculative: false,
    organization_name: 'acme',
    plan_json_api_url: `${api.url}/api/v2/plans/${run.planId}/json-output`,
    run_app_url: `${api.url}/app/acme/monitors/runs/${run.runId}`,
    run_created_at: '2026-11-28T10:00:00.000Z',
    run_created_by: 'someone',
    run_id: run.runId,
    run_message: 'Triggered via UI',
    task_result_callback_url: `${api.url}/api/v2/task-results/${run.guid}/callback`,
    task_result_enforcement_level: 'mandatory',
    task_result_id: run.taskResultId,
    vcs_branch: null,
    vcs_commit_url: null,
    vcs_pull_request_url: null,
    vcs_repo_url: null,
    workspace_app_url: `${api.url}/app/acme/monitors`,
    workspace_id: 'ws-x',
    workspace_name: 'monitors',
    workspace_working_directory: '',
    ...over,
  };
}

function defaultApi(req: Seen, res: ServerResponse) {
  const planM = /^\/api\/v2\/plans\/([^/]+)\/json-output$/.exec(req.path);
  const cbM = /^\/api\/v2\/task-results\/([^/]+)\/callback$/.exec(req.path);
  if (planM && req.method === 'GET') {
    const run = runs.get(planM[1]!);
    if (!run || req.headers.authorization !== `Bearer ${run.token}`) return res.writeHead(404).end();
    return res.writeHead(307, { location: `${archivist.url}/v1/object/${run.planId}` }).end();
  }
  if (cbM && req.method === 'PATCH') {
    const run = [...runs.values()].find((r) => r.guid === cbM[1]);
    if (!run) return res.writeHead(404).end();
    run.callbacks.push({ auth: req.headers.authorization, body: JSON.parse(req.body) as Callback });
    return res.writeHead(200).end();
  }
  res.writeHead(404).end();
}

function defaultArchivist(req: Seen, res: ServerResponse) {
  const m = /^\/v1\/object\/([^/?]+)/.exec(req.path);
  const run = m ? runs.get(m[1]!) : undefined;
  if (!run) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(run.plan);
}

async function serve(o: Partial<RunTaskServerOptions> = {}): Promise<RunTaskServer> {
  const s = await startRunTaskServer({
    hmacKey: KEY,
    hcp: {
      tfeUrl: api.url,
      redirectOrigins: [archivist.url],
      retry: { baseMs: 5, attempts: 3, maxWaitMs: 20 },
      timeoutMs: 500,
    },
    log: (l) => logs.push(l),
    ...o,
  });
  servers.push(s);
  return s;
}

const sign = (body: string | Buffer, key = KEY) => createHmac('sha512', key).update(body).digest('hex');
const send = (server: RunTaskServer, body: string, sig?: string) =>
  HcpStandIn.send(server.url, body, KEY, sig);

async function runAndWait(server: RunTaskServer, run: Run, over: Record<string, unknown> = {}) {
  const r = await send(server, JSON.stringify(payload(run, over)));
  expect(r.status).toBe(200);
  await server.settled();
  return run.callbacks;
}

const resultOf = async (server: RunTaskServer, run: Run, over: Record<string, unknown> = {}) => {
  const cbs = await runAndWait(server, run, over);
  expect(cbs).toHaveLength(1);
  expect(cbs[0]!.auth).toBe(`Bearer ${run.token}`);
  return cbs[0]!.body;
};

/** A raw HTTP/1.1 request, for headers fetch will not send (duplicates, a length the body does not have). */
function rawPost(
  server: RunTaskServer,
  headers: Record<string, string | string[]>,
  body: string,
  end = true,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(server.url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write(body);
    if (end) req.end();
  });
}

const clearSeen = () => {
  api.seen.length = 0;
  archivist.seen.length = 0;
  foreign.seen.length = 0;
};
const nothingSent = () => {
  expect(api.seen).toEqual([]);
  expect(archivist.seen).toEqual([]);
  expect(foreign.seen).toEqual([]);
};
const bearerOf = (s: Seen) => s.headers.authorization;

type Values = Record<string, unknown>;
const monitorChange = (
  address: string,
  actions: string[],
  before: Values | null,
  after: Values | null,
  extra: Values = {},
): Values => ({
  address,
  mode: 'managed',
  type: 'uptime_monitor',
  name: address.split('.').pop(),
  change: { actions, before, after, after_unknown: actions.includes('create') ? { id: true } : {}, ...extra },
});
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
const planOf = (changes: Values[], extra: Values = {}) => ({
  format_version: '1.2',
  resource_changes: changes,
  ...extra,
});
const emptyPlan = () => planOf([]);

/** Every string and key anywhere inside a JSON value. */
function allStrings(v: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object')
      for (const [k, y] of Object.entries(x)) {
        out.push(k);
        walk(y);
      }
  };
  walk(v);
  return out;
}

beforeAll(async () => {
  api = await new Recorder((r, s) => routes.api(r, s)).start();
  archivist = await new Recorder((r, s) => routes.archivist(r, s)).start();
  foreign = await new Recorder((r, s) => routes.foreign(r, s)).start();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await Promise.all([api.close(), archivist.close(), foreign.close()]);
});
afterEach(() => {
  routes.api = defaultApi;
  routes.archivist = defaultArchivist;
  const all = logs.join('\n');
  const leaked = [...runs.values()].map((r) => r.token).filter((t) => all.includes(t));
  expect(leaked).toEqual([]);
  expect(all).not.toContain(KEY);
  for (const s of foreign.seen) expect(bearerOf(s)).toBeUndefined();
});

describe('the token goes to the configured origin only', () => {
  test('URL spellings that are not app.terraform.io are refused for the plan and the callback', async () => {
    const c = new HcpClient();
    const ok = 'https://app.terraform.io/api/v2/task-results/g/callback';
    expect(c.refusal('task_result_callback_url', ok)).toBeNull();
    expect(c.refusal('plan_json_api_url', 'https://app.terraform.io/api/v2/plans/p/json-output')).toBeNull();
    const tricks = [
      'https://app.terraform.io@evil.example/api/v2/plans/p/json-output',
      'https://app.terraform.io:443@evil.example/api/v2/plans/p/json-output',
      'https://evil.example\\@app.terraform.io/api/v2/plans/p/json-output',
      'https://evil.example#@app.terraform.io/api/v2/plans/p/json-output',
      'https://evil.example?@app.terraform.io/api/v2/plans/p/json-output',
      'https://app.terraform.io./api/v2/plans/p/json-output',
      'https://app.terraform.io%2eevil.example/api/v2/plans/p/json-output',
      'https://app.terraform.io\u3002evil.example/api/v2/plans/p/json-output',
      'https://app.terraform.io\t.evil.example/api/v2/plans/p/json-output',
      'https://app.terraform.io%40evil.example/api/v2/plans/p/json-output',
      'https://app.terraform.io:80/api/v2/plans/p/json-output',
      'https://app.terraform.io:8443/api/v2/plans/p/json-output',
      'HTTP://APP.TERRAFORM.IO/api/v2/plans/p/json-output',
      'wss://app.terraform.io/api/v2/plans/p/json-output',
      'https://[::1]/api/v2/plans/p/json-output',
      'https://[::ffff:7f00:1]/api/v2/plans/p/json-output',
      'https://0x7f.1/api/v2/plans/p/json-output',
      '/api/v2/plans/p/json-output',
      '//evil.example/api/v2/plans/p/json-output',
      'app.terraform.io/api/v2/plans/p/json-output',
      ' https://app.terraform.io.evil.example/',
      'https://archivist.terraform.io/v1/object/x',
      '',
    ];
    const accepted = tricks.flatMap((u) =>
      ['plan_json_api_url', 'task_result_callback_url']
        .filter((f) => c.refusal(f, u) === null)
        .map((f) => `${f}: ${u}`),
    );
    expect(accepted).toEqual([]);
    await c.close();
  });

  test('over HTTP: a plan or callback URL on another origin is refused with 422, nothing is sent, the token not echoed', async () => {
    const server = await serve();
    const run = newRun(emptyPlan());
    const apiHostPort = new URL(api.url).host;
    const foreignHostPort = new URL(foreign.url).host;
    const apiPort = new URL(api.url).port;
    const variants = [
      `http://${apiHostPort}@${foreignHostPort}/api/v2/plans/${run.planId}/json-output`,
      `http://${foreignHostPort}/api/v2/plans/${run.planId}/json-output`,
      `https://${apiHostPort}/api/v2/plans/${run.planId}/json-output`,
      `http://localhost:${apiPort}/api/v2/plans/${run.planId}/json-output`,
      `http://[::1]:${apiPort}/api/v2/plans/${run.planId}/json-output`,
      `http://${foreignHostPort}#@${apiHostPort}/api/v2/plans/${run.planId}/json-output`,
      `//${foreignHostPort}/api/v2/plans/${run.planId}/json-output`,
      `/api/v2/plans/${run.planId}/json-output`,
    ];
    clearSeen();
    for (const field of ['plan_json_api_url', 'task_result_callback_url'])
      for (const v of variants) {
        const r = await send(server, JSON.stringify(payload(run, { [field]: v })));
        expect({ field, v, status: r.status }).toEqual({ field, v, status: 422 });
        expect(r.text).toContain(field);
        expect(r.text).not.toContain(run.token);
      }
    await server.settled();
    nothingSent();
    expect(run.callbacks).toEqual([]);
  });

  test('a redirect chain through the archivist to a foreign host, or back to HCP: the archivist never gets the token', async () => {
    const server = await serve();
    // archivist → foreign host: not followed.
    const a = newRun(emptyPlan());
    routes.archivist = (_req, res) => res.writeHead(307, { location: `${foreign.url}/steal` }).end();
    clearSeen();
    const ca = await resultOf(server, a);
    expect(ca.data.attributes.status).toBe('failed');
    expect(foreign.seen).toEqual([]);
    for (const s of archivist.seen) expect(bearerOf(s)).toBeUndefined();
    // archivist → back to the HCP origin, which serves the plan: whatever happens, no token off the HCP origin.
    const b = newRun(emptyPlan());
    routes.archivist = (_req, res) =>
      res.writeHead(307, { location: `${api.url}/api/v2/plans/${b.planId}/final` }).end();
    routes.api = (req, res) => {
      if (req.path.endsWith('/final')) return res.writeHead(200).end(b.plan);
      defaultApi(req, res);
    };
    clearSeen();
    const cb = await resultOf(server, b);
    expect(['passed', 'failed']).toContain(cb.data.attributes.status);
    expect(archivist.seen.length).toBeGreaterThan(0);
    for (const s of archivist.seen) expect(bearerOf(s)).toBeUndefined();
    expect(foreign.seen).toEqual([]);
  });

  test('301, 302, 303, 307 and 308 to a foreign host (absolute, protocol-relative, user-info trick) are not followed', async () => {
    const server = await serve();
    const apiHostPort = new URL(api.url).host;
    const foreignHostPort = new URL(foreign.url).host;
    const locations = [
      `${foreign.url}/x`,
      `//${foreignHostPort}/x`,
      `http://${apiHostPort}@${foreignHostPort}/x`,
    ];
    for (const status of [301, 302, 303, 307, 308])
      for (const location of locations) {
        const run = newRun(emptyPlan());
        routes.api = (req, res) =>
          req.method === 'GET' ? res.writeHead(status, { location }).end() : defaultApi(req, res);
        clearSeen();
        const c = await resultOf(server, run);
        expect({ status, location, result: c.data.attributes.status }).toEqual({
          status,
          location,
          result: 'failed',
        });
        expect(foreign.seen).toEqual([]);
      }
  });

  test('a redirect loop on the HCP origin ends failed after a bounded number of requests', async () => {
    const server = await serve();
    const run = newRun(emptyPlan());
    routes.api = (req, res) =>
      req.method === 'GET'
        ? res.writeHead(307, { location: `${api.url}/api/v2/plans/${run.planId}/json-output` }).end()
        : defaultApi(req, res);
    clearSeen();
    const c = await resultOf(server, run);
    expect(c.data.attributes.status).toBe('failed');
    expect(c.data.attributes.message).toMatch(/redirect/i);
    expect(api.seen.filter((s) => s.method === 'GET').length).toBeLessThanOrEqual(4 * 3);
  });

  test('a redirect URL carrying its own credential (query, user info) is in no message and no log line', async () => {
    const server = await serve();
    const SIG = `sig-${randomBytes(12).toString('hex')}`;
    const PW = `pw-${randomBytes(12).toString('hex')}`;
    const before = logs.length;
    // An allowed hop whose object then fails, and a refused hop.
    const targets = [
      `${archivist.url}/v1/object/missing?X-Amz-Signature=${SIG}&token=${SIG}`,
      `${foreign.url}/v1/object/x?token=${SIG}`,
      `http://user:${PW}@${new URL(foreign.url).host}/v1/object/x`,
      `http://user:${PW}@${new URL(archivist.url).host}/v1/object/x?sig=${SIG}`,
    ];
    for (const location of targets) {
      const run = newRun(emptyPlan());
      routes.api = (req, res) =>
        req.method === 'GET' ? res.writeHead(307, { location }).end() : defaultApi(req, res);
      const c = await resultOf(server, run);
      expect(c.data.attributes.status).toBe('failed');
      const sent = JSON.stringify(c);
      expect(sent).not.toContain(SIG);
      expect(sent).not.toContain(PW);
    }
    for (const l of logs.slice(before)) {
      expect(l).not.toContain(SIG);
      expect(l).not.toContain(PW);
    }
    expect(foreign.seen).toEqual([]);
  });

  test('the callback follows no redirect, even to the HCP origin', async () => {
    const server = await serve();
    const run = newRun(emptyPlan());
    let patches = 0;
    routes.api = (req, res) => {
      if (req.method !== 'PATCH') return defaultApi(req, res);
      patches++;
      res.writeHead(patches % 2 ? 308 : 307, { location: `${foreign.url}/callback` }).end();
    };
    clearSeen();
    await send(server, JSON.stringify(payload(run)));
    await server.settled();
    expect(patches).toBeGreaterThan(0);
    expect(foreign.seen).toEqual([]);
  });
});

describe('waiting is bounded', () => {
  test('a plan that is never ready (204) and a callback that asks to wait for years: the run still ends', async () => {
    const server = await serve();
    const never = newRun(emptyPlan());
    routes.api = (req, res) => (req.method === 'GET' ? res.writeHead(204).end() : defaultApi(req, res));
    const c = await resultOf(server, never);
    expect(c.data.attributes.status).toBe('failed');
    expect(c.data.attributes.message).toMatch(/not finished|204/);
    const patient = newRun(emptyPlan());
    let asked = 0;
    routes.api = (req, res) => {
      if (req.method !== 'PATCH' || asked++ >= 2) return defaultApi(req, res);
      res
        .writeHead(429, { 'retry-after': asked === 1 ? '999999999' : 'Fri, 31 Dec 9999 23:59:59 GMT' })
        .end();
    };
    const started = Date.now();
    const cbs = await runAndWait(server, patient);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(cbs.map((x) => x.body.data.attributes.status)).toEqual(['passed']);
  });

  test('a verification request (test-token) pointing anywhere: 200 and nothing is sent', async () => {
    const server = await serve();
    const run = newRun(emptyPlan(), 'test-token');
    clearSeen();
    const r = await send(
      server,
      JSON.stringify(
        payload(run, {
          plan_json_api_url: `${foreign.url}/api/v2/plans/x/json-output`,
          task_result_callback_url: `${foreign.url}/api/v2/task-results/x/callback`,
        }),
      ),
    );
    expect(r.status).toBe(200);
    await server.settled();
    nothingSent();
  });
});

describe('the token is in no log and no result, whatever HCP answers or the plan holds', () => {
  test('HCP error answers that echo the token and the Authorization header', async () => {
    const server = await serve();
    for (const status of [400, 401, 403, 500, 422]) {
      const run = newRun(emptyPlan());
      const echo = (req: Seen) =>
        JSON.stringify({
          errors: [
            {
              status: String(status),
              detail: `token ${run.token} refused`,
              meta: { header: req.headers.authorization },
            },
          ],
        });
      routes.api = (req, res) =>
        req.method === 'GET'
          ? res.writeHead(status, { 'content-type': 'application/json', 'x-echo': run.token }).end(echo(req))
          : defaultApi(req, res);
      const c = await resultOf(server, run);
      expect(c.data.attributes.status).toBe('failed');
      expect(JSON.stringify(c)).not.toContain(run.token);
    }
    // The callback's own error answer echoing the token (a 422 the server may retry or report).
    const run = newRun(emptyPlan());
    routes.api = (req, res) =>
      req.method === 'PATCH'
        ? res
            .writeHead(422, { 'content-type': 'application/json' })
            .end(JSON.stringify({ errors: [{ detail: `bad ${req.headers.authorization}` }] }))
        : defaultApi(req, res);
    await send(server, JSON.stringify(payload(run)));
    await server.settled();
  });

  test('a plan that contains the token (names, URLs, addresses), also a token full of regex characters (. + /)', async () => {
    const server = await serve();
    for (const token of [undefined, 'a.b+c.atlasv1.x+/y~z-_==']) {
      const run = newRun({}, token);
      run.plan = JSON.stringify(
        planOf([
          monitorChange(
            'uptime_monitor.leak',
            ['create'],
            null,
            base(
              `Token ${run.token}`,
              `https://x.example/?t=${encodeURIComponent(run.token)}&raw=${run.token}`,
            ),
          ),
        ]),
      );
      const c = await resultOf(server, run);
      expect(JSON.stringify(c)).not.toContain(run.token);
      expect(c.data.relationships?.outcomes.data.length ?? 0).toBeGreaterThan(0);
    }
  });

  test('a token that cannot be a header value (CR LF, non-Latin-1) is not logged and crashes nothing', async () => {
    const server = await serve();
    const marker = `m${randomBytes(10).toString('hex')}`;
    for (const token of [`abc\r\nX-Injected: ${marker}`, `tök€n-${marker}`, `a\u0000${marker}`]) {
      const run = newRun(emptyPlan(), token);
      const before = logs.length;
      clearSeen();
      const r = await send(server, JSON.stringify(payload(run)));
      expect([200, 400, 422]).toContain(r.status);
      expect(r.text).not.toContain(marker);
      await server.settled();
      for (const l of logs.slice(before)) expect(l).not.toContain(marker);
      for (const s of [...api.seen, ...archivist.seen])
        expect(JSON.stringify(s.headers)).not.toContain('x-injected');
      expect(foreign.seen).toEqual([]);
    }
    const health = await fetch(new URL('/healthz', server.url));
    expect(health.status).toBe(200);
  });
});

describe('signatures: only the exact HMAC-SHA512 of the exact body, and never a 5xx', () => {
  let server: RunTaskServer;
  let run: Run;
  let body: string;
  beforeAll(async () => {
    server = await serve();
    run = newRun(emptyPlan());
    body = JSON.stringify(payload(run));
  });
  beforeEach(clearSeen);

  test('prefixes, extensions, other encodings and non-hex of the right length are 401', async () => {
    const sig = sign(body);
    const bad = [
      sig.slice(0, 64),
      sig.slice(0, 127),
      sig.slice(0, 2),
      `${sig}0`,
      `${sig}${sig}`,
      `sha512=${sig}`,
      Buffer.from(sig, 'hex').toString('base64'),
      'z'.repeat(128),
      'é'.repeat(64),
      'é'.repeat(128),
      '0'.repeat(128),
      sign(body, KEY.slice(0, -1)),
      createHmac('sha512', KEY).update(`${body}\n`).digest('hex'),
    ];
    const statuses = [];
    for (const s of bad) statuses.push((await send(server, body, s)).status);
    expect(statuses).toEqual(bad.map(() => 401));
    await server.settled();
    expect(run.callbacks).toEqual([]);
    expect(api.seen).toEqual([]);
  });

  test('the signature of a body does not sign the same JSON re-spaced, reordered or with a trailing newline', async () => {
    const sig = sign(body);
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()));
    for (const other of [JSON.stringify(parsed, null, 1), `${body}\n`, ` ${body}`, reordered])
      expect((await send(server, other, sig)).status).toBe(401);
    await server.settled();
    expect(api.seen).toEqual([]);
  });

  test('duplicate or uppercase signature headers: never a 5xx, and a bogus one never lets a run through alone', async () => {
    const sig = sign(body);
    const h = (sigs: string[]) => ({ 'content-type': 'application/json', 'x-tfc-task-signature': sigs });
    const bogus = 'f'.repeat(128);
    const statuses = [
      await rawPost(server, h([bogus, bogus]), body),
      await rawPost(server, h([sig, bogus]), body),
      await rawPost(server, h([bogus, sig]), body),
      await rawPost(server, h([sig, sig]), body),
      (await send(server, body, sig.toUpperCase())).status,
    ];
    for (const s of statuses) expect([200, 400, 401]).toContain(s);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    await server.settled();
  });
});

describe('bodies', () => {
  let server: RunTaskServer;
  beforeAll(async () => {
    server = await serve();
  });
  beforeEach(clearSeen);
  afterEach(async () => {
    await server.settled();
  });

  test('a declared 1 GB body is answered 413 at once, without waiting for it', async () => {
    const started = Date.now();
    const status = await rawPost(
      server,
      { 'content-type': 'application/json', 'content-length': String(1_000_000_000) },
      '{"a":1}',
      false,
    );
    expect(status).toBe(413);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('__proto__ and constructor keys pollute nothing and reach no object member', async () => {
    const run = newRun(emptyPlan());
    const bodies = [
      `{"__proto__":{"polluted":"yes","access_token":"x"},${JSON.stringify(payload(run)).slice(1)}`,
      JSON.stringify({ ...payload(run), constructor: { prototype: { polluted: 'yes' } } }),
      JSON.stringify({
        ...payload(run),
        capabilities: JSON.parse('{"__proto__":{"outcomes":true}}') as unknown,
      }),
      `{"__proto__":{"payload_version":1},"run_id":"run-x"}`,
    ];
    for (const b of bodies) {
      const r = await send(server, b);
      expect(r.status).toBeLessThan(500);
    }
    await server.settled();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).access_token).toBeUndefined();
    for (const c of run.callbacks) expect(c.auth).toBe(`Bearer ${run.token}`);
  });

  test('wrong types and missing fields: 422 naming the field, nothing sent', async () => {
    const run = newRun(emptyPlan());
    const cases: [string, Record<string, unknown>][] = [
      ['payload_version', { payload_version: '1' }],
      ['access_token', { access_token: 123 }],
      ['access_token', { access_token: undefined }],
      ['task_result_callback_url', { task_result_callback_url: [`${api.url}/x`] }],
      ['task_result_callback_url', { task_result_callback_url: undefined }],
      ['plan_json_api_url', { plan_json_api_url: { href: `${api.url}/x` } }],
      ['stage', { stage: 5 }],
    ];
    for (const [field, over] of cases) {
      const r = await send(server, JSON.stringify(payload(run, over)));
      expect({ field, status: r.status }).toEqual({ field, status: 422 });
      expect(r.text).toContain(field);
    }
    for (const b of ['[]', 'null', '1', '"x"', '{}', '', '{"a":']) {
      const r = await send(server, b);
      expect({ b, bad: r.status >= 400 && r.status < 500 }).toEqual({ b, bad: true });
    }
    await server.settled();
    expect(run.callbacks).toEqual([]);
    expect(api.seen).toEqual([]);
  });

  test('an unknown stage or a deeply nested extra field: no 5xx, nothing sent off the HCP origin', async () => {
    const run = newRun(emptyPlan());
    const r1 = await send(server, JSON.stringify(payload(run, { stage: 'during_plan' })));
    expect(r1.status).toBeLessThan(500);
    const deep = `${JSON.stringify(payload(run)).slice(0, -1)},"extra":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    expect(deep.length).toBeLessThan(64 * 1024);
    const r2 = await send(server, deep);
    expect(r2.status).toBeLessThan(500);
    await server.settled();
    expect(foreign.seen).toEqual([]);
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
  });
});

test('slow clients (no bytes, headers never finished, a body never finished) get 408 and lose the connection', async () => {
  const server = await serve({ requestTimeouts: { headersMs: 300, requestMs: 600 } });
  const u = new URL(server.url);
  const started = Date.now();
  const slow = (data: string | null) =>
    new Promise<{ ms: number; answer: string }>((resolve) => {
      let answer = '';
      const s = connect(Number(u.port), u.hostname, () => {
        if (data) s.write(data);
      });
      s.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      s.on('error', () => {});
      s.on('close', () => resolve({ ms: Date.now() - started, answer: answer.split('\r\n')[0]! }));
    });
  const results = await Promise.all([
    slow(null),
    slow('POST / HTTP/1.1\r\nHost: x\r\nX-Tfc-Task-Signa'),
    slow('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"payload_version":'),
  ]);
  for (const r of results) expect(r.ms).toBeLessThan(3000);
  expect(results[2]!.answer).toMatch(/^HTTP\/1\.1 408/);
});

describe('concurrency', () => {
  test('past the queue bound the answer is one HCP retries (not 200), and every accepted run is answered once', async () => {
    // Callbacks get the client's real deadline: 104 reviews finishing at once on a loaded machine may take more than
    // the short one the other tests use, and a timed-out PATCH is sent again (harmless to HCP, but not "once").
    const server = await serve({
      hcp: {
        tfeUrl: api.url,
        redirectOrigins: [archivist.url],
        retry: { baseMs: 5, attempts: 3, maxWaitMs: 20 },
        timeoutMs: 30_000,
      },
    });
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    routes.api = (req, res) => {
      if (req.method === 'GET') void hold.then(() => defaultApi(req, res));
      else defaultApi(req, res);
    };
    const batch = Array.from({ length: 112 }, () => newRun(emptyPlan()));
    const answers = await Promise.all(batch.map((r) => send(server, JSON.stringify(payload(r)))));
    release();
    await server.settled();
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(104);
    batch.forEach((run, i) => {
      expect(run.callbacks).toHaveLength(statuses[i] === 200 ? 1 : 0);
      for (const c of run.callbacks) expect(c.auth).toBe(`Bearer ${run.token}`);
    });
  });

  test('two tasks on one run (same run_id, own task result, token and callback) are each answered, tokens unmixed', async () => {
    const server = await serve();
    const one = newRun(
      planOf([monitorChange('uptime_monitor.a', ['create'], null, base('A', 'https://a.example/'))]),
    );
    const two = newRun(
      planOf([monitorChange('uptime_monitor.a', ['create'], null, base('A', 'https://a.example/'))]),
    );
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    routes.api = (req, res) => {
      if (req.method === 'GET') void hold.then(() => defaultApi(req, res));
      else defaultApi(req, res);
    };
    const answers = await Promise.all([
      send(server, JSON.stringify(payload(one))),
      send(server, JSON.stringify(payload(two, { run_id: one.runId }))),
    ]);
    release();
    await server.settled();
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(one.callbacks.map((c) => c.auth)).toEqual([`Bearer ${one.token}`]);
    expect(two.callbacks.map((c) => c.auth)).toEqual([`Bearer ${two.token}`]);
  });
});

/** What a Markdown reader would see as live outside code: HTML, links, images, mentions. */
function liveMarkup(md: string): string[] {
  let s = md.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$/gm, ' ');
  s = s.replace(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, ' ');
  const found: string[] = [];
  for (const re of [/(?<!\\)<[a-zA-Z!/?]/g, /(?<!\\)\]\(/g, /@team/g, /https:\/\/evil\.example/g])
    for (const m of s.matchAll(re)) found.push(s.slice(Math.max(0, m.index - 15), m.index + 25));
  return found;
}
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('outcomes', () => {
  test('hostile monitor names stay text, on one line, within the schema, without bidi controls or broken characters', async () => {
    const server = await serve();
    const hostile = [
      '@team please approve',
      '<script>alert(1)</script><img src=x onerror=alert(1)>',
      '${var.secret} and %{ if true }x%{ endif }',
      '[click](https://evil.example) ![i](https://evil.example/i.png)',
      'javascript:alert(1)',
      'admin\u202egnp.exe\u2066x\u2069',
      'line1\n# Heading\n- @team',
      '```\n@team\n```',
      'a` @team `b',
      `${'😀'.repeat(1200)}`,
      `${'x'.repeat(999)}😀${'y'.repeat(9000)}`,
    ];
    const run = newRun(
      planOf(
        hostile.map((name, i) =>
          monitorChange(`uptime_monitor.h${i}`, ['create'], null, base(name, `https://h${i}.example/`)),
        ),
      ),
    );
    const c = await resultOf(server, run);
    const message = c.data.attributes.message;
    expect(message.length).toBeLessThanOrEqual(1000);
    const outs = c.data.relationships!.outcomes.data;
    expect(outs.length).toBeGreaterThanOrEqual(hostile.length);
    for (const s of allStrings(c)) {
      expect(s).not.toMatch(BIDI);
      expect(s).not.toMatch(LONE_SURROGATE);
    }
    for (const o of outs) {
      const a = o.attributes;
      expect(a['outcome-id'].length).toBeLessThanOrEqual(64);
      // The schema's maxLength counts characters (code points), as HCP's server does.
      expect([...a.description].length).toBeLessThanOrEqual(1000);
      expect(a.description).not.toMatch(/[\r\n]/);
      expect([...(a.body ?? '')].length).toBeLessThanOrEqual(10_000);
      expect(Object.keys(a.tags ?? {}).length).toBeLessThanOrEqual(10);
      for (const tags of Object.values(a.tags ?? {}))
        for (const t of tags) expect(t.label.length).toBeLessThanOrEqual(32);
      expect({ id: a['outcome-id'], live: liveMarkup(a.body ?? '') }).toEqual({
        id: a['outcome-id'],
        live: [],
      });
      // The description is one line of plain text (HCP shows it as text): only the body is Markdown.
    }
    expect(liveMarkup(message)).toEqual([]);
    // The template sequences are shown as they are written (data, not evaluated or dropped).
    expect(JSON.stringify(outs)).toContain('var.secret');
  });

  test('1,000 monitors: at most 250 outcomes, unique ids, and one says how many are not shown', async () => {
    const server = await serve();
    const run = newRun(
      planOf(
        Array.from({ length: 1000 }, (_, i) =>
          monitorChange(`uptime_monitor.m${i}`, ['create'], null, base(`M ${i}`, `https://m${i}.example/`)),
        ),
      ),
    );
    const c = await resultOf(server, run);
    const outs = c.data.relationships!.outcomes.data;
    expect(outs.length).toBeLessThanOrEqual(250);
    expect(new Set(outs.map((o) => o.attributes['outcome-id'])).size).toBe(outs.length);
    const shown = outs.filter((o) => /^uptime_monitor\.m\d+$/.test(o.attributes['outcome-id'])).length;
    expect(shown).toBeGreaterThan(200);
    const rest = String(1000 - shown);
    expect(
      outs.some((o) =>
        new RegExp(`\\b${rest}\\b`).test(`${o.attributes.description} ${o.attributes.body ?? ''}`),
      ),
    ).toBe(true);
    expect(c.data.attributes.message).toMatch(/1,?000 monitors/);
    expect(JSON.stringify(c).length).toBeLessThan(5 * 1024 * 1024);
  });

  test('sensitive values of every kind (after_sensitive, before_sensitive, outputs, prior state, variables) never leak', async () => {
    const server = await serve();
    const S = (n: string) => `s3cr3t-${n}-${randomBytes(6).toString('hex')}`;
    const secrets = {
      url: S('url'),
      name: S('name'),
      oldUrl: S('oldurl'),
      header: S('header'),
      output: S('output'),
      prior: S('prior'),
      variable: S('var'),
    };
    const before = { ...base(secrets.name, `https://old.example/${secrets.oldUrl}`), id: 'mon_9' };
    const after = {
      ...base('Visible', `https://new.example/${secrets.url}`),
      id: 'mon_9',
      request_headers: [{ name: 'Authorization', value: secrets.header }],
    };
    const run = newRun(
      planOf(
        [
          monitorChange('uptime_monitor.s', ['update'], before, after, {
            before_sensitive: { name: true, url: true },
            after_sensitive: { url: true, request_headers: [{ value: true }] },
          }),
          monitorChange('uptime_monitor.c', ['create'], null, base('C', `https://c.example/${secrets.url}`), {
            after_sensitive: { url: true },
          }),
        ],
        {
          variables: { key: { value: secrets.variable } },
          configuration: { root_module: { variables: { key: { sensitive: true } } } },
          output_changes: {
            secret: { actions: ['create'], before: null, after: secrets.output, after_sensitive: true },
          },
          prior_state: {
            format_version: '1.0',
            values: {
              root_module: {
                resources: [
                  {
                    address: 'uptime_monitor.s',
                    mode: 'managed',
                    type: 'uptime_monitor',
                    name: 's',
                    values: { ...before, request_headers: [{ name: 'Authorization', value: secrets.prior }] },
                    sensitive_values: { name: true, url: true, request_headers: [{ value: true }] },
                  },
                ],
              },
            },
          },
        },
      ),
    );
    const c = await resultOf(server, run);
    const sent = JSON.stringify(c);
    const leaked = Object.entries(secrets).filter(([, v]) => sent.includes(v));
    expect(leaked).toEqual([]);
    for (const l of logs) for (const v of Object.values(secrets)) expect(l).not.toContain(v);
    expect(c.data.relationships!.outcomes.data.map((o) => o.attributes['outcome-id']).sort()).toEqual(
      expect.arrayContaining(['uptime_monitor.c', 'uptime_monitor.s']),
    );
  });
});

describe('the plan download is bounded', () => {
  test('a gzip bomb: the size limit counts what is read, not what was sent', async () => {
    const server = await serve({
      hcp: {
        tfeUrl: api.url,
        redirectOrigins: [archivist.url],
        retry: { baseMs: 5, attempts: 2, maxWaitMs: 20 },
        planBytesLimit: 1024 * 1024,
      },
    });
    const run = newRun(emptyPlan());
    const doc = `{"format_version":"1.2","resource_changes":[],"pad":"${'0'.repeat(16 * 1024 * 1024)}"}`;
    const bomb = gzipSync(doc);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    routes.archivist = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
    const c = await resultOf(server, run);
    expect(c.data.attributes.status).toBe('failed');
  });

  test('an archivist that trickles a byte at a time, or never answers, does not hold a review forever', async () => {
    const server = await serve({
      hcp: {
        tfeUrl: api.url,
        redirectOrigins: [archivist.url],
        retry: { baseMs: 5, attempts: 2, maxWaitMs: 20 },
        timeoutMs: 400,
        planDownloadMs: 600,
      },
    });
    const timers: NodeJS.Timeout[] = [];
    for (const mode of ['trickle', 'silent'] as const) {
      const run = newRun(emptyPlan());
      routes.archivist = (_req, res) => {
        if (mode === 'silent') return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"format_version":"1.2","resource_changes":[],"pad":"');
        const t = setInterval(() => res.write('0'), 50);
        timers.push(t);
        res.on('close', () => clearInterval(t));
      };
      const started = Date.now();
      expect((await send(server, JSON.stringify(payload(run)))).status).toBe(200);
      const done = await Promise.race([
        server.settled().then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 6000)),
      ]);
      for (const t of timers) clearInterval(t);
      expect({ mode, done }).toEqual({ mode, done: true });
      expect(Date.now() - started).toBeLessThan(6000);
      expect(run.callbacks.map((cb) => cb.body.data.attributes.status)).toEqual(['failed']);
    }
  });
});
