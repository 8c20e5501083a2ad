// The actions `uptime_monitor_pause` and `uptime_monitor_activate` (Terraform 1.14+): one declaration each, from
// one factory; the work is ../monitor-control.ts, shared with `uptimectl monitors pause|activate`.
import { MONITOR_LIST_STATUSES } from '../../api/index.js';
import { uptimeAction } from '../declarations.js';
import { ctyString } from '../../protocol/cty/types.js';
import { isUnknown } from '../../protocol/cty/values.js';
import { DiagnosticError, listAttr, stringAttr, type Diagnostics } from '../../protocol/framework/index.js';
import { capabilityFact, tokenName } from '../capabilities.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { configured } from '../session.js';
import {
  controlMonitors,
  describeSelection,
  label,
  selectionProblem,
  selectMonitors,
  summarize,
  type ControlOp,
  type Outcome,
  type Selection,
} from '../monitor-control.js';
import { actionDocs } from './docs.js';

const SHOWN = 10;

const attributes = {
  ids: listAttr<string>({
    optional: true,
    element: ctyString,
    description: 'Monitor ids. Each must exist, not be archived, and be visible to the token.',
  }),
  name: stringAttr({
    optional: true,
    description:
      'Monitors whose name matches this pattern: `*` any characters, `?` one character, case-insensitive (the pattern of the `uptime_monitor` list resource and `uptimectl import --name`). `"*"` selects every monitor the token can see.',
  }),
  status: listAttr<string>({
    optional: true,
    element: ctyString,
    description: `Only monitors with one of these statuses: ${MONITOR_LIST_STATUSES.map((s) => `\`${s}\``).join(', ')}.`,
  }),
};

type Config = { ids: unknown; name: unknown; status: unknown };

function validate(config: Config, diags: Diagnostics): void {
  const ids = isUnknown(config.ids) ? ['?'] : (config.ids as string[] | null);
  const name = isUnknown(config.name) ? '?' : (config.name as string | null);
  const problem = selectionProblem({ ids, name });
  if (problem) diags.error('No monitors selected', problem, name !== null ? ['name'] : []);
  if (Array.isArray(config.ids))
    config.ids.forEach((id, i) => {
      if (id === '') diags.error('Invalid monitor id', 'ids must not hold an empty string.', ['ids', i]);
    });
  if (Array.isArray(config.status))
    config.status.forEach((s, i) => {
      if (!isUnknown(s) && !(MONITOR_LIST_STATUSES as readonly unknown[]).includes(s))
        diags.error(
          'Invalid status',
          `status must be one of ${MONITOR_LIST_STATUSES.map((x) => `"${x}"`).join(', ')}; got ${JSON.stringify(s)}.`,
          ['status', i],
        );
    });
}

const selectionOf = (config: Config): Selection => ({
  ids: (config.ids as string[] | null) ?? [],
  name: (config.name as string | null) ?? null,
  status: (config.status as string[] | null) ?? [],
});

const known = (config: Config) =>
  !isUnknown(config.ids) &&
  !isUnknown(config.name) &&
  !isUnknown(config.status) &&
  ![...((config.ids as unknown[]) ?? []), ...((config.status as unknown[]) ?? [])].some(isUnknown);

const problemsError = (typeName: string, problems: { reason: string }[]) =>
  new DiagnosticError(
    'Monitor selection cannot be used',
    `${typeName}: ${problems.map((p) => p.reason).join('; ')}. Nothing was changed.`,
    ['ids'],
  );

function monitorAction(op: ControlOp) {
  const typeName = `uptime_monitor_${op}`;
  const done = op === 'pause' ? 'paused' : 'activated';
  const already = op === 'pause' ? 'already paused' : 'already active';
  return uptimeAction({
    typeName,
    description:
      op === 'pause'
        ? 'Pauses the selected monitors (no checks, no alerts) — for example before a deployment restarts what they watch. Changes no Terraform state: a managed `uptime_monitor` left paused shows as drift on `enabled` until it is activated again. Terraform 1.14+.'
        : 'Activates the selected monitors again — for example after a deployment, whether it succeeded or not. Changes no Terraform state. Terraform 1.14+.',
    docs: actionDocs(op),
    attributes,
    validateConfig: (config, diags) => validate(config, diags),

    async plan({ config, ctx }) {
      const pd = ctx.providerData;
      // Unknown values (or an unknown provider configuration) are fine: the selection is resolved at invoke.
      if (!pd?.client || !known(config)) return;
      const scopes = capabilityFact(pd.capabilities, ctx.diagnostics, 'token', 'scopes');
      if (scopes && !scopes.includes('monitors:control') && !scopes.includes('monitors:write'))
        ctx.diagnostics.error(
          'Token cannot pause or activate monitors',
          `${typeName} needs the monitors:control scope (or the legacy monitors:write); ${tokenName(pd.capabilities)} has ${scopes.join(', ') || 'no scopes'}.`,
        );
      const selection = selectionOf(config);
      let selected;
      try {
        selected = await selectMonitors(pd.client, selection, ctx.signal);
      } catch (e) {
        throw apiFailure(`Reading the monitors of ${typeName} failed`, e);
      }
      if (selected.problems.length) throw problemsError(typeName, selected.problems);
      const ms = selected.monitors;
      const todo = ms.filter((m) => m.enabled !== (op === 'activate'));
      if (!ms.length) {
        ctx.diagnostics.warning(
          `${typeName} selects no monitors`,
          `No monitor the token can see matches ${describeSelection(selection)}; invoking it will change nothing.`,
        );
        return;
      }
      const shown = ms.slice(0, SHOWN).map(label).join(', ');
      ctx.diagnostics.warning(
        `${typeName} will touch ${todo.length} of ${ms.length} selected monitor${ms.length === 1 ? '' : 's'}`,
        `Selected (${describeSelection(selection)}): ${shown}${ms.length > SHOWN ? ` and ${ms.length - SHOWN} more` : ''}. ${ms.length - todo.length} ${already} will be skipped. The selection is read again when the action runs.`,
      );
    },

    async invoke({ config, progress, ctx }) {
      const client = requireClient(ctx.providerData);
      const selection = selectionOf(config);
      let selected;
      try {
        selected = await selectMonitors(client, selection, ctx.signal);
      } catch (e) {
        if (ctx.signal.aborted)
          return void ctx.diagnostics.error('Stopped', `${typeName}: nothing was ${done}.`);
        throw apiFailure(`Reading the monitors of ${typeName} failed`, e);
      }
      if (selected.problems.length) throw problemsError(typeName, selected.problems);
      const ms = selected.monitors;
      if (!ms.length) {
        await progress(`No monitor matches ${describeSelection(selection)}: nothing to do.`);
        ctx.diagnostics.warning(
          `${typeName} selected no monitors`,
          `No monitor the token can see matches ${describeSelection(selection)}; nothing was ${done}.`,
        );
        return;
      }
      await progress(
        `${ms.length} monitor${ms.length === 1 ? '' : 's'} selected (${describeSelection(selection)}).`,
      );
      const outcomes: Outcome[] = [];
      const pd = configured(ctx.providerData);
      for await (const o of controlMonitors(client, op, ms, ctx.signal)) {
        outcomes.push(o);
        // An update of this monitor later in the same apply continues from the version this write made.
        if (o.version && o.monitor.version)
          pd.actionVersions.record(o.monitor.id, o.monitor.version, o.version);
        await progress(o.message);
      }
      const s = summarize(op, ms, outcomes);
      await progress(s.text);
      if (s.incomplete)
        ctx.diagnostics.error(
          ctx.signal.aborted ? `${typeName} stopped before the end` : `${typeName} did not finish`,
          `${s.text} ${s.incomplete}`,
        );
    },
  });
}

export const monitorPauseAction = monitorAction('pause');
export const monitorActivateAction = monitorAction('activate');
