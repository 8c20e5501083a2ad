// The posting layer (src/post) against local stand-ins for GitHub's and GitLab's REST APIs, with the same cases for
// both hosts: one comment found by its marker across pages and updated in place; the one drift issue found by its
// marker whatever its labels; a 429 waits what the host announced; a create whose answer was lost is not repeated
// into a second comment or issue; tokens never in an error; bodies over the host's limit refused before any call.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostFromEnv } from '../../src/post/env.js';
import { JOB_TOKEN_ADVICE } from '../../src/post/gitlab.js';
import type { PostingHost } from '../../src/post/host.js';
import { closeIssues, keepIssueOpen, markerOf, postComment } from '../../src/post/index.js';
import { GitHubMock } from './github-mock.js';
import { GitLabMock } from './gitlab-mock.js';

const GH_TOKEN = 'ghs_posting_SENTINEL_0123456789';
const GL_TOKEN = 'glpat-posting-SENTINEL-abcdef';
const JOB_TOKEN = 'glcbt-job-SENTINEL-987654';
const REPORT = (n: number) => `<!-- uptimectl:plan-report -->\n## Monitor changes\n\nrun ${n}\n`;
const DRIFT = (n: number) =>
  `<!-- uptimectl:drift -->\n## Monitors changed outside Terraform\n\ndrift ${n}\n`;

let gh: GitHubMock;
let gl: GitLabMock;
const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  gh = await GitHubMock.start(GH_TOKEN);
  gl = await GitLabMock.start({ token: GL_TOKEN, jobToken: JOB_TOKEN });
});
afterAll(async () => {
  await gh.close();
  await gl.close();
});
beforeEach(() => {
  waits.length = 0;
});

/** A pull/merge request with `before` comments by people ahead of ours (more than one page), and its host. */
interface Target {
  host: PostingHost;
  /** The bodies of the comments on it now. */
  comments(): { id: string; body: string }[];
  setLabels(labels: string[]): void;
  /** The open issues' bodies and labels. */
  openIssues(): { id: string; body: string; labels: string[]; closingNote?: string }[];
  removeLabels(id: string): void;
  /** Connections the host saw. */
  calls(): number;
}

function github(before: number, token = GH_TOKEN): Target {
  const pr = gh.seed({ title: 'Change monitors', body: '', labels: [], pull_request: true });
  for (let i = 0; i < before; i++)
    pr.comments.push({ id: 100_000 + pr.number * 1000 + i, body: `LGTM ${i}` });
  const host = hostFromEnv(
    {
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: gh.url,
      GITHUB_REPOSITORY: gh.repo,
      GITHUB_TOKEN: token,
      PR_NUMBER: String(pr.number),
    },
    { sleep },
  )!;
  return {
    host,
    comments: () => pr.comments.map((c) => ({ id: String(c.id), body: c.body })),
    setLabels: (l) => (pr.labels = l),
    openIssues: () =>
      gh.issues
        .filter((i) => i.state === 'open' && !i.pull_request)
        .map((i) => ({ id: String(i.number), body: i.body, labels: i.labels })),
    removeLabels: (id) => (gh.issues.find((i) => String(i.number) === id)!.labels = []),
    calls: () => gh.calls.length,
  };
}

function gitlab(before: number, o: { token?: string; jobOnly?: boolean } = {}): Target {
  const mr = gl.mergeRequest(gl.mergeRequests.length + 10);
  for (let i = 0; i < before; i++)
    gl.addNote(mr, i % 10 === 0 ? `added ${i} commits` : `Looks good ${i}`, { system: i % 10 === 0 });
  const host = hostFromEnv(
    {
      GITLAB_CI: 'true',
      CI_API_V4_URL: gl.apiUrl,
      CI_PROJECT_ID: gl.projectId,
      CI_MERGE_REQUEST_IID: String(mr.iid),
      CI_JOB_TOKEN: JOB_TOKEN,
      ...(o.jobOnly ? {} : { GITLAB_TOKEN: o.token ?? GL_TOKEN }),
    },
    { sleep },
  )!;
  return {
    host,
    comments: () => mr.notes.filter((n) => !n.system).map((n) => ({ id: String(n.id), body: n.body })),
    setLabels: (l) => (mr.labels = l),
    openIssues: () =>
      gl.issues
        .filter((i) => i.state === 'opened')
        .map((i) => ({ id: String(i.iid), body: i.description, labels: i.labels })),
    removeLabels: (id) => (gl.issues.find((i) => String(i.iid) === id)!.labels = []),
    calls: () => gl.calls.length,
  };
}

const HOSTS: [string, (before: number) => Target][] = [
  ['GitHub', github],
  ['GitLab', gitlab],
];

describe.each(HOSTS)('%s', (_name, make) => {
  test('one comment, found by its marker behind more than a page of others, updated in place', async () => {
    const t = make(150);
    const people = t.comments().length;
    const first = await postComment(t.host, REPORT(1));
    expect(first.action).toBe('created');
    const second = await postComment(t.host, REPORT(2));
    expect(second).toEqual({ action: 'updated', id: first.id });
    const ours = t.comments().filter((c) => c.body.startsWith('<!-- uptimectl:plan-report -->'));
    expect(ours).toEqual([{ id: first.id, body: REPORT(2) }]);
    expect(t.comments()).toHaveLength(people + 1);
  });

  test('the labels the pull/merge request has now', async () => {
    const t = make(0);
    expect(await t.host.labels()).toEqual([]);
    t.setLabels(['monitors-approved', 'infra']);
    expect(await t.host.labels()).toEqual(['monitors-approved', 'infra']);
  });

  test('a 429 waits what the host announced, then the comment is posted once', async () => {
    const t = make(0);
    const mock = t.host.name === 'github' ? gh : gl;
    mock.fail({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    const r = await postComment(t.host, REPORT(1));
    expect(r.action).toBe('created');
    expect(waits).toEqual([7000]);
    expect(t.comments()).toHaveLength(1);
  });

  test('a 503 that says how long it will be down is waited for that long; a 500 is tried again too', async () => {
    const t = make(0);
    const mock = t.host.name === 'github' ? gh : gl;
    t.setLabels(['monitors-approved']);
    mock.fail(
      { kind: 'status', status: 503, headers: { 'retry-after': '3' }, method: 'GET' },
      { kind: 'status', status: 500, method: 'GET' },
    );
    expect(await t.host.labels()).toEqual(['monitors-approved']);
    expect(waits[0]).toBe(3000);
    // The second failure backs off from 1 s, doubled, with equal jitter: in [1 s, 2 s).
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeLessThan(2000);
  });

  test('a create whose answer was lost is found again, not posted twice', async () => {
    const t = make(3);
    const mock = t.host.name === 'github' ? gh : gl;
    // The create happens, but its connection is dropped before the answer.
    const before = t.comments().length;
    mock.fail({ kind: 'drop-after', method: 'POST' });
    const r = await postComment(t.host, REPORT(1));
    expect(r.action).toBe('created');
    const ours = t.comments().filter((c) => c.body.startsWith('<!-- uptimectl:plan-report -->'));
    expect(ours).toHaveLength(1);
    expect(t.comments()).toHaveLength(before + 1);
  });

  test('the drift issue: opened, updated, unchanged, found when its label is gone, closed with a note', async () => {
    const t = make(0);
    const unrelated = await t.host.createIssue({
      title: 'Other',
      body: 'not ours',
      labels: ['monitors-drift'],
    });
    let r = await keepIssueOpen(t.host, {
      body: DRIFT(1),
      title: 'Monitors changed',
      labels: ['monitors-drift'],
    });
    expect(r.action).toBe('opened');
    const mine = t.openIssues().filter((i) => i.body.startsWith('<!-- uptimectl:drift -->'));
    expect(mine).toEqual([{ id: r.ref!.slice(1), body: DRIFT(1), labels: ['monitors-drift'] }]);
    t.removeLabels(mine[0]!.id);
    r = await keepIssueOpen(t.host, {
      body: DRIFT(2),
      title: 'Monitors changed',
      labels: ['monitors-drift'],
    });
    expect(r).toEqual({ action: 'updated', ref: `#${mine[0]!.id}`, duplicates: [] });
    r = await keepIssueOpen(t.host, {
      body: DRIFT(2),
      title: 'Monitors changed',
      labels: ['monitors-drift'],
    });
    expect(r.action).toBe('unchanged');
    expect(t.openIssues().filter((i) => i.body.startsWith('<!-- uptimectl:drift -->'))).toHaveLength(1);
    expect((await closeIssues(t.host, DRIFT(3), 'No drift left.')).action).toBe('closed');
    expect(t.openIssues().map((i) => i.id)).toContain(unrelated.id);
    expect(t.openIssues().filter((i) => i.body.startsWith('<!-- uptimectl:drift -->'))).toEqual([]);
    expect(await closeIssues(t.host, DRIFT(4), 'No drift left.')).toEqual({ action: 'none', duplicates: [] });
  });

  test('two open copies (an older version opened a second when the label was removed): the newer is closed as a duplicate', async () => {
    const t = make(0);
    const a = await t.host.createIssue({ title: 'Drift', body: DRIFT(1), labels: ['monitors-drift'] });
    const b = await t.host.createIssue({ title: 'Drift', body: DRIFT(1), labels: [] });
    const r = await keepIssueOpen(t.host, { body: DRIFT(5), title: 'Drift', labels: ['monitors-drift'] });
    expect(r).toEqual({ action: 'updated', ref: a.ref, duplicates: [b.ref] });
    expect(
      t
        .openIssues()
        .filter((i) => i.body.startsWith('<!-- uptimectl:drift -->'))
        .map((i) => i.id),
    ).toEqual([a.id]);
    await closeIssues(t.host, DRIFT(6), 'No drift left.');
  });

  test('a body over the host limit is refused before anything is sent', async () => {
    const t = make(0);
    const calls = t.calls();
    const huge = `<!-- uptimectl:plan-report -->\n${'x'.repeat(t.host.limits.comment)}`;
    await expect(postComment(t.host, huge)).rejects.toThrow(
      new RegExp(`accepts at most ${t.host.limits.comment}`),
    );
    expect(t.calls()).toBe(calls);
  });
});

test('markerOf: a body without the marker is refused with what it must start with', () => {
  expect(markerOf(REPORT(1))).toBe('<!-- uptimectl:plan-report -->');
  expect(() => markerOf('## Monitor changes')).toThrow(/must start with its hidden marker/);
  expect(() => markerOf(' <!-- uptimectl:drift -->')).toThrow(/hidden marker/);
});

test('GitHub: a wrong token fails with the host message, and no token in it', async () => {
  const t = github(0, 'ghs_WRONG_SENTINEL_token');
  const err = await postComment(t.host, REPORT(1)).catch((e: Error) => e);
  expect(String(err)).toMatch(
    /GitHub: GET \/repos\/acme\/monitors\/issues\/\d+\/comments failed: 401 Bad credentials/,
  );
  expect(String(err)).not.toContain('WRONG_SENTINEL');
  expect(JSON.stringify(t.host)).not.toContain('SENTINEL');
});

test('GitLab: a token the host echoes back in its message is scrubbed', async () => {
  const t = gitlab(0);
  gl.fail({ kind: 'status', status: 422, body: { message: `token ${GL_TOKEN} is not allowed here` } });
  const err = await t.host.labels().catch((e: Error) => e);
  expect(String(err)).toContain('token [REDACTED] is not allowed here');
  expect(String(err)).not.toContain(GL_TOKEN);
  expect(gl.calls.every((c) => !c.url.includes('SENTINEL'))).toBe(true);
});

test('GitLab: notes others wrote are never edited, even with our marker; system notes are skipped', async () => {
  const t = gitlab(2);
  const mr = gl.mergeRequests.at(-1)!;
  const theirs = gl.addNote(mr, `${REPORT(0)}quoted by a reviewer`, { authorId: 9 });
  const r = await postComment(t.host, REPORT(1));
  expect(r.action).toBe('created');
  expect(theirs.body).toBe(`${REPORT(0)}quoted by a reviewer`);
  expect(await postComment(t.host, REPORT(2))).toEqual({ action: 'updated', id: r.id });
});

test('GitLab with only CI_JOB_TOKEN: labels are read; posting fails saying which token is needed, and nothing is written', async () => {
  const t = gitlab(0, { jobOnly: true });
  t.setLabels(['monitors-approved']);
  expect(await t.host.labels()).toEqual(['monitors-approved']);
  const err = await postComment(t.host, REPORT(1)).catch((e: Error) => e);
  expect(String(err)).toContain(JOB_TOKEN_ADVICE);
  expect(String(err)).not.toContain(JOB_TOKEN);
  expect(t.comments()).toEqual([]);
  expect(gl.calls.at(-1)!.auth).toBe('job');
});

test('the file host: the same logic with a directory, labels from the environment', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'post-file-'));
  const host = hostFromEnv(
    { UPTIME_POST_HOST: 'file', UPTIME_POST_LABELS: 'a, monitors-approved' },
    { dir },
  )!;
  expect(await host.labels()).toEqual(['a', 'monitors-approved']);
  expect((await postComment(host, REPORT(1))).action).toBe('created');
  expect(await postComment(host, REPORT(2))).toEqual({ action: 'updated', id: 'comment-plan-report.md' });
  expect(readFileSync(join(dir, 'comment-plan-report.md'), 'utf8')).toBe(REPORT(2));
  expect((await keepIssueOpen(host, { body: DRIFT(1), title: 'Drift', labels: ['d'] })).action).toBe(
    'opened',
  );
  expect((await keepIssueOpen(host, { body: DRIFT(2), title: 'Drift', labels: ['d'] })).action).toBe(
    'updated',
  );
  expect((await closeIssues(host, DRIFT(3), 'gone')).action).toBe('closed');
  const issues = JSON.parse(readFileSync(join(dir, 'issues.json'), 'utf8'));
  expect(issues).toEqual([
    expect.objectContaining({ id: '1', body: DRIFT(2), state: 'closed', labels: ['d'], comments: ['gone'] }),
  ]);
});

test('the host comes from the CI environment; without credentials nothing is chosen', () => {
  expect(hostFromEnv({})).toBeNull();
  expect(hostFromEnv({ GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'a/b' })).toBeNull();
  expect(
    hostFromEnv({ GITLAB_CI: 'true', CI_API_V4_URL: 'https://g/api/v4', CI_PROJECT_ID: '1' }),
  ).toBeNull();
  expect(
    hostFromEnv({ GITHUB_REPOSITORY: 'a/b', GITHUB_TOKEN: 't', GITHUB_REF: 'refs/pull/12/merge' })!.target,
  ).toBe('pull request #12');
  expect(
    hostFromEnv({
      CI_API_V4_URL: 'https://g/api/v4',
      CI_PROJECT_ID: '1',
      CI_JOB_TOKEN: 'j',
      CI_MERGE_REQUEST_IID: '3',
    })!.target,
  ).toBe('merge request !3');
  expect(() => hostFromEnv({ UPTIME_POST_HOST: 'bitbucket' })).toThrow(
    /allowed values: github, gitlab, file/,
  );
  expect(() => hostFromEnv({}, { host: 'gitlab' })).toThrow(/GITLAB_TOKEN/);
});
