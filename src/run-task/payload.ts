// The run-task request HCP Terraform POSTs (run tasks integration API, payload_version 1). Only the fields this
// server reads are checked; HCP adds fields over time (project_*, vcs_*), so unknown fields are accepted.
// The verification request HCP sends when a task is created or its URL changes carries the nonsense token
// "test-token" (HashiCorp's scaffolding: VerificationToken) and placeholder values; it is answered 200 unread.
import { z } from 'zod';
import { describeIssues } from '../api/index.js';
import { BEARER_TOKEN } from './hcp-client.js';

/** The access token of HCP's verification request: never valid, never sent anywhere. */
export const VERIFICATION_TOKEN = 'test-token';

export const STAGES = ['pre_plan', 'post_plan', 'pre_apply', 'post_apply'] as const;

const url = z.string().min(1).max(2048);

export const runTaskPayload = z
  .object({
    payload_version: z.literal(1),
    stage: z.enum(STAGES),
    access_token: z
      .string()
      .min(1)
      .max(4096)
      .regex(
        BEARER_TOKEN,
        'must be a bearer token: letters, digits, - . _ ~ + / and a trailing = (RFC 6750)',
      ),
    task_result_callback_url: url,
    task_result_id: z.string().min(1).max(200),
    task_result_enforcement_level: z.string().max(50).nullish(),
    plan_json_api_url: url.nullish(),
    run_id: z.string().min(1).max(200),
    run_app_url: z.string().max(2048).nullish(),
    organization_name: z.string().max(200).nullish(),
    workspace_name: z.string().max(200).nullish(),
    is_speculative: z.boolean().nullish(),
    capabilities: z.object({ outcomes: z.boolean().nullish() }).loose().nullish(),
    /** go-tfe's struct tag and the 2022 docs spell it so. */
    capabilitites: z.object({ outcomes: z.boolean().nullish() }).loose().nullish(),
  })
  .loose();

export type RunTaskPayload = z.infer<typeof runTaskPayload>;

export type ParsedRequest =
  { kind: 'verification' } | { kind: 'run'; payload: RunTaskPayload } | { kind: 'invalid'; reason: string };

/** The body (already authenticated) as a verification request, a run, or why it is refused (never its values). */
export function parseRequest(body: Buffer): ParsedRequest {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'invalid', reason: 'the body is not JSON' };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { kind: 'invalid', reason: 'the body is not a JSON object' };
  if ((json as { access_token?: unknown }).access_token === VERIFICATION_TOKEN)
    return { kind: 'verification' };
  const r = runTaskPayload.safeParse(json);
  if (!r.success)
    return {
      kind: 'invalid',
      reason: describeIssues(r.error.issues)
        .map((d) => d.message)
        .join('; '),
    };
  return { kind: 'run', payload: r.data };
}

/** Whether to send outcomes: unless HCP says it does not take them (`capabilities.outcomes: false`). A callback
 *  refused with 422 is sent again without them (hcp-client.ts), so an older server still gets the status. */
export function acceptsOutcomes(p: RunTaskPayload): boolean {
  return (p.capabilities ?? p.capabilitites)?.outcomes !== false;
}
