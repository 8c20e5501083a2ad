import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { http } from './helpers.js';

const root = resolve(__dirname, '../..');

function start(args: string[]): { child: ChildProcess; first: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/uptimectl.ts', 'service', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const first = new Promise<string>((res, rej) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', res);
    child.once('exit', (code) => rej(new Error(`exited with ${code}`)));
  });
  return { child, first };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((res) => child.once('exit', (code) => res(code)));

test('uptimectl service --json prints the connection line first; --seed; SIGTERM closes cleanly', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uptimectl-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(
    seedFile,
    JSON.stringify({
      adminKey: 'seeded-admin-key',
      tenants: [
        {
          id: 'cli',
          plan: { preset: 'free' },
          tokens: [{ name: 'ci', value: `upt_${'a'.repeat(40)}`, scopes: ['monitors:read'] }],
        },
      ],
    }),
  );
  const { child, first } = start([
    '--port',
    '0',
    '--json',
    '--seed',
    seedFile,
    '--data-dir',
    join(dir, 'data'),
  ]);
  try {
    const info = JSON.parse(await first);
    expect(info).toEqual({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
      adminUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/admin$/),
      dashboardUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/_dashboard$/),
      adminKey: 'seeded-admin-key',
      tokens: { ci: `upt_${'a'.repeat(40)}` },
    });
    const r = await http('GET', `${info.baseUrl}/monitors`, { token: info.tokens.ci });
    expect(r.status).toBe(200);
    const done = exited(child);
    child.kill('SIGTERM');
    expect(await done).toBe(0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test('without --seed: the default seed, printed for humans', async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/uptimectl.ts', 'service', '--port', '0'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let out = '';
    await new Promise<void>((res, rej) => {
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ctrl+C')) res();
      });
      child.once('exit', (code) => rej(new Error(`exited ${code}`)));
    });
    expect(out).toMatch(/base URL: +http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(out).toMatch(/full: upt_[0-9a-f]{40}/);
    expect(out).toMatch(/restricted: upt_[0-9a-f]{40}/);
    const done = exited(child);
    child.kill('SIGINT');
    expect(await done).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
}, 30_000);
