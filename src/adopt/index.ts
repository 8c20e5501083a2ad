// `uptimectl adopt`: after an interrupted apply (a cancelled CI job, a killed runner or provider), the monitors the
// service created but Terraform never recorded. From a plan (made here with `terraform plan`, or given: a saved plan
// or its JSON, one per CDKTF stack), each monitor the plan would create whose URL and request method a live monitor
// already has (the duplicate rule of src/api/duplicate.ts, matched by plan-report's `checkDuplicates`) gets an import
// block at its exact address. A match whose settings differ from the configuration may be someone else's monitor:
// it is listed apart and imported only with `includeDifferent`. Recovery is then: this command, `terraform apply`.
import { execFileSync } from 'node:child_process';
import { terraformBinary } from '../cdk/terraform-binary.js';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { UptimeClient } from '../client/index.js';
import { checkDuplicates, type Duplicate } from '../plan-report/duplicates.js';
import { loadPlan, type NamedPlan, type PlanJson } from '../plan-report/plan.js';
import type { CdkLibrary } from '../import/cdktf-project.js';
import { cdktf, describe, HEADER, hcl, type Adoption } from './render.js';
import { settingDifferences } from './settings.js';

export interface AdoptOptions {
  /** Saved plans or plan JSON; none: `terraform plan` is run in `dir`. */
  plans: string[];
  dir: string;
  /** Output file; `-`: stdout. Default: imports.tf in `dir` (HCL), adopted-monitors.ts (CDKTF). */
  out?: string;
  format: 'hcl' | 'cdktf';
  cdk: CdkLibrary;
  includeDifferent: boolean;
  baseUrl?: string;
  token?: string;
  /** Progress and the report (stderr by default). */
  say: (line: string) => void;
}

export interface AdoptResult {
  adopted: Adoption[];
  /** Matches whose settings differ and were not imported. */
  leftOut: Adoption[];
  /** Creates of the plan that another create of the same plan duplicates. */
  samePlan: Duplicate[];
  /** The file written, if any. */
  written: string | null;
  exitCode: number;
}

/** `terraform plan -out` in `dir`, read with `terraform show -json`. */
function planHere(dir: string): NamedPlan {
  const tmp = mkdtempSync(join(tmpdir(), 'uptimectl-adopt-'));
  const file = join(tmp, 'plan.tfplan');
  const env = { ...process.env, CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: '1' };
  const tf = terraformBinary();
  const run = (args: string[]) => {
    try {
      return execFileSync(tf, args, {
        cwd: dir,
        env,
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(
        `\`${tf} ${args[0]}\` failed in ${dir}${stderr ? `:\n${stderr.split('\n').slice(0, 12).join('\n')}` : ''}`,
      );
    }
  };
  try {
    run(['plan', '-input=false', '-no-color', `-out=${file}`]);
    return { name: basename(resolve(dir)), plan: JSON.parse(run(['show', '-json', file])) as PlanJson };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function adoption(d: Duplicate, resourceName: string): Adoption {
  const e = d.existing!;
  return {
    stack: d.stack,
    address: d.address,
    name: resourceName,
    id: e.id,
    monitorName: e.name,
    url: e.monitor.url,
    method: e.monitor.requestMethod ?? d.method,
    createdAt: e.createdAt,
    differences: d.planned ? settingDifferences(d.planned, e.monitor) : [],
  };
}

export async function adopt(o: AdoptOptions): Promise<AdoptResult> {
  if (!o.baseUrl || !o.token)
    throw new Error(
      'adopt needs the service address and a token: set UPTIME_BASE_URL and UPTIME_API_TOKEN (or --base-url/--token)',
    );
  const plans = o.plans.length ? o.plans.map((p) => loadPlan(p)) : [planHere(o.dir)];
  const client = new UptimeClient({ baseUrl: o.baseUrl, token: o.token });
  const names = new Map<string, string>();
  for (const p of plans)
    for (const rc of p.plan.resource_changes ?? []) names.set(`${p.name}\n${rc.address}`, rc.name);
  const check = await checkDuplicates(client, plans);
  await client.close();
  if (!check.complete)
    o.say(`adopt: the account has more monitors than the ${check.requests} pages read; some may be missed.`);

  const found = check.duplicates
    .filter((d) => d.existing && !d.archivedByPlan)
    .map((d) => adoption(d, names.get(`${d.stack}\n${d.address}`) ?? d.address));
  const adopted = found.filter((a) => o.includeDifferent || a.differences.length === 0);
  const leftOut = found.filter((a) => !adopted.includes(a));
  const samePlan = check.duplicates.filter((d) => d.sameAs);
  const where = (a: Adoption) => (plans.length > 1 ? `${a.stack}: ${a.address}` : a.address);

  o.say(
    `adopt: ${check.creates} monitor${check.creates === 1 ? '' : 's'} to create in the plan, ${found.length} already exist${found.length === 1 ? 's' : ''} with the same URL and request method.`,
  );
  for (const a of adopted)
    o.say(
      `  import ${where(a)} ← ${describe(a)}${a.differences.length ? ` — settings differ: ${a.differences.join('; ')}` : ''}`,
    );
  if (leftOut.length) {
    o.say(
      `Not imported: ${leftOut.length} existing monitor${leftOut.length === 1 ? '' : 's'} whose settings differ from the configuration (perhaps someone else's; --include-different imports them anyway, or change url or request_method):`,
    );
    for (const a of leftOut) o.say(`  ${where(a)} ≠ ${describe(a)}: ${a.differences.join('; ')}`);
  }
  for (const d of samePlan)
    o.say(`  note: ${d.address} has the URL and request method of ${d.sameAs} in the same plan`);

  let written: string | null = null;
  if (adopted.length) {
    const text = o.format === 'cdktf' ? cdktf(adopted, o.cdk) : hcl(adopted);
    const out = o.out ?? (o.format === 'cdktf' ? 'adopted-monitors.ts' : join(o.dir, 'imports.tf'));
    if (out === '-') process.stdout.write(text);
    else {
      if (existsSync(out) && !readFileSync(out, 'utf8').slice(0, 200).includes(HEADER))
        throw new Error(
          `${out} exists and was not written by uptimectl adopt: choose another file with --out`,
        );
      writeFileSync(out, text);
      written = out;
      o.say(
        o.format === 'cdktf'
          ? `Wrote ${out}: call adoptMonitors(stack) in the stack, then deploy.`
          : `Wrote ${out}: run \`terraform apply\` to import ${adopted.length === 1 ? 'it' : 'them'}.`,
      );
    }
  } else if (!found.length) o.say('Nothing to adopt.');
  return { adopted, leftOut, samePlan, written, exitCode: leftOut.length ? 3 : 0 };
}
