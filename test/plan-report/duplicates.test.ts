// `plan-report --check` catches the create that passes review and fails on merge: a monitor whose URL and request
// method equal a live monitor of the account (409 duplicate_monitor at apply) or another create of the same plan.
// It names the existing monitor and the import command, `--fail-on duplicate` gates on it, and the listing it needs
// is counted in the report and capped.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planReport } from '../../src/plan-report/index.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';

let svc: RunningService;
let api: ServiceApi;
let liveId: string;
let existing = 0;

async function must(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const r = await api.call(method, path, body, headers);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 1000 }),
    logErrors: false,
    engine: false,
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  liveId = (
    await must('POST', '/monitors', {
      name: 'Shop (made in the dashboard)',
      url: 'https://shop.example.com/x',
    })
  ).id;
  const gone = await must('POST', '/monitors', { name: 'Old', url: 'https://old.example.com/' });
  await must('POST', `/monitors/${gone.id}/archive`, undefined, { 'if-match': `"${gone.version}"` });
  existing = (await api.call('GET', '/usage')).json.data.monitors.used;
});
afterAll(() => svc.close());

function create(name: string, url: string, method = 'GET') {
  return {
    address: `uptime_monitor.${name}`,
    mode: 'managed',
    type: 'uptime_monitor',
    name,
    change: {
      actions: ['create'],
      before: null,
      after: { name, url, request_method: method, interval_seconds: 300, enabled: true, archived: false },
      after_unknown: { id: true, version: true },
    },
  };
}

function planFile(changes: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'dup-')), 'plan.json');
  writeFileSync(file, JSON.stringify({ format_version: '1.2', resource_changes: changes }));
  return file;
}

const check = (file: string, extra: Partial<Parameters<typeof planReport>[0]> = {}) =>
  planReport({ inputs: [file], check: true, baseUrl: svc.baseUrl, token: svc.tokens.full, ...extra });

test('a create equal to a live monitor is flagged with its name and the import command, and gates', async () => {
  const file = planFile([
    create('shop', 'HTTPS://Shop.Example.com:443/x'), // the same URL as the service compares it
    create('shop_head', 'https://shop.example.com/x', 'HEAD'), // another method: allowed
    create('old', 'https://old.example.com/'), // equal to an archived monitor only: allowed
    create('a', 'https://twice.example.com/'),
    create('b', 'https://twice.example.com/'), // equal to another create of the same plan
  ]);
  const r = await check(file, { failOn: ['duplicate'] });
  expect(r.exitCode).toBe(3);
  expect(r.matched).toEqual(['duplicate']);
  const md = r.markdown.replace(/\u200b/g, '');
  expect(md).toContain('**Already exists in the account (the create would fail)** (2)');
  expect(md).toContain(
    `\`GET HTTPS://Shop.Example.com:443/x\` is already monitored by Shop (made in the dashboard) (\`${liveId}\`): ` +
      `the create fails with 409 duplicate\\_monitor. Import it instead: \`terraform import 'uptime_monitor.shop' ${liveId}\``,
  );
  expect(md).toContain(
    '`GET https://twice.example.com/` is also created by `uptime_monitor.a`: the second create fails',
  );
  expect(md).not.toMatch(/uptime_monitor\.(shop_head|old)`: .*already/);
  expect(md).toContain(
    '❌ already in the account: 2 of 5 monitors to create have the URL and request method of a live monitor or of another create',
  );
  // The cost: one listing page for the live monitors, plus capabilities, usage and destinations.
  expect(md).toContain(
    `this check read the account with 4 requests (capabilities, usage, destinations, 1 listing request for ${existing} live monitors)`,
  );
  expect(r.markdown).toContain('**Approval required**: this plan contains `duplicate`');
});

test('no create: no listing at all; a clean create passes', async () => {
  const none = await check(planFile([]), { failOn: ['duplicate'] });
  expect(none.exitCode).toBe(0);
  expect(none.markdown).toContain('duplicates: no monitor to create (no listing needed)');
  expect(none.markdown).toContain(
    'this check read the account with 3 requests (capabilities, usage, destinations)',
  );
  const clean = await check(planFile([create('n', 'https://new.example.com/')]), { failOn: ['duplicate'] });
  expect(clean.exitCode).toBe(0);
  expect(clean.markdown).toContain(
    `✅ duplicates: none of the 1 monitor to create has the URL and request method of a live monitor (1 listing request for ${existing} live monitors)`,
  );
});

test('the listing is bounded: past the cap the report says what was compared', async () => {
  for (let i = 0; i < 120; i++)
    await must('POST', '/monitors', { name: `Bulk ${i}`, url: `https://bulk${i}.example.com/` });
  const r = await check(planFile([create('late', 'https://bulk119.example.com/')]), { maxListRequests: 1 });
  expect(r.markdown).toContain(
    '⚠️ duplicates: compared with the first 99 live monitors only: the listing stops after 1 request (100 monitors each)',
  );
  expect(r.markdown).toContain('this check read the account with 4 requests');
  expect(r.markdown).not.toContain('✅ duplicates');
  const all = await check(planFile([create('late', 'https://bulk119.example.com/')]));
  expect(all.markdown).toContain('❌ already in the account: 1 of 1 monitor to create has');
  expect(all.markdown).toMatch(
    /this check read the account with 5 requests \(.*2 listing requests for \d+ live monitors\)/,
  );
});

test('--fail-on duplicate without --check is a clear error', async () => {
  await expect(planReport({ inputs: [planFile([])], failOn: ['duplicate'] })).rejects.toThrow(
    '--fail-on duplicate needs --check',
  );
});
