// Acknowledged writes survive SIGKILL: the service runs in its own process on a --data-dir, is killed with kill -9
// at chosen moments and restarted on the same folder (the restarts in one process: persistence.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess } from '../helpers/service-process.js';
import { http } from './helpers.js';

const ADMIN = 'persist-admin-key';

let dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'uptime-persist-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('SIGKILL', () => {
  const start = startServiceProcess;

  test('killed between storing a create and answering it: after a restart the replay returns that monitor', async () => {
    const dir = tempDir();
    const data = join(dir, 'data');
    const seedFile = join(dir, 'seed.json');
    const token = `upt_${'c'.repeat(40)}`;
    writeFileSync(
      seedFile,
      JSON.stringify({
        adminKey: ADMIN,
        tenants: [{ id: 'crash', tokens: [{ name: 'full', value: token }] }],
      }),
    );
    const first = start(data, seedFile);
    const info = await first.info;
    const exited = new Promise<number | null>((r) => first.child.once('exit', (_c, sig) => r(sig as never)));
    const f = await http('POST', `${info.adminUrl}/faults`, {
      token: ADMIN,
      body: { route: 'createMonitor', drop: 'kill', count: 1 },
    });
    expect(f.status).toBe(201);
    const key = 'crash-between-store-and-answer';
    const body = { url: 'https://crash.example.com/', name: 'Crash "test" ${x}' };
    const lost = await http('POST', `${info.baseUrl}/monitors`, {
      token,
      headers: { 'idempotency-key': key },
      body,
    }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(Error); // no answer: the process died after storing
    expect(await exited).toBe('SIGKILL');

    const second = start(data, seedFile);
    const again = await second.info;
    try {
      const replay = await http('POST', `${again.baseUrl}/monitors`, {
        token,
        headers: { 'idempotency-key': key },
        body,
      });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const list = await http('GET', `${again.baseUrl}/monitors?limit=100`, { token });
      const made = list.json.data.filter((m: { url: string }) => m.url === body.url);
      expect(made).toHaveLength(1); // stored once, not run twice
      expect(replay.json.data.id).toBe(made[0].id);
      expect(replay.json.data.name).toBe(body.name);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 60_000);

  test('every write answered 2xx before kill -9 is there after a restart', async () => {
    const dir = tempDir();
    const data = join(dir, 'data');
    const seedFile = join(dir, 'seed.json');
    writeFileSync(
      seedFile,
      JSON.stringify({
        adminKey: ADMIN,
        tenants: [
          {
            id: 'kill',
            plan: {
              preset: 'pro',
              monitorCapacity: 100_000,
              perMinuteLimit: 1_000_000_000,
              monthlyLimit: null,
            },
            tokens: [{ name: 'full', value: `upt_${'b'.repeat(40)}` }],
          },
        ],
      }),
    );
    const token = `upt_${'b'.repeat(40)}`;
    const first = start(data, seedFile);
    const info = await first.info;
    /** id → the last acknowledged version and name; the write in flight per worker when the kill came. */
    const acked = new Map<
      string,
      { version: string; name: string; key: string; body: unknown; text: string }
    >();
    const inFlight = new Map<number, { id: string; name: string } | null>();
    let killed = false;
    const exited = new Promise<void>((r) => first.child.once('exit', () => r()));
    const worker = async (w: number) => {
      const mine: string[] = [];
      for (let i = 0; !killed; i++) {
        try {
          if (i % 3 === 2 && mine.length > 0) {
            const id = mine[i % mine.length]!;
            const cur = acked.get(id)!;
            const name = `w${w}-update-${i}`;
            inFlight.set(w, { id, name });
            const r = await http('PATCH', `${info.baseUrl}/monitors/${id}`, {
              token,
              ik: true,
              ifMatch: `"${cur.version}"`,
              body: { name },
            });
            if (r.status === 200) acked.set(id, { ...cur, version: r.json.data.version, name });
            else throw new Error(`update: ${r.status} ${r.text}`);
          } else {
            const name = `w${w}-create-${i}`;
            const key = `kill-${w}-${i}`;
            const body = { url: `https://w${w}-${i}.kill.test/`, name };
            inFlight.set(w, null);
            const r = await http('POST', `${info.baseUrl}/monitors`, {
              token,
              headers: { 'idempotency-key': key },
              body,
            });
            if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
            mine.push(r.json.data.id);
            acked.set(r.json.data.id, { version: r.json.data.version, name, key, body, text: r.text });
          }
          inFlight.delete(w);
        } catch (err) {
          if (!killed) throw err;
          return; // the connection died with the process: that write was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 24 }, (_, w) => worker(w));
    // kill -9 mid-stream, once enough writes were acknowledged
    while (acked.size < 600) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all([...workers, exited]);
    expect(acked.size).toBeGreaterThanOrEqual(600);

    const second = start(data, seedFile);
    const again = await second.info;
    try {
      const list: any[] = [];
      let cursor: string | null = null;
      do {
        const r = await http(
          'GET',
          `${again.baseUrl}/monitors?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { token },
        );
        list.push(...r.json.data);
        cursor = r.json.pagination?.nextCursor ?? null;
      } while (cursor);
      const byId = new Map(list.map((m) => [m.id, m]));
      const pending = new Map([...inFlight.values()].filter((x) => x !== null).map((x) => [x!.id, x!.name]));
      const lost: string[] = [];
      for (const [id, a] of acked) {
        const m = byId.get(id);
        if (!m) {
          lost.push(`${id} missing`);
          continue;
        }
        // Exactly the acknowledged version, or the next one when the update in flight at the kill was committed.
        const ok =
          (m.version === a.version && m.name === a.name) ||
          (pending.get(id) === m.name &&
            Number(m.version.split('-')[0].slice(1)) === Number(a.version.split('-')[0].slice(1)) + 1);
        if (!ok)
          lost.push(`${id}: ${a.version} ${a.name} acknowledged, ${m.version} ${m.name} after restart`);
      }
      expect(lost).toEqual([]);
      // a retried create replays its stored answer
      const [, sample] = [...acked].find(([, a]) => a.name.includes('create'))!;
      const replay = await http('POST', `${again.baseUrl}/monitors`, {
        token,
        headers: { 'idempotency-key': sample.key },
        body: sample.body,
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(JSON.parse(replay.text).data.id).toBe(JSON.parse(sample.text).data.id);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 90_000);
});
