// Secrets that are too short are refused with an error naming the field, the rule and the allowed value, wherever
// the project accepts one (the admin key from options, seed or command line; webhook secrets: test/client/webhooks.test.ts);
// every secret is compared by the one constant-time helper.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sameSecret } from '../../src/api/index.js';
import { serviceCommand } from '../../src/cli/commands/service.js';
import { createService } from '../../src/service/index.js';
import { http } from '../service/helpers.js';

const root = resolve(__dirname, '../..');
describe('the admin key', () => {
  test('createService refuses a short adminKey, naming the option, never echoing it', async () => {
    const err = await createService({ port: 0, engine: false, adminKey: 'hunter2' }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(RangeError);
    expect((err as Error).message).toBe(
      'adminKey must be at least 16 characters long (rule: min_length, allowed: 16 or more characters); it has 7',
    );
    const empty = await createService({ port: 0, engine: false, adminKey: '' }).catch((e: Error) => e);
    expect((empty as Error).message).toContain('adminKey must be at least 16 characters long');
  });

  test("a seed's adminKey below the minimum is refused", async () => {
    const err = await createService({
      port: 0,
      engine: false,
      seed: { adminKey: 'admin-12', tenants: [] },
    }).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      'invalid seed: adminKey: must be at least 16 characters long (rule: min_length, allowed: 16 or more characters); it has 8',
    );
  });

  test('uptimectl service --admin-key refuses a short key before starting', async () => {
    let stderr = '';
    const cmd = serviceCommand()
      .exitOverride()
      .configureOutput({ writeErr: (s) => (stderr += s), writeOut: () => {} });
    await expect(cmd.parseAsync(['--admin-key', 'short'], { from: 'user' })).rejects.toThrow();
    expect(stderr).not.toContain("'short'");
    expect(stderr).toBe(
      'error: --admin-key must be at least 16 characters long (rule: min_length, allowed: 16 or more characters); it has 5\n',
    );
  });

  test('a key of any length other than the admin key is refused; the right one is accepted either way', async () => {
    const key = 'k'.repeat(32);
    const svc = await createService({ port: 0, engine: false, adminKey: key });
    try {
      const get = (headers: Record<string, string>) =>
        http('GET', `${svc.adminUrl}/tenants`, { headers }).then((r) => r.status);
      expect(await get({ authorization: `Bearer ${key}` })).toBe(200);
      expect(await get({ 'x-admin-key': key })).toBe(200);
      for (const wrong of ['', 'k', 'k'.repeat(31), 'k'.repeat(33), `${'k'.repeat(31)}j`, 'x'.repeat(5000)])
        expect(await get({ authorization: `Bearer ${wrong}`, 'x-admin-key': wrong })).toBe(401);
      expect(await get({})).toBe(401);
    } finally {
      await svc.close();
    }
  });
});

test('sameSecret: equal only for equal secrets, whatever the lengths', () => {
  expect(sameSecret('a'.repeat(20), 'a'.repeat(20))).toBe(true);
  expect(sameSecret(Buffer.from('abc'), 'abc')).toBe(true);
  expect(sameSecret('a'.repeat(20), 'a'.repeat(21))).toBe(false);
  expect(sameSecret('', 'a')).toBe(false);
  expect(sameSecret(undefined, 'a')).toBe(false);
});

test('every secret comparison goes through sameSecret (no timingSafeEqual or === on a secret elsewhere)', () => {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(join(root, 'src'));
  const offenders: string[] = [];
  for (const f of files) {
    const rel = relative(root, f);
    const text = readFileSync(f, 'utf8');
    if (rel !== join('src', 'api', 'secret-checks.ts') && /timingSafeEqual/.test(text))
      offenders.push(`${rel}: timingSafeEqual`);
    // A secret compared with === / !== (admin key, link secret, signatures, webhook secrets).
    for (const m of text.matchAll(
      /[!=]==\s*[\w.]*(adminKey|linkSecret|secret|signature)\b|\b[\w.]*(adminKey|linkSecret|signature)\s*[!=]==(?!\s*(undefined|null)\b)/gi,
    ))
      offenders.push(`${rel}: ${m[0]}`);
  }
  expect(offenders).toEqual([]);
});
