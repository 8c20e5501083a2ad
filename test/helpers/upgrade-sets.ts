// The frozen upgrade sets under test/fixtures/upgrade/ (one per release, never regenerated or deleted; README.md
// there): how a set is found and read, and how what the current code writes is compared with what the set keeps.
//
// A set is any folder directly under test/fixtures/upgrade/ except `template/` (what the next set is made from).
// Its parts are found by what they are, wherever they sit in the set, so a set laid out by hand reads too:
//   - the state: the one `terraform.tfstate`; the configuration: the `*.tf` files of its folder, else of the one
//     folder holding `*.tf` files (not `change/`, not an import output) (required). The provider is configured from
//     UPTIME_BASE_URL and UPTIME_API_TOKEN, which the test sets; this checkout's provider is installed under the
//     package's version and the set's, so a configuration pinning either resolves;
//   - the service's data directory: the folder holding `state.db` (or a legacy `state.json`) (required);
//   - `set.json` (optional): `version` (default: the version in the folder's name, else the provider version its
//     generated code pins), `token` (the name of the token to use; default `full`, else the first the service
//     lists), `adminKey`, `importArgs` (`uptimectl import` arguments besides the format, which the output's
//     manifest names; default `--include-archived`);
//   - `change/*.tf` (optional): override files of a small change, else the test makes one from the state;
//   - `plan.json`, `change-plan.json` (optional): `terraform show -json` of the no-change plan and of the change's plan;
//   - every folder holding `.uptimectl-import.json` (optional): what `uptimectl import` wrote, in the format that
//     manifest names;
//   - every folder holding `main.ts` and a `synth/` folder (optional): a CDKTF app and its synth output;
//   - `intended-differences.json` (optional): the differences from the current code that are intended, each with its
//     reason; the only file of a set that may change after it was made.
//
// What the comparison ignores, and nothing else (what truly depends on the run):
//   - the port of a loopback address (`//127.0.0.1:<port>`): the service listens on a free port each run;
//   - the run's temporary folders and the checkout's path;
//   - in plan JSON: `timestamp` and `terraform_version`; data sources in `prior_state` (live facts such as usage and
//     check results, read anew by every plan); drift entries whose before and after are equal once ports are
//     ignored (a status page's URL names the service's port); and the order of `relevant_attributes`, which
//     Terraform writes in no fixed order;
//   - in generated code and synth output: the provider version that wrote it (the set's version in the set, the
//     package's in the current output: generated code pins the provider it was written by), and the CDKTF library
//     version in synth metadata.
// Plan and synth JSON are compared as canonical JSON (sorted keys, two-space indent); every other file as text.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { REPO_ROOT } from './build.js';

export const UPGRADE_DIR = join(REPO_ROOT, 'test', 'fixtures', 'upgrade');
export const TEMPLATE_DIR = join(UPGRADE_DIR, 'template');
export const INTENDED_FILE = 'intended-differences.json';
export const DATA_DIR_FILES = ['state.db', 'state.json'] as const;

export interface ImportOutput {
  /** Relative to the set. */
  dir: string;
  format: 'hcl' | 'cdktf';
  cdk?: string;
}

export interface CdktfApp {
  /** Relative to the set: the app's folder (main.ts) and its synth output. */
  dir: string;
  synthDir: string;
}

export interface IntendedDifference {
  /** Path relative to the set, `/`-separated. */
  file: string;
  reason: string;
  /** Replacements made in the set's (normalized) text before comparing; each must still match. */
  replace?: { from: string; to: string }[];
  /** The current code no longer writes this file. */
  absent?: boolean;
  /** A file the current code writes that the set lacks: its expected (normalized) text. */
  content?: string;
  /** For a CDKTF app's main.ts: the type errors it now has against the current constructs. */
  typeErrors?: string[];
}

export interface UpgradeSet {
  name: string;
  dir: string;
  version: string;
  token?: string;
  adminKey?: string;
  importArgs: string[];
  stateFile: string;
  configDir: string;
  dataDir: string;
  changeDir?: string;
  planJson?: string;
  changePlanJson?: string;
  imports: ImportOutput[];
  apps: CdktfApp[];
  intended: IntendedDifference[];
}

/** The set folders, by name. */
export function setDirs(root = UPGRADE_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'template' && !e.name.startsWith('.'))
    .map((e) => join(root, e.name))
    .sort();
}

/** Every file below `dir` (relative, `/`-separated), without Terraform's and npm's working folders. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.terraform' || e.name === 'node_modules') continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

function only(what: string, found: string[], dir: string): string {
  if (found.length === 1) return found[0]!;
  throw new Error(
    `upgrade set ${dir}: expected one ${what}, found ${found.length ? found.join(', ') : 'none'} (layout: test/fixtures/upgrade/README.md)`,
  );
}

/**
 * The release that made a set without set.json: the version in its folder's name, else the provider version its
 * generated code pins.
 */
function versionOf(dir: string, files: string[]): string {
  const named = /\d+\.\d+\.\d+/.exec(basename(dir))?.[0];
  if (named) return named;
  const pin = [
    /source\s*=\s*"uptime-monitoring\/uptime"\s*\n\s*version\s*=\s*"([^"]+)"/,
    /"source":\s*"uptime-monitoring\/uptime",\s*"version":\s*"([^"]+)"/,
  ];
  for (const f of files.filter((x) => x.endsWith('.tf') || x.endsWith('.tf.json'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const re of pin) {
      const v = re.exec(text)?.[1];
      if (v && /^\d+\.\d+\.\d+/.test(v)) return v;
    }
  }
  throw new Error(
    `upgrade set ${dir}: cannot tell which release made it: name its folder after the version or give it set.json`,
  );
}

/** Reads a set's layout; throws naming what is missing or ambiguous. */
export function readSet(dir: string): UpgradeSet {
  const files = filesUnder(dir);
  const manifest = files.includes('set.json')
    ? (JSON.parse(readFileSync(join(dir, 'set.json'), 'utf8')) as Record<string, unknown>)
    : {};
  const state = only(
    'terraform.tfstate',
    files.filter((f) => basename(f) === 'terraform.tfstate'),
    dir,
  );
  const importDirs = files.filter((f) => basename(f) === '.uptimectl-import.json').map(dirname);
  const tfDirs = [...new Set(files.filter((f) => f.endsWith('.tf')).map(dirname))].filter(
    (d) => d !== 'change' && !importDirs.includes(d),
  );
  const configDir = tfDirs.includes(dirname(state))
    ? dirname(state)
    : only(`folder of *.tf files (none beside ${state})`, tfDirs, dir);
  const dataDir = only(
    'service data directory (a folder holding state.db or state.json)',
    [
      ...new Set(
        files.filter((f) => (DATA_DIR_FILES as readonly string[]).includes(basename(f))).map(dirname),
      ),
    ],
    dir,
  );
  const changeFiles = files.filter((f) => f.startsWith('change/') && f.endsWith('.tf'));
  const at = (name: string) => (files.includes(name) ? join(dir, name) : undefined);
  const imports = files
    .filter((f) => basename(f) === '.uptimectl-import.json')
    .map((f): ImportOutput => {
      const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { format: 'hcl' | 'cdktf'; cdk?: string };
      return { dir: dirname(f), format: m.format, ...(m.cdk ? { cdk: m.cdk } : {}) };
    });
  const apps = files
    .filter((f) => basename(f) === 'main.ts' && !importDirs.includes(dirname(f)))
    .map((f) => dirname(f))
    .filter((d) => files.some((f) => f.startsWith(`${d === '.' ? '' : `${d}/`}synth/`)))
    .map((d): CdktfApp => ({ dir: d, synthDir: d === '.' ? 'synth' : `${d}/synth` }));
  const intendedFile = at(INTENDED_FILE);
  const intended = intendedFile
    ? ((JSON.parse(readFileSync(intendedFile, 'utf8')) as { differences?: IntendedDifference[] })
        .differences ?? [])
    : [];
  for (const d of intended)
    if (!d.file || !d.reason?.trim())
      throw new Error(`upgrade set ${dir}: every entry of ${INTENDED_FILE} needs "file" and a "reason"`);
  return {
    name: basename(dir),
    dir,
    version: typeof manifest.version === 'string' ? manifest.version : versionOf(dir, files),
    ...(typeof manifest.token === 'string' ? { token: manifest.token } : {}),
    ...(typeof manifest.adminKey === 'string' ? { adminKey: manifest.adminKey } : {}),
    importArgs: Array.isArray(manifest.importArgs)
      ? (manifest.importArgs as string[])
      : ['--include-archived'],
    stateFile: join(dir, state),
    configDir: join(dir, configDir),
    dataDir: join(dir, dataDir),
    ...(changeFiles.length ? { changeDir: join(dir, 'change') } : {}),
    ...(at('plan.json') ? { planJson: at('plan.json')! } : {}),
    ...(at('change-plan.json') ? { changePlanJson: at('change-plan.json')! } : {}),
    imports,
    apps,
    intended,
  };
}

/** What a run substitutes: its temporary folders, and the provider version of each side. */
export interface Normalization {
  paths: string[];
  /** The version that wrote the text being normalized (generated code and synth output only). */
  providerVersion?: string;
}

const LOOPBACK_PORT = /(\/\/(?:127\.0\.0\.1|localhost|\[::1\])):\d+/g;

export function normalizeText(text: string, n: Normalization): string {
  let out = text;
  for (const p of [...n.paths, REPO_ROOT].sort((a, b) => b.length - a.length))
    out = out.split(p).join(p === REPO_ROOT ? '<repo>' : '<tmp>');
  out = out.replace(LOOPBACK_PORT, '$1:<port>');
  if (n.providerVersion) {
    const v = n.providerVersion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\w.])${v}(?![\\w.])`, 'g'), '<provider-version>');
  }
  return out;
}

/** JSON with keys sorted at every level, two-space indent, final newline. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

function withoutDataSources(module: any): void {
  if (!module) return;
  if (Array.isArray(module.resources))
    module.resources = module.resources.filter((r: { mode?: string }) => r.mode !== 'data');
  for (const child of module.child_modules ?? []) withoutDataSources(child);
}

/** `terraform show -json` of a plan, without what depends on the run (see the header). */
export function normalizePlan(text: string, n: Normalization): string {
  const plan = JSON.parse(normalizeText(text, { paths: n.paths }));
  delete plan.timestamp;
  delete plan.terraform_version;
  if (plan.prior_state) {
    delete plan.prior_state.terraform_version;
    withoutDataSources(plan.prior_state.values?.root_module);
  }
  if (Array.isArray(plan.resource_drift)) {
    plan.resource_drift = plan.resource_drift.filter(
      (d: { change: { before: unknown; after: unknown } }) =>
        canonicalJson(d.change.before) !== canonicalJson(d.change.after),
    );
    if (!plan.resource_drift.length) delete plan.resource_drift;
  }
  if (Array.isArray(plan.relevant_attributes))
    plan.relevant_attributes = plan.relevant_attributes
      .map((r: unknown) => canonicalJson(r))
      .sort()
      .map((r: string) => JSON.parse(r));
  return canonicalJson(plan);
}

/** A CDKTF synth output file: the CDKTF library version left out, the provider version substituted. */
export function normalizeSynthFile(file: string, text: string, n: Normalization): string {
  if (!file.endsWith('.json')) return normalizeText(text, n);
  const doc = JSON.parse(text);
  if (doc?.['//']?.metadata) delete doc['//'].metadata.version;
  if (basename(file) === 'manifest.json') delete doc.version;
  return normalizeText(canonicalJson(doc), n);
}

export interface Mismatch {
  file: string;
  expected: string | null;
  actual: string | null;
}

/**
 * Applies the set's intended differences for `file` to its normalized stored text (null: the set lacks it).
 * Returns the text the current code must write (null: none), and the problems with the entries themselves.
 */
export function expectedText(
  file: string,
  stored: string | null,
  intended: IntendedDifference[],
): { text: string | null; problems: string[] } {
  let text = stored;
  const problems: string[] = [];
  for (const d of intended.filter((x) => x.file === file)) {
    if (d.content !== undefined) {
      if (stored !== null) problems.push(`${file}: "content" is for a file the set lacks, but it has one`);
      text = d.content;
    }
    for (const r of d.replace ?? []) {
      if (text === null || !text.includes(r.from)) {
        problems.push(`${file}: the intended replacement of ${JSON.stringify(r.from)} no longer matches`);
        continue;
      }
      text = text.split(r.from).join(r.to);
    }
    if (d.absent) text = null;
  }
  return { text, problems };
}

/**
 * Compares a tree the current code wrote (`actualDir`) with the set's stored tree (`storedDir`, relative to the set):
 * every file on either side, normalized by `normalize(file, text, side)`, after the intended differences.
 */
export function compareTree(
  set: UpgradeSet,
  storedDir: string,
  actualDir: string,
  normalize: (file: string, text: string, side: 'stored' | 'actual') => string,
): { mismatches: Mismatch[]; problems: string[] } {
  const prefix = storedDir === '.' ? '' : `${storedDir}/`;
  const stored = existsSync(join(set.dir, storedDir)) ? filesUnder(join(set.dir, storedDir)) : [];
  const actual = existsSync(actualDir) ? filesUnder(actualDir) : [];
  const intendedHere = set.intended
    .filter((d) => d.file.startsWith(prefix))
    .map((d) => d.file.slice(prefix.length));
  const mismatches: Mismatch[] = [];
  const problems: string[] = [];
  for (const f of [...new Set([...stored, ...actual, ...intendedHere])].sort()) {
    const read = (root: string, side: 'stored' | 'actual') =>
      existsSync(join(root, f)) && statSync(join(root, f)).isFile()
        ? normalize(f, readFileSync(join(root, f), 'utf8'), side)
        : null;
    const e = expectedText(`${prefix}${f}`, read(join(set.dir, storedDir), 'stored'), set.intended);
    problems.push(...e.problems);
    const got = read(actualDir, 'actual');
    if (e.text !== got) mismatches.push({ file: `${prefix}${f}`, expected: e.text, actual: got });
  }
  return { mismatches, problems };
}

/** One file (plan JSON) compared the same way. */
export function compareFile(set: UpgradeSet, file: string, stored: string, actual: string): Mismatch[] {
  const e = expectedText(file, stored, set.intended);
  if (e.problems.length) throw new Error(e.problems.join('\n'));
  return e.text === actual ? [] : [{ file, expected: e.text, actual }];
}

/** The first differing lines of a mismatch, with a little context: enough to see what changed. */
export function describeMismatch(m: Mismatch, context = 4, maxHunks = 6): string {
  if (m.expected === null) return `${m.file}: written by the current code, not in the set`;
  if (m.actual === null) return `${m.file}: in the set, not written by the current code`;
  const a = m.expected.split('\n');
  const b = m.actual.split('\n');
  const out = [`${m.file}:`];
  let i = 0;
  let j = 0;
  let hunks = 0;
  while (i < a.length || j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++hunks > maxHunks) {
      out.push('  …');
      break;
    }
    // Resynchronise on the next line both sides share (a small window is enough to show the change).
    let di = 0;
    let dj = 0;
    search: for (let span = 1; span < 400; span++)
      for (let k = 0; k <= span; k++)
        if (i + k < a.length && j + span - k < b.length && a[i + k] === b[j + span - k]) {
          di = k;
          dj = span - k;
          break search;
        }
    if (di === 0 && dj === 0) {
      di = a.length - i;
      dj = b.length - j;
    }
    out.push(`  @@ line ${i + 1} (set) / ${j + 1} (current)`);
    for (const l of a.slice(Math.max(0, i - context), i)) out.push(`    ${l}`);
    for (const l of a.slice(i, i + di)) out.push(`  - ${l}`);
    for (const l of b.slice(j, j + dj)) out.push(`  + ${l}`);
    i += di;
    j += dj;
  }
  return out.join('\n');
}

/**
 * The small change for a set without change/*.tf, as a Terraform override file: a new `timeout_ms` on the first
 * root-module uptime_monitor resource (by name) whose instances are all active.
 */
export function changeFromState(stateText: string): string {
  const state = JSON.parse(stateText) as {
    resources: {
      mode: string;
      type: string;
      name: string;
      module?: string;
      instances: { attributes: { archived?: boolean; timeout_ms?: number } }[];
    }[];
  };
  const r = state.resources
    .filter((x) => x.mode === 'managed' && x.type === 'uptime_monitor' && !x.module)
    .filter((x) => x.instances.length && x.instances.every((i) => !i.attributes.archived))
    .sort((a, b) => (a.name < b.name ? -1 : 1))[0];
  if (!r) throw new Error('the state has no active uptime_monitor to change: give the set a change/ folder');
  const used = new Set(r.instances.map((i) => i.attributes.timeout_ms));
  const timeout = [9000, 8000, 7000, 6000].find((t) => !used.has(t))!;
  return `resource "uptime_monitor" "${r.name}" {\n  timeout_ms = ${timeout}\n}\n`;
}
