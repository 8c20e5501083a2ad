// A local stand-in for the part of GitHub's REST API the CI scripts call (issues, issue comments), so their GitHub
// steps run end to end in tests: it checks the bearer token, keeps issues and comments in memory and records calls.
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

export class GitHubMock {
  readonly issues: MockIssue[] = [];
  readonly calls: string[] = [];
  private nextId = 1000;

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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
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
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      return send(
        200,
        this.issues
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => labels.every((l) => i.labels.includes(l)))
          .slice(0, perPage)
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
      if (req.method === 'GET') return send(200, i.comments);
      if (req.method === 'POST') {
        const c = { id: this.nextId++, body: String(body.body ?? '') };
        i.comments.push(c);
        return send(201, c);
      }
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
