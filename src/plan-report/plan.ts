// Terraform's machine-readable plan (`terraform show -json <planfile>`, format 1.x): the parts plan-report reads,
// and loading them from a JSON file, stdin (`-`) or a saved plan file (through `terraform show -json`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

export type Action = 'no-op' | 'create' | 'read' | 'update' | 'delete' | 'forget';

export interface Change {
  actions: Action[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  after_unknown?: unknown;
  before_sensitive?: unknown;
  after_sensitive?: unknown;
  importing?: { id?: string } | null;
}

export interface ResourceChange {
  address: string;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  index?: unknown;
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

/** One plan given on the command line, with a name for its section (a CDKTF stack's name, else the file's). */
export interface NamedPlan {
  name: string;
  plan: PlanJson;
}

/** Reads a plan: `-` is JSON on stdin; a file holding JSON is read as it is; any other file is a saved plan. */
export function loadPlan(input: string, readStdin: () => string = () => readFileSync(0, 'utf8')): NamedPlan {
  const text = input === '-' ? readStdin() : readFileSync(input);
  const asText = typeof text === 'string' ? text : text.toString('utf8');
  let json: string;
  if (asText.trimStart().startsWith('{')) json = asText;
  else {
    try {
      json = execFileSync('terraform', ['show', '-json', input], {
        encoding: 'utf8',
        maxBuffer: 512 * 1024 * 1024,
        env: { ...process.env, CHECKPOINT_DISABLE: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(
        `${input} is not plan JSON, and \`terraform show -json ${input}\` failed in ${process.cwd()}` +
          (stderr ? `: ${stderr.split('\n').slice(0, 3).join(' ')}` : '') +
          ' (run plan-report in the directory where the plan was made, or pass `terraform show -json` output)',
      );
    }
  }
  let plan: PlanJson;
  try {
    plan = JSON.parse(json) as PlanJson;
  } catch {
    throw new Error(`${input === '-' ? 'stdin' : input} is not valid JSON`);
  }
  if (typeof plan !== 'object' || plan === null || typeof plan.format_version !== 'string')
    throw new Error(`${input === '-' ? 'stdin' : input} is not Terraform plan JSON (no format_version)`);
  return { name: planName(input), plan };
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
