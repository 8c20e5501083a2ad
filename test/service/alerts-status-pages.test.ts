import { STATUS_PAGE_DESCRIPTION_MAX, STATUS_PAGE_TITLE_MAX } from '../../src/api/index.js';
import { Harness, http, testSeed } from './helpers.js';

let h: Harness;
let seeded: string;
beforeAll(async () => {
  h = await Harness.start(testSeed());
  seeded = (await h.call('GET', '/monitors')).json.data.find((m: any) => m.name === 'Seeded').id;
});
afterAll(() => h.close());

describe('alert destinations and settings', () => {
  test('GET /alert-destinations lists only the verified destinations of the tenant', async () => {
    const r = await h.call('GET', '/alert-destinations');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: [
        {
          id: 'dest_email_aaaaaaaaaaaaaaaaaaaaaaaa',
          channel: 'email',
          value: 'ops@acme.test',
          maskedValue: 'o***@acme.test',
          label: null,
          isDefault: true,
        },
        {
          id: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb',
          channel: 'sms',
          value: '+15550001111',
          maskedValue: '+1******1111',
          label: null,
          isDefault: true,
        },
      ],
    });
    const beta = await h.call('GET', '/alert-destinations', { as: 'beta' });
    expect(beta.json.data.map((d: any) => d.id)).toEqual(['dest_email_cccccccccccccccccccccccc']);
  });

  test('a destination verified later through the admin API becomes selectable', async () => {
    const m = await h.createMonitor();
    const id = 'dest_email_dddddddddddddddddddddddd';
    const s = await h.call('GET', `/monitors/${m.id}/alert-settings`);
    const before = await h.call('PATCH', `/monitors/${m.id}/alert-settings`, {
      ik: true,
      ifMatch: s.headers.etag,
      body: { destinationIds: { email: id } },
    });
    expect(before.status).toBe(400);
    expect(
      (await h.admin('POST', '/tenants/acme/destinations', { id, channel: 'email', value: 'new@acme.test' }))
        .status,
    ).toBe(201);
    const after = await h.call('PATCH', `/monitors/${m.id}/alert-settings`, {
      ik: true,
      ifMatch: s.headers.etag,
      body: { destinationIds: { email: id } },
    });
    expect(after.status).toBe(200);
    expect(after.json.data.destinationIds.email).toBe(id);
  });

  test('settings defaults, update, and the rules on destination ids', async () => {
    const m = await h.createMonitor();
    const s = await h.call('GET', `/monitors/${m.id}/alert-settings`);
    expect(s.status).toBe(200);
    expect(s.json.data).toEqual({
      monitorId: m.id,
      version: s.json.data.version,
      channels: { email: true, sms: false },
      destinationIds: { email: 'dest_email_aaaaaaaaaaaaaaaaaaaaaaaa', sms: null },
      slowResponseAlerts: { enabled: false, thresholdMs: 5000, consecutiveLimit: 3, state: 'healthy' },
    });
    expect(s.headers.etag).toBe(`"${s.json.data.version}"`);
    const bad = [
      [
        { destinationIds: { sms: 'dest_sms_000000000000000000000000' } },
        'destinationIds.sms',
        'unknown_destination',
      ],
      [
        { destinationIds: { email: 'dest_email_cccccccccccccccccccccccc' } },
        'destinationIds.email',
        'unknown_destination',
      ],
      [{ destinationIds: { email: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb' } }, 'destinationIds.email', 'format'],
      [{ channels: { fax: true } }, 'channels.fax', 'unknown_field'],
      [{ slowResponseAlerts: { thresholdMs: 7 } }, 'slowResponseAlerts.thresholdMs', 'one_of'],
      [{}, 'body', 'at_least_one'],
      [{ monitorId: m.id }, 'monitorId', 'unknown_field'],
    ] as const;
    for (const [body, field, rule] of bad) {
      const r = await h.call('PATCH', `/monitors/${m.id}/alert-settings`, {
        ik: true,
        ifMatch: s.headers.etag,
        body,
      });
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.json.error.details[0]).toMatchObject({ field, rule });
    }
    const ok = await h.call('PATCH', `/monitors/${m.id}/alert-settings`, {
      ik: true,
      ifMatch: s.headers.etag,
      body: {
        channels: { sms: true },
        destinationIds: { sms: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb', email: null },
        slowResponseAlerts: { enabled: true, consecutiveLimit: 5, state: 'slow' },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({
      channels: { email: true, sms: true },
      destinationIds: { email: null, sms: 'dest_sms_bbbbbbbbbbbbbbbbbbbbbbbb' },
      slowResponseAlerts: { enabled: true, thresholdMs: 5000, consecutiveLimit: 5, state: 'healthy' },
    });
  });

  test('SMS on a plan without SMS alerts → 403 plan', async () => {
    const b = (await h.call('GET', '/monitors', { as: 'beta' })).json.data[0];
    const s = await h.call('GET', `/monitors/${b.id}/alert-settings`, { as: 'beta' });
    const r = await h.call('PATCH', `/monitors/${b.id}/alert-settings`, {
      as: 'beta',
      ik: true,
      ifMatch: s.headers.etag,
      body: { channels: { sms: true } },
    });
    expect(r.status).toBe(403);
    expect(r.json.error.details[0].rule).toBe('plan');
  });
});

describe('status pages', () => {
  test('every monitor has a readable page with the documented defaults', async () => {
    const m = await h.createMonitor();
    const a = await h.call('GET', `/monitors/${m.id}/status-page`);
    const b = await h.call('GET', `/status-pages/${m.id}`);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(a.json.data).toEqual({
      monitorId: m.id,
      enabled: false,
      slug: null,
      url: null,
      title: null,
      description: null,
      noindex: false,
      displayOptions: { uptimeTimeline: true, responseTime: true, incidents: true, recentHistory: true },
      verificationStatus: 'unverified',
      customDomain: { configured: false, enabled: false, status: 'none' },
      version: a.json.data.version,
      updatedAt: null,
    });
  });

  test('PATCH → 409 until the dashboard setup (admin API), then updates settings and the public snapshot', async () => {
    const m = await h.createMonitor({ name: 'Page me' });
    const p = await h.call('GET', `/monitors/${m.id}/status-page`);
    const r = await h.call('PATCH', `/monitors/${m.id}/status-page`, {
      ik: true,
      ifMatch: p.headers.etag,
      body: { enabled: true },
    });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('dashboard_setup_required');
    const setup = await h.admin('POST', `/monitors/${m.id}/status-page/setup`, {
      slug: 'page-me',
      verificationStatus: 'verified',
    });
    expect(setup.status).toBe(200);
    expect(setup.json.data.url).toBe(`${h.svc.origin}/public/status-pages/page-me`);
    const cur = await h.call('GET', `/monitors/${m.id}/status-page`);
    expect(cur.json.data.version).not.toBe(p.json.data.version);
    const ok = await h.call('PATCH', `/monitors/${m.id}/status-page`, {
      ik: true,
      ifMatch: cur.headers.etag,
      body: {
        enabled: true,
        title: 'Acme API',
        description: 'All systems',
        displayOptions: { responseTime: false },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.etag).toBe(`"${ok.json.data.version}"`);
    expect(ok.json.data).toMatchObject({
      enabled: true,
      title: 'Acme API',
      slug: 'page-me',
      displayOptions: { responseTime: false, incidents: true },
    });
    const pub = await http('GET', `${h.svc.origin}/public/status-pages/page-me`);
    expect(pub.status).toBe(200);
    expect(pub.json.data).toMatchObject({
      title: 'Acme API',
      description: 'All systems',
      displayOptions: { responseTime: false },
      monitor: { name: 'Page me' },
    });
    const ok2 = await h.call('PATCH', `/monitors/${m.id}/status-page`, {
      ik: true,
      ifMatch: ok.headers.etag,
      body: { title: 'Acme API v2' },
    });
    expect(ok2.status).toBe(200);
    expect((await http('GET', `${h.svc.origin}/public/status-pages/page-me`)).json.data.title).toBe(
      'Acme API v2',
    );

    // a dashboard-only custom-domain step pending → 409
    await h.admin('PATCH', `/monitors/${m.id}/status-page/custom-domain`, {
      configured: true,
      status: 'pending_dns',
    });
    const cd = await h.call('GET', `/monitors/${m.id}/status-page`);
    expect(cd.json.data.customDomain).toEqual({ configured: true, enabled: false, status: 'pending_dns' });
    const blocked = await h.call('PATCH', `/monitors/${m.id}/status-page`, {
      ik: true,
      ifMatch: cd.headers.etag,
      body: { noindex: true },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.code).toBe('dashboard_setup_required');
    await h.admin('PATCH', `/monitors/${m.id}/status-page/custom-domain`, {
      enabled: true,
      status: 'active',
    });
    const cd2 = await h.call('GET', `/monitors/${m.id}/status-page`);
    expect(
      (
        await h.call('PATCH', `/monitors/${m.id}/status-page`, {
          ik: true,
          ifMatch: cd2.headers.etag,
          body: { noindex: true },
        })
      ).status,
    ).toBe(200);
  });

  test('status page validation', async () => {
    const p = await h.call('GET', `/monitors/${seeded}/status-page`);
    const cases = [
      [{ title: 't'.repeat(STATUS_PAGE_TITLE_MAX + 1) }, 'title', 'max_length'],
      [{ description: 'd'.repeat(STATUS_PAGE_DESCRIPTION_MAX + 1) }, 'description', 'max_length'],
      [{ slug: 'mine' }, 'slug', 'unknown_field'],
      [{ displayOptions: { logo: true } }, 'displayOptions.logo', 'unknown_field'],
      [{}, 'body', 'at_least_one'],
    ] as const;
    for (const [body, field, rule] of cases) {
      const r = await h.call('PATCH', `/monitors/${seeded}/status-page`, {
        ik: true,
        ifMatch: p.headers.etag,
        body,
      });
      expect([field, r.status]).toEqual([field, 400]);
      expect(r.json.error.details[0]).toMatchObject({ field, rule });
    }
  });

  test('GET /status-pages with the enabled filter and pagination', async () => {
    const p = await h.call('GET', `/monitors/${seeded}/status-page`);
    await h.call('PATCH', `/monitors/${seeded}/status-page`, {
      ik: true,
      ifMatch: p.headers.etag,
      body: { enabled: true },
    });
    const enabled = await h.call('GET', '/status-pages?enabled=true&limit=100');
    expect(enabled.status).toBe(200);
    expect(enabled.json.data.length).toBeGreaterThan(0);
    expect(enabled.json.data.every((x: any) => x.enabled)).toBe(true);
    expect(enabled.json.data.map((x: any) => x.monitorId)).toContain(seeded);
    const disabled = await h.call('GET', '/status-pages?enabled=false&limit=100');
    expect(disabled.json.data.every((x: any) => !x.enabled)).toBe(true);
    const total = (await h.call('GET', '/monitors?limit=100')).json.data.length;
    expect(enabled.json.data.length + disabled.json.data.length).toBe(total);
    const one = await h.call('GET', '/status-pages?limit=1');
    expect(one.json.data).toHaveLength(1);
    expect(one.json.pagination.nextCursor).toEqual(expect.any(String));
    expect((await h.call('GET', '/status-pages?enabled=maybe')).status).toBe(400);
  });
});
