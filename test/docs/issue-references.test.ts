// No references to this project's issues in code, tests or docs: a rule is written as what it means, and its history
// (which issue asked for it) belongs in commit messages. An issue reference is `issue 12`, `issues 4`, `issue #12`,
// `issue-24` or `issue24`, in any case, in any file under src/, docs/, test/, scripts/, bench/ and examples/, or in
// README.md. Other projects' issues are cited as `owner/repo#N` or by their URL (`…/issues/N`), which this does not
// match. What the pattern matches but is not a reference to ours is listed in ALLOWED, each with why.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';

const ROOTS = ['src', 'docs', 'test', 'scripts', 'bench', 'examples', 'README.md'];
const SKIP = new Set(['node_modules', 'dist', '.terraform', 'cdktf.out']);
/** This file: its pattern and samples. */
const SELF = 'test/docs/issue-references.test.ts';

export const ISSUE_REFERENCE = /\bissues?(?:[ \t-]*#?[ \t]*|(?=\d))\d+/gi;

/** Matches that are not references to this project's issues: file, the matched line's text, and why. */
const ALLOWED: readonly { file: string; line: RegExp; why: string }[] = [
  {
    file: 'test/plan-report/drift-e2e.test.ts',
    line: /the issue #3/,
    why: 'test data: the drift issue the GitHub stand-in numbers #3, as uptimectl post reports it',
  },
];

function files(path: string): string[] {
  const full = join(REPO_ROOT, path);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries.filter((e) => !SKIP.has(e.name)).flatMap((e) => files(join(path, e.name)));
}

export function issueReferences(text: string): string[] {
  return text.split('\n').filter((line) => new RegExp(ISSUE_REFERENCE.source, 'i').test(line));
}

test('no file refers to one of our issues by number', () => {
  const found: string[] = [];
  for (const file of ROOTS.flatMap(files).map((f) => f.split(sep).join('/'))) {
    if (file === SELF) continue;
    const bytes = readFileSync(join(REPO_ROOT, file));
    if (bytes.includes(0)) continue; // binary (a database, an image)
    for (const line of issueReferences(bytes.toString('utf8'))) {
      if (ALLOWED.some((a) => a.file === file && a.line.test(line))) continue;
      found.push(`${file}: ${line.trim().slice(0, 160)}`);
    }
  }
  expect(found).toEqual([]);
});

test('the pattern finds our issue references and leaves other projects’ alone', () => {
  const lines = issueReferences(
    [
      'Object identity (issue 12): one resource, one monitor.',
      "details in the issue-24 closing note; issue 24's targets",
      '## Local service: further decisions (Issue 4)',
      'issues 8 and 9',
      '`issue39 kill` in a log line',
      'see hashicorp/terraform#35628 and https://github.com/hashicorp/terraform/issues/38369',
      'the drift issue: opened, updated, closed; an issue body of 65,536 characters',
    ].join('\n'),
  );
  expect(lines).toHaveLength(5);
});
