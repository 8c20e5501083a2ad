// The service's HTML pages without a browser: content negotiation of the public status page, its sections and
// escaping, the incremental day counts, the dashboard's sign-in and what its request log records.
import type { CheckResult } from '../../../src/api/index.js';
import { prefersHtml } from '../../../src/service/web/html.js';
import { PageStats } from '../../../src/service/web/page-stats.js';
import { RequestLog } from '../../../src/service/web/request-log.js';
import { Harness, http, testSeed } from '../helpers.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOSTILE =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> \u202Egnp.exe <a href="javascript:alert(1)">x</a>';

let h: Harness;
let m: any;
let pageUrl: string;

async function patchPage(body: Record<string, unknown>) {
  const cur = await h.call('GET', `/monitors/${m.id}/status-page`);
  const r = await h.call('PATCH', `/monitors/${m.id}/status-page`, {
    ik: true,
    ifMatch: cur.headers.etag,
    body,
  });
  expect(r.status).toBe(200);
  return r;
}

beforeAll(async () => {
  h = await Harness.start(testSeed());
  m = await h.createMonitor({ name: HOSTILE });
  const setup = await h.admin('POST', `/monitors/${m.id}/status-page/setup`, {
    slug: 'web-page',
    verificationStatus: 'verified',
  });
  expect(setup.status).toBe(200);
  await patchPage({ enabled: true, title: HOSTILE, description: `${'W'.repeat(120)} ${HOSTILE}` });
  pageUrl = `${h.svc.origin}/public/status-pages/web-page`;
});
afterAll(() => h.close());

describe('public status page as HTML', () => {
  test('content negotiation: API clients keep the JSON record, a browser gets HTML', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html;q=0.5']) {
      const r = await http('GET', pageUrl, accept ? { headers: { accept } } : {});
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.json.data.slug).toBe('web-page');
    }
    const html = await http('GET', pageUrl, { headers: { accept: BROWSER_ACCEPT } });
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers.vary).toBe('Accept');
    expect(html.headers['content-security-policy']).toContain("script-src 'none'");
    expect(html.text).toMatch(/^<!doctype html>/);
    expect(prefersHtml('text/html;q=0.4, application/json;q=0.9')).toBe(false);
    expect(prefersHtml('text/html;q=0.9, application/json;q=0.4')).toBe(true);
  });

  test('one section per display option that is on; noindex adds the robots meta tag and keeps the header', async () => {
    const sections = async () => {
      const r = await http('GET', pageUrl, { headers: { accept: BROWSER_ACCEPT } });
      return {
        text: r.text,
        robots: r.headers['x-robots-tag'],
        found: [...r.text.matchAll(/data-section="([a-z-]+)"/g)].map((x) => x[1]),
      };
    };
    const all = await sections();
    expect(all.found).toEqual(['uptime-timeline', 'response-time', 'incidents', 'recent-history']);
    expect(all.text).not.toContain('name="robots"');
    await patchPage({
      noindex: true,
      displayOptions: { uptimeTimeline: false, responseTime: true, incidents: false, recentHistory: true },
    });
    const some = await sections();
    expect(some.found).toEqual(['response-time', 'recent-history']);
    expect(some.text).toContain('<meta name="robots" content="noindex">');
    expect(some.robots).toBe('noindex');
    await patchPage({
      noindex: false,
      displayOptions: { uptimeTimeline: true, responseTime: true, incidents: true, recentHistory: true },
    });
  });

  test('names are escaped text: no tag, attribute or javascript: URL from the account becomes markup', async () => {
    const r = await http('GET', pageUrl, { headers: { accept: BROWSER_ACCEPT } });
    expect(r.text).not.toContain('<script>window');
    expect(r.text).not.toContain('<img');
    expect(r.text).not.toContain('<a href="javascript');
    expect(r.text).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(r.text).toContain('onerror=&quot;window.__pwned=2&quot;');
    expect(r.text).toMatch(/<h1 dir="auto"><bdi>&lt;script&gt;/);
  });

  test('a disabled page is 404 for a browser too', async () => {
    await patchPage({ enabled: false });
    const r = await http('GET', pageUrl, { headers: { accept: BROWSER_ACCEPT } });
    expect(r.status).toBe(404);
    await patchPage({ enabled: true });
  });
});

describe('day counts for the uptime timeline', () => {
  const check = (at: number, status: 'up' | 'down'): CheckResult => ({
    id: `chk_${at}`,
    monitorId: 'mon',
    checkedAt: new Date(at).toISOString(),
    status,
    httpStatus: 200,
    responseTimeMs: 10,
    failureCategory: null,
    failureReason: null,
  });
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 27, 12);

  test('counts each check once, incrementally, whatever is appended or pruned in between', () => {
    const stats = new PageStats();
    const checks: CheckResult[] = [];
    for (let t = now - 3 * DAY; t < now - DAY; t += 3_600_000)
      checks.push(check(t, t % (2 * 3_600_000) ? 'up' : 'down'));
    const first = stats.days('mon', checks, now, 5);
    expect(first.reduce((s, d) => s + d.checks, 0)).toBe(checks.length);
    // Two checks at the same instant, appended in two steps, then the oldest pruned.
    checks.push(check(now - 1000, 'up'));
    stats.days('mon', checks, now, 5);
    checks.push(check(now - 1000, 'down'));
    checks.splice(0, 5);
    const again = stats.days('mon', checks, now, 5);
    const fresh = new PageStats().days('mon', checks, now, 5);
    const total = (ds: typeof again) => ds.reduce((s, d) => s + d.checks, 0);
    // Pruned checks stay counted in their day (the page shows what was checked that day).
    expect(total(again)).toBe(total(fresh) + 5);
    expect(again[4]).toEqual({ ...fresh[4] });
    expect(again[4]!.checks).toBe(2);
    expect(again[4]!.uptimePercent).toBe(50);
    expect(stats.days('mon', checks, now, 5)).toEqual(again);
  });
});

describe('dashboard', () => {
  const login = async (key: string, headers: Record<string, string> = {}) =>
    http('POST', `${h.svc.dashboardUrl}/login`, {
      raw: new URLSearchParams({ key }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  test('needs the admin key through the sign-in form; the cookie holds no key and is HttpOnly, SameSite=Strict', async () => {
    const anon = await http('GET', h.svc.dashboardUrl);
    expect(anon.status).toBe(200);
    expect(anon.text).toContain('name="key" type="password"');
    expect(anon.text).not.toContain('data-table="monitors"');
    expect((await http('GET', `${h.svc.dashboardUrl}/live`)).status).toBe(401);
    const wrong = await login('not-the-key');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That is not the admin key of this service.');
    expect((await login(h.svc.adminKey, { origin: 'https://evil.example' })).status).toBe(403);
    const ok = await login(h.svc.adminKey);
    expect(ok.status).toBe(303);
    const setCookie = ok.headers['set-cookie']!;
    expect(setCookie).toMatch(
      /^uptime_dashboard=[A-Za-z0-9_-]{43}; Path=\/_dashboard; HttpOnly; SameSite=Strict$/,
    );
    expect(setCookie).not.toContain(h.svc.adminKey);
    const cookie = setCookie.split(';')[0]!;
    const page = await http('GET', h.svc.dashboardUrl, { headers: { cookie } });
    expect(page.text).toContain('data-table="monitors"');
    expect(
      (await http('GET', h.svc.dashboardUrl, { headers: { cookie: 'uptime_dashboard=forged' } })).text,
    ).not.toContain('data-table="monitors"');
  });

  test('the request log names the token, Idempotency-Key replays and If-Match results; no secret value is shown', async () => {
    const withSecret = await h.createMonitor({
      name: 'secretive',
      requestHeaders: [{ name: 'X-Api-Key', value: 'header-secret-value-123' }],
      authConfig: { type: 'basic', username: 'u', password: 'password-secret-456' },
    });
    const key = 'replay-me-0001';
    const body = { name: 'replayed' };
    const cur = await h.call('GET', `/monitors/${withSecret.id}`);
    const first = await h.call('PATCH', `/monitors/${withSecret.id}`, {
      headers: { 'idempotency-key': key },
      ifMatch: cur.headers.etag,
      body,
    });
    expect(first.status).toBe(200);
    const replay = await h.call('PATCH', `/monitors/${withSecret.id}`, {
      headers: { 'idempotency-key': key },
      ifMatch: cur.headers.etag,
      body,
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const stale = await h.call('PATCH', `/monitors/${withSecret.id}`, {
      ik: true,
      ifMatch: cur.headers.etag,
      body: { name: 'x' },
    });
    expect(stale.status).toBe(412);

    const ok = await login(h.svc.adminKey);
    const cookie = ok.headers['set-cookie']!.split(';')[0]!;
    const live = await http('GET', `${h.svc.dashboardUrl}/live`, { headers: { cookie } });
    const rows = [
      ...live.text.matchAll(/<tr data-method="PATCH" data-path="([^"]+)" data-status="(\d+)">(.*?)<\/tr>/g),
    ]
      .filter((x) => x[1] === `/v1/monitors/${withSecret.id}`)
      .map((x) => ({ status: x[2], cells: [...x[3]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]) }));
    // Newest first: the 412, the replay, the first write; each by token name "full".
    expect(rows.map((r) => [r.status, r.cells[4], r.cells[5], r.cells[6]])).toEqual([
      ['412', '<bdi dir="auto">full</bdi>', 'sent', 'failed'],
      ['200', '<bdi dir="auto">full</bdi>', 'replayed', 'matched'],
      ['200', '<bdi dir="auto">full</bdi>', 'sent', 'matched'],
    ]);
    for (const secret of [
      'header-secret-value-123',
      'password-secret-456',
      h.svc.adminKey,
      ...Object.values(h.svc.tokens),
    ])
      expect(live.text).not.toContain(secret);
    expect(live.text).not.toContain('ops@acme.test');
    expect(live.text).toContain('data-token="full"');
    // The page polls with the tag of what it shows: unchanged is 304, a new request changes it. (A frozen
    // clock: the tokens' per-minute usage on the page must not roll over between the two reads.)
    await h.admin('POST', '/clock', { frozen: true });
    const shown = await http('GET', `${h.svc.dashboardUrl}/live`, { headers: { cookie } });
    const same = await http('GET', `${h.svc.dashboardUrl}/live`, {
      headers: { cookie, 'if-none-match': shown.headers.etag! },
    });
    expect(same.status).toBe(304);
    await h.call('GET', '/monitors');
    const changed = await http('GET', `${h.svc.dashboardUrl}/live`, {
      headers: { cookie, 'if-none-match': shown.headers.etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('data-path="/v1/monitors"');
  });

  test("a down monitor shows why beside its state (the last check's reason as text); an up one shows none", async () => {
    const down = await h.createMonitor({ name: 'docs', url: 'http://127.0.0.1:9/docs/' });
    const up = await h.createMonitor({ name: 'home', url: 'http://127.0.0.1:9/' });
    const reason = 'HTTP 503 is not an accepted status <img src=x onerror="window.__pwned=1">';
    const force = (id: string, body: Record<string, unknown>) =>
      h.admin('POST', `/monitors/${id}/force`, { ...body, runNow: true });
    expect((await force(down.id, { status: 'down', httpStatus: 503, failureReason: reason })).status).toBe(
      200,
    );
    expect((await force(up.id, { status: 'up', responseTimeMs: 42 })).status).toBe(200);
    const cookie = (await login(h.svc.adminKey)).headers['set-cookie']!.split(';')[0]!;
    const live = (await http('GET', `${h.svc.dashboardUrl}/live`, { headers: { cookie } })).text;
    const row = (id: string) =>
      new RegExp(`<tr data-monitor-id="${id}"[^>]*>(.*?)</tr>`).exec(live)?.[1] ?? '';
    const state = (id: string) => [...row(id).matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1])[1];
    expect(state(down.id)).toBe(
      '<span class="badge s-down">down</span><br><span class="muted" data-reason><bdi dir="auto">' +
        'HTTP 503 is not an accepted status &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;</bdi></span>',
    );
    expect(state(up.id)).toBe('<span class="badge s-up">up</span>');
  });

  test('the request log is a bounded ring buffer, newest first', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 5; i++)
      log.add({
        at: i,
        method: 'GET',
        path: `/${i}`,
        status: 200,
        durationMs: 1,
        requestId: `r${i}`,
        tenantId: null,
        token: null,
        idempotency: null,
        ifMatch: null,
      });
    expect(log.recent(10).map((e) => e.path)).toEqual(['/5', '/4', '/3']);
    expect(log.latest).toBe(5);
  });
});
