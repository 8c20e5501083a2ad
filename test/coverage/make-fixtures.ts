// Regenerates the coverage fixtures (test/coverage/fixtures/<scenario>.plan.json: one per catalogue type, plus
// modules, locals and review) from real Terraform with the provider stand-ins and the uptime provider:
// `npx jest --selectProjects e2e --testMatch '**/coverage/make-fixtures.ts'`. The run's times, the service's ids and
// Terraform's version are replaced by placeholders and relevant_attributes sorted, so a run rewrites them unchanged.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageMirror, CoverageProject } from './providers/mirror.js';
import { SCENARIOS, scenarioFiles } from './scenarios.js';

const OUT = join(__dirname, 'fixtures');

export function stabilize(json: string): string {
  // The service's ids and times (the monitors of a scenario applied first), in order of appearance.
  const ids = new Map<string, string>();
  const text = json
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (m) => {
      if (!ids.has(m)) ids.set(m, `00000000-0000-4000-8000-${String(ids.size + 1).padStart(12, '0')}`);
      return ids.get(m)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '2026-11-25T00:00:00Z')
    .replace(/"v\d+-[0-9a-f]{8}"/g, '"v1-00000000"');
  const plan = JSON.parse(text) as Record<string, unknown>;
  plan.terraform_version = '1.11.4';
  // Terraform lists relevant_attributes in no fixed order.
  if (Array.isArray(plan.relevant_attributes))
    plan.relevant_attributes = [...plan.relevant_attributes].sort((a, b) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b)),
    );
  return `${JSON.stringify(plan, null, 2)}\n`;
}

async function main(): Promise<void> {
  const mirror = await coverageMirror();
  try {
    for (const [name, s] of Object.entries(SCENARIOS)) {
      const p = new CoverageProject(mirror, name);
      if (s.before) {
        p.write(scenarioFiles(s, s.before));
        await p.apply();
      }
      p.write(scenarioFiles(s));
      writeFileSync(join(OUT, `${name}.plan.json`), stabilize(await p.plan(...(s.planArgs ?? []))));
    }
  } finally {
    await mirror.dispose();
  }
}

test('regenerate the coverage fixtures', main, 900_000);
