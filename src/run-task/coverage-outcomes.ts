// The run task's coverage outcomes (`run-task serve --coverage`): one outcome per endpoint of the report's `coverage`
// object, tagged with its status (an uncovered one `error` when `--fail-on uncovered` matched, else `warning`;
// unknown `info`), its body the finding in Markdown with the suggested monitor's HCL in a code block; and the
// message's part about coverage. Names through plan-report's `text`/`code`; outcomes.ts scrubs and caps them.
import type { CoverageJson } from '../plan-report/render-coverage-json.js';
import { fenced } from '../plan-report/render-coverage.js';
import { code, text } from '../plan-report/format.js';
import { quotedText } from '../protocol/template.js';

type Level = 'none' | 'info' | 'warning' | 'error';
/** An outcome as outcomes.ts builds them (its `Outcome`, which takes these as they are). */
interface CoverageOutcome {
  type: 'task-result-outcomes';
  attributes: {
    'outcome-id': string;
    description: string;
    body: string;
    tags: Record<string, { label: string; level: Level }[]>;
  };
}

/** The part of the result message about coverage, or null without `--coverage`. */
export function coverageMessage(coverage: CoverageJson | undefined): string | null {
  if (!coverage) return null;
  const parts = (['uncovered', 'unknown', 'covered', 'not-public'] as const)
    .filter((s) => coverage.counts[s])
    .map((s) => `${coverage.counts[s]} ${s}`);
  return `coverage: ${parts.length ? parts.join(', ') : 'no public endpoint changed'}`;
}

export function coverageOutcomes(
  coverage: CoverageJson | undefined,
  id: (c: { stack: string; address: string }) => string,
  gateMatched: boolean,
): CoverageOutcome[] {
  if (!coverage) return [];
  return coverage.endpoints.map((e) => {
    const severity: { label: string; level: Level }[] =
      e.status === 'uncovered'
        ? [{ label: 'uncovered', level: gateMatched ? 'error' : 'warning' }]
        : e.status === 'unknown'
          ? [{ label: 'not decided', level: 'info' }]
          : [];
    const lines = [
      `**${text(e.status)}** ${code(e.address)} (${text(e.type)})`,
      ...(e.hostnames.length ? [`Hostnames: ${e.hostnames.map(code).join(', ')}`] : []),
      ...(e.chain.length > 1 ? [`Points at: ${e.chain.slice(1).map(code).join(', ')}`] : []),
      '',
      text(e.because),
    ];
    if (e.monitors.length) lines.push('', `Monitors: ${e.monitors.map(code).join(', ')}`);
    if (e.live.length)
      lines.push('', `Live monitors: ${e.live.map((l) => `${text(l.name)} ${code(l.id)}`).join(', ')}`);
    if (e.suggestion)
      lines.push(
        '',
        e.suggestion.module
          ? `Suggested monitor, in the module ${code(e.suggestion.module)}:`
          : 'Suggested monitor:',
        '',
        fenced('hcl', e.suggestion.hcl),
      );
    return {
      type: 'task-result-outcomes',
      attributes: {
        'outcome-id': id({ stack: e.stack, address: `coverage:${e.address}` }),
        description: `coverage ${e.status}: ${quotedText(e.address)}`,
        body: lines.join('\n'),
        tags: { ...(severity.length ? { severity } : {}), coverage: [{ label: e.status, level: 'none' }] },
      },
    };
  });
}
