// Which host to post to and how, from the environment a CI job gets:
// - GitLab CI: CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_IID (merge request pipelines); GITLAB_TOKEN (a project
//   access token: posting) or CI_JOB_TOKEN (reading only).
// - GitHub Actions: GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN; the pull request from PR_NUMBER, else from
//   GITHUB_REF (refs/pull/<n>/merge).
// - Anything else: a directory (`--host file`, UPTIME_POST_DIR), labels from UPTIME_POST_LABELS.
// UPTIME_POST_HOST (or --host) chooses; otherwise the CI is recognised by its variables. Without credentials for the
// recognised host, nothing is posted (null): the report stays in its file, as the scripts say.
import { FileHost } from './file.js';
import { GitHubHost } from './github.js';
import { GitLabHost } from './gitlab.js';
import type { PostingHost } from './host.js';

export const HOSTS = ['github', 'gitlab', 'file'] as const;
export type HostName = (typeof HOSTS)[number];

export interface HostChoice {
  host?: string | undefined;
  /** The file host's directory. */
  dir?: string | undefined;
  note?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

const positive = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : undefined);

export function detectHost(env: NodeJS.ProcessEnv, chosen?: string): HostName | null {
  const name = chosen || env.UPTIME_POST_HOST || undefined;
  if (name !== undefined) {
    if (!(HOSTS as readonly string[]).includes(name))
      throw new Error(
        `unknown host "${name}" (--host / UPTIME_POST_HOST); allowed values: ${HOSTS.join(', ')}`,
      );
    return name as HostName;
  }
  if (env.GITLAB_CI === 'true' || env.CI_API_V4_URL) return 'gitlab';
  if (env.GITHUB_ACTIONS === 'true' || env.GITHUB_REPOSITORY) return 'github';
  return null;
}

/** The host, or null when none is chosen or recognised with credentials (then nothing is posted). */
export function hostFromEnv(env: NodeJS.ProcessEnv, o: HostChoice = {}): PostingHost | null {
  const name = detectHost(env, o.host);
  const explicit = !!(o.host || env.UPTIME_POST_HOST);
  if (name === 'file')
    return new FileHost(
      o.dir ?? env.UPTIME_POST_DIR ?? '.',
      (env.UPTIME_POST_LABELS ?? '')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    );
  if (name === 'gitlab') {
    const token = env.GITLAB_TOKEN || undefined;
    const jobToken = env.CI_JOB_TOKEN || undefined;
    const missing = [!env.CI_API_V4_URL && 'CI_API_V4_URL', !env.CI_PROJECT_ID && 'CI_PROJECT_ID'].filter(
      Boolean,
    );
    if (!token && !jobToken) {
      if (explicit) throw new Error('GitLab: set GITLAB_TOKEN (a project access token with the api scope)');
      return null;
    }
    if (missing.length)
      throw new Error(`GitLab: ${missing.join(' and ')} not set (GitLab CI sets them in every job)`);
    return new GitLabHost({
      apiUrl: env.CI_API_V4_URL!,
      project: env.CI_PROJECT_ID!,
      token,
      jobToken,
      mergeRequest: positive(env.CI_MERGE_REQUEST_IID),
      note: o.note,
      sleep: o.sleep,
    });
  }
  if (name === 'github') {
    if (!env.GITHUB_TOKEN || !env.GITHUB_REPOSITORY) {
      if (explicit) throw new Error('GitHub: set GITHUB_TOKEN and GITHUB_REPOSITORY');
      return null;
    }
    const fromRef = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '')?.[1];
    return new GitHubHost({
      apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
      repository: env.GITHUB_REPOSITORY,
      token: env.GITHUB_TOKEN,
      pullRequest: positive(env.PR_NUMBER) ?? positive(fromRef),
      note: o.note,
      sleep: o.sleep,
    });
  }
  return null;
}
