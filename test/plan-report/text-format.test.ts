// `plan-report --format text`, for a step whose output a tool shows inside a code block (Atlantis puts it between
// ```diff fences): every line starts with a diff marker, so nothing a name holds (backtick fences, newlines, control
// characters) can end the block or reach the terminal; values quoted as Terraform's plan text quotes them; secrets
// scrubbed as in the Markdown report (also in their quoted form); cut to the budget with a note; `--approved` reports
// matched gates without failing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planReport } from '../../src/plan-report/index.js';

const MIXED = join(__dirname, 'fixtures', 'mixed.plan.json');
/** A sensitive variable of the fixture's configuration (api_key). */
const VAR_SENTINEL = 'var-SECRET-SENTINEL-0815';

/** A line that would close the ```diff block Atlantis wraps the output in (CommonMark: up to 3 spaces, 3+ ticks). */
const CLOSES_FENCE = /^ {0,3}(`{3,}|~{3,})/;

function planWith(edit: (plan: any) => void): string {
  const plan = JSON.parse(readFileSync(MIXED, 'utf8'));
  edit(plan);
  const file = join(mkdtempSync(join(tmpdir(), 'text-')), 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  return file;
}

test('every line starts with its marker; the report reads as a diff of monitors', async () => {
  const r = await planReport({ inputs: [MIXED], format: 'text' });
  const lines = r.markdown.trimEnd().split('\n');
  for (const l of lines) expect(l).toMatch(/^[#+\-~!]( |$)/);
  expect(lines[0]).toBe('# Monitor changes (uptimectl plan-report)');
  expect(r.markdown).toContain(
    '#   created 1, changed 1, archived 2, reactivated 1, paused 1, replaced 1, imported 1',
  );
  expect(r.markdown).toContain(
    '!   "Legacy site" ("https://legacy.example.com/") uptime_monitor.archive: archived (checks stop; history is kept)',
  );
  expect(r.markdown).toContain(
    '+ "Payments" ("https://payments.example.com/health") uptime_monitor.new: created',
  );
  expect(r.markdown).toContain('~     interval 1 min → 5 min');
  expect(r.markdown).toContain('~     header "X-Api-Key" added (value hidden)');
  expect(r.markdown).toContain('-     archived: checks stop; the monitor and its history are kept');
  expect(r.markdown).toContain('!     name "Checkout API" → "Checkout API (renamed in dashboard)"');
  expect(r.markdown).not.toMatch(/<details>|\*\*|`/);
  expect(r.markdown).not.toContain(VAR_SENTINEL);
});

test('hostile names cannot end the code block, reach the terminal, or leak a secret', async () => {
  const secret = `s3cr"et\\${VAR_SENTINEL}`;
  const file = planWith((plan) => {
    const rc = plan.resource_changes.find((r: { address: string }) => r.address === 'uptime_monitor.new');
    rc.change.after.name = 'x\n```\n@here <b>bold</b>\n   ~~~\n\u001b[31mred\u001b[0m\u2028done';
    rc.change.after.url = 'https://x.example/```';
    const drift = plan.resource_drift[0];
    drift.change.after.name = '```diff';
    plan.variables.api_key.value = secret;
    plan.resource_changes.find(
      (r: { address: string }) => r.address === 'uptime_monitor.pause',
    ).change.after.name = `Batch ${secret}`;
  });
  const r = await planReport({ inputs: [file], format: 'text', budget: Infinity });
  for (const l of r.markdown.split('\n')) expect(l).not.toMatch(CLOSES_FENCE);
  // eslint-disable-next-line no-control-regex -- no control character may reach the output
  expect(r.markdown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028]/);
  // The name as one quoted line, everything escaped, in the monitor's heading line.
  expect(r.markdown).toContain(
    `+ ${JSON.stringify('x\n```\n@here <b>bold</b>\n   ~~~\n\u001b[31mred\u001b[0m').slice(0, -1)}\\u2028done" (`,
  );
  expect(r.markdown).not.toContain(VAR_SENTINEL);
  expect(r.markdown).toContain('"Batch (sensitive value hidden)"');
});

test('cut to the budget with a note naming the full report; the full report has everything', async () => {
  const full = join(mkdtempSync(join(tmpdir(), 'text-')), 'full.txt');
  const r = await planReport({ inputs: [MIXED], format: 'text', budget: 1500, fullOut: full });
  expect(r.markdown.length).toBeLessThanOrEqual(1500);
  expect(r.markdown).toMatch(
    /^# ✂ \d+ more not shown to stay within the comment limit; full report in ".*full\.txt"$/m,
  );
  expect(readFileSync(full, 'utf8')).toBe(r.full);
  expect(r.full).toContain('# Changed outside Terraform');
});

test('gates: exit 3 and "Approval required"; with --approved, reported as approved and exit 0', async () => {
  let r = await planReport({ inputs: [MIXED], format: 'text', failOn: ['archive,replace'] });
  expect(r).toMatchObject({ matched: ['archive', 'replace'], approved: false, exitCode: 3 });
  expect(r.markdown).toContain(
    '! Approval required: this plan contains "archive", "replace" ("--fail-on archive,replace").',
  );
  r = await planReport({
    inputs: [MIXED],
    format: 'text',
    failOn: ['archive'],
    approved: 'the pull request is approved',
  });
  expect(r).toMatchObject({ matched: ['archive'], approved: true, exitCode: 0 });
  expect(r.markdown).toContain('! Approved ("the pull request is approved"): this plan contains "archive"');
  // Markdown says the same, the approver as code (a label or a name never becomes a mention).
  r = await planReport({ inputs: [MIXED], failOn: ['pause'], approved: 'label @ops-approved' });
  expect(r.exitCode).toBe(0);
  expect(r.markdown).toContain('**Approved** (`label @ops-approved`): this plan contains `pause`');
  // Empty means not approved.
  expect((await planReport({ inputs: [MIXED], failOn: ['pause'], approved: ' ' })).exitCode).toBe(3);
});

test('--drift --format text: only what changed outside Terraform, with when and which version', async () => {
  const r = await planReport({ inputs: [MIXED], format: 'text', drift: true });
  expect(r.markdown).toContain('# Monitors changed outside Terraform (uptimectl plan-report --drift)');
  expect(r.markdown).toMatch(/^! "Checkout API" uptime_monitor\.keep \(updated "2026-11-25T00:00:00Z"\)/m);
  expect(r.markdown).not.toContain('# Monitors\n');
});

test('an unknown format is refused with the allowed values', async () => {
  await expect(planReport({ inputs: [MIXED], format: 'html' as never })).rejects.toThrow(
    /--format: unknown format "html"; allowed values: markdown, text/,
  );
});
