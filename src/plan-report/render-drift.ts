// `plan-report --drift`: the drift part of the report on its own, for the issue a scheduled refresh-only plan opens
// (examples/ci/drift-detect.sh): which monitors differ from the code, what changed, and when the service last
// changed them with which version token. Stays under GitHub's 65,536-character limit like the PR comment.
import type { DriftReport, StackReport } from './changes.js';
import { code, inline, text } from './format.js';

export const DRIFT_MARKER = '<!-- uptimectl:drift -->';

/** Characters the issue body may use (GitHub's limit is 65,536, as for comments). */
const DEFAULT_BUDGET = 60_000;

/** When and at which version the service last changed it: `updated 2026-… · version \`a\` → \`b\``. */
export function driftStamp(d: DriftReport): string {
  const parts: string[] = [];
  if (d.updatedAt) parts.push(`updated ${code(d.updatedAt)}`);
  if (d.version && d.version.before !== d.version.after)
    parts.push(`version ${code(d.version.before ?? 'none')} → ${code(d.version.after ?? 'none')}`);
  return parts.join(' · ');
}

export interface DriftRenderOptions {
  budget?: number;
  fullReportPath?: string | undefined;
}

export function renderDrift(stacks: StackReport[], o: DriftRenderOptions = {}): string {
  const budget = o.budget ?? DEFAULT_BUDGET;
  const multi = stacks.length > 1;
  const drift = stacks.flatMap((s) => s.drift);
  const head = [DRIFT_MARKER, '## Monitors changed outside Terraform', ''];
  if (!drift.length) return [...head, 'No drift: the service matches the code.', ''].join('\n');
  const drifted = stacks.filter((s) => s.drift.length).length;
  const where = multi ? ` in ${drifted} stack${drifted === 1 ? '' : 's'}` : '';
  head.push(
    `${drift.length} resource${drift.length === 1 ? '' : 's'}${where} differ${drift.length === 1 ? 's' : ''} from the code. ` +
      "Each was changed through the dashboard or the API (the service records when and the version, not by whom); the time is the service's `updatedAt`, the version its token before (state) → now.",
    '',
    'To resolve: `terraform apply` puts the values of the code back, or change the code to match the service. ' +
      'This issue is updated on every scheduled run and closed when no drift is left.',
    '',
  );
  let out = head.join('\n');
  const tail = (left: number) =>
    `\n> ✂️ ${left} more not shown to keep this under GitHub's limit` +
    (o.fullReportPath ? `; full report in ${code(o.fullReportPath)}.` : '.') +
    '\n';
  for (let i = 0; i < drift.length; i++) {
    const d = drift[i]!;
    const stamp = driftStamp(d);
    const item = [
      `- ${multi ? `${text(d.stack)}: ` : ''}**${text(d.name)}** ${code(d.address)}${stamp ? ` — ${stamp}` : ''}`,
      ...d.lines.map((l) => `  - ${inline(l.text)}`),
      '',
    ].join('\n');
    if (out.length + item.length + tail(drift.length - i).length > budget)
      return out + tail(drift.length - i);
    out += item;
  }
  return out;
}
