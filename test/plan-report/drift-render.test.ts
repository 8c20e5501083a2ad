// `plan-report --drift` on its own: the issue body for 2,000 drifted monitors stays under GitHub's limit with a clear
// cut, names stay inert, and a plan without drift says so (what closes the issue).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planReport } from '../../src/plan-report/index.js';
import { COMMENT_LIMIT } from '../../src/plan-report/render.js';
import { DRIFT_MARKER } from '../../src/plan-report/render-drift.js';

function driftPlan(n: number): string {
  const drift = [];
  for (let i = 0; i < n; i++) {
    const before = {
      id: `id-${i}`,
      name: `Service ${i}`,
      url: `https://svc${i}.example.com/`,
      interval_seconds: 300,
      enabled: true,
      archived: false,
      version: `v1-${i}`,
      updated_at: '2026-11-01T00:00:00Z',
    };
    const after = {
      ...before,
      name: i === 0 ? 'renamed by @someone, see #12' : before.name,
      interval_seconds: 60,
      enabled: i % 2 === 0,
      version: `v2-${i}`,
      updated_at: '2026-11-25T10:00:00Z',
    };
    drift.push({
      address: `uptime_monitor.m${i}`,
      mode: 'managed',
      type: 'uptime_monitor',
      name: `m${i}`,
      change: { actions: ['update'], before, after },
    });
  }
  const file = join(mkdtempSync(join(tmpdir(), 'drift-')), 'drift.json');
  writeFileSync(file, JSON.stringify({ format_version: '1.2', resource_drift: drift, resource_changes: [] }));
  return file;
}

test('2,000 drifted monitors: one issue body under the limit, what/when/version per monitor, a clear cut', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'drift-'));
  const fullOut = join(dir, 'full.md');
  const r = await planReport({ inputs: [driftPlan(2000)], drift: true, fullOut, failOn: ['drift'] });
  expect(r.exitCode).toBe(3);
  expect(r.markdown.startsWith(`${DRIFT_MARKER}\n## Monitors changed outside Terraform`)).toBe(true);
  expect(r.markdown.length).toBeLessThan(COMMENT_LIMIT);
  expect(r.markdown).toContain('2000 resources differ from the code');
  expect(r.markdown).toContain(
    '- **Service 1** `uptime_monitor.m1` — updated `2026-11-25T10:00:00Z` · version `v1-1` → `v2-1`\n' +
      '  - paused outside Terraform\n  - interval 5 min → 1 min',
  );
  expect(r.markdown).toMatch(/✂️ \d+ more not shown to keep this under GitHub's limit; full report in/);
  expect(r.full).toContain('uptime_monitor.m1999');
  // The renamed one is shown by its name in state, and the new name pings nobody.
  expect(r.markdown).toContain('name `Service 0` → `renamed by @someone, see #12`');
  expect(r.markdown).not.toMatch(/(^|[^\w`\u200b])@someone(?![^`]*`)/m);
});

test('no drift: the body says so and the drift gate does not match', async () => {
  const r = await planReport({ inputs: [driftPlan(0)], drift: true, failOn: ['drift'] });
  expect(r.exitCode).toBe(0);
  expect(r.markdown).toBe(
    `${DRIFT_MARKER}\n## Monitors changed outside Terraform\n\nNo drift: the service matches the code.\n`,
  );
});
