// The monitor name filter on a hostile pattern: 30 stars against 1,000 names of 120 characters, with the matcher
// (globMatch) and with the backtracking regular expression it replaced (run in a child process with a deadline,
// since it does not finish). `npx tsx bench/glob.ts [deadline seconds, default 20]`.
import { spawnSync } from 'node:child_process';
import { globMatch } from '../src/provider/monitor-filter.js';

const pattern = `${'*a'.repeat(29)}*b`;
const names = Array.from({ length: 1000 }, (_, i) =>
  i % 2 ? 'a'.repeat(120) : Array.from({ length: 120 }, (_, k) => 'ab-x'[(i * 7 + k * k) % 4]).join(''),
);

const runs: number[] = [];
for (let r = 0; r < 7; r++) {
  const t0 = process.hrtime.bigint();
  let n = 0;
  for (const name of names) if (globMatch(pattern, name)) n++;
  runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  if (n === 0) throw new Error('no match');
}
runs.sort((a, b) => a - b);
console.log(
  `globMatch: median ${runs[3]!.toFixed(2)} ms over 7 runs (min ${runs[0]!.toFixed(2)}, max ${runs[6]!.toFixed(2)})`,
);

const deadline = Number(process.argv[2] ?? 20);
const regexRun = `
  const body = ${JSON.stringify(pattern)}.replace(/[.+^\${}()|[\\]\\\\]/g, '\\\\$&').replace(/\\*/g, '.*').replace(/\\?/g, '.');
  const re = new RegExp('^' + body + '$', 'i');
  const names = ${JSON.stringify(names)};
  const t0 = Date.now();
  for (const n of names) re.test(n);
  console.log(Date.now() - t0);
`;
const t0 = Date.now();
const child = spawnSync(process.execPath, ['-e', regexRun], { timeout: deadline * 1000, encoding: 'utf8' });
console.log(
  child.status === 0
    ? `former regex: ${child.stdout.trim()} ms`
    : `former regex: not finished after ${((Date.now() - t0) / 1000).toFixed(1)} s (killed at the ${deadline} s deadline)`,
);
