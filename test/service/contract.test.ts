// The contract for inputs an attacker or a broken client sends: idempotent replay never crosses tokens or a
// token's monitor selection, credentials never ride in monitor URLs, no body/header/path/query yields a 5xx,
// authentication comes first, and answers produced below our handlers keep the error body and X-Request-Id.
import { connect } from 'node:net';
import { UptimeClient } from '../../src/client/index.js';
import { Harness, http, newKey, testSeed } from './helpers.js';

let h: Harness;
let seeded: string;
let other: string;

beforeAll(async () => {
  h = await Harness.start(testSeed());
  const list = await h.call('GET', '/monitors');
  seeded = list.json.data.find((m: any) => m.name === 'Seeded').id;
  other = list.json.data.find((m: any) => m.name === 'Other').id;
});
afterAll(() => h.close());

/** Sends bytes as they are and returns the raw answer (for requests no HTTP client would send). */
function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; json: any }> {
  const url = new URL(h.svc.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      let json: any;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, json });
    });
    socket.write(bytes);
  });
}

function expectErrorBody(r: { headers: Record<string, string>; json: any }, code: string): void {
  expect(r.headers['x-request-id']).toMatch(/^req_/);
  expect(r.json?.error?.code).toBe(code);
  expect(r.json.error.requestId).toBe(r.headers['x-request-id']);
  expect(typeof r.json.error.message).toBe('string');
}

describe('idempotency keys are scoped to one token, and access comes before any replay', () => {
  test('a restricted token replaying another token’s key for a hidden monitor gets 404, not the record', async () => {
    const key = newKey();
    const paused = await h.call('POST', `/monitors/${other}/pause`, { headers: { 'idempotency-key': key } });
    expect(paused.status).toBe(200);
    const stolen = await h.call('POST', `/monitors/${other}/pause`, {
      as: 'restricted',
      headers: { 'idempotency-key': key },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.text).not.toContain('other.acme.test');
    expect(stolen.headers['idempotent-replayed']).toBeUndefined();
    // The owner's retry still replays.
    const again = await h.call('POST', `/monitors/${other}/pause`, { headers: { 'idempotency-key': key } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(paused.text);
    await h.call('POST', `/monitors/${other}/activate`, { ik: true });
  });

  test('PATCH: the hidden monitor’s record is not served through a replayed key, even without If-Match', async () => {
    const key = newKey();
    const got = await h.call('GET', `/monitors/${other}`);
    const patched = await h.call('PATCH', `/monitors/${other}`, {
      headers: { 'idempotency-key': key },
      ifMatch: got.headers.etag!,
      body: { name: 'Other renamed' },
    });
    expect(patched.status).toBe(200);
    for (const ifMatch of [got.headers.etag!, undefined]) {
      const stolen = await h.call('PATCH', `/monitors/${other}`, {
        as: 'restricted',
        headers: { 'idempotency-key': key },
        ...(ifMatch ? { ifMatch } : {}),
        body: { name: 'Other renamed' },
      });
      expect(stolen.status).toBe(404);
      expect(stolen.text).not.toContain('Other renamed');
    }
  });

  test('another unrestricted token of the same tenant never gets a stored answer: its request runs itself', async () => {
    const key = newKey();
    const first = await h.call('POST', `/monitors/${seeded}/pause`, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    const second = await h.call('POST', `/monitors/${seeded}/pause`, {
      as: 'legacy',
      headers: { 'idempotency-key': key },
    });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    await h.call('POST', `/monitors/${seeded}/activate`, { ik: true });
  });
});

describe('monitor URLs never carry credentials', () => {
  test.each([
    ['POST', 'create'],
    ['PATCH', 'update'],
  ])(
    '%s with user:password@ in url → 400 naming url and the rule; the password is not echoed',
    async (method) => {
      const url = 'http://alice:s3cr3t-SENTINEL@creds.acme.test/';
      const r =
        method === 'POST'
          ? await h.call('POST', '/monitors', { ik: true, body: { url } })
          : await h.call('PATCH', `/monitors/${seeded}`, {
              ik: true,
              ifMatch: (await h.call('GET', `/monitors/${seeded}`)).headers.etag!,
              body: { url },
            });
      expect(r.status).toBe(400);
      expect(r.json.error.details).toEqual([
        expect.objectContaining({ field: 'url', rule: 'no_credentials' }),
      ]);
      expect(r.text).not.toContain('s3cr3t-SENTINEL');
      const list = await h.call('GET', '/monitors?limit=100');
      expect(list.text).not.toContain('s3cr3t-SENTINEL');
    },
  );

  test('a user name alone is refused too', async () => {
    const r = await h.call('POST', '/monitors', { ik: true, body: { url: 'https://bob@creds.acme.test/' } });
    expect(r.status).toBe(400);
    expect(r.json.error.details[0]).toMatchObject({ field: 'url', rule: 'no_credentials' });
  });
});

describe('no body yields a 5xx', () => {
  const deep = (n: number) => `{"name":${'['.repeat(n)}${']'.repeat(n)}}`;

  test('10 KB of nested JSON with an Idempotency-Key → 400 max_depth, and the service still answers', async () => {
    const r = await h.call('POST', '/monitors', { ik: true, raw: deep(5000) });
    expect(r.status).toBe(400);
    expectErrorBody(r, 'validation_failed');
    expect(r.json.error.details[0]).toMatchObject({ field: 'body', rule: 'max_depth' });
    expect((await http('GET', `${h.svc.baseUrl}/health`)).status).toBe(200);
  });

  test('200 000 levels, on a PATCH and on a pause → 400, never 500', async () => {
    const etag = (await h.call('GET', `/monitors/${seeded}`)).headers.etag!;
    const patch = await h.call('PATCH', `/monitors/${seeded}`, {
      ik: true,
      ifMatch: etag,
      raw: deep(200_000),
    });
    expect(patch.status).toBe(400);
    const pause = await h.call('POST', `/monitors/${seeded}/pause`, { ik: true, raw: deep(200_000) });
    expect(pause.status).toBe(400);
  });

  test('brackets inside strings are not nesting: a name of 100 brackets is a valid monitor', async () => {
    const r = await h.call('POST', '/monitors', {
      ik: true,
      body: { name: `[{"${'['.repeat(100)}\\"`, url: 'https://brackets.acme.test/' },
    });
    expect(r.status).toBe(201);
  });
});

describe('authentication comes first', () => {
  test('no token + application/xml → 401 (not 400); with a token → 400 content_type with rate-limit headers', async () => {
    const anon = await http('POST', `${h.svc.baseUrl}/monitors`, {
      raw: '<monitor/>',
      headers: { 'content-type': 'application/xml', 'idempotency-key': newKey() },
    });
    expect(anon.status).toBe(401);
    expectErrorBody(anon, 'unauthorized');
    const authed = await h.call('POST', '/monitors', {
      ik: true,
      raw: '<monitor/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(authed.status).toBe(400);
    expectErrorBody(authed, 'validation_failed');
    expect(authed.json.error.details[0].rule).toBe('content_type');
    expect(authed.headers['x-ratelimit-limit']).toBeDefined();
  });

  test('no token + a 2 MB body → 401; with a token → 413 with rate-limit headers', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), url: 'https://big.acme.test/' });
    const anon = await http('POST', `${h.svc.baseUrl}/monitors`, {
      raw: big,
      headers: { 'idempotency-key': newKey() },
    });
    expect(anon.status).toBe(401);
    const authed = await h.call('POST', '/monitors', { ik: true, raw: big });
    expect(authed.status).toBe(413);
    expectErrorBody(authed, 'validation_failed');
    expect(authed.headers['x-ratelimit-remaining']).toBeDefined();
  });

  test('rejections after authentication count against the allowance', async () => {
    const before = Number((await h.call('GET', '/usage')).headers['x-ratelimit-remaining']);
    await h.call('POST', '/monitors', {
      ik: true,
      raw: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    const after = Number((await h.call('GET', '/usage')).headers['x-ratelimit-remaining']);
    expect(before - after).toBe(2);
  });
});

describe('answers produced below the handlers keep the contract', () => {
  test('a malformed request line → 400 with X-Request-Id and the error body', async () => {
    const r = await raw('GARBAGE\r\n\r\n');
    expect(r.status).toBe(400);
    expectErrorBody(r, 'validation_failed');
  });

  test('headers over 16 KB → 431 with X-Request-Id and the error body', async () => {
    const r = await raw(
      `GET /v1/monitors HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(r.status).toBe(431);
    expectErrorBody(r, 'validation_failed');
    expect(r.json.error.details[0]).toMatchObject({ field: 'headers', rule: 'max_size' });
  });

  test('bad percent-encoding in the path → 400 with the error body; 401 first without a token', async () => {
    const anon = await raw(`GET /v1/monitors/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(anon.status).toBe(401);
    expectErrorBody(anon, 'unauthorized');
    const r = await raw(
      `GET /v1/monitors/%zz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${h.token('full')}\r\nConnection: close\r\n\r\n`,
    );
    expect(r.status).toBe(400);
    expectErrorBody(r, 'validation_failed');
    expect(r.json.error.details[0]).toMatchObject({ field: 'path', rule: 'format' });
    expect(r.headers['x-ratelimit-limit']).toBeDefined();
  });
});

describe('integer query parameters are decimal integers in range', () => {
  const lists = ['/monitors', '/incidents', '/status-pages', '/alerts', '/monitors/SEEDED/checks'];
  test.each(['0x10', '+5', '05', '1e2', '5.0', ' 5', '-1', '0', '101', '', '99999999999999999999'])(
    'limit=%j → 400 naming limit on every list endpoint',
    async (value) => {
      for (const path of lists) {
        const r = await h.call('GET', `${path.replace('SEEDED', seeded)}?limit=${encodeURIComponent(value)}`);
        expect([path, r.status]).toEqual([path, 400]);
        expect(r.json.error.details[0].field).toBe('limit');
      }
    },
  );

  test('limit=5 and limit=100 are accepted', async () => {
    for (const v of ['5', '100']) expect((await h.call('GET', `/monitors?limit=${v}`)).status).toBe(200);
  });
});

describe('the client reports the service’s 413 and 431 answers plainly', () => {
  test('413: a clear error naming the status and the service’s message, no retry', async () => {
    const client = new UptimeClient({ baseUrl: h.svc.baseUrl, token: h.token('full') });
    const err = await client
      .createMonitor({ name: 'x'.repeat(2 * 1024 * 1024), url: 'https://big-client.acme.test/' })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { status?: number }).status).toBe(413);
    expect((err as Error).message).toMatch(/413 request body too large — request body is too large/);
    expect((err as Error).message).not.toContain('xxxxxxxx');
  });
});
