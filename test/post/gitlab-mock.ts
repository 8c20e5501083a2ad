// A local stand-in for the part of GitLab's REST API (v4) the CI recipe calls, with GitLab's rules as its docs state
// them: PRIVATE-TOKEN (a project access token, a bot user) may read and write; JOB-TOKEN (CI_JOB_TOKEN) may only read
// a merge request and list its notes (everything else: 401); offset pagination (default 20 per page, at most 100,
// `x-next-page`/`x-page`/`x-total` and a `Link` header; notes newest first unless sort=asc); system notes among the
// notes; only a note's author may edit it; a note's body at most 1,000,000 characters, an issue's description at
// most 1,048,576; labels given as a comma-separated string. It keeps everything in memory, records each call, and
// can answer the next call with a fault (a 429 with Retry-After, a dropped connection after the write happened).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GlNote {
  id: number;
  body: string;
  authorId: number;
  system: boolean;
}
export interface GlIssue {
  iid: number;
  title: string;
  description: string;
  labels: string[];
  state: 'opened' | 'closed';
  notes: GlNote[];
}
export interface GlMergeRequest {
  iid: number;
  labels: string[];
  notes: GlNote[];
}

type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown; method?: string }
  /** Do the request's work, then drop the connection without an answer (the write happened; the client can't know). */
  | { kind: 'drop-after'; method?: string };

export const NOTE_LIMIT = 1_000_000;
export const DESCRIPTION_LIMIT = 1_048_576;

export class GitLabMock {
  readonly mergeRequests: GlMergeRequest[] = [];
  readonly issues: GlIssue[] = [];
  /** `METHOD /path?query` of every call, and the auth header kind it carried. */
  readonly calls: { call: string; auth: 'private' | 'job' | 'none'; url: string }[] = [];
  readonly botUserId = 4242;
  private nextNoteId = 5000;
  private faults: Fault[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly projectId: string,
    readonly token: string,
    readonly jobToken: string,
  ) {}

  /** The API root, as GitLab CI gives it in CI_API_V4_URL. */
  get apiUrl(): string {
    return `${this.url}/api/v4`;
  }

  static async start(o: { token: string; jobToken: string; projectId?: string }): Promise<GitLabMock> {
    const ref: { mock?: GitLabMock } = {};
    const server = createServer((req, res) => void ref.mock!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ref.mock = new GitLabMock(server, `http://127.0.0.1:${port}`, o.projectId ?? '77', o.token, o.jobToken);
    return ref.mock;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next calls are answered with these faults, in order. */
  fail(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  mergeRequest(iid: number, labels: string[] = []): GlMergeRequest {
    const mr = { iid, labels, notes: [] };
    this.mergeRequests.push(mr);
    return mr;
  }

  /** A note by someone (default: a person, not the bot), as if written in the UI. */
  addNote(mr: GlMergeRequest, body: string, o: { authorId?: number; system?: boolean } = {}): GlNote {
    const n = { id: this.nextNoteId++, body, authorId: o.authorId ?? 7, system: o.system ?? false };
    mr.notes.push(n);
    return n;
  }

  seedIssue(i: Omit<GlIssue, 'iid' | 'notes' | 'state'> & { state?: GlIssue['state'] }): GlIssue {
    const issue: GlIssue = { state: 'opened', notes: [], ...i, iid: this.issues.length + 1 };
    this.issues.push(issue);
    return issue;
  }

  private noteJson(n: GlNote) {
    return {
      id: n.id,
      body: n.body,
      system: n.system,
      author: {
        id: n.authorId,
        username: n.authorId === this.botUserId ? 'project_77_bot' : `user${n.authorId}`,
      },
      created_at: new Date(1_780_000_000_000 + n.id * 1000).toISOString(),
    };
  }

  private issueJson(i: GlIssue) {
    return {
      iid: i.iid,
      id: 9000 + i.iid,
      title: i.title,
      description: i.description,
      labels: i.labels,
      state: i.state,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const auth =
      req.headers['private-token'] !== undefined
        ? 'private'
        : req.headers['job-token'] !== undefined
          ? 'job'
          : 'none';
    this.calls.push({ call: `${req.method} ${url.pathname}${url.search}`, auth, url: req.url ?? '' });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    // The first fault meant for this method (or for any).
    const at = this.faults.findIndex((f) => !f.method || f.method === req.method);
    const fault = at < 0 ? undefined : this.faults.splice(at, 1)[0];
    if (fault?.kind === 'status')
      return send(fault.status, fault.body ?? { message: `${fault.status}` }, fault.headers);

    const privateOk = req.headers['private-token'] === this.token;
    const jobOk = req.headers['job-token'] === this.jobToken;
    if (!privateOk && !jobOk) return send(401, { message: '401 Unauthorized' });
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(400, { message: '400 Bad request' });
      }
    }
    const p = url.pathname;
    const method = req.method ?? 'GET';
    const project = `/api/v4/projects/${this.projectId}`;
    // The job token's allowed endpoints: read a merge request, list and read its notes.
    const jobAllowed =
      method === 'GET' && new RegExp(`^${project}/merge_requests/\\d+(/notes(/\\d+)?)?$`).test(p);
    if (!privateOk && !jobAllowed) return send(401, { message: '401 Unauthorized' });

    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      if (fault?.kind === 'drop-after') {
        res.socket?.destroy();
        return;
      }
      send(status, json, headers);
    };

    if (method === 'GET' && p === '/api/v4/user')
      return answer(200, { id: this.botUserId, username: 'project_77_bot' });

    let m = new RegExp(`^${project}/merge_requests/(\\d+)(/notes)?(?:/(\\d+))?$`).exec(p);
    if (m) {
      const mr = this.mergeRequests.find((x) => x.iid === Number(m![1]));
      if (!mr) return answer(404, { message: '404 Not found' });
      if (!m[2]) {
        if (method === 'GET') return answer(200, { iid: mr.iid, labels: mr.labels, state: 'opened' });
        return answer(405, { message: '405 Method Not Allowed' });
      }
      if (!m[3]) {
        if (method === 'GET') {
          const asc = url.searchParams.get('sort') === 'asc';
          const notes = [...mr.notes].sort((a, b) => (asc ? a.id - b.id : b.id - a.id));
          return this.page(
            url,
            notes.map((n) => this.noteJson(n)),
            answer,
          );
        }
        if (method === 'POST') {
          const err = this.checkNote(body.body);
          if (err) return answer(400, err);
          const n = {
            id: this.nextNoteId++,
            body: String(body.body),
            authorId: this.botUserId,
            system: false,
          };
          mr.notes.push(n);
          return answer(201, this.noteJson(n));
        }
      } else {
        const n = mr.notes.find((x) => x.id === Number(m![3]));
        if (!n) return answer(404, { message: '404 Note Not Found' });
        if (method === 'GET') return answer(200, this.noteJson(n));
        if (method === 'PUT') {
          if (n.authorId !== this.botUserId || n.system) return answer(403, { message: '403 Forbidden' });
          const err = this.checkNote(body.body);
          if (err) return answer(400, err);
          n.body = String(body.body);
          return answer(200, this.noteJson(n));
        }
      }
      return answer(405, { message: '405 Method Not Allowed' });
    }

    if (p === `${project}/issues`) {
      if (method === 'GET') {
        const state = url.searchParams.get('state') ?? 'all';
        const labels = (url.searchParams.get('labels') ?? '').split(',').filter(Boolean);
        const asc = url.searchParams.get('sort') === 'asc';
        const list = this.issues
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => labels.every((l) => i.labels.includes(l)))
          .sort((a, b) => (asc ? a.iid - b.iid : b.iid - a.iid));
        return this.page(
          url,
          list.map((i) => this.issueJson(i)),
          answer,
        );
      }
      if (method === 'POST') {
        if (typeof body.title !== 'string' || !body.title)
          return answer(400, { message: '400 (Bad request) "title" not given' });
        const d = String(body.description ?? '');
        if (d.length > DESCRIPTION_LIMIT)
          return answer(400, {
            message: { description: [`is too long (maximum is ${DESCRIPTION_LIMIT} characters)`] },
          });
        const created = this.seedIssue({
          title: body.title,
          description: d,
          labels: String(body.labels ?? '')
            .split(',')
            .map((l) => l.trim())
            .filter(Boolean),
        });
        return answer(201, this.issueJson(created));
      }
    }
    m = new RegExp(`^${project}/issues/(\\d+)(/notes)?$`).exec(p);
    if (m) {
      const i = this.issues.find((x) => x.iid === Number(m![1]));
      if (!i) return answer(404, { message: '404 Issue Not Found' });
      if (m[2] && method === 'POST') {
        const err = this.checkNote(body.body);
        if (err) return answer(400, err);
        const n = { id: this.nextNoteId++, body: String(body.body), authorId: this.botUserId, system: false };
        i.notes.push(n);
        return answer(201, this.noteJson(n));
      }
      if (!m[2] && method === 'PUT') {
        if (typeof body.description === 'string') {
          if (body.description.length > DESCRIPTION_LIMIT)
            return answer(400, { message: { description: ['is too long'] } });
          i.description = body.description;
        }
        if (typeof body.title === 'string') i.title = body.title;
        if (body.state_event === 'close') i.state = 'closed';
        if (body.state_event === 'reopen') i.state = 'opened';
        if (typeof body.labels === 'string') i.labels = body.labels.split(',').filter(Boolean);
        return answer(200, this.issueJson(i));
      }
      if (!m[2] && method === 'GET') return answer(200, this.issueJson(i));
    }
    answer(404, { error: '404 Not Found' });
  }

  private checkNote(b: unknown): unknown {
    if (typeof b !== 'string' || !b) return { message: '400 (Bad request) "body" not given' };
    if (b.length > NOTE_LIMIT)
      return { message: { note: [`is too long (maximum is ${NOTE_LIMIT} characters)`] } };
    return null;
  }

  /** GitLab's offset pagination: page, per_page (default 20, max 100), x-* headers and a Link header. */
  private page(
    url: URL,
    items: unknown[],
    answer: (status: number, json: unknown, headers: Record<string, string>) => void,
  ): void {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 20) || 20));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const pages = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number) => {
      const u = new URL(url.toString());
      u.searchParams.set('page', String(n));
      u.searchParams.set('per_page', String(perPage));
      return u.toString();
    };
    const rels = [
      page > 1 ? `<${link(page - 1)}>; rel="prev"` : '',
      page < pages ? `<${link(page + 1)}>; rel="next"` : '',
      `<${link(1)}>; rel="first"`,
      `<${link(pages)}>; rel="last"`,
    ].filter(Boolean);
    answer(200, items.slice((page - 1) * perPage, page * perPage), {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': page < pages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
      'x-total': String(items.length),
      'x-total-pages': String(pages),
      link: rels.join(', '),
    });
  }
}
