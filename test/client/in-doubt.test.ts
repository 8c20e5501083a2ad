// In-doubt writes (src/client/in-doubt.ts): a write whose answer was lost is replayed with its own Idempotency-Key,
// with backoff, until the service answers or the in-doubt deadline passes; reads and writes that certainly did not
// happen keep the ordinary retry budget. Fake transport (MockAgent) and a clock that jumps: no real waiting.
import { NetworkError, OutcomeUnknownError, ServerError } from '../../src/client/index.js';
import { MONITOR_ID, harness, monitor, reply } from './helpers.js';

const err = (code: string, message: string) => ({ error: { code, message, requestId: 'req_x' } });
const dropped = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function dropCreates(h: ReturnType<typeof harness>, n: number, error = dropped) {
  for (let i = 0; i < n; i++)
    h.pool.intercept({ path: '/v1/monitors', method: 'POST' }).replyWithError(error());
}

describe('in-doubt writes', () => {
  test('answers lost beyond the retry budget: replayed with the same key until the stored answer arrives', async () => {
    const h = harness({ random: () => 0.5 });
    for (let i = 0; i < 7; i++)
      h.pool.intercept({ path: '/v1/monitors', method: 'POST' }).replyWithError(dropped());
    reply(h, 'POST', '/monitors', 201, { data: monitor() }, { 'idempotent-replayed': 'true' });
    const r = await h.client.createMonitor(
      { url: 'https://example.com' },
      { idempotencyKey: 'key-in-doubt-1' },
    );
    expect(r.replayed).toBe(true);
    expect(r.data.id).toBe(MONITOR_ID);
    expect(h.requests[0]!.headers['idempotency-key']).toBe('key-in-doubt-1');
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(8);
    // Two ordinary retries, then five in-doubt replays that back off from 1 s, doubling (jitter in the upper half).
    const inDoubt = h.logs.filter((l) => l.event === 'retry' && /outcome unknown/.test(l.reason ?? ''));
    expect(inDoubt).toHaveLength(5);
    expect(h.sleeps.slice(2)).toEqual([750, 1500, 3000, 6000, 7500]);
  });

  test('5xx answers (a proxy in front of the service) leave a write in doubt too', async () => {
    const h = harness({ random: () => 0 });
    for (let i = 0; i < 5; i++)
      reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 503, err('unavailable', 'x'));
    reply(h, 'POST', `/monitors/${MONITOR_ID}/pause`, 200, { data: monitor({ status: 'paused' }) });
    const r = await h.client.pauseMonitor(MONITOR_ID);
    expect(r.status).toBe(200);
    expect(new Set(h.requests.map((q) => q.headers['idempotency-key'])).size).toBe(1);
    expect(h.requests).toHaveLength(6);
  });

  test('a refused connection after a lost answer keeps the write in doubt (the service restarting)', async () => {
    const h = harness({ random: () => 0 });
    dropCreates(h, 1);
    dropCreates(h, 4, refused);
    reply(h, 'POST', '/monitors', 201, { data: monitor() }, { 'idempotent-replayed': 'true' });
    const r = await h.client.createMonitor({ url: 'https://example.com' });
    expect(r.replayed).toBe(true);
    expect(new Set(h.requests.map((q) => q.headers['idempotency-key'])).size).toBe(1);
  });

  test('at the deadline: OutcomeUnknownError with no API-client advice; the replays stay within the deadline', async () => {
    const h = harness({ random: () => 0.999, retry: { inDoubtMaxWaitMs: 60_000 } });
    h.pool.intercept({ path: '/v1/monitors', method: 'POST' }).replyWithError(dropped()).persist();
    const e = (await h.client
      .createMonitor({ url: 'https://example.com' })
      .catch((x: unknown) => x)) as OutcomeUnknownError;
    expect(e).toBeInstanceOf(OutcomeUnknownError);
    expect(e.outcomeUnknown).toBe(true);
    expect(e.last).toBeInstanceOf(NetworkError);
    expect(e.name).toBe('OutcomeUnknownError');
    expect(e.message).toMatch(
      /^POST \/monitors: the service did not say whether the write happened, after \d+ more attempts over 1 min \(last: connection error \(ECONNRESET\) — the write may have happened\)$/,
    );
    expect(e.message).not.toMatch(/Idempotency-Key/i);
    const inDoubtWaits = h.sleeps.slice(2);
    expect(inDoubtWaits.reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(Math.max(...inDoubtWaits)).toBeLessThanOrEqual(10_000);
  });

  test('a write refused before it was sent is not in doubt: the ordinary budget, the ordinary error', async () => {
    const h = harness({ random: () => 0 });
    dropCreates(h, 3, refused);
    const e = await h.client.createMonitor({ url: 'https://example.com' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).outcomeUnknown).toBe(false);
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(3);
  });

  test('reads keep the ordinary budget (nothing to be in doubt about)', async () => {
    const h = harness({ random: () => 0 });
    for (let i = 0; i < 3; i++) reply(h, 'GET', `/monitors/${MONITOR_ID}`, 503, err('unavailable', 'x'));
    await expect(h.client.getMonitor(MONITOR_ID)).rejects.toBeInstanceOf(ServerError);
    expect(h.requests).toHaveLength(3);
  });

  test('a 4xx during the replays is the answer: not replayed further', async () => {
    const h = harness({ random: () => 0 });
    dropCreates(h, 4);
    reply(
      h,
      'POST',
      '/monitors',
      409,
      err('duplicate_monitor', 'a monitor with the same URL and method exists'),
    );
    const e = await h.client.createMonitor({ url: 'https://example.com' }).catch((x: unknown) => x);
    expect((e as { status: number }).status).toBe(409);
    expect(h.logs.filter((l) => l.event === 'request')).toHaveLength(5);
  });
});
