// Names are data on GitLab too: the plan-report comment is posted as a merge-request note, and GitLab links more than
// GitHub does — merge requests `!12`, labels `~bug` / `~"two words"`, milestones `%v1` / `%"Q3"`, snippets `$12`,
// epics `&12`, commit SHAs, inline diffs `{+ … +}` / `[- … -]`, emoji `:bell:` — and renders `$…$` as math. GitLab
// finds references in the text Markdown produced (escapes already gone), so the oracle below reads the comment that
// way: code spans and our own tags are inert, escapes and entities resolved, and a zero-width space breaks a match.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyse } from '../../src/plan-report/changes.js';
import { render } from '../../src/plan-report/render.js';
import { renderDrift } from '../../src/plan-report/render-drift.js';

const MIXED = join(__dirname, 'fixtures', 'mixed.plan.json');
const HOSTILE = [
  'fixes !12 and group/project!7',
  'label ~bug ~"feature request" ~12',
  'milestone %v1.2 %"Q3 release" %4',
  'snippet $123 epic &45 group&6',
  'commit deadbeefcafe1234 and 0123456789abcdef0123456789abcdef01234567',
  '{+ added +} [-removed-] {-gone-} [+new+]',
  ':bell: :+1: alert',
  'price $x^2$ and $`y`$',
];

/** What GitLab would turn into a reference, inline diff, emoji or math once Markdown has rendered. */
function liveOnGitLab(md: string): string[] {
  let s = md
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, ' ')
    .replace(/<!-- uptimectl:[\w-]+ -->/, '')
    .replace(/<\/?(details|summary|b)>/g, '');
  const found: string[] = [];
  // Math is parsed with the Markdown, where a backslash escapes a dollar: an unescaped pair on one line.
  for (const m of s.matchAll(/(?<!\\)\$(?!\s)[^$\n]*[^\s\\$]\$/g)) found.push(`math ${m[0]}`);
  s = s
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&(amp|lt|gt|quot);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[e]!);
  const rules: [string, RegExp][] = [
    ['merge request', /(?<![\w\u200b])!\d+|[\w/-]+!\d+/g],
    ['label', /~(\d+|"[^"]+"|[A-Za-z][\w-]*)/g],
    ['milestone', /%(\d+|"[^"]+"|[A-Za-z0-9][\w.-]*)/g],
    ['snippet', /\$\d+/g],
    ['epic', /&\d+/g],
    ['commit', /\b[0-9a-f]{7,40}\b/gi],
    ['inline diff', /\{\+|\[\+|\{-|\[-/g],
    ['emoji', /:[\w+-]+:/g],
  ];
  for (const [kind, re] of rules) for (const m of s.matchAll(re)) found.push(`${kind} ${m[0]}`);
  return found;
}

/** The text as a reader sees it: no zero-width spaces, Markdown's escapes resolved. */
const visible = (md: string) => md.replace(/\u200b/g, '').replace(/\\([!-/:-@[-`{-~])/g, '$1');

function hostilePlan() {
  const plan = JSON.parse(readFileSync(MIXED, 'utf8'));
  const rc = (a: string) => plan.resource_changes.find((r: { address: string }) => r.address === a);
  rc('uptime_monitor.new').change.after.name = HOSTILE.join(' | ');
  rc('uptime_monitor.archive').change.before.name = 'archive !3 ~ops $x^2$';
  rc('uptime_monitor.archive').change.after.name = 'archive !3 ~ops $x^2$';
  rc('uptime_monitor.pause').change.after.name = '%"paused" $9 :zzz:';
  plan.resource_drift[0].change.after.name = 'renamed in !99 {+ dashboard +}';
  return plan;
}

test('the oracle sees what GitLab would link (it is not vacuous)', () => {
  expect(liveOnGitLab(HOSTILE.join(' | '))).toEqual(
    expect.arrayContaining([
      'merge request !12',
      'label ~bug',
      'milestone %v1.2',
      'snippet $123',
      'epic &45',
    ]),
  );
  expect(liveOnGitLab('`!12 ~bug` <code>$1</code>')).toEqual([]);
});

test('hostile names in the summary, callouts, sections and drift: nothing GitLab would link or render', () => {
  const stacks = [analyse('web !1', hostilePlan(), new Map()), analyse('api ~2', hostilePlan(), new Map())];
  const md = render(stacks, { budget: Infinity });
  expect(liveOnGitLab(md)).toEqual([]);
  expect(liveOnGitLab(renderDrift(stacks, { budget: Infinity }))).toEqual([]);
  const seen = visible(md);
  for (const name of HOSTILE) expect(seen).toContain(name.split(' ')[0]!);
  expect(seen).toContain('archive !3 ~ops $x^2$');
  expect(visible(renderDrift(stacks))).toContain('renamed in !99 {+ dashboard +}');
});
