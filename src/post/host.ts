// Where the review comment and the drift issue go: one small interface per code host (GitHub, GitLab, a directory of
// files for any other system). A host only lists, creates and updates; what the review and drift jobs need from them
// (the one comment found by its hidden marker, the one issue found by its marker whatever its labels) is decided once,
// in ./index.ts, for every host.

/** A comment on the pull or merge request under review. */
export interface HostComment {
  id: string;
  body: string;
  /** False when the host says someone else wrote it (we could not update it); undefined when it cannot tell. */
  mine?: boolean | undefined;
}

export interface HostIssue {
  /** What the API addresses it by (GitHub: number, GitLab: iid). */
  id: string;
  /** How people refer to it: `#12`. */
  ref: string;
  title: string;
  body: string;
  labels: string[];
}

export interface PostingHost {
  readonly name: 'github' | 'gitlab' | 'file';
  /** Longest body the host accepts, in characters: a comment (GitHub 65,536, GitLab 1,000,000) and an issue's
   *  description (GitHub 65,536, GitLab 1,048,576). */
  readonly limits: { comment: number; issue: number };
  /** The pull or merge request under review, for messages ("merge request !7"); null outside a review. */
  readonly target: string | null;

  comments(): AsyncIterable<HostComment>;
  createComment(body: string): Promise<HostComment>;
  updateComment(id: string, body: string): Promise<void>;
  /** The labels the pull or merge request has now (read from the host, not from the CI's event payload). */
  labels(): Promise<string[]>;

  /** Open issues, oldest first is not promised (callers sort by id). Pull requests are not issues. */
  openIssues(): AsyncIterable<HostIssue>;
  createIssue(issue: { title: string; body: string; labels: string[] }): Promise<HostIssue>;
  updateIssue(id: string, body: string): Promise<void>;
  commentOnIssue(id: string, body: string): Promise<void>;
  closeIssue(id: string): Promise<void>;
}
