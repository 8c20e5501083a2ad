import { createService } from '../../src/service/index.js';
import { DEFAULT_SEED } from '../../src/service/seed.js';
import { Harness, http } from './helpers.js';

test('the default seed: one Pro tenant, full and restricted tokens, verified email and SMS', async () => {
  const h = await Harness.start(DEFAULT_SEED);
  try {
    expect(Object.keys(h.svc.tokens).sort()).toEqual(['full', 'restricted']);
    const caps = await h.call('GET', '/capabilities');
    expect(caps.json.data.plan.pro).toBe(true);
    expect(caps.json.data.token.restricted).toBe(false);
    const r = await h.call('GET', '/capabilities', { as: 'restricted' });
    expect(r.json.data.token.restricted).toBe(true);
    const d = await h.call('GET', '/alert-destinations');
    expect(d.json.data.map((x: any) => x.channel).sort()).toEqual(['email', 'sms']);
    const m = (await h.call('GET', '/monitors', { as: 'restricted' })).json.data;
    expect(m).toHaveLength(1);
    // its status page is already set up in the "dashboard": PATCH works
    const p = await h.call('GET', `/monitors/${m[0].id}/status-page`, { as: 'restricted' });
    expect(p.json.data.slug).toBe('example-status');
    const u = await h.call('PATCH', `/monitors/${m[0].id}/status-page`, {
      as: 'restricted',
      ik: true,
      ifMatch: p.headers.etag,
      body: { enabled: true },
    });
    expect(u.status).toBe(200);
  } finally {
    await h.close();
  }
});

test('seeded status page content, fixed token values and expiry', async () => {
  const h = await Harness.start({
    tenants: [
      {
        id: 's',
        monitors: [
          {
            ref: 'a',
            body: { url: 'https://a.test/' },
            statusPage: {
              slug: 'a-page',
              content: { enabled: true, title: 'A', displayOptions: { incidents: false } },
            },
          },
        ],
        tokens: [{ name: 'fixed', value: `upt_${'b'.repeat(40)}`, expiresAt: '2000-01-01T00:00:00Z' }],
      },
    ],
  });
  try {
    expect(h.svc.tokens.fixed).toBe(`upt_${'b'.repeat(40)}`);
    expect((await h.call('GET', '/monitors', { as: 'fixed' })).status).toBe(401);
    const pub = await http('GET', `${h.svc.origin}/public/status-pages/a-page`);
    expect(pub.json.data).toMatchObject({
      title: 'A',
      displayOptions: { incidents: false, uptimeTimeline: true },
    });
  } finally {
    await h.close();
  }
});

test.each([
  [{ tenants: [{ id: 'Bad Id' }] }, /tenants\.0\.id/],
  [
    { tenants: [{ id: 'x', monitors: [{ body: { url: 'https://x.test', intervalSeconds: 7 } }] }] },
    /intervalSeconds/,
  ],
  [{ tenants: [{ id: 'x', tokens: [{ name: 't', monitors: ['nope'] }] }] }, /unknown monitor nope/],
  [{ tenants: [{ id: 'x', bogus: true }] }, /bogus/],
])('an invalid seed is refused with a useful message', async (seed, message) => {
  await expect(createService({ port: 0, seed: seed as never })).rejects.toThrow(message);
});
