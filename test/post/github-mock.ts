// A local stand-in for the part of GitHub's REST API the CI scripts call (issues, issue comments, a pull request's
// labels), so their GitHub steps run end to end in tests: it checks the bearer token, keeps issues and comments in
// memory, pages lists as GitHub does (per_page default 30, at most 100, a `Link: <…>; rel="next"` header) and
// records calls.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockIssue {
  number: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  state_reason?: string | null;
  /** A pull request (GitHub lists them among issues). */
  pull_request?: boolean;
  comments: { id: number; body: string }[];
}

export type MockFault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown; method?: string }
  /** Do the request's work, then drop the connection without an answer. */
  | { kind: 'drop-after'; method?: string };

export class GitHubMock {
  readonly issues: MockIssue[] = [];
  readonly calls: string[] = [];
  private nextId = 1000;
  private faults: MockFault[] = [];

  /** The next calls are answered with these faults, in order. */
  fail(...faults: MockFault[]): void {
    this.faults.push(...faults);
  }

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly token: string,
    readonly repo: string,
  ) {}

  static async start(token: string, repo = 'acme/monitors'): Promise<GitHubMock> {
    const ref: { mock?: GitHubMock } = {};
    const server = createServer((req, res) => void ref.mock!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ref.mock = new GitHubMock(server, `http://127.0.0.1:${port}`, token, repo);
    return ref.mock;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Adds an issue (or a pull request) as if someone had opened it. */
  seed(issue: Omit<MockIssue, 'number' | 'comments' | 'state'> & { state?: 'open' | 'closed' }): MockIssue {
    const full: MockIssue = { state: 'open', comments: [], ...issue, number: this.issues.length + 1 };
    this.issues.push(full);
    return full;
  }

  private json(issue: MockIssue) {
    return {
      number: issue.number,
      title: issue.title,
      body: issue.body,
      state: issue.state,
      state_reason: issue.state_reason ?? null,
      labels: issue.labels.map((name) => ({ name })),
      ...(issue.pull_request ? { pull_request: { url: `${this.url}/pulls/${issue.number}` } } : {}),
    };
  }

  /** GitHub's pagination: page and per_page, and a Link header to the next and last page. */
  private paged(url: URL, items: unknown[]): { body: unknown[]; link: string } {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const at = (n: number) => {
      const u = new URL(url.toString());
      u.searchParams.set('page', String(n));
      return u.toString();
    };
    const link = [page < last ? `<${at(page + 1)}>; rel="next"` : '', `<${at(last)}>; rel="last"`]
      .filter(Boolean)
      .join(', ');
    return { body: items.slice((page - 1) * perPage, page * perPage), link };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push(`${req.method} ${url.pathname}${url.search}`);
    // The first fault meant for this method (or for any).
    const at = this.faults.findIndex((f) => !f.method || f.method === req.method);
    const fault = at < 0 ? undefined : this.faults.splice(at, 1)[0];
    if (fault?.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      return void res.end(JSON.stringify(fault.body ?? { message: `status ${fault.status}` }));
    }
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (fault?.kind === 'drop-after') return void res.socket?.destroy();
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const list = (items: unknown[]) => {
      const p = this.paged(url, items);
      send(200, p.body, { link: p.link });
    };
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return send(401, { message: 'Bad credentials' });
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const base = `/repos/${this.repo}/issues`;
    const path = url.pathname;
    const issue = (n: string | undefined) => this.issues.find((i) => i.number === Number(n));

    if (req.method === 'GET' && path === base) {
      const state = url.searchParams.get('state') ?? 'open';
      const labels = (url.searchParams.get('labels') ?? '').split(',').filter(Boolean);
      return list(
        this.issues
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => labels.every((l) => i.labels.includes(l)))
          .map((i) => this.json(i)),
      );
    }
    if (req.method === 'POST' && path === base) {
      if (typeof body.title !== 'string' || !body.title) return send(422, { message: 'title is missing' });
      const created = this.seed({
        title: body.title,
        body: String(body.body ?? ''),
        labels: ((body.labels as string[] | undefined) ?? []).map(String),
      });
      return send(201, this.json(created));
    }
    let m = new RegExp(`^${base}/(\\d+)$`).exec(path);
    if (m && req.method === 'PATCH') {
      const i = issue(m[1]);
      if (!i) return send(404, { message: 'Not Found' });
      if (typeof body.title === 'string') i.title = body.title;
      if (typeof body.body === 'string') i.body = body.body;
      if (body.state === 'open' || body.state === 'closed') i.state = body.state;
      if ('state_reason' in body) i.state_reason = body.state_reason as string | null;
      if (Array.isArray(body.labels)) i.labels = body.labels.map(String);
      return send(200, this.json(i));
    }
    m = new RegExp(`^${base}/(\\d+)/comments$`).exec(path);
    if (m) {
      const i = issue(m[1]);
      if (!i) return send(404, { message: 'Not Found' });
      if (req.method === 'GET') return list(i.comments);
      if (req.method === 'POST') {
        const c = { id: this.nextId++, body: String(body.body ?? '') };
        i.comments.push(c);
        return send(201, c);
      }
    }
    m = new RegExp(`^${base}/(\\d+)/labels$`).exec(path);
    if (m && req.method === 'GET') {
      const i = issue(m[1]);
      if (!i) return send(404, { message: 'Not Found' });
      return list(i.labels.map((name) => ({ name })));
    }
    m = new RegExp(`^${base}/comments/(\\d+)$`).exec(path);
    if (m && req.method === 'PATCH') {
      const c = this.issues.flatMap((i) => i.comments).find((x) => x.id === Number(m![1]));
      if (!c) return send(404, { message: 'Not Found' });
      c.body = String(body.body ?? '');
      return send(200, c);
    }
    send(404, { message: `no mock for ${req.method} ${path}` });
  }
}
