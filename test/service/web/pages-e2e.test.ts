// The service's web pages in a real browser (headless Chromium through playwright-core): the public status page of
// a real `terraform apply` of uptime_status_page, before and after an apply that toggles its sections; hostile names
// rendered inert; the dashboard following a monitor from up to down while the engine checks a server this test
// controls, and showing that apply's requests; axe-core on each page; screenshots at desktop and phone widths.
// One browser, one terraform workdir.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  artifactsDir,
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
} from '../../helpers/browser.js';
import { heavyE2eEnabled, terraformAvailable } from '../../helpers/terraform.js';
import { startE2E, testSeed, type E2E } from '../../provider/helpers.js';

// Code passed to page.evaluate runs in the browser; the project's TypeScript has no DOM library.
declare const window: any;
declare const document: any;

const enabled = heavyE2eEnabled() && terraformAvailable() && chromiumAvailable();
const describeBrowser = enabled ? describe : describe.skip;

const LONG_WORD = 'W'.repeat(120);
const HOSTILE_TITLE = '<script>window.__pwned=1</script>\u202Etxt.exe Shop';
const HOSTILE_DESCRIPTION = `${LONG_WORD} <img src=x onerror="window.__pwned=2"> <a href="javascript:window.__pwned=3">click</a> \u202Bמצב השירות\u202C <b onmouseover="window.__pwned=4">bold</b>`;
const HOSTILE_MONITOR = `<svg onload="window.__pwned=5"> ${'M'.repeat(80)}`;
const ALL_SECTIONS = ['uptime-timeline', 'response-time', 'incidents', 'recent-history'];
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

describeBrowser('status page and dashboard in Chromium', () => {
  let e: E2E;
  let target: Server;
  let targetStatus = 200;
  let browser: RunningBrowser;
  let mon: string;
  let hostileMon: string;
  let pageUrl: string;
  const shots: string[] = [];
  const dir = () => artifactsDir('browser');

  beforeAll(async () => {
    target = createServer((_req, res) => {
      res.writeHead(targetStatus, { 'content-type': 'text/plain' });
      res.end(targetStatus === 200 ? 'ok' : 'broken');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const seed = testSeed() as any;
    seed.tenants[0].monitors.push({
      ref: 'shop',
      body: { name: 'Shop checkout', url: `${targetUrl}/health`, intervalSeconds: 60 },
      statusPage: { slug: 'shop', verificationStatus: 'verified' },
    });
    // The engine runs (run-now checks are real requests to `target`); scheduled checks stay off so the test
    // decides when a check happens.
    [e, browser] = await Promise.all([
      startE2E(seed, 'full', {}, { engine: true, checks: false, localMode: true }),
      launchChromium(),
    ]);
    const list = (await e.api.call('GET', '/monitors')).json.data;
    mon = list.find((m: any) => m.name === 'Shop checkout').id;
    pageUrl = `${e.svc.origin}/public/status-pages/shop`;
    // A month of one-minute history before today's real checks, so the timeline and the screenshots show days.
    const day = 86_400_000;
    const now = e.svc.clock.now();
    const history = [];
    for (let t = now - 29 * day; t < now - 3_600_000; t += 600_000) {
      const down = Math.floor(t / day) % 11 === 3 && t % (6 * 3_600_000) < 1_800_000;
      history.push({
        id: `chk_hist_${t}`,
        monitorId: mon,
        checkedAt: new Date(t).toISOString(),
        status: down ? ('down' as const) : ('up' as const),
        httpStatus: down ? 503 : 200,
        responseTimeMs: 80 + Math.round(40 * Math.sin(t / 3_600_000)),
        failureCategory: down ? 'http_status' : null,
        failureReason: down ? 'HTTP 503' : null,
      });
    }
    e.svc.store.state.checks[mon] = history;
    for (let i = 0; i < 5; i++) await check(mon);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await e?.dispose();
    await new Promise((r) => target?.close(r));
    if (shots.length) process.stdout.write(`screenshots:\n${shots.map((s) => `  ${s}`).join('\n')}\n`);
  });

  async function check(id: string) {
    const r = await e.api.admin('POST', `/monitors/${id}/check`, {});
    if (r.status !== 200) throw new Error(`run-now failed: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data;
  }

  const tf = (options: Record<string, boolean>) => ({
    'main.tf': `
variable "title" { type = string }
variable "description" { type = string }
variable "hostile_name" { type = string }
variable "target" { type = string }
resource "uptime_status_page" "shop" {
  monitor_id  = "${mon}"
  title       = var.title
  description = var.description
  display_options = {
${Object.entries(options)
  .map(([k, v]) => `    ${k} = ${v}`)
  .join('\n')}
  }
}
resource "uptime_monitor" "hostile" {
  name = var.hostile_name
  url  = "\${var.target}/hostile"
}
`,
    'terraform.tfvars.json': JSON.stringify({
      title: HOSTILE_TITLE,
      description: HOSTILE_DESCRIPTION,
      hostile_name: HOSTILE_MONITOR,
      target: `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
    }),
  });

  async function open(ctx: BrowserContext, url: string): Promise<Page> {
    const page = await ctx.newPage();
    const r = await page.goto(url);
    expect(r?.status()).toBe(200);
    return page;
  }

  async function sections(page: Page): Promise<string[]> {
    return page.$$eval('section[data-section]', (els) => els.map((el) => el.getAttribute('data-section')!));
  }

  /** Nothing the account wrote ran or became an element; nothing is wider than the window. */
  async function expectInert(page: Page, ownScripts: number) {
    const facts = await page.evaluate(() => ({
      pwned: (window as any).__pwned ?? null,
      scripts: document.querySelectorAll('script').length,
      injected: document.querySelectorAll(
        'img, a[href^="javascript"], b, body svg[onload], [onerror], [onmouseover]',
      ).length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(facts).toEqual({ pwned: null, scripts: ownScripts, injected: 0, overflow: 0 });
  }

  async function axe(page: Page) {
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
    });
    expect(violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    return violations;
  }

  async function shoot(page: Page, name: string) {
    const file = join(dir(), `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(file);
  }

  it('shows exactly the sections the applied display options allow, before and after a toggle; names inert', async () => {
    e.ws.write(tf({ uptime_timeline: true, response_time: true, incidents: true, recent_history: true }));
    await e.ws.apply();
    const desktop = await browser.context(undefined, { bypassCSP: true });
    const phone = await browser.context({ width: 390, height: 844 }, { isMobile: true, bypassCSP: true });
    try {
      let page = await open(desktop, pageUrl);
      expect(await sections(page)).toEqual(ALL_SECTIONS);
      expect(await page.locator('h1').textContent()).toBe(HOSTILE_TITLE);
      expect(await page.locator('p.description').textContent()).toBe(HOSTILE_DESCRIPTION);
      await expectInert(page, 0);
      const found = await axe(page);
      process.stdout.write(`axe-core status page: ${JSON.stringify(found)}\n`);
      await shoot(page, 'status-page-desktop-1280');
      const small = await open(phone, pageUrl);
      await expectInert(small, 0);
      await shoot(small, 'status-page-phone-390');

      e.ws.write(tf({ uptime_timeline: true, response_time: false, incidents: false, recent_history: true }));
      await e.ws.apply();
      expect((await e.ws.planHasChanges()).changes).toBe(false);
      page = await open(desktop, pageUrl);
      expect(await sections(page)).toEqual(['uptime-timeline', 'recent-history']);
      await expectInert(page, 0);
    } finally {
      await desktop.close();
      await phone.close();
    }
  }, 180_000);

  it('the dashboard follows a monitor from up to down without a reload and lists the apply requests', async () => {
    hostileMon = (await e.ws.resourceValues('uptime_monitor.hostile'))!.id;
    const desktop = await browser.context(undefined, { bypassCSP: true });
    const phone = await browser.context({ width: 390, height: 844 }, { isMobile: true, bypassCSP: true });
    try {
      const page = await desktop.newPage();
      await page.goto(e.svc.dashboardUrl);
      expect(await page.locator('[data-table="monitors"]').count()).toBe(0);
      await axe(page);
      await page.fill('#key', e.svc.adminKey);
      await Promise.all([page.waitForURL(/\/_dashboard\/$/), page.click('button[type=submit]')]);
      expect(page.url()).not.toContain(e.svc.adminKey);
      const cookies = await desktop.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
        ['uptime_dashboard', true, 'Strict'],
      ]);
      expect(JSON.stringify(cookies)).not.toContain(e.svc.adminKey);

      const row = (id: string) => page.locator(`tr[data-monitor-id="${id}"]`);
      expect(await row(mon).getAttribute('data-status')).toBe('up');
      await page.evaluate(() => ((window as any).__sameDocument = true));
      targetStatus = 500;
      const result = await check(mon);
      expect(result.check).toMatchObject({ status: 'down', httpStatus: 500 });
      expect(result.monitor.status).toBe('down');
      await page.waitForSelector(`tr[data-monitor-id="${mon}"][data-status="down"]`, { timeout: 10_000 });
      expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
      expect(await row(hostileMon).locator('bdi').textContent()).toBe(HOSTILE_MONITOR);

      // The second apply's write of the status page, by token name, with its If-Match result.
      const patch = page.locator(`tr[data-method="PATCH"][data-path="/v1/monitors/${mon}/status-page"]`);
      expect(await patch.count()).toBeGreaterThanOrEqual(2);
      expect(await patch.first().locator('td').allTextContents()).toEqual([
        expect.any(String),
        `PATCH /v1/monitors/${mon}/status-page`,
        '200',
        expect.stringMatching(/ ms$/),
        'full',
        'sent',
        'matched',
      ]);
      const create = page.locator(`tr[data-method="POST"][data-path="/v1/monitors"][data-status="201"]`);
      expect(await create.count()).toBe(1);
      await page.waitForSelector('[data-list="incidents"] li');
      await expectInert(page, 1);
      const found = await axe(page);
      process.stdout.write(`axe-core dashboard: ${JSON.stringify(found)}\n`);
      await shoot(page, 'dashboard-desktop-1280');

      await phone.addCookies(cookies);
      const small = await open(phone, e.svc.dashboardUrl);
      await small.waitForSelector(`tr[data-monitor-id="${mon}"][data-status="down"]`);
      await expectInert(small, 1);
      await shoot(small, 'dashboard-phone-390');
    } finally {
      targetStatus = 200;
      await desktop.close();
      await phone.close();
    }
  }, 120_000);
});
