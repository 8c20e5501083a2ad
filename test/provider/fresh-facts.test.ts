// wait_for_check: fresh means "last check strictly newer than the last change"; the wait is bounded (time from an
// injected clock, no real sleeping), polls with growing pauses, fails at once for a monitor that is not checked, and
// its timeout message names the monitor, the wait, the time waited and what to do.
import { MESSAGE_DURATION_PATTERN, readMessageDuration } from '../../src/client/duration.js';
import { NotFoundError } from '../../src/client/errors.js';
import type { Monitor } from '../../src/api/index.js';
import { Diagnostics } from '../../src/protocol/diagnostics.js';
import { checkedSinceChange, readFreshMonitor, validateWait } from '../../src/provider/fresh-facts.js';

const ID = '3f2b8c1e-0000-4000-8000-000000000000';
const CHANGED = '2030-03-01T00:00:00.000Z';
const T = (s: number) => new Date(Date.parse(CHANGED) + s * 1000).toISOString();

const base = {
  id: ID,
  name: 'Home page',
  enabled: true,
  archived: false,
  intervalSeconds: 60,
  createdAt: '2030-02-01T00:00:00.000Z',
  updatedAt: CHANGED,
  status: 'pending' as Monitor['status'],
  lastCheckAt: null as string | null,
};

/** A fake client whose successive GETs answer these monitors (the last one repeats), on a fake clock. */
function harness(answers: Partial<typeof base>[]) {
  let clock = 0;
  const sleeps: number[] = [];
  let gets = 0;
  const client = {
    getMonitor: async () => ({ data: { ...base, ...answers[Math.min(gets++, answers.length - 1)] } }),
  };
  return {
    client: client as never,
    sleeps,
    gets: () => gets,
    elapsed: () => clock,
    o: {
      now: () => clock,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        clock += ms;
      },
    },
  };
}

test('fresh: the last check is strictly newer than updatedAt (a check at the same instant is not)', () => {
  expect(checkedSinceChange({ ...base, lastCheckAt: T(1) })).toBe(true);
  expect(checkedSinceChange({ ...base, lastCheckAt: CHANGED })).toBe(false);
  expect(checkedSinceChange({ ...base, lastCheckAt: T(-30) })).toBe(false);
  expect(checkedSinceChange({ ...base, lastCheckAt: null })).toBe(false);
  // Without updatedAt, createdAt is the last change; without either, any check counts.
  expect(checkedSinceChange({ ...base, updatedAt: undefined, lastCheckAt: '2030-02-01T00:00:01Z' })).toBe(
    true,
  );
  expect(checkedSinceChange({ lastCheckAt: T(0) })).toBe(true);
  // Whole-second times from another service compare as times, not text.
  expect(checkedSinceChange({ ...base, updatedAt: '2030-03-01T00:00:00Z', lastCheckAt: T(0.5) })).toBe(true);
});

test('without wait_for_check: one read, stale facts returned as they are', async () => {
  const h = harness([{ status: 'up', lastCheckAt: T(-300) }]);
  const m = await readFreshMonitor(h.client, ID, null, 'id', h.o);
  expect(m.status).toBe('up');
  expect(checkedSinceChange(m)).toBe(false);
  expect(h.gets()).toBe(1);
});

test('waits until a check newer than the change, polling with growing pauses', async () => {
  const h = harness([
    { status: 'up', lastCheckAt: T(-300) },
    { status: 'up', lastCheckAt: T(-300) },
    { status: 'up', lastCheckAt: T(-300) },
    { status: 'down', lastCheckAt: T(2) },
  ]);
  const m = await readFreshMonitor(h.client, ID, '2m', 'id', h.o);
  expect(m).toMatchObject({ status: 'down', lastCheckAt: T(2) });
  expect(h.gets()).toBe(4);
  expect(h.sleeps).toEqual([1000, 1500, 2250]);
});

test('the wait runs out: an error naming the monitor, the wait, the time waited and what to do; never longer', async () => {
  const h = harness([{ status: 'pending', lastCheckAt: null }]);
  const err = await readFreshMonitor(h.client, ID, '20s', 'id', h.o).then(
    () => null,
    (e: unknown) => e as { summary: string; detail: string },
  );
  expect(err?.summary).toBe('No check since the last change');
  expect(err?.detail).toContain(`monitor "Home page" (${ID})`);
  expect(err?.detail).toContain(`changed at ${CHANGED}`);
  expect(err?.detail).toContain('it has not been checked yet');
  expect(err?.detail).toContain('wait_for_check = "20s"');
  const waited = new RegExp(`waited (${MESSAGE_DURATION_PATTERN})`).exec(err!.detail)?.[1];
  expect(readMessageDuration(waited!)).toBe(20_000);
  expect(err?.detail).toMatch(/every 60 s.*Raise wait_for_check above the interval/);
  expect(h.elapsed()).toBe(20_000);
  expect(Math.max(...h.sleeps)).toBeLessThanOrEqual(5000);
});

test('a paused or archived monitor is never checked: the wait fails at once, saying why', async () => {
  for (const [state, word] of [
    [{ enabled: false, status: 'paused' }, 'paused'],
    [{ enabled: false, archived: true, status: 'archived' }, 'archived'],
  ] as const) {
    const h = harness([{ ...state, lastCheckAt: T(-300) }]);
    await expect(readFreshMonitor(h.client, ID, '5m', 'id', h.o)).rejects.toMatchObject({
      summary: 'Monitor is not checked',
      detail: expect.stringContaining(`is ${word}, so no check newer than its last change will come`),
    });
    expect(h.sleeps).toEqual([]);
  }
});

test('a monitor the token cannot see: Monitor not found, on the id attribute', async () => {
  const client = {
    getMonitor: async () => {
      throw new NotFoundError({
        method: 'GET',
        pathTemplate: '/monitors/{monitorId}',
        path: `/monitors/${ID}`,
        status: 404,
        requestId: null,
        body: null,
        retryable: false,
      });
    },
  };
  await expect(readFreshMonitor(client as never, ID, '1m', 'monitor_id')).rejects.toMatchObject({
    summary: 'Monitor not found',
  });
});

test('Terraform stopping the provider ends the wait', async () => {
  const h = harness([{ lastCheckAt: null }]);
  const stop = new AbortController();
  const p = readFreshMonitor(h.client, ID, '10m', 'id', { signal: stop.signal });
  setTimeout(() => stop.abort(), 50);
  await expect(p).rejects.toMatchObject({ summary: 'Stopped while waiting for a check' });
});

test('wait_for_check accepts durations up to 30m and names the rule otherwise', () => {
  for (const ok of ['90s', '5m', '1m30s', '30m', '0'])
    expect([ok, (validateWait(ok, new Diagnostics()), 'ok')]).toEqual([ok, 'ok']);
  for (const bad of ['soon', '31m', '1d', '-5s', '']) {
    const d = new Diagnostics();
    validateWait(bad, d);
    expect(d.items).toHaveLength(1);
    expect(d.items[0]!.detail).toMatch(/wait_for_check must be a duration .* at most "30m" \(rule: duration/);
  }
});
