// One run task, after the request was answered: fetch the plan JSON with the run's token, build the monitor report
// with plan-report's own core (`planReport`, JSON form: the same changes, probe, backtest, duplicate preflight and
// `--fail-on` rules as `uptimectl plan-report`), and PATCH the result. Every failure ends the run `failed` with the
// reason, so a mandatory task never passes a plan nobody reviewed. Each run keeps its own state: runs at once share
// nothing but the HCP client's connection pool.
import { parseGates, planReport, type Gate } from '../plan-report/index.js';
import type { PlanJson } from '../plan-report/plan.js';
import { sensitiveValues } from '../plan-report/secrets.js';
import type { HcpClient } from './hcp-client.js';
import { acceptsOutcomes, type RunTaskPayload } from './payload.js';
import { logText } from './log-text.js';
import { plainResult, taskResult, type ReportDocument, type TaskResultBody } from './outcomes.js';

export interface ReviewOptions {
  /** `--fail-on` gates (plan-report's): a match makes the result `failed`. */
  failOn?: readonly string[];
  /** `--probe`: request new monitors once and backtest alert changes. */
  probe?: boolean;
  probeAllow?: readonly string[];
  probeCa?: readonly string[];
  probeTotalMs?: number;
  /** The monitoring service and a token: the duplicate preflight (`--check`) and the backtest read the account. */
  baseUrl?: string | undefined;
  token?: string | undefined;
  /** Where the probe reads write-only secrets handed to it (`UPTIME_PROBE_*` only). */
  env?: NodeJS.ProcessEnv;
  detailsUrl?: string | undefined;
  /** `--coverage` (and `--fail-on uncovered`): the coverage review, its findings as outcomes. */
  coverage?: boolean;
  coverageIgnore?: readonly string[];
}

/** The options' mistakes, found when the server starts rather than on every run. */
export function checkReviewOptions(o: ReviewOptions): Gate[] {
  const gates = parseGates([...(o.failOn ?? [])]);
  if (gates.includes('duplicate') && !(o.baseUrl && o.token))
    throw new Error(
      '--fail-on duplicate needs the service address and a token (UPTIME_BASE_URL, UPTIME_API_TOKEN or --base-url/--token) for the duplicate preflight',
    );
  if (gates.includes('preflight') && !(o.baseUrl && o.token))
    throw new Error(
      '--fail-on preflight needs the service address and a token (UPTIME_BASE_URL, UPTIME_API_TOKEN)',
    );
  if (gates.includes('probe-down') && !o.probe) throw new Error('--fail-on probe-down needs --probe');
  if (o.detailsUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(o.detailsUrl))
    throw new Error("--details-url: give an http(s) URL (HCP Terraform shows it as the result's link)");
  if (o.probeTotalMs !== undefined && !(o.probeTotalMs > 0))
    throw new Error('--probe-timeout: give the total time in seconds, a number above 0');
  return gates;
}

/** Only the probe's secret hand-over variables of an environment (never the server's HMAC key or tokens). */
export function probeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('UPTIME_PROBE_')));
}

export interface RunContext {
  hcp: HcpClient;
  review: ReviewOptions;
  log: (line: string) => void;
}

/** The report's result body for a plan's JSON (exported for tests of the mapping without HTTP). */
export async function review(
  planText: string,
  o: ReviewOptions,
  extraSecrets: readonly string[],
  withOutcomes: boolean,
  warn: (m: string) => void,
): Promise<TaskResultBody> {
  const check = !!(o.baseUrl && o.token);
  const r = await planReport({
    inputs: ['-'],
    readStdin: () => planText,
    format: 'json',
    failOn: [...(o.failOn ?? [])],
    check,
    baseUrl: o.baseUrl,
    token: o.token,
    probe: !!o.probe,
    probeAllow: [...(o.probeAllow ?? [])],
    probeCa: [...(o.probeCa ?? [])],
    ...(o.probeTotalMs ? { probeTotalMs: o.probeTotalMs } : {}),
    env: o.env ?? {},
    coverage: !!o.coverage,
    coverageIgnore: [...(o.coverageIgnore ?? [])],
    warn,
  });
  const plan = JSON.parse(planText) as PlanJson;
  const report = JSON.parse(r.markdown) as ReportDocument;
  return taskResult({
    report,
    plan,
    secrets: [...sensitiveValues(plan), ...extraSecrets],
    detailsUrl: o.detailsUrl,
    outcomes: withOutcomes,
  });
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs one task to its callback; never throws (failures are logged, and sent as `failed` when possible). */
export async function runTask(p: RunTaskPayload, ctx: RunContext): Promise<void> {
  const label = `run ${logText(p.run_id)} (task result ${logText(p.task_result_id)})`;
  const token = p.access_token;
  const log = (m: string) => ctx.log(`${label}: ${m.split(token).join('[REDACTED]')}`);
  let body: TaskResultBody;
  if (!p.plan_json_api_url) {
    body = plainResult(
      'failed',
      `uptimectl: the ${p.stage} stage has no plan to review; attach this run task at post_plan`,
      [token],
    );
  } else {
    try {
      const planText = await ctx.hcp.fetchPlan(p.plan_json_api_url, token);
      log(`plan fetched (${Buffer.byteLength(planText)} bytes)`);
      body = await review(planText, ctx.review, [token], acceptsOutcomes(p), (m) => log(m));
    } catch (err) {
      const reason = describe(err);
      log(`failed: ${reason}`);
      body = plainResult('failed', `uptimectl could not review this plan: ${reason}`, [token]);
    }
  }
  try {
    let status = await ctx.hcp.sendResult(p.task_result_callback_url, token, body);
    if (status === 422 && body.data.relationships) {
      log('the callback refused the outcomes (422); sending the status and message alone');
      body = { data: { type: 'task-results', attributes: body.data.attributes } };
      status = await ctx.hcp.sendResult(p.task_result_callback_url, token, body);
    }
    if (status >= 300) log(`the callback refused the result (${status})`);
    else
      log(
        `result sent: ${body.data.attributes.status}, ${body.data.relationships?.outcomes.data.length ?? 0} outcomes`,
      );
  } catch (err) {
    log(`the result could not be sent: ${describe(err)}`);
  }
}
