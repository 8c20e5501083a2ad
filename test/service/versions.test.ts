import { Harness, testSeed } from './helpers.js';

let h: Harness;
let pageMonitor: string;
beforeAll(async () => {
  h = await Harness.start(testSeed());
  pageMonitor = (await h.call('GET', '/monitors')).json.data.find((m: any) => m.name === 'Seeded').id;
});
afterAll(() => h.close());

interface Target {
  name: string;
  setup: () => Promise<{ read: string; write: string; method: string; body?: unknown }>;
}

const targets: Target[] = [
  {
    name: 'PATCH monitor',
    setup: async () => {
      const m = await h.createMonitor();
      return {
        read: `/monitors/${m.id}`,
        write: `/monitors/${m.id}`,
        method: 'PATCH',
        body: { name: 'changed' },
      };
    },
  },
  {
    name: 'archive',
    setup: async () => {
      const m = await h.createMonitor();
      return { read: `/monitors/${m.id}`, write: `/monitors/${m.id}/archive`, method: 'POST' };
    },
  },
  {
    name: 'reactivate',
    setup: async () => {
      const m = await h.createMonitor();
      const a = await h.call('POST', `/monitors/${m.id}/archive`, { ik: true, ifMatch: m.version });
      expect(a.status).toBe(200);
      return { read: `/monitors/${m.id}`, write: `/monitors/${m.id}/reactivate`, method: 'POST' };
    },
  },
  {
    name: 'alert settings',
    setup: async () => {
      const m = await h.createMonitor();
      return {
        read: `/monitors/${m.id}/alert-settings`,
        write: `/monitors/${m.id}/alert-settings`,
        method: 'PATCH',
        body: { channels: { sms: true } },
      };
    },
  },
  {
    name: 'status page',
    setup: async () => ({
      read: `/monitors/${pageMonitor}/status-page`,
      write: `/monitors/${pageMonitor}/status-page`,
      method: 'PATCH',
      body: { title: `T ${Math.random()}` },
    }),
  },
];

describe.each(targets)('If-Match: $name', ({ setup }) => {
  test('missing → 428, stale → 412, nothing changes; current → 200 with a new version = ETag', async () => {
    const t = await setup();
    const before = await h.call('GET', t.read);
    expect(before.headers.etag).toBe(`"${before.json.data.version}"`);

    const missing = await h.call(t.method, t.write, { ik: true, body: t.body });
    expect(missing.status).toBe(428);
    expect(missing.json.error.code).toBe('precondition_required');
    const stale = await h.call(t.method, t.write, { ik: true, body: t.body, ifMatch: '"v0-00000000"' });
    expect(stale.status).toBe(412);
    expect(stale.json.error.code).toBe('precondition_failed');
    const same = await h.call('GET', t.read);
    expect(same.text).toBe(before.text);

    const ok = await h.call(t.method, t.write, { ik: true, body: t.body, ifMatch: before.headers.etag });
    expect(ok.status).toBe(200);
    expect(ok.headers.etag).toBe(`"${ok.json.data.version}"`);
    expect(ok.json.data.version).not.toBe(before.json.data.version);
    const after = await h.call('GET', t.read);
    expect(after.headers.etag).toBe(ok.headers.etag);
    // the old version is stale now
    const old = await h.call(t.method, t.write, { ik: true, body: t.body, ifMatch: before.headers.etag });
    expect(old.status).toBe(412);
  });
});

describe('version tokens', () => {
  test('If-Match is accepted quoted, bare or weak, and as a list', async () => {
    const m = await h.createMonitor();
    let v = m.version;
    for (const form of [
      (x: string) => x,
      (x: string) => `"${x}"`,
      (x: string) => `W/"${x}"`,
      (x: string) => `"nope", "${x}"`,
    ]) {
      const r = await h.call('PATCH', `/monitors/${m.id}`, {
        ik: true,
        ifMatch: form(v),
        body: { name: `n-${v}` },
      });
      expect(r.status).toBe(200);
      v = r.json.data.version;
    }
  });

  test('a write that changes nothing keeps the version', async () => {
    const m = await h.createMonitor({ name: 'same' });
    const r = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: m.version,
      body: { name: 'same' },
    });
    expect(r.json.data.version).toBe(m.version);
    expect(r.json.data.updatedAt).toBe(m.updatedAt);
  });

  test('changing a secret makes a new version although nothing visible changes', async () => {
    const m = await h.createMonitor({ authConfig: { type: 'basic', username: 'u', password: 'p1' } });
    const r = await h.call('PATCH', `/monitors/${m.id}`, {
      ik: true,
      ifMatch: m.version,
      body: { authConfig: { type: 'basic', username: 'u', password: 'p2' } },
    });
    expect(r.json.data.version).not.toBe(m.version);
  });

  test('slow-response settings changed through alert settings also give the monitor a new version', async () => {
    const m = await h.createMonitor();
    const s = await h.call('GET', `/monitors/${m.id}/alert-settings`);
    const r = await h.call('PATCH', `/monitors/${m.id}/alert-settings`, {
      ik: true,
      ifMatch: s.headers.etag,
      body: { slowResponseAlerts: { enabled: true, thresholdMs: 2000 } },
    });
    expect(r.status).toBe(200);
    const after = await h.call('GET', `/monitors/${m.id}`);
    expect(after.json.data.version).not.toBe(m.version);
    expect(after.json.data.slowResponse).toMatchObject({ enabled: true, thresholdMs: 2000 });
  });
});
