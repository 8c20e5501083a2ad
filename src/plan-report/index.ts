// `uptimectl plan-report`: reads one or more Terraform plans and writes a pull-request comment about monitors.
// plan.ts loads plans, changes.ts turns them into product changes, render.ts writes Markdown within GitHub's limit,
// secrets.ts scrubs every sensitive value, preflight.ts checks the plan against the account (`--check`).
import { writeFileSync } from 'node:fs';
import { UptimeClient } from '../client/index.js';
import { backtest, type Backtest } from './backtest.js';
import { analyse, type Risk, type StackReport } from './changes.js';
import { hasUncovered, type CoverageReview } from '../coverage/index.js';
import { coverageOf } from './coverage.js';
import { coverageJson } from './render-coverage-json.js';
import { coverageMarkdown, suggestionSections } from './render-coverage.js';
import { coverageTextLines, suggestionTextSections } from './render-coverage-text.js';
import { checkDuplicates, DUPLICATE_LIST_MAX_REQUESTS, flagDuplicates } from './duplicates.js';
import { code } from './format.js';
import { loadPlan, type NamedPlan } from './plan.js';
import { preflight } from './preflight.js';
import { probe, type ProbeResult } from './probe.js';
import { backtestMarkdown, backtestText, probeMarkdown, probeText } from './render-probe.js';
import { render } from './render.js';
import { renderDrift } from './render-drift.js';
import { renderDriftText, renderText } from './render-text.js';
import { jsonReport } from './render-json.js';
import { scrub, sensitiveValues } from './secrets.js';

export const GATES = [
  'archive',
  'replace',
  'pause',
  'no-alerts',
  'unpublish',
  'slower-interval',
  'drift',
  'preflight',
  'duplicate',
  'probe-down',
  'uncovered',
] as const;
export type Gate = (typeof GATES)[number];

/** Exit code when a `--fail-on` gate matched (1 stays "the command failed"). */
export const GATE_EXIT = 3;

export interface PlanReportOptions {
  inputs: string[];
  failOn?: string[];
  check?: boolean;
  fullOut?: string;
  baseUrl?: string | undefined;
  token?: string | undefined;
  budget?: number;
  readStdin?: () => string;
  /** Only the drift part (`--drift`), for the scheduled drift issue: its own marker, no changes, no preflight. */
  drift?: boolean;
  /** `--check`: listing requests the duplicate check may make (100 monitors each); default 100. */
  maxListRequests?: number;
  /** Progress and warnings (stderr in the CLI). */
  warn?: (message: string) => void;
  /** `markdown` (default: a pull-request comment) or `text` (for a code block, e.g. Atlantis' plan comment). */
  format?: ReportFormat;
  /** Who approved what the gates match (a label, a review): the report says so and the gates do not fail it. */
  approved?: string | undefined;
  /** `--probe`: request each created monitor and each whose request changes once (probe.ts), and backtest changed
   *  alert settings against the monitor's history (backtest.ts). */
  probe?: boolean;
  /** `--probe-allow` / UPTIME_PROBE_ALLOW: CIDR ranges the probe may reach although they are not public. */
  probeAllow?: string[];
  /** `--probe-ca`: extra trusted certificate authorities (PEM text) for the probe. */
  probeCa?: string[];
  /** The probe's total time limit (default 120 s). */
  probeTotalMs?: number;
  /** Where write-only secrets for the probe are read (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** `--coverage`: which public endpoints the plans create or change that no monitor watches (src/coverage);
   *  `--fail-on uncovered` turns it on too. */
  coverage?: boolean;
  /** `--coverage-ignore` / UPTIME_COVERAGE_IGNORE: address globs left out of the coverage review. */
  coverageIgnore?: string[];
}

export const REPORT_FORMATS = ['markdown', 'text', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface PlanReport {
  /** The report in the chosen format (Markdown, text or one JSON document). */
  markdown: string;
  full: string;
  matched: Gate[];
  /** Gates matched, but `approved` was given: reported, not failed. */
  approved: boolean;
  exitCode: 0 | typeof GATE_EXIT;
  probes: ProbeResult[];
  backtests: Backtest[];
}

export function parseGates(values: string[]): Gate[] {
  const out: Gate[] = [];
  for (const v of values
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (!(GATES as readonly string[]).includes(v))
      throw new Error(`--fail-on: unknown gate "${v}"; allowed values: ${GATES.join(', ')}`);
    out.push(v as Gate);
  }
  return out;
}

export async function planReport(o: PlanReportOptions): Promise<PlanReport> {
  if (!o.inputs.length)
    throw new Error(
      'give at least one plan: a saved plan file, `terraform show -json` output, or - for stdin',
    );
  const gates = parseGates(o.failOn ?? []);
  const format = o.format ?? 'markdown';
  if (!(REPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`--format: unknown format "${format}"; allowed values: ${REPORT_FORMATS.join(', ')}`);
  const approval = o.approved?.trim() || undefined;
  const warn = o.warn ?? (() => {});
  const plans: NamedPlan[] = o.inputs.map((i) => loadPlan(i, o.readStdin));
  const names = new Set<string>();
  for (const p of plans) {
    let n = p.name;
    for (let i = 2; names.has(n); i++) n = `${p.name}-${i}`;
    names.add(n);
    p.name = n;
  }

  let requests = 0;
  const client =
    o.token && o.baseUrl
      ? new UptimeClient({
          baseUrl: o.baseUrl,
          token: o.token,
          logger: (e) => {
            if (e.event === 'request') requests++;
          },
        })
      : null;
  if (o.check && !client)
    throw new Error(
      '--check needs the service address and a token: set UPTIME_BASE_URL and UPTIME_API_TOKEN (or --base-url/--token)',
    );
  if (gates.includes('duplicate') && !o.check)
    throw new Error(
      "--fail-on duplicate needs --check (it compares the plan's creates with the account's monitors)",
    );
  if (o.probeTotalMs !== undefined && !(o.probeTotalMs > 0))
    throw new Error('--probe-timeout: give the total time in seconds, a number above 0');
  if (gates.includes('probe-down') && !o.probe)
    throw new Error(
      '--fail-on probe-down needs --probe (it requests the monitors the plan creates or changes)',
    );
  const withCoverage = !!o.coverage || gates.includes('uncovered');
  if (withCoverage && o.drift)
    throw new Error('--coverage and --fail-on uncovered are not part of the drift report (--drift)');
  const destinations = new Map<string, string>();
  let resolved = false;
  if (client) {
    try {
      for (const d of (await client.listAlertDestinations()).data)
        destinations.set(d.id, `${d.label ?? d.channel} (${code(d.maskedValue.replace(/\*+/g, '••'))})`);
      resolved = true;
    } catch (err) {
      warn(`plan-report: alert destinations could not be read (${(err as Error).message}); showing ids`);
    }
  }

  const stacks: StackReport[] = plans.map((p) => analyse(p.name, p.plan, destinations));
  const extra: string[] = [];
  let preflightFailed = false;
  let preflightReport: { ok: boolean; markdown: string } | null = null;
  if (o.check && client) {
    const before = requests;
    const duplicates = await checkDuplicates(client, plans, o.maxListRequests);
    flagDuplicates(stacks, duplicates);
    const pf = await preflight(client, plans, duplicates, () => requests - before);
    preflightFailed = !pf.ok;
    preflightReport = pf;
    extra.push(pf.markdown);
  }

  let coverage: CoverageReview | null = null;
  const coverageAt = extra.length;
  if (withCoverage) {
    coverage = await coverageOf(plans, {
      ignore: o.coverageIgnore ?? [],
      client,
      maxRequests: o.maxListRequests ?? DUPLICATE_LIST_MAX_REQUESTS,
      warn,
    });
    extra.push(coverageMarkdown(coverage, plans.length > 1));
  }

  const secrets = new Set<string>();
  for (const p of plans) for (const s of sensitiveValues(p.plan)) secrets.add(s);
  let probes: ProbeResult[] = [];
  let backtests: Backtest[] = [];
  const allow = [...(o.probeAllow ?? [])];
  if (o.probe) {
    const probeOptions = { allow, ca: o.probeCa ?? [], env: o.env ?? process.env };
    [probes, backtests] = await Promise.all([
      probe(stacks, { ...probeOptions, ...(o.probeTotalMs ? { totalMs: o.probeTotalMs } : {}) }, secrets),
      backtest(stacks, client),
    ]);
  }

  const risks = new Set<Risk>(stacks.flatMap((s) => s.monitors.flatMap((m) => m.risks.map((r) => r.kind))));
  const matched = gates.filter((g) =>
    g === 'drift'
      ? stacks.some((s) => s.drift.length)
      : g === 'preflight'
        ? preflightFailed
        : g === 'probe-down'
          ? probes.some((p) => p.verdict === 'down')
          : g === 'uncovered'
            ? !!coverage && hasUncovered(coverage)
            : risks.has(g as Risk),
  );
  const contains = `this plan contains ${matched.map((g) => `\`${g}\``).join(', ')} (\`--fail-on ${gates.join(',')}\`)`;
  if (gates.length)
    extra.push(
      !matched.length
        ? `Gates passed: none of ${gates.map((g) => `\`${g}\``).join(', ')}.`
        : approval
          ? `**Approved** (${code(approval)}): ${contains}.`
          : `**Approval required**: ${contains}.`,
    );

  const gateState = {
    requested: gates,
    matched,
    approved: matched.length > 0 ? (approval ?? null) : null,
    failed: matched.length > 0 && !approval,
  };
  const rendered = (budget: number | undefined, fullReportPath: string | undefined) => {
    const cut = { budget, fullReportPath };
    if (format === 'json')
      return `${JSON.stringify({ ...jsonReport(stacks, gateState, preflightReport, o.probe ? { probes, backtests, allow } : null), ...(coverage ? { coverage: coverageJson(coverage) } : {}) }, null, 2)}\n`;
    const multi = plans.length > 1;
    if (format === 'text')
      return o.drift
        ? renderDriftText(stacks, cut)
        : renderText(stacks, {
            ...cut,
            extra: coverage ? extra.filter((_, i) => i !== coverageAt) : extra,
            destinationsResolved: resolved,
            headLines: [
              ...(o.probe ? probeText(probes, allow) : []),
              ...(coverage ? [...(o.probe ? ['#'] : []), ...coverageTextLines(coverage, multi)] : []),
            ],
            leadSections: [
              ...(o.probe ? backtests.map(backtestText) : []),
              ...(coverage ? suggestionTextSections(coverage, multi) : []),
            ],
          });
    return o.drift
      ? renderDrift(stacks, cut)
      : render(stacks, {
          ...cut,
          extra: o.probe ? [...extra, probeMarkdown(probes, allow)] : extra,
          destinationsResolved: resolved,
          leadSections: [
            ...(o.probe ? backtests.map(backtestMarkdown) : []),
            ...(coverage ? suggestionSections(coverage, multi) : []),
          ],
        });
  };
  const full = scrub(rendered(Infinity, undefined), secrets);
  if (o.fullOut) writeFileSync(o.fullOut, full);
  const markdown = scrub(rendered(o.budget, o.fullOut), secrets);
  const failed = matched.length > 0 && !approval;
  return {
    markdown,
    full,
    matched,
    approved: matched.length > 0 && !!approval,
    exitCode: failed ? GATE_EXIT : 0,
    probes,
    backtests,
  };
}
