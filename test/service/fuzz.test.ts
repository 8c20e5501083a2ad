// Property-based fuzzing of every v1 endpoint with raw HTTP (fast-check): random methods, paths built from the
// endpoint table with hostile parameters, query strings, headers and bodies (deep nesting, huge numbers,
// unicode, duplicate keys, wrong types). Whatever arrives: no 5xx, the documented error body and X-Request-Id on
// every answer, no secret in any answer, and the service still answers /health afterwards.
// FUZZ_RUNS raises the number of cases (default 2000, bounded to stay well under a minute in CI).
import { connect } from 'node:net';
import fc from 'fast-check';
import { ENDPOINTS } from '../../src/api/index.js';
import { Harness, testSeed } from './helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const HEADER_SECRET = 'hdr-FUZZ-SENTINEL-value';
const PASSWORD = 'pw-FUZZ-SENTINEL-password';

let h: Harness;
let full: string;
let restricted: string;
let monitorId: string;
/** Values that must never appear in an answer. */
let secrets: string[];

beforeAll(async () => {
  h = await Harness.start(testSeed());
  const token = async (body: Record<string, unknown>) =>
    (await h.admin('POST', '/tenants/acme/tokens', { perMinuteLimit: 1_000_000, ...body })).json.data.value;
  full = await token({ name: 'fuzz-full' });
  const m = await h.createMonitor({
    name: 'Fuzz secret holder',
    url: 'https://fuzz.acme.test/',
    requestHeaders: [{ name: 'X-Api-Key', value: HEADER_SECRET }],
    authConfig: { type: 'basic', username: 'fuzzer', password: PASSWORD },
  });
  monitorId = m.id;
  restricted = await token({ name: 'fuzz-restricted', monitors: [m.id] });
  secrets = [HEADER_SECRET, PASSWORD, h.svc.adminKey, h.token('beta')];
});
afterAll(() => h.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function send(bytes: Buffer): Promise<RawAnswer> {
  const url = new URL(h.svc.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const cut = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, cut).split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      let body = text.slice(cut + 4);
      if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(bytes);
  });
}

function unchunk(s: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const eol = s.indexOf('\r\n', i);
    const size = parseInt(s.slice(i, eol), 16);
    if (!size) return out;
    out += s.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
}

// --- generators -------------------------------------------------------------------------------------------

const hostileSegment = fc.oneof(
  fc.constant('00000000-0000-4000-8000-000000000000'),
  fc.constant('%zz'),
  fc.constant('%00'),
  fc.constant('..'),
  fc.constant('x'.repeat(3000)),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/[\s#?/]/g, '')),
);

const path = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...ENDPOINTS), hostileSegment, fc.boolean())
      .map(
        ([row, seg, real]) =>
          `/v1${row.path.replace(/\{(\w+)\}/g, (_m, name: string) => (real && name === 'monitorId' ? monitorId : seg))}`,
      ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => `/v1/${s.replace(/[\s#?]/g, '')}`) },
);

const queryValue = fc.oneof(
  fc.constantFrom(
    '0x10',
    '+5',
    '05',
    '1e2',
    '-1',
    '0',
    '100',
    '101',
    '5.0',
    'true',
    'false',
    'null',
    '%',
    '[]',
  ),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'limit',
          'cursor',
          'status',
          'enabled',
          'range',
          'updated_after',
          'monitor_id',
          'archived',
        ),
        fc.string({ maxLength: 12 }),
      ),
      queryValue,
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length
      ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
      : '',
  );

const headerText = fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n\0]/g, ''));
const authorization = fc.oneof(
  fc.constant<string | null>(null),
  fc.constant('FULL'),
  fc.constant('RESTRICTED'),
  fc.constant('Bearer upt_0000000000000000000000000000000000000000'),
  headerText.map((s) => `Bearer ${s}`),
  headerText,
);

const deep = fc.integer({ min: 1, max: 20_000 }).map((n) => `{"name":${'['.repeat(n)}${']'.repeat(n)}}`);
const monitorish = fc
  .record(
    {
      name: fc.anything(),
      url: fc.oneof(fc.webUrl(), fc.anything(), fc.constant('http://u:p@x.test/')),
      intervalSeconds: fc.oneof(fc.integer(), fc.double(), fc.constant('60')),
      requestHeaders: fc.anything(),
      authConfig: fc.anything(),
      alertChannels: fc.anything(),
      slowResponseAlerts: fc.anything(),
    },
    { requiredKeys: [] },
  )
  .map((o) => JSON.stringify(o));
const body = fc.oneof(
  fc.constant<string | null>(null),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  monitorish,
  deep,
  fc.constantFrom(
    '{"name":"a","name":1,"url":"https://dup.test/","url":[]}',
    '{"intervalSeconds":1e999999}',
    '{"timeoutMs":123456789012345678901234567890}',
    '{"name":"\\ud800"}',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
    '{',
    '<xml/>',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);

const contentType = fc.oneof(
  fc.constant<string | null>('application/json'),
  fc.constant<string | null>(null),
  fc.constantFrom('application/xml', 'application/json; charset=latin1', 'text/plain', 'multipart/form-data'),
  headerText,
);

const request = fc.record({
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS') },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/) },
  ),
  path,
  query,
  authorization,
  contentType,
  idempotencyKey: fc.option(fc.oneof(fc.uuid(), headerText), { nil: null }),
  ifMatch: fc.option(fc.oneof(fc.constant('*'), fc.constant('"v1-00000000"'), headerText), { nil: null }),
  extra: fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,20}$/), headerText), { maxLength: 3 }),
  body,
});

type Request = typeof request extends fc.Arbitrary<infer T> ? T : never;

function encode(r: Request): Buffer {
  const lines = [`${r.method} ${r.path}${r.query} HTTP/1.1`, 'Host: fuzz.test', 'Connection: close'];
  const auth =
    r.authorization === 'FULL'
      ? `Bearer ${full}`
      : r.authorization === 'RESTRICTED'
        ? `Bearer ${restricted}`
        : r.authorization;
  if (auth !== null) lines.push(`Authorization: ${auth}`);
  if (r.contentType !== null) lines.push(`Content-Type: ${r.contentType}`);
  if (r.idempotencyKey !== null) lines.push(`Idempotency-Key: ${r.idempotencyKey}`);
  if (r.ifMatch !== null) lines.push(`If-Match: ${r.ifMatch}`);
  for (const [k, v] of r.extra) lines.push(`${k}: ${v}`);
  const payload = r.body === null ? Buffer.alloc(0) : Buffer.from(r.body, 'utf8');
  if (r.body !== null) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

test(`${RUNS} random requests over every v1 endpoint: no 5xx, the error body and X-Request-Id, no secret`, async () => {
  let ran = 0;
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const res = await send(encode(r));
      ran++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/);
      if (res.status >= 400 && r.method !== 'HEAD') {
        const err = JSON.parse(res.body).error;
        expect(typeof err.code).toBe('string');
        expect(typeof err.message).toBe('string');
        expect(err.requestId).toBe(res.headers['x-request-id']);
      }
      for (const s of secrets) expect(res.body).not.toContain(s);
    }),
    { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  const health = await send(Buffer.from('GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
  expect(health.status).toBe(200);
  expect(ran).toBeGreaterThanOrEqual(RUNS);
  // The case count and the spread of answers, for the record (CI log).
  console.log(`fuzz: ${ran} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
}, 120_000);
