// `uptimectl import` of an account no one here named: every TypeScript keyword, names the generated code uses itself
// (scope, define, Uptime), digits first, only symbols, non-Latin scripts, emoji, names that differ only in case or
// punctuation, very long names, and names Terraform would evaluate if they were code (`${var.secret}`,
// `${file(…)}`, `%{ if … }`), with backslashes, quotes, line breaks and invisible characters. CDKTF: the app
// type-checks with tsc against the real package types (as a user's editor would) and `import --verify` (cdktf synth +
// terraform plan per stack) proves imports only. HCL: the same account with --verify. Then each applies its imports,
// and every name in state is the service's, byte for byte. Real Terraform against the local service.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { terraformAvailable, TerraformWorkspace } from '../helpers/terraform.js';
import { EMAIL_DEST_2, ServiceApi, testSeed } from '../provider/helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() || process.env.CI ? describe : describe.skip;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const KEYWORDS: string[] = [];
for (let k = ts.SyntaxKind.FirstKeyword; k <= ts.SyntaxKind.LastKeyword; k++) {
  const word = ts.tokenToString(k);
  if (word) KEYWORDS.push(word);
}
const NAMES = [
  ...KEYWORDS,
  'Class',
  'CLASS!',
  'class.',
  'Uptime',
  'uptime',
  'scope',
  'define',
  'importedMonitors',
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  '123 checkout',
  '404',
  '!!!',
  '@#$%',
  '日本語のモニター',
  'Проверка связи',
  '💥🔥',
  'École',
  'Ecole',
  `Very ${'long '.repeat(22)}name`,
  `Very ${'long '.repeat(22)}name!`,
  // Terraform template sequences: evaluated (an undeclared variable, a file read on the CI runner) unless escaped.
  '${var.secret}',
  '${file("/etc/hostname")}',
  '%{ if true }directive%{ endif }',
  '$${already escaped} %%{too}',
  '$$${x}',
  'back\\slash \\${x} "double" \'single\'',
  'tab\tand\nnewline',
  'separator\u2028bidi\u202eend',
];

let svc: RunningService;
let api: ServiceApi;
let ws: TerraformWorkspace;

function run(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env: ws.env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({
        code: err ? ((err as { code?: number }).code ?? 1) : 0,
        stdout: String(stdout),
        stderr: String(stderr),
      }),
    ),
  );
}

const uptimectl = (args: string[], cwd: string) =>
  run(process.execPath, [TSX, join(REPO_ROOT, 'src', 'cli', 'uptimectl.ts'), ...args], cwd);

/** Applies the imports in `dir` (already initialized by --verify) and returns monitor id → name from the state. */
async function importedNames(dir: string): Promise<Map<string, string>> {
  const apply = await run('terraform', ['apply', '-auto-approve', '-no-color', '-input=false'], dir);
  expect({ code: apply.code, err: apply.code ? apply.stderr.slice(-3000) : '' }).toEqual({
    code: 0,
    err: '',
  });
  expect(apply.stdout).toMatch(/Apply complete! Resources: \d+ imported, 0 added, 0 changed, 0 destroyed\./);
  const show = await run('terraform', ['show', '-json'], dir);
  const resources = JSON.parse(show.stdout).values.root_module.resources as {
    type: string;
    values: { id: string; name: string };
  }[];
  return new Map(
    resources.filter((r) => r.type === 'uptime_monitor').map((r) => [r.values.id, r.values.name]),
  );
}

/** Every monitor of the account, id → name, as the service holds it. */
async function serviceNames(): Promise<Map<string, string>> {
  return new Map((await api.listMonitors()).map((m) => [m.id as string, m.name as string]));
}

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 1000 }),
    logErrors: false,
    engine: false,
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  for (const [i, name] of NAMES.entries()) {
    const r = await api.call('POST', '/monitors', { name, url: `https://h${i}.hostile.example.com/` });
    if (r.status !== 201) throw new Error(`POST ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    if (i % 7 === 0) {
      const id = r.json.data.id as string;
      const s = await api.call('GET', `/monitors/${id}/alert-settings`);
      await api.call(
        'PATCH',
        `/monitors/${id}/alert-settings`,
        { channels: { email: true, sms: false }, destinationIds: { email: EMAIL_DEST_2, sms: null } },
        { 'if-match': `"${s.etag}"` },
      );
    }
  }
  ws = TerraformWorkspace.create({
    providerBundle: await buildProvider(REAL_PROVIDER_ENTRY),
    env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full, CHECKPOINT_DISABLE: '1' },
  });
}, HANG_GUARD_MS);
afterAll(async () => {
  if (!process.env.KEEP_E2E_DIR) ws?.dispose();
  await svc?.close();
});

describeTf('import of an account with hostile names', () => {
  const monitors = NAMES.length + 1; // and the seed's example monitor
  // Alert settings of every 7th monitor and the seed monitor's status page are imported too.
  const others = Math.ceil(NAMES.length / 7) + 1;

  test(
    'CDKTF: the generated app type-checks (tsc) and --verify (cdktf synth + plan) shows imports only',
    async () => {
      const out = join(ws.dir, 'cdktf');
      // The app's dependencies, as `npm install` in it would give them: this checkout and its cdktn, tsx, types.
      mkdirSync(join(out, 'node_modules'), { recursive: true });
      for (const dep of ['cdktn', 'constructs', '@types', '.bin'])
        symlinkSync(join(REPO_ROOT, 'node_modules', dep), join(out, 'node_modules', dep));
      symlinkSync(REPO_ROOT, join(out, 'node_modules', 'terraform-provider-uptime'));

      const r = await uptimectl(['import', '--out', out, '--format', 'cdktf', '--verify'], ws.dir);
      expect({ code: r.code, stderr: r.code ? r.stderr.slice(-3000) : '' }).toEqual({ code: 0, stderr: '' });
      expect(r.stdout).toContain(`Wrote ${monitors} uptime_monitor`);
      expect(r.stdout).toMatch(
        new RegExp(`Verified: monitors: ${monitors + others} to import, 0 to add, 0 to change, 0 to destroy`),
      );
      const code = readFileSync(join(out, 'imported-1.ts'), 'utf8');
      expect(code).toContain('const class_ = new UptimeMonitor(scope, "class", {');
      expect(code).toContain('const scope_ = new UptimeMonitor(scope, "scope", {');
      expect(code).toContain('new UptimeMonitor(scope, "uptime_2", {');
      expect(code).toContain('new UptimeMonitor(scope, "constructor_2", {');

      const tsc = await run(process.execPath, [TSC, '-p', join(out, 'tsconfig.json')], out);
      expect({ code: tsc.code, out: tsc.stdout.slice(0, 3000) }).toEqual({ code: 0, out: '' });
      // Written escaped (`$${`), so Terraform reads the text itself: nothing evaluated, every name byte for byte.
      expect(code).toContain('name: "$${var.secret}",');
      expect(code).toContain('name: "%%{ if true }directive%%{ endif }",');
      expect(await importedNames(join(out, 'cdktf.out', 'stacks', 'monitors'))).toEqual(await serviceNames());
    },
    HANG_GUARD_MS,
  );

  test(
    'HCL: the same account plans imports only (--verify)',
    async () => {
      const out = join(ws.dir, 'hcl');
      const r = await uptimectl(['import', '--out', out, '--verify'], ws.dir);
      expect({ code: r.code, stderr: r.code ? r.stderr.slice(-3000) : '' }).toEqual({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(
        new RegExp(`Verified: ${monitors + others} to import, 0 to add, 0 to change, 0 to destroy`),
      );
      const hcl = readFileSync(join(out, 'monitors.tf'), 'utf8');
      expect(hcl).toContain('resource "uptime_monitor" "class" {');
      expect(hcl).toContain('name             = "$${var.secret}"');
      expect(await importedNames(out)).toEqual(await serviceNames());
    },
    HANG_GUARD_MS,
  );
});
