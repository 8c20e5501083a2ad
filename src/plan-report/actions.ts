// The actions a plan will invoke (Terraform 1.14+ plan JSON `action_invocations`): for ours, which monitors they
// select; for any, what triggers them (a resource's lifecycle event, or `-invoke`). Values from the plan are data:
// renderers put them in code spans.
import { code } from './format.js';
import type { PlanJson } from './plan.js';

export interface ActionReport {
  stack: string;
  /** `action.uptime_monitor_pause.api` */
  address: string;
  type: string;
  /** `before update of terraform_data.deploy`, or `terraform apply -invoke`. */
  trigger: string;
  /** Our monitor actions: `name "api-*"`, `ids …`, `status …`, or `known at apply`. Other actions: null. */
  selection: string | null;
  /** `pause`, `activate`, or null for other providers' actions. */
  op: 'pause' | 'activate' | null;
}

/** Terraform writes the event as `BeforeUpdate` (its Go name); the HCL spelling is `before_update`. */
const eventWords = (e: string) =>
  e
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function selectionOf(values: Obj, unknown: Obj): string {
  const parts: string[] = [];
  const part = (key: string, show: (v: unknown) => string | null) => {
    if (unknown[key] === true || (Array.isArray(unknown[key]) && (unknown[key] as unknown[]).includes(true)))
      return void parts.push(`${key} (known at apply)`);
    const s = values[key] === null || values[key] === undefined ? null : show(values[key]);
    if (s !== null) parts.push(`${key} ${s}`);
  };
  const list = (v: unknown) =>
    Array.isArray(v) && v.length ? v.map((x) => JSON.stringify(String(x))).join(', ') : null;
  part('ids', list);
  part('name', (v) => JSON.stringify(String(v)));
  part('status', list);
  return parts.join(', ') || 'nothing selected';
}

export function actionInvocations(stack: string, plan: PlanJson): ActionReport[] {
  const out: ActionReport[] = [];
  for (const a of plan.action_invocations ?? []) {
    if (!isObj(a) || typeof a.address !== 'string') continue;
    const type = typeof a.type === 'string' ? a.type : '';
    const lt = isObj(a.lifecycle_action_trigger) ? a.lifecycle_action_trigger : null;
    const trigger = lt
      ? `${eventWords(String(lt.action_trigger_event ?? 'event'))} of ${String(lt.triggering_resource_address ?? '?')}`
      : 'terraform apply -invoke';
    const op =
      type === 'uptime_monitor_pause' ? 'pause' : type === 'uptime_monitor_activate' ? 'activate' : null;
    out.push({
      stack,
      address: a.address,
      type,
      trigger,
      op,
      selection: op
        ? selectionOf(
            isObj(a.config_values) ? a.config_values : {},
            isObj(a.config_unknown) ? a.config_unknown : {},
          )
        : null,
    });
  }
  return out;
}

const WHAT = { pause: 'pauses', activate: 'activates' } as const;

/** The "Actions this plan will invoke" section (Markdown; values in code spans), or null when there are none. */
export function actionsMarkdown(actions: ActionReport[], multi: boolean): string | null {
  if (!actions.length) return null;
  const lines = [`### Actions this plan will invoke (${actions.length})`, ''];
  for (const a of actions) {
    const what = a.op ? `${WHAT[a.op]} monitors: ${code(a.selection ?? '')}` : code(a.type);
    lines.push(`- ${multi ? `${code(a.stack)}: ` : ''}${code(a.address)} ${what}, on ${code(a.trigger)}`);
  }
  if (actions.some((a) => a.op === 'pause'))
    lines.push(
      '',
      'Actions change no Terraform state: a monitor left paused (a failed apply before its activate) shows as drift on `enabled` until `uptime_monitor_activate`, `uptimectl monitors activate` or the next apply.',
    );
  return lines.join('\n');
}
