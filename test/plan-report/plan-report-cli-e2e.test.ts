// `uptimectl plan-report` as a process: the report on stdout, the gate's exit code, a clear error for a file that is
// not a plan (the report itself: plan-report.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKER } from '../../src/plan-report/render.js';

const FIX = join(__dirname, 'fixtures');
const MIXED = join(FIX, 'mixed.plan.json');

describe('the command', () => {
  const cli = (args: string[], input?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/uptimectl.ts', 'plan-report', ...args], {
      encoding: 'utf8',
      input,
      env: { ...process.env, UPTIME_API_TOKEN: '', UPTIME_BASE_URL: '' },
    });

  test('prints the report, exits 3 on a matched gate, 1 with a clear message on a file that is not a plan', () => {
    const ok = cli([MIXED]);
    expect(ok.status).toBe(0);
    expect(ok.stdout.startsWith(MARKER)).toBe(true);
    const gated = cli(['-', '--fail-on', 'archive'], readFileSync(MIXED, 'utf8'));
    expect(gated.status).toBe(3);
    expect(gated.stderr).toContain('--fail-on matched: archive');
    const bad = cli([join(FIX, 'missing.tfplan')]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/uptimectl: .*missing\.tfplan/);
  }, 60_000);
});
