// The outbound HTTP policy (src/http/policy.ts), written from RFC 9110 and the module's rules: which failures are
// worth another attempt for which methods, what a Retry-After announces, the backoff and its jitter, the longest
// wait, and reading an answer within a limit.
import {
  announcedWait,
  backoffMs,
  BodyTooLargeError,
  connectionFailure,
  isRetryStatus,
  mayHaveHappened,
  mayRepeat,
  nextWait,
  readText,
  retryAfterMs,
  worthRetrying,
  type RetryBudget,
} from '../../src/http/policy.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const coded = (code: string) => Object.assign(new Error(code), { code });

describe('which requests are sent again', () => {
  test('idempotent methods (RFC 9110) may be repeated; POST and PATCH only when the caller says so', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'get']) expect(mayRepeat(m)).toBe(true);
    for (const m of ['POST', 'PATCH']) {
      expect(mayRepeat(m)).toBe(false);
      expect(mayRepeat(m, true)).toBe(true);
    }
  });

  test('500, 502, 503 and 504 are failures for now; 501, 505 and every 4xx are the answer', () => {
    expect([500, 502, 503, 504].every(isRetryStatus)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 412, 422, 429, 501, 505, 511])
      expect(isRetryStatus(s)).toBe(false);
  });

  test('a 429 is sent again whatever the method; a retried status only when the request may be repeated', () => {
    expect(worthRetrying({ status: 429 }, false)).toBe(true);
    expect(worthRetrying({ status: 503 }, false)).toBe(false);
    expect(worthRetrying({ status: 503 }, true)).toBe(true);
    expect(worthRetrying({ status: 501 }, true)).toBe(false);
  });

  test('a request that never left is sent again whatever the method; one lost after sending only if repeatable', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) {
      const connection = connectionFailure(coded(code));
      expect({ code, sent: connection.sent }).toEqual({ code, sent: false });
      expect(worthRetrying({ connection }, false)).toBe(true);
      expect(mayHaveHappened({ connection })).toBe(false);
    }
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'EPIPE']) {
      const connection = connectionFailure(coded(code));
      expect({ code, sent: connection.sent }).toEqual({ code, sent: true });
      expect(worthRetrying({ connection }, false)).toBe(false);
      expect(worthRetrying({ connection }, true)).toBe(true);
      expect(mayHaveHappened({ connection })).toBe(true);
    }
  });

  test("fetch's wrapped errors and abort deadlines are read like undici's own", () => {
    const refused = new TypeError('fetch failed', { cause: coded('ECONNREFUSED') });
    expect(connectionFailure(refused)).toEqual({ timedOut: false, sent: false, code: 'ECONNREFUSED' });
    const deadline = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(connectionFailure(deadline)).toEqual({ timedOut: true, sent: true, code: null });
    expect(connectionFailure(coded('UND_ERR_BODY_TIMEOUT')).timedOut).toBe(true);
    expect(connectionFailure(null)).toEqual({ timedOut: false, sent: true, code: null });
  });

  test('a retried status leaves a write in doubt (a proxy may answer it after the work); other statuses do not', () => {
    expect(mayHaveHappened({ status: 502 })).toBe(true);
    expect(mayHaveHappened({ status: 501 })).toBe(false);
    expect(mayHaveHappened({ status: 409 })).toBe(false);
  });
});

describe('Retry-After', () => {
  test.each([
    ['7', 7000],
    [' 12 ', 12_000],
    ['0', 0],
    ['Sun, 01 Jun 2025 12:00:30 GMT', 30_000],
    ['Sunday, 01-Jun-25 12:01:00 GMT', 60_000],
    ['Sun Jun  1 12:00:05 2025', 5000],
    ['Sat, 31 May 2025 12:00:00 GMT', 0],
  ])('%j announces %i ms', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });

  test.each(['', '   ', '1.5', '-1', '0x10', '1e3', 'soon', '2025-06-01', 'Sun, not a date'])(
    '%j announces nothing',
    (value) => {
      expect(retryAfterMs(value, NOW)).toBeNull();
    },
  );

  test('absent, or the first of several', () => {
    expect(retryAfterMs(undefined, NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
    expect(retryAfterMs(['3', '9'], NOW)).toBe(3000);
  });
});

describe('backoff', () => {
  const base = { baseMs: 1000, maxMs: 5000 };
  test('doubles per failure up to its cap', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, { ...base, jitter: 'full' }, top))).toEqual([
      999, 1999, 3999, 4999, 4999,
    ]);
  });

  test('full jitter spreads over [0, cap); equal jitter over [cap/2, cap)', () => {
    expect(backoffMs(3, { ...base, jitter: 'full' }, () => 0)).toBe(0);
    expect(backoffMs(3, { ...base, jitter: 'full' }, () => 0.5)).toBe(2000);
    expect(backoffMs(3, { ...base, jitter: 'equal' }, () => 0)).toBe(2000);
    expect(backoffMs(3, { ...base, jitter: 'equal' }, () => 0.5)).toBe(3000);
  });

  test('many failures stay at the cap', () => {
    expect(backoffMs(2000, { ...base, jitter: 'equal' }, () => 0)).toBe(2500);
  });
});

describe('the wait before the next attempt', () => {
  const budget: RetryBudget = {
    attempts: 3,
    backoff: { baseMs: 100, maxMs: 1000, jitter: 'full' },
    maxWaitMs: 10_000,
    longerWait: 'give-up',
  };
  test('an announced wait replaces the backoff; the attempts bound the retries', () => {
    expect(nextWait(1, 7000, budget, () => 0.5)).toBe(7000);
    expect(nextWait(1, null, budget, () => 0.5)).toBe(50);
    expect(nextWait(2, null, budget, () => 0.5)).toBe(100);
    expect(nextWait(3, null, budget, () => 0.5)).toBeNull();
    expect(nextWait(3, 10, budget, () => 0.5)).toBeNull();
  });

  test('a wait announced beyond the longest: given up, or cut to the longest', () => {
    expect(nextWait(1, 60_000, budget)).toBeNull();
    expect(nextWait(1, 60_000, { ...budget, longerWait: 'cap' })).toBe(10_000);
    expect(announcedWait(10_000, budget)).toBe(10_000);
    expect(announcedWait(10_001, budget)).toBeNull();
  });
});

describe('reading an answer within a limit', () => {
  async function* chunks(...parts: string[]) {
    for (const p of parts) yield Buffer.from(p);
  }

  test('the text of every chunk, UTF-8 split across chunks and a byte-order mark included', async () => {
    const euro = Buffer.from('€');
    async function* split() {
      yield Buffer.from('\ufeff{"a":"');
      yield euro.subarray(0, 1);
      yield euro.subarray(1);
      yield Buffer.from('"}');
    }
    expect(JSON.parse(await readText(split(), 100))).toEqual({ a: '€' });
    expect(await readText(null, 10)).toBe('');
  });

  test('exactly the limit is read; one byte more is refused and nothing more is pulled', async () => {
    expect(await readText(chunks('12345', '67890'), 10)).toBe('1234567890');
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1024);
      }
    }
    const e = await readText(endless(), 4096).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BodyTooLargeError);
    expect((e as BodyTooLargeError).limit).toBe(4096);
    expect(pulled).toBe(5);
  });

  test('a web stream (what fetch answers) is cancelled at the limit', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(1000)),
      cancel: () => {
        cancelled = true;
      },
    });
    await expect(readText(stream as unknown as AsyncIterable<Uint8Array>, 2500)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    );
    expect(cancelled).toBe(true);
  });
});
