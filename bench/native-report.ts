// Reads the output of the go-anchor bench (../shared/bench/go-anchor/bench.sh) and states each speed target as a
// ratio to the Go floor (goanchor_big: a do-nothing Go provider with exactly uptime_monitor's schema). The targets:
// no-op plan 1.5× (1.3× at 1,000 monitors, with and without -refresh=false), apply 1.5× (1.2× at 1,000), exec →
// first answer 2×, one round trip 1.5× at 1 and at 10 in flight. How to read them: bench/README.md.

export interface TableRow {
  apply: number;
  plan: number;
  planNoRefresh: number;
}
export interface StartupRow {
  line: number;
  schema: number;
}
export interface RpcRow {
  one: number;
  ten: number;
}
export interface AnchorRun {
  n: number | null;
  loads: string[];
  table: Map<string, TableRow>;
  startup: Map<string, StartupRow>;
  rpc: Map<string, RpcRow>;
}

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;

/** Parses bench.sh's printed tables (the parts this report needs; anything else is ignored). */
export function parseAnchorOutput(text: string): AnchorRun {
  const run: AnchorRun = { n: null, loads: [], table: new Map(), startup: new Map(), rpc: new Map() };
  const table = new RegExp(
    String.raw`^(\S+)\s+${NUM}\s+\S+\s+${NUM}\s+\S+\s+\S+\s+${NUM}\s+\S+\s+\S+\s+\S+$`,
  );
  const startup = new RegExp(String.raw`^(.+?)\s+${NUM}\s+${NUM}\s+${NUM}\s+${NUM}\s+${NUM}\s+\d+$`);
  const rpc = new RegExp(String.raw`^(.+?)\s+${NUM} µs\s+${NUM} µs\s+\d+$`);
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const n = /^N=(\d+) RUNS=/.exec(line);
    if (n) run.n = Number(n[1]);
    const load = /load average: ([\d.]+, [\d.]+, [\d.]+)/.exec(line);
    if (load && !run.loads.includes(load[1]!)) run.loads.push(load[1]!);
    let m = table.exec(line);
    if (m) {
      run.table.set(m[1]!, { apply: Number(m[2]), plan: Number(m[3]), planNoRefresh: Number(m[4]) });
      continue;
    }
    m = rpc.exec(line);
    if (m) {
      run.rpc.set(m[1]!.trim(), { one: Number(m[2]), ten: Number(m[3]) });
      continue;
    }
    m = startup.exec(line);
    if (m) run.startup.set(m[1]!.trim(), { line: Number(m[2]), schema: Number(m[5]) });
  }
  return run;
}

export interface TargetLine {
  what: string;
  ratio: number | null;
  target: number;
}

const GO_TABLE = 'goanchor_big';
const GO_EXE = 'goanchor (Go)';
const SEA = 'uptime, build:release SEA';
const NPM = 'uptime, npm launcher (sh+node)';

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b <= 0 ? null : a / b;

/** Each speed target as uptime / Go floor (null where the run did not measure it). */
export function targets(run: AnchorRun): TargetLine[] {
  const big = run.n !== null && run.n >= 1000;
  const up = run.table.get('uptime_monitor');
  const go = run.table.get(GO_TABLE);
  const goStart = run.startup.get(GO_EXE);
  const goRpc = run.rpc.get(GO_EXE);
  const lines: TargetLine[] = [
    {
      what: `no-op plan, ${run.n ?? '?'} monitors`,
      ratio: ratio(up?.plan, go?.plan),
      target: big ? 1.3 : 1.5,
    },
    {
      what: `no-op plan -refresh=false, ${run.n ?? '?'} monitors`,
      ratio: ratio(up?.planNoRefresh, go?.planNoRefresh),
      target: big ? 1.3 : 1.5,
    },
    { what: `apply, ${run.n ?? '?'} monitors`, ratio: ratio(up?.apply, go?.apply), target: big ? 1.2 : 1.5 },
  ];
  for (const [label, key] of [
    ['release executable', SEA],
    ['npm launcher', NPM],
  ] as const) {
    const s = run.startup.get(key);
    lines.push({
      what: `start, ${label}: exec -> first RPC answered`,
      ratio: ratio(s?.schema, goStart?.schema),
      target: 2,
    });
  }
  for (const [label, key] of [
    ['release executable', SEA],
    ['npm launcher', NPM],
  ] as const) {
    const r = run.rpc.get(key);
    lines.push({
      what: `RPC round trip, ${label}, 1 in flight`,
      ratio: ratio(r?.one, goRpc?.one),
      target: 1.5,
    });
    lines.push({
      what: `RPC round trip, ${label}, 10 in flight`,
      ratio: ratio(r?.ten, goRpc?.ten),
      target: 1.5,
    });
  }
  return lines;
}

export function formatTargets(run: AnchorRun): string {
  const rows = targets(run).map((t) => {
    const r = t.ratio === null ? '   -  ' : `${t.ratio.toFixed(2).padStart(5)}x`;
    const verdict = t.ratio === null ? 'not measured' : t.ratio <= t.target ? 'meets target' : 'above target';
    return `  ${t.what.padEnd(56)} ${r}   target <= ${t.target}x   ${verdict}`;
  });
  return [
    `uptime_monitor / Go floor (goanchor_big, same schema, same run; load: ${run.loads.join(' | ') || '?'}):`,
    ...rows,
  ].join('\n');
}
