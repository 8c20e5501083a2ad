// One run task, after the request was answered: fetch the plan JSON with the run's token, build the monitor review
// with plan-report's own model (`review`, src/plan-report/review.ts: the same changes, probe, backtest, preflight and
// `--fail-on` rules as `uptimectl plan-report`), and PATCH its rendering as a task result (outcomes.ts). The plan is
// data from the network: parsed once as JSON, never handed to terraform. Every failure ends the run `failed` with the
// reason, so a mandatory task never passes a plan nobody reviewed. Each run keeps its own state: runs at once share
// nothing but the HCP client's connection pool.
import {
  resolveReviewOptions,
  review,
  type ResolvedReviewOptions,
  type ReviewOptions as PlanReviewOptions,
} from '../plan-report/index.js';
import { parsePlanJson } from '../plan-report/plan.js';
import type { HcpClient } from './hcp-client.js';
import { acceptsOutcomes, type RunTaskPayload } from './payload.js';
import { logText } from './log-text.js';
import { plainResult, taskResult, type ResultOptions, type TaskResultBody } from './outcomes.js';

export interface ReviewOptions extends Omit<PlanReviewOptions, 'warn' | 'approved'> {
  /** A link sent with every result (a team's runbook or dashboard). */
  detailsUrl?: string | undefined;
}

/** The review's options with run-task serve's defaults, through plan-report's one rule; its own option checked too.
 *  Called when the server starts, so a mistake is found then rather than on every run. */
export function checkReviewOptions(o: ReviewOptions): ResolvedReviewOptions {
  if (o.detailsUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(o.detailsUrl))
    throw new Error("--details-url: give an http(s) URL (HCP Terraform shows it as the result's link)");
  return resolveReviewOptions({
    ...o,
    // the preflight runs whenever the server has a service token, unless turned off (`--no-check`)
    check: o.check ?? !!(o.baseUrl && o.token),
    // the probe reads write-only secrets from what it is handed (`UPTIME_PROBE_*` only), never the server's env
    env: o.env ?? {},
  });
}

/** Only the probe's secret hand-over variables of an environment (never the server's HMAC key or tokens). */
export function probeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('UPTIME_PROBE_')));
}

export interface RunContext {
  hcp: HcpClient;
  /** The options as checked at start. */
  review: ResolvedReviewOptions;
  detailsUrl?: string | undefined;
  log: (line: string) => void;
}

/** The task result for a plan's JSON text: parsed once, reviewed, rendered (exported for tests without HTTP). */
export async function reviewPlan(
  planText: string,
  o: ResolvedReviewOptions,
  result: ResultOptions,
  warn: (m: string) => void,
): Promise<TaskResultBody> {
  const plan = parsePlanJson(planText, 'the plan');
  const r = await review([{ name: 'plan', plan }], { ...o, warn });
  return taskResult(r, result);
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
      body = await reviewPlan(
        planText,
        ctx.review,
        { extraSecrets: [token], outcomes: acceptsOutcomes(p), detailsUrl: ctx.detailsUrl },
        (m) => log(m),
      );
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
