// GitHub's REST API as a posting host: the pull request's issue comments, its labels, and the repository's issues.
// Limits: 65,536 characters for a comment and for an issue body. Token: GITHUB_TOKEN of the workflow (permissions
// `pull-requests: write` for the comment and labels, `issues: write` for the drift issue) or any token with them.
import type { HostComment, HostIssue, PostingHost } from './host.js';
import { HttpJson } from './http.js';

export interface GitHubOptions {
  apiUrl: string;
  /** owner/name */
  repository: string;
  token: string;
  /** The pull request under review, when there is one. */
  pullRequest?: number | undefined;
  note?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

interface Comment {
  id: number;
  body?: string | null;
}
interface Issue {
  number: number;
  title: string;
  body?: string | null;
  labels: ({ name: string } | string)[];
  pull_request?: unknown;
}

export class GitHubHost implements PostingHost {
  readonly name = 'github' as const;
  readonly limits = { comment: 65_536, issue: 65_536 };
  readonly target: string | null;
  private readonly http: HttpJson;
  private readonly repo: string;

  constructor(private readonly o: GitHubOptions) {
    if (!/^[\w.-]+\/[\w.-]+$/.test(o.repository))
      throw new Error(`GITHUB_REPOSITORY must be owner/name, not "${o.repository}"`);
    this.repo = `/repos/${o.repository}`;
    this.target = o.pullRequest ? `pull request #${o.pullRequest}` : null;
    this.http = new HttpJson({
      baseUrl: o.apiUrl,
      hostName: 'GitHub',
      auth: ['authorization', `Bearer ${o.token}`],
      headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      note: o.note,
      sleep: o.sleep,
    });
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, repository: this.o.repository, target: this.target };
  }

  private pr(): number {
    if (!this.o.pullRequest)
      throw new Error('no pull request to comment on: set PR_NUMBER (the workflow runs on pull_request)');
    return this.o.pullRequest;
  }

  async *comments(): AsyncIterable<HostComment> {
    for await (const c of this.http.pages<Comment>(`${this.repo}/issues/${this.pr()}/comments?per_page=100`))
      yield { id: String(c.id), body: c.body ?? '' };
  }

  async createComment(body: string): Promise<HostComment> {
    const r = await this.http.request<Comment>('POST', `${this.repo}/issues/${this.pr()}/comments`, { body });
    return { id: String(r.body.id), body };
  }

  async updateComment(id: string, body: string): Promise<void> {
    await this.http.request('PATCH', `${this.repo}/issues/comments/${encodeURIComponent(id)}`, { body });
  }

  async labels(): Promise<string[]> {
    const out: string[] = [];
    for await (const l of this.http.pages<{ name: string }>(
      `${this.repo}/issues/${this.pr()}/labels?per_page=100`,
    ))
      out.push(l.name);
    return out;
  }

  private issue(i: Issue): HostIssue {
    return {
      id: String(i.number),
      ref: `#${i.number}`,
      title: i.title,
      body: i.body ?? '',
      labels: i.labels.map((l) => (typeof l === 'string' ? l : l.name)),
    };
  }

  async *openIssues(): AsyncIterable<HostIssue> {
    for await (const i of this.http.pages<Issue>(`${this.repo}/issues?state=open&per_page=100`))
      if (!i.pull_request) yield this.issue(i);
  }

  async createIssue(issue: { title: string; body: string; labels: string[] }): Promise<HostIssue> {
    return this.issue((await this.http.request<Issue>('POST', `${this.repo}/issues`, issue)).body);
  }

  async updateIssue(id: string, body: string): Promise<void> {
    await this.http.request('PATCH', `${this.repo}/issues/${encodeURIComponent(id)}`, { body });
  }

  async commentOnIssue(id: string, body: string): Promise<void> {
    await this.http.request('POST', `${this.repo}/issues/${encodeURIComponent(id)}/comments`, { body });
  }

  async closeIssue(id: string): Promise<void> {
    await this.http.request('PATCH', `${this.repo}/issues/${encodeURIComponent(id)}`, {
      state: 'closed',
      state_reason: 'completed',
    });
  }
}
