// The work of `uptimectl monitors pause|activate`: the selection and the writes of src/provider/monitor-control.ts
// (the Terraform actions' core), one line per monitor on stdout, problems and the summary's verdict on stderr.
// Ctrl-C stops before the next monitor (the one in hand is finished) and says which were done and which not.
import { UptimeClient } from '../client/index.js';
import { requireConnection, type ConnectionOptions } from './commands/connection-options.js';
import type { SelectionOptions } from './commands/selection-options.js';
import {
  controlMonitors,
  describeSelection,
  selectMonitors,
  summarize,
  type ControlOp,
  type Outcome,
} from '../provider/monitor-control.js';

/** The options of `uptimectl monitors pause|activate` (commands/monitors.ts). */
export interface MonitorControlOptions extends SelectionOptions, ConnectionOptions {
  allowNone?: boolean;
}

export interface RunIo {
  out: (line: string) => void;
  err: (line: string) => void;
  signal?: AbortSignal;
}

const defaultIo = (): RunIo => ({
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
});

/** Runs the command; resolves with the exit code. */
export async function runMonitorControl(
  op: ControlOp,
  opts: MonitorControlOptions,
  io: RunIo = defaultIo(),
): Promise<number> {
  const { baseUrl, token } = requireConnection(opts);
  if (!opts.id.length && opts.name === undefined)
    throw new Error('select monitors with --id, --name, or both (--name "*" selects every monitor)');
  const selection = { ids: opts.id, name: opts.name ?? null, status: opts.status };
  const client = new UptimeClient({ baseUrl, token, userAgent: 'uptimectl' });

  let signal = io.signal;
  let onInt: (() => void) | undefined;
  if (!signal) {
    const ac = new AbortController();
    signal = ac.signal;
    onInt = () => {
      io.err(`uptimectl: stopping after the monitor in hand (Ctrl-C again to quit at once)`);
      ac.abort();
    };
    process.once('SIGINT', onInt);
  }
  try {
    let selected;
    try {
      selected = await selectMonitors(client, selection, signal);
    } catch (e) {
      if (!signal.aborted) throw e;
      io.err(`uptimectl: stopped while reading the monitors; nothing was changed.`);
      return 1;
    }
    if (selected.problems.length) {
      for (const p of selected.problems) io.err(`uptimectl: ${p.reason}`);
      io.err(`uptimectl: nothing was changed.`);
      return 1;
    }
    const ms = selected.monitors;
    if (!ms.length) {
      io.err(`uptimectl: no monitor matches ${describeSelection(selection)}; nothing to ${op}.`);
      return opts.allowNone ? 0 : 1;
    }
    io.out(`${ms.length} monitor${ms.length === 1 ? '' : 's'} selected (${describeSelection(selection)}).`);
    const outcomes: Outcome[] = [];
    for await (const o of controlMonitors(client, op, ms, signal)) {
      outcomes.push(o);
      (o.kind === 'failed' ? io.err : io.out)(o.message);
    }
    const s = summarize(op, ms, outcomes);
    io.out(s.text);
    if (s.incomplete) {
      io.err(`uptimectl: ${s.incomplete}`);
      return 1;
    }
    return 0;
  } finally {
    if (onInt) process.removeListener('SIGINT', onInt);
  }
}
