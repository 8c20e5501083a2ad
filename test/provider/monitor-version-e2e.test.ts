// A monitor's version moved by a change the uptime_monitor resource does not manage, with real Terraform and the
// local service. Writing slow-response alert settings gives the monitor a new version (the monitor shows them), so
// the version in the monitor's state is stale until a refresh. An apply with -refresh=false that changes the monitor
// must not fail on this change of Terraform's own ("after every apply, a re-plan is empty"; an apply never fails
// on our own change), while a real change of a managed field between plan and apply is still refused.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planReport } from '../../src/plan-report/index.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { startE2E, type E2E } from './helpers.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const flat = (s: string) => s.replace(/\s+/g, ' ');

const config = (o: { name?: string; timeout?: number; enabled?: boolean; threshold?: number } = {}) => `
resource "uptime_monitor" "api" {
  name             = "${o.name ?? 'API'}"
  url              = "https://version.example.com/health"
  interval_seconds = 60
  ${o.timeout !== undefined ? `timeout_ms = ${o.timeout}` : ''}
  ${o.enabled !== undefined ? `enabled = ${o.enabled}` : ''}
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id           = uptime_monitor.api.id
  slow_response_alerts = { enabled = true, threshold_ms = ${o.threshold ?? 2000} }
}
`;

describeTf('a monitor version moved by its alert settings', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  /** The monitor's id, and whether the version in state is older than the service's. */
  async function stale(): Promise<{ id: string; stale: boolean }> {
    const v = (await e.ws.resourceValues('uptime_monitor.api'))!;
    const remote = await e.api.monitor(v.id as string);
    return { id: v.id as string, stale: remote.version !== v.version };
  }

  async function expectEmptyPlans(): Promise<void> {
    for (const refresh of ['-refresh=false', '-refresh=true']) {
      const plan = await e.ws.planHasChanges(refresh);
      expect({ refresh, changes: plan.changes ? plan.output : false }).toEqual({ refresh, changes: false });
    }
  }

  it(
    'apply -refresh=false changes the monitor after its alert settings moved its version; re-plans are empty',
    async () => {
      const { ws } = e;
      ws.write({ 'main.tf': config() });
      await ws.apply();
      const { id, stale: movedByAlerts } = await stale();
      expect(movedByAlerts).toBe(true);
      await expectEmptyPlans();

      // The refreshing plan sees the new version and updated_at: Terraform lists them as drift in the plan JSON,
      // but they are no change of anything the configuration manages, so the drift report shows none.
      await ws.must(['plan', '-no-color', '-out=refreshed.tfplan']);
      const planJson = (await ws.must(['show', '-json', 'refreshed.tfplan'])).stdout;
      const drifted = (JSON.parse(planJson).resource_drift ?? []).map((r: { address: string }) => r.address);
      expect(drifted).toContain('uptime_monitor.api');
      const planFile = join(ws.workdir, 'refreshed.json');
      writeFileSync(planFile, planJson);
      const report = await planReport({ inputs: [planFile], drift: true, format: 'text' });
      expect(report.review.stacks.flatMap((s) => s.drift)).toEqual([]);

      // An update of a field (PATCH with If-Match).
      ws.write({ 'main.tf': config({ timeout: 5000 }) });
      const applied = await ws.run(['apply', '-auto-approve', '-no-color', '-refresh=false']);
      expect({ code: applied.code, stderr: flat(applied.stderr) }).toEqual({ code: 0, stderr: '' });
      expect(await e.api.monitor(id)).toMatchObject({ timeoutMs: 5000 });
      await expectEmptyPlans();

      // A new threshold moves the version again; then a change of `enabled` alone (pause, no If-Match: the
      // version is compared first).
      ws.write({ 'main.tf': config({ timeout: 5000, threshold: 3000 }) });
      await ws.apply('-refresh=false');
      expect((await stale()).stale).toBe(true);
      ws.write({ 'main.tf': config({ timeout: 5000, threshold: 3000, enabled: false }) });
      const paused = await ws.run(['apply', '-auto-approve', '-no-color', '-refresh=false']);
      expect({ code: paused.code, stderr: flat(paused.stderr) }).toEqual({ code: 0, stderr: '' });
      expect(await e.api.monitor(id)).toMatchObject({ enabled: false, status: 'paused' });
      await expectEmptyPlans();
    },
    HANG_GUARD_MS,
  );

  it(
    'a change of a managed field outside Terraform between plan and apply is still refused, stale version or not',
    async () => {
      const { ws, api } = e;
      // The version in state is stale again (new slow-response settings), and the plan is made without refresh.
      ws.write({ 'main.tf': config({ timeout: 5000, threshold: 5000, enabled: false }) });
      await ws.apply('-refresh=false');
      const { id, stale: isStale } = await stale();
      expect(isStale).toBe(true);

      // A field update.
      ws.write({ 'main.tf': config({ name: 'API v2', timeout: 5000, threshold: 5000, enabled: false }) });
      await ws.must(['plan', '-refresh=false', '-no-color', '-out=tfplan']);
      expect((await api.patchMonitor(id, { intervalSeconds: 300 })).status).toBe(200);
      const refused = await ws.run(['apply', '-no-color', 'tfplan']);
      expect(refused.code).toBe(1);
      expect(flat(refused.stderr)).toContain(
        `monitor ${id} was changed outside Terraform after this plan was made; run plan again`,
      );
      expect(await api.monitor(id)).toMatchObject({ name: 'API', intervalSeconds: 300 });

      // A change of `enabled` alone (pause/activate send no If-Match), after someone else changed the timeout.
      ws.write({ 'main.tf': config({ timeout: 5000, threshold: 5000, enabled: true }) });
      await ws.must(['plan', '-refresh=false', '-no-color', '-out=tfplan']);
      expect((await api.patchMonitor(id, { timeoutMs: 7000 })).status).toBe(200);
      const refusedToo = await ws.run(['apply', '-no-color', 'tfplan']);
      expect(refusedToo.code).toBe(1);
      expect(flat(refusedToo.stderr)).toContain(
        `monitor ${id} was changed outside Terraform after this plan was made; run plan again`,
      );
      expect(await api.monitor(id)).toMatchObject({ enabled: false, timeoutMs: 7000 });

      // A refreshing plan takes the outside changes in and puts the configuration back.
      await ws.apply();
      expect(await api.monitor(id)).toMatchObject({ enabled: true, intervalSeconds: 60, timeoutMs: 5000 });
      await expectEmptyPlans();
    },
    HANG_GUARD_MS,
  );
});
