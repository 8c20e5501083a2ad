// The run task's result (JSON:API `task-results`), a renderer of plan-report's review (src/plan-report/review.ts):
// the status by the `--fail-on` gates, a one-line message, and one outcome per changed monitor (severity tags, a
// Markdown body), then one per drifted resource, one for a failed preflight and one per public endpoint of the
// coverage review (EXTRA_OUTCOMES, coverage-outcomes.ts), within the limits of
// HCP Terraform's schema (runtask-result.json, runtask-outcome.json, runtask-tag.json). Names, URLs and lines come
// from the plan: scrubbed of the review's secrets, then Markdown through plan-report's `text`/`code` (no markup, link
// or mention), one-line fields through the one quoting rule; every string is scrubbed of the plan's secrets and of
// the run's token last.
import { createHash } from 'node:crypto';
import { quotedText } from '../protocol/template.js';
import { monitorFromPlan, plannedMonitorSecrets } from '../provider/mapping/planned.js';
import type { DriftReport, MonitorReport } from '../plan-report/changes.js';
import { code, text } from '../plan-report/format.js';
import type { PlanJson } from '../plan-report/plan.js';
import { PREFLIGHT_TITLE } from '../plan-report/preflight.js';
import type { ProbeResult } from '../plan-report/probe.js';
import { plain } from '../plan-report/render-text.js';
import type { Review } from '../plan-report/review.js';
import { scrub } from '../plan-report/secrets.js';
import { coverageJson } from '../plan-report/render-coverage-json.js';
import { coverageMessage, coverageOutcomes } from './coverage-outcomes.js';

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

export interface ResultOptions {
  /** Strings never to send besides the review's own secrets: the run's access token. */
  extraSecrets: readonly string[];
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

const changesOf = (r: Review) => r.stacks.flatMap((s) => s.monitors);
const driftOf = (r: Review) => r.stacks.flatMap((s) => s.drift);

/** The one-line message: what changed, what the probe found, duplicates, and the gates. */
export function resultMessage(r: Review): string {
  const changes = changesOf(r);
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
  const dup = changes.filter((c) => c.risks.some((x) => x.kind === 'duplicate')).length;
  if (dup) parts.push(`${plural(dup, 'duplicate')} of a live monitor`);
  const probes = r.probe?.results ?? [];
  if (probes.length) {
    const n = (v: string) => probes.filter((p) => p.verdict === v).length;
    parts.push(
      `probe: ${[`${n('down')} down`, `${n('up')} up`, ...(n('not-probed') ? [`${n('not-probed')} not probed`] : [])].join(', ')}`,
    );
  }
  const drift = driftOf(r);
  if (drift.length) parts.push(`${plural(drift.length, 'drifted resource')}`);
  if (r.preflight && !r.preflight.ok) parts.push('preflight failed');
  const coverage = coverageMessage(r.coverage ? coverageJson(r.coverage) : undefined);
  if (coverage) parts.push(coverage);
  const g = r.gates;
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

function probeLine(p: ProbeResult, data: (s: string) => string): string {
  const facts = [
    p.httpStatus !== null ? `HTTP ${p.httpStatus}` : null,
    p.responseTimeMs !== null ? `${p.responseTimeMs} ms` : null,
    p.certificateDaysLeft !== null ? `certificate ${p.certificateDaysLeft} days left` : null,
  ].filter(Boolean);
  return `**Probe: ${p.verdict}**: ${text(data(p.reason))}${facts.length ? ` (${text(facts.join(', '))})` : ''}`;
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

interface Context {
  matched: ReadonlySet<string>;
  multi: boolean;
  ids: Set<string>;
  /** Data from the plan (names, URLs, lines) scrubbed of the review's secrets before it is formatted. */
  data: (s: string) => string;
}

function monitorOutcome(
  c: MonitorReport,
  probe: ProbeResult | undefined,
  plan: PlanJson | undefined,
  ctx: Context,
): Outcome {
  const { data } = ctx;
  const name = data(c.name);
  const url = data(c.url);
  const line = (l: { text: string }) => `- ${text(data(plain(l.text)))}`;
  const severity: Tag[] = [];
  const add = (label: string, level: TagLevel) => {
    if (!severity.some((t) => t.label === label)) severity.push({ label: cap(label, LIMITS.label), level });
  };
  for (const r of c.risks) add(r.kind, ctx.matched.has(r.kind) ? 'error' : 'warning');
  if (probe?.verdict === 'down') add('probe down', ctx.matched.has('probe-down') ? 'error' : 'warning');
  else if (probe?.verdict === 'up') add('probe up', 'info');
  else if (probe?.verdict === 'not-probed') add('not probed', 'none');
  const secrets = plan ? writeOnlySecrets(plan, c.address) : { writeOnly: false, inState: false };
  if (secrets.writeOnly) add('secret-safe', 'info');
  if (secrets.inState) add('secret in state', 'none');

  const address = data(c.address);
  const lines: string[] = [
    `**${text(name)}** ${code(address)}${url ? ` · ${text(url)}` : ''}`,
    `Events: ${c.events.length ? text(c.events.join(', ')) : 'changed'}`,
  ];
  if (c.risks.length) lines.push('', '**Needs attention**', ...c.risks.map(line));
  if (probe) lines.push('', probeLine(probe, data));
  if (secrets.writeOnly)
    lines.push('', 'Its secret is write-only: in neither the plan nor the state, and not in this result.');
  if (c.lines.length) lines.push('', '**Changes**', ...c.lines.map(line));
  for (const p of c.parts)
    if (p.lines.length)
      lines.push('', `**${text(data(p.title))}** ${code(data(p.address))}`, ...p.lines.map(line));

  return {
    type: 'task-result-outcomes',
    attributes: {
      'outcome-id': outcomeId({ stack: data(c.stack), address }, ctx.multi, ctx.ids),
      description: `${c.events.join(', ') || 'changed'}: ${quotedText(name)}${url ? ` (${quotedText(url)})` : ''}`,
      body: lines.join('\n'),
      tags: {
        ...(severity.length ? { severity } : {}),
        change: c.events.slice(0, 20).map((e) => ({ label: e, level: 'none' as const })),
      },
    },
  };
}

function driftOutcome(d: DriftReport, r: Review, ctx: Context): Outcome {
  const { data } = ctx;
  const name = data(d.name);
  const address = data(d.address);
  return {
    type: 'task-result-outcomes',
    attributes: {
      'outcome-id': outcomeId({ stack: data(d.stack), address: `drift:${address}` }, ctx.multi, ctx.ids),
      description: `changed outside Terraform: ${quotedText(name)}`,
      body: [
        `**${text(name)}** ${code(address)}`,
        '',
        ...d.lines.map((l) => `- ${text(data(plain(l.text)))}`),
      ].join('\n'),
      tags: {
        severity: [{ label: 'drift', level: r.gates.matched.includes('drift') ? 'error' : 'warning' }],
      },
    },
  };
}

function preflightOutcome(r: Review, ctx: Context): Outcome[] {
  if (!r.preflight || r.preflight.ok) return [];
  const lines = [PREFLIGHT_TITLE, ...r.preflight.items].map((l) => `- ${text(ctx.data(plain(l)))}`);
  return [
    {
      type: 'task-result-outcomes',
      attributes: {
        'outcome-id': outcomeId({ stack: '', address: 'preflight' }, false, ctx.ids),
        description: 'the plan does not fit the account (preflight)',
        body: lines.join('\n'),
        tags: {
          severity: [
            { label: 'preflight', level: r.gates.matched.includes('preflight') ? 'error' : 'warning' },
          ],
        },
      },
    },
  ];
}

/** The outcomes after the monitors', in order: a section of the review that has its own outcomes adds it here. */
const EXTRA_OUTCOMES: ((r: Review, ctx: Context) => Outcome[])[] = [
  (r, ctx) => driftOf(r).map((d) => driftOutcome(d, r, ctx)),
  preflightOutcome,
  (r, ctx) =>
    coverageOutcomes(
      r.coverage ? coverageJson(r.coverage) : undefined,
      (c) => outcomeId(c, ctx.multi, ctx.ids),
      r.gates.matched.includes('uncovered'),
    ),
];

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

/** The run task's result, rendered from the review: status by the gates, the message, one outcome per changed
 *  monitor, then the drift and a failed preflight; every string scrubbed of the review's secrets and the token. */
export function taskResult(r: Review, o: ResultOptions): TaskResultBody {
  const secrets = [...r.secrets, ...o.extraSecrets].filter((s) => s.length > 0);
  const status = r.gates.failed ? 'failed' : 'passed';
  const url = o.detailsUrl && o.detailsUrl.length <= LIMITS.url ? o.detailsUrl : undefined;
  const attributes = {
    status,
    message: cap(scrub(resultMessage(r), secrets), LIMITS.message),
    ...(url ? { url } : {}),
  } as const;
  if (!o.outcomes) return { data: { type: 'task-results', attributes } };

  const changes = changesOf(r);
  const ctx: Context = {
    matched: new Set(r.gates.matched),
    multi: new Set(changes.map((c) => c.stack)).size > 1,
    ids: new Set<string>(),
    data: (s) => scrub(s, r.secrets),
  };
  const probeOf = new Map((r.probe?.results ?? []).map((p) => [`${p.stack}\u0000${p.address}`, p]));
  const planOf = new Map(r.plans.map((p) => [p.name, p.plan]));
  let outcomes = [
    ...changes.map((c) =>
      monitorOutcome(c, probeOf.get(`${c.stack}\u0000${c.address}`), planOf.get(c.stack), ctx),
    ),
    ...EXTRA_OUTCOMES.flatMap((f) => f(r, ctx)),
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
