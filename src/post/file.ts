// A directory as the posting host, for a CI without a supported API (Jenkins, Bitbucket, Azure DevOps, …) or a dry
// run: the review comment is the file `comment-<marker>.md` and the issues live in `issues.json`, so a later step of
// that CI can post them with its own tool, and the same find-by-marker logic runs as for GitHub and GitLab. The
// pull request's labels come from the environment (UPTIME_POST_LABELS, comma-separated). Files are replaced whole
// (written beside, then renamed): never half-written.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostComment, HostIssue, PostingHost } from './host.js';

interface StoredIssue extends HostIssue {
  state: 'open' | 'closed';
  comments: string[];
}

function writeWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

export class FileHost implements PostingHost {
  readonly name = 'file' as const;
  /** No host limit; the same as GitHub's keeps what is written postable anywhere. */
  readonly limits = { comment: 65_536, issue: 65_536 };
  readonly target = 'the comment file';

  constructor(
    readonly dir: string,
    private readonly labelList: string[] = [],
  ) {}

  private issuesFile(): string {
    return join(this.dir, 'issues.json');
  }

  private readIssues(): StoredIssue[] {
    const f = this.issuesFile();
    if (!existsSync(f)) return [];
    try {
      return JSON.parse(readFileSync(f, 'utf8')) as StoredIssue[];
    } catch {
      throw new Error(`${f} is not valid JSON: restore or remove it`);
    }
  }

  private writeIssues(issues: StoredIssue[]): void {
    mkdirSync(this.dir, { recursive: true });
    writeWhole(this.issuesFile(), `${JSON.stringify(issues, null, 2)}\n`);
  }

  private issue(id: string): StoredIssue[] {
    const all = this.readIssues();
    if (!all.some((i) => i.id === id)) throw new Error(`${this.issuesFile()} has no issue ${id}`);
    return all;
  }

  async *comments(): AsyncIterable<HostComment> {
    if (!existsSync(this.dir)) return;
    for (const f of readdirSync(this.dir).sort())
      if (/^comment-[\w-]+\.md$/.test(f)) yield { id: f, body: readFileSync(join(this.dir, f), 'utf8') };
  }

  async createComment(body: string): Promise<HostComment> {
    const slug = /^<!--\s*uptimectl:([\w-]+)\s*-->/.exec(body)?.[1] ?? 'report';
    const id = `comment-${slug}.md`;
    await this.updateComment(id, body);
    return { id, body };
  }

  async updateComment(id: string, body: string): Promise<void> {
    if (!/^comment-[\w-]+\.md$/.test(id)) throw new Error(`not a comment file: ${id}`);
    mkdirSync(this.dir, { recursive: true });
    writeWhole(join(this.dir, id), body);
  }

  async labels(): Promise<string[]> {
    return this.labelList;
  }

  async *openIssues(): AsyncIterable<HostIssue> {
    for (const i of this.readIssues()) if (i.state === 'open') yield i;
  }

  async createIssue(issue: { title: string; body: string; labels: string[] }): Promise<HostIssue> {
    const all = this.readIssues();
    const id = String(Math.max(0, ...all.map((i) => Number(i.id))) + 1);
    const created: StoredIssue = { id, ref: `#${id}`, ...issue, state: 'open', comments: [] };
    this.writeIssues([...all, created]);
    return created;
  }

  async updateIssue(id: string, body: string): Promise<void> {
    this.writeIssues(this.issue(id).map((i) => (i.id === id ? { ...i, body } : i)));
  }

  async commentOnIssue(id: string, body: string): Promise<void> {
    this.writeIssues(
      this.issue(id).map((i) => (i.id === id ? { ...i, comments: [...i.comments, body] } : i)),
    );
  }

  async closeIssue(id: string): Promise<void> {
    this.writeIssues(this.issue(id).map((i) => (i.id === id ? { ...i, state: 'closed' as const } : i)));
  }
}
