// The coverage review's options, shared by `uptimectl plan-report` and `uptimectl run-task serve` (the same review):
// declared once, and read once into what planReport takes (UPTIME_COVERAGE_IGNORE added).
import type { Command } from 'commander';
import { collect } from './repeatable-option.js';

export interface CoverageOptions {
  coverage?: boolean;
  coverageIgnore: string[];
}

/** Adds --coverage and --coverage-ignore. */
export function addCoverageOptions(cmd: Command, coverageDescription: string): Command {
  return cmd
    .option('--coverage', coverageDescription)
    .option(
      '--coverage-ignore <glob>',
      'leave out the endpoints whose address matches (the whole address, module path included: * any run of characters, ? one; repeatable; also UPTIME_COVERAGE_IGNORE, globs separated by commas or new lines)',
      collect,
      [] as string[],
    );
}

/** UPTIME_COVERAGE_IGNORE's globs: separated by commas or line breaks (a literal comma in an address: `?`). */
export function coverageIgnoreFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\r\n]+/)
    .map((g) => g.trim())
    .filter(Boolean);
}

export function coverageSettings(
  opts: CoverageOptions,
  env: NodeJS.ProcessEnv = process.env,
): { coverage: boolean; coverageIgnore: string[] } {
  return {
    coverage: !!opts.coverage,
    coverageIgnore: [...opts.coverageIgnore, ...coverageIgnoreFromEnv(env.UPTIME_COVERAGE_IGNORE)],
  };
}
