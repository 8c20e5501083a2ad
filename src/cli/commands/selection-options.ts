// Which monitors a command works on: `--id`, `--name` and `--status` (the data sources' filter,
// src/provider/monitor-filter.ts), shared by `uptimectl import` (a filter: without one, every monitor) and
// `uptimectl monitors pause|activate` (a selection: it must name monitors). The statuses come from src/api.
import { Option } from 'commander';
import { collectChoices, collectList } from './repeatable-option.js';

export interface SelectionOptions {
  id: string[];
  name?: string;
  status: string[];
}

/** How the options read in help: `filter` narrows an "all"; `select` names the monitors to act on. */
export type SelectionUse = 'filter' | 'select';

/** `--id <id>` (repeatable, or comma-separated). */
export const idOption = (use: SelectionUse): Option =>
  new Option(
    '--id <id>',
    `${use === 'filter' ? 'only these monitor ids' : 'monitor ids'} (repeatable, or comma-separated)`,
  )
    .argParser(collectList)
    .default([]);

/** `--name <glob>`: `*` and `?`, case-insensitive. */
export const nameOption = (use: SelectionUse): Option =>
  new Option(
    '--name <glob>',
    use === 'filter'
      ? 'only monitors whose name matches (* and ?, case-insensitive)'
      : 'monitors whose name matches (* and ?, case-insensitive; "*" for all)',
  );

/** `--status <status>` (repeatable, or comma-separated), one of `statuses` each. */
export const statusOption = (statuses: readonly string[]): Option =>
  new Option('--status <status>', 'only monitors with this status (repeatable, or comma-separated)')
    .choices(statuses)
    .argParser(collectChoices(statuses))
    .default([]);
