// The refresh request budget: which reads the listings answer, how many pages they cost, and when they step aside.
import { ListingCache } from '../../src/provider/resources/bulk-reader.js';

interface Rec {
  id: string;
  monitorId: string;
  enabled: boolean;
  status: string;
  version: string | null;
}

/** A fake account of `n` monitors; `paused`/`archived` pick some; counts list calls by query. `versioned` says
 *  which listed records carry a version token; `used` is the monitor count capabilities report (undefined: none).
 *  `write()` stands for the run session seeing the process send a write (test/provider/session.test.ts shows it
 *  seeing the client's). */
function account(
  n: number,
  pick: (i: number) => 'up' | 'paused' | 'archived' = () => 'up',
  versioned: (i: number) => boolean = () => true,
  used: number | undefined = n,
) {
  const all: Rec[] = Array.from({ length: n }, (_, i) => {
    const s = pick(i);
    const version = versioned(i) ? `v${i}` : null;
    return { id: `mon_${i}`, monitorId: `mon_${i}`, enabled: s === 'up', status: s, version };
  });
  const calls: string[] = [];
  const list =
    (kind: string) => async (q: { enabled?: boolean; status?: string; limit: number; cursor?: string }) => {
      calls.push(`${kind} ${q.enabled !== undefined ? `enabled=${q.enabled}` : `status=${q.status}`}`);
      const rows = all.filter((r) =>
        q.enabled !== undefined ? r.enabled === q.enabled : r.status === q.status,
      );
      const start = Number(q.cursor ?? 0);
      const items = rows.slice(start, start + q.limit);
      const next = start + q.limit < rows.length ? String(start + q.limit) : null;
      return { data: { items, nextCursor: next } };
    };
  const client = { listMonitors: list('monitors'), listStatusPages: list('pages') };
  let wrote = false;
  const ctx = new ListingCache({ client: client as never, monitorsUsed: used }, () => wrote);
  return { ctx, calls, client, write: () => (wrote = true) };
}

const monitorFromListing = (ctx: ListingCache, id: string) => ctx.monitor(id);
const statusPageFromListing = (ctx: ListingCache, id: string) => ctx.statusPage(id);

const readAll = (ctx: ListingCache, ids: string[]) =>
  Promise.all(ids.map((id) => monitorFromListing(ctx, id)));

test('a plan of 1,000 monitors: the first read is a GET, the other 999 come from 10 pages', async () => {
  const { ctx, calls } = account(1000);
  const ids = Array.from({ length: 1000 }, (_, i) => `mon_${i}`);
  const got = await readAll(ctx, ids);
  expect(got[0]).toBeUndefined(); // its caller GETs
  expect(got.slice(1).every((m, i) => m?.id === ids[i + 1])).toBe(true);
  expect(calls).toEqual(Array(10).fill('monitors enabled=true'));
});

test('paused monitors cost one more listing only when a read misses; archived ones are GETs', async () => {
  const { ctx, calls } = account(300, (i) => (i % 10 === 0 ? 'paused' : i === 7 ? 'archived' : 'up'));
  const got = await readAll(ctx, ['mon_1', 'mon_2', 'mon_3']);
  expect(got.map((m) => m?.id)).toEqual([undefined, 'mon_2', 'mon_3']);
  expect(calls).toEqual(['monitors enabled=true']);
  const ids = Array.from({ length: 296 }, (_, i) => `mon_${i + 4}`);
  const rest = await readAll(ctx, ids);
  expect(rest.filter((m) => m === undefined)).toHaveLength(1);
  expect(rest[ids.indexOf('mon_7')]).toBeUndefined();
  expect(rest[ids.indexOf('mon_20')]?.status).toBe('paused');
  expect(calls).toEqual([...Array(3).fill('monitors enabled=true'), 'monitors status=paused']);
});

test('a small state in a large account never fetches more pages than reads asked', async () => {
  const { ctx, calls } = account(5000);
  const got = await readAll(ctx, ['mon_10', 'mon_4200', 'mon_4900']);
  expect(got[0]).toBeUndefined();
  // Two reads asked the listing: at most two pages, so the reads beyond them are GETs (at most one request per read).
  expect(calls.length).toBeLessThanOrEqual(2);
  expect(got.slice(1)).toEqual([undefined, undefined]);
});

test('after a write, reads go to the service again (no stale page), for monitors and status pages', async () => {
  const { ctx, calls, write } = account(50);
  await readAll(ctx, ['mon_0', 'mon_1']);
  expect(calls).toHaveLength(1);
  write();
  expect(await monitorFromListing(ctx, 'mon_2')).toBeUndefined();
  expect(await statusPageFromListing(ctx, 'mon_2')).toBeUndefined();
  expect(await statusPageFromListing(ctx, 'mon_3')).toBeUndefined();
  expect(calls).toHaveLength(1);
});

test('status pages are keyed by monitor id and listed with enabled=true; a failed listing falls back to GETs', async () => {
  const { ctx, calls } = account(120, (i) => (i < 100 ? 'up' : 'paused'));
  const pages = await Promise.all(
    ['mon_0', 'mon_5', 'mon_99', 'mon_110'].map((id) => statusPageFromListing(ctx, id)),
  );
  expect(pages.map((p) => p?.monitorId)).toEqual([undefined, 'mon_5', 'mon_99', undefined]);
  expect(calls).toEqual(['pages enabled=true']);

  const broken = new ListingCache(
    {
      client: {
        listMonitors: async () => {
          throw new Error('503');
        },
      } as never,
      monitorsUsed: 10,
    },
    () => false,
  );
  expect(await readAll(broken, ['mon_0', 'mon_1', 'mon_2'])).toEqual([undefined, undefined, undefined]);
});

test('a read already sent while a page was on its way counts before the listing gives up on a waiting read', async () => {
  const { ctx, calls, client } = account(300);
  const list = client.listMonitors;
  let later: Promise<unknown> | undefined;
  client.listMonitors = async (q) => {
    const page = list(q);
    await new Promise((r) => setImmediate(r)); // the answer arrives as I/O...
    // ...and another ReadResource is already queued behind it (on the first listing call only).
    later ??= new Promise((r) => setImmediate(() => r(monitorFromListing(ctx, 'mon_199'))));
    return page;
  };
  expect(await monitorFromListing(ctx, 'mon_0')).toBeUndefined(); // the first read is a GET
  const second = await monitorFromListing(ctx, 'mon_150'); // on page 2: one page budget until mon_199 arrives
  expect(second?.id).toBe('mon_150');
  expect(((await later) as { id: string } | undefined)?.id).toBe('mon_199');
  expect(calls).toEqual(['monitors enabled=true', 'monitors enabled=true']);
});

test('listed records without a version token are read singly; a page with none ends the listings', async () => {
  // Every third record lacks its version: those three reads are GETs, the others come from the one page.
  const some = account(10, undefined, (i) => i % 3 !== 0);
  const got = await readAll(
    some.ctx,
    Array.from({ length: 10 }, (_, i) => `mon_${i}`),
  );
  expect(got.map((m) => m?.id ?? 'GET')).toEqual([
    'GET', // the first read of a process is always a GET
    'mon_1',
    'mon_2',
    'GET',
    'mon_4',
    'mon_5',
    'GET',
    'mon_7',
    'mon_8',
    'GET',
  ]);
  // A service whose lists never carry versions: one page, then every read is a GET, no further pages.
  const none = account(250, undefined, () => false);
  const all = await readAll(
    none.ctx,
    Array.from({ length: 250 }, (_, i) => `mon_${i}`),
  );
  expect(all.every((m) => m === undefined)).toBe(true);
  expect(none.calls).toEqual(['monitors enabled=true']);
  expect(await monitorFromListing(none.ctx, 'mon_1')).toBeUndefined();
  expect(none.calls).toHaveLength(1);
});

test('without the monitor count in capabilities, only the reads bound the pages', async () => {
  const { ctx, calls } = account(1000, undefined, undefined, undefined);
  const got = await readAll(
    ctx,
    Array.from({ length: 1000 }, (_, i) => `mon_${i}`),
  );
  expect(got.filter((m) => m !== undefined)).toHaveLength(999);
  expect(calls).toHaveLength(10);
});
