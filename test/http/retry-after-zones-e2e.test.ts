// Independent check: an HTTP-date is UTC in all three of its formats (RFC 9110 §5.6.7), so what a Retry-After
// announces cannot depend on the time zone of the machine that reads it. Node takes its zone from TZ at start, so
// each zone is a process of its own that reads the cases of retry-after-cases.ts with src/http/policy.ts.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';
import { NOW, RETRY_AFTER_CASES } from './retry-after-cases.js';

const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SCRIPT = `
import { retryAfterMs } from ${JSON.stringify(join(REPO_ROOT, 'src', 'http', 'policy.ts'))};
const values = JSON.parse(process.argv[1]);
process.stdout.write(JSON.stringify({
  offset: new Date(1994, 10, 6).getTimezoneOffset(),
  read: values.map((v) => retryAfterMs(v, ${NOW})),
}));
`;

test.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Europe/Berlin'])(
  'in TZ=%s every value announces what it announces in UTC',
  (zone) => {
    const out = execFileSync(
      process.execPath,
      [TSX, '--eval', SCRIPT, JSON.stringify(RETRY_AFTER_CASES.map(([v]) => v))],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, TZ: zone }, encoding: 'utf8' },
    );
    const { offset, read } = JSON.parse(out) as { offset: number; read: (number | null)[] };
    expect(offset).not.toBe(0); // the zone is in effect
    expect(read).toEqual(RETRY_AFTER_CASES.map(([, ms]) => ms));
  },
  60_000,
);
