// GitLab's REST API (v4) as a posting host: the merge request's notes, its labels, and the project's issues.
// Limits (GitLab's API docs): a note's body 1,000,000 characters, an issue's description 1,048,576.
// Tokens: CI_JOB_TOKEN can read a merge request and list its notes, but cannot create or edit notes or issues (the
// job token's allowed endpoints, "CI/CD job token" in GitLab's docs); posting needs a project access token (or a
// group/personal one) with the `api` scope and at least the Reporter role, given as GITLAB_TOKEN. Notes written
// by someone else are never edited (GitLab lets only the author edit a note): the note we update is one the token's
// user wrote, when GitLab says who that is.
import type { HostComment, HostIssue, PostingHost } from './host.js';
import { HttpJson, PostError } from './http.js';

export interface GitLabOptions {
  /** CI_API_V4_URL, e.g. https://gitlab.example.com/api/v4 */
  apiUrl: string;
  /** CI_PROJECT_ID (or the URL-encoded path). */
  project: string;
  /** A project/group/personal access token (PRIVATE-TOKEN) … */
  token?: string | undefined;
  /** … or the job token (JOB-TOKEN), which can only read. */
  jobToken?: string | undefined;
  /** CI_MERGE_REQUEST_IID in merge request pipelines. */
  mergeRequest?: number | undefined;
  note?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

interface Note {
  id: number;
  body: string;
  system?: boolean;
  author?: { id: number };
}
interface Issue {
  iid: number;
  title: string;
  description?: string | null;
  labels: string[];
}

export const JOB_TOKEN_ADVICE =
  'CI_JOB_TOKEN cannot create or edit notes and issues: set GITLAB_TOKEN to a project access token with the api ' +
  'scope and the Reporter role (Settings > Access tokens), as a masked CI/CD variable';

export class GitLabHost implements PostingHost {
  readonly name = 'gitlab' as const;
  readonly limits = { comment: 1_000_000, issue: 1_048_576 };
  readonly target: string | null;
  private readonly http: HttpJson;
  private readonly project: string;
  private me: Promise<number | undefined> | undefined;

  constructor(private readonly o: GitLabOptions) {
    if (!o.token && !o.jobToken) throw new Error('GitLab: no token (GITLAB_TOKEN or CI_JOB_TOKEN)');
    this.project = `/projects/${encodeURIComponent(o.project)}`;
    this.target = o.mergeRequest ? `merge request !${o.mergeRequest}` : null;
    this.http = new HttpJson({
      baseUrl: o.apiUrl,
      hostName: 'GitLab',
      auth: o.token ? ['private-token', o.token] : ['job-token', o.jobToken!],
      note: o.note,
      sleep: o.sleep,
    });
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, project: this.o.project, target: this.target };
  }

  private mr(): string {
    if (!this.o.mergeRequest)
      throw new Error(
        'no merge request to comment on: CI_MERGE_REQUEST_IID is not set (run the job in a merge request pipeline: rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event")',
      );
    return `${this.project}/merge_requests/${this.o.mergeRequest}`;
  }

  /** A write; with only the job token, a refusal says what token is needed. */
  private async write<T>(method: string, path: string, body: unknown): Promise<T> {
    try {
      return (await this.http.request<T>(method, path, body)).body;
    } catch (err) {
      if (!this.o.token && err instanceof PostError && [401, 403, 404].includes(err.status ?? 0))
        throw new PostError(`${err.message}. ${JOB_TOKEN_ADVICE}`, err.status, err.outcomeUnknown);
      throw err;
    }
  }

  /** The token's user (GET /user), once; undefined when GitLab does not say (the job token cannot ask). */
  private whoAmI(): Promise<number | undefined> {
    this.me ??= this.o.token
      ? this.http.request<{ id?: number }>('GET', '/user').then(
          (r) => r.body?.id,
          () => undefined,
        )
      : Promise.resolve(undefined);
    return this.me;
  }

  async *comments(): AsyncIterable<HostComment> {
    const me = await this.whoAmI();
    for await (const n of this.http.pages<Note>(
      `${this.mr()}/notes?per_page=100&sort=asc&order_by=created_at`,
    ))
      if (!n.system)
        yield { id: String(n.id), body: n.body, mine: me === undefined ? undefined : n.author?.id === me };
  }

  async createComment(body: string): Promise<HostComment> {
    const n = await this.write<Note>('POST', `${this.mr()}/notes`, { body });
    return { id: String(n.id), body, mine: true };
  }

  async updateComment(id: string, body: string): Promise<void> {
    await this.write('PUT', `${this.mr()}/notes/${encodeURIComponent(id)}`, { body });
  }

  async labels(): Promise<string[]> {
    return (await this.http.request<{ labels?: string[] }>('GET', this.mr())).body.labels ?? [];
  }

  private issue(i: Issue): HostIssue {
    return {
      id: String(i.iid),
      ref: `#${i.iid}`,
      title: i.title,
      body: i.description ?? '',
      labels: i.labels,
    };
  }

  async *openIssues(): AsyncIterable<HostIssue> {
    for await (const i of this.http.pages<Issue>(
      `${this.project}/issues?state=opened&per_page=100&order_by=created_at&sort=asc`,
    ))
      yield this.issue(i);
  }

  async createIssue(issue: { title: string; body: string; labels: string[] }): Promise<HostIssue> {
    return this.issue(
      await this.write<Issue>('POST', `${this.project}/issues`, {
        title: issue.title,
        description: issue.body,
        labels: issue.labels.join(','),
      }),
    );
  }

  async updateIssue(id: string, body: string): Promise<void> {
    await this.write('PUT', `${this.project}/issues/${encodeURIComponent(id)}`, { description: body });
  }

  async commentOnIssue(id: string, body: string): Promise<void> {
    await this.write('POST', `${this.project}/issues/${encodeURIComponent(id)}/notes`, { body });
  }

  async closeIssue(id: string): Promise<void> {
    await this.write('PUT', `${this.project}/issues/${encodeURIComponent(id)}`, { state_event: 'close' });
  }
}
