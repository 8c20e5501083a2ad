// The upgrade sets' layout and comparison (test/helpers/upgrade-sets.ts): every set under test/fixtures/upgrade/
// reads, this release has one, and the comparison ignores what depends on the run and nothing else.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../helpers/build.js';
import {
  changeFromState,
  compareTree,
  describeMismatch,
  expectedText,
  normalizePlan,
  normalizeSynthFile,
  normalizeText,
  readSet,
  setDirs,
  UPGRADE_DIR,
} from '../helpers/upgrade-sets.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'upgrade-sets-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
}

describe('the sets under test/fixtures/upgrade', () => {
  test('every set reads: its state, configuration and data directory are found', () => {
    const sets = setDirs();
    expect(sets.length).toBeGreaterThan(0);
    for (const dir of sets) expect(() => readSet(dir)).not.toThrow();
  });

  test(`this release (${VERSION}) has its set`, () => {
    expect(setDirs().map((d) => readSet(d).version)).toContain(VERSION);
  });

  test('the set of 0.1.0 holds every part the generator writes', () => {
    const s = readSet(join(UPGRADE_DIR, '0.1.0'));
    expect({
      state: s.stateFile.slice(s.dir.length),
      config: s.configDir.slice(s.dir.length),
      data: s.dataDir.slice(s.dir.length),
      change: !!s.changeDir,
      plans: [!!s.planJson, !!s.changePlanJson],
      imports: s.imports.map((i) => `${i.dir}:${i.format}`).sort(),
      apps: s.apps,
      token: s.token,
    }).toEqual({
      state: '/terraform/terraform.tfstate',
      config: '/terraform',
      data: '/data-dir',
      change: true,
      plans: [true, true],
      imports: ['import/cdktf:cdktf', 'import/hcl:hcl'],
      apps: [{ dir: 'cdktf-app', synthDir: 'cdktf-app/synth' }],
      token: 'full',
    });
    // Secrets in a set are fakes made for it: every stored one says so.
    const state = JSON.parse(readFileSync(s.stateFile, 'utf8')) as {
      resources: { type: string; instances: { attributes: Record<string, any> }[] }[];
    };
    const secrets = state.resources
      .filter((r) => r.type === 'uptime_monitor')
      .flatMap((r) => r.instances.map((i) => i.attributes))
      .flatMap((a) => [...(a.request_headers ?? []).map((h: any) => h.value), a.auth_config?.password])
      .filter((v) => typeof v === 'string');
    expect(secrets.length).toBeGreaterThan(0);
    for (const v of secrets) expect(v).toMatch(/FAKE/);
  });
});

describe('reading a set laid out by hand', () => {
  test('parts are found by what they are, wherever they sit', () => {
    write(tmp, {
      'main.tf': 'resource "uptime_monitor" "m" { url = "https://example.test/" }\n',
      'terraform.tfstate': '{}',
      'service/state.json': '{}',
      'out/hcl/.uptimectl-import.json': '{"format":"hcl"}',
      'app/main.ts': '',
      'app/synth/stacks/s/cdk.tf.json': '{}',
    });
    write(tmp, {
      'out/hcl/main.tf':
        'terraform {\n  required_providers {\n    uptime = {\n      source  = "uptime-monitoring/uptime"\n      version = "0.0.9"\n    }\n  }\n}\n',
    });
    const s = readSet(tmp);
    expect(s.version).toBe('0.0.9');
    const named = join(tmp, 'x', '0.3.1-review');
    write(named, { 'main.tf': '', 'terraform.tfstate': '{}', 'd/state.db': '' });
    expect(readSet(named).version).toBe('0.3.1');
    rmSync(join(tmp, 'x'), { recursive: true });
    expect({
      config: s.configDir,
      data: s.dataDir,
      imports: s.imports,
      apps: s.apps,
      importArgs: s.importArgs,
      change: s.changeDir,
    }).toEqual({
      config: tmp,
      data: join(tmp, 'service'),
      imports: [{ dir: 'out/hcl', format: 'hcl' }],
      apps: [{ dir: 'app', synthDir: 'app/synth' }],
      importArgs: ['--include-archived'],
      change: undefined,
    });
  });

  test('a missing or ambiguous part is named', () => {
    write(tmp, { 'a/terraform.tfstate': '{}', 'a/main.tf': '', 'b/terraform.tfstate': '{}' });
    expect(() => readSet(tmp)).toThrow(/expected one terraform\.tfstate, found a\/terraform\.tfstate, b\//);
    rmSync(join(tmp, 'b'), { recursive: true });
    expect(() => readSet(tmp)).toThrow(/expected one service data directory .*found none/);
    write(tmp, { 'a/d/state.db': '' });
    expect(() => readSet(tmp)).toThrow(/cannot tell which release made it/);
    write(tmp, { 'set.json': '{"version":"0.1.0"}' });
    write(tmp, { 'state/terraform.tfstate': '{}' });
    rmSync(join(tmp, 'a', 'terraform.tfstate'));
    // The state in a folder of its own, the configuration in another: found.
    expect(readSet(tmp).configDir).toBe(join(tmp, 'a'));
    write(tmp, { 'b/other.tf': '' });
    expect(() => readSet(tmp)).toThrow(/expected one folder of \*\.tf files .*found a, b/);
    rmSync(join(tmp, 'b'), { recursive: true });
    write(tmp, { 'intended-differences.json': '{"differences":[{"file":"x"}]}' });
    expect(() => readSet(tmp)).toThrow(/needs "file" and a "reason"/);
  });
});

describe('what the comparison ignores', () => {
  const plan = (o: { port: number; ts: string; version: string; usage: number; order: number[] }) =>
    JSON.stringify({
      format_version: '1.2',
      terraform_version: '1.11.4',
      timestamp: o.ts,
      prior_state: {
        terraform_version: '1.11.4',
        values: {
          root_module: {
            resources: [
              { address: 'data.uptime_usage.u', mode: 'data', values: { used: o.usage } },
              { address: 'uptime_monitor.m', mode: 'managed', values: { version: o.version } },
            ],
          },
        },
      },
      resource_drift: [
        {
          address: 'uptime_status_page.p',
          change: {
            before: { url: 'http://127.0.0.1:1111/public/status-pages/p' },
            after: { url: `http://127.0.0.1:${o.port}/public/status-pages/p` },
          },
        },
      ],
      relevant_attributes: o.order.map((i) => ({ resource: `r${i}`, attribute: [] })),
    });

  test('plan JSON: ports, timestamps, Terraform version, data sources, port-only drift, attribute order', () => {
    const n = { paths: [] };
    expect(
      normalizePlan(
        plan({ port: 2222, ts: '2026-01-01T00:00:00Z', version: 'v1', usage: 1, order: [1, 2] }),
        n,
      ),
    ).toBe(
      normalizePlan(
        plan({ port: 3333, ts: '2027-05-05T00:00:00Z', version: 'v1', usage: 9, order: [2, 1] }),
        n,
      ),
    );
  });

  test('plan JSON: a managed resource that reads back differently is a difference', () => {
    const n = { paths: [] };
    const a = normalizePlan(plan({ port: 1, ts: 't', version: 'v1', usage: 1, order: [] }), n);
    const b = normalizePlan(plan({ port: 1, ts: 't', version: 'v2', usage: 1, order: [] }), n);
    expect(a).not.toBe(b);
    expect(describeMismatch({ file: 'plan.json', expected: a, actual: b })).toMatch(
      /- +"version": "v1"\n.*\+ +"version": "v2"/s,
    );
  });

  test('text: loopback ports, temporary folders, the checkout and the provider version that wrote it', () => {
    const text = (root: string, port: number, v: string) =>
      `url = "http://127.0.0.1:${port}/v1" # ${root}/x, ${REPO_ROOT}/y\nversion = "${v}" other "^10.1.0" "^${v}"\n`;
    expect(normalizeText(text('/tmp/a', 1, '0.1.0'), { paths: ['/tmp/a'], providerVersion: '0.1.0' })).toBe(
      normalizeText(text('/tmp/bb', 2, '0.2.0'), { paths: ['/tmp/bb'], providerVersion: '0.2.0' }),
    );
    // Only the version as a whole: 10.1.0 is not 0.1.0.
    expect(normalizeText('"10.1.0" "0.1.0"', { paths: [], providerVersion: '0.1.0' })).toBe(
      '"10.1.0" "<provider-version>"',
    );
    // Other hosts keep their ports.
    expect(normalizeText('https://example.test:8443/', { paths: [] })).toBe('https://example.test:8443/');
  });

  test('synth output: the CDKTF library version, not the configuration', () => {
    const synth = (cdktf: string, timeout: number) =>
      JSON.stringify({
        '//': { metadata: { version: cdktf, stackName: 's' } },
        resource: { m: { timeout } },
      });
    const n = { paths: [] };
    expect(normalizeSynthFile('cdk.tf.json', synth('0.21.0', 1), n)).toBe(
      normalizeSynthFile('cdk.tf.json', synth('0.22.0', 1), n),
    );
    expect(normalizeSynthFile('cdk.tf.json', synth('0.21.0', 1), n)).not.toBe(
      normalizeSynthFile('cdk.tf.json', synth('0.21.0', 2), n),
    );
  });
});

describe('intended differences', () => {
  test('replacements apply to the stored text; one that no longer matches is reported', () => {
    const intended = [
      { file: 'a.tf', reason: 'r', replace: [{ from: 'old', to: 'new' }] },
      { file: 'b.tf', reason: 'r', replace: [{ from: 'gone', to: 'x' }] },
    ];
    expect(expectedText('a.tf', 'old old', intended)).toEqual({ text: 'new new', problems: [] });
    expect(expectedText('b.tf', 'text', intended).problems).toEqual([
      'b.tf: the intended replacement of "gone" no longer matches',
    ]);
  });

  test('a tree: an unexplained new, missing or changed file is a mismatch; intended ones are not', () => {
    write(tmp, {
      'set/set.json': '{"version":"0.1.0"}',
      'set/terraform.tfstate': '{}',
      'set/main.tf': '',
      'set/data/state.db': '',
      'set/out/kept.tf': 'same\n',
      'set/out/changed.tf': 'a = 1\n',
      'set/out/dropped.tf': 'x\n',
      'now/kept.tf': 'same\n',
      'now/changed.tf': 'a = 2\n',
      'now/added.tf': 'y\n',
    });
    const set = readSet(join(tmp, 'set'));
    const same = (_f: string, t: string) => t;
    expect(compareTree(set, 'out', join(tmp, 'now'), same).mismatches.map((m) => m.file)).toEqual([
      'out/added.tf',
      'out/changed.tf',
      'out/dropped.tf',
    ]);
    set.intended = [
      { file: 'out/added.tf', reason: 'new file', content: 'y\n' },
      { file: 'out/changed.tf', reason: 'new value', replace: [{ from: '1', to: '2' }] },
      { file: 'out/dropped.tf', reason: 'no longer written', absent: true },
    ];
    expect(compareTree(set, 'out', join(tmp, 'now'), same)).toEqual({ mismatches: [], problems: [] });
  });
});

describe('the change made for a set without change/', () => {
  const state = (resources: unknown[]) => JSON.stringify({ resources });
  const monitor = (name: string, timeouts: number[], archived = false) => ({
    mode: 'managed',
    type: 'uptime_monitor',
    name,
    instances: timeouts.map((t) => ({ attributes: { timeout_ms: t, archived } })),
  });

  test('a new timeout_ms on the first active uptime_monitor, different from every instance', () => {
    expect(
      changeFromState(
        state([
          monitor('b', [9000, 10000]),
          monitor('a', [1000], true),
          { ...monitor('c', [1]), mode: 'data' },
        ]),
      ),
    ).toBe('resource "uptime_monitor" "b" {\n  timeout_ms = 8000\n}\n');
    expect(() => changeFromState(state([monitor('a', [1000], true)]))).toThrow(
      /give the set a change\/ folder/,
    );
  });
});
