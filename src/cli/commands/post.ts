// `uptimectl post`: the review comment, the drift issue and the approval label on GitHub, GitLab or a directory,
// one implementation for every CI (../../post). Definition only; the work is loaded when a command runs.
import { Command } from 'commander';
import { collect } from './repeatable-option.js';

interface HostOptions {
  host?: string;
  dir?: string;
}

const say = (m: string): void => {
  process.stderr.write(`uptimectl post: ${m}\n`);
};

async function host(opts: HostOptions) {
  const { hostFromEnv } = await import('../../post/env.js');
  return hostFromEnv(process.env, { host: opts.host, dir: opts.dir, note: say });
}

function withHostOptions(c: Command): Command {
  return c
    .option(
      '--host <host>',
      'github, gitlab or file (default: UPTIME_POST_HOST, else the CI recognised by its variables)',
    )
    .option(
      '--dir <dir>',
      'the file host: where the comment and issues.json are kept (default: UPTIME_POST_DIR or .)',
    );
}

async function read(file: string): Promise<string> {
  const { readFileSync } = await import('node:fs');
  return readFileSync(file, 'utf8');
}

const NOTHING =
  'no code host with credentials (GITHUB_TOKEN and GITHUB_REPOSITORY, or GitLab CI with GITLAB_TOKEN): nothing posted';

export function postCommand(): Command {
  const post = new Command('post').description(
    'Post to the pull/merge request or the issue tracker (GitHub, GitLab, or files): the one review comment, the one drift issue, the labels',
  );
  post.addCommand(
    withHostOptions(new Command('comment'))
      .description(
        'Create or update the one comment on the pull/merge request that starts with the same hidden marker as <file> (plan-report writes it)',
      )
      .argument('<file>', 'the comment body, e.g. plan-report.md')
      .action(async (file: string, opts: HostOptions) => {
        const [h, body, { postComment }] = await Promise.all([
          host(opts),
          read(file),
          import('../../post/index.js'),
        ]);
        if (!h) return say(`${NOTHING}; the comment is in ${file}`);
        const r = await postComment(h, body);
        say(`${r.action} the comment ${r.id} on ${h.target ?? h.name}`);
      }),
  );
  post.addCommand(
    withHostOptions(new Command('issue'))
      .description(
        'Keep one open issue with the same hidden marker as <file>, whatever its labels: open or update it with <file>; with --close, close it',
      )
      .argument('<file>', 'the issue body, e.g. drift-report.md')
      .option('--title <title>', 'title of a new issue', 'Monitors changed outside Terraform')
      .option('--label <label>', 'label of a new issue (repeatable)', collect, [] as string[])
      .option('--close <note>', 'close the open issue(s) with this comment instead')
      .action(
        async (file: string, opts: HostOptions & { title: string; label: string[]; close?: string }) => {
          const [h, body, posting] = await Promise.all([
            host(opts),
            read(file),
            import('../../post/index.js'),
          ]);
          for (const l of opts.label)
            if (!l.trim() || l.includes(','))
              throw new Error(`--label "${l}": a label is a non-empty name without commas`);
          if (!h) return say(`${NOTHING}; the report is in ${file}`);
          const r =
            opts.close !== undefined
              ? await posting.closeIssues(h, body, opts.close)
              : await posting.keepIssueOpen(h, { body, title: opts.title, labels: opts.label });
          const dupes = r.duplicates.length ? ` (closed ${r.duplicates.join(', ')} as duplicates)` : '';
          say(
            r.action === 'none'
              ? 'no open issue with this marker: nothing to close'
              : `${r.action} the issue ${r.ref}${dupes}`,
          );
        },
      ),
  );
  post.addCommand(
    withHostOptions(new Command('labels'))
      .description('Print the labels the pull/merge request has now, one per line (read from the host)')
      .action(async (opts: HostOptions) => {
        const h = await host(opts);
        if (!h) return say(`${NOTHING}: no labels read`);
        for (const l of await h.labels()) process.stdout.write(`${l}\n`);
      }),
  );
  return post;
}
