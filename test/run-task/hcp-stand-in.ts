// A stand-in for HCP Terraform's side of a run task, written from its documentation (run tasks integration API,
// plans API): the signed POST to the integration, the plan JSON endpoint (`/api/v2/plans/:id/json-output`, bearer
// token, 307 to a temporary URL on the archivist, 204 while the plan is not finished), the archivist on another origin
// (another port here), and the callback (`PATCH /api/v2/task-results/:guid/callback`, bearer token, JSON:API) that
// records what it gets and can fail first. Every request any of its servers sees is recorded, so a test can prove
// that something was sent nowhere. A `Recorder` also stands for a foreign host.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export class Recorder {
  readonly seen: Seen[] = [];
  url = '';
  private server!: Server;
  constructor(
    private readonly route: (req: Seen, res: ServerResponse) => void = (_r, res) => res.end('ok'),
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const s: Seen = {
          method: req.method ?? '',
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.seen.push(s);
        this.route(s, res);
      });
    });
    this.server.keepAliveTimeout = 200;
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

export interface StandInRun {
  runId: string;
  taskResultId: string;
  token: string;
  planId: string;
  callbackGuid: string;
  /** The plan JSON text the archivist serves. */
  plan: string;
  /** Callback answers before the one that succeeds (e.g. [503, 429]). */
  callbackFailures: number[];
  /** 204 answers of the plan endpoint before the plan is ready. */
  notReady: number;
  /** Answer 422 to a callback with outcomes (an installation that does not take them). */
  refuseOutcomes: boolean;
  callbacks: unknown[];
}

export class HcpStandIn {
  readonly runs = new Map<string, StandInRun>();
  readonly archivistObjects = new Map<string, { plan: string; expires: number }>();
  readonly api: Recorder;
  readonly archivist: Recorder;
  /** Where the plan endpoint redirects (default: the archivist): a test points it at a foreign host. */
  redirectBase: string | null = null;
  /** While set, the plan endpoint waits for it before answering (a plan download in progress). */
  hold: Promise<void> | null = null;

  constructor() {
    this.api = new Recorder((req, res) => this.apiRoute(req, res));
    this.archivist = new Recorder((req, res) => this.archivistRoute(req, res));
  }

  async start(): Promise<this> {
    await Promise.all([this.api.start(), this.archivist.start()]);
    return this;
  }

  close(): Promise<void[]> {
    return Promise.all([this.api.close(), this.archivist.close()]);
  }

  /** A run whose post-plan stage calls the task, with its own short-lived token. */
  addRun(
    plan: unknown,
    o: Partial<Pick<StandInRun, 'callbackFailures' | 'notReady' | 'refuseOutcomes'>> = {},
  ): StandInRun {
    const id = randomBytes(8).toString('hex');
    const run: StandInRun = {
      runId: `run-${id}`,
      taskResultId: `taskrs-${id}`,
      token: `${randomBytes(7).toString('hex')}.atlasv1.${randomBytes(30).toString('base64url')}`,
      planId: `plan-${id}`,
      callbackGuid: randomUUID(),
      plan: JSON.stringify(plan),
      callbackFailures: [...(o.callbackFailures ?? [])],
      notReady: o.notReady ?? 0,
      refuseOutcomes: o.refuseOutcomes ?? false,
      callbacks: [],
    };
    this.runs.set(run.runId, run);
    return run;
  }

  /** The request body HCP Terraform sends for this run (payload_version 1, post_plan), as in the docs' sample. */
  payload(run: StandInRun, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      payload_version: 1,
      stage: 'post_plan',
      access_token: run.token,
      capabilities: { outcomes: true },
      configuration_version_download_url: `${this.api.url}/api/v2/configuration-versions/cv-x/download`,
      configuration_version_id: 'cv-x',
      is_speculative: false,
      organization_name: 'acme',
      plan_json_api_url: `${this.api.url}/api/v2/plans/${run.planId}/json-output`,
      run_app_url: `${this.api.url}/app/acme/monitors/runs/${run.runId}`,
      run_created_at: '2026-11-28T10:00:00.000Z',
      run_created_by: 'someone',
      run_id: run.runId,
      run_message: 'Triggered via UI',
      task_result_callback_url: `${this.api.url}/api/v2/task-results/${run.callbackGuid}/callback`,
      task_result_enforcement_level: 'mandatory',
      task_result_id: run.taskResultId,
      vcs_branch: null,
      vcs_commit_url: null,
      vcs_pull_request_url: null,
      vcs_repo_url: null,
      workspace_app_url: `${this.api.url}/app/acme/monitors`,
      workspace_id: 'ws-x',
      workspace_name: 'monitors',
      workspace_working_directory: '',
      ...overrides,
    };
  }

  /** Sends the run-task request as HCP Terraform does: JSON, its User-Agent, the HMAC-SHA512 hex signature (an
   *  empty header without a key). */
  static async send(
    target: string,
    body: string | Buffer,
    key: string | null,
    signature?: string,
  ): Promise<{ status: number; text: string }> {
    const sig = signature ?? (key ? createHmac('sha512', key).update(body).digest('hex') : '');
    const res = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'TFC/1.0 (+https://app.terraform.io; TFC)',
        'x-tfc-task-signature': sig,
      },
      body,
    });
    return { status: res.status, text: await res.text() };
  }

  private runOfToken(req: Seen): StandInRun | undefined {
    const auth = req.headers.authorization ?? '';
    return [...this.runs.values()].find((r) => auth === `Bearer ${r.token}`);
  }

  private apiRoute(req: Seen, res: ServerResponse) {
    const plan = /^\/api\/v2\/plans\/([^/]+)\/json-output$/.exec(req.path);
    const callback = /^\/api\/v2\/task-results\/([^/]+)\/callback$/.exec(req.path);
    const run = this.runOfToken(req);
    if (plan && req.method === 'GET' && this.hold) {
      void this.hold.then(() => this.apiRoute(req, res));
      return;
    }
    if (plan && req.method === 'GET') {
      if (!run || run.planId !== plan[1])
        return json(res, 404, { errors: [{ status: '404', title: 'not found' }] });
      if (run.notReady > 0) {
        run.notReady--;
        return res.writeHead(204).end();
      }
      const opaque = randomBytes(24).toString('base64url');
      this.archivistObjects.set(opaque, { plan: run.plan, expires: Date.now() + 60_000 });
      return res
        .writeHead(307, { location: `${this.redirectBase ?? this.archivist.url}/v1/object/${opaque}` })
        .end();
    }
    if (callback && req.method === 'PATCH') {
      if (!run || run.callbackGuid !== callback[1])
        return json(res, 401, { errors: [{ status: '401', title: 'unauthorized' }] });
      const failure = run.callbackFailures.shift();
      if (failure) {
        if (failure === 429) return res.writeHead(429, { 'retry-after': '0' }).end();
        return res.writeHead(failure).end();
      }
      if (!/^application\/vnd\.api\+json/.test(req.headers['content-type'] ?? ''))
        return json(res, 415, { errors: [{ status: '415' }] });
      const body = JSON.parse(req.body) as { data?: { relationships?: unknown } };
      if (run.refuseOutcomes && body.data?.relationships)
        return json(res, 422, { errors: [{ status: '422', title: 'invalid attribute' }] });
      run.callbacks.push(body);
      return res.writeHead(200).end();
    }
    return json(res, 404, { errors: [{ status: '404' }] });
  }

  private archivistRoute(req: Seen, res: ServerResponse) {
    const m = /^\/v1\/object\/([^/?]+)$/.exec(req.path);
    const obj = m ? this.archivistObjects.get(m[1]!) : undefined;
    if (!obj || obj.expires < Date.now()) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(obj.plan);
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/vnd.api+json' }).end(JSON.stringify(body));
}
