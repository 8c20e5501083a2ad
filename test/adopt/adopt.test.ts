// `uptimectl adopt` (src/adopt): from a plan, the monitors an interrupted apply left behind (same URL and request
// method as a create of the plan, same settings) get import blocks at their exact addresses; a live monitor whose
// settings differ is listed apart and imported only with includeDifferent; names and keys stay data.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adopt, type AdoptOptions } from '../../src/adopt/index.js';
import { hclAddress } from '../../src/adopt/address.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';

let svc: RunningService;
let api: ServiceApi;
const made: Record<string, { id: string; createdAt: string }> = {};
const NASTY = 'Checkout ${var.x} %{if 1}" \\ \n# not a comment';

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 1000 }),
    logErrors: false,
    engine: false,
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (const [key, body] of Object.entries({
    orphan: { name: NASTY, url: 'https://orphan.example.com/', intervalSeconds: 300 },
    keyed: { name: 'keyed', url: 'https://keyed.example.com/', intervalSeconds: 300 },
    theirs: { name: 'Someone else', url: 'https://theirs.example.com/', intervalSeconds: 60 },
  }))
    made[key] = await api.data('POST', '/monitors', body);
});
afterAll(() => svc.close());

function create(address: string, name: string, after: Record<string, unknown>) {
  return {
    address,
    mode: 'managed',
    type: 'uptime_monitor',
    name,
    change: {
      actions: ['create'],
      before: null,
      after: { request_method: 'GET', interval_seconds: 300, archived: false, ...after },
      after_unknown: { id: true, version: true },
    },
  };
}

/** A directory with plan.json holding these resource changes. */
function planIn(changes: unknown[]): { dir: string; plan: string } {
  const dir = mkdtempSync(join(tmpdir(), 'adopt-'));
  const plan = join(dir, 'plan.json');
  writeFileSync(plan, JSON.stringify({ format_version: '1.2', resource_changes: changes }));
  return { dir, plan };
}

const setup = () =>
  planIn([
    create('uptime_monitor.orphan', 'orphan', { name: NASTY, url: 'HTTPS://orphan.example.com:443/' }),
    create('module.site["a${b}"].uptime_monitor.m[0]', 'm', {
      url: 'https://keyed.example.com/',
      name: 'keyed',
    }),
    create('uptime_monitor.mine', 'mine', { url: 'https://theirs.example.com/', name: 'Mine' }),
    create('uptime_monitor.fresh', 'fresh', { url: 'https://fresh.example.com/', name: 'fresh' }),
  ]);

const run = (o: Partial<AdoptOptions> & { plans: string[]; dir: string }, lines: string[]) =>
  adopt({
    format: 'hcl',
    cdk: 'cdktn',
    includeDifferent: false,
    baseUrl: svc.baseUrl,
    token: svc.tokens.full,
    say: (l) => lines.push(l),
    ...o,
  });

test('import blocks for the orphans at their exact addresses; a monitor with other settings is listed apart', async () => {
  const { dir, plan } = setup();
  const lines: string[] = [];
  const r = await run({ plans: [plan], dir }, lines);
  expect(r.adopted.map((a) => a.address)).toEqual([
    'uptime_monitor.orphan',
    'module.site["a${b}"].uptime_monitor.m[0]',
  ]);
  expect(r.leftOut.map((a) => [a.address, a.id, a.differences])).toEqual([
    [
      'uptime_monitor.mine',
      made.theirs!.id,
      [
        'name: configuration "Mine", existing "Someone else"',
        'interval_seconds: configuration 300, existing 60',
      ],
    ],
  ]);
  expect(r.exitCode).toBe(3);
  const file = readFileSync(join(dir, 'imports.tf'), 'utf8');
  expect(file).toContain(`import {\n  to = uptime_monitor.orphan\n  id = "${made.orphan!.id}"\n}`);
  expect(file).toContain(
    `import {\n  to = module.site["a$\${b}"].uptime_monitor.m[0]\n  id = "${made.keyed!.id}"\n}`,
  );
  // the name is in a comment, one line, inert
  expect(file).toContain(
    `(id ${made.orphan!.id}, GET https://orphan.example.com/, created ${made.orphan!.createdAt})`,
  );
  expect(file.split('\n').filter((l) => l.includes('not a comment'))).toHaveLength(1);
  expect(file).not.toContain('Someone else');
  const report = lines.join('\n');
  expect(report).toContain(
    '4 monitors to create in the plan, 3 already exist with the same URL and request method.',
  );
  expect(report).toContain(`import uptime_monitor.orphan ← `);
  expect(report).toContain(`uptime_monitor.mine ≠ "Someone else" (id ${made.theirs!.id}`);
  expect(report).toContain(`Wrote ${join(dir, 'imports.tf')}: run \`terraform apply\``);
});

test('--include-different imports the differing match too, saying how it differs', async () => {
  const { dir, plan } = setup();
  const r = await run({ plans: [plan], dir, includeDifferent: true }, []);
  expect(r.adopted).toHaveLength(3);
  expect(r.exitCode).toBe(0);
  const file = readFileSync(join(dir, 'imports.tf'), 'utf8');
  expect(file).toContain('# differs: interval_seconds: configuration 300, existing 60');
  expect(file).toContain(`to = uptime_monitor.mine\n  id = "${made.theirs!.id}"`);
});

test('the CDKTF form imports by logical id through an aspect; a file adopt did not write is not overwritten', async () => {
  const { dir, plan } = setup();
  const out = join(dir, 'adopted.ts');
  await run({ plans: [plan], dir, format: 'cdktf', out }, []);
  const ts = readFileSync(out, 'utf8');
  expect(ts).toContain('import { Aspects, TerraformResource, type TerraformStack } from "cdktn";');
  expect(ts).toContain(`["orphan", "${made.orphan!.id}"],`);
  expect(ts).toContain('node.importFrom(id)');
  const mine = join(dir, 'imports.tf');
  writeFileSync(mine, 'resource "x" "y" {}\n');
  await expect(run({ plans: [plan], dir }, [])).rejects.toThrow(
    /imports.tf exists and was not written by uptimectl adopt/,
  );
  expect(readFileSync(mine, 'utf8')).toBe('resource "x" "y" {}\n');
});

test('nothing to adopt: no file', async () => {
  const { dir, plan } = planIn([create('uptime_monitor.n', 'n', { url: 'https://new.example.com/' })]);
  const lines: string[] = [];
  const r = await run({ plans: [plan], dir }, lines);
  expect(r.written).toBeNull();
  expect(lines).toContain('Nothing to adopt.');
});

test.each([
  ['uptime_monitor.m', 'uptime_monitor.m'],
  ['module.a[2].uptime_monitor.m["k"]', 'module.a[2].uptime_monitor.m["k"]'],
  ['uptime_monitor.m["%{x}\\"q\\\\"]', 'uptime_monitor.m["%%{x}\\"q\\\\"]'],
  ['uptime_monitor.m["\\x07"]', 'uptime_monitor.m["\\u0007"]'],
  // As Terraform 1.11 and OpenTofu write keys `${x}`, `$${x}` and `%{y}` in plan JSON (HCL's quoting): kept as written.
  ['module.e.uptime_monitor.m["$${x}"]', 'module.e.uptime_monitor.m["$${x}"]'],
  ['uptime_monitor.m["$$${x} %%{y} \\u0007"]', 'uptime_monitor.m["$$${x} %%{y} \\u0007"]'],
])('address %s is written as %s', (from, to) => {
  expect(hclAddress(from)).toBe(to);
});
