// The posting layer used by the review and drift jobs (`uptimectl post`), for every host alike:
// - the review comment: ONE comment on the pull/merge request, found by the hidden marker its body starts with
//   (`<!-- uptimectl:plan-report -->`), updated in place, created once;
// - the drift issue: ONE open issue found by its marker, whatever labels people gave or took from it; opened,
//   updated while drift remains, closed with a note when it is gone; extra open copies (made by older versions when
//   someone removed the label) are closed as duplicates of the oldest;
// - the labels the pull/merge request has now, for the approval gate.
// A create whose outcome is unknown (timeout, connection lost) is never repeated blindly: the marker is looked up
// again first, so a retry cannot leave two comments or two issues.
import type { HostComment, HostIssue, PostingHost } from './host.js';
import { PostError } from './http.js';

export type { PostingHost } from './host.js';

/** The hidden marker a comment or issue body starts with, as plan-report writes it. */
export function markerOf(body: string): string {
  const m = /^<!-- uptimectl:[a-z][\w-]* -->/.exec(body);
  if (!m)
    throw new Error(
      'the body must start with its hidden marker, e.g. <!-- uptimectl:plan-report --> (uptimectl plan-report writes it)',
    );
  return m[0];
}

function checkLength(body: string, limit: number, what: string, host: PostingHost): void {
  // Characters as the hosts count them are at most the UTF-16 length: checking that is never too lenient.
  if (body.length > limit)
    throw new Error(
      `the ${what} has ${body.length} characters; ${host.name} accepts at most ${limit}. ` +
        'plan-report stays under 60,000 by default: do not raise its budget beyond the host limit',
    );
}

async function find<T extends { body: string }>(
  items: AsyncIterable<T>,
  accept: (x: T) => boolean,
): Promise<T | undefined> {
  for await (const x of items) if (accept(x)) return x;
  return undefined;
}

export interface Posted {
  action: 'created' | 'updated';
  id: string;
}

export async function postComment(host: PostingHost, body: string): Promise<Posted> {
  const marker = markerOf(body);
  checkLength(body, host.limits.comment, 'comment', host);
  const ours = (c: HostComment) => c.body.startsWith(marker) && c.mine !== false;
  const existing = await find(host.comments(), ours);
  if (existing) {
    await host.updateComment(existing.id, body);
    return { action: 'updated', id: existing.id };
  }
  try {
    return { action: 'created', id: (await host.createComment(body)).id };
  } catch (err) {
    if (!(err instanceof PostError && err.outcomeUnknown)) throw err;
    const made = await find(host.comments(), ours);
    if (made) {
      await host.updateComment(made.id, body);
      return { action: 'created', id: made.id };
    }
    return { action: 'created', id: (await host.createComment(body)).id };
  }
}

export interface IssueRequest {
  /** The report; its first line is the marker. */
  body: string;
  /** Title and labels of a new issue (an existing issue keeps the ones people gave it). */
  title: string;
  labels: string[];
}

export interface KeptIssue {
  action: 'opened' | 'updated' | 'unchanged' | 'closed' | 'none';
  /** The issue kept (or closed): `#12`. */
  ref?: string;
  /** Open copies closed as duplicates of it. */
  duplicates: string[];
}

async function openWithMarker(host: PostingHost, marker: string): Promise<HostIssue[]> {
  const out: HostIssue[] = [];
  for await (const i of host.openIssues()) if (i.body.startsWith(marker)) out.push(i);
  return out.sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
}

/** Opens the one issue, or updates it; closes any other open issue with the same marker as its duplicate. */
export async function keepIssueOpen(host: PostingHost, r: IssueRequest): Promise<KeptIssue> {
  const marker = markerOf(r.body);
  checkLength(r.body, host.limits.issue, 'issue body', host);
  if (!r.title.trim()) throw new Error('the issue needs a title');
  let [keep, ...copies] = await openWithMarker(host, marker);
  let action: KeptIssue['action'];
  if (keep) {
    action = keep.body === r.body ? 'unchanged' : 'updated';
    if (action === 'updated') await host.updateIssue(keep.id, r.body);
  } else {
    try {
      keep = await host.createIssue({ title: r.title, body: r.body, labels: r.labels });
    } catch (err) {
      if (!(err instanceof PostError && err.outcomeUnknown)) throw err;
      [keep, ...copies] = await openWithMarker(host, marker);
      if (keep) await host.updateIssue(keep.id, r.body);
      else keep = await host.createIssue({ title: r.title, body: r.body, labels: r.labels });
    }
    action = 'opened';
  }
  for (const c of copies) {
    await host.commentOnIssue(
      c.id,
      `Closed as a duplicate of ${keep.ref}: uptimectl keeps one open issue with this report.`,
    );
    await host.closeIssue(c.id);
  }
  return { action, ref: keep.ref, duplicates: copies.map((c) => c.ref) };
}

/** Closes every open issue with the body's marker, each with the note. */
export async function closeIssues(host: PostingHost, body: string, note: string): Promise<KeptIssue> {
  const marker = markerOf(body);
  const open = await openWithMarker(host, marker);
  for (const i of open) {
    await host.commentOnIssue(i.id, note);
    await host.closeIssue(i.id);
  }
  return open.length
    ? { action: 'closed', ref: open[0]!.ref, duplicates: open.slice(1).map((i) => i.ref) }
    : { action: 'none', duplicates: [] };
}
