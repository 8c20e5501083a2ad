// Names are data: whatever a monitor, URL, header, destination label or stack is called, the plan-report comment
// never pings anyone (@user, @org/team), never references an issue (#12, GH-12, org/repo#12), never links
// (https://…, www.…, a@b.example, [x](y)) and never carries HTML of its own. The oracle below reads the comment the
// way GitHub does: our own tags and code spans/elements are inert, everything else is text GitHub post-processes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyse } from '../../src/plan-report/changes.js';
import { planReport } from '../../src/plan-report/index.js';
import { render } from '../../src/plan-report/render.js';
import { liveMarkup, visible } from './markdown-oracle.js';

const MIXED = join(__dirname, 'fixtures', 'mixed.plan.json');

const HOSTILE = [
  'ping @someone',
  '@org/team',
  'cc @octocat, fixes #12 and GH-7, see org/repo#3',
  'https://evil.example/x www.evil.example a@b.example',
  '<img src=x onerror=alert(1)> <a href="https://evil.example">x</a>',
  '[click](https://evil.example) ![i](https://evil.example/i.png)',
  '&#64;entity &commat;named',
  'a`@tick`b ``@two``',
  'line1\n# @heading\n- @list',
  // GitHub renders `$…$` and `$$…$$` as math; template sequences, backslashes and quotes are just text.
  'costs $5 or $$x^2$$ ${var.secret} %{ if true } \\(y\\) back\\slash \'q\' "dq" sep\u2028bidi\u202e',
];

function hostilePlan(): string {
  const plan = JSON.parse(readFileSync(MIXED, 'utf8'));
  const rc = (a: string) => plan.resource_changes.find((r: { address: string }) => r.address === a);
  // A create (summary, section), an archive and a pause (callouts), a header, drift (the drift section).
  rc('uptime_monitor.new').change.after.name = HOSTILE.join(' | ');
  rc('uptime_monitor.new').change.after.url = 'https://x.example/@user?q=#12';
  rc('uptime_monitor.new').change.after.request_headers = [{ name: 'X-`@hdr`-#9', value: null }];
  rc('uptime_monitor.archive').change.before.name = 'ping @archivist';
  rc('uptime_monitor.archive').change.after.name = 'ping @archivist';
  rc('uptime_monitor.pause').change.after.name = '@org/pausers www.pause.example';
  plan.resource_drift[0].change.before.name = 'drift by @drifter #77';
  plan.resource_drift[0].change.after.name = 'renamed by @drifter in https://dash.example/';
  const dir = mkdtempSync(join(tmpdir(), 'inert-'));
  const file = join(dir, '@stack #1.json');
  writeFileSync(file, JSON.stringify(plan));
  return file;
}

test('the oracle finds what GitHub would render live (it is not vacuous)', () => {
  expect(
    liveMarkup('**ping @someone** fixes #12 <img src=x> [a](b) $x$ https://x www.y a@b.example'),
  ).toEqual([
    'HTML <img src=x>',
    'link [a](',
    'math $',
    'math $',
    'mention @someone',
    'email a@b.example',
    'reference #12',
    'autolink https://',
    'autolink www.',
  ]);
  expect(liveMarkup('`@someone` <code>#12 https://x</code> \\@ \\<b> \\$x\\$ &#36;')).toEqual([]);
});

test('hostile names in the summary, callouts, sections and drift: no mention, reference, link or HTML', async () => {
  const file = hostilePlan();
  const other = hostilePlan();
  const r = await planReport({ inputs: [file, other], budget: Infinity });
  expect(liveMarkup(r.markdown)).toEqual([]);
  expect(liveMarkup(r.full)).toEqual([]);
  // The names are still all there to read.
  const seen = visible(r.full);
  for (const want of [
    'ping @archivist',
    '@org/pausers',
    'drift by @drifter #77',
    'cc @octocat',
    '${var.secret}',
  ])
    expect(seen).toContain(want);
  expect(r.markdown).toContain('**Archived**');
  expect(r.markdown).toContain('### Changed outside Terraform');
});

test('destination labels from the service and header names are inert too', () => {
  const plan = JSON.parse(readFileSync(MIXED, 'utf8'));
  const settings = plan.resource_changes.find(
    (r: { address: string }) => r.address === 'uptime_monitor_alert_settings.keep',
  );
  const ids = Object.values(settings.change.after.destination_ids ?? {}).concat(
    Object.values(settings.change.before.destination_ids ?? {}),
  ) as string[];
  expect(ids.length).toBeGreaterThan(0);
  const dest = new Map(ids.map((id) => [id, `@oncall-team see #4 (\`o••@example.com\`)`]));
  const md = render([analyse('s', plan, dest)], { budget: Infinity });
  expect(visible(md)).toContain('@oncall-team see #4');
  expect(liveMarkup(md)).toEqual([]);
});
