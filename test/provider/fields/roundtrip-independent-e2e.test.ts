// Independent check of the monitor's nested blocks and secrets with real Terraform and the local service, from the
// resource docs, docs/api-decisions.md and the spec (the model in roundtrip-model.ts), not from the provider's field
// tables. Generated configurations (request headers stored / write-only with version / left out, names that differ
// only in case, null vs `[]` vs omitted; basic auth stored / write-only / left out, `type = "none"` vs null vs
// omitted; expiry blocks null vs disabled vs omitted; alert settings; status pages) go through:
// apply → the service holds every secret where it was put → plan empty, with and without refresh → import of every
// object (import blocks) → the plan updates exactly the monitors where the docs say import cannot read back → apply
// → plan empty → `uptimectl import` of the same monitors plans imports only → apply → plan empty → one change →
// apply → the service holds what the docs say → plan empty. No secret in any plan or apply output, in the data
// sources' state, in import output or generated files, in the provider's trace log, or in a refused plan's errors.
// ROUNDTRIP_RUNS (default 1: a run takes about a minute on two loaded cores; each CI run draws a new seed) and
// ROUNDTRIP_SEED replay a run; a failure prints fast-check's seed. Heavy: once per CI run (heavyE2eEnabled).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { createService, type RunningService } from '../../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../../helpers/build.js';
import {
  heavyE2eEnabled,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
} from '../../helpers/terraform.js';
import { HANG_GUARD_MS } from '../../helpers/wait.js';
import { ServiceApi, testSeed } from '../helpers.js';
import {
  SENTINEL,
  change,
  configHcl,
  expectedRemote,
  importShowsChange,
  monitorSpec,
  type MonitorSpec,
  type Remote,
} from './roundtrip-model.js';

const describeTf = terraformAvailable() && heavyE2eEnabled() ? describe : describe.skip;
const RUNS = Number(process.env.ROUNDTRIP_RUNS ?? 1);
const SEED = process.env.ROUNDTRIP_SEED ? Number(process.env.ROUNDTRIP_SEED) : undefined;
const TSX = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let svc: RunningService;
let api: ServiceApi;
let bundle: string;

beforeAll(async () => {
  svc = await createService({
    port: 0,
    seed: testSeed({ monitorCapacity: 1000 }),
    logErrors: false,
    engine: false,
  });
  api = new ServiceApi(svc, svc.tokens.full!);
  bundle = await buildProvider(REAL_PROVIDER_ENTRY);
}, HANG_GUARD_MS);
afterAll(async () => svc?.close());

/** What the service holds for a monitor, secrets in clear (its own store: the API never shows them). */
async function remoteOf(
  id: string,
): Promise<Omit<Remote, 'headers'> & { headers: { name: string; value: string | null }[] }> {
  const rec = (svc.store.state.monitors as Record<string, any>)[id];
  const alerts = (await api.call('GET', `/monitors/${id}/alert-settings`)).json.data;
  const page = (await api.call('GET', `/monitors/${id}/status-page`)).json.data;
  return {
    headers: rec.requestHeaders.map((h: any) => ({ name: h.name, value: h.value })),
    auth: { type: rec.auth.type, username: rec.auth.username, password: rec.auth.password },
    ssl: { enabled: rec.ssl.enabled, warnDays: rec.ssl.warnDays },
    domain: { enabled: rec.domain.enabled, warnDays: rec.domain.warnDays },
    alerts: { channels: alerts.channels, slow: alerts.slowResponseAlerts },
    page: {
      enabled: page.enabled,
      title: page.title ?? null,
      description: page.description ?? null,
      noindex: page.noindex,
      display: page.displayOptions,
    },
  };
}

const withoutIds = (r: Remote) => ({ ...r, headers: r.headers.map(({ name, value }) => ({ name, value })) });

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

function filesText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('.terraform'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

/** Every sentinel a text holds (secrets all contain SENTINEL followed by 10 hex digits). */
const leaks = (text: string) => text.match(new RegExp(`${SENTINEL}[0-9a-f]{10}`, 'g')) ?? [];

class Run {
  readonly ws: TerraformWorkspace;
  readonly log: string;
  readonly outputs: string[] = [];
  ids = new Map<string, string>();
  applied = new Map<string, { spec: MonitorSpec; remote: Remote; pageManaged: boolean }>();

  constructor(readonly name: string) {
    this.ws = TerraformWorkspace.create({
      providerBundle: bundle,
      env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
    });
    this.log = join(this.ws.dir, 'provider-trace.log');
    this.ws.write({ 'versions.tf': requiredProviders() });
  }

  private env(): NodeJS.ProcessEnv {
    return { ...this.ws.env, TF_LOG_PROVIDER: 'trace', TF_LOG_PATH: this.log };
  }

  async tf(args: string[], ok: number[] = [0]): Promise<{ code: number; out: string }> {
    const r = await run('terraform', [...args, '-no-color'], this.ws.workdir, this.env());
    this.outputs.push(r.out);
    if (!ok.includes(r.code))
      throw new Error(`terraform ${args.join(' ')} exited ${r.code}\n${r.out.slice(-6000)}`);
    return r;
  }

  write(specs: MonitorSpec[], page: boolean): void {
    const { main, tfvars } = configHcl(specs, { page, dataSource: true });
    this.ws.write({ 'main.tf': main, 'secrets.auto.tfvars.json': JSON.stringify(tfvars) });
  }

  /** Apply, then what the service holds must be what the docs say, and (unless `plan: false`) a plan must be empty
   *  with and without refresh. */
  async applyAndCheck(
    specs: MonitorSpec[],
    o: { page: boolean; stateKept: boolean; step: string; plan?: boolean },
  ): Promise<void> {
    this.write(specs, o.page);
    await this.tf(['apply', '-auto-approve']);
    const state = await this.ws.show();
    const resources: any[] = state.values?.root_module?.resources ?? [];
    for (const m of specs) {
      const id = resources.find((r) => r.address === `uptime_monitor.${m.key}`)!.values.id as string;
      this.ids.set(m.key, id);
      const prev = this.applied.get(m.key) ?? null;
      const pageManaged = o.page && m.page !== null;
      const want = expectedRemote(m, prev, { pageManaged, stateKept: o.stateKept });
      const got = await remoteOf(id);
      expect({ step: o.step, monitor: m.key, remote: got }).toEqual({
        step: o.step,
        monitor: m.key,
        remote: withoutIds(want),
      });
      this.applied.set(m.key, { spec: m, remote: want, pageManaged });
      // The data source (read after the apply: depends_on) shows whether each secret is saved, never the secret.
      const ds = resources.find((r) => r.address === `data.uptime_monitor.${m.key}`)!.values;
      expect(leaks(JSON.stringify(ds))).toEqual([]);
      expect({
        step: o.step,
        headers: ds.request_headers.map((h: any) => [h.name, h.value_set]),
        password: ds.auth_password_set,
      }).toEqual({
        step: o.step,
        headers: want.headers.map((h) => [h.name, h.value !== null]),
        password: want.auth.password !== null,
      });
    }
    if (o.plan !== false) await this.planEmpty(o.step);
  }

  async planEmpty(step: string): Promise<void> {
    for (const extra of [[], ['-refresh=false']]) {
      const p = await this.tf(['plan', '-detailed-exitcode', ...extra], [0, 2]);
      expect({ step, extra, code: p.code, out: p.code ? p.out.slice(-4000) : '' }).toEqual({
        step,
        extra,
        code: 0,
        out: '',
      });
    }
  }

  /** Sentinels in everything Terraform printed, the data sources' state and the provider's trace log. */
  leaked(): string[] {
    let log = '';
    try {
      log = readFileSync(this.log, 'utf8');
    } catch {
      /* no log */
    }
    return leaks([...this.outputs, log].join('\n'));
  }
}

describeTf('nested blocks and secrets round-trip with real terraform (independent)', () => {
  it(
    `${RUNS} generated configurations: apply, re-plan, import (terraform and uptimectl), change, re-plan`,
    async () => {
      const ids = { next: 1 };
      const runs = fc
        .tuple(fc.integer({ min: 1, max: 3 }), fc.stringMatching(/^[a-z0-9]{10}$/))
        .chain(([count, token]) =>
          fc.tuple(...Array.from({ length: count }, (_, i) => monitorSpec(token, i, ids))),
        )
        .chain((specs) =>
          fc.tuple(
            fc.constant(specs),
            fc.nat({ max: specs.length - 1 }).chain((i) => change(specs[i]!, ids).map((c) => ({ i, ...c }))),
          ),
        );
      await fc.assert(
        fc.asyncProperty(runs, async ([specs, mutation]) => {
          const tag = new URL(specs[0]!.url).hostname.split('-')[0]!;
          const r = new Run(tag);
          try {
            await r.tf(['init']);
            // Phase 1: monitors and alert settings; then each page is set up (the dashboard's step), then pages.
            // (No plan here: the next apply changes only pages, and its plans cover the monitors.)
            await r.applyAndCheck(specs, { page: false, stateKept: true, step: 'create', plan: false });
            for (const id of r.ids.values()) {
              const s = await api.admin('POST', `/monitors/${id}/status-page/setup`, {});
              expect(s.status).toBeLessThan(300);
            }
            await r.applyAndCheck(specs, { page: true, stateKept: true, step: 'pages' });

            // Import of every object (import blocks: the same import as `terraform import`, in one plan): the plan
            // imports them all and updates exactly the monitors where the docs say import cannot read back.
            const addresses = (await r.tf(['state', 'list'])).out
              .split('\n')
              .filter((a) => a && !a.startsWith('data.'));
            await r.tf(['state', 'rm', ...addresses]);
            r.ws.write({
              'imports.tf': addresses
                .map((a) => `import {\n  to = ${a}\n  id = "${r.ids.get(a.split('.')[1]!)!}"\n}\n`)
                .join(''),
            });
            const why = specs.flatMap((m) => importShowsChange(m).map((w) => `${m.key}: ${w}`));
            const shouldUpdate = specs
              .filter((m) => importShowsChange(m).length)
              .map((m) => `uptime_monitor.${m.key}`);
            const afterImport = await r.tf(['plan', '-detailed-exitcode'], [2]);
            const updated = [...afterImport.out.matchAll(/# (\S+) will be updated in-place/g)].map(
              (x) => x[1],
            );
            expect({ why, updated, summary: /Plan: .*/.exec(afterImport.out)?.[0] }).toEqual({
              why,
              updated: shouldUpdate,
              summary: `Plan: ${addresses.length} to import, 0 to add, ${shouldUpdate.length} to change, 0 to destroy.`,
            });
            await r.applyAndCheck(specs, { page: true, stateKept: false, step: 'after import' });
            rmSync(join(r.ws.workdir, 'imports.tf'));

            // uptimectl import of the same monitors: imports only, then empty.
            const out = join(r.ws.dir, 'imported');
            const gen = await run(
              process.execPath,
              [
                TSX,
                join(REPO_ROOT, 'src/cli/uptimectl.ts'),
                'import',
                '--out',
                out,
                '--id',
                [...r.ids.values()].join(','),
              ],
              r.ws.dir,
              r.ws.env,
            );
            r.outputs.push(gen.out);
            expect({ code: gen.code, out: gen.code ? gen.out : '' }).toEqual({ code: 0, out: '' });
            expect(leaks(filesText(out))).toEqual([]);
            const init = await run('terraform', ['init', '-no-color'], out, r.ws.env);
            expect(init.code).toBe(0);
            const imports = await run(
              'terraform',
              ['plan', '-detailed-exitcode', '-no-color'],
              out,
              r.ws.env,
            );
            r.outputs.push(imports.out);
            expect(imports.out).toMatch(/Plan: \d+ to import, 0 to add, 0 to change, 0 to destroy\./);
            const applied = await run('terraform', ['apply', '-auto-approve', '-no-color'], out, r.ws.env);
            r.outputs.push(applied.out);
            expect(applied.code).toBe(0);
            const again = await run('terraform', ['plan', '-detailed-exitcode', '-no-color'], out, r.ws.env);
            expect({ code: again.code, out: again.code ? again.out.slice(-4000) : '' }).toEqual({
              code: 0,
              out: '',
            });
            // The import changed nothing on the service.
            for (const m of specs)
              expect(await remoteOf(r.ids.get(m.key)!)).toEqual(withoutIds(r.applied.get(m.key)!.remote));

            // One change, applied: the service holds what the docs say, and the plan is empty again.
            const changed = specs.map((s, i) => (i === mutation.i ? mutation.spec : s));
            await r.applyAndCheck(changed, { page: true, stateKept: true, step: `change: ${mutation.what}` });

            // A refused plan names the attribute and never repeats the secret.
            const bad = changed.map((s) => ({ ...s }));
            const victim = bad[0]!;
            victim.auth = {
              form: 'basic',
              username: 'probe',
              secret: { kind: 'stored', value: `${SENTINEL}0123456789${'x'.repeat(1100)}`, literal: false },
            };
            r.write(bad, true);
            const refused = await r.tf(['plan'], [1]);
            expect(refused.out).toMatch(/auth_config\.password/);

            expect(r.leaked()).toEqual([]);
            // Write-only values never reach the state.
            const stateText = readFileSync(join(r.ws.workdir, 'terraform.tfstate'), 'utf8');
            for (const m of changed)
              if (m.headers.form === 'list')
                for (const h of m.headers.items)
                  if (h.secret.kind === 'wo') expect(stateText).not.toContain(h.secret.value);
          } catch (e) {
            throw new Error(
              `run ${tag}: ${(e as Error).message}\nconfiguration:\n${configHcl(specs, { page: true, dataSource: false }).main}\nchange: ${mutation.what}`,
            );
          } finally {
            if (!process.env.KEEP_E2E_DIR) r.ws.dispose();
            else process.stdout.write(`kept ${r.ws.dir}\n`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    HANG_GUARD_MS,
  );
});
