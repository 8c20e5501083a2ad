// An upgrade never changes a plan: for every frozen set under test/fixtures/upgrade/ (made by an earlier release; the
// layout and what the comparisons ignore are in test/helpers/upgrade-sets.ts), this checkout's provider, through real
// terraform, against `uptimectl service` opened on a copy of the set's data directory:
//   - plans the set's state with no change, with -refresh=false and, after the service clock moved 40 days and its
//     engine ran checks, incidents and alerts, with refresh; that plan's JSON is the stored one;
//   - `uptimectl import` writes the stored HCL and CDKTF, and the stored CDKTF app type-checks and synthesizes to the
//     stored output with the current constructs (or differs only as the set's intended-differences.json says);
//   - applies a small change (the set's change/*.tf, else one made from its state: in-place updates only), after
//     which plans are empty again.
// The set itself is never written: the service opens a copy, terraform works in a temporary folder.
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { installProvider } from '../../src/cli/provider-install.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { spawnService, stopServiceProcess } from '../helpers/service-process.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { letTimePass, synthApp, typeErrorsOfApp, uptimectlImport } from '../helpers/upgrade-run.js';
import {
  changeFromState,
  compareFile,
  compareTree,
  describeMismatch,
  filesUnder,
  normalizePlan,
  normalizeSynthFile,
  normalizeText,
  readSet,
  setDirs,
  type Mismatch,
  type UpgradeSet,
} from '../helpers/upgrade-sets.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
/** From the day a set was made to the day it is read, then three check intervals: every monitor is checked. */
const TIME_PASSES = [40 * 24 * 3600, 300, 300, 300];

/** A plan's output without its progress lines: what it would change. */
const planned = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => !/: (Refreshing state\.\.\.|Reading\.\.\.|Read complete after)/.test(l))
    .join('\n');

/** A part a set does not keep: said, never silently passed over. */
function notice(set: UpgradeSet, what: string): void {
  process.stdout.write(`NOTICE: upgrade set ${set.name} keeps ${what}\n`);
}

function expectSame(r: Mismatch[] | { mismatches: Mismatch[]; problems: string[] }): void {
  const { mismatches, problems } = Array.isArray(r) ? { mismatches: r, problems: [] } : r;
  expect([...problems, ...mismatches.map((m) => describeMismatch(m))]).toEqual([]);
}

function digest(dir: string): Record<string, string> {
  return Object.fromEntries(
    filesUnder(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}

const sets = setDirs();

test('there is an upgrade set to read', () => {
  expect(sets.length).toBeGreaterThan(0);
});

describeTf.each(sets.map((dir) => [basename(dir), dir]))('upgrade set %s', (_name, dir) => {
  let set: UpgradeSet;
  let scratch: string;
  let ws: TerraformWorkspace;
  let service: ReturnType<typeof spawnService> | undefined;
  let info: { baseUrl: string; adminUrl: string; adminKey: string; token: string };
  let storedData: Record<string, string>;
  /** What belongs to this run: its folders, and the provider version each side's generated code pins. */
  const run = (side?: 'stored' | 'actual') => ({
    paths: [scratch, ws.dir],
    ...(side ? { providerVersion: side === 'stored' ? set.version : VERSION } : {}),
  });

  beforeAll(async () => {
    set = readSet(dir);
    storedData = digest(set.dataDir);
    scratch = mkdtempSync(join(tmpdir(), 'upgrade-e2e-'));
    const dataDir = join(scratch, 'data-dir');
    cpSync(set.dataDir, dataDir, { recursive: true });
    service = spawnService(
      [
        '--port',
        '0',
        '--no-engine',
        '--data-dir',
        dataDir,
        ...(set.adminKey ? ['--admin-key', set.adminKey] : []),
      ],
      { stderr: 'pipe' },
    );
    const started = await service.info;
    const tokens = started.tokens;
    const token = tokens[set.token ?? 'full'] ?? Object.values(tokens)[0];
    if (!token) throw new Error(`the data directory of ${set.name} holds no token`);
    info = { baseUrl: started.baseUrl, adminUrl: started.adminUrl, adminKey: started.adminKey, token };
    const bundle = await buildProvider(REAL_PROVIDER_ENTRY);
    ws = TerraformWorkspace.create({
      providerBundle: bundle,
      version: VERSION,
      env: { UPTIME_BASE_URL: info.baseUrl, UPTIME_API_TOKEN: token },
    });
    // A configuration that pins the set's own version gets this checkout's provider under that number too.
    if (set.version !== VERSION && /^\d+\.\d+\.\d+/.test(set.version))
      installProvider({ dir: ws.dir, bundle, version: set.version });
    for (const f of readdirSync(set.configDir).filter((x) => x.endsWith('.tf')))
      copyFileSync(join(set.configDir, f), join(ws.workdir, f));
    copyFileSync(set.stateFile, join(ws.workdir, 'terraform.tfstate'));
    await ws.init();
  }, HANG_GUARD_MS);

  afterAll(async () => {
    await stopServiceProcess(service?.child);
    ws?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test(
    'plans no change without refresh',
    async () => {
      const plan = await ws.planHasChanges('-refresh=false');
      expect({ changes: plan.changes, output: plan.changes ? planned(plan.output) : '' }).toEqual({
        changes: false,
        output: '',
      });
    },
    HANG_GUARD_MS,
  );

  test(
    'after 40 days of checks, incidents and alerts, plans no change with refresh, and the plan JSON is the stored one',
    async () => {
      const { checked } = await letTimePass(info, TIME_PASSES);
      expect(checked).toBeGreaterThan(0);
      const plan = await ws.must(['plan', '-no-color', '-detailed-exitcode', '-out=noop.tfplan'], [0, 2]);
      expect({ code: plan.code, output: plan.code ? planned(plan.stdout) : '' }).toEqual({
        code: 0,
        output: '',
      });
      if (!set.planJson) return notice(set, 'no plan.json: the plan JSON is not compared');
      const json = (await ws.must(['show', '-json', 'noop.tfplan'])).stdout;
      const stored = normalizePlan(readFileSync(set.planJson, 'utf8'), run());
      expectSame(compareFile(set, 'plan.json', stored, normalizePlan(json, run())));
    },
    HANG_GUARD_MS,
  );

  test(
    'uptimectl import writes the stored HCL and CDKTF',
    async () => {
      if (!set.imports.length) notice(set, 'no uptimectl import output: import is not compared');
      const outs = await Promise.all(
        set.imports.map(async (imp, i) => {
          const out = join(scratch, `import-${i}`);
          const args = ['--format', imp.format, ...(imp.cdk ? ['--cdk', imp.cdk] : []), ...set.importArgs];
          await uptimectlImport(out, args, info);
          return out;
        }),
      );
      for (const [i, imp] of set.imports.entries()) {
        expectSame(compareTree(set, imp.dir, outs[i]!, (_f, text, side) => normalizeText(text, run(side))));
      }
    },
    HANG_GUARD_MS,
  );

  test(
    'the stored CDKTF app type-checks and synthesizes to the stored output with the current constructs',
    async () => {
      if (!set.apps.length) notice(set, 'no CDKTF app with a synth/ folder: synth is not compared');
      for (const [i, app] of set.apps.entries()) {
        const appDir = join(set.dir, app.dir);
        const main = `${app.dir === '.' ? '' : `${app.dir}/`}main.ts`;
        const intendedErrors = set.intended.find((d) => d.file === main)?.typeErrors ?? [];
        const out = join(scratch, `synth-${i}`);
        const [typeErrors] = await Promise.all([typeErrorsOfApp(appDir), synthApp(appDir, out)]);
        expect(typeErrors).toEqual(intendedErrors);
        expectSame(
          compareTree(set, app.synthDir, out, (f, text, side) => normalizeSynthFile(f, text, run(side))),
        );
      }
    },
    HANG_GUARD_MS,
  );

  test(
    'applies a small change (in-place updates only), then plans no change with and without refresh',
    async () => {
      if (set.changeDir) {
        for (const f of readdirSync(set.changeDir).filter((x) => x.endsWith('.tf')))
          copyFileSync(join(set.changeDir, f), join(ws.workdir, f));
      } else {
        notice(set, 'no change/ folder: the change is a new timeout_ms made from its state');
        writeFileSync(
          join(ws.workdir, 'upgrade_change_override.tf'),
          changeFromState(readFileSync(set.stateFile, 'utf8')),
        );
      }
      await ws.must(['plan', '-no-color', '-detailed-exitcode', '-out=change.tfplan'], [2]);
      const json = (await ws.must(['show', '-json', 'change.tfplan'])).stdout;
      const actions = (JSON.parse(json).resource_changes as { mode: string; change: { actions: string[] } }[])
        .filter((r) => r.mode === 'managed')
        .map((r) => r.change.actions.join('+'));
      expect([...new Set(actions)].filter((a) => a !== 'no-op' && a !== 'update')).toEqual([]);
      expect(actions).toContain('update');
      if (set.changePlanJson) {
        const stored = normalizePlan(readFileSync(set.changePlanJson, 'utf8'), run());
        expectSame(compareFile(set, 'change-plan.json', stored, normalizePlan(json, run())));
      }
      await ws.must(['apply', '-no-color', 'change.tfplan']);
      for (const refresh of ['-refresh=true', '-refresh=false']) {
        const plan = await ws.planHasChanges(refresh);
        expect({ refresh, output: plan.changes ? planned(plan.output) : '' }).toEqual({
          refresh,
          output: '',
        });
      }
    },
    HANG_GUARD_MS,
  );

  test('the set itself is left as it was (the service opened a copy)', () => {
    expect(digest(set.dataDir)).toEqual(storedData);
  });
});
