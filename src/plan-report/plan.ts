// Terraform's machine-readable plan (`terraform show -json <planfile>`, format 1.x), as Terraform and OpenTofu write
// it: the parts plan-report reads, and loading them from a JSON file, stdin (`-`) or a saved plan file (through
// `terraform show -json`). OpenTofu's plan (../shared/reference/opentofu.md §5) differs: `provider_name` on
// registry.opentofu.org, no `applyable`/`complete`/`deferred_changes`/`index_unknown`, ephemeral resources listed with
// mode "ephemeral" and the action "open" (1.11), the reason `delete_because_enabled_false` (1.11), and its own
// version in `terraform_version`; `ourChanges` is the one reading of resource changes that accounts for these.
import { execFileSync } from 'node:child_process';
import { terraformBinary } from '../cdk/terraform-binary.js';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** `open`: an ephemeral resource opened for the run (OpenTofu 1.11 lists them in resource_changes). */
export type Action = 'no-op' | 'create' | 'read' | 'update' | 'delete' | 'forget' | 'open';

export interface Change {
  actions: Action[];
  /** Absent when the value is unknown or withheld (an ephemeral resource's). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  after_unknown?: unknown;
  before_sensitive?: unknown;
  after_sensitive?: unknown;
  /** `unknown`: Terraform only. */
  importing?: { id?: string; unknown?: boolean } | null;
}

export interface ResourceChange {
  address: string;
  /** `ephemeral`: OpenTofu 1.11 (actions ["open"], no values). */
  mode: 'managed' | 'data' | 'ephemeral';
  type: string;
  name: string;
  index?: unknown;
  /** Terraform only (deferred instances). */
  index_unknown?: boolean;
  /** `registry.terraform.io/…` (Terraform) or `registry.opentofu.org/…` (OpenTofu). */
  provider_name?: string;
  action_reason?: string;
  change: Change;
}

interface ConfigResource {
  address: string;
  type: string;
  expressions?: Record<string, { references?: string[] } | unknown>;
}

export interface PlanJson {
  format_version: string;
  /** The version of the tool that wrote the plan: OpenTofu writes its own here. Never read as Terraform's. */
  terraform_version?: string;
  /** Terraform only; OpenTofu writes none of these three. */
  applyable?: boolean;
  complete?: boolean;
  deferred_changes?: unknown[];
  variables?: Record<string, { value: unknown }>;
  resource_changes?: ResourceChange[];
  resource_drift?: ResourceChange[];
  /** Terraform 1.14+: the actions an apply of this plan invokes (see actions.ts). */
  action_invocations?: unknown[];
  prior_state?: { values?: { root_module?: StateModule } };
  configuration?: {
    root_module?: {
      variables?: Record<string, { sensitive?: boolean }>;
      resources?: ConfigResource[];
      module_calls?: Record<string, { module?: { resources?: ConfigResource[] } }>;
    };
  };
}

export interface StateModule {
  resources?: {
    address: string;
    type: string;
    values?: Record<string, unknown>;
    sensitive_values?: unknown;
  }[];
  child_modules?: StateModule[];
}

/** The provider type whose resources are ours (their types start `uptime_`). Matched on any host and namespace:
 *  Terraform writes registry.terraform.io, OpenTofu registry.opentofu.org, a private registry its own host. */
const OUR_PROVIDER_TYPE = 'uptime';

/** Whether a resource change belongs to this provider (a plan without provider names: by type alone). */
export function isOurs(rc: Pick<ResourceChange, 'provider_name'>): boolean {
  return rc.provider_name === undefined || rc.provider_name.split('/').pop() === OUR_PROVIDER_TYPE;
}

/** The managed resources of this provider that the plan changes or keeps: data sources and ephemeral resources
 *  (OpenTofu's `open`) left out, and other providers' resources that happen to share a type name. */
export function ourChanges(plan: PlanJson): ResourceChange[] {
  return (plan.resource_changes ?? []).filter((rc) => rc.mode === 'managed' && isOurs(rc));
}

/** The drift of this provider's managed resources. */
export function ourDrift(plan: PlanJson): ResourceChange[] {
  return (plan.resource_drift ?? []).filter((rc) => rc.mode === 'managed' && isOurs(rc));
}

/** Why a delete is planned, as a report says it (Terraform's and OpenTofu's action_reason), or null when the
 *  configuration asked for it (a destroy, or a replacement). */
export function deleteReason(reason: string | undefined): string | null {
  switch (reason) {
    case 'delete_because_no_resource_config':
      return 'removed from the configuration';
    case 'delete_because_enabled_false':
      return 'turned off in the configuration (`enabled = false` in its lifecycle block)';
    case 'delete_because_count_index':
      return 'its count index is out of range';
    case 'delete_because_each_key':
      return 'its key is no longer in for_each';
    case 'delete_because_no_module':
      return 'its module was removed';
    case 'delete_because_wrong_repetition':
      return 'its resource changed between count and for_each';
    default:
      return null;
  }
}

/** One plan given on the command line, with a name for its section (a CDKTF stack's name, else the file's). */
export interface NamedPlan {
  name: string;
  plan: PlanJson;
}

/** Reads a plan: `-` is JSON on stdin (never handed to terraform); a file holding JSON is read as it is; any other
 *  file is a saved plan. */
export function loadPlan(input: string, readStdin: () => string = () => readFileSync(0, 'utf8')): NamedPlan {
  const text = input === '-' ? readStdin() : readFileSync(input);
  const asText = typeof text === 'string' ? text : text.toString('utf8');
  let json: string;
  if (asText.trimStart().startsWith('{') || input === '-') json = asText;
  else {
    const tf = terraformBinary();
    try {
      json = execFileSync(tf, ['show', '-json', input], {
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
        env: { ...process.env, CHECKPOINT_DISABLE: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(
        `${input} is not plan JSON, and \`${tf} show -json ${input}\` failed in ${process.cwd()}` +
          (stderr ? `: ${stderr.split('\n').slice(0, 3).join(' ')}` : '') +
          ' (run plan-report in the directory where the plan was made, or pass `terraform show -json` output; for a plan OpenTofu made, `tofu show -json` output)',
      );
    }
  }
  return { name: planName(input), plan: parsePlanJson(json, input === '-' ? 'stdin' : input) };
}

/** Plan JSON text (`terraform show -json`, or what HCP Terraform's plan endpoint serves) as a plan; `what` names it
 *  in the error. Only parsed: nothing here runs a program. */
export function parsePlanJson(json: string, what: string): PlanJson {
  let plan: PlanJson;
  try {
    plan = JSON.parse(json) as PlanJson;
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
  if (typeof plan !== 'object' || plan === null || typeof plan.format_version !== 'string')
    throw new Error(`${what} is not Terraform plan JSON (no format_version)`);
  return plan;
}

/** `cdktf.out/stacks/<stack>/plan.json` → the stack; otherwise the file name without extensions. */
export function planName(input: string): string {
  if (input === '-') return 'stdin';
  const m = /stacks[\\/]([^\\/]+)[\\/][^\\/]+$/.exec(input);
  if (m) return m[1]!;
  const dir = basename(dirname(input));
  const file = basename(input)
    .replace(/(\.plan)?(\.json)?$/, '')
    .replace(/^tfplan$/, '');
  return file || dir;
}
