// Reference-page text of the monitor actions (rendered by the framework's docs.ts). The HCL is Terraform 1.14+
// syntax, so it is shown as ```hcl (formatted, not validated by the 1.11 docs test).
import type { DeclDocs } from '../../protocol/framework/index.js';

const TRIGGER = `\`\`\`hcl
action "uptime_monitor_pause" "api" {
  config {
    name = "api-*"
  }
}

action "uptime_monitor_activate" "api" {
  config {
    name = "api-*"
  }
}

resource "terraform_data" "deployment" {
  input = var.release

  lifecycle {
    action_trigger {
      events  = [before_create, before_update]
      actions = [action.uptime_monitor_pause.api]
    }
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.uptime_monitor_activate.api]
    }
  }
}
\`\`\``;

const BY_ID = `\`\`\`hcl
action "uptime_monitor_${'OP'}" "checkout" {
  config {
    ids    = [uptime_monitor.checkout.id, uptime_monitor.cart.id]
    status = ["up", "down", "pending"]
  }
}
\`\`\``;

export function actionDocs(op: 'pause' | 'activate'): DeclDocs {
  const other = op === 'pause' ? 'activate' : 'pause';
  return {
    sections: [
      {
        title: 'Example Usage',
        body: `Pause the monitors whose name starts with \`api-\` before the deployment changes, activate them after it (Terraform 1.14 or later):

${TRIGGER}

Select by id (and, optionally, status):

${BY_ID.replace('OP', op)}

Run it on its own: \`terraform apply -invoke=action.uptime_monitor_${op}.checkout\`. Without Terraform 1.14 the same is \`uptimectl monitors ${op}\` ([Quiet monitors during deployments](../guides/quiet-monitors-during-deployments.md)).`,
      },
      {
        title: 'What it does',
        body: `- **Selection**: \`ids\`, \`name\` and \`status\` together (a monitor must match each one given); at least one of \`ids\` and \`name\`. Archived monitors are never selected; an id that does not exist, is archived or is outside a restricted token's selection fails the plan (and the invoke) naming it, and nothing is changed.
- **Plan**: with the provider configured and the selection known, the plan reads the account and says how many monitors the action will touch, as a warning (the only message a plan can carry), e.g. \`uptime_monitor_${op} will touch 3 of 5 selected monitors\`. Unknown values are allowed: the selection is then read when the action runs. The token needs the \`monitors:control\` scope (or the legacy \`monitors:write\`).
- **Invoke**: one progress line per monitor — \`${op === 'pause' ? 'Paused' : 'Activated'} "api-eu" (…)\`, or \`Skipped "api-us" (…): ${op === 'pause' ? 'already paused' : 'already active'}\` (running it twice is harmless), or \`Failed to ${op} …: <the service's answer>\` — then a summary such as \`${op === 'pause' ? 'Paused' : 'Activated'} 3 monitors, 2 ${op === 'pause' ? 'already paused' : 'already active'} (5 selected).\` A failure does not stop the others; the action then ends with an error naming the monitors not ${op === 'pause' ? 'paused' : 'activated'}. Rate limits are waited for, as in every call of the provider.
- **Stopped** (Ctrl-C, or Terraform cancelling): the monitor in hand is finished (a request already sent is never abandoned), the rest are not touched, and the action ends with \`uptime_monitor_${op} stopped before the end\`, naming the monitors ${op === 'pause' ? 'paused' : 'activated'} and those not reached.
- **Monitors this apply also changes**: an \`uptime_monitor\` updated in the same apply ends as its configuration says (\`enabled = true\`), so its own update activates it again; the update does not fail on the version the pause moved on (the provider knows that was this run). Trigger the actions from what you deploy, not from the monitors.
- **State**: actions change no Terraform state. A managed \`uptime_monitor\` that stays paused shows as a change of \`enabled\` in the next plan (and in \`uptimectl plan-report\` and the drift report) until \`uptime_monitor_activate\`, \`uptimectl monitors activate\` or the next apply enables it again. See [uptime_monitor_${other}](monitor_${other}.md).`,
      },
    ],
  };
}
