// The callback body (JSON:API, `task-results`) from plan-report's JSON report: the status by the `--fail-on` gates,
// a one-line message, and one outcome per changed monitor (severity tags, a Markdown body), within the limits of
// HCP Terraform's schema (runtask-result.json, runtask-outcome.json, runtask-tag.json). Names, URLs and lines come
// from the plan: Markdown through plan-report's `text`/`code` (no markup, link or mention), one-line fields through
// the one quoting rule; every string is scrubbed of the plan's secrets and of the run's token last.
import { createHash } from 'node:crypto';
import { quotedText } from '../protocol/template.js';
import { monitorFromPlan, plannedMonitorSecrets } from '../provider/mapping/planned.js';
import { code, text } from '../plan-report/format.js';
import type { PlanJson } from '../plan-report/plan.js';
import type { jsonReport } from '../plan-report/render-json.js';
import { scrub } from '../plan-report/secrets.js';

export type ReportDocument = ReturnType<typeof jsonReport>;
type Change = ReportDocument['changes'][number];
type Probe = NonNullable<ReportDocument['probes']>[number];

/** HCP Terraform's limits on the callback (schemas of 2023-09, S7 in docs/guides/run-tasks.md's sources). */
export const LIMITS = {
  message: 1000,
  url: 500,
  outcomes: 250,
  outcomeId: 64,
  description: 1000,
  body: 10_000,
  label: 32,
  tagNames: 10,
} as const;

export type TagLevel = 'none' | 'info' | 'warning' | 'error';
export interface Tag {
  label: string;
  level: TagLevel;
}

export interface Outcome {
  type: 'task-result-outcomes';
  attributes: {
    'outcome-id': string;
    description: string;
    body: string;
    url?: string;
    tags: Record<string, Tag[]>;
  };
}

export interface TaskResultBody {
  data: {
    type: 'task-results';
    attributes: { status: 'passed' | 'failed' | 'running'; message: string; url?: string };
    relationships?: { outcomes: { data: Outcome[] } };
  };
}

export interface ResultInput {
  report: ReportDocument;
  plan: PlanJson;
  /** Strings never to send: the plan's sensitive values and the run's access token. */
  secrets: Iterable<string>;
  /** `--details-url`: a link for the result (a team's runbook or dashboard). */
  detailsUrl?: string | undefined;
  outcomes: boolean;
}

/** Cut to `max` characters (code points kept whole), ending with "…" when cut. */
export function cap(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join('')}…`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The one-line message: what changed, what the probe found, duplicates, and the gates. */
export function resultMessage(report: ReportDocument): string {
  const changes = report.changes;
  const parts: string[] = [];
  if (!changes.length) parts.push('no monitor changes');
  else {
    const events = new Map<string, number>();
    for (const c of changes) for (const e of c.events) events.set(e, (events.get(e) ?? 0) + 1);
    parts.push(
      `${plural(changes.length, 'monitor')} changed` +
        (events.size ? ` (${[...events].map(([e, n]) => `${n} ${e}`).join(', ')})` : ''),
    );
  }
  const dup = changes.filter((c) => c.risks.some((r) => r.kind === 'duplicate')).length;
  if (dup) parts.push(`${plural(dup, 'duplicate')} of a live monitor`);
  if (report.probes?.length) {
    const n = (v: string) => report.probes!.filter((p) => p.verdict === v).length;
    parts.push(
      `probe: ${[`${n('down')} down`, `${n('up')} up`, ...(n('not-probed') ? [`${n('not-probed')} not probed`] : [])].join(', ')}`,
    );
  }
  if (report.drift.length) parts.push(`${plural(report.drift.length, 'drifted resource')}`);
  if (report.preflight && !report.preflight.ok) parts.push('preflight failed');
  const g = report.gates;
  if (g.failed) parts.push(`failed: --fail-on ${g.matched.join(', ')}`);
  else if (g.requested.length) parts.push(`gates passed (${g.requested.join(', ')})`);
  return `uptimectl: ${parts.join('; ')}`;
}

/** A stable, readable outcome id within 64 characters: the address, else its start and a hash. */
function outcomeId(c: { stack: string; address: string }, multi: boolean, taken: Set<string>): string {
  const raw = `${multi ? `${c.stack}:` : ''}${c.address}`.replace(/[^\x21-\x7e]/g, '_');
  let id =
    raw.length <= LIMITS.outcomeId
      ? raw
      : `${raw.slice(0, 47)}-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
  for (let i = 2; taken.has(id); i++) id = `${id.slice(0, LIMITS.outcomeId - 4)}~${i}`;
  taken.add(id);
  return id;
}

function probeLine(p: Probe): string {
  const facts = [
    p.httpStatus !== null ? `HTTP ${p.httpStatus}` : null,
    p.responseTimeMs !== null ? `${p.responseTimeMs} ms` : null,
    p.certificateDaysLeft !== null ? `certificate ${p.certificateDaysLeft} days left` : null,
  ].filter(Boolean);
  return `**Probe: ${p.verdict}**: ${text(p.reason)}${facts.length ? ` (${text(facts.join(', '))})` : ''}`;
}

/** Markdown lines cut at a line when the body would pass the limit. */
function bodyWithin(lines: string[], max: number): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    const more = `… ${lines.length - i} more lines: run \`uptimectl plan-report\` on the plan for the whole report`;
    if (size + lines[i]!.length + 1 + more.length + 1 > max) {
      out.push(more);
      break;
    }
    out.push(lines[i]!);
    size += lines[i]!.length + 1;
  }
  return out.join('\n');
}

/** Write-only secrets configured on a monitor (`value_wo` of a header, `password_wo`): kept out of plan and state. */
function writeOnlySecrets(plan: PlanJson, address: string): { writeOnly: boolean; inState: boolean } {
  const rc = (plan.resource_changes ?? []).find((r) => r.address === address && r.type === 'uptime_monitor');
  if (!rc?.change.after) return { writeOnly: false, inState: false };
  const m = monitorFromPlan(rc.change.after, rc.change.after_unknown, rc.change.after_sensitive).value;
  const secrets = plannedMonitorSecrets(m);
  return {
    writeOnly: secrets.some((s) => s.state === 'write-only'),
    inState: secrets.some((s) => s.state === 'planned'),
  };
}

function monitorOutcome(
  c: Change,
  probe: Probe | undefined,
  ctx: { matched: ReadonlySet<string>; plan: PlanJson; multi: boolean; ids: Set<string> },
): Outcome {
  const severity: Tag[] = [];
  const add = (label: string, level: TagLevel) => {
    if (!severity.some((t) => t.label === label)) severity.push({ label: cap(label, LIMITS.label), level });
  };
  for (const r of c.risks) add(r.kind, ctx.matched.has(r.kind) ? 'error' : 'warning');
  if (probe?.verdict === 'down') add('probe down', ctx.matched.has('probe-down') ? 'error' : 'warning');
  else if (probe?.verdict === 'up') add('probe up', 'info');
  else if (probe?.verdict === 'not-probed') add('not probed', 'none');
  const secrets = writeOnlySecrets(ctx.plan, c.address);
  if (secrets.writeOnly) add('secret-safe', 'info');
  if (secrets.inState) add('secret in state', 'none');

  const lines: string[] = [
    `**${text(c.name)}** ${code(c.address)}${c.url ? ` · ${text(c.url)}` : ''}`,
    `Events: ${c.events.length ? text(c.events.join(', ')) : 'changed'}`,
  ];
  if (c.risks.length) lines.push('', '**Needs attention**', ...c.risks.map((r) => `- ${text(r.text)}`));
  if (probe) lines.push('', probeLine(probe));
  if (secrets.writeOnly)
    lines.push('', 'Its secret is write-only: in neither the plan nor the state, and not in this result.');
  if (c.lines.length) lines.push('', '**Changes**', ...c.lines.map((l) => `- ${text(l)}`));
  for (const p of c.parts)
    if (p.lines.length)
      lines.push('', `**${text(p.title)}** ${code(p.address)}`, ...p.lines.map((l) => `- ${text(l)}`));

  return {
    type: 'task-result-outcomes',
    attributes: {
      'outcome-id': outcomeId(c, ctx.multi, ctx.ids),
      description: `${c.events.join(', ') || 'changed'}: ${quotedText(c.name)}${c.url ? ` (${quotedText(c.url)})` : ''}`,
      body: lines.join('\n'),
      tags: {
        ...(severity.length ? { severity } : {}),
        change: c.events.slice(0, 20).map((e) => ({ label: e, level: 'none' as const })),
      },
    },
  };
}

function extraOutcomes(report: ReportDocument, multi: boolean, ids: Set<string>): Outcome[] {
  const out: Outcome[] = [];
  for (const d of report.drift)
    out.push({
      type: 'task-result-outcomes',
      attributes: {
        'outcome-id': outcomeId({ stack: d.stack, address: `drift:${d.address}` }, multi, ids),
        description: `changed outside Terraform: ${quotedText(d.name)}`,
        body: [`**${text(d.name)}** ${code(d.address)}`, '', ...d.lines.map((l) => `- ${text(l)}`)].join(
          '\n',
        ),
        tags: {
          severity: [{ label: 'drift', level: report.gates.matched.includes('drift') ? 'error' : 'warning' }],
        },
      },
    });
  if (report.preflight && !report.preflight.ok)
    out.push({
      type: 'task-result-outcomes',
      attributes: {
        'outcome-id': outcomeId({ stack: '', address: 'preflight' }, false, ids),
        description: 'the plan does not fit the account (preflight)',
        body: report.preflight.lines.map((l) => `- ${text(l)}`).join('\n'),
        tags: {
          severity: [
            { label: 'preflight', level: report.gates.matched.includes('preflight') ? 'error' : 'warning' },
          ],
        },
      },
    });
  return out;
}

/** Every string of the value scrubbed of the secrets (the marker in their place). */
function scrubbed<T>(v: T, secrets: string[]): T {
  if (typeof v === 'string') return scrub(v, secrets) as T;
  if (Array.isArray(v)) return v.map((x) => scrubbed(x, secrets)) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrubbed(x, secrets)])) as T;
  return v;
}

/** Each field within HCP's schema limits, after scrubbing (the marker may be longer than what it replaced). */
function within(o: Outcome): Outcome {
  const a = o.attributes;
  const tags = Object.entries(a.tags)
    .filter(([, list]) => list.length)
    .slice(0, LIMITS.tagNames);
  return {
    type: o.type,
    attributes: {
      'outcome-id': a['outcome-id'],
      description: cap(a.description, LIMITS.description),
      body: bodyWithin(a.body.split('\n'), LIMITS.body),
      ...(a.url && a.url.length <= LIMITS.url ? { url: a.url } : {}),
      tags: Object.fromEntries(
        tags.map(([name, list]) => [
          name,
          list.map((t) => ({ label: cap(t.label, LIMITS.label), level: t.level })),
        ]),
      ),
    },
  };
}

export function taskResult(input: ResultInput): TaskResultBody {
  const secrets = [...input.secrets].filter((s) => s.length > 0);
  const { report } = input;
  const status = report.gates.failed ? 'failed' : 'passed';
  const url = input.detailsUrl && input.detailsUrl.length <= LIMITS.url ? input.detailsUrl : undefined;
  const attributes = {
    status,
    message: cap(scrub(resultMessage(report), secrets), LIMITS.message),
    ...(url ? { url } : {}),
  } as const;
  if (!input.outcomes) return { data: { type: 'task-results', attributes } };

  const multi = new Set(report.changes.map((c) => c.stack)).size > 1;
  const ids = new Set<string>();
  const matched = new Set(report.gates.matched);
  const probeOf = new Map((report.probes ?? []).map((p) => [`${p.stack}\u0000${p.address}`, p]));
  let outcomes = [
    ...report.changes.map((c) =>
      monitorOutcome(c, probeOf.get(`${c.stack}\u0000${c.address}`), {
        matched,
        plan: input.plan,
        multi,
        ids,
      }),
    ),
    ...extraOutcomes(report, multi, ids),
  ];
  if (outcomes.length > LIMITS.outcomes) {
    const rest = outcomes.length - (LIMITS.outcomes - 1);
    outcomes = [
      ...outcomes.slice(0, LIMITS.outcomes - 1),
      {
        type: 'task-result-outcomes',
        attributes: {
          'outcome-id': 'more',
          description: `${rest} more changes than HCP Terraform shows (${LIMITS.outcomes} outcomes at most)`,
          body: 'Run `uptimectl plan-report` on the plan for the whole report.',
          tags: { severity: [{ label: 'cut', level: 'info' }] },
        },
      },
    ];
  }
  return {
    data: {
      type: 'task-results',
      attributes,
      relationships: { outcomes: { data: outcomes.map((o) => within(scrubbed(o, secrets))) } },
    },
  };
}

/** A result with only a status and a message (a run that could not be reviewed, or a 422 on the full body). */
export function plainResult(
  status: 'passed' | 'failed',
  message: string,
  secrets: Iterable<string>,
): TaskResultBody {
  const list = [...secrets].filter((s) => s.length > 0);
  return {
    data: {
      type: 'task-results',
      attributes: { status, message: cap(scrub(message, list), LIMITS.message) },
    },
  };
}
